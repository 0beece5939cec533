"""Puzzles proved by exhaustive search: solving, checking and making them
(notation.md, "Puzzles"; the file format is :mod:`spoker.records.puzzles`).

A position's *solution* is the exact value (P(win) - P(loss) for the player
to move) of every playable cell for the drawn ball, from the analysis's
search (:func:`spoker.runs.analysis.placement_values`, given
:data:`PUZZLE_EFFORT`, and exact only if its ``exact`` flag says so). The
answers are the cells within :data:`ANSWER_MARGIN` of the best; a position is
*publishable* when its values are exact and every other cell is at least
:data:`CLEAR_MARGIN` worse. The themes and the difficulty are defined in
docs/decisions.md ("Puzzles: themes and difficulty").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from shibumi import Cell
from shibumi.errors import expect
from spoker.engine.events import ChallengeResolved, GroupFormed
from spoker.engine.previews import Outcome, preview
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.errors import SpokerError
from spoker.players import checked_choice, make_player
from spoker.records.puzzles import Puzzle
from spoker.runs.analysis import placement_values
from spoker.runs.parallel import running, stream

PUZZLE_EFFORT = 250_000
"""The analysis's effort for a puzzle: its exhaustive search may judge four
times this many positions (about a million), else the position is no puzzle."""
ANSWER_MARGIN = 0.01
"""A cell this close to the best is an answer too."""
CLEAR_MARGIN = 0.25
"""Every cell that is not an answer is at least this much worse than the best."""
MAX_LEFT = 10
"""``make`` tries positions with this many balls left to place or fewer: earlier
ones are never exact within :data:`PUZZLE_EFFORT` (and cost the most to try)."""
TEMPTERS = ("greedy", "lookahead")
"""The players whose wrong choices make a puzzle hard (its difficulty)."""
THEMES = (
    "answer-the-challenge", "level-tie-break", "win-the-point", "make-the-straight-flush", "deny-the-straight-flush",
    "covered", "cut", "apex", "bag-odds",
)


class Solution(NamedTuple):
    """Every playable cell's value for the drawn ball (for the player to move),
    whether they are exact, the answers (within :data:`ANSWER_MARGIN` of the
    best, in cell order) and the margin to the best cell that is not one
    (None: every cell is an answer)."""

    values: dict[Cell, float]
    exact: bool
    answers: tuple[Cell, ...]
    margin: float | None

    @property
    def publishable(self) -> bool:
        """Exact, with one clear answer: every other cell at least :data:`CLEAR_MARGIN` worse."""
        return self.exact and self.margin is not None and self.margin >= CLEAR_MARGIN


def solve(state: GameState, effort: int = PUZZLE_EFFORT) -> Solution:
    """The values of every playable cell for ``state``'s drawn ball (not changed)."""
    expect(state, GameState, "state")
    found = placement_values(state, effort, prune=False)
    values = found.values
    best = max(values.values())
    answers = tuple(sorted(c for c, v in values.items() if v >= best - ANSWER_MARGIN))
    others = [best - v for c, v in values.items() if c not in answers]
    return Solution(values, found.exact, answers, min(others) if others else None)


def _names(cells: Iterable[Cell]) -> str:
    return ",".join(str(c) for c in sorted(cells))


def check(puzzle: Puzzle, effort: int = PUZZLE_EFFORT) -> list[str]:
    """Why ``puzzle`` does not hold, re-solved (empty: it holds): its values
    are not exact, its answers are not the best cells, or a cell that is not
    an answer is less than :data:`CLEAR_MARGIN` worse than the best."""
    expect(puzzle, Puzzle, "puzzle")
    try:
        state = puzzle.game_state()
    except SpokerError as err:
        return [str(err)]
    solution = solve(state, effort)
    reasons: list[str] = []
    if not solution.exact:
        reasons.append(f"not exact: the search did not reach the end within effort {effort}")
    if solution.answers != tuple(sorted(puzzle.answers)):
        reasons.append(f"the answers are {_names(solution.answers)}, not {_names(puzzle.answers)}")
    if solution.margin is None:
        reasons.append("every playable cell is an answer: nothing to find")
    elif solution.margin < CLEAR_MARGIN:
        best = max(solution.values.values())
        close = [c for c, v in solution.values.items() if c not in solution.answers
                 and best - v < CLEAR_MARGIN]
        reasons.append(
            f"no clear answer: {_names(close)} only {solution.margin:.2f} worse than the best "
            f"(at least {CLEAR_MARGIN} needed)"
        )
    return reasons


