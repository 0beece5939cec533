"""How the analysis spends its effort (docs/analysis.md, "Values"): the search
deepens while the next depth is predicted to fit in the effort, gives up a
depth that overruns it, goes straight to the end two placements short of it,
may take EXACT_FACTOR times the effort to be exact, and is always exact with
EXACT_LEFT balls left or fewer; the positions judged are reported.

The positions below are pinned (state strings, notation.md): each was chosen
for what it shows, said next to it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from support.reference_solver import ReferenceSolver

from shibumi import parse_cell
from spoker import GameState, parse_state
from spoker.records.record import parse_record
from spoker.runs import analysis as analysis_module
from spoker.runs.analysis import (
    ANALYSIS_EXACT_FACTOR,
    ANALYSIS_LAST_PLIES,
    EXACT_FACTOR,
    EXACT_LEFT,
    LAST_PLIES,
    analyse_move,
    placement_values,
)

EARLY = "..W.....WR.....B/........./..../. 1 0-0 - W * visible"
"""Move 5, twelve playable cells: one placement deep costs 24 positions."""
ONE_CELL = "BRBRRWWBBWWRRBRB/WBRB.RWRB/..../. 1 0-0 - B"
"""Six balls left and one playable cell (2D4, under every cell of level 3)."""
ONE_CELL_FLUSH = "BRBRRWWBBWWRRBRB/WBRB.RWRB/..../. 1 0-0 - W"
"""The same, a white ball drawn: white on 2D4 tops four white balls, a
straight flush, which ends the game: one position judged at any depth."""
SIX_LEFT = "WWWBRBBRWBRWWRBR/BRRWR.BWW/..../. 1 3-1 - B * visible"
"""Six balls left: three placements deep costs 178 positions, the exhaustive
search from there 678 more."""
FIVE_LEFT = "RRRWBWBBRWBRRWWW/WB.WBWBWB/...R/. 2 4-3 - R * visible"
TWO_LEFT = "WWBWBRBWBWRBRWBW/BWRRWRRRB/B.BR/. 1 3-3 - W * visible"
LAST_BALL = "BWWBWBRRWWBWBRWB/RWRRBRBRR/BBWR/. 2 5-4 - W * visible"

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "sample-game.txt"

SLACK = 3 * 30
"""A search checks its budget at each draw, after counting the cells of that
draw: the positions at its horizon under it (three colours times the cells) can
still be judged before the next check, so a search may overrun its limit by
that much, no more."""


def _left(state: GameState) -> int:
    return 30 - state.move_number


def _tried(state: GameState, effort: int, before: int) -> bool:
    """Whether the search at ``effort`` started a depth after the ones that
    cost ``before`` positions (it judged more than those)."""
    return placement_values(state, effort=effort).nodes > before


def test_one_position_a_cell_judged_at_the_last_balls() -> None:
    """The positions judged (``nodes``) count one a cell examined: the last ball
    has one cell; with two left, one cell, then the apex under it."""
    assert placement_values(parse_state(LAST_BALL), effort=1).nodes == 1
    assert placement_values(parse_state(TWO_LEFT), effort=1).nodes == 2


@pytest.mark.parametrize("text", [FIVE_LEFT, TWO_LEFT, LAST_BALL])
def test_exact_with_few_balls_left_whatever_the_effort(text: str) -> None:
    """With EXACT_LEFT balls left or fewer the search goes to the end at once,
    even on an effort of 1 (and beyond it: an exhaustive search is never cut)."""
    state = parse_state(text)
    assert _left(state) <= EXACT_LEFT
    found = placement_values(state, effort=1, prune=False)
    assert found.exact and found.depth == _left(state)
    assert found.nodes >= len(state.legal_cells())
    solver = ReferenceSolver()
    assert set(found.values) == set(state.legal_cells())
    for cell, value in found.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)


def test_one_placement_deep_whatever_the_effort() -> None:
    """The first depth, one placement, is searched whole however small the
    effort (it judges one position a cell and its horizon); the next depth is
    not started when it cannot fit."""
    state = parse_state(EARLY)
    played = parse_cell("1A1")
    found = placement_values(state, effort=1, played=played)
    assert (found.depth, found.exact) == (1, False)
    assert played in found.values
    assert found.nodes == 2 * len(state.legal_cells())  # each cell and its horizon


@pytest.mark.parametrize("text", [EARLY, ONE_CELL, ONE_CELL_FLUSH])
def test_the_second_depth_starts_when_predicted_to_fit(text: str) -> None:
    """The next depth is predicted to cost the last one times the tree's
    branching, three colours times the cells playable now, and is started only
    if what was judged plus that fits in the effort."""
    state = parse_state(text)
    first = placement_values(state, effort=1).nodes  # one placement deep
    fits = first + first * 3 * len(state.legal_cells())
    assert not _tried(state, fits - 1, first)
    assert _tried(state, fits, first)


def test_a_depth_costing_nothing_new_predicts_the_next_alike() -> None:
    """A straight flush ends the game: each depth judges one position, so the
    next is predicted to cost one more, and four positions take the search to
    the end of the game."""
    found = placement_values(parse_state(ONE_CELL_FLUSH), effort=4)
    assert found.exact and found.depth == 6 and found.nodes == 4
    assert found.values == {parse_cell("2D4"): 1.0}


def test_later_depths_are_predicted_by_the_last_growth() -> None:
    """From the third depth on, the next depth is predicted to cost the last
    one times the last growth (last cost / the one before), when that is below
    three colours times the cells."""
    state = parse_state(EARLY)
    cells = len(state.legal_cells())
    first = placement_values(state, effort=1).nodes
    two = placement_values(state, effort=first + first * 3 * cells)
    assert two.depth == 2
    second = two.nodes - first
    growth = second / first
    assert growth < 3 * cells  # the last growth is the smaller: it decides
    fits = math.ceil(two.nodes + second * growth)
    assert not _tried(state, fits - 1, two.nodes)
    assert _tried(state, fits, two.nodes)


def test_a_depth_that_overruns_the_effort_is_given_up() -> None:
    """A depth predicted to fit may cost more: the search stops once it has
    judged the effort (within SLACK) and keeps the values of the last depth it
    finished. Here the third depth, predicted at about 6,208 positions, needs 6,406."""
    state = parse_state(EARLY)
    cells = len(state.legal_cells())
    first = placement_values(state, effort=1).nodes
    two = placement_values(state, effort=first + first * 3 * cells)
    second = two.nodes - first
    effort = math.ceil(two.nodes + second * (second / first))  # the third depth is started
    found = placement_values(state, effort=effort)
    assert found.nodes > two.nodes  # started,
    assert found.nodes <= effort + SLACK  # stopped within the effort,
    assert found.depth == 2 and found.values == two.values  # and given up


@pytest.mark.parametrize("effort", [100, 300, 1000, 3000])
def test_an_estimate_judges_no_more_than_the_effort(effort: int) -> None:
    """Past the first depth an estimate never judges more than the effort
    (within SLACK): the budget of an estimate is the effort, not EXACT_FACTOR
    times it."""
    state = parse_state(EARLY)
    found = placement_values(state, effort=effort)
    assert not found.exact
    first = placement_values(state, effort=1).nodes
    assert found.nodes <= max(first, effort + SLACK)


def test_exactness_may_take_exact_factor_times_the_effort() -> None:
    """Two placements short of the end (LAST_PLIES) the search goes straight to
    the end, which may judge EXACT_FACTOR times the effort: with six balls left,
    three placements deep (178 positions) then the end (678 more) at an effort
    of 400; at 200 the end does not fit and the values stay estimates three
    placements deep."""
    state = parse_state(SIX_LEFT)
    left = _left(state)
    assert left == 6 and left - LAST_PLIES - 1 == 3
    found = placement_values(state, effort=400, prune=False)
    assert found.exact and found.depth == left
    assert 2 * 400 < found.nodes <= EXACT_FACTOR * 400
    solver = ReferenceSolver()
    for cell, value in found.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)
    short = placement_values(state, effort=200)
    assert (short.exact, short.depth) == (False, 3)
    assert short.nodes <= 200


def test_the_depth_never_stops_two_placements_short_of_the_end() -> None:
    """From LAST_PLIES placements short of the end the next depth is the end:
    an estimate is never left - 2 or left - 1 placements deep."""
    state = parse_state(SIX_LEFT)
    left = _left(state)
    for effort in (100, 150, 200, 250, 300, 400, 1500):
        found = placement_values(state, effort=effort)
        assert found.depth not in (left - 2, left - 1), effort
        assert found.exact == (found.depth == left)



def test_a_records_analysis_tries_the_end_a_placement_sooner_than_the_hints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The analysis's reach (ANALYSIS_LAST_PLIES placements short of the end,
    ANALYSIS_EXACT_FACTOR times the effort): with six balls left at an effort
    of 200 it is exact, where the hints' reach stops three placements deep;
    a record's placements and the luck of its draws are searched with it."""
    state = parse_state(SIX_LEFT)
    assert (ANALYSIS_LAST_PLIES, ANALYSIS_EXACT_FACTOR) > (LAST_PLIES, EXACT_FACTOR)
    far = placement_values(state, effort=200, prune=False,
                           last_plies=ANALYSIS_LAST_PLIES, exact_factor=ANALYSIS_EXACT_FACTOR)
    assert far.exact and far.nodes <= ANALYSIS_EXACT_FACTOR * 200  # straight from two placements deep: 718
    solver = ReferenceSolver()
    for cell, value in far.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)
    assert not placement_values(state, effort=200).exact
    reaches: list[tuple[object, object]] = []
    real = analysis_module.placement_values

    def noted(*args: object, **kwargs: object) -> object:
        reaches.append((kwargs.get("last_plies"), kwargs.get("exact_factor")))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis_module, "placement_values", noted)
    record = parse_record(SAMPLE.read_text(encoding="utf-8"))
    analyse_move(record, 27, effort=50, luck=True)
    assert len(reaches) >= 2 and set(reaches) == {(ANALYSIS_LAST_PLIES, ANALYSIS_EXACT_FACTOR)}  # placement and draws


