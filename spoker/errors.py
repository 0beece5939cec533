"""The errors of the spoker package: a few typed errors, as python-chess has.

Every one is a :class:`SpokerError`, a ``ValueError`` (through
:class:`shibumi.errors.ShibumiError`): a mistake in what was given, said in
one line that quotes it. Anything else raised from spoker is a bug.

- :class:`IllegalActionError`: a draw or placement the rules do not allow now;
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

from shibumi.errors import ShibumiError


class SpokerError(ShibumiError):
    """Base class of every error raised by :mod:`spoker` for bad input."""


class IllegalActionError(SpokerError):
    """A draw or placement the rules do not allow now (with the reason)."""


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