# -- themes -------------------------------------------------------------------------
def _scores_now(state: GameState, cell: Cell) -> bool:
    """The mover scores a point with this very placement."""
    mover = state.to_move
    events = state.copy().apply_place(cell)
    return any(isinstance(e, ChallengeResolved) and e.points[mover - 1] > 0 for e in events)


def _level_decides(state: GameState, cell: Cell) -> bool:
    """The answer on ``cell`` beats the pending challenge with a group of the
    same rank: its higher top level decides (rules.md, Challenges)."""
    seen = preview(state, cell)
    return (
        seen.outcome is Outcome.BEATS and seen.formed is not None and seen.answered is not None
        and seen.formed.rank == seen.answered.rank
    )


def _straight_flush_next(after: GameState) -> bool:
    """After a placement, some colour the bag can give lets the next player
    form a straight flush at once."""
    if after.is_over:
        return False
    for colour, p in after.chance_outcomes():
        if p <= 0:
            continue
        drawn = after.copy()
        drawn.apply_draw(colour)
        if any(preview(drawn, c).outcome is Outcome.WINS_GAME for c in drawn.legal_cells()):
            return True
    return False


def _hidden_kinds(state: GameState) -> set[str]:
    """``covered`` / ``cut``: on some playable cell, the ball would form a
    better group if the visibility ruling did not hold one back for a ball
    covered (a contact cut). Only under the visible rules."""
    from spoker.engine.groups import ReasonKind, standing, strength

    rules = state.rules
    if not rules.check_visibility:
        return set()
    blind = _with_rules(state, rules.but(visibility="touching"))
    if blind is None:
        return set()  # the position does not read without the ruling: no comparison
    kinds: set[str] = set()
    responding = state.challenge is not None
    for cell in state.legal_cells():
        seen = preview(state, cell).formed
        after = blind.copy()
        events = after.apply_place(cell)
        hidden = next((e.group for e in events if isinstance(e, GroupFormed)), None)
        if hidden is None or (seen is not None and strength(seen, rules) >= strength(hidden, rules)):
            continue
        board = state.copy()
        board.apply_place(cell)
        kind = standing(board.board, hidden, rules, cell, responding).kind
        if kind is ReasonKind.COVERED:
            kinds.add("covered")
        elif kind is ReasonKind.CUT:
            kinds.add("cut")
    return kinds


def _with_rules(state: GameState, rules: RuleSet) -> GameState | None:
    """The same position under other rules (None: it does not read under them)."""
    fields = state.to_string().split()
    try:
        return parse_state(" ".join([*fields[:-1], rules.token]))
    except SpokerError:
        return None


def _apex_decides(state: GameState, solution: Solution, effort: int) -> bool:
    """Under the apex ruling, the exact answers would not be the same without
    it (the same position under the ``apex-free`` variant)."""
    rules = state.rules
    if rules.rulings.apex_free:
        return False
    free = _with_rules(state, rules.but(apex_free=True))
    if free is None or free.rules.rulings.apex_free is False:
        return False
    other = solve(free, effort)
    return other.exact and other.answers != solution.answers


def _odds_matter(state: GameState, cell: Cell, effort: int) -> bool:
    """After the answer, what the next draw gives changes the mover's exact
    value by at least :data:`CLEAR_MARGIN` between two colours the bag holds."""
    after = state.copy()
    after.apply_place(cell)
    if after.is_over:
        return False
    values = []
    for colour, p in after.chance_outcomes():
        if p <= 0:
            continue
        drawn = after.copy()
        drawn.apply_draw(colour)
        if drawn.is_over:
            continue
        found = placement_values(drawn, effort, prune=False)
        if not found.exact:
            return False
        values.append(-max(found.values.values()))  # zero-sum: the opponent's best is the mover's worst
    return len(values) > 1 and max(values) - min(values) >= CLEAR_MARGIN


def themes(state: GameState, solution: Solution, effort: int = PUZZLE_EFFORT) -> tuple[str, ...]:
    """The themes of a position (docs/decisions.md), in :data:`THEMES` order;
    a theme about the answer holds for every answer."""
    answers = solution.answers
    outcomes = {c: preview(state, c).outcome for c in state.legal_cells()}
    found: set[str] = set()
    if state.challenge is not None and all(outcomes[a] in (Outcome.BEATS, Outcome.TIES) for a in answers):
        found.add("answer-the-challenge")
    if state.challenge is not None and all(_level_decides(state, a) for a in answers):
        found.add("level-tie-break")
    if all(_scores_now(state, a) for a in answers):
        found.add("win-the-point")
    if all(outcomes[a] is Outcome.WINS_GAME for a in answers):
        found.add("make-the-straight-flush")
    else:
        def gives(cell: Cell) -> bool:
            after = state.copy()
            after.apply_place(cell)
            return _straight_flush_next(after)

        others = [c for c in state.legal_cells() if c not in answers]
        if not any(gives(a) for a in answers) and any(gives(c) for c in others):
            found.add("deny-the-straight-flush")
    found |= _hidden_kinds(state)
    if _apex_decides(state, solution, effort):
        found.add("apex")
    if all(_odds_matter(state, a, effort) for a in answers):
        found.add("bag-odds")
    return tuple(t for t in THEMES if t in found)


