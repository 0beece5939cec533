"""The two players that look no further than the ball in hand."""

from __future__ import annotations

import random

from shibumi import CELLS, Cell
from spoker.engine.state import GameState
from spoker.players.base import check_can_move, pick_best
from spoker.players.bitboard import cells_of, strength


class RandomPlayer:
    """Uniform over the playable cells."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Cell:
        check_can_move(state)
        return self.rng.choice(state.legal_cells())


def group_strengths(state: GameState) -> list[tuple[int, float]]:
    """(cell, challenge code) of each playable cell for the drawn ball: the
    rank and top level of the best counting group it would form (0: none)."""
    colour = state.drawn
    assert colour is not None
    masks = list(state.masks)
    occupied = state.occupied
    responding = state.challenge is not None
    out: list[tuple[int, float]] = []
    for cell in cells_of(state.playable_mask):
        bit = 1 << cell
        masks[colour] |= bit
        out.append((cell, strength(masks, occupied | bit, cell, colour, responding, state.rules)))
        masks[colour] &= ~bit
    return out


class GreedyPlayer:
    """The cell whose best counting group is highest (rank, then top level);
    ties at random. On a normal turn the apex forms only a straight flush."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Cell:
        check_can_move(state)
        return CELLS[pick_best(group_strengths(state), self.rng)]


__all__ = ["GreedyPlayer", "RandomPlayer", "group_strengths"]
