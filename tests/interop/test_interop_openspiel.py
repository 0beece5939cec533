"""The OpenSpiel game ``python_spoker``: OpenSpiel's own checks (random
simulation with serialization, the integration API test restricted to this
game), cheap clones, the Python MCTS bot, and a game through it equals the
engine's."""

from __future__ import annotations

import copy

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import mcts
from support.example_counts import examples

import spoker.interop.openspiel_game as og
from shibumi import CELLS, Cell, Colour
from shibumi.errors import shown
from spoker import GameState, IllegalActionError, RulesError, RuleSet
from spoker.interop.encoding import LAYOUT, encode

RULE_PARAMS = ["visible", "touching", "visible+apex-free", "touching+apex-free"]


@pytest.mark.parametrize("rules", RULE_PARAMS)
def test_random_sim_test_with_serialization(rules: str) -> None:
    game = pyspiel.load_game(f"python_spoker(rules={rules})")
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


# OpenSpiel's integration API test (open_spiel/integration_tests/api_test.py,
# shipped in the wheel) runs its partial-tree checks on every registered game;
# here the same TestCase runs on python_spoker alone, once per rule set.
for _rules in RULE_PARAMS:
    _name = "TestOpenSpielAPIPartialTree_" + _rules.replace("+", "_").replace("-", "_")
    globals()[_name] = type(
        _name,
        (api_test.EnforceAPIOnPartialTreeBase,),
        {"game_name": "python_spoker", "game": pyspiel.load_game(f"python_spoker(rules={_rules})")},
    )


def test_the_game_is_registered_as_the_notation_says() -> None:
    assert "python_spoker" in [g.short_name for g in pyspiel.registered_games()]
    game = pyspiel.load_game("python_spoker")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == 30 and game.max_chance_outcomes() == 3
    assert game.get_parameters() == {"rules": "visible"}
    assert game.observation_tensor_size() == 168


def test_draws_are_chance_nodes_with_the_bags_odds() -> None:
    state = pyspiel.load_game("python_spoker").new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    state.apply_action(1)  # a black ball
    assert state.current_player() == 0 and len(state.legal_actions()) == 16
    state.apply_action(0)  # on 1A1
    assert state.chance_outcomes() == [(0, 10 / 29), (1, 9 / 29), (2, 10 / 29)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "draw R"
    assert state.observation_string(0) == "B.............../........./..../. 2 0-0 - - * visible"


@pytest.mark.parametrize(
    ("param", "expect"),
    [("touching", "touching"), ("touching+apex-free", "touching, apex-free"),
     ("apex-free", "visible, apex-free")],
)
def test_the_rules_parameter(param: str, expect: str) -> None:
    game = pyspiel.load_game(f"python_spoker(rules={param})")
    assert str(game.rules) == expect
    assert pyspiel.load_game(str(game)).rules == game.rules
    assert game.new_initial_state().engine.rules == game.rules


def test_a_bad_rules_parameter_is_refused_with_the_value() -> None:
    with pytest.raises(RulesError, match="diagonal"):
        og.SpokerGame({"rules": "diagonal"})
    with pytest.raises(Exception, match="diagonal"):
        pyspiel.load_game("python_spoker(rules=diagonal)")


def test_states_start_from_the_empty_pyramid_only() -> None:
    game = pyspiel.load_game("python_spoker")
    with pytest.raises(ValueError, match="'board'"):
        game.new_initial_state({"board": "W"})


def test_a_clone_is_independent_and_made_by_the_engines_copy() -> None:
    game = pyspiel.load_game("python_spoker")
    state = game.new_initial_state()
    for action in (0, 5, 2, 6):
        state.apply_action(action)
    clone = state.clone()
    assert clone.engine is not state.engine
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(1)
    assert clone.history() != state.history() and state.is_chance_node()
    # What the clone deep-copies: one holder, copied by GameState.copy().
    assert list(vars(state)) == ["_engine"]
    held = copy.deepcopy(state._engine)
    assert held.game is not state.engine and held.game == state.engine


def test_serialization_round_trips() -> None:
    game = pyspiel.load_game("python_spoker(rules=touching+apex-free)")
    state = game.new_initial_state()
    for action in (2, 0, 2, 1, 0):
        state.apply_action(action)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)


def test_the_python_mcts_bot_plays_a_game() -> None:
    game = pyspiel.load_game("python_spoker")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng,
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == state.engine.move_number
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@settings(max_examples=examples(25))  # each example plays a whole game through OpenSpiel
@given(
    st.sampled_from(RULE_PARAMS),
    st.lists(st.integers(0, 10**6), min_size=60, max_size=60),
)
def test_a_game_through_openspiel_equals_the_engines(rules: str, picks: list[int]) -> None:
    game = pyspiel.load_game(f"python_spoker(rules={rules})")
    state = game.new_initial_state()
    engine = GameState(RuleSet.parse(rules.replace("+", ",")))
    for pick in picks:
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes == [(int(k), p) for k, p in engine.chance_outcomes()]
            action = outcomes[pick % len(outcomes)][0]
            engine.apply_draw(Colour(action))
        else:
            assert state.current_player() == engine.to_move - 1
            assert state.legal_actions() == [int(c) for c in engine.legal_cells()]
            action = state.legal_actions()[pick % len(state.legal_actions())]
            engine.apply_place(CELLS[action])
        state.apply_action(action)
        assert str(state) == engine.to_string()
        for player in (0, 1):
            np.testing.assert_array_equal(state.observation_tensor(player), encode(engine, player + 1))
    assert state.is_terminal() == engine.is_over
    if engine.is_over:
        expect = [0.0, 0.0] if engine.winner is None else (
            [1.0, -1.0] if engine.winner == 1 else [-1.0, 1.0])
        assert state.returns() == expect
        assert state.observation_tensor(0)[LAYOUT["to_move"].start] == 0


