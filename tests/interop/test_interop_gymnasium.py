"""The single-agent Gymnasium environment ``spoker/Spoker-v0``: Gymnasium's
env checker, masks, illegal actions, seeding, and an episode through it
equals the same game through the engine."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st

import spoker.interop.gymnasium_env  # noqa: F401 (registers spoker/Spoker-v0)
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
