"""Statistics of many games: Wilson intervals of rates, normal intervals of means."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.runs.stats import mean_interval, wilson_interval


@pytest.mark.parametrize(
    ("score", "games", "lo", "hi"),
    [
        # Known 95% Wilson intervals (z = 1.96).
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (50, 100, 0.4038, 0.5962),
        (81, 263, 0.2553, 0.3662),
        (1, 2, 0.0945, 0.9055),
    ],
)
def test_wilson_interval_known_values(score: float, games: int, lo: float, hi: float) -> None:
    got = wilson_interval(score, games)
    assert got == pytest.approx((lo, hi), abs=5e-4)


@given(games=st.integers(1, 10_000), frac=st.floats(0, 1))
def test_wilson_interval_holds_the_rate(games: int, frac: float) -> None:
    score = round(frac * games * 2) / 2  # half points for draws
    lo, hi = wilson_interval(score, games)
    assert 0.0 <= lo <= score / games <= hi <= 1.0
    assert hi - lo <= 1.0


def test_wilson_interval_without_games() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_mean_interval() -> None:
    assert mean_interval(0, 0, 0) == (0.0, 0.0, 0.0)
    m, lo, hi = mean_interval(30, 30 * 30, 1)
    assert (m, lo, hi) == (30.0, 30.0, 30.0)
    m, lo, hi = mean_interval(3, 5, 2)  # values 1 and 2
    assert m == 1.5 and lo < 1.5 < hi