@given(st.text(alphabet=st.sampled_from(list("visbletouchngapxfr+-, ")), max_size=30) | st.text(max_size=15))
def test_any_rules_parameter_parses_or_is_refused_quoting_it(text: str) -> None:
    try:
        rules = og.rules_from_param(text)
    except RulesError as err:
        assert repr(text.replace("+", ",")) in str(err) or repr(text) in str(err)
    else:
        assert og.rules_from_param(og.rules_param(rules)) == rules
        assert "," not in og.rules_param(rules)


def _playing_state() -> pyspiel.State:
    """A state where player 1 places a black ball, after one placement each way."""
    state = pyspiel.load_game("python_spoker").new_initial_state()
    for action in (1, 0, 0, 1):  # black on 1A1, white on 1C1
        state.apply_action(action)
    state.apply_action(1)  # black drawn: player 1 to place
    return state


@pytest.mark.parametrize("action", [-1, -2, -30, -(2**63), -(2**63) - 1, 30, 31, 99, 2**63])
@pytest.mark.parametrize("node", ["chance", "player"])
def test_an_action_out_of_range_is_refused_by_every_entry_point(action: int, node: str) -> None:
    state = _playing_state()
    if node == "chance":
        state.apply_action(2)  # on 1E1; the next is a draw
        assert state.is_chance_node()
    before = (str(state), state.history())
    for apply in (state.apply_action, state.apply_action_with_legality_check, state.child):
        with pytest.raises(og.IllegalSpielActionError, match=f"action {action}\\b"):
            apply(action)
        # The project's error and pyspiel's, as OpenSpiel's own games raise for an illegal action.
        with pytest.raises(IllegalActionError):
            apply(action)
        with pytest.raises(pyspiel.SpielError):
            apply(action)
    with pytest.raises(IllegalActionError, match=f"action {action}\\b"):
        state.action_to_string(action)
    with pytest.raises(IllegalActionError, match=f"action {action}\\b"):
        state.action_to_string(state.current_player(), action)
    assert (str(state), state.history()) == before


def test_chance_action_3_and_cell_30_are_refused_but_2_and_29_named() -> None:
    state = pyspiel.load_game("python_spoker").new_initial_state()
    with pytest.raises(IllegalActionError, match="action 3: a draw is 0 .white., 1 .black. or 2"):
        state.apply_action(3)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "draw R"
    with pytest.raises(IllegalActionError, match="action 3"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, 3)
    assert state.action_to_string(0, 29) == "4D4"
    with pytest.raises(IllegalActionError, match="action 30: a placement is a cell 0-29"):
        state.action_to_string(0, 30)


@pytest.mark.parametrize(
    "action",
    [True, False, 1.0, 1.5, float("nan"), "1", b"1", None, np.float64(1.0), np.bool_(True),
     np.array([1]), np.array(1.0)],
    ids=repr,
)
def test_an_ill_typed_action_is_refused_naming_it(action: object) -> None:
    state = _playing_state()
    before = str(state)
    for apply in (state.apply_action, state.apply_action_with_legality_check, state.child):
        with pytest.raises(IllegalActionError, match="action ") as err:
            apply(action)
        assert shown(action) in str(err.value)
    with pytest.raises(IllegalActionError, match="action "):
        state.action_to_string(action)
    assert str(state) == before and state.history() == [1, 0, 0, 1, 1]


@pytest.mark.parametrize("action", [np.int64(5), np.int32(5), np.uint8(5), np.array(5), Cell(5)],
                         ids=repr)
def test_numpy_integers_are_actions(action: object) -> None:
    state = _playing_state()
    assert state.child(action).history()[-1] == 5
    assert state.action_to_string(action) == str(CELLS[5])
    state.apply_action(action)
    assert state.history()[-1] == 5 and type(state.history()[-1]) is int


def test_an_illegal_cell_and_any_action_after_the_end_raise_the_same_error() -> None:
    state = _playing_state()
    with pytest.raises(og.IllegalSpielActionError, match="1A1"):
        state.apply_action(0)  # taken
    with pytest.raises(og.IllegalSpielActionError, match="2B2"):
        state.apply_action(16)  # no platform yet
    with pytest.raises(og.IllegalSpielActionError, match="1C1"):
        pyspiel.load_game("python_spoker").new_initial_state().child(0).child(1).child(0).child(1)
    rng = np.random.default_rng(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    for action in (0, 1, 2, 5, 29, 30, -1):
        with pytest.raises(og.IllegalSpielActionError, match="the game is over"):
            state.apply_action(action)
    assert state.action_to_string(0, 29) == "4D4"
