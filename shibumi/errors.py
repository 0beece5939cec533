"""Exceptions of the shibumi package: all are ``ValueError`` subclasses.

Every message quotes the offending input (``repr``), so a one-line report on
a command line says what was wrong and where.
"""

from __future__ import annotations


class ShibumiError(ValueError):
    """Base class of every error raised by :mod:`shibumi` for bad input."""


class CellError(ShibumiError):
    """A cell name or index that names no cell of the pyramid."""


class ColourError(ShibumiError):
    """A colour that is not white, black or red (``W``, ``B``, ``R``)."""


class BoardStringError(ShibumiError):
    """A board string that is malformed or describes an impossible position."""


class PlacementError(ShibumiError):
    """A ball placed where it cannot go, or removed where it cannot be taken."""
