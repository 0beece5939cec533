"""The compiled search (spoker.kernel) against the Python reference
(spoker.players.search.Expectimax) and the plain solver of tests/support/:
the same values under every rule set and a plug-in variant, with and without
windows, quiescence, both utilities; its budget, clock and progress; the
factory's paths (its warm-up in the window: test_warm_up.py)."""

from __future__ import annotations

import math
import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spoker import GameState, RuleSet
from spoker.engine.judging import Rulings
from spoker.engine.rules import Variant, register_variant, unregister_variant
from spoker.kernel import Kept, kernel_path, new_search
from spoker.kernel.memo import Memo, thread_memo
from spoker.kernel.tables import bag_totals, build_tables, settling_table
from spoker.players import ExpertPlayer
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax, OutOfBudget, Utility, WinUtility
from tests.support.reference_solver import ReferenceSolver
from tests.support.strategies import any_rule_sets, endgames, seeds


def _no_climbing_lines(rulings: Rulings) -> Rulings:
    return rulings.without(lambda p: p.kind in (3, 4) and len({c.level for c in p.cells}) > 1, "flat lines only")


FLAT = Variant("kernel-flat-lines", "only lines within one level count", _no_climbing_lines)


@pytest.fixture(scope="module")
def flat() -> object:
    register_variant(FLAT)
    yield RuleSet("visible", False, ("kernel-flat-lines",))
    unregister_variant(FLAT.name)


RULE_SETS = [RuleSet("visible", False, ()), RuleSet("touching", False, ()), RuleSet("visible", True, ()),
             RuleSet("touching", True, ())]


def _position(rules: RuleSet, seed: int, placed: int) -> GameState:
    """A random game under ``rules`` stopped after ``placed`` balls (or its end), its next ball drawn."""
    rng = random.Random(seed)
    state = GameState(rules)
    while state.move_number < placed:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
        if state.is_over:
            state = GameState(rules)
            placed = min(placed, 20)
    state.draw(rng)
    return state


def _both(state: GameState, depth: int, utility: Utility | None, quiescence: bool, windows: bool, prune: bool = False) -> tuple[list, list]:
    kernel = new_search(state.rules, utility, quiescence=quiescence)
    kernel.windows = windows
    python = Expectimax(state.rules, utility, quiescence=quiescence)
    python.windows = windows
    return (kernel.analyse(*root_args(state), depth, prune=prune), python.analyse(*root_args(state), depth, prune=prune))


def _equal(found: list, expected: list) -> None:
    assert [c for c, _ in found] == [c for c, _ in expected]
    for (_, a), (_, b) in zip(found, expected, strict=True):
        assert a == pytest.approx(b, abs=1e-9, rel=0)


@settings(max_examples=12)
@given(seed=seeds, placed=st.integers(0, 26), depth=st.integers(1, 3), which=st.integers(0, 3),
       win=st.booleans(), quiescence=st.booleans(), windows=st.booleans())
def test_values_equal_the_python_search_under_every_rule_set(
    seed: int, placed: int, depth: int, which: int, win: bool, quiescence: bool, windows: bool
) -> None:
    state = _position(RULE_SETS[which], seed, placed)
    _equal(*_both(state, depth, WinUtility() if win else Utility(), quiescence, windows))


@settings(max_examples=10)
@given(rules=any_rule_sets(), seed=seeds, placed=st.integers(0, 26), depth=st.integers(1, 3),
       win=st.booleans(), quiescence=st.booleans())
def test_values_equal_the_python_search_under_any_rule_set_of_items(
    rules: RuleSet, seed: int, placed: int, depth: int, win: bool, quiescence: bool
) -> None:
    """lines=, off=, order=, tie= and bag= reach the kernel through the judge's
    tables, the rule set's bag and its settling table, never a copy of a ruling."""
    state = _position(rules, seed, placed)
    _equal(*_both(state, depth, WinUtility() if win else Utility(), quiescence, True))


@settings(max_examples=6)
@given(seed=seeds, placed=st.integers(0, 26), depth=st.integers(1, 3), quiescence=st.booleans())
def test_values_equal_the_python_search_under_a_plug_in_variant(
    flat: RuleSet, seed: int, placed: int, depth: int, quiescence: bool
) -> None:
    state = _position(flat, seed, placed)
    _equal(*_both(state, depth, WinUtility(), quiescence, True))


def test_a_pruned_root_keeps_the_best_cells() -> None:
    state = _position(RULE_SETS[0], 5, 14)
    kernel, python = _both(state, 3, WinUtility(), True, True, prune=True)
    best = max(v for _, v in python)
    assert max(v for _, v in kernel) == pytest.approx(best, abs=1e-9)
    assert {c for c, v in kernel if v >= best - 1e-9} == {c for c, v in python if v >= best - 1e-9}


