"""The single-agent Gymnasium environment ``spoker/Spoker-v0``: Gymnasium's
env checker, masks, illegal actions, seeding, and an episode through it
equals the same game through the engine."""

from __future__ import annotations

import re
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st

import spoker.interop.gymnasium_env  # noqa: F401 (registers spoker/Spoker-v0)
from shibumi.errors import shown
from spoker import GameState, IllegalActionError, Move, RuleSet
from spoker.interop.encoding import encode
from spoker.players import PlayerError, RandomPlayer


@pytest.mark.parametrize("seat", [1, 2])
@pytest.mark.parametrize("render_mode", [None, "ansi", "rgb_array"])
def test_check_env(seat: int, render_mode: str | None, window: Any) -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="greedy", seat=seat, render_mode=render_mode)
    check_env(env.unwrapped, skip_render_check=False)


def test_the_notation_call() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="lookahead", seat=1)
    obs, info = env.reset(seed=0)
    assert obs.shape == (168,) and obs.dtype == np.float32
    assert env.unwrapped.action_masks().dtype == bool
    assert env.unwrapped.action_masks().sum() == 16
    np.testing.assert_array_equal(info["action_mask"], env.unwrapped.action_masks())


def test_seat_two_finds_the_opponents_first_ball_placed() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=2)
    env.reset(seed=4)
    game = env.unwrapped.game
    assert game.move_number == 1 and game.to_move == 2 and game.drawn is not None


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=1).unwrapped
    env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(20)  # 2B2: no platform yet
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not env.action_masks().any()
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="seat 3"):
        gymnasium.make("spoker/Spoker-v0", seat=3)
    with pytest.raises(PlayerError, match="grandmaster"):
        gymnasium.make("spoker/Spoker-v0", opponent="grandmaster")
    with pytest.raises(ValueError, match="42"):
        gymnasium.make("spoker/Spoker-v0", opponent=42)


def play(env: Any, seed: int, picks: list[int]) -> tuple[list[np.ndarray], list[Move], float]:
    """An episode of masked choices; the observations, the game's moves and the return."""
    obs, info = env.reset(seed=seed)
    seen, total, n = [obs], 0.0, 0
    while True:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, terminated, truncated, info = env.step(int(legal[picks[n] % len(legal)]))
        seen.append(obs)
        total += reward
        n += 1
        if terminated or truncated:
            return seen, list(env.game.history), total


def test_a_seed_replays_the_episode_and_another_seed_differs() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="greedy", seat=2).unwrapped
    picks = list(range(30))
    first = play(env, 11, picks)
    again = play(env, 11, picks)
    assert first[1] == again[1] and first[2] == again[2]
    assert play(env, 12, picks)[1] != first[1]


@given(
    st.sampled_from([1, 2]),
    st.sampled_from(["visible", "touching, apex-free"]),
    st.integers(0, 2**32 - 1),
    st.lists(st.integers(0, 10**6), min_size=30, max_size=30),
)
def test_an_episode_equals_the_same_game_through_the_engine(
    seat: int, rules: str, seed: int, picks: list[int]
) -> None:
    env = gymnasium.make(
        "spoker/Spoker-v0", opponent=RandomPlayer(seed), seat=seat, rules=rules
    ).unwrapped
    obs, _ = env.reset(seed=seed)
    engine = GameState(RuleSet.parse(rules))
    total = 0.0
    n = 0
    while True:
        # Catch the engine up with the moves the environment made (the
        # opponent's), then with the ball the learner was dealt.
        history = env.game.history
        for move in history[engine.move_number:]:
            engine.apply_move(move)
        engine.apply_draw(env.game.drawn)
        np.testing.assert_array_equal(obs, encode(engine, seat))
        assert engine.to_move == seat
        legal = list(engine.legal_cells())
        np.testing.assert_array_equal(np.flatnonzero(env.action_masks()), [int(c) for c in legal])
        cell = legal[picks[n] % len(legal)]
        engine.apply_place(cell)
        obs, reward, terminated, truncated, _ = env.step(int(cell))
        total += reward
        n += 1
        assert env.game.history[: engine.move_number] == engine.history
        if terminated:
            break
        assert reward == 0.0 and not truncated
    for move in env.game.history[engine.move_number:]:
        engine.apply_move(move)
    assert engine.is_over and engine.to_string() == env.game.to_string()
    assert total == (0.0 if engine.winner is None else 1.0 if engine.winner == seat else -1.0)
    np.testing.assert_array_equal(obs, encode(engine, seat))


@pytest.mark.parametrize(
    "action",
    [True, False, 1.5, 3.0, float("nan"), "3", b"3", None, np.float64(3.0), np.bool_(True),
     np.array([3]), np.array(3.0)],
    ids=repr,
)
def test_an_ill_typed_action_is_refused_naming_it(action: object) -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=1).unwrapped
    env.reset(seed=1)
    before = env.game.to_string()
    with pytest.raises(IllegalActionError, match="expected an int") as err:
        env.step(action)
    assert shown(action) in str(err.value)
    assert env.game.to_string() == before
    env.step(3)  # the episode goes on


@pytest.mark.parametrize("action", [np.int64(3), np.uint8(3), np.array(3), 3], ids=repr)
def test_numpy_integers_are_actions(action: object) -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=1).unwrapped
    env.reset(seed=1)
    env.step(action)
    assert env.game.history[0].cell == 3


@pytest.mark.parametrize("action", [-1, 30, 2**70])
def test_an_int_out_of_range_is_an_illegal_action(action: int) -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=1).unwrapped
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(action)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_a_step_before_reset_says_to_call_reset() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random").unwrapped
    with pytest.raises(IllegalActionError, match=r"no episode yet: call reset\(\) before step\(\)"):
        env.step(0)


@pytest.mark.parametrize("seat", [1.0, 2.0, True, "1", None, 0, 3, np.float64(1.0)], ids=repr)
def test_a_seat_other_than_1_or_2_is_refused_at_construction(seat: object) -> None:
    with pytest.raises(ValueError, match=f"seat {re.escape(shown(seat))}: expected 1"):
        gymnasium.make("spoker/Spoker-v0", opponent="random", seat=seat)


def test_a_numpy_seat_is_a_seat() -> None:
    env = gymnasium.make("spoker/Spoker-v0", opponent="random", seat=np.int64(2)).unwrapped
    assert env.seat == 2 and type(env.seat) is int
    env.reset(seed=3)
    assert env.game.to_move == 2


BAD_SIZES = [(20000, 20000), (4097, 10), (10, 4097), (0, 10), (10, -1), (10.0, 10), (True, 10),
             (640,), (640, 480, 3), "640x480", None, 640]


@pytest.mark.parametrize("size", BAD_SIZES, ids=repr)
def test_a_bad_render_size_is_refused_at_construction(size: object) -> None:
    from spoker.interop import pettingzoo_env

    for make in (
        lambda: gymnasium.make("spoker/Spoker-v0", render_mode="rgb_array", render_size=size),
        lambda: pettingzoo_env.env(render_mode="rgb_array", render_size=size),
    ):
        with pytest.raises(ValueError, match=f"render_size {re.escape(shown(size))}"):
            make()


def test_the_largest_render_size_is_accepted(window: Any) -> None:
    env = gymnasium.make(
        "spoker/Spoker-v0", opponent="random", render_mode="rgb_array", render_size=[4096, 2]
    ).unwrapped
    assert env.render_size == (4096, 2)
    env.reset(seed=1)
    assert env.render().shape == (2, 4096, 3)
