"""The expert: legal, deterministic, within its node budget and its deadline."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.search_checks import (
    budget_is_respected,
    plays_the_same_twice,
    position,
    pruned_and_exact,
)

from spoker import GameState, parse_state
from spoker.players import ExpertPlayer, PlayerError, make_player
from spoker.players.bitboard import pending_code, score_diff
from spoker.players.search import Expectimax, WinUtility


class _FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_expert_is_deterministic_without_a_deadline() -> None:
    # (The same with a research leaf on one side: tests/bench/test_leaves.py.)
    plays_the_same_twice(lambda seed: [make_player("expert", seed, effort=e, time_limit=None) for e in (4000, 3000)])


@pytest.mark.parametrize("placed", [8, 18, 20, 22])
def test_node_budget_is_respected_where_the_search_is_costliest(placed: int) -> None:
    budget_is_respected(lambda seed, effort: ExpertPlayer(seed, effort=effort, time_limit=None), placed)


def test_default_limits_keep_a_move_within_a_second() -> None:
    # The safety net is CPU time of the searching thread, under a second; the
    # node budget alone would allow more than a second on the costliest moves
    # (an exact solution of the rest of the game: docs/players.md).
    player = ExpertPlayer(1)
    assert player.time_limit is not None and player.time_limit < 1.0
    assert player.clock is time.thread_time


def test_a_deadline_cuts_the_search_but_a_move_is_always_found() -> None:
    # A clock that passes the limit at its first reading: only the first
    # depth (one placement and the leaf, which always completes) is played.
    for placed in (6, 19, 21):
        state = position(5, placed)
        clock = _FakeClock(step=1.0)
        player = ExpertPlayer(1, time_limit=0.5, clock=clock)
        cell = player.choose(state)
        assert cell in state.legal_cells()
        assert player.last_depth == 1
        assert clock.reads >= 2  # read at the start, then by the search


def test_a_deadline_far_away_changes_nothing() -> None:
    state = position(7, 19)
    slow = ExpertPlayer(1, effort=10_000, time_limit=1e9, clock=_FakeClock(step=1e-6))
    free = ExpertPlayer(1, effort=10_000, time_limit=None)
    assert slow.analyse(state, prune=True) == free.analyse(state, prune=True)
    assert slow.last_nodes == free.last_nodes


def test_the_utility_is_checked_and_the_research_options_are_not_the_products() -> None:
    with pytest.raises(PlayerError, match="utility"):
        ExpertPlayer(1, utility="margin")
    ExpertPlayer(1, utility="score")
    # The research leaves and the forced-opening term live in bench/leaves.py
    # (bench/ladder.py --expert evaluation=patterns): the product's expert
    # has the hand-made leaf only.
    for research in ({"evaluation": "learned"}, {"evaluation": "hand"}, {"opening": 0.25}, {"opening_from": 19}):
        with pytest.raises(PlayerError, match=next(iter(research))):
            make_player("expert", 1, **research)


@settings(max_examples=examples(20))  # each example runs two expert searches up to depth 3
@given(seed=st.integers(0, 10**6), placed=st.integers(0, 27), depth=st.integers(1, 3))
def test_pruning_keeps_the_best_cells(seed: int, placed: int, depth: int) -> None:
    pruned_and_exact(lambda rules: Expectimax(rules, WinUtility(), quiescence=True), seed, placed, depth)


def _windowed_and_whole(state: GameState, table: dict, leaf_table: dict) -> tuple[dict[int, float], dict[int, float]]:
    """Exact root values of the drawn ball's cells: by the bounded search
    sharing ``table`` (deepened first, as the expert does, root pruned) and by
    a search with whole chance nodes and a fresh table."""
    utility = WinUtility()
    args = (state.masks, state.occupied, state.playable_mask, pending_code(state),
            int(state.drawn or 0), score_diff(state))
    left = 30 - state.move_number
    for depth in range(1, left + 1):
        search = Expectimax(state.rules, utility, quiescence=True)
        search.table, search.leaf_table = table, leaf_table
        search.analyse(*args, depth, prune=True)
    search = Expectimax(state.rules, utility, quiescence=True)
    search.table, search.leaf_table = table, leaf_table
    windowed = dict(search.analyse(*args, left, prune=False))
    whole = Expectimax(state.rules, utility, quiescence=True)
    whole.windows = False
    return windowed, dict(whole.analyse(*args, left, prune=False))


@pytest.mark.parametrize("seed,start", [(3, 21), (15, 21), (40, 22)])
def test_bounded_search_stores_no_wrong_exact_values_across_moves(seed: int, start: int) -> None:
    # A chance node's fail-high (fail-low) bound, rounded, could land a hair
    # inside its window, and its parent then took it for an exact value and
    # stored it so (seed 3: values off by 0.025 to 0.07 on the 21st and 22nd balls).
    rng = random.Random(seed)
    state = GameState()
    table: dict = {}
    leaf_table: dict = {}
    while not state.is_over:
        state.draw(rng)
        if state.move_number >= start:
            windowed, whole = _windowed_and_whole(state, table, leaf_table)
            assert windowed == pytest.approx(whole, abs=1e-9)
        state.apply_place(rng.choice(state.legal_cells()))


def test_bounded_search_agrees_where_it_was_once_found_wrong() -> None:
    state = parse_state("WRRWWBBWBRWRRRBW/.R.WBBRBW/..../. 2 2-2 - B * visible,apex-free")
    windowed, whole = _windowed_and_whole(state, {}, {})
    assert windowed == pytest.approx(whole, abs=1e-9)


def test_the_cycle_collector_is_off_while_searching_and_restored_after() -> None:
    import gc

    seen: list[bool] = []

    def clock() -> float:
        seen.append(gc.isenabled())
        return time.thread_time()

    player = ExpertPlayer(seed=1, effort=2_000, clock=clock)
    assert gc.isenabled()
    player.choose(position(5, 12))
    assert seen and not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        player.choose(position(6, 12))
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()


def test_a_search_is_freed_without_the_cycle_collector() -> None:
    # The expert searches with the collector off: a search left in a reference
    # cycle (its memo holding it) would stay alive until a slow collection.
    import gc
    import weakref

    state = position(3, 14)
    gc.disable()
    try:
        search = Expectimax(state.rules, WinUtility(), quiescence=True)
        search.analyse(state.masks, state.occupied, state.playable_mask, pending_code(state),
                       int(state.drawn or 0), score_diff(state), 2)
        alive = weakref.ref(search)
        del search
        assert alive() is None
    finally:
        gc.enable()
