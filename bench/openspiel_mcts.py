"""OpenSpiel's Python ``MCTSBot`` as a Spoker player, an outside yardstick.

The bot of ``open_spiel.python.algorithms.mcts`` (random rollouts, UCT with
c = 2, chance nodes sampled from the bag, 600 simulations a move) searching
the game ``python_spoker`` of :mod:`spoker.interop.openspiel_game`. Needs the
``rl`` extra (OpenSpiel)::

    python3 bench/ladder.py --rungs openspiel-expert --games 100 --workers 2
"""

from __future__ import annotations

import numpy as np
from open_spiel.python.algorithms import mcts

from shibumi import CELLS, Cell
from spoker import GameState
from spoker.interop import openspiel_game
from spoker.interop.openspiel_game import SpokerGame

DEFAULT_SIMULATIONS = 600
DEFAULT_C = 2.0


class OpenSpielMctsPlayer:
    """Plays the cell OpenSpiel's ``MCTSBot`` chooses for the drawn ball."""

    name = "openspiel-mcts"

    def __init__(self, seed: int | None = None, simulations: int = DEFAULT_SIMULATIONS) -> None:
        rng = np.random.RandomState(None if seed is None else seed % (1 << 32))
        self.simulations = simulations
        self._games: dict[object, SpokerGame] = {}
        self._rng = rng

    def _bot(self, state: GameState) -> tuple[SpokerGame, mcts.MCTSBot]:
        game = self._games.get(state.rules)
        if game is None:
            game = SpokerGame({"rules": openspiel_game.rules_param(state.rules)})
            self._games[state.rules] = game
        bot = mcts.MCTSBot(
            game, uct_c=DEFAULT_C, max_simulations=self.simulations,
            evaluator=mcts.RandomRolloutEvaluator(1, self._rng), random_state=self._rng,
        )
        return game, bot

    def choose(self, state: GameState) -> Cell:
        game, bot = self._bot(state)
        position = game.new_initial_state()
        # The game starts from the empty pyramid; the position at hand is the
        # engine state behind it (a copy: the bot's search must not touch ours).
        position._engine = openspiel_game._Engine(state.copy())
        return CELLS[bot.step(position)]