# -- pruning and the search's order ---------------------------------------------
FLUSH_AT_3E5 = "BWWWBWBWBRRBRBBR/RBRBWWRWW/..../. 2 3-2 - W * visible"
"""White on 3E5 is a straight flush (a win); on 3C3 three of three kinds; on
3E3 or 3C5 nothing (values -0.75 and -0.25)."""
TIED_WINS = "BWBWRRRBBRWBRWRB/RBWWRRBBW/W.../. 1 5-3 - B * visible"
"""Black on 3E3 and on 3E5 both win for sure (value 1)."""


def test_pruning_values_only_the_played_cell_and_the_best() -> None:
    """docs/analysis.md, "Searching": the record's cell is searched first, then
    the strongest groups first, and a cell that cannot be best is not reported.
    The straight flush, searched right after the played cell, bounds all the
    others: even 3C5, better than the played 3E3, is left out."""
    state = parse_state(FLUSH_AT_3E5)
    found = placement_values(state, effort=1, played=parse_cell("3E3"))
    assert found.values == {parse_cell("3E3"): pytest.approx(-0.75), parse_cell("3E5"): 1.0}
    assert placement_values(state, effort=1).values == {parse_cell("3E5"): 1.0}  # prune by default
    every = placement_values(state, effort=1, prune=False)
    assert set(every.values) == set(state.legal_cells())


def test_pruning_keeps_every_cell_tied_for_the_best() -> None:
    """A cell as good as the best so far is valued too (ties are broken later,
    by the lowest cell): with pruning, the cells tied for the best are the same
    as without."""
    state = parse_state(TIED_WINS)
    for played in (None, parse_cell("3E3")):
        pruned = placement_values(state, effort=1, played=played).values
        every = placement_values(state, effort=1, prune=False).values
        top = max(every.values())
        best = {c for c, v in every.items() if v == pytest.approx(top, abs=1e-9)}
        assert best == {parse_cell("3E3"), parse_cell("3E5")}
        assert best <= set(pruned)
        for cell, value in pruned.items():
            assert value == pytest.approx(every[cell], abs=1e-9)
