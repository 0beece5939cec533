"""What the Puzzles screen keeps in the data folder (no window library).

``puzzles.json``: the person's puzzle rating (Glicko-2,
:mod:`spoker.gui.models.puzzle_rating`), the streak and the best streak,
how many were tried and solved, and the puzzles seen last (so a solved one
does not come back soon). ``puzzles-mine.json``: the puzzles found in the
person's records ("Puzzles from my games"), under each record's key (its
rules and moves), so a record is searched once.

Both follow the data folder's rules (:mod:`spoker.gui.models.storage`):
written atomically; a file that cannot be used as it is (not JSON, another
format, a value of the wrong kind) is moved aside with one notice and the
screen starts afresh; a file that cannot be written says so once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from spoker.errors import SpokerError, StorageError
from spoker.gui.models.puzzle_rating import Rating
from spoker.gui.models.storage import read_json, set_aside, write_atomic
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


class Progress(NamedTuple):
    """The person's puzzle rating and record."""

    rating: Rating = Rating()
    streak: int = 0
    best_streak: int = 0
    tried: int = 0
    solved: int = 0
    recent: tuple[str, ...] = ()
    """State strings of the puzzles seen, oldest first (at most :data:`MAX_RECENT`)."""


def progress_json(progress: Progress) -> dict[str, object]:
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


def progress_from(data: object) -> Progress:
    """The progress a file's JSON holds; :class:`StorageError` saying what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StorageError(f"not a {FORMAT} file")
    rating = Rating(_number(data, "rating", -5000, 10000), _number(data, "deviation", 1, 1000),
                    _number(data, "volatility", 1e-6, 5))
    recent = data.get("recent")
    if not isinstance(recent, list) or not all(isinstance(s, str) and len(s) < 200 for s in recent):
        raise StorageError("'recent' is not a list of state strings")
    tried, solved = _count(data, "tried"), _count(data, "solved")
    streak, best = _count(data, "streak"), _count(data, "best_streak")
    if solved > tried or streak > best:
        raise StorageError(f"solved {solved} of {tried}, streak {streak} of best {best}: not possible")
    return Progress(rating, streak, best, tried, solved, tuple(recent[-MAX_RECENT:]))


class _JsonFile:
    """A JSON file of the data folder, read once: its notices, written atomically."""

    what = ""

    def __init__(self, path: Path | None, notices: list[str] | None = None) -> None:
        self.path = path
        self.notices: list[str] = notices if notices is not None else []
        self._write_failed = False

    def _read(self) -> object | None:
        """The file's JSON (None: no file, or a damaged one set aside)."""
        if self.path is None:
            return None
        try:
            return read_json(self.path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except StorageError as err:
            self._set_aside(str(err))
            return None

    def _set_aside(self, reason: str) -> None:
        assert self.path is not None
        self.notices.append(set_aside(self.path, self.what, reason).line)

    def _write(self, data: dict[str, object]) -> None:
        import json

        if self.path is None:
            return
        try:
            write_atomic(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as err:
            if not self._write_failed:
                self.notices.append(f"cannot keep {self.what} in {str(self.path)!r}: {err.strerror or err}")
            self._write_failed = True
        else:
            self._write_failed = False

    def take_notices(self) -> list[str]:
        """The notices not yet told (each is told once)."""
        out = list(self.notices)
        self.notices.clear()
        return out


class ProgressStore(_JsonFile):
    """The person's :class:`Progress`, in ``path`` (None: this session only)."""

    what = WHAT

    def __init__(self, path: Path | None, notices: list[str] | None = None) -> None:
        super().__init__(path, notices)
        self.progress = Progress()
        data = self._read()
        if data is not None:
            try:
                self.progress = progress_from(data)
            except StorageError as err:
                self._set_aside(str(err))

    def keep(self, progress: Progress) -> None:
        """The new progress, written at once (a failure is one notice, never an exception)."""
        self.progress = progress._replace(recent=progress.recent[-MAX_RECENT:])
        self._write(progress_json(self.progress))


def record_key(rules: str, moves: Sequence[object]) -> str:
    """What a record's puzzles depend on: its rules and its moves."""
    return f"{rules} {' '.join(str(m) for m in moves)}"


class MineStore(_JsonFile):
    """The puzzles found in the person's records, by record key."""

    what = MINE_WHAT

    def __init__(self, path: Path | None, notices: list[str] | None = None) -> None:
        super().__init__(path, notices)
        self.records: dict[str, tuple[Puzzle, ...]] = {}
        data = self._read()
        if data is not None:
            try:
                self.records = mine_from(data)
            except StorageError as err:
                self._set_aside(str(err))

    def find(self, key: str) -> tuple[Puzzle, ...] | None:
        return self.records.get(key)

    def keep(self, key: str, puzzles: Sequence[Puzzle]) -> None:
        """A record's puzzles (the newest now), written at once, the oldest records dropped."""
        self.records.pop(key, None)
        self.records[key] = tuple(puzzles)
        while len(self.records) > MAX_RECORDS:
            del self.records[next(iter(self.records))]
        self._write({"format": MINE_FORMAT,
                     "records": {k: [format_puzzle(p) for p in v] for k, v in self.records.items()}})

    def puzzles(self) -> list[Puzzle]:
        """Every puzzle found, each position once, the newest record's last."""
        seen: dict[str, Puzzle] = {}
        for found in self.records.values():
            for p in found:
                seen.setdefault(p.state, p)
        return list(seen.values())


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
    "FILENAME", "MINE_FILENAME", "MineStore", "Progress", "ProgressStore", "mine_from", "mine_path",
    "progress_from", "progress_json", "progress_path", "record_key",
]
