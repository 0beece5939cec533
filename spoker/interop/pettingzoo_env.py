"""Spoker as a PettingZoo AEC environment, shaped like the classic games.

>>> from spoker.interop import pettingzoo_env
>>> env = pettingzoo_env.env(rules="visible")
>>> env.reset(seed=1)

Agents ``player_0`` (player 1, who moves first) and ``player_1``. An action
is a cell, ``Discrete(30)`` in cell order (``shibumi.CELLS``). The draw is
not an action: the environment draws each ball with its own generator
(seeded by ``reset(seed=...)``) before the agent to move observes, and the
drawn ball is part of the observation. Observations are dicts, as in
``connect_four``: ``"observation"`` is :func:`spoker.interop.encoding.encode`
seen by the observing agent, ``"action_mask"`` an int8 vector of 30 (the
playable cells for the agent to move, zeros for the other). Rewards come at
the end: +1 for the winner, -1 for the loser, 0 each for a draw.

:func:`env` wraps :class:`raw_env` as the classic environments are: an
illegal action ends the game with -1 for the offender (0 for the other), an
action out of range is refused, and the AEC call order is enforced.

An action is an int or a numpy integer (:func:`spoker.interop.encoding.as_action`):
a bool, a float, a string or bytes is refused, never read through ``int()``.
A copy (``copy.deepcopy``, a pickle round trip) continues the same game: the
same position, agent to move, rewards and generator, so the same draws follow.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.agent_selector import AgentSelector

from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError
from spoker.interop import rendering
from spoker.interop.encoding import NUM_CELLS, OBS_SIZE, action_mask, as_action, encode
from spoker.records.rules_file import rules_of

AGENTS = ("player_0", "player_1")
_NO_MOVES = np.zeros(NUM_CELLS, np.int8)


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are (see the module doc)."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = _AssertActionWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class _AssertActionWrapper(wrappers.AssertOutOfBoundsWrapper):
    """PettingZoo's check that an action is in the action space, after
    :func:`as_action`'s: ``Discrete.contains`` takes ``True`` for 1, and the
    mask lookup of ``TerminateIllegalWrapper`` then fails on it with numpy's
    "truth value of an array is ambiguous"; other ill-typed actions are named."""

    def step(self, action: Any) -> None:
        if action is not None:  # None is for a finished agent: PettingZoo's to judge
            as_action(action)
        super().step(action)


def as_rules(rules: RuleSet | str) -> RuleSet:
    """A rule set from a :class:`RuleSet`, items as a ``Rules`` header gives
    them (``"touching, tie=none"``) or a rules file (``"level-lines.toml"``):
    what ``--rules`` reads (:func:`spoker.records.rules_file.rules_of`)."""
    return rules if isinstance(rules, RuleSet) else rules_of(rules)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name)
    """Spoker for two agents, unwrapped: an illegal or ill-typed action, and a
    step or an observation before ``reset()``, raise :class:`spoker.IllegalActionError`.

    Not an ``EzPickle`` as the classic games are: that pickles the constructor's
    arguments only, so a copy would be a new, never-reset environment. Every
    attribute here pickles, the engine and the generator included."""

    metadata = {
        "render_modes": list(rendering.RENDER_MODES),
        "name": "spoker_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: RuleSet | str = "visible",
        render_mode: str | None = None,
        render_size: tuple[int, int] = rendering.DEFAULT_RENDER_SIZE,
    ) -> None:
        super().__init__()
        self.rules = as_rules(rules)
        self.render_mode = rendering.check_render_mode(render_mode)
        self.render_size = rendering.check_render_size(render_size)
        self.agents = list(AGENTS)
        self.possible_agents = list(AGENTS)
        self.action_spaces = {a: spaces.Discrete(NUM_CELLS) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_CELLS,), np.int8),
                }
            )
            for a in AGENTS
        }
        self.game = GameState(self.rules)
        self._rng: random.Random | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` reseeds the draws (without it they go on from the last game)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.game = GameState(self.rules)
        self.game.draw(self._rng)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    @staticmethod
    def _before_reset(method: str) -> IllegalActionError:
        # What PettingZoo's OrderEnforcingWrapper says (as an AssertionError);
        # reset() is the one to make the generator.
        return IllegalActionError(f"no game yet: call reset() before {method}()")

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self._rng is None:
            raise self._before_reset("observe")
        player = AGENTS.index(agent) + 1
        mine = agent == self.agent_selection and not self.game.is_over
        return {
            "observation": encode(self.game, player),
            "action_mask": action_mask(self.game) if mine else _NO_MOVES.copy(),
        }

    def step(self, action: int | None) -> None:
        if self._rng is None:
            raise self._before_reset("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        game.apply_place(as_action(action))  # the engine refuses a cell out of range or taken
        self._cumulative_rewards[agent] = 0
        if game.is_over:
            winner = game.winner
            self.rewards = {
                a: 0 if winner is None else (1 if i + 1 == winner else -1)
                for i, a in enumerate(AGENTS)
            }
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            game.draw(self._rng)  # type: ignore[arg-type]
        self.agent_selection = self._agent_selector.next()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode: nothing to draw")
            return None
        return rendering.render(self.game, self.render_mode, self.render_size)

    def close(self) -> None:
        """Nothing to release: pictures are drawn offscreen and not kept."""


__all__ = ["AGENTS", "env", "raw_env"]
