"""The search's memos keep to a bound (spoker.players.search.MEMO_ENTRIES):
``spoker hint --effort 100000000`` grew some 7 MB a CPU-second without one."""

from __future__ import annotations

import pytest

from spoker.engine.state_strings import parse_state
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax

STATE = "WBRW.R.B......../........./..../. 1 0-0 - W *"
"""Six balls down, white drawn: a depth-4 search fills some 70,000 entries."""


def _search(bound: int | None) -> tuple[Expectimax, list[tuple[int, float]], list[int]]:
    state = parse_state(STATE)
    search = Expectimax(state.rules)
    search.windows = False  # every chance node searched whole: the values are exact
    sizes: list[int] = []
    if bound is not None:
        search.memo_entries = bound
        search.progress = lambda nodes: sizes.append(search.memo_size())
    return search, search.analyse(*root_args(state), 4), sizes


def test_the_memos_keep_to_their_bound_and_the_values_stay() -> None:
    free, values, _ = _search(None)
    bound = 5_000
    assert free.memo_size() > 5 * bound  # the bound is met many times below
    bounded, kept, sizes = _search(bound)
    assert len(sizes) > 10 and max(sizes) <= bound  # read after each look, every 1,024 nodes
    assert [c for c, _ in kept] == [c for c, _ in values]
    assert [v for _, v in kept] == pytest.approx([v for _, v in values], abs=1e-9)
    assert bounded.nodes > free.nodes  # work done again, no value changed

