"""Whole games: the engine against the plain reference model, and properties
that hold in every random game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import reference_rules as ref
from support.model_events import play_both
from support.strategies import games

from shibumi import CELLS, FULL_MASK, Colour
from spoker import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    GameOver,
    GameState,
    GroupFormed,
    IllegalActionError,
    RuleSet,
    StraightFlush,
)
from spoker.engine.state import straight_flush_top
from spoker.errors import Refusal

RULE_SETS = [RuleSet(v, a) for v in ("visible", "touching") for a in (False, True)]
RULE_IDS = [str(r) for r in RULE_SETS]
APEX = CELLS[29]

@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_games_match_the_reference_model(rules: RuleSet) -> None:
    rng = random.Random(str(rules))
    ends = {"complete": 0, "straight_flush": 0}
    # 400 games a rule set (and the Hypothesis test's seeds below): each
    # meets both ends many times over.
    for _ in range(400):
        state, model, _ = play_both(rng, rules)
        assert (list(state.score), state.winner, state.end) == (model.scores, model.winner, model.end)
        ends[state.end] += 1  # type: ignore[index]
    assert min(ends.values()) >= 10, ends  # both ways of ending were met, often


@given(st.integers(0, 2**32 - 1), st.sampled_from(RULE_SETS))
def test_games_match_the_reference_model_hypothesis(seed: int, rules: RuleSet) -> None:
    play_both(random.Random(seed), rules)


def test_the_reference_model_plays_the_benchmarks_games_alike() -> None:
    # bench/playouts.py relies on both consuming the generator the same way.
    for seed in range(30):
        a, b = random.Random(seed), random.Random(seed)
        state = GameState()
        while not state.is_over:
            state.draw(a)
            cells = state.legal_cells()
            state.apply_place(cells[int(a.random() * len(cells))])
        model = ref.play_random_game(b)
        assert (list(state.score), state.end, state.winner) == (model.scores, model.end, model.winner)
        assert {str(c): k.char for c, k in state.board} == model.board


# -- properties of every game --------------------------------------------------------------


def check_game(state: GameState, rng: random.Random) -> None:
    """Play ``state`` to the end with ``rng``, checking the invariants at every step."""
    scores = list(state.score)
    while not state.is_over:
        assert state.is_chance_node() and state.drawn is None
        assert all(n >= 0 for n in state.bag()) and sum(state.bag()) == 30 - state.move_number
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and all(p > 0 for _, p in outcomes)
        player = state.to_move
        answering = state.challenge
        (drawn,) = state.draw(rng)
        assert drawn == BallDrawn(player, state.drawn)  # type: ignore[arg-type]
        assert all(n >= 0 for n in state.bag())
        cell = rng.choice(state.legal_cells())
        events = state.apply_place(cell)
        placed = events[0]
        assert isinstance(placed, BallPlaced)
        assert (placed.player, placed.cell, placed.response, placed.move_number) == (
            player, cell, answering is not None, state.move_number,
        )
        assert state.move_number <= 30 and len(state.history) == state.move_number
        for e in events:
            if isinstance(e, ChallengeResolved):
                scores[0] += e.points[0]
                scores[1] += e.points[1]
        # Scores change only by challenge results.
        assert list(state.score) == scores
        kinds = [type(e) for e in events]
        if answering is not None:
            # A response opens no challenge; it is resolved or cancelled by a straight flush.
            assert ChallengeOpened not in kinds and state.challenge is None
            assert (ChallengeResolved in kinds) != (StraightFlush in kinds)
        if ChallengeOpened in kinds and ChallengeResolved not in kinds:
            assert state.challenge is not None and state.challenge.challenger == player
        if cell == APEX and answering is None and not state.rules.apex_free:
            assert GroupFormed not in kinds or StraightFlush in kinds  # the apex ruling
        # The game ends exactly when the pyramid is full or a straight flush forms.
        sf = StraightFlush in kinds
        assert state.is_over == (state.occupied == FULL_MASK or sf)
        assert (GameOver in kinds) == state.is_over and (not state.is_over or kinds[-1] is GameOver)
        if sf:
            assert (state.end, state.winner) == ("straight_flush", player)
            assert straight_flush_top(state.masks) == cell
        else:
            assert straight_flush_top(state.masks) is None
    if state.end == "complete":
        s1, s2 = state.score
        assert state.winner == (1 if s1 > s2 else 2 if s2 > s1 else None)
    assert state.legal_cells() == () and state.move_number <= 30


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_invariants_over_seeded_games(rules: RuleSet) -> None:
    rng = random.Random(7 + RULE_SETS.index(rules))
    for _ in range(300):
        check_game(GameState(rules), rng)


@given(games(), st.integers(0, 2**32 - 1))
def test_invariants_from_random_positions(state: GameState, seed: int) -> None:
    check_game(state, random.Random(seed))


@given(games())
def test_replaying_the_history_gives_the_same_state(state: GameState) -> None:
    again = GameState(state.rules)
    for move in state.history:
        again.apply_move(move)
    assert again.to_string() == state.to_string() and again.history == state.history


@given(games(), st.data())
def test_illegal_actions_in_random_positions(state: GameState, data: st.DataObject) -> None:
    if state.is_over:
        with pytest.raises(IllegalActionError) as err:
            state.apply_draw(Colour.WHITE)
        assert err.value.refusal is Refusal.GAME_OVER
        return
    before = state.to_string()
    bag = state.bag()
    for colour in Colour:
        if not bag[colour]:
            with pytest.raises(IllegalActionError) as err:
                state.apply_draw(colour)
            assert (err.value.refusal, err.value.colour) == (Refusal.NO_BALL_LEFT, colour)
    state.draw(random.Random(data.draw(st.integers(0, 1000))))
    blocked = [c for c in CELLS if c not in state.legal_cells()]
    cell = data.draw(st.sampled_from(blocked))
    kind = Refusal.TAKEN if state.occupied >> cell & 1 else Refusal.UNSUPPORTED
    with pytest.raises(IllegalActionError) as err:
        state.apply_place(cell)
    assert (err.value.refusal, err.value.cell) == (kind, cell) == (state.refusal(cell), cell)
    with pytest.raises(IllegalActionError) as err:
        state.apply_draw(state.drawn)  # type: ignore[arg-type]
    assert (err.value.refusal, err.value.colour) == (Refusal.ALREADY_DRAWN, state.drawn)
    assert state.to_string().split()[:4] == before.split()[:4]
