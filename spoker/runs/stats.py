"""The statistics of many games: 95% intervals of rates and of means.

A rate (a score rate, counting half points for draws, or how often something
happens) gets Wilson's score interval, which stays inside [0, 1] and behaves
near 0% and 100%, unlike the normal approximation; a mean (game length,
challenges a game) gets the normal interval from a sum and a sum of squares.
Shared by :mod:`spoker.runs.tournament`, :mod:`spoker.runs.study` and the
charts (:mod:`spoker.runs.charts`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from shibumi.errors import expect
from spoker.errors import ArgumentError
from spoker.runs.tally import LUCK_SCALE, Tally

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate ``score / games`` (``score`` may count
    half points for draws); (0, 1) when there are no games."""
    expect(games, int, "games")
    if not (math.isfinite(score) and math.isfinite(z) and z > 0):
        raise ArgumentError(f"wilson_interval({score!r}, {games!r}, z={z!r}): score and z must be finite, z > 0")
    if games <= 0:
        return (0.0, 1.0)
    p = min(max(score / games, 0.0), 1.0)
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    # The interval always holds the rate; rounding could leave 1.0 out at p = 1.
    return (max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p)))


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95% normal interval from a sum and a sum of squares."""
    if n <= 0:
        return (0.0, 0.0, 0.0)
    m = total / n
    var = max(squares / n - m * m, 0.0) * n / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


Rate = tuple[float, float, float]
"""A rate and its 95% interval: (rate, low, high)."""


def exact_mean_interval(values: Sequence[int], scale: int = 1, z: float = Z95) -> Rate:
    """Mean of ``values / scale`` (whole numbers) and its 95% normal interval
    from their spread (the sample variance, n - 1), computed exactly before the
    one rounding to floats: the same figures whatever order the values came in."""
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise TypeError(f"values {values!r}: expected a sequence of whole numbers")
    if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
        raise ArgumentError(f"scale {scale!r} must be a whole number >= 1")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise TypeError(f"values {values!r}: expected whole numbers")
    if not (math.isfinite(z) and z > 0):
        raise ArgumentError(f"z {z!r} must be finite and > 0")
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    total = sum(values)
    mean = Fraction(total, n * scale)
    if n == 1:
        return (float(mean), float(mean), float(mean))
    squares = sum(v * v for v in values)
    var = Fraction(n * squares - total * total, n * (n - 1) * scale * scale)
    half = z * math.sqrt(var / n)
    m = float(mean)
    return (m, m - half, m + half)


def score_rates(tally: Tally) -> tuple[tuple[Rate, Rate], tuple[Rate, Rate]]:
    """A's and B's (plain, luck-adjusted) score rates with 95% intervals, from
    the games whose luck was judged (``tally.luck_games``). Plain: (wins +
    draws / 2) / games with Wilson's interval, as everywhere; luck-adjusted:
    the mean of (luck-adjusted result + 1) / 2 with the normal interval of
    its spread (it is no count of successes). B's are A's mirrored."""
    expect(tally, Tally, "tally")
    games = tally.luck_games
    if not games:
        raise ArgumentError("no game's luck was judged: play with luck_adjusted=True")
    n = len(games)
    score = sum(r + 1 for r, _ in games)  # in half points
    lo, hi = wilson_interval(score / 2, n)
    plain_a = (score / (2 * n), lo, hi)
    lo_b, hi_b = wilson_interval((2 * n - score) / 2, n)
    plain_b = ((2 * n - score) / (2 * n), lo_b, hi_b)
    # (adjusted + 1) / 2 in units of 1 / (2 LUCK_SCALE): whole numbers.
    m, lo, hi = exact_mean_interval([a + LUCK_SCALE for _, a in games], 2 * LUCK_SCALE)
    adjusted_a = (m, lo, hi)
    adjusted_b = (1 - m, 1 - hi, 1 - lo)
    return ((plain_a, adjusted_a), (plain_b, adjusted_b))


__all__ = ["Z95", "Rate", "exact_mean_interval", "mean_interval", "score_rates", "wilson_interval"]
