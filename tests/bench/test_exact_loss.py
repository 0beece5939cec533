"""bench/exact_loss.py: exact values that search to the end agrees with, and losses >= 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.exact_loss import CacheError, check_chooser, losses, positions, solve
from spoker import parse_state


def test_a_search_to_the_end_loses_nothing_and_players_never_gain() -> None:
    solved = positions(ball=25, count=6, seed=3, cache=None)  # six balls left: quick to solve
    assert solved, "some of the positions leave a choice that matters"
    exact, _ = losses("depth:6", solved)  # six placements deep reaches the end
    assert exact == [0.0] * len(solved)
    found, _ = losses("greedy", solved)
    assert all(x >= -1e-12 for x in found)


def test_solve_values_every_playable_cell() -> None:
    state = parse_state(positions(ball=25, count=6, seed=3, cache=None)[0][0])
    values = solve(state)
    assert set(values) == {int(c) for c in state.legal_cells()}
    assert all(-1.0 <= v <= 1.0 for v in values.values())


def test_the_cache_round_trips_and_refuses_damaged_or_foreign_files(tmp_path: Path) -> None:
    cache = tmp_path / "solved.json"
    first = positions(ball=25, count=6, seed=3, cache=cache)
    assert positions(ball=25, count=6, seed=3, cache=cache) == first  # read back, not solved again
    with pytest.raises(CacheError, match="ball 25, seed 3"):
        positions(ball=24, count=6, seed=3, cache=cache)
    for damaged in ("{not json", '{"ball": 25, "seed": 3, "positions": [["no state", {}]]}', "[]"):
        cache.write_text(damaged, encoding="utf-8")
        with pytest.raises(CacheError, match="damaged"):
            positions(ball=25, count=6, seed=3, cache=cache)


def test_choosers_are_checked_before_any_solving() -> None:
    for good in ("depth:3", "depth:4,opening=0.25", "depth:3,evaluation=patterns", "lookahead",
                 "expert:effort=3000,opening=0.25", "expert:evaluation=patterns"):
        check_chooser(good)
    for bad in ("depth:x", "depth:0", "depth:3,bogus=2", "depth:3,evaluation=learned", "expert:bogus=1", "nobody"):
        with pytest.raises(ValueError, match="chooser") as info:
            check_chooser(bad)
        assert repr(bad) in str(info.value)


def test_a_depth_chooser_takes_search_options() -> None:
    solved = positions(ball=25, count=4, seed=3, cache=None)
    plain, _ = losses("depth:2", solved)
    same, _ = losses("depth:2,opening=0", solved)
    assert plain == same
    shifted, _ = losses("depth:2,opening=0.5", solved)
    assert all(x >= -1e-12 for x in shifted)


def test_a_depth_chooser_can_use_the_pattern_leaf() -> None:
    solved = positions(ball=25, count=4, seed=3, cache=None)
    plain, _ = losses("depth:2", solved)
    fitted, _ = losses("depth:2,evaluation=patterns", solved)
    assert len(fitted) == len(plain)
    assert all(x >= -1e-12 for x in fitted)
