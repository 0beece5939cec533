"""The outside yardstick of bench/mcts.py: legal, seeded, and it sees a won game."""

from __future__ import annotations

from support.search_checks import plays_the_same_twice

from bench.mcts import MctsPlayer
from shibumi import CELLS, Board, Colour
from spoker import GameState


def test_mcts_plays_legal_moves_and_is_repeatable_for_a_seed() -> None:
    plays_the_same_twice(lambda seed: [MctsPlayer(seed, simulations=40), MctsPlayer(seed + 1, simulations=40)])


def test_mcts_takes_a_straight_flush() -> None:
    # A white top on 2B2 over four whites wins at once: every simulation
    # through it is a win, so it draws the visits.
    state = GameState.from_board(Board.from_string("WW..WW........../........./..../."))
    state.apply_draw(Colour.WHITE)
    assert MctsPlayer(1, simulations=300).choose(state) == CELLS[16]
