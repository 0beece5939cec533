"""The batch simulator plays by the engine's rules: its games, replayed move by
move through GameState, end the same way and count the same groups."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import any_rule_sets

from shibumi import CELLS, playable_mask
from spoker import GameState, RuleSet
from spoker.engine.events import ChallengeOpened, GroupFormed
from spoker.players.simple import group_strengths
from spoker.runs.batch import _select_table, _support_tables, _tables, play_block
from spoker.runs.simulate import Tally

PAIRS = [("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]


def _replay(players: tuple[str, str], rules: RuleSet, seed: int, count: int, swap: bool, first: int = 0) -> None:
    tally, moves = play_block(players, seed, 0, count, first, rules, swap, record=True)
    assert moves is not None
    groups = [0] * 6
    challenges = 0
    check = Tally(players)
    for game in range(count):
        a_second = swap and (first + game) % 2 == 1
        state = GameState(rules)
        for colour, cell in moves.moves(game):
            assert not state.is_over
            state.apply_draw(colour)
            kind = players[(state.to_move - 1) ^ a_second]
            if kind == "greedy":
                strengths = dict(group_strengths(state))
                assert strengths[cell] == max(strengths.values())
            for event in state.apply_place(CELLS[cell]):
                if isinstance(event, GroupFormed):
                    groups[int(event.group.rank)] += 1
                elif isinstance(event, ChallengeOpened):
                    challenges += 1
        assert state.is_over
        outcome = moves.outcomes[game]
        assert (state.winner, state.score, state.end) == tuple(outcome)
        check.record(outcome, a_second)
    assert tally.groups == groups
    assert tally.challenges == challenges
    assert (tally.wins, tally.draws, tally.points, tally.ends) == (
        check.wins, check.draws, check.points, check.ends
    )
    assert (tally.player_wins, tally.player_points) == (check.player_wins, check.player_points)


@pytest.mark.parametrize("players", PAIRS)
@settings(max_examples=examples(6))  # each example plays 60 games in numpy and replays them
@given(rules=any_rule_sets(), seed=st.integers(0, 2**32), swap=st.booleans(), first=st.integers(0, 3))
def test_batch_games_replay_through_the_engine(
    players: tuple[str, str], rules: RuleSet, seed: int, swap: bool, first: int
) -> None:
    _replay(players, rules, seed, 60, swap, first)


def test_a_larger_block_replays() -> None:
    _replay(("random", "random"), RuleSet(), 12345, 800, True)


def test_blocks_are_reproducible_and_seeded() -> None:
    a, _ = play_block(("random", "greedy"), 5, 0, 300)
    b, _ = play_block(("random", "greedy"), 5, 0, 300)
    c, _ = play_block(("random", "greedy"), 5, 1, 300)
    assert a == b
    assert a != c


def test_select_table_picks_the_jth_bit() -> None:
    table = _select_table().reshape(1 << 15, 15)
    rng = np.random.default_rng(0)
    for m in rng.integers(1, 1 << 15, size=300):
        bits = [i for i in range(15) if int(m) >> i & 1]
        assert list(table[m, : len(bits)]) == bits


@given(occ=st.integers(0, (1 << 30) - 1))
def test_support_tables_match_the_board(occ: int) -> None:
    t = _tables()
    sup2, sup3, sup4 = t["sup2"], t["sup3"], t["sup4"]
    supported = 0xFFFF | int(sup2[occ & 0xFFFF]) | int(sup3[(occ >> 16) & 0x1FF]) | int(sup4[(occ >> 25) & 0xF])
    assert supported & ~occ == playable_mask(occ)


def test_tables_are_built_once() -> None:
    assert _tables() is _tables()
    fresh = _support_tables()
    assert all((a == b).all() for a, b in zip(fresh, (_tables()[k] for k in ("sup2", "sup3", "sup4"))))


def test_batch_refuses_other_players() -> None:
    with pytest.raises(ValueError, match="lookahead"):
        play_block(("random", "lookahead"), 1, 0, 10)
