"""What every computer player offers, and the helpers they share."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from shibumi import Cell
from shibumi.errors import expect
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError
from spoker.errors import PlayerError as PlayerError  # re-exported: its older home


@runtime_checkable
class Player(Protocol):
    """A computer player: given a state whose drawn ball waits, choose its cell."""

    name: str

    def choose(self, state: GameState) -> Cell:
        """A playable cell for ``state.drawn``; never changes ``state``."""
        ...


def check_can_move(state: GameState) -> None:
    """Raise :class:`IllegalActionError` unless a drawn ball waits to be placed
    (``TypeError`` if ``state`` is not a :class:`GameState`)."""
    expect(state, GameState, "state")
    if state.is_over:
        raise IllegalActionError("the game is over: there is nothing to choose")
    if state.drawn is None:
        raise IllegalActionError("no ball is drawn: draw before choosing a cell")


def best_cells(scored: list[tuple[int, float]], tolerance: float = 1e-9) -> list[int]:
    """The cells with the highest score, ties within ``tolerance``, in the given order."""
    top = max(v for _, v in scored)
    return [c for c, v in scored if v >= top - tolerance]


def pick_best(
    scored: list[tuple[int, float]], rng: random.Random, tolerance: float = 1e-9
) -> int:
    """The cell with the highest score, ties (within ``tolerance``) at random."""
    best = best_cells(scored, tolerance)
    return best[0] if len(best) == 1 else rng.choice(best)
