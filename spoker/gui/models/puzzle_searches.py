"""The puzzles' searches, top-level functions that run in the app's worker
process (:class:`spoker.runs.workers.ProcessExecutor`): a puzzle solved with
the line that follows, a retried placement's value, a position searched for
a puzzle. They import the search only when called, in the process.
"""

from __future__ import annotations

from typing import NamedTuple

from shibumi import Cell, Colour
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.records.puzzles import Puzzle

LINE_STEPS = 6
"""Placements the line that follows shows at most."""
LINE_EFFORT = 250_000
"""The search's effort for each placement of the line (the puzzles' own)."""


def warm_up() -> None:
    """Load the search in the process now, so that the first search the
    person waits for does not wait for the imports too."""
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
    """A puzzle's values (cell number, value), whether exact, the line that
    follows and the best cells' numbers (the answers the values give, as
    :func:`spoker.runs.puzzles.solve` finds them)."""

    values: tuple[tuple[int, float], ...]
    exact: bool
    line: tuple[LineStep, ...]
    answers: tuple[int, ...] = ()


def best_cell(values: dict[Cell, float]) -> Cell:
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
        cell = best_cell(placement_values(state, effort).values)
    return line


def solve_puzzle(text: str, steps: int = LINE_STEPS) -> Solved:
    """Every playable cell's exact value for the puzzle's ball, and the line that follows."""
    from spoker.runs.puzzles import solve

    state = parse_state(text)
    solution = solve(state)
    line = follow_line(state, best_cell(solution.values), steps)
    return Solved(tuple((int(c), v) for c, v in sorted(solution.values.items())), solution.exact, tuple(line),
                  tuple(int(c) for c in solution.answers))


def retry_value(text: str, effort: int, cell: int) -> float:
    """A cell's value for the drawn ball, as the analysis values a played cell."""
    from spoker.runs.analysis import placement_values

    return placement_values(parse_state(text), effort, played=Cell(cell)).values[Cell(cell)]


def find_puzzle(text: str) -> Puzzle | None:
    """The puzzle at the position ``text``, if it is one."""
    from spoker.runs.puzzles import puzzle_of

    return puzzle_of(text)


__all__ = [
    "LINE_EFFORT", "LINE_STEPS", "LineStep", "Solved", "best_cell", "find_puzzle", "follow_line", "likeliest",
    "retry_value", "solve_puzzle", "warm_up",
]
