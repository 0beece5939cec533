"""Exceptions of the shibumi package: all are ``ValueError`` subclasses.

Every message quotes the offending input (``repr``), so a one-line report on
a command line says what was wrong and where.
"""

from __future__ import annotations

import enum


class ShibumiError(ValueError):
    """Base class of every error raised by :mod:`shibumi` for bad input."""


class CellError(ShibumiError):
    """A cell name or index that names no cell of the pyramid."""


class ColourError(ShibumiError):
    """A colour that is not white, black or red (``W``, ``B``, ``R``)."""


class BoardStringError(ShibumiError):
    """A board string that is malformed or describes an impossible position."""


class PlacementError(ShibumiError):
    """A ball placed where it cannot go, or removed where it cannot be taken.

    ``blocked`` is the :class:`shibumi.board.Blocked` kind of a placement
    refused (None for a removal), so that a caller need not read the words."""

    def __init__(self, message: str, blocked: enum.Enum | None = None) -> None:
        super().__init__(message)
        self.blocked = blocked


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)``, cut short: a message quotes the input, not megabytes of it."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def expect(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Raise ``TypeError`` naming ``what`` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind):
        names = " or ".join(k.__name__ for k in (kind if isinstance(kind, tuple) else (kind,)))
        raise TypeError(f"{what} {shown(value)}: expected a {names}, not {type(value).__name__}")


def expect_mask(mask: object, what: str = "mask") -> int:
    """A bit mask of cells (an int of 30 bits); ``TypeError`` or :class:`CellError`."""
    if isinstance(mask, bool) or not isinstance(mask, int):
        raise TypeError(f"{what} {shown(mask)}: expected an int bit mask, not {type(mask).__name__}")
    if not 0 <= mask < 1 << 30:
        raise CellError(f"{what} {shown(mask)}: bits name cells 0..29 only")
    return mask
