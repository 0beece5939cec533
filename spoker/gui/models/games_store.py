"""My games (no window library): the records in the data folder's ``games/``.

Every finished game is kept there as a record (:func:`keep_game`, called by
:class:`spoker.gui.models.game_files.GameFiles` when a game ends), in the
record format of docs/formats.md: its headers say the rules, the players
(names and, for a computer, its level), the seed, the date and the result.
A file is written atomically (:func:`spoker.records.record.save_record`).

Bounded: the newest :data:`MAX_KEPT` games kept automatically (the files
named ``game-...``) stay, the oldest go first; records a person saved there
with the Save dialog are theirs and never removed. The screen lists at most
:data:`MAX_LISTED` files, the newest first.

Safe to damage: a file that does not read as a record (cut short, not
text, a move the rules refuse, a symbolic link) is set aside as the data
folder's other files are (:func:`spoker.gui.models.storage.set_aside`), one
notice saying where it went, and listed as damaged; never a crash.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from spoker.errors import SpokerError, StorageError
from spoker.gui.models.storage import DAMAGED, inside_data_folder, make_folder, set_aside
from spoker.notices import Notice, NoticeKind
from spoker.records.files import open_regular, read_bounded

if TYPE_CHECKING:
    from spoker.engine.state import GameState
    from spoker.records.record import GameRecord

FOLDER = "games"
"""The data folder's folder of records (the Save dialog proposes it too)."""
KEPT_PREFIX = "game-"
"""The name every automatically kept game starts with (the Save dialog's start ``spoker-``)."""
SUFFIX = ".txt"
MAX_KEPT = 200
"""Automatically kept games at most (some 1.5 KB each); the oldest go first."""
MAX_LISTED = 500
"""Files the screen lists at most, the newest first."""
PERSON = "person"  # a seat a person played (spoker.gui.models.controller.PERSON, read from a record)

WHAT = "a game of My games"
"""How the notices name a file."""


