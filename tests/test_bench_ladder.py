"""bench/ladder.py --expert-balls: the expert plays its phase, lookahead the rest."""

from __future__ import annotations

import random

import pytest

from bench.ladder import PhasedPlayer, parse_balls
from spoker import GameState
from spoker.players import make_player


def test_parse_balls_reads_a_range_and_quotes_bad_text() -> None:
    assert parse_balls("20-30") == range(20, 31)
    assert parse_balls("1-1") == range(1, 2)
    for bad in ("", "20", "x-3", "0-5", "5-31", "9-8", "20-30-1"):
        with pytest.raises(ValueError, match="--expert-balls") as info:
            parse_balls(bad)
        assert repr(bad) in str(info.value)


def test_phased_player_follows_lookahead_outside_its_balls() -> None:
    """Before ball 28 it plays lookahead's cell (same seed); from 28 on the expert's."""
    phased = PhasedPlayer(5, {"effort": 2000}, range(28, 31))
    lookahead = make_player("lookahead", 5)
    expert = make_player("expert", 5, effort=2000)
    state, rng = GameState(), random.Random(9)
    while not state.is_over:
        state.draw(rng)
        ball = state.move_number + 1
        reference = expert if ball >= 28 else lookahead
        cell = phased.choose(state)
        assert cell == reference.choose(state), f"ball {ball}"
        state.apply_place(cell)
