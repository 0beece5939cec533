"""Settling a challenge is one rule (spoker.engine.settling), and the four places
that settle (the engine, the search's two tree steps and its leaf, the
batch simulator) follow it for every pair of codes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import games

from shibumi import FULL_MASK
from spoker.engine.events import ChallengeResolved, StraightFlush
from spoker.engine.groups import Group, Rank, compare
from spoker.engine.judging import STRAIGHT_FLUSH_CODE, challenge_code
from spoker.engine.rules import RuleSet
from spoker.engine.settling import (
    BY_PLAYER,
    CODE_COUNT,
    GAIN,
    POINTS,
    _by_player,
    _settle,
    settle,
    tables,
)
from spoker.engine.state import GameState
from spoker.players.search import SF_POINTS, Expectimax

GROUP_CODES = [challenge_code(rank, level) for rank in range(1, 6) for level in range(1, 5)]
CHALLENGES = [c for c in GROUP_CODES if c < STRAIGHT_FLUSH_CODE]
RESPONSES = [0, *GROUP_CODES]


def _group(code: int) -> Group:
    rank, level = divmod(code, 8)
    return Group(Rank(rank), (), level)


def _expected(challenge: int, response: int) -> tuple[int, int]:
    """rules.md, said again: the stronger group scores 1, a tie 1 each, no
    group loses; a straight flush in answer: the challenge scores nothing."""
    if response >= STRAIGHT_FLUSH_CODE:
        return (0, 0)
    outcome = compare(_group(challenge), _group(response) if response else None)
    return {1: (1, 0), -1: (0, 1), 0: (1, 1)}[outcome]


def test_the_rule_over_every_pair_of_codes() -> None:
    for challenge, response in itertools.product(CHALLENGES, RESPONSES):
        points = settle(challenge, response)
        assert points == _expected(challenge, response) == POINTS[challenge][response]
        assert GAIN[challenge][response] == points[1] - points[0]
        for challenger in (1, 2):
            by_player, winner = BY_PLAYER[challenger - 1][challenge][response]
            assert by_player == (points if challenger == 1 else points[::-1])
            assert winner == (None if points[0] == points[1] else challenger if points[0] else 3 - challenger)
    # No challenge settles nothing.
    assert all(settle(0, r) == (0, 0) for r in RESPONSES)


def test_the_rule_itself_builds_the_tables() -> None:
    """The tables above are built at import from _settle: built again, the rule
    itself must give them (a mutation run forks after import: docs/testing.md)."""
    for challenge, response in itertools.product(CHALLENGES, RESPONSES):
        assert _settle(challenge, response) == _expected(challenge, response)
    assert all(_settle(0, r) == (0, 0) for r in RESPONSES)
    assert (_by_player(POINTS, 1), _by_player(POINTS, 2)) == BY_PLAYER


def test_settle_refuses_what_is_no_challenge() -> None:
    with pytest.raises(TypeError):
        settle("9", 1)  # type: ignore[arg-type]
    for challenge, response in ((41, 9), (8, 9), (9, 8), (9, CODE_COUNT), (-1, 0)):
        with pytest.raises(ValueError):
            settle(challenge, response)


@settings(max_examples=examples(40))
@given(games(), st.data())
def test_the_engine_settles_by_the_rule(state: GameState, data: st.DataObject) -> None:
    while not state.is_over:
        pending = state.challenge
        before = state.score
        state.apply_draw(data.draw(st.sampled_from([k for k, _ in state.chance_outcomes()])))
        for event in state.apply_place(data.draw(st.sampled_from(state.legal_cells()))):
            if isinstance(event, ChallengeResolved):
                code = challenge_code(event.challenge.rank, event.challenge.top_level)
                answer = 0 if event.response is None else challenge_code(event.response.rank, event.response.top_level)
                assert (event.points, event.winner) == BY_PLAYER[event.challenger - 1][code][answer]
                assert event.bag_empty or pending is not None
            elif isinstance(event, StraightFlush) and pending is not None:
                code = challenge_code(pending.group.rank, pending.group.top_level)
                assert settle(code, STRAIGHT_FLUSH_CODE + 1) == (0, 0) and state.score == before


def _last_ball() -> tuple[int, int, int, int, int]:
    """A pyramid missing only its apex: masks, occupancy and the apex's bit."""
    m0, m1, m2 = 0x0000FFFF & 0x5555, 0x0000FFFF & 0xAAAA, FULL_MASK & ~0xFFFF & ~(1 << 29)
    return m0, m1, m2, m0 | m1 | m2, 29


@pytest.mark.parametrize("lead", [-2, 0, 3])
def test_the_search_settles_by_the_rule(lead: int) -> None:
    search = Expectimax(RuleSet())  # utility: the final lead itself
    m0, m1, m2, occ, apex = _last_ball()
    for challenge, response in itertools.product([0, *CHALLENGES], RESPONSES):
        # place(): the last ball forms ``response``; the game ends on it.
        value = search.place(m0, m1, m2, occ, 1 << apex, challenge, 0, apex, response, lead, 1)
        if response >= STRAIGHT_FLUSH_CODE:
            assert value == search.sf
            continue
        if challenge:
            mover, other = settle(challenge, response)[::-1]
        else:  # it opens a challenge, which finds the bag empty
            mover, other = settle(response, 0) if response else (0, 0)
        assert value == lead + mover - other
        # _decide(): the same step, from the list of moves of a chance node.
        moves = [(apex, (response,) * 3, m0, m1, m2, FULL_MASK, 0, 1 << apex)]
        assert search._decide(moves, challenge, 0, lead, 1, -np.inf, np.inf) == value


