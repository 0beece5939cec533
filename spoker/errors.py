"""Exceptions of the spoker package: all are ``ValueError`` subclasses."""

from __future__ import annotations

from shibumi.errors import ShibumiError


class SpokerError(ShibumiError):
    """Base class of every error raised by :mod:`spoker` for bad input."""


class IllegalActionError(SpokerError):
    """A draw or placement the rules do not allow now (with the reason)."""


class RulesError(SpokerError):
    """An unknown rule variant name."""


class StateStringError(SpokerError):
    """A malformed or inconsistent state string."""


class RecordError(SpokerError):
    """A game record that cannot be read or replayed."""

    def __init__(self, message: str, move_number: int | None = None, token: str | None = None):
        super().__init__(message)
        self.move_number = move_number
        self.token = token


class PositionError(SpokerError, IndexError):
    """A replay position outside the record (also an ``IndexError``)."""


class MoveError(SpokerError):
    """A malformed move such as ``X@9Z9``."""
