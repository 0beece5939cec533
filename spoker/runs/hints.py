"""Hints: the best cells for the drawn ball, each with what the ball would do
there and the game's expected result from there (P(win) - P(loss) for the
player to move), for the command line (``spoker hint``) and the game screen
alike: one engine, one unit.

The values come from the analysis's search
(:func:`spoker.runs.analysis.placement_values`, exact near the end of the
game); what the ball does is the engine's own preview
(:func:`spoker.engine.previews.preview`); both are said in words by
:mod:`spoker.text` (``wins about 7 games in 10``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from shibumi import Cell
from spoker.engine.previews import Preview, preview
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.runs.analysis import placement_values
from spoker.text.narrator import preview_words
from spoker.text.value_words import value_words

HINT_VALUE_EFFORT = 30_000
"""Positions a hint judges: quick enough for a game window's worker thread."""


class Hint(NamedTuple):
    """A suggested cell: its expected result for the player to move
    (P(win) - P(loss)) and what the ball would do there."""

    cell: Cell
    value: float
    preview: Preview

    @property
    def effect(self) -> str:
        """``a full house, level 2: beats the flush three, level 1``."""
        return preview_words(self.preview)

    @property
    def chances(self) -> str:
        """``wins about 6 games in 10`` (a hint speaks of the game from here)."""
        return value_words(self.value).removesuffix(" from here")

    @property
    def words(self) -> str:
        """The effect and the chances, as one line says them."""
        return f"{self.effect}; {self.chances}"


Progress = Callable[[int, int], None]
"""Told ``(depth, positions judged so far)`` while a long search runs."""


def hint_values(
    state: GameState, top: int = 3, effort: int = HINT_VALUE_EFFORT, progress: Progress | None = None,
) -> list[tuple[Cell, float]]:
    """The ``top`` best cells for ``state``'s drawn ball with their expected
    results (P(win) - P(loss) for the player to move), best first; ties in
    cell order. Does not change ``state``. ``progress``: see
    :func:`spoker.runs.analysis.placement_values`."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ArgumentError(f"top {top!r} must be a positive whole number")
    found = placement_values(state, effort, prune=False, progress=progress)
    ranked = sorted(found.values.items(), key=lambda cv: (-cv[1], int(cv[0])))
    return ranked[:top]


def hints(
    state: GameState, top: int = 3, effort: int = HINT_VALUE_EFFORT, progress: Progress | None = None,
) -> list[Hint]:
    """:func:`hint_values`, each cell with what the ball would do there."""
    return [
        Hint(cell, value, preview(state, cell)) for cell, value in hint_values(state, top, effort, progress)
    ]


__all__ = ["HINT_VALUE_EFFORT", "Hint", "Progress", "hint_values", "hints"]