def test_the_search_leaf_and_challenge_values_settle_by_the_rule() -> None:
    search = Expectimax(RuleSet())
    m0, m1, m2 = 0b1, 0b10, 0b100  # one ball of each colour: 9 of each in the bag
    occ, pl = 0b111, 0b111000
    for challenge in CHALLENGES:
        for answers in itertools.product(RESPONSES[::4], repeat=3):
            search.best_codes = lambda *args, answers=answers: answers  # type: ignore[assignment]  # what the board would answer
            _, immediate, sf = search.leaf_terms(m0, m1, m2, occ, pl, challenge, 0)
            gains = [0 if b >= STRAIGHT_FLUSH_CODE else GAIN[challenge][b] for b in answers]
            assert immediate == pytest.approx(sum(9 * g for g in gains) / 27)
            assert sf == pytest.approx(sum(9 for b in answers if b >= STRAIGHT_FLUSH_CODE) / 27)
            search.open_cache.clear()
            value = search._challenge_value(m0, m1, m2, occ, pl, 0, 3, challenge)
            worth = [-SF_POINTS if b >= STRAIGHT_FLUSH_CODE else -GAIN[challenge][b] for b in answers]
            in_bag = (8, 9, 9)  # the challenging white ball left the bag
            assert value == pytest.approx(sum(n * w for n, w in zip(in_bag, worth)) / 26)
    # A challenge by the last ball finds the bag empty: settled with no response.
    f0, f1, f2, full_but_apex, apex = _last_ball()
    for challenge in CHALLENGES:
        search.open_cache.clear()
        value = search._challenge_value(f0, f1, f2, full_but_apex, 1 << apex, 0, apex, challenge)
        assert value == -GAIN[challenge][0] == 1


@pytest.mark.parametrize("tie_scores", [True, False])
def test_the_batch_reads_the_rule(tie_scores: bool) -> None:
    from spoker.runs.batch import _points_tables

    challenger, responder = _points_tables(tie_scores)
    for challenge, response in itertools.product(range(CODE_COUNT), repeat=2):
        at = challenge * CODE_COUNT + response
        assert (challenger[at], responder[at]) == _settle(challenge, response, tie_scores)
    assert tables(True).points == POINTS
    assert tables(tie_scores).points == tuple(
        tuple(_settle(c, r, tie_scores) for r in range(CODE_COUNT)) for c in range(CODE_COUNT)
    )


@pytest.mark.parametrize(
    ("challenge", "response", "message"),
    [
        (8, 9, "challenge 8 is not a challenge code of a group (level 1-4), nor 0"),
        (9, 16, "response 16 is not a challenge code of a group (level 1-4), nor 0"),
    ],
)
def test_a_code_of_no_group_is_named_and_quoted(challenge: int, response: int, message: str) -> None:
    """A code names a rank and a level 1-4 (or is 0): which argument is wrong, quoted."""
    with pytest.raises(ValueError) as err:
        settle(challenge, response)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("challenge", "response", "message"),
    [
        ("9", 1, "challenge '9': expected a challenge code (an int)"),
        (True, 0, "challenge True: expected a challenge code (an int)"),
        (9, 1.0, "response 1.0: expected a challenge code (an int)"),
    ],
)
def test_a_code_that_is_no_int_is_named_and_quoted(challenge: object, response: object, message: str) -> None:
    """A code is an int (a bool is not one): which argument is wrong, quoted."""
    with pytest.raises(TypeError) as err:
        settle(challenge, response)  # type: ignore[arg-type]
    assert str(err.value) == message


@pytest.mark.parametrize("level", range(1, 5))
def test_a_straight_flush_opening_a_challenge_is_named_and_quoted(level: int) -> None:
    """rules.md, "Challenges": a straight flush opens no challenge (it ends the game)."""
    code = STRAIGHT_FLUSH_CODE + level
    with pytest.raises(ValueError) as err:
        settle(code, 9)
    assert str(err.value) == f"challenge {code}: a straight flush opens no challenge"


def test_every_code_from_the_straight_flush_code_up_cancels_the_challenge() -> None:
    """judging: codes at or above STRAIGHT_FLUSH_CODE are straight flushes; rules.md,
    "Straight flush": in answer it scores nothing. The rule itself, over every
    index of the tables (built at import: docs/testing.md), says so."""
    for challenge, response in itertools.product(range(1, STRAIGHT_FLUSH_CODE), range(STRAIGHT_FLUSH_CODE, CODE_COUNT)):
        assert _settle(challenge, response) == POINTS[challenge][response] == (0, 0)
