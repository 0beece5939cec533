"""Spoker for one learner: ``import spoker.interop.gymnasium_env`` registers
``spoker/Spoker-v0`` with Gymnasium.

>>> import gymnasium
>>> import spoker.interop.gymnasium_env
>>> env = gymnasium.make("spoker/Spoker-v0", opponent="lookahead", seat=1)
>>> obs, info = env.reset(seed=1)

The learner sits in ``seat`` (1 moves first, 2 second) against a fixed
computer player, ``opponent``: a player name (``random``, ``greedy``,
``lookahead``, ``expert``, or an installed plug-in's; see
:func:`spoker.players.player_names`) or a
:class:`spoker.players.Player`. The environment draws every ball and plays
the opponent's turns itself, so a step is one placement by the learner
followed by the opponent's placements until the learner is to move again.

Actions: ``Discrete(30)``, a cell in cell order. Observations: the vector of
:func:`spoker.interop.encoding.encode` seen by the learner (the ball it must
place is in it). :meth:`SpokerEnv.action_masks` (also ``info["action_mask"]``)
gives the playable cells, for masked-action learners such as MaskablePPO.
Rewards: +1 win, -1 loss, 0 draw, at the end; an illegal action (a cell out
of range or not playable) ends the episode at once with -1. An action that is
not an int or a numpy integer (a bool, a float, a string) is refused with
:class:`spoker.IllegalActionError`, as is a step before ``reset()`` or after
the end. ``reset(seed=...)`` seeds the draws and a named opponent, so a
seeded episode replays exactly.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from shibumi.errors import shown
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError, PluginError
from spoker.interop import rendering
from spoker.interop.encoding import NUM_CELLS, OBS_SIZE, action_mask, as_action, encode
from spoker.interop.pettingzoo_env import as_rules
from spoker.players import Player, checked_choice, make_player

ENV_ID = "spoker/Spoker-v0"


class SpokerEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a Spoker game against a computer player (see the module doc)."""

    metadata = {"render_modes": list(rendering.RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        opponent: str | Player = "lookahead",
        seat: int = 1,
        rules: RuleSet | str = "visible",
        render_mode: str | None = None,
        render_size: tuple[int, int] = rendering.DEFAULT_RENDER_SIZE,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or seat not in (1, 2):
            raise ValueError(f"seat {shown(seat)}: expected 1 (moves first) or 2")
        if isinstance(opponent, str):
            make_player(opponent)  # an unknown name fails here, not at reset
        elif not isinstance(opponent, Player):
            raise ValueError(f"opponent {opponent!r}: expected a player name or a Player")
        self.opponent_spec = opponent
        self.seat = int(seat)
        self.rules = as_rules(rules)
        self.render_mode = rendering.check_render_mode(render_mode)
        self.render_size = rendering.check_render_size(render_size)
        self.observation_space = spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_CELLS)
        self.game = GameState(self.rules)
        self.opponent: Player | None = None
        self._draws: random.Random | None = None
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None or self._draws is None:
            # Both generators come from the environment's np_random, so one
            # seed fixes the draws and the opponent's choices.
            seeds = self.np_random.integers(0, 2**63, size=2)
            self._draws = random.Random(int(seeds[0]))
            spec = self.opponent_spec
            self.opponent = make_player(spec, seed=int(seeds[1])) if isinstance(spec, str) else spec
        self.game = GameState(self.rules)
        self._done = False
        self.game.draw(self._draws)
        self._opponent_turns()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            if self._draws is None:
                raise IllegalActionError("no episode yet: call reset() before step()")
            raise IllegalActionError("the episode is over: call reset() first")
        game = self.game
        action = as_action(action)
        if not (0 <= action < NUM_CELLS and game.playable_mask >> action & 1):
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        game.apply_place(action)
        if not game.is_over:
            game.draw(self._draws)  # type: ignore[arg-type]
            self._opponent_turns()
        reward = 0.0
        if game.is_over:
            self._done = True
            if game.winner is not None:
                reward = 1.0 if game.winner == self.seat else -1.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, game.is_over, False, self._info()

    def _opponent_turns(self) -> None:
        """The opponent places until the learner is to move or the game ends
        (turns alternate, so this is at most one placement)."""
        game = self.game
        while not game.is_over and game.to_move != self.seat:
            try:
                cell = checked_choice(self.opponent, game)  # type: ignore[arg-type]
            except PluginError as err:  # the opponent's mistake, never the learner's illegal action
                raise PluginError(f"the opponent, {err}", plugin=err.plugin) from err
            game.apply_place(cell)
            if not game.is_over:
                game.draw(self._draws)  # type: ignore[arg-type]

    def action_masks(self) -> np.ndarray:
        """The playable cells as 30 booleans (all False once the episode is over)."""
        if self._done:
            return np.zeros(NUM_CELLS, bool)
        return action_mask(self.game).astype(bool)

    def _observation(self) -> np.ndarray:
        return encode(self.game, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8)}

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: nothing to draw")
            return None
        return rendering.render(self.game, self.render_mode, self.render_size)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="spoker.interop.gymnasium_env:SpokerEnv")

__all__ = ["ENV_ID", "SpokerEnv"]
