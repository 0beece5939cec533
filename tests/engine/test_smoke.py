"""A first end-to-end check that the engine plays a whole game."""

import random

from spoker import GameState


def test_random_game_ends_with_full_pyramid_or_straight_flush() -> None:
    rng = random.Random(7)
    state = GameState()
    while not state.is_over:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    assert state.end in ("complete", "straight_flush")
    assert state.move_number == 30 or state.end == "straight_flush"
