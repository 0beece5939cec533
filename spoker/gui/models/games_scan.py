"""Puzzles from my games (no window library): the records of a folder
searched position by position, one at a time on the app's process
(:func:`spoker.gui.models.puzzle_searches.find_puzzle`), each record's
puzzles kept by a :class:`~spoker.gui.models.puzzle_store.MineStore`; the
window's thread calls ``poll``.
"""

from __future__ import annotations

import os
from concurrent.futures import Executor, Future
from pathlib import Path

from spoker.errors import SpokerError
from spoker.gui.models.puzzle_searches import find_puzzle
from spoker.gui.models.puzzle_store import MineStore, record_key
from spoker.records.puzzles import Puzzle
from spoker.text import puzzles_text as words

MAX_SCAN_FILES = 200
"""Records read from a folder at most (the newest first)."""


class GamesScan:
    """The records of a folder searched for puzzles, one position at a time."""

    def __init__(self, folder: Path, mine: MineStore, executor: Executor) -> None:
        from spoker.engine.state import GameState
        from spoker.records.record import load_record
        from spoker.runs.puzzles import candidates, record_positions

        self.mine = mine
        self.executor = executor
        self.records = 0
        self.unreadable = 0
        self.found = 0
        self.cancelled = False
        self.error = ""
        self._todo: list[tuple[str, list[str]]] = []  # (record key, its positions to try)
        try:
            files = sorted((p for p in folder.glob("*.txt") if p.is_file()), key=_mtime, reverse=True)
        except OSError as err:
            files = []
            self.error = f"cannot read {str(folder)!r}: {err.strerror or err}"
        for path in files[:MAX_SCAN_FILES]:
            try:
                record = load_record(path)
            except (OSError, ValueError):
                self.unreadable += 1
                continue
            self.records += 1
            key = record_key(str(record.rules), record.moves)
            kept = mine.find(key)
            if kept is not None:
                self.found += len(kept)
                continue
            try:
                texts = list(candidates(record_positions(GameState(record.rules), record.moves)))
            except SpokerError:
                self.unreadable += 1
                continue
            self._todo.append((key, texts))
        self.total = sum(len(t) for _, t in self._todo)
        self.done = 0
        self._current: list[Puzzle] = []
        self._position = 0
        self._future: Future[Puzzle | None] | None = None
        self._submit()

    @property
    def running(self) -> bool:
        return not self.cancelled and bool(self._todo)

    def _submit(self) -> None:
        while self._todo and not self.cancelled:
            key, texts = self._todo[0]
            if self._position >= len(texts):
                self.mine.keep(key, self._current)
                self._todo.pop(0)
                self._current, self._position = [], 0
                continue
            self._future = self.executor.submit(find_puzzle, texts[self._position])
            if not self._future.done():
                return
            self._take()

    def _take(self) -> None:
        future = self._future
        assert future is not None
        self._future = None
        try:
            puzzle = future.result()
        except Exception as err:  # a position the search fails on is skipped, and said
            self.error = f"a position could not be searched: {err or err.__class__.__name__}"
            puzzle = None
        if puzzle is not None:
            self._current.append(puzzle)
            self.found += 1
        self._position += 1
        self.done += 1

    def poll(self) -> bool:
        """Take the position searched, if it is, and start the next; True if it moved."""
        if self.cancelled or self._future is None or not self._future.done():
            return False
        self._take()
        self._submit()
        return True

    def cancel(self) -> None:
        """Stop (the records searched whole are kept; the one begun is searched again next time)."""
        self.cancelled = True
        if self._future is not None:
            self._future.cancel()
        self._future = None

    def words(self) -> str:
        if self.running:
            return words.scan_words(self.done + 1, self.total, self.found)
        if self.cancelled:
            return words.scan_stopped_words(self.found)
        return words.scan_done_words(self.records, self.found)


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


__all__ = ["MAX_SCAN_FILES", "GamesScan"]
