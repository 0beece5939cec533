"""Glicko-2 (spoker.gui.models.puzzle_rating) against Glickman's worked example."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.errors import ArgumentError
from spoker.gui.models.puzzle_rating import (
    DIFFICULTY_RATINGS,
    HIGHEST,
    LOWEST,
    MIN_DEVIATION,
    Rating,
    after_puzzle,
    expected,
    in_bounds,
    puzzle_rating,
    update,
)


def test_the_papers_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500, RD 200, sigma 0.06, tau 0.5,
    # a win against 1400 (RD 30), losses against 1550 (100) and 1700 (300).
    new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    new = update(Rating(1500, 200, 0.06), [])
    assert new.rating == 1500
    assert new.deviation == pytest.approx(math.hypot(200 / 173.7178, 0.06) * 173.7178)


def test_solving_raises_failing_lowers_and_the_deviation_keeps_a_floor() -> None:
    start = Rating()
    up, down = after_puzzle(start, 1, True), after_puzzle(start, 1, False)
    assert up.rating > start.rating > down.rating
    assert up.deviation < start.deviation
    r = start
    for i in range(200):  # a person of the puzzles' own strength: as many solved as failed
        r = after_puzzle(r, 1, i % 2 == 0)
    assert MIN_DEVIATION < r.deviation < 70  # it settles: each puzzle then moves the rating some 10 points
    assert abs(r.rating - 1500) < 15
    assert after_puzzle(Rating(1500, 30, 0.001), 1, True).deviation == MIN_DEVIATION


def test_a_harder_puzzle_is_worth_more() -> None:
    gains = [after_puzzle(Rating(), d, True).rating for d in sorted(DIFFICULTY_RATINGS)]
    assert gains == sorted(gains) and len(set(gains)) == len(gains)
    assert puzzle_rating(None).rating == 1500


@given(st.floats(0, 3000), st.floats(0, 3000))
def test_expected_scores_add_up_to_one(a: float, b: float) -> None:
    x, y = Rating(a, 100), Rating(b, 100)
    assert expected(x, y) + expected(y, x) == pytest.approx(1.0)


@pytest.mark.parametrize("bad", [Rating(float("nan")), Rating(1500, 0), Rating(1500, 100, -1)])
def test_bad_ratings_are_refused(bad: Rating) -> None:
    with pytest.raises(ArgumentError):
        update(bad, [])
    with pytest.raises(ArgumentError):
        update(Rating(), [(Rating(), 2)])


def test_a_rating_far_above_the_puzzles_does_not_divide_by_zero() -> None:
    # The expected score against a puzzle rated 1250 rounded to 1: v = 1 / 0.
    for rating in (Rating(HIGHEST.rating, 350, 0.06), Rating(HIGHEST.rating, LOWEST.deviation, LOWEST.volatility)):
        assert in_bounds(after_puzzle(rating, 0, True))


def test_what_the_update_gives_is_always_in_bounds() -> None:
    # Once -5000.000000000003: below the bounds, and the next start set the progress aside.
    new = after_puzzle(Rating(LOWEST.rating, 999, 1), 0, False)
    assert in_bounds(new) and new.rating == LOWEST.rating


@given(
    st.floats(LOWEST.rating, HIGHEST.rating), st.floats(LOWEST.deviation, HIGHEST.deviation),
    st.floats(LOWEST.volatility, HIGHEST.volatility), st.sampled_from([0, 1, 2, None]), st.booleans(),
)
def test_every_rating_in_bounds_updates_into_bounds(
    rating: float, deviation: float, volatility: float, difficulty: int | None, solved: bool,
) -> None:
    new = after_puzzle(Rating(rating, deviation, volatility), difficulty, solved)
    assert in_bounds(new)
    assert in_bounds(update(Rating(rating, deviation, volatility), []))