@settings(max_examples=8)
@given(state=endgames(left=(3, 4, 5)))
def test_exact_values_equal_the_plain_solver_at_the_end(state: GameState) -> None:
    solver = ReferenceSolver()
    search = new_search(state.rules, WinUtility())
    search.windows = False
    left = 30 - state.move_number
    for cell, value in search.analyse(*root_args(state), left):
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-9)


def test_the_node_limit_stops_the_search() -> None:
    state = _position(RULE_SETS[0], 1, 6)
    search = new_search(state.rules, WinUtility(), limit=5_000)
    with pytest.raises(OutOfBudget):
        search.analyse(*root_args(state), 4)
    assert 5_000 < search.nodes < 5_000 + 100


def test_the_clock_and_the_progress_are_read_every_so_many_nodes() -> None:
    state = _position(RULE_SETS[0], 2, 6)
    told: list[int] = []
    ticks = iter(range(10**6))
    search = new_search(state.rules, WinUtility(), deadline=20.0, clock=lambda: float(next(ticks)))
    search.progress = told.append
    with pytest.raises(OutOfBudget):
        search.analyse(*root_args(state), 5)
    assert len(told) == 21  # readings 0 to 20 are within the deadline, the 22nd is past it
    assert all(1024 <= b - a < 1024 + 30 for a, b in zip(told, told[1:]))


def test_a_progress_callback_error_reaches_the_caller() -> None:
    state = _position(RULE_SETS[0], 3, 6)
    search = new_search(state.rules)

    def stop(nodes: int) -> None:
        raise KeyboardInterrupt

    search.progress = stop
    with pytest.raises(KeyboardInterrupt):
        search.analyse(*root_args(state), 4)
    search.progress = None
    assert search.analyse(*root_args(state), 1)  # the search is usable again


class _Pressed(Exception):
    """The test's Ctrl-C handler's exception (a stray KeyboardInterrupt would stop pytest)."""


def test_a_ctrl_c_while_the_kernel_runs_stops_the_search() -> None:
    """SIGINT comes while the main thread is in the compiled loop. Python
    handles it on entering the next call back, before any ``try`` there, where
    ctypes used to print the exception and drop it: the search answered as if
    never interrupted (``spoker hint`` printed its hints, exit 0)."""
    import os
    import signal

    state = _position(RULE_SETS[0], 3, 4)
    search = new_search(state.rules)
    timers: list[threading.Timer] = []

    def press_soon(nodes: int) -> None:  # the key is pressed a little later, inside the kernel
        if not timers:
            timers.append(threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)))
            timers[0].start()

    def handler(signum: int, frame: object) -> None:
        raise _Pressed

    search.progress = press_soon
    previous = signal.signal(signal.SIGINT, handler)
    try:
        with pytest.raises(_Pressed):
            search.analyse(*root_args(state), 12)  # seconds of search: the key comes long before its end
        timers[0].join()
    finally:
        signal.signal(signal.SIGINT, previous)
    assert signal.getsignal(signal.SIGINT) is previous
    search.progress = None
    assert search.analyse(*root_args(state), 1)  # the search is usable again


def test_a_kept_memo_is_bounded_and_shared_across_depths_and_moves() -> None:
    state = _position(RULE_SETS[0], 4, 10)
    memo = Memo()
    first = new_search(state.rules, WinUtility(), memo=memo)
    values = first.analyse(*root_args(state), 3)
    again = new_search(state.rules, WinUtility(), memo=memo)
    assert again.analyse(*root_args(state), 3) == values
    assert again.nodes < first.nodes  # the table answered
    assert memo.nbytes < 60 * 2**20
    other = new_search(state.rules, Utility(), memo=memo)  # another utility: the memo starts afresh
    _equal(other.analyse(*root_args(state), 2), Expectimax(state.rules).analyse(*root_args(state), 2))


def test_the_tables_read_the_rules() -> None:
    rules = RULE_SETS[1]
    tables = build_tables(rules, WinUtility())
    assert tuple(tables.ints[6:9]) == bag_totals(rules) == (10, 10, 10)
    assert (tables.gain == settling_table(rules)).all()
    assert tables.ints[0] == 0  # touching: no visibility
    assert math.isclose(tables.floats[0], 1.0)


def test_the_python_path_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOKER_KERNEL", "python")
    assert kernel_path() == "python (SPOKER_KERNEL=python)"
    state = _position(RULE_SETS[0], 6, 12)
    search = new_search(state.rules, WinUtility())
    assert type(search) is Expectimax
    kept = Kept()
    kept.attach(search)
    assert search.table is kept.table
    player = ExpertPlayer(seed=1, effort=2_000)
    assert player.choose(state) in state.legal_cells()


def test_research_searches_stay_python() -> None:
    class Research(Expectimax):
        pass

    player = ExpertPlayer(seed=1, effort=2_000, search=Research)
    state = _position(RULE_SETS[0], 7, 12)
    assert player.choose(state) in state.legal_cells()
    assert thread_memo().nbytes > 0
