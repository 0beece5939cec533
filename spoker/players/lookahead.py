"""The player that weighs what its placement leaves the opponent."""

from __future__ import annotations

import random

import spoker.kernel
from shibumi import CELLS, Cell
from spoker.engine.state import GameState
from spoker.players.base import check_can_move, pick_best
from spoker.players.bitboard import root_args


class LookaheadPlayer:
    """Expectimax two placements deep: its own, then the opponent's for each
    colour of the bag (weighted by its probability), then a one-placement leaf.

    Values are expected score differences (see :mod:`spoker.players.search`).
    """

    name = "lookahead"

    def __init__(self, seed: int | None = None, depth: int = 2) -> None:
        self.rng = random.Random(seed)
        self.depth = depth

    def analyse(self, state: GameState) -> list[tuple[int, float]]:
        """(cell, expected final score difference) for every playable cell."""
        check_can_move(state)
        return spoker.kernel.new_search(state.rules).analyse(*root_args(state), self.depth)

    def choose(self, state: GameState) -> Cell:
        return CELLS[pick_best(self.analyse(state), self.rng)]
