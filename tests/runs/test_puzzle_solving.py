"""Puzzles: solving, checking and making them, held against the plain solver."""

from __future__ import annotations

import functools

import pytest
from support.reference_solver import ReferenceSolver

from shibumi import Cell
from spoker.engine.previews import Outcome, preview
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.records.puzzles import Puzzle
from spoker.runs import puzzles
from spoker.runs.puzzles import ANSWER_MARGIN, CLEAR_MARGIN, THEMES, check, make, solve, themes

SMALL_LEFT = 6
"""The plain solver's yardstick is slow: endgames of this many balls left or fewer."""


@functools.cache
def endgames() -> list[GameState]:
    """Positions with a ball drawn and few balls left, from six games."""
    return [s for s in puzzles.game_positions(6, 11, ("greedy", "lookahead"))
            if 30 - s.move_number <= SMALL_LEFT and len(s.legal_cells()) > 1]


@functools.cache
def made() -> tuple[Puzzle, ...]:
    found, _ = make(endgames(), max_left=SMALL_LEFT)
    return tuple(found)


def reference_values(state: GameState) -> dict[Cell, float]:
    solver = ReferenceSolver()
    return {c: solver.placement_value(state, c) for c in state.legal_cells()}


def test_the_values_are_the_plain_solvers() -> None:
    assert len(endgames()) >= 8
    for state in endgames():
        solution = solve(state)
        assert solution.exact
        expected = reference_values(state)
        assert solution.values.keys() == expected.keys()
        for cell, value in expected.items():
            assert abs(solution.values[cell] - value) < 1e-9, (state, cell)


def test_made_puzzles_hold_against_the_plain_solver() -> None:
    assert made(), "six games give some puzzles"
    for puzzle in made():
        values = reference_values(puzzle.game_state())
        best = max(values.values())
        assert puzzle.answers == tuple(sorted(c for c, v in values.items() if v >= best - ANSWER_MARGIN))
        assert all(best - v >= CLEAR_MARGIN for c, v in values.items() if c not in puzzle.answers)
        assert check(puzzle) == []
        assert set(puzzle.themes) <= set(THEMES)
        assert puzzle.difficulty is not None and 0 <= puzzle.difficulty <= 2


def test_make_keeps_exactly_the_publishable_positions_once() -> None:
    states = endgames()
    found, tried = make([*states, *(s.copy() for s in states)], max_left=SMALL_LEFT)
    assert tried == len({s.to_string() for s in states})
    assert [p.state for p in found] == [p.state for p in made()]  # never a position twice
    publishable = [s.to_string() for s in states if solve(s).publishable]
    assert [p.state for p in found] == list(dict.fromkeys(publishable))


def test_check_names_wrong_answers_and_unclear_ones() -> None:
    puzzle = made()[0]
    state = puzzle.game_state()
    wrong = next(c for c in state.legal_cells() if c not in puzzle.answers)
    reasons = check(puzzle._replace(answers=(wrong,)))
    assert len(reasons) == 1 and f"not {wrong}" in reasons[0]
    later = (s for s in puzzles.game_positions(4, 5) if 30 - s.move_number <= 8 and len(s.legal_cells()) > 1)
    unclear = next(s for s in later if (m := solve(s).margin) is not None and m < CLEAR_MARGIN)
    solution = solve(unclear)
    reasons = check(Puzzle(unclear.to_string(), solution.answers))
    assert reasons and reasons[-1].startswith("no clear answer")


def test_a_position_the_search_cannot_finish_is_not_exact() -> None:
    early = next(s for s in puzzles.game_positions(1, 3) if s.move_number == 8)
    solution = solve(early, effort=1000)
    assert not solution.exact and not solution.publishable
    assert check(Puzzle(early.to_string(), solution.answers), effort=1000)[0].startswith("not exact")


