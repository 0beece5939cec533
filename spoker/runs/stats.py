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

from shibumi.errors import expect
from spoker.runs.tally import SimulationError

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate ``score / games`` (``score`` may count
    half points for draws); (0, 1) when there are no games."""
    expect(games, int, "games")
    if not (math.isfinite(score) and math.isfinite(z) and z > 0):
        raise SimulationError(f"wilson_interval({score!r}, {games!r}, z={z!r}): score and z must be finite, z > 0")
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


__all__ = ["Z95", "mean_interval", "wilson_interval"]
