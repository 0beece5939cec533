"""The strongest player: deeper expectimax for the game result, exact at the end."""

from __future__ import annotations

import random
import time

from shibumi import CELLS, Cell
from spoker.players.base import PlayerError, check_can_move, pick_best
from spoker.players.kernel import challenge_code, score_diff
from spoker.players.search import Expectimax, OutOfBudget, Utility, WinUtility
from spoker.state import GameState

DEFAULT_EFFORT = 150_000
"""Nodes (positions judged) a move may take: about half a second here."""


class ExpertPlayer:
    """Iterative deepening expectimax that plays for the game's result.

    Values are the expected result (+1 win, 0 draw, -1 loss: the score rate is
    what counts, not the margin), estimated from the lead at the search's
    leaves (:class:`~spoker.players.search.WinUtility`). The search deepens
    while the next depth is predicted to fit in ``effort`` nodes; once the
    depth reaches the last ball it is an exact solver of the rest of the game.
    ``effort`` makes the play deterministic for a seed; ``time_limit``
    (seconds, optional) also stops deepening on the clock.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        effort: int = DEFAULT_EFFORT,
        time_limit: float | None = None,
        utility: str = "win",
    ) -> None:
        if effort < 1:
            raise PlayerError(f"effort {effort!r} must be a positive number of nodes")
        if utility not in ("win", "score"):
            raise PlayerError(f"utility {utility!r}: expected 'win' or 'score'")
        self.rng = random.Random(seed)
        self.effort = effort
        self.time_limit = time_limit
        self.utility: Utility = WinUtility() if utility == "win" else Utility()
        self.last_depth = 0
        self.last_nodes = 0

    def analyse(self, state: GameState) -> list[tuple[int, float]]:
        """(cell, value) for every playable cell, from the deepest search done."""
        check_can_move(state)
        colour = state.drawn
        assert colour is not None
        left = 30 - state.move_number
        start = time.perf_counter()
        args = (
            state.masks, state.occupied, state.playable_mask, challenge_code(state),
            int(colour), score_diff(state),
        )
        table: dict[tuple[int, int, int, int, int, int], float] = {}
        result: list[tuple[int, float]] = []
        costs: list[int] = []
        used = 0
        depth = 0
        while depth < left:
            if costs:
                # The next depth costs about the last one times the last growth,
                # which shrinks as the pyramid fills: at most three colours
                # times the cells playable now.
                growth = 3.0 * len(result)
                if len(costs) > 1:
                    growth = min(growth, costs[-1] / costs[-2])
                if used + costs[-1] * growth > self.effort:
                    break
                if self.time_limit is not None and (
                    time.perf_counter() - start
                ) * (1 + growth) > self.time_limit:
                    break
            search = Expectimax(state.rules, self.utility, limit=3 * self.effort - used)
            search.table = table
            try:
                result = search.analyse(*args, depth + 1)
            except OutOfBudget:
                used += search.nodes
                break
            used += search.nodes
            costs.append(max(search.nodes, 1))
            depth += 1
        self.last_depth = depth
        self.last_nodes = used
        return result

    def choose(self, state: GameState) -> Cell:
        return CELLS[pick_best(self.analyse(state), self.rng)]
