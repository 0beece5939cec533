"""A game under random rule sets through every layer that carries a rule set:
the engine, its record (Rules header), state strings, the batch simulator
(tests/runs/test_batch.py replays its games under any rule set too), and the
players that search (``lookahead``, ``expert``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import any_rule_sets

from spoker import GameState, RuleSet
from spoker.engine.state_strings import parse_state
from spoker.players.registry import make_player
from spoker.records.record import GameRecord, format_record, parse_record
from spoker.runs.batch import play_block


@settings(max_examples=examples(4), deadline=None)  # a searching player plays whole games
@given(any_rule_sets(), st.integers(0, 2**32 - 1), st.sampled_from(["lookahead", "expert"]))
def test_a_game_under_any_rule_set_through_every_layer(rules: RuleSet, seed: int, searcher: str) -> None:
    rng = random.Random(seed)
    players = (make_player(searcher, seed=seed, effort=200) if searcher == "expert" else make_player(searcher, seed=seed),
               make_player("random", seed=seed + 1))
    state = GameState(rules)
    while not state.is_over:
        assert parse_state(state.to_string()) == state  # before the draw
        state.draw(rng)
        assert parse_state(state.to_string()) == state  # a ball drawn, waiting
        player = players[state.to_move - 1]
        cell = player.choose(state)
        assert cell in state.legal_cells()
        state.apply_place(cell)
    text = format_record(GameRecord.from_state(state))
    assert text.startswith(f"Rules: {rules}\n")
    again = parse_record(text)
    assert again.rules == rules
    replayed = again.play()
    assert (replayed.score, replayed.winner, replayed.end) == (state.score, state.winner, state.end)


def test_the_batch_simulator_follows_the_bag_and_the_tie() -> None:
    """A bag of one colour only: every line of three is a flush three, every
    challenge answered at level 1 by one... and ties score nothing under
    tie=none."""
    all_white = RuleSet.parse("bag=30-0-0, off=straight_flush")
    tally, moves = play_block(("random", "random"), 5, 0, 50, rules=all_white, record=True)
    assert moves is not None
    assert all(k == 0 for g in range(50) for k, _ in moves.moves(g))
    assert tally.groups[1] == 0 and tally.groups[3] == 0  # no three kinds, no full house with one colour
    both, _ = play_block(("random", "random"), 5, 0, 50, rules=RuleSet.parse("bag=30-0-0, off=straight_flush"))
    none, _ = play_block(("random", "random"), 5, 0, 50, rules=RuleSet.parse("bag=30-0-0, off=straight_flush, tie=none"))
    assert sum(none.points) < sum(both.points)
