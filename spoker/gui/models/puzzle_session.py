"""The Puzzles screen's model (no window library).

:class:`PuzzleSession`: the puzzles to choose from (the shipped files,
:func:`spoker.records.puzzles.shipped_puzzle_files`, or those found in the
person's records), the filters (rule set, theme, source), the puzzle open,
the person's try, then every playable cell's exact value and the line that
follows (the best placement, the likeliest colour drawn, the best placement
...), stepped through; the rating (Glicko-2) and the streak, kept by a
:class:`~spoker.gui.models.puzzle_store.ProgressStore`; the next puzzle
chosen near the rating, one seen lately not again soon.

The values are worked out on the app's process
(:func:`spoker.gui.models.puzzle_searches.solve_puzzle`; at once in tests)
while the person thinks, and the try is judged by them: a file's stored
answers are a puzzle's claim, not its truth. A puzzle whose answers the
values do not bear out is set aside (one line) and its try not rated. The
window's thread calls ``poll``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import NamedTuple

from shibumi import Board, Cell
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.errors import NotationError
from spoker.gui.models.puzzle_rating import after_puzzle, puzzle_rating
from spoker.gui.models.puzzle_searches import LineStep, Solved, best_cell, solve_puzzle
from spoker.gui.models.puzzle_store import MineStore, ProgressStore, PuzzleProgress
from spoker.notices import Notice, NoticeKind
from spoker.records.puzzles import Puzzle, read_puzzles, shipped_puzzle_files
from spoker.text import puzzles_text as words

REPEAT_GAP = 100
"""A puzzle seen among the last this many is not chosen again (when there are others)."""


def load_shipped(folder: Path | None = None, notices: list[Notice] | None = None) -> list[Puzzle]:
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
                said = f"cannot read the puzzles of {str(path)!r}: {getattr(err, 'strerror', None) or err}"
                notices.append(Notice(NoticeKind.INFO, said, "Cannot read a puzzles file (see the terminal)", str(path)))
            continue
        for line in found:
            seen.setdefault(line.puzzle.state, line.puzzle)
    return list(seen.values())


# -- the puzzles ------------------------------------------------------------------------------
SOURCES = ("shipped", "mine")
STANDARD_RULES = str(RuleSet())
"""The rules of the lessons (rules.md's standard ruling): the rule-set filter
a session starts with, when there are puzzles under them; other rules are
said with the task."""


class Attempt(NamedTuple):
    """A try: the cell, whether it is one of the best cells (None: not judged
    yet, the values are coming), whether it counted for the rating (the
    first try of the puzzle, when the puzzle holds), the rating before and after."""

    cell: Cell
    right: bool | None
    rated: bool
    before: float
    after: float


class PuzzleSession:
    """The Puzzles screen's state (see the module doc)."""

    def __init__(
        self, shipped: Sequence[Puzzle], store: ProgressStore, mine: MineStore, executor: Executor,
        seed: int | None = None,
    ) -> None:
        self.shipped = list(shipped)
        self.store = store
        self.mine = mine
        self.executor = executor
        self.rng = random.Random(seed)
        # A rule set's token ("" all): the lessons' when there are puzzles under them.
        self.rules: str = STANDARD_RULES if STANDARD_RULES in self.rule_sets() else ""
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
        self.set_aside: dict[str, str] = {}  # puzzle state -> why its answers do not hold (not offered again)

    # -- choosing -------------------------------------------------------------------------
    @property
    def progress(self) -> PuzzleProgress:
        return self.store.progress

    def puzzles(self) -> list[Puzzle]:
        """The puzzles of the source that pass the filters."""
        pool = self.shipped if self.source == "shipped" else self.mine.puzzles()
        return [p for p in pool if p.state not in self.set_aside and (not self.rules or p.state.rsplit(" ", 1)[-1] == self.rules)
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
        person thinks meanwhile). A puzzle the rule-set filter would not
        offer (opened by its number) clears that filter."""
        self.puzzle = puzzle
        self.state = puzzle.game_state()
        if self.rules and puzzle.state.rsplit(" ", 1)[-1] != self.rules:
            self.rules = ""
        self.attempt = None
        self.solved = None
        self.error = ""
        self.line_index = 0
        p = self.progress
        if not p.recent or p.recent[-1] != puzzle.state:
            self.store.keep(p._replace(recent=(*(s for s in p.recent if s != puzzle.state), puzzle.state)))
        self._future = self.executor.submit(solve_puzzle, puzzle.state)
        self.poll()

    # -- the try --------------------------------------------------------------------------
    def playable(self) -> list[Cell]:
        if self.state is None or self.attempt is not None:
            return []
        return list(self.state.legal_cells())

    def place(self, cell: Cell) -> Attempt | None:
        """The person's try; judged by the puzzle's values as soon as they are
        in (:meth:`poll`), then the values and the line show. The first try of
        a puzzle in the session moves the rating and the streak."""
        if self.puzzle is None or self.attempt is not None or cell not in self.playable():
            return None
        before = self.progress.rating.rating
        self.attempt = Attempt(cell, None, False, before, before)
        self._judge()
        return self.attempt

    def _judge(self) -> None:
        """Judge the try once the values are in: right if the cell is one of
        the best. The stored answers only stand in when the values cannot be
        worked out exactly; a puzzle whose answers the exact values contradict
        is set aside (:attr:`set_aside`) and its try not rated."""
        a, puzzle = self.attempt, self.puzzle
        if a is None or puzzle is None or a.right is not None or self.waiting:
            return
        solved = self.solved
        if solved is not None and solved.exact:
            right = int(a.cell) in solved.answers
            holds = sorted(solved.answers) == sorted(int(c) for c in puzzle.answers)
            if not holds:
                self.set_aside[puzzle.state] = words.set_aside_words(
                    puzzle.answers, [Cell(c) for c in solved.answers])
        else:
            right, holds = a.cell in puzzle.answers, True
        p = self.progress
        rated = holds and puzzle.state not in self._rated
        after = a.before
        if rated:
            self._rated.add(puzzle.state)
            rating = after_puzzle(p.rating, puzzle.difficulty, right)
            streak = p.streak + 1 if right else 0
            self.store.keep(p._replace(
                rating=rating, streak=streak, best_streak=max(p.best_streak, streak), tried=p.tried + 1,
                solved=p.solved + (1 if right else 0)))
            after = rating.rating
        self.attempt = a._replace(right=right, rated=rated, after=after)

    def poll(self) -> bool:
        """Take the values if they are worked out (and judge the try waiting
        for them); True if they just came (or failed)."""
        future = self._future
        if future is None or not future.done():
            return False
        self._future = None
        if future.cancelled():  # let go (a folder's search stopped): asked again
            if self.puzzle is not None:
                self._future = self.executor.submit(solve_puzzle, self.puzzle.state)
            return False
        try:
            self.solved = future.result()
        except Exception as err:  # the search's failure is said, never raised at the window
            self.error = f"cannot work the values out: {err or err.__class__.__name__}"
        self._judge()
        return True

    @property
    def waiting(self) -> bool:
        return self._future is not None

    def values(self) -> dict[Cell, float]:
        return {} if self.solved is None else {Cell(c): v for c, v in self.solved.values}

    def answers(self) -> tuple[Cell, ...]:
        """The puzzle's best cells: as its exact values give them, else as stored."""
        if self.solved is not None and self.solved.exact:
            return tuple(Cell(c) for c in self.solved.answers)
        return tuple(self.puzzle.answers) if self.puzzle is not None else ()

    def best(self) -> Cell | None:
        values = self.values()
        return best_cell(values) if values else None

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

    def situation(self) -> str:
        """What else the task is asked with: the rules when not the
        standard ones, the challenge to answer, what is left in the bag
        ("" without a puzzle)."""
        state = self.state
        if self.puzzle is None or state is None:
            return ""
        from spoker.text.analysis_words import group_words

        challenge = state.challenge
        answering = "" if challenge is None else group_words(challenge.group, cells=False)
        return words.situation_words(str(state.rules), str(state.rules) == STANDARD_RULES, answering, state.bag())

    def try_lines(self) -> list[tuple[str, str]]:
        """The try's lines, each with its kind (good, bad, info, muted)."""
        a, puzzle = self.attempt, self.puzzle
        if a is None or puzzle is None:
            return []
        values = self.values()
        out: list[tuple[str, str]] = []
        if a.right is None:
            out.append((words.tried_words(a.cell), "info"))
        elif a.right:
            answers = self.answers()
            out.append((words.right_words(a.cell, values.get(a.cell, 0.0), answers) if values
                        else words.right_words(a.cell, 0.0, answers).split(",")[0] + ".", "good"))
        else:
            best = self.best()
            if values and best is not None:
                out.append((words.wrong_words(a.cell, values[a.cell], best, values[best]), "bad"))
            else:
                out.append((words.wrong_short(a.cell, puzzle.answers), "bad"))
        if a.rated:
            out.append((words.rating_change(a.before, a.after), "info"))
        if puzzle.state in self.set_aside:
            out.append((self.set_aside[puzzle.state], "bad"))
        return out + words.search_status(self.error, self.waiting)

    def line_words(self) -> str:
        if self.attempt is None or not self.line:
            return ""
        if self.line_index == 0:
            return words.line_step_words(0, len(self.line), None, None, None, None)
        step = self.line[self.line_index - 1]
        state = parse_state(step.state)
        text = words.line_step_words(self.line_index, len(self.line), step.cell, step.drawn, step.mover,
                                     state.to_move if state.drawn is not None else None)
        end = words.line_end_words(state.is_over, state.score)
        return f"{text} {end}" if end else text

    def badges(self) -> list[tuple[Cell, str, str]]:
        """The values on the board after the try (cell, text, kind: best, tried, other)."""
        if self.attempt is None or self.line_index:
            return []
        values = self.values()
        best = set(self.answers())
        return [(c, words.value_text(v), "best" if c in best else ("tried" if c == self.attempt.cell else "other"))
                for c, v in sorted(values.items())]


__all__ = ["REPEAT_GAP", "SOURCES", "Attempt", "PuzzleSession", "load_shipped"]
