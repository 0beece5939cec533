"""The Puzzles screen's model and "Retry my mistakes" (no window library).

:class:`PuzzleSession`: the puzzles to choose from (the shipped files,
:func:`spoker.records.puzzles.shipped_puzzle_files`, or those found in the person's records), the filters
(rule set, theme, source), the puzzle open, the person's try (right when it
is one of the puzzle's answers), then every playable cell's exact value and
the line that follows (the best placement, the likeliest colour drawn, the
best placement ...), stepped through; the rating (Glicko-2) and the streak,
kept by a :class:`~spoker.gui.models.puzzle_store.ProgressStore`; the next
puzzle chosen near the rating, one seen lately not again soon.

:class:`RetrySession`: after an analysis, the positions before each of a
player's mistakes and blunders; the person places the ball again and is
told whether it is now the best (within :data:`BEST_MARGIN`), close (a loss
under the analysis's :data:`~spoker.runs.analysis.INACCURACY`: no verdict),
or still not, with the values of the first choice and the best.

:class:`GamesScan`: "Puzzles from my games", the records of a folder
searched position by position, one at a time on a :class:`Worker`, each
record's puzzles kept by a :class:`~spoker.gui.models.puzzle_store.MineStore`.

The searches run on a :class:`Worker`: :class:`ProcessWorker` (one spawned
process: the window keeps its interpreter) or :class:`InlineWorker` (at
once: tests, screenshots). The window's thread calls ``poll``.
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from shibumi import Board, Cell, Colour
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.errors import NotationError, SpokerError
from spoker.gui.models.puzzle_rating import after_puzzle, puzzle_rating
from spoker.gui.models.puzzle_store import MineStore, Progress, ProgressStore, record_key
from spoker.records.puzzles import Puzzle, read_puzzles, shipped_puzzle_files
from spoker.records.record import GameRecord
from spoker.text import puzzles_text as words

LINE_STEPS = 6
"""Placements the line that follows shows at most."""
LINE_EFFORT = 250_000
"""The search's effort for each placement of the line (the puzzles' own)."""
REPEAT_GAP = 100
"""A puzzle seen among the last this many is not chosen again (when there are others)."""
BEST_MARGIN = 0.01
"""A retry this close to the best is the best (a puzzle's answers are as close)."""
MAX_SCAN_FILES = 200
"""Records read from a folder at most (the newest first)."""


def load_shipped(folder: Path | None = None, notices: list[str] | None = None) -> list[Puzzle]:
    """Every puzzle of the folder's ``*.txt`` files (default: the shipped
    files, :func:`spoker.records.puzzles.shipped_puzzle_files`), each position
    once (a file that cannot be read is a notice, never a crash)."""
    seen: dict[str, Puzzle] = {}
    try:
        files = shipped_puzzle_files() if folder is None else sorted(folder.glob("*.txt"))
    except OSError:
        files = []
    for path in files:
        try:
            found = read_puzzles(path)
        except (OSError, NotationError) as err:
            if notices is not None:
                notices.append(f"cannot read the puzzles of {str(path)!r}: {getattr(err, 'strerror', None) or err}")
            continue
        for line in found:
            seen.setdefault(line.puzzle.state, line.puzzle)
    return list(seen.values())


# -- where the searches run ------------------------------------------------------------------
class Worker(Protocol):
    """Runs a function somewhere and gives its future."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]: ...


class InlineWorker:
    """Runs each function at once, in the caller's thread."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as err:  # a failed search is told by its future, as in a process
            future.set_exception(err)
        return future


class WorkerStopped(SpokerError):
    """The worker was stopped before the search ended (it is asked again)."""


class ProcessWorker:
    """One spawned worker process (a fresh interpreter), started on first
    use; :meth:`stop` ends it at once (a search running too), so neither a
    stopped search nor closing the window waits for one."""

    def __init__(self) -> None:
        self._pool: Any = None  # a multiprocessing Pool of one process
        self._waiting: set[Future[Any]] = set()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        if self._pool is None:
            self._pool = multiprocessing.get_context("spawn").Pool(1)
        future: Future[Any] = Future()
        future.set_running_or_notify_cancel()
        self._waiting.add(future)

        def done(result: Any) -> None:
            self._waiting.discard(future)
            if not future.done():
                future.set_result(result)

        def failed(err: BaseException) -> None:
            self._waiting.discard(future)
            if not future.done():
                future.set_exception(err)

        self._pool.apply_async(fn, args, callback=done, error_callback=failed)
        return future

    def warm_up(self) -> None:
        """Start the process and load the search there now, so the first
        search the person waits for does not wait for a fresh interpreter too."""
        self.submit(_warm_up)

    def stop(self) -> None:
        """End the process now; the searches not done fail with :class:`WorkerStopped`."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.terminate()
        for future in list(self._waiting):
            self._waiting.discard(future)
            if not future.done():
                future.set_exception(WorkerStopped("the search was stopped"))


# -- the searches (top-level: they run in the worker process) ---------------------------------
def _warm_up() -> None:
    import spoker.runs.analysis
    import spoker.runs.puzzles  # noqa: F401


class LineStep(NamedTuple):
    """One placement of the line that follows: who placed where, the colour
    then drawn (None: the game is over), the state after both."""

    mover: int
    cell: Cell
    drawn: Colour | None
    state: str


class Solved(NamedTuple):
    """A puzzle's values (cell number, value), whether exact, and the line that follows."""

    values: tuple[tuple[int, float], ...]
    exact: bool
    line: tuple[LineStep, ...]


def _best(values: dict[Cell, float]) -> Cell:
    top = max(values.values())
    return min(c for c, v in values.items() if v >= top - 1e-9)


def likeliest(state: GameState) -> Colour:
    """The colour most likely drawn next (a tie: the first in colour order)."""
    outcomes = state.chance_outcomes()
    top = max(p for _, p in outcomes)
    return next(c for c, p in outcomes if p >= top - 1e-12)


def follow_line(state: GameState, first: Cell, steps: int = LINE_STEPS, effort: int = LINE_EFFORT) -> list[LineStep]:
    """From ``state`` (a ball drawn): ``first`` placed, then the likeliest
    colour and the best placement in turn, ``steps`` placements at most."""
    from spoker.runs.analysis import placement_values

    line: list[LineStep] = []
    state = state.copy()
    cell = first
    while len(line) < steps:
        mover = state.to_move
        state.apply_place(cell)
        drawn = None
        if not state.is_over:
            drawn = likeliest(state)
            state.apply_draw(drawn)
        line.append(LineStep(mover, cell, drawn, state.to_string()))
        if state.is_over or state.drawn is None:
            break
        cell = _best(placement_values(state, effort).values)
    return line


def solve_puzzle(text: str, steps: int = LINE_STEPS) -> Solved:
    """Every playable cell's exact value for the puzzle's ball, and the line that follows."""
    from spoker.runs.puzzles import solve

    state = parse_state(text)
    solution = solve(state)
    line = follow_line(state, _best(solution.values), steps)
    return Solved(tuple((int(c), v) for c, v in sorted(solution.values.items())), solution.exact, tuple(line))


def retry_value(text: str, effort: int, cell: int) -> float:
    """A cell's value for the drawn ball, as the analysis values a played cell."""
    from spoker.runs.analysis import placement_values

    return placement_values(parse_state(text), effort, played=Cell(cell)).values[Cell(cell)]


# -- the puzzles ------------------------------------------------------------------------------
SOURCES = ("shipped", "mine")


class Attempt(NamedTuple):
    """A try: the cell, whether it is an answer, whether it counted for the rating
    (the first try of the puzzle), the rating before and after."""

    cell: Cell
    right: bool
    rated: bool
    before: float
    after: float


class PuzzleSession:
    """The Puzzles screen's state (see the module doc)."""

    def __init__(
        self, shipped: Sequence[Puzzle], store: ProgressStore, mine: MineStore, worker: Worker,
        seed: int | None = None,
    ) -> None:
        self.shipped = list(shipped)
        self.store = store
        self.mine = mine
        self.worker = worker
        self.rng = random.Random(seed)
        self.rules: str = ""  # a rule set's token ("" all)
        self.theme: str = ""  # a theme word ("" all)
        self.source: str = "shipped"
        self.puzzle: Puzzle | None = None
        self.state: GameState | None = None
        self.attempt: Attempt | None = None
        self.solved: Solved | None = None
        self.error = ""
        self.line_index = 0  # 0: the puzzle's position; n: after the line's n-th placement
        self._future: Future[Solved] | None = None
        self._rated: set[str] = set()  # the puzzles rated this session (a second try is not)

    # -- choosing -------------------------------------------------------------------------
    @property
    def progress(self) -> Progress:
        return self.store.progress

    def puzzles(self) -> list[Puzzle]:
        """The puzzles of the source that pass the filters."""
        pool = self.shipped if self.source == "shipped" else self.mine.puzzles()
        return [p for p in pool if (not self.rules or p.state.rsplit(" ", 1)[-1] == self.rules)
                and (not self.theme or self.theme in p.themes)]

    def rule_sets(self) -> list[str]:
        return sorted({p.state.rsplit(" ", 1)[-1] for p in self.shipped + self.mine.puzzles()})

    def theme_words(self) -> list[str]:
        from spoker.runs.puzzles import THEMES

        return list(THEMES)

    def choose_next(self) -> Puzzle | None:
        """A puzzle near the person's rating, not one of those seen lately
        (unless there are no others): the closest rating, a random one of those."""
        pool = self.puzzles()
        if not pool:
            return None
        recent = self.progress.recent
        gap = min(REPEAT_GAP, len(pool) - 1)
        lately = set(recent[-gap:]) if gap > 0 else set()
        fresh = [p for p in pool if p.state not in lately]
        if not fresh:
            return pool[0]
        rating = self.progress.rating.rating
        distance = {p.state: abs(puzzle_rating(p.difficulty).rating - rating) for p in fresh}
        least = min(distance.values())
        near = [p for p in fresh if distance[p.state] <= least + 1e-9]
        unseen = [p for p in near if p.state not in recent]
        return self.rng.choice(unseen or near)

    def next(self) -> Puzzle | None:
        """Open the next puzzle (None: none passes the filters)."""
        puzzle = self.choose_next()
        if puzzle is None:
            self.puzzle = self.state = None
            self.attempt = None
            self.solved = None
            self._future = None
            return None
        self.open(puzzle)
        return puzzle

    def open(self, puzzle: Puzzle) -> None:
        """The puzzle on the board; its values start being worked out now (the
        person thinks meanwhile)."""
        self.puzzle = puzzle
        self.state = puzzle.game_state()
        self.attempt = None
        self.solved = None
        self.error = ""
        self.line_index = 0
        p = self.progress
        if not p.recent or p.recent[-1] != puzzle.state:
            self.store.keep(p._replace(recent=(*(s for s in p.recent if s != puzzle.state), puzzle.state)))
        self._future = self.worker.submit(solve_puzzle, puzzle.state)
        self.poll()

    # -- the try --------------------------------------------------------------------------
    def playable(self) -> list[Cell]:
        if self.state is None or self.attempt is not None:
            return []
        return list(self.state.legal_cells())

    def place(self, cell: Cell) -> Attempt | None:
        """The person's try (one a puzzle: then the values and the line show).
        The first try of a puzzle in the session moves the rating and the streak."""
        if self.puzzle is None or self.attempt is not None or cell not in self.playable():
            return None
        right = cell in self.puzzle.answers
        p = self.progress
        before = p.rating.rating
        rated = self.puzzle.state not in self._rated
        after = before
        if rated:
            self._rated.add(self.puzzle.state)
            rating = after_puzzle(p.rating, self.puzzle.difficulty, right)
            streak = p.streak + 1 if right else 0
            self.store.keep(p._replace(
                rating=rating, streak=streak, best_streak=max(p.best_streak, streak), tried=p.tried + 1,
                solved=p.solved + (1 if right else 0)))
            after = rating.rating
        self.attempt = Attempt(cell, right, rated, before, after)
        return self.attempt

    def poll(self) -> bool:
        """Take the values if they are worked out; True if they just came (or failed)."""
        future = self._future
        if future is None or not future.done():
            return False
        self._future = None
        try:
            self.solved = future.result()
        except WorkerStopped:  # stopped for another search (a folder's): asked again
            if self.puzzle is not None:
                self._future = self.worker.submit(solve_puzzle, self.puzzle.state)
            return False
        except Exception as err:  # the worker's failure is said, never raised at the window
            self.error = f"cannot work the values out: {err or err.__class__.__name__}"
        return True

    @property
    def waiting(self) -> bool:
        return self._future is not None

    def values(self) -> dict[Cell, float]:
        return {} if self.solved is None else {Cell(c): v for c, v in self.solved.values}

    def best(self) -> Cell | None:
        values = self.values()
        return _best(values) if values else None

    # -- the line that follows -----------------------------------------------------------
    @property
    def line(self) -> tuple[LineStep, ...]:
        return () if self.solved is None else self.solved.line

    def step_line(self, delta: int) -> bool:
        """Move along the line (after the try); True if it moved."""
        if self.attempt is None or not self.line:
            return False
        index = max(0, min(len(self.line), self.line_index + delta))
        moved = index != self.line_index
        self.line_index = index
        return moved

    def shown_state(self) -> GameState | None:
        """The position on the board: the puzzle's, or the line's step."""
        if self.line_index and self.line:
            return parse_state(self.line[self.line_index - 1].state)
        return self.state

    def shown_board(self) -> Board:
        state = self.shown_state()
        return Board() if state is None else state.board

    # -- what the panel says -------------------------------------------------------------
    def task(self) -> str:
        state = self.state
        if self.puzzle is None or state is None or state.drawn is None:
            return words.NO_PUZZLES
        return words.task_words(state.to_move, state.drawn, state.score, len(self.puzzle.answers))

    def verdict(self) -> list[tuple[str, str]]:
        """The try's lines, each with its kind (good, bad, info, muted)."""
        a, puzzle = self.attempt, self.puzzle
        if a is None or puzzle is None:
            return []
        values = self.values()
        out: list[tuple[str, str]] = []
        if a.right:
            out.append((words.right_words(a.cell, values.get(a.cell, 0.0), puzzle.answers) if values
                        else words.right_words(a.cell, 0.0, puzzle.answers).split(",")[0] + ".", "good"))
        else:
            best = self.best()
            if values and best is not None:
                out.append((words.wrong_words(a.cell, values[a.cell], best, values[best]), "bad"))
            else:
                out.append((words.wrong_short(a.cell, puzzle.answers), "bad"))
        if a.rated:
            out.append((words.rating_change(a.before, a.after), "info"))
        if self.error:
            out.append((self.error[:1].upper() + self.error[1:], "bad"))
        elif self.waiting:
            out.append((words.SOLVING, "muted"))
        return out

    def line_words(self) -> str:
        if self.attempt is None or not self.line:
            return ""
        if self.line_index == 0:
            return words.line_step_words(0, len(self.line), None, None, None)
        step = self.line[self.line_index - 1]
        text = words.line_step_words(self.line_index, len(self.line), step.cell, step.drawn, step.mover)
        state = parse_state(step.state)
        end = words.line_end_words(state.is_over, state.score)
        return f"{text} {end}" if end else text

    def badges(self) -> list[tuple[Cell, str, str]]:
        """The values on the board after the try (cell, text, kind: best, tried, other)."""
        if self.attempt is None or self.line_index:
            return []
        values = self.values()
        best = set(self.puzzle.answers) if self.puzzle is not None else set()
        return [(c, words.value_text(v), "best" if c in best else ("tried" if c == self.attempt.cell else "other"))
                for c, v in sorted(values.items())]


# -- retry my mistakes ------------------------------------------------------------------------
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

    def __init__(self, record: GameRecord, analysis: Any, player: int, worker: Worker) -> None:
        from spoker.records.replay import Replay

        if player not in (1, 2):
            raise SpokerError(f"player {player!r}: expected 1 or 2")
        self.record = record
        self.analysis = analysis
        self.player = player
        self.worker = worker
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
            self._future = self.worker.submit(retry_value, item.state, self.effort, int(cell))
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
        try:
            self._judge(future.result())
        except WorkerStopped:  # asked again
            if item is not None and self.tried is not None:
                self._future = self.worker.submit(retry_value, item.state, self.effort, int(self.tried))
            return False
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

    def verdict(self) -> list[tuple[str, str]]:
        item, result = self.item, self.result
        out: list[tuple[str, str]] = []
        if item is not None and result is not None:
            m = item.move
            lines = words.retry_result(result.kind, result.cell, result.value, m.cell, m.value, m.best, m.best_value)
            out.append((lines[0], "good" if result.kind != "again" else "bad"))
            out.extend((line, "info") for line in lines[1:])
            if result.kind == "close":
                out.append((words.CLOSE_RULE, "muted"))
        if self.error:
            out.append((self.error[:1].upper() + self.error[1:], "bad"))
        elif self.waiting:
            out.append((words.SOLVING, "muted"))
        return out

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


# -- puzzles from my games ---------------------------------------------------------------------
def _find_puzzle(text: str) -> Puzzle | None:
    from spoker.runs.puzzles import puzzle_of

    return puzzle_of(text)


class GamesScan:
    """The records of a folder searched for puzzles, one position at a time."""

    def __init__(self, folder: Path, mine: MineStore, worker: Worker) -> None:
        from spoker.engine.state import GameState
        from spoker.records.record import load_record
        from spoker.runs.puzzles import candidates, record_positions

        self.mine = mine
        self.worker = worker
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
            self._future = self.worker.submit(_find_puzzle, texts[self._position])
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


__all__ = [
    "BEST_MARGIN", "LINE_STEPS", "REPEAT_GAP", "Attempt", "GamesScan", "InlineWorker", "LineStep",
    "ProcessWorker", "PuzzleSession", "RetryItem", "RetryResult", "RetrySession", "Solved", "Worker",
    "WorkerStopped",
    "follow_line", "likeliest", "load_shipped", "retry_value", "solve_puzzle",
]
