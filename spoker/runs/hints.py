"""The game screen's hints: the best cells for the drawn ball, each with its
expected result (P(win) - P(loss) for the player to move).

The values come from the analysis's search
(:func:`spoker.runs.analysis.placement_values`, exact near the end of the
game); the game screen says them in words (:mod:`spoker.text.value_words`),
and so does ``spoker hint`` beside its scores. The hints by expected score
difference, as hard as a player looks (greedy, lookahead, expert), are
:mod:`spoker.players.hints`': they need only the players' search, these need
the analysis, which sits above the players.
"""

from __future__ import annotations

from shibumi import Cell
from spoker.engine.state import GameState
from spoker.runs.analysis import AnalysisError, placement_values

HINT_VALUE_EFFORT = 30_000
"""Positions a hint judges: quick enough for a game window's worker thread."""


def hint_values(
    state: GameState, top: int = 3, effort: int = HINT_VALUE_EFFORT
) -> list[tuple[Cell, float]]:
    """The ``top`` best cells for ``state``'s drawn ball with their expected
    results (P(win) - P(loss) for the player to move), best first; ties in
    cell order. Does not change ``state``."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise AnalysisError(f"top {top!r} must be a positive whole number")
    found = placement_values(state, effort, prune=False)
    ranked = sorted(found.values.items(), key=lambda cv: (-cv[1], int(cv[0])))
    return ranked[:top]


__all__ = ["HINT_VALUE_EFFORT", "hint_values"]