def test_themes_follow_their_definitions() -> None:
    for puzzle in made():
        state = puzzle.game_state()
        outcomes = {preview(state, a).outcome for a in puzzle.answers}
        if "answer-the-challenge" in puzzle.themes:
            assert state.challenge is not None and outcomes <= {Outcome.BEATS, Outcome.TIES}
        if "make-the-straight-flush" in puzzle.themes:
            assert outcomes == {Outcome.WINS_GAME}
        if state.challenge is not None and outcomes == {Outcome.BEATS}:
            assert {"answer-the-challenge", "win-the-point"} <= set(puzzle.themes)


def test_difficulty_counts_the_wrong_cells_the_simple_players_choose() -> None:
    from spoker.players import make_player

    for puzzle in made():
        state = puzzle.game_state()
        picks = {make_player(n, seed=0).choose(state.copy()) for n in ("greedy", "lookahead")}
        assert puzzle.difficulty == len(picks - set(puzzle.answers))


# Positions of simulated games (game_positions(20, 3), level-tie-break of
# game_positions(40, 9)) showing each rarer theme.
EXAMPLES = {
    "make-the-straight-flush": "BWRRRBRWWWWWBBBB/RRRBRRWWW/B.W./. 2 6-4 - R * visible",
    "deny-the-straight-flush": "BWRRRBRWWWWWBBBB/RR..R.WWW/..../. 1 4-3 - R * visible",
    "covered": "RRRBRWBWRBWRRWWW/WBBWBBRWR/.W../. 1 3-3 three_kinds:1C1,2D2,3E3 B * visible",
    "cut": "WBRBWWRBWBRBWRRR/BBBWWW..W/WR../. 2 4-6 three_kinds:1C5,2D4,3E3 R * visible",
    "apex": "WWWWBRRWBWBWRBBR/.W.WRRR.B/..../. 1 1-3 - R * visible",
    "level-tie-break": "BRBRBWRBBWWWBWBR/RBRWWWRWB/..../. 2 5-4 flush_three:2B4,2D4,2F4 R * visible",
}


def _sf_next(state: GameState, cell: Cell) -> bool:
    after = state.copy()
    after.apply_place(cell)
    for colour, _ in after.chance_outcomes():
        drawn = after.copy()
        drawn.apply_draw(colour)
        if any(preview(drawn, c).outcome is Outcome.WINS_GAME for c in drawn.legal_cells()):
            return True
    return False


@pytest.mark.parametrize("theme", sorted(EXAMPLES))
def test_each_theme_is_found_where_its_definition_holds(theme: str) -> None:
    state = parse_state(EXAMPLES[theme])
    solution = solve(state)
    assert solution.exact
    assert theme in themes(state, solution)
    answers, others = solution.answers, [c for c in state.legal_cells() if c not in solution.answers]
    if theme == "make-the-straight-flush":
        assert all(preview(state, a).outcome is Outcome.WINS_GAME for a in answers)
    elif theme == "deny-the-straight-flush":
        assert not any(_sf_next(state, a) for a in answers) and any(_sf_next(state, c) for c in others)
    elif theme == "level-tie-break":
        for a in answers:
            seen = preview(state, a)
            assert seen.outcome is Outcome.BEATS and seen.formed is not None and seen.answered is not None
            assert seen.formed.rank == seen.answered.rank and seen.formed.top_level > seen.answered.top_level
    elif theme in ("covered", "cut"):
        # Without the visibility ruling the same position has neither theme.
        blind = parse_state(EXAMPLES[theme].replace(" visible", " touching"))
        assert not {"covered", "cut"} & set(themes(blind, solve(blind)))
    else:
        free = parse_state(EXAMPLES[theme].replace(" visible", " visible,apex-free"))
        assert solve(free).answers != answers
        assert "apex" not in themes(free, solve(free))


def test_wrong_arguments_are_type_errors() -> None:
    from typing import Any

    from spoker.records.puzzles import format_puzzle, parse_puzzles

    bad: Any = "x"
    calls = (
        lambda: solve(bad), lambda: check(bad), lambda: list(puzzles.candidates([bad])),
        lambda: puzzles.difficulty(bad, ()), lambda: format_puzzle(bad), lambda: parse_puzzles(bad.encode()),
    )
    for call in calls:
        with pytest.raises(TypeError):
            call()