def difficulty(state: GameState, answers: Iterable[Cell]) -> int:
    """How many cells that are not answers :data:`TEMPTERS` choose (0 to 2)."""
    expect(state, GameState, "state")
    right = set(answers)
    wrong = {make_player(name, seed=0).choose(state.copy()) for name in TEMPTERS}
    return len(wrong - right)


# -- making -------------------------------------------------------------------------
def puzzle_of(text: str, effort: int = PUZZLE_EFFORT) -> Puzzle | None:
    """The puzzle a state string (a ball drawn) makes, or None when it is not
    publishable (or has one playable cell: nothing to choose)."""
    state = parse_state(text)
    if len(state.legal_cells()) < 2:
        return None
    solution = solve(state, effort)
    if not solution.publishable:
        return None
    return Puzzle(
        state.to_string(), solution.answers, themes(state, solution, effort),
        difficulty(state, solution.answers),
    )


def candidates(states: Iterable[GameState], max_left: int = MAX_LEFT) -> Iterator[str]:
    """The state strings worth trying, each once: a ball drawn, at most
    ``max_left`` balls left to place, more than one playable cell."""
    seen: set[str] = set()
    for state in states:
        expect(state, GameState, "state")
        if state.drawn is None or state.is_over or 30 - state.move_number > max_left:
            continue
        if len(state.legal_cells()) < 2:
            continue
        text = state.to_string()
        if text not in seen:
            seen.add(text)
            yield text


def make(
    states: Iterable[GameState], workers: int = 1, effort: int = PUZZLE_EFFORT,
    tick: Callable[[int, int], None] | None = None, max_left: int = MAX_LEFT,
) -> tuple[list[Puzzle], int]:
    """The publishable puzzles among ``states`` (in their order, never a
    position twice) and how many positions were tried (:func:`candidates`);
    ``tick(done, total)`` after each one tried. The result does not depend on
    ``workers``."""
    tries = list(candidates(states, max_left))
    found: list[Puzzle] = []
    with running(workers) as executor:
        for done, (_, puzzle) in enumerate(stream(_Job(effort), tries, executor), 1):
            if tick is not None:
                tick(done, len(tries))
            if puzzle is not None:
                found.append(puzzle)
    return found, len(tries)


class _Job:
    """puzzle_of with an effort, picklable for the worker processes."""

    def __init__(self, effort: int) -> None:
        self.effort = effort

    def __call__(self, text: str) -> Puzzle | None:
        return puzzle_of(text, self.effort)


def game_positions(
    games: int, seed: int, players: tuple[str, str] = ("lookahead", "lookahead"),
    rules: RuleSet | None = None,
) -> Iterator[GameState]:
    """Every position with a ball drawn in ``games`` games between two
    players (game ``i`` seeded by :func:`spoker.runs.simulate.game_seeds`),
    each a copy."""
    import random

    from spoker.runs.simulate import game_seeds

    for index in range(games):
        draw_seed, seed_a, seed_b = game_seeds(seed, index)
        rng = random.Random(draw_seed)
        seats = (make_player(players[0], seed=seed_a), make_player(players[1], seed=seed_b))
        state = GameState(rules) if rules is not None else GameState()
        while not state.is_over:
            state.draw(rng)
            yield state.copy()
            state.apply_place(checked_choice(seats[state.to_move - 1], state))


def record_positions(state: GameState, moves: Iterable[tuple[object, object]]) -> Iterator[GameState]:
    """Every position with a ball drawn along a record's moves (colour, cell)."""
    for colour, cell in moves:
        state.apply_draw(colour)  # type: ignore[arg-type]
        yield state.copy()
        state.apply_place(cell)  # type: ignore[arg-type]


__all__ = [
    "ANSWER_MARGIN", "CLEAR_MARGIN", "MAX_LEFT", "PUZZLE_EFFORT", "THEMES", "Solution", "candidates",
    "check", "difficulty", "game_positions", "make", "puzzle_of", "record_positions", "solve", "themes",
]
