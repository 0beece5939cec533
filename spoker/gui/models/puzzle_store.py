"""What the Puzzles screen keeps in the data folder (no window library).

``puzzles.json``: the person's puzzle rating (Glicko-2,
:mod:`spoker.gui.models.puzzle_rating`), the streak and the best streak,
how many were tried and solved, and the puzzles seen last (so a solved one
does not come back soon). ``puzzles-mine.json``: the puzzles found in the
person's records ("Puzzles from my games"), under each record's key (its
rules and moves), so a record is searched once.

Both are :class:`~spoker.gui.models.kept_file.KeptFile` s: written
atomically and merged under a lock with what another window kept meanwhile;
a file that cannot be used as it is (not JSON, ``null``, another format, a
value of the wrong kind) is moved aside with one notice and the screen starts
afresh; a file that cannot be written says so once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from spoker.errors import SpokerError, StorageError
from spoker.gui.models.kept_file import KeptFile
from spoker.gui.models.puzzle_rating import HIGHEST, LOWEST, Rating
from spoker.notices import Notice
from spoker.records.puzzles import Puzzle, format_puzzle, parse_puzzle

FILENAME = "puzzles.json"
MINE_FILENAME = "puzzles-mine.json"
FORMAT = "spoker-puzzles-1"
MINE_FORMAT = "spoker-puzzles-mine-1"
MAX_RECENT = 300
"""Puzzles remembered as seen, the newest last."""
MAX_RECORDS = 400
"""Records whose puzzles are kept (the oldest go first)."""
MAX_BYTES = 1024 * 1024
WHAT = "the puzzles' progress file"
MINE_WHAT = "the file of puzzles from your games"


class PuzzleProgress(NamedTuple):
    """The person's puzzle rating and record."""

    rating: Rating = Rating()
    streak: int = 0
    best_streak: int = 0
    tried: int = 0
    solved: int = 0
    recent: tuple[str, ...] = ()
    """State strings of the puzzles seen, oldest first (at most :data:`MAX_RECENT`)."""


def progress_json(progress: PuzzleProgress) -> dict[str, object]:
    r = progress.rating
    return {
        "format": FORMAT, "rating": r.rating, "deviation": r.deviation, "volatility": r.volatility,
        "streak": progress.streak, "best_streak": progress.best_streak, "tried": progress.tried,
        "solved": progress.solved, "recent": list(progress.recent[-MAX_RECENT:]),
    }


def _number(data: dict[str, object], name: str, low: float, high: float) -> float:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not low <= value <= high:
        raise StorageError(f"{name!r} is {value!r}, not a number from {low:g} to {high:g}")
    return float(value)


def _count(data: dict[str, object], name: str) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StorageError(f"{name!r} is {value!r}, not a count")
    return value


def progress_from(data: object) -> PuzzleProgress:
    """The progress a file's JSON holds; :class:`StorageError` saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StorageError(f"not a {FORMAT} file")
    rating = Rating(*(_number(data, name, low, high) for name, low, high in zip(Rating._fields, LOWEST, HIGHEST)))
    recent = data.get("recent")
    if not isinstance(recent, list) or not all(isinstance(s, str) and len(s) < 200 for s in recent):
        raise StorageError("'recent' is not a list of state strings")
    tried, solved = _count(data, "tried"), _count(data, "solved")
    streak, best = _count(data, "streak"), _count(data, "best_streak")
    if solved > tried or streak > best:
        raise StorageError(f"solved {solved} of {tried}, streak {streak} of best {best}: not possible")
    return PuzzleProgress(rating, streak, best, tried, solved, tuple(recent[-MAX_RECENT:]))


def _json_text(data: dict[str, object]) -> str:
    return json.dumps(data, indent=1) + "\n"


class ProgressStore:
    """The person's :class:`PuzzleProgress`, in ``path`` (None: this session only)."""

    def __init__(self, path: Path | None) -> None:
        self.file = KeptFile(path, WHAT, lambda data: (progress_from(data), ""),
                             lambda p: _json_text(progress_json(p)), PuzzleProgress, limit=MAX_BYTES)
        self.progress = self._base = self.file.read()

    @property
    def path(self) -> Path | None:
        return self.file.path

    def keep(self, progress: PuzzleProgress) -> None:
        """The new progress, written at once, merged with what another window
        kept since this one last read or wrote (:func:`merged_progress`); a
        failure is one notice, never an exception."""
        mine = progress._replace(recent=progress.recent[-MAX_RECENT:])
        self.progress = self._base = self.file.keep(mine, lambda disk, new: merged_progress(disk, self._base, new))

    @property
    def notices(self) -> list[Notice]:
        """The notices not yet told, left to tell."""
        return self.file.notices

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        return self.file.take_notices()


