"""Notices: what a person is told that is not an error, as data.

A notice is made where the thing happens (a damaged file set aside, a game
open in another window, a header ignored, a file not written) with its kind,
its whole line and its short form; nothing downstream parses sentences.
:func:`tell` is the one routine that prints a notice's whole line on
standard error (:func:`tell_all` for several: it also picks the one a screen
shows); a window shows the short form.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO


class NoticeKind(enum.Enum):
    """What happened; a screen may choose by it (never by the words)."""

    SET_ASIDE = "set-aside"  # a damaged file was moved beside itself (or could not be)
    IN_USE = "in-use"  # another window holds the game: not autosaved here
    NOT_WRITTEN = "not-written"  # a file could not be written (disk full, no permission)
    IGNORED = "ignored"  # a part of an input was left out (a header, a setting)
    PLUGIN = "plugin"  # a plug-in failed and was left out
    INFO = "info"  # anything else worth a line


@dataclass(frozen=True)
class Notice:
    """One thing to tell: ``line`` whole (stderr), ``short`` for a screen
    (fits at 800x600), ``path`` the file concerned, if any."""

    kind: NoticeKind
    line: str
    short: str = ""
    path: str | None = None

    @property
    def screen(self) -> str:
        """The words for a screen: the short form, else the whole line."""
        return self.short or self.line

    @property
    def damaged(self) -> bool:
        """True if a damaged file is what this notice is about."""
        return self.kind is NoticeKind.SET_ASIDE


def tell(notice: Notice, stream: TextIO | None = None) -> None:
    """Print the notice's whole line, once, as ``spoker: LINE``."""
    print(f"spoker: {notice.line}", file=stream if stream is not None else sys.stderr)


def tell_all(notices: Iterable[Notice], stream: TextIO | None = None) -> Notice | None:
    """Tell each notice (:func:`tell`), in order; the one a screen with room
    for one line shows: the last about a damaged file, else the last (None:
    nothing to tell)."""
    shown: Notice | None = None
    for notice in notices:
        tell(notice, stream)
        if shown is None or notice.damaged or not shown.damaged:
            shown = notice
    return shown
