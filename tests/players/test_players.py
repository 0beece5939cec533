"""Computer players: legal, deterministic when seeded, faithful to the rules."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import games, rule_sets

from shibumi import CELLS, Board, Colour
from spoker import GameState, RuleSet
from spoker.engine.events import GroupFormed, StraightFlush
from spoker.engine.groups import best_code
from spoker.players import (
    PLAYER_DESCRIPTIONS,
    PLAYER_NAMES,
    Player,
    PlayerError,
    make_player,
)
from spoker.players.search import SF_POINTS, Expectimax, WinUtility
from spoker.players.simple import group_strengths

# Small efforts keep the expert quick here; the ladder benchmark plays it in full.
FAST_OPTIONS: dict[str, dict[str, object]] = {"expert": {"effort": 3000}}


def _with_draw(state: GameState, seed: int) -> GameState:
    state = state.copy()
    state.draw(random.Random(seed))
    return state


@st.composite
def drawn_states(draw: st.DrawFn, max_moves: int = 29) -> GameState:
    """A game in progress whose drawn ball waits to be placed."""
    state = draw(games(max_moves=max_moves))
    if state.is_over:
        state = GameState(state.rules)
    colours = [k for k, _ in state.chance_outcomes()]
    state.apply_draw(draw(st.sampled_from(colours)))
    return state


def test_names_and_descriptions() -> None:
    assert set(PLAYER_NAMES) >= {"random", "greedy", "lookahead", "expert"}
    assert set(PLAYER_DESCRIPTIONS) == set(PLAYER_NAMES)
    for name in PLAYER_NAMES:
        player = make_player(name, 1)
        assert isinstance(player, Player)
        assert player.name == name


def test_unknown_player_and_option_are_refused() -> None:
    with pytest.raises(PlayerError, match="'wizard'"):
        make_player("wizard")
    with pytest.raises(ValueError, match="colour"):
        make_player("greedy", 1, colour="red")
    with pytest.raises(PlayerError, match="effort"):
        make_player("expert", 1, effort=0)


@pytest.mark.parametrize("name", PLAYER_NAMES)
@settings(max_examples=examples(25))  # run for every player, searches included
@given(state=drawn_states())
def test_players_choose_playable_cells_and_leave_the_state_alone(name: str, state: GameState) -> None:
    before = state.to_string()
    history = list(state.history)
    cell = make_player(name, 3, **FAST_OPTIONS.get(name, {})).choose(state)
    assert cell in state.legal_cells()
    assert state.to_string() == before
    assert state.history == history


@pytest.mark.parametrize("name", PLAYER_NAMES)
def test_seeded_players_are_deterministic(name: str) -> None:
    def play(seed: int) -> list[str]:
        rng = random.Random(11)
        players = [make_player(name, seed, **FAST_OPTIONS.get(name, {})) for _ in range(2)]
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            state.apply_place(players[state.to_move - 1].choose(state))
        return [str(m) for m in state.history]

    assert play(5) == play(5)


def test_players_refuse_a_state_without_a_drawn_ball() -> None:
    for name in PLAYER_NAMES:
        with pytest.raises(ValueError, match="draw"):
            make_player(name, 1).choose(GameState())


def _engine_strength(state: GameState, cell: int) -> int:
    """Rank * 8 + top level of the counting group the engine reports."""
    child = state.copy()
    for event in child.apply_place(cell):
        if isinstance(event, GroupFormed):
            return int(event.group.rank) * 8 + event.group.top_level
    return 0


@given(state=drawn_states())
def test_greedy_takes_the_highest_group_the_engine_reports(state: GameState) -> None:
    strengths = {c: _engine_strength(state, c) for c in state.legal_cells()}
    assert dict(group_strengths(state)) == strengths
    cell = make_player("greedy", 2).choose(state)
    assert strengths[cell] == max(strengths.values())


@given(state=games(max_moves=29), visible=st.booleans())
def test_colour_codes_agree_with_best_code(state: GameState, visible: bool) -> None:
    m = state.masks
    for cell in state.legal_cells():
        judge = RuleSet("visible" if visible else "touching").judge
        codes = judge.colour_codes(m[0], m[1], m[2], state.occupied, cell)
        for k in range(3):
            masks = list(m)
            masks[k] |= 1 << cell
            rank, level, _ = best_code(masks, state.occupied | 1 << cell, cell, k, visible)
            assert codes[k] == (rank * 8 + level if rank else 0)


def _brute(state: GameState) -> float:
    """Expected final score difference for the player to move, by brute force
    through the engine (a straight flush worth SF_POINTS): the reference for
    the search."""
    if state.is_over:
        raise AssertionError("value of a finished game is taken by the caller")
    total = 0.0
    for colour, p in state.chance_outcomes():
        drawn = state.copy()
        drawn.apply_draw(colour)
        total += p * max(_brute_place(drawn, c) for c in drawn.legal_cells())
    return total


def _brute_place(state: GameState, cell: int) -> float:
    mover = state.to_move
    child = state.copy()
    events = child.apply_place(cell)
    if any(isinstance(e, StraightFlush) for e in events):
        return SF_POINTS
    if child.is_over:
        s = child.scores
        return float(s[mover - 1] - s[2 - mover])
    return -_brute(child)


@given(rules=rule_sets, seed=st.integers(0, 10**6), left=st.integers(1, 4))
def test_search_to_the_end_is_exact(rules: RuleSet, seed: int, left: int) -> None:
    rng = random.Random(seed)
    cut = GameState(rules)
    while not cut.is_over and cut.move_number < 30 - left:
        cut.draw(rng)
        cut.apply_place(rng.choice(cut.legal_cells()))
    assume(not cut.is_over)
    cut.draw(rng)
    left = 30 - cut.move_number
    s1, s2 = cut.scores
    lead = s1 - s2 if cut.to_move == 1 else s2 - s1
    search = Expectimax(cut.rules)
    got = dict(search.analyse(
        cut.masks, cut.occupied, cut.playable_mask,
        0 if cut.challenge is None else int(cut.challenge.group.rank) * 8 + cut.challenge.group.top_level,
        int(cut.drawn), lead, left,  # type: ignore[arg-type]
    ))
    for cell in cut.legal_cells():
        assert got[cell] == pytest.approx(_brute_place(cut, cell))


def test_greedy_beats_random() -> None:
    from spoker.runs.simulate import simulate

    tally = simulate(("greedy", "random"), 40, seed=3, swap=True, engine="scalar")
    assert tally.score_rate(0) >= 0.8


def test_lookahead_sees_a_response_coming() -> None:
    # Visibility and touching rules give the same ranking of a straight flush.
    for rules in (RuleSet("visible"), RuleSet("touching")):
        state = GameState.from_board(Board.from_string("WW..WW........../........./..../."), rules)
        state.apply_draw(Colour.WHITE)
        assert make_player("lookahead", 1).choose(state) == CELLS[16]
        assert make_player("expert", 1, effort=2000).choose(state) == CELLS[16]


def _win_brute_place(state: GameState, cell: int) -> float:
    """Expected result (+1 win, 0 draw, -1 loss) for the mover by brute force."""
    mover = state.to_move
    child = state.copy()
    events = child.apply_place(cell)
    if any(isinstance(e, StraightFlush) for e in events):
        return 1.0
    if child.is_over:
        s = child.scores
        lead = s[mover - 1] - s[2 - mover]
        return float((lead > 0) - (lead < 0))
    total = 0.0
    for colour, p in child.chance_outcomes():
        drawn = child.copy()
        drawn.apply_draw(colour)
        total += p * max(_win_brute_place(drawn, c) for c in drawn.legal_cells())
    return -total


def _args(state: GameState) -> tuple[tuple[int, int, int], int, int, int, int, int]:
    ch = state.challenge
    s1, s2 = state.scores
    return (
        state.masks, state.occupied, state.playable_mask,
        0 if ch is None else int(ch.group.rank) * 8 + ch.group.top_level,
        int(state.drawn), s1 - s2 if state.to_move == 1 else s2 - s1,  # type: ignore[arg-type]
    )


@given(rules=rule_sets, seed=st.integers(0, 10**6), left=st.integers(1, 4))
def test_pruned_search_for_the_result_is_exact(rules: RuleSet, seed: int, left: int) -> None:
    rng = random.Random(seed)
    state = GameState(rules)
    while not state.is_over and state.move_number < 30 - left:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    assume(not state.is_over)
    state.draw(rng)
    exact = dict(Expectimax(rules, WinUtility()).analyse(*_args(state), left))
    for cell in state.legal_cells():
        assert exact[cell] == pytest.approx(_win_brute_place(state, cell))
    pruned = dict(Expectimax(rules, WinUtility()).analyse(*_args(state), left, prune=True))
    best = max(exact.values())
    assert max(pruned.values()) == pytest.approx(best)
    assert {c for c, v in pruned.items() if v >= best - 1e-9} == {
        c for c, v in exact.items() if v >= best - 1e-9
    }


class _Unbounded(WinUtility):
    top = math.inf  # no bounds: Star1 cannot prune


@settings(max_examples=examples(25))  # each example runs two searches up to depth 3
@given(state=drawn_states(), depth=st.integers(1, 3))
def test_pruning_does_not_change_depth_limited_values(state: GameState, depth: int) -> None:
    pruned = dict(Expectimax(state.rules, WinUtility()).analyse(*_args(state), depth))
    plain = dict(Expectimax(state.rules, _Unbounded()).analyse(*_args(state), depth))
    assert pruned == pytest.approx(plain)
