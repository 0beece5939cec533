"""Retry my mistakes, after an analysis (no window library): the positions
before each of a player's mistakes and blunders; the person places the ball
again and is told whether it is now the best (within :data:`BEST_MARGIN`),
close (a loss under the analysis's :data:`~spoker.runs.analysis.INACCURACY`:
no verdict), or still not, with the values of the first choice and the
best. A placement the analysis did not value is valued on the app's process
(:func:`spoker.gui.models.puzzle_searches.retry_value`); the window's thread
calls ``poll``.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import Any, NamedTuple

from shibumi import Board, Cell
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.errors import ArgumentError
from spoker.gui.models.puzzle_searches import retry_value
from spoker.records.record import GameRecord
from spoker.text import puzzles_text as words

BEST_MARGIN = 0.01
"""A retry this close to the best is the best (a puzzle's answers are as close)."""

RETRIED = ("mistake", "blunder")


class RetryItem(NamedTuple):
    """A placement to retry: its analysis and the position before it (the ball drawn)."""

    move: Any  # spoker.runs.analysis.MoveAnalysis
    state: str


class RetryResult(NamedTuple):
    cell: Cell
    value: float
    kind: str  # best, close, again


class RetrySession:
    """The positions before a player's mistakes and blunders, in turn (see the module doc)."""

    def __init__(self, record: GameRecord, analysis: Any, player: int, executor: Executor) -> None:
        from spoker.records.replay import Replay

        if player not in (1, 2):
            raise ArgumentError(f"player {player!r}: expected 1 or 2")
        self.record = record
        self.analysis = analysis
        self.player = player
        self.executor = executor
        self.effort: int = analysis.effort
        replay = Replay(record, analysis.rules)
        self.items: list[RetryItem] = []
        for m in analysis.moves:
            if m.player == player and m.verdict in RETRIED:
                state = replay.state_at(m.n - 1)
                state.apply_draw(m.ball)
                self.items.append(RetryItem(m, state.to_string()))
        self.index = 0
        self.results: list[RetryResult | None] = [None] * len(self.items)
        self.tried: Cell | None = None
        self.error = ""
        self._future: Future[float] | None = None
        self.state: GameState | None = parse_state(self.items[0].state) if self.items else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.items)

    @property
    def item(self) -> RetryItem | None:
        return None if self.finished else self.items[self.index]

    @property
    def result(self) -> RetryResult | None:
        return None if self.finished else self.results[self.index]

    @property
    def waiting(self) -> bool:
        return self._future is not None

    def playable(self) -> list[Cell]:
        if self.state is None or self.tried is not None or self.finished:
            return []
        return list(self.state.legal_cells())

    def place(self, cell: Cell) -> bool:
        """The ball placed again: its value is the analysis's when it is the
        first choice or the best, else worked out as the analysis would."""
        item = self.item
        if item is None or cell not in self.playable():
            return False
        self.tried = cell
        m = item.move
        if cell == m.best:
            self._judge(m.best_value)
        elif cell == m.cell:
            self._judge(m.value)
        else:
            self._future = self.executor.submit(retry_value, item.state, self.effort, int(cell))
            self.poll()
        return True

    def _judge(self, value: float) -> None:
        from spoker.runs.analysis import INACCURACY

        item = self.item
        assert item is not None and self.tried is not None
        loss = item.move.best_value - value
        kind = "best" if loss <= BEST_MARGIN else ("close" if loss < INACCURACY else "again")
        self.results[self.index] = RetryResult(self.tried, value, kind)

    def poll(self) -> bool:
        future = self._future
        if future is None or not future.done():
            return False
        self._future = None
        item = self.item
        if future.cancelled():  # let go (a folder's search stopped): asked again
            if item is not None and self.tried is not None:
                self._future = self.executor.submit(retry_value, item.state, self.effort, int(self.tried))
            return False
        try:
            self._judge(future.result())
        except Exception as err:  # said on the screen, never raised at the window
            self.error = f"cannot value {self.tried}: {err or err.__class__.__name__}"
            self.tried = None
        return True

    def next(self) -> None:
        """On to the next mistake (after the try), or to the summary."""
        if self.finished or self.result is None:
            return
        self.index += 1
        self.tried = None
        self.error = ""
        self.state = None if self.finished else parse_state(self.items[self.index].state)

    def shown_board(self) -> Board:
        if self.state is not None:
            return self.state.board
        return self.record.play(self.analysis.rules).board

    def task(self) -> str:
        item = self.item
        if not self.items:
            return words.NO_MISTAKES
        if item is None:
            return self.summary()
        m = item.move
        return words.retry_task(self.index + 1, len(self.items), m.n, m.verdict, m.ball)

    def try_lines(self) -> list[tuple[str, str]]:
        item, result = self.item, self.result
        out: list[tuple[str, str]] = []
        if item is not None and result is not None:
            m = item.move
            lines = words.retry_result(result.kind, result.cell, result.value, m.cell, m.value, m.best, m.best_value)
            out.append((lines[0], "good" if result.kind != "again" else "bad"))
            out.extend((line, "info") for line in lines[1:])
            if result.kind == "close":
                out.append((words.CLOSE_RULE, "muted"))
        return out + words.search_status(self.error, self.waiting)

    def summary(self) -> str:
        kinds = [r.kind for r in self.results if r is not None]
        return words.retry_summary(kinds.count("best"), kinds.count("close"), kinds.count("again"))

    def badges(self) -> list[tuple[Cell, str, str]]:
        item, result = self.item, self.result
        if item is None or result is None:
            return []
        m = item.move
        shown = {m.cell: ("tried", m.value), m.best: ("best", m.best_value)}
        if result.cell not in shown:
            shown[result.cell] = ("other", result.value)
        return [(c, words.value_text(v), kind) for c, (kind, v) in sorted(shown.items())]


__all__ = ["BEST_MARGIN", "RETRIED", "RetryItem", "RetryResult", "RetrySession"]
