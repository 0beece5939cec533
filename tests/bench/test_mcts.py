"""The outside yardstick of bench/mcts.py: legal, seeded, and it sees a won game."""

from __future__ import annotations

import random

from bench.mcts import MctsPlayer
from shibumi import CELLS, Board, Colour
from spoker import GameState


def test_mcts_plays_legal_moves_and_is_repeatable_for_a_seed() -> None:
    def play(seed: int) -> list[str]:
        rng = random.Random(9)
        players = [MctsPlayer(seed, simulations=40), MctsPlayer(seed + 1, simulations=40)]
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            cell = players[state.to_move - 1].choose(state)
            assert cell in state.legal_cells()
            state.apply_place(cell)
        return [str(m) for m in state.history]

    assert play(2) == play(2)


def test_mcts_takes_a_straight_flush() -> None:
    # A white top on 2B2 over four whites wins at once: every simulation
    # through it is a win, so it draws the visits.
    state = GameState.from_board(Board.from_string("WW..WW........../........./..../."))
    state.apply_draw(Colour.WHITE)
    assert MctsPlayer(1, simulations=300).choose(state) == CELLS[16]