def merged_progress(disk: PuzzleProgress, base: PuzzleProgress, mine: PuzzleProgress) -> PuzzleProgress:
    """This window's progress ``mine`` (from ``base``, what it last read or
    wrote) merged with ``disk``, what the file holds now (another window's
    tries since): the tries and solves of both (the file's, plus this
    window's since ``base``), the newest rating and streak (this window's:
    it is the try just made), the best streak of either, the puzzles seen by
    both (this window's last)."""
    tried = disk.tried + max(0, mine.tried - base.tried)
    solved = min(tried, disk.solved + max(0, mine.solved - base.solved))
    best = max(disk.best_streak, mine.best_streak, mine.streak)
    recent = tuple(dict.fromkeys(s for s in (*disk.recent, *mine.recent)))
    return PuzzleProgress(mine.rating, mine.streak, best, tried, solved, recent[-MAX_RECENT:])


def record_key(rules: str, moves: Sequence[object]) -> str:
    """What a record's puzzles depend on: its rules and its moves."""
    return f"{rules} {' '.join(str(m) for m in moves)}"


class MineStore:
    """The puzzles found in the person's records, by record key."""

    def __init__(self, path: Path | None) -> None:
        self.file = KeptFile(path, MINE_WHAT, lambda data: (mine_from(data), ""), _mine_text, dict, limit=MAX_BYTES)
        self.records: dict[str, tuple[Puzzle, ...]] = self.file.read()

    @property
    def path(self) -> Path | None:
        return self.file.path

    def find(self, key: str) -> tuple[Puzzle, ...] | None:
        return self.records.get(key)

    def keep(self, key: str, puzzles: Sequence[Puzzle]) -> None:
        """A record's puzzles (the newest now), written at once with the
        records another window kept meanwhile, the oldest records dropped."""
        self.records.pop(key, None)
        self.records[key] = tuple(puzzles)
        self.records = self.file.keep(_newest(self.records), lambda disk, mine: _newest({**disk, **mine}))

    def puzzles(self) -> list[Puzzle]:
        """Every puzzle found, each position once, the newest record's last."""
        seen: dict[str, Puzzle] = {}
        for found in self.records.values():
            for p in found:
                seen.setdefault(p.state, p)
        return list(seen.values())

    @property
    def notices(self) -> list[Notice]:
        """The notices not yet told, left to tell."""
        return self.file.notices

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        return self.file.take_notices()


def _newest(records: dict[str, tuple[Puzzle, ...]]) -> dict[str, tuple[Puzzle, ...]]:
    """The last :data:`MAX_RECORDS` records (the newest last)."""
    return dict(list(records.items())[-MAX_RECORDS:])


def _mine_text(records: dict[str, tuple[Puzzle, ...]]) -> str:
    return _json_text({"format": MINE_FORMAT, "records": {k: [format_puzzle(p) for p in v] for k, v in records.items()}})


def mine_from(data: object) -> dict[str, tuple[Puzzle, ...]]:
    """The records' puzzles a file's JSON holds; :class:`StorageError` saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") != MINE_FORMAT or not isinstance(data.get("records"), dict):
        raise StorageError(f"not a {MINE_FORMAT} file")
    out: dict[str, tuple[Puzzle, ...]] = {}
    for key, lines in data["records"].items():  # type: ignore[union-attr]
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            raise StorageError(f"record {key[:60]!r}: not a list of puzzle lines")
        found = []
        for line in lines:
            try:
                puzzle = parse_puzzle(line)
            except SpokerError as err:
                raise StorageError(str(err)) from None
            if puzzle is not None:
                found.append(puzzle)
        out[key] = tuple(found)
    return out


def progress_path(folder: Path | None) -> Path | None:
    return None if folder is None else folder / FILENAME


def mine_path(folder: Path | None) -> Path | None:
    return None if folder is None else folder / MINE_FILENAME


__all__ = [
    "FILENAME", "MINE_FILENAME", "MineStore", "ProgressStore", "PuzzleProgress", "merged_progress", "mine_from", "mine_path",
    "progress_from", "progress_json", "progress_path", "record_key",
]
