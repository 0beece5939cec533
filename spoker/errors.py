"""The errors of the spoker package: a few typed errors, as python-chess has.

Every one is a :class:`SpokerError`, a ``ValueError`` (through
:class:`shibumi.errors.ShibumiError`): a mistake in what was given, said in
one line that quotes it. Anything else raised from spoker is a bug.

- :class:`IllegalActionError`: a draw or placement the rules do not allow now
  (its :class:`Refusal` kind as an attribute);
- :class:`NotationError`: text in one of the formats that does not read
  (moves, rule names, state strings, records, suites, puzzles);
- :class:`ArgumentError`: a value outside what a function or command takes;
- :class:`StorageError`: a file that cannot be read, kept or written as it is;
- :class:`PluginError`: a plug-in (player or variant) that failed, named;
- :class:`WorkerError`: background work that was lost or stopped;
- :class:`PositionError`: a replay position outside the record.

The older names (``RulesError``, ``StateStringError``, ``RecordError``,
``MoveError``, ``PlayerError``) stay as aliases for code written against them.
"""

from __future__ import annotations

import enum

from shibumi.board import Blocked, Colour
from shibumi.cells import Cell
from shibumi.errors import ShibumiError


class SpokerError(ShibumiError):
    """Base class of every error raised by :mod:`spoker` for bad input."""


class Refusal(enum.Enum):
    """Why the rules refuse a draw or a placement now: the kinds the game
    distinguishes, asked in this order by ``GameState.refusal`` (the game's
    side) on top of :func:`shibumi.blocked` (the pyramid's). Their words,
    for people, are the narrator's (``spoker.text.narrator.refusal_text``);
    the values are short technical names for programs and logs."""

    GAME_OVER = "game over"
    ALREADY_DRAWN = "a ball is already drawn"
    NOT_DRAWN = "no ball is drawn"
    NO_BALL_LEFT = "none of that colour is left"
    TAKEN = "cell taken"
    UNSUPPORTED = "platform not full"

    @classmethod
    def of(cls, blocked: Blocked) -> Refusal:
        """The game's kind for the pyramid's (taken, unsupported)."""
        return cls.TAKEN if blocked is Blocked.TAKEN else cls.UNSUPPORTED


class IllegalActionError(SpokerError):
    """A draw or placement the rules do not allow now.

    ``refusal`` says which kind (None for an action that is no draw or
    placement at all: an interop action out of range, a takeback of nothing);
    ``cell`` and ``colour`` say what was refused (the colour is the one asked
    for, or the ball already drawn), so that callers word it with the
    narrator rather than read the sentence."""

    def __init__(
        self,
        message: str,
        refusal: Refusal | None = None,
        cell: Cell | None = None,
        colour: Colour | None = None,
    ) -> None:
        super().__init__(message)
        self.refusal = refusal
        self.cell = cell
        self.colour = colour


class NotationError(SpokerError):
    """Text that does not read: a move, a rule name, a state string, a
    record (``move_number`` and ``token`` say where), a suite, a puzzle."""

    def __init__(self, message: str, move_number: int | None = None, token: str | None = None):
        super().__init__(message)
        self.move_number = move_number
        self.token = token


class ArgumentError(SpokerError):
    """A value outside what a function or command takes (an effort, a size,
    a player's name or option, a number of games)."""


class StorageError(SpokerError):
    """A file that cannot be read, kept or written as it is (damaged, locked,
    in the way); ``path`` names it when known."""

    def __init__(self, message: str, path: str | None = None):
        super().__init__(message)
        self.path = path


class PluginError(SpokerError):
    """A plug-in's mistake (a player's illegal answer, a variant that fails),
    naming the plug-in: not the user's, not Spoker's."""

    def __init__(self, message: str, plugin: str | None = None):
        super().__init__(message)
        self.plugin = plugin


class WorkerError(SpokerError):
    """Background work lost (a worker process died) or stopped before it
    ended."""


class PositionError(SpokerError, IndexError):
    """A replay position outside the record (also an ``IndexError``)."""


# The older names, kept for code written against them.
RulesError = NotationError
StateStringError = NotationError
RecordError = NotationError
MoveError = NotationError
PlayerError = ArgumentError
