"""The few words of an exported animation that the narrator does not say:
its header (each player's score, the move counter) and the legend of the
analysis bars. Every sentence about the game itself (draws, placements,
challenges, their settlements, the result) is the narrator's (:mod:`spoker.text.narrator`).
"""

from __future__ import annotations

import math

from shibumi.errors import expect

LUCK_LABEL = "luck"
"""The lane of the bars that shows each draw's luck."""
VALUE_LABEL = "value"
"""The lane of the bars that shows each placement's value for its mover."""
BARS_LEGEND = "Bars: each draw's luck, each placement's value, for the mover, in P(win) \u2212 P(loss)"
"""What the bars measure, in the unit of every value on screen."""
BARS_LEGEND_SHORT = "luck and value for the mover, P(win) \u2212 P(loss)"
""":data:`BARS_LEGEND` where the picture is narrow."""


def seat_score(name: str, score: int) -> str:
    """``Ann: 2``: one player's name and points, for the header (the colon
    keeps "Player 1" and its points apart: "Player 1 0" reads as "Player 10")."""
    expect(name, str, "name")
    expect(score, int, "score")
    return f"{name}: {score}"


def move_counter(n: int, total: int) -> str:
    """``Move 12 of 30``: which move a frame shows, of the moves of the record."""
    expect(n, int, "move number")
    expect(total, int, "moves")
    if not 1 <= n <= total:
        raise ValueError(f"move {n!r} is outside 1..{total!r}")
    return f"Move {n} of {total}"


def scale_label(scale: float) -> str:
    """``±0.5``: the value at the top (and, negated, the bottom) of a lane of bars."""
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not math.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale {scale!r}: expected a positive number")
    return f"\u00b1{scale:g}"


__all__ = [
    "BARS_LEGEND", "BARS_LEGEND_SHORT", "LUCK_LABEL", "VALUE_LABEL", "move_counter", "scale_label", "seat_score",
]
