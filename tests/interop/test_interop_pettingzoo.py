"""The PettingZoo AEC environment: PettingZoo's own conformance tests, the
classic-environment conventions, and a game through it equals the engine's."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from shibumi import CELLS, Colour
from shibumi.errors import shown
from spoker import GameState, IllegalActionError, RulesError, RuleSet
from spoker.interop import pettingzoo_env
from spoker.interop.encoding import LAYOUT, encode

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's api_test says this of every dict observation, connect_four's included.
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("rules", ["visible", "touching, apex-free"])
def test_api_test(rules: str) -> None:
    api_test(pettingzoo_env.env(rules=rules), num_cycles=300)


def test_api_test_raw_env() -> None:
    api_test(pettingzoo_env.raw_env(), num_cycles=100)


def test_seed_test() -> None:
    seed_test(pettingzoo_env.env, num_cycles=100)


def test_parallel_api_test_of_the_turn_based_conversion() -> None:
    parallel_api_test(turn_based_aec_to_parallel(pettingzoo_env.env()), num_cycles=100)


def test_render_test(window: Any, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(pettingzoo_env.env)
    assert "Score:" in capsys.readouterr().out  # render_mode="human" prints the text view


def test_render_modes_give_the_text_view_and_the_games_picture(window: Any) -> None:
    text = pettingzoo_env.env(render_mode="ansi")
    text.reset(seed=1)
    assert str(text.unwrapped.game.board) in text.render()
    picture = pettingzoo_env.env(render_mode="rgb_array", render_size=(200, 150))
    picture.reset(seed=1)
    image = picture.render()
    assert image.shape == (150, 200, 3) and image.dtype == np.uint8
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 10  # a drawing, not a blank


def test_bad_render_mode_and_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="'video'"):
        pettingzoo_env.env(render_mode="video")
    with pytest.raises(RulesError, match="diagonal"):
        pettingzoo_env.env(rules="diagonal")


def test_the_notation_names() -> None:
    env = pettingzoo_env.env(rules="visible", render_mode=None)
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.agent_selection == "player_0"
    assert env.action_space("player_0").n == 30
    obs = env.observe("player_0")
    assert set(obs) == {"observation", "action_mask"}
    assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (30,)
    assert obs["action_mask"].sum() == 16  # the 16 level-1 cells
    assert env.observe("player_1")["action_mask"].sum() == 0
    assert isinstance(pettingzoo_env.raw_env(rules=RuleSet("touching")).rules, RuleSet)


def test_an_illegal_action_ends_the_game_with_minus_one_for_the_offender(
    caplog: pytest.LogCaptureFixture,
) -> None:
    env = pettingzoo_env.env()
    env.reset(seed=2)
    env.step(0)  # player_0 on 1A1
    env.step(0)  # player_1 on 1A1 again
    assert "Illegal move" in caplog.text
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"player_0": 0, "player_1": -1}
    for agent in env.agent_iter():
        _, reward, done, truncated, _ = env.last()
        assert done or truncated
        assert reward == (-1 if agent == "player_1" else 0)
        env.step(None)
    assert env.agents == []


def test_the_raw_env_refuses_an_illegal_action() -> None:
    env = pettingzoo_env.raw_env()
    env.reset(seed=2)
    env.step(4)
    with pytest.raises(IllegalActionError, match="1A3"):
        env.step(4)


def test_reset_seed_repeats_the_draws_and_no_seed_goes_on() -> None:
    def drawn(env: Any) -> list[int]:
        out = []
        for _ in range(12):
            obs = env.observe(env.agent_selection)
            out.append(int(np.argmax(obs["observation"][LAYOUT["drawn"]])))
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        return out

    env = pettingzoo_env.env()
    env.reset(seed=5)
    first = drawn(env)
    env.reset(seed=5)
    assert drawn(env) == first
    env.reset()
    later = [drawn(env) for _ in range(3) if env.reset() is None]
    assert any(d != first for d in later)


@given(
    st.sampled_from(["visible", "touching", "visible, apex-free", "touching, apex-free"]),
    st.integers(0, 2**32 - 1),
    st.lists(st.integers(0, 10**6), min_size=30, max_size=30),
)
def test_a_game_through_the_environment_equals_the_engines(
    rules: str, seed: int, picks: list[int]
) -> None:
    env = pettingzoo_env.env(rules=rules)
    env.reset(seed=seed)
    engine = GameState(RuleSet.parse(rules))
    for n, agent in enumerate(env.agent_iter()):
        obs, reward, done, truncated, _ = env.last()
        player = 1 + (agent == "player_1")
        if done:
            assert engine.is_over
            expect = 0 if engine.winner is None else (1 if engine.winner == player else -1)
            assert reward == expect
            env.step(None)
            continue
        # The environment's draw, from the observation, then the same draw in the engine.
        colour = Colour(int(np.argmax(obs["observation"][LAYOUT["drawn"]])))
        engine.apply_draw(colour)
        np.testing.assert_array_equal(obs["observation"], encode(engine, player))
        np.testing.assert_array_equal(env.observe(pettingzoo_env.AGENTS[2 - player])["observation"],
                                      encode(engine, 3 - player))
        legal = [int(c) for c in engine.legal_cells()]
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert reward == 0
        cell = legal[picks[n] % len(legal)]
        engine.apply_place(CELLS[cell])
        env.step(cell)
    assert engine.is_over and env.agents == []


ILL_TYPED = [True, False, 1.5, 3.0, float("nan"), "3", b"3", None, np.float64(3.0), np.bool_(True),
             np.array([3]), np.array(3.0), [3]]


@pytest.mark.parametrize("action", ILL_TYPED, ids=repr)
def test_the_raw_env_refuses_an_ill_typed_action_naming_it(action: object) -> None:
    env = pettingzoo_env.raw_env()
    env.reset(seed=2)
    before = env.game.to_string()
    with pytest.raises(IllegalActionError, match="expected an int") as err:
        env.step(action)
    assert shown(action) in str(err.value)
    assert env.game.to_string() == before and env.agent_selection == "player_0"


@pytest.mark.parametrize("action", ILL_TYPED, ids=repr)
def test_the_wrapped_env_refuses_an_ill_typed_action(action: object) -> None:
    env = pettingzoo_env.env()
    env.reset(seed=2)
    before = env.unwrapped.game.to_string()
    if action is None:  # PettingZoo's check: None is for a finished agent
        with pytest.raises(AssertionError, match="action is not in action space"):
            env.step(action)
    else:
        with pytest.raises(IllegalActionError, match="expected an int") as err:
            env.step(action)
        assert shown(action) in str(err.value)
    assert env.unwrapped.game.to_string() == before and not any(env.terminations.values())
    env.step(3)  # the game goes on
    assert env.agent_selection == "player_1"


@pytest.mark.parametrize("action", [np.int64(3), np.int8(3), np.uint32(3), np.array(3), CELLS[3]],
                         ids=repr)
def test_numpy_integers_are_actions(action: object) -> None:
    for env in (pettingzoo_env.raw_env(), pettingzoo_env.env()):
        env.reset(seed=2)
        env.step(action)
        assert env.unwrapped.game.history[-1].cell == 3


def test_step_or_observe_before_reset_says_to_call_reset() -> None:
    env = pettingzoo_env.raw_env()
    with pytest.raises(IllegalActionError, match=r"call reset\(\) before step\(\)"):
        env.step(0)
    with pytest.raises(IllegalActionError, match=r"call reset\(\) before observe\(\)"):
        env.observe("player_0")
    env.reset(seed=1)
    env.step(0)


def _turns(env: Any, n: int) -> list[tuple[str, bytes, float]]:
    """Up to ``n`` turns of first-legal-cell play: who moved, what they saw, their reward."""
    seen = []
    for _ in range(n):
        if not env.agents:
            break
        obs, reward, done, truncated, _ = env.last()
        seen.append((env.agent_selection, obs["observation"].tobytes(), reward))
        env.step(None if done or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    return seen


@pytest.mark.parametrize("make", [pettingzoo_env.raw_env, pettingzoo_env.env], ids=["raw", "wrapped"])
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copy_mid_game_continues_the_same_game(make: Any, how: str) -> None:
    env = make(rules="touching")
    env.reset(seed=7)
    _turns(env, 9)
    copied = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    game, game2 = env.unwrapped.game, copied.unwrapped.game
    assert game2 is not game and game2.to_string() == game.to_string()
    assert copied.agent_selection == env.agent_selection
    assert copied.unwrapped.rules == env.unwrapped.rules
    # The same draws from here on (the generator's state was copied), and the
    # two games are independent.
    assert _turns(copied, 40) == _turns(env, 40)
    assert copied.agents == env.agents == [] and game2.to_string() == game.to_string()
    assert copied.unwrapped.game is not env.unwrapped.game