class Outcome(Enum):
    """How a game ended for the person who played it (one person's seat),
    else whether it was decided: what the result filter chooses by."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"
    DECIDED = "decided"  # won by a side: two people, or two computers
    UNFINISHED = "unfinished"


OUTCOME_WORDS = {
    Outcome.WON: "Won", Outcome.LOST: "Lost", Outcome.DRAWN: "Drawn",
    Outcome.DECIDED: "Won by a side", Outcome.UNFINISHED: "Unfinished",
}


@dataclass(frozen=True)
class GameEntry:
    """One file of ``games/``: a game (``record`` set) or a damaged file
    (``damaged`` says why; ``path`` where it is now)."""

    path: Path
    when: float  # the file's time (seconds since the epoch): newest first
    names: tuple[str, str] = ("", "")
    seats: tuple[str, str] = (PERSON, PERSON)
    moves: int = 0
    score: tuple[int, int] = (0, 0)
    winner: int | None = None  # 1 or 2; None: a draw, or not over
    over: bool = False
    straight_flush: bool = False
    damaged: str = ""
    record: GameRecord | None = field(default=None, compare=False, repr=False)

    @property
    def me(self) -> int | None:
        """The seat (1, 2) of the one person playing a computer; None else."""
        people = [i for i, seat in enumerate(self.seats, 1) if seat == PERSON]
        return people[0] if len(people) == 1 else None

    @property
    def outcome(self) -> Outcome:
        if not self.over:
            return Outcome.UNFINISHED
        if self.winner is None:
            return Outcome.DRAWN
        me = self.me
        if me is None:
            return Outcome.DECIDED
        return Outcome.WON if self.winner == me else Outcome.LOST

    @property
    def opponent(self) -> str:
        """Who the game was against: a computer's level (``Expert``), ``Two
        people``, or ``Two computers``: what the opponent filter chooses by."""
        computers = [seat for seat in self.seats if seat != PERSON]
        if not computers:
            return "Two people"
        if len(computers) == 2:
            return "Two computers"
        from spoker.players import level_label

        return level_label(computers[0])

    def date_text(self, today: datetime.date | None = None) -> str:
        """``18 Nov 21:34`` this year, ``18 Nov 2025`` before."""
        when = datetime.datetime.fromtimestamp(self.when)
        year = (today or datetime.date.today()).year
        return when.strftime("%d %b %H:%M" if when.year == year else "%d %b %Y")

    def players_text(self) -> str:
        a, b = self.names
        return f"{a} vs {b}"

    def result_text(self) -> str:
        """The result as the person reads it, their score first: ``Won 6-5``,
        ``Lost 4-7``, ``Drawn 6-6``; else the winner's first: ``Ann won 6-5``;
        ``Unfinished``; ``(straight flush)`` added."""
        outcome = self.outcome
        if outcome is Outcome.UNFINISHED:
            return "Unfinished"
        s1, s2 = self.score
        if (self.me or self.winner) == 2:
            s1, s2 = s2, s1
        how = " (straight flush)" if self.straight_flush else ""
        if outcome is Outcome.DECIDED:
            assert self.winner is not None
            a, b = self.names
            who = self.names[self.winner - 1] if a != b else f"Player {self.winner}"  # one name twice: the seat
            return f"{who} won {s1}-{s2}{how}"
        return f"{OUTCOME_WORDS[outcome]} {s1}-{s2}{how}"

    def length_text(self) -> str:
        return str(self.moves)


def games_dir(data_folder: Path) -> Path:
    return data_folder / FOLDER


def keep_game(data_folder: Path, record: GameRecord, target: Path) -> Path:
    """Write ``record`` to ``target`` (a file of ``games/``), atomically, never
    through a symbolic link; then drop the oldest kept games beyond
    :data:`MAX_KEPT`. OSError or StorageError if it cannot be written."""
    from spoker.records.record import save_record

    inside_data_folder(target, data_folder)
    make_folder(target.parent)
    save_record(target, record)
    prune(target.parent, keep=target)
    return target


def prune(folder: Path, keep: Path | None = None, limit: int = MAX_KEPT) -> list[Path]:
    """Remove the oldest automatically kept games beyond ``limit`` (never
    ``keep``, the one just written); the files removed."""
    try:
        kept = sorted(p for p in folder.iterdir() if _is_kept(p.name) and p != keep)
    except OSError:
        return []
    room = limit - (1 if keep is not None else 0)
    gone = kept[:max(0, len(kept) - room)]
    for path in gone:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
    return gone


def _is_kept(name: str) -> bool:
    return name.startswith(KEPT_PREFIX) and name.endswith(SUFFIX)


def read_entry(path: Path, when: float) -> GameEntry:
    """The game in ``path``; StorageError (the reason) if it is not one."""
    from spoker.engine.events import End
    from spoker.records.record import decode_record

    try:
        with open_regular(path, no_links=True) as f:
            data = read_bounded(f, text=True)
        record = decode_record(data)
        state: GameState = record.play()
    except StorageError as err:
        raise StorageError(_without_path(err), str(path)) from None
    except (OSError, ValueError, SpokerError) as err:
        reason = getattr(err, "strerror", None) or str(err)
        raise StorageError(reason, str(path)) from None
    h = record.headers
    names = (h.get("Player1", "Player 1"), h.get("Player2", "Player 2"))
    seats = (h.get("Player1Type", PERSON), h.get("Player2Type", PERSON))
    return GameEntry(path, when, names, seats, len(record.moves), state.score, state.winner, state.is_over,
                     state.end == End.STRAIGHT_FLUSH, record=record)


def _without_path(err: StorageError) -> str:
    text, named = str(err), f"{err.path!r} "
    return text[len(named):] if err.path is not None and text.startswith(named) else text


class MyGames:
    """The games of ``games/`` in ``data_folder`` (None: none), read on
    :meth:`refresh`, newest first; each file read once while it is unchanged.
    ``writable`` False (a screenshot) never moves or deletes a file."""

    def __init__(self, data_folder: Path | None, writable: bool = True) -> None:
        self.data_folder = data_folder
        self.writable = writable
        self.entries: list[GameEntry] = []
        self.notices: list[Notice] = []
        self._read: dict[tuple[str, int, int], GameEntry] = {}  # (name, mtime_ns, size) -> its entry

    @property
    def folder(self) -> Path | None:
        return None if self.data_folder is None else games_dir(self.data_folder)

    def refresh(self) -> list[GameEntry]:
        """Read the folder again: the games, newest first, damaged files set aside and listed."""
        folder = self.folder
        self.entries = []
        if folder is None or self.data_folder is None:
            return self.entries
        try:
            inside_data_folder(folder, self.data_folder)
            found = [(p, p.lstat()) for p in folder.iterdir() if _listed(p.name)]
        except FileNotFoundError:
            return self.entries
        except (OSError, StorageError) as err:
            reason = getattr(err, "strerror", None) or str(err)
            self.notices.append(Notice(NoticeKind.INFO, f"cannot list My games in {str(folder)!r}: {reason}",
                                       "Cannot list My games (see the terminal)", str(folder)))
            return self.entries
        found.sort(key=lambda item: (item[1].st_mtime, item[0].name), reverse=True)
        seen = {}
        for path, st in found[:MAX_LISTED]:
            key = (path.name, st.st_mtime_ns, st.st_size)
            entry = self._read.get(key) or self._entry(path, st.st_mtime)
            seen[key] = entry
            self.entries.append(entry)
        self._read = {k: e for k, e in seen.items() if not e.damaged or DAMAGED in e.path.name}
        return self.entries

    def _entry(self, path: Path, when: float) -> GameEntry:
        if DAMAGED in path.name:
            return GameEntry(path, when, damaged="set aside earlier: it did not read as a game")
        try:
            return read_entry(path, when)
        except StorageError as err:
            reason = str(err)
        if not self.writable:
            return GameEntry(path, when, damaged=reason)
        notice = set_aside(path, WHAT, reason)
        self.notices.append(notice)
        where = Path(notice.path) if notice.path is not None else path
        return GameEntry(where, when, damaged=reason)

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        out, self.notices = self.notices, []
        return out

    # -- what the screen asks ------------------------------------------------------
    def opponents(self) -> list[str]:
        """The opponents of the games listed, in the order first met (newest first)."""
        return list(dict.fromkeys(e.opponent for e in self.entries if not e.damaged))

    def outcomes(self) -> list[Outcome]:
        """The outcomes of the games listed, in :class:`Outcome`'s order."""
        present = {e.outcome for e in self.entries if not e.damaged}
        return [o for o in Outcome if o in present]

    def filtered(self, opponent: str = "", outcome: Outcome | None = None) -> list[GameEntry]:
        """The entries of ``opponent`` ("" any) and ``outcome`` (None any);
        a damaged file shows only when no filter is set."""
        if not opponent and outcome is None:
            return list(self.entries)
        return [e for e in self.entries if not e.damaged and (not opponent or e.opponent == opponent)
                and (outcome is None or e.outcome == outcome)]

    def delete(self, entry: GameEntry) -> None:
        """Delete a game's file (the person asked, and confirmed); OSError if it cannot be."""
        if not self.writable:
            raise StorageError(f"{str(entry.path)!r}: this window does not change the data folder", str(entry.path))
        try:
            entry.path.unlink()
        except FileNotFoundError:
            pass
        self.entries = [e for e in self.entries if e.path != entry.path]


def _listed(name: str) -> bool:
    """A record (``.txt``), or one set aside from there; never a hidden or temporary file."""
    if name.startswith("."):
        return False
    return name.endswith(SUFFIX) or f"{SUFFIX}{DAMAGED}" in name


__all__ = [
    "FOLDER", "KEPT_PREFIX", "MAX_KEPT", "MAX_LISTED", "OUTCOME_WORDS", "GameEntry", "MyGames", "Outcome",
    "games_dir", "keep_game", "prune", "read_entry",
]
