"""The person's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2
system", 2012), pure functions, no window.

A rating is a :class:`Rating`: the rating on the Glicko scale (1500 to
begin), its deviation (how unsure it is: 350 to begin) and its volatility
(how erratic the person's results are). Each puzzle tried is one rating
period with one game against the puzzle, whose rating is fixed by its
difficulty (:data:`DIFFICULTY_RATINGS`, docs/decisions.md "Puzzles: the
rating"): solved is a win (1), failed a loss (0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from spoker.errors import ArgumentError

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale and its own (400 / ln 10)."""
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
TAU = 0.5
"""The system constant: how much the volatility may change (Glickman: 0.3 to 1.2)."""
EPSILON = 1e-6
"""The volatility's iteration stops when its bracket is this narrow."""
MIN_DEVIATION = 45.0
"""A person's deviation never falls below this (as on lichess), so the
rating keeps following them after many puzzles."""
DIFFICULTY_RATINGS = {0: 1250.0, 1: 1500.0, 2: 1750.0}
"""A puzzle's rating by its difficulty (how many of greedy and lookahead
choose a wrong cell, :func:`spoker.runs.puzzles.difficulty`); unknown: 1500."""
PUZZLE_DEVIATION = 60.0
"""A puzzle's deviation: its rating is a fixed estimate, not learned."""


class Rating(NamedTuple):
    """A rating on the Glicko scale, its deviation and its volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _check(rating: Rating, what: str) -> None:
    if not isinstance(rating, Rating):
        raise TypeError(f"{what} must be a Rating, not {rating!r}")
    r, rd, sigma = rating
    for value in rating:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ArgumentError(f"{what} {tuple(rating)!r}: not finite numbers")
    if rd <= 0 or sigma <= 0 or abs(r) > 10_000 or rd > 10_000 or sigma > 10:
        raise ArgumentError(f"{what} {tuple(rating)!r}: deviation and volatility must be positive, all in range")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (0 to 1)."""
    _check(player, "player")
    _check(opponent, "opponent")
    mu, mu_j, phi_j = (player.rating - START_RATING) / SCALE, (opponent.rating - START_RATING) / SCALE, \
        opponent.deviation / SCALE
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent,
    score 0, 0.5 or 1): Glickman's steps 1 to 8. No games: only the deviation
    grows."""
    _check(player, "player")
    if isinstance(tau, bool) or not isinstance(tau, (int, float)) or not 0 < tau <= 10:
        raise ArgumentError(f"tau {tau!r} must be a number above 0 (0.3 to 1.2 is usual)")
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inv_v = 0.0
    total = 0.0
    for opponent, score in games:
        _check(opponent, "opponent")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise ArgumentError(f"score {score!r} must be a number from 0 to 1")
        mu_j, phi_j = (opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE
        g = _g(phi_j)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        inv_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inv_v
    delta = v * total
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(mu_new * SCALE + START_RATING, phi_new * SCALE, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)


def puzzle_rating(difficulty: int | None) -> Rating:
    """The fixed rating of a puzzle of this difficulty (None: not known)."""
    return Rating(DIFFICULTY_RATINGS.get(difficulty, START_RATING) if difficulty is not None else START_RATING,
                  PUZZLE_DEVIATION, START_VOLATILITY)


def after_puzzle(player: Rating, difficulty: int | None, solved: bool) -> Rating:
    """The person's rating after one puzzle, the deviation kept at
    :data:`MIN_DEVIATION` at least."""
    new = update(player, [(puzzle_rating(difficulty), 1.0 if solved else 0.0)])
    return new._replace(deviation=max(MIN_DEVIATION, new.deviation))


__all__ = [
    "DIFFICULTY_RATINGS", "MIN_DEVIATION", "PUZZLE_DEVIATION", "TAU", "Rating", "after_puzzle",
    "expected", "puzzle_rating", "update",
]
