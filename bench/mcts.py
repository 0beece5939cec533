"""A plain Monte Carlo tree search player, as an outside yardstick.

Not part of the package: an independent opponent for the project's players,
built only on the rules engine (:class:`spoker.GameState`), sharing nothing
with their search. Each simulation walks down the tree from the root, drawing
a ball at random at every chance node (chance nodes are sampled, their
children kept by colour) and choosing placements by UCT (UCB1 on the mean
result, exploration constant ``c``), expands one placement, plays the rest of
the game at random and backs the result up (win 1, draw 1/2, loss 0 for the
player who placed). After ``simulations`` simulations it plays the most
visited cell::

    python3 bench/ladder.py --rungs mcts --games 200        # expert and lookahead against it
"""

from __future__ import annotations

import math
import random

from shibumi import CELLS, Cell
from spoker import GameState

DEFAULT_SIMULATIONS = 600
DEFAULT_C = 1.4


class _Decision:
    """A position whose drawn ball waits: statistics per playable cell."""

    __slots__ = ("mover", "untried", "children", "visits")

    def __init__(self, state: GameState, rng: random.Random) -> None:
        self.mover = state.to_move
        cells = [int(c) for c in state.legal_cells()]
        rng.shuffle(cells)
        self.untried = cells
        self.children: dict[int, _Edge] = {}
        self.visits = 0


class _Edge:
    """A placement: its statistics and the chance node after it (by colour)."""

    __slots__ = ("visits", "total", "next")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.next: dict[int, _Decision] = {}


def _result_for(state: GameState, player: int) -> float:
    return 0.5 if state.winner is None else 1.0 if state.winner == player else 0.0


class MctsPlayer:
    """Random-rollout UCT with sampled chance nodes (see the module doc)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, simulations: int = DEFAULT_SIMULATIONS, c: float = DEFAULT_C) -> None:
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.c = c

    def _select(self, node: _Decision) -> int:
        log_n = math.log(node.visits)
        best, best_cell = -1.0, -1
        for cell, edge in node.children.items():
            u = edge.total / edge.visits + self.c * math.sqrt(log_n / edge.visits)
            if u > best:
                best, best_cell = u, cell
        return best_cell

    def _simulate(self, root: _Decision, state: GameState) -> None:
        rng = self.rng
        path: list[tuple[_Decision, _Edge]] = []
        node = root
        while True:
            if node.untried:
                cell = node.untried.pop()
                edge = node.children[cell] = _Edge()
                expanded = True
            else:
                cell = self._select(node)
                edge = node.children[cell]
                expanded = False
            path.append((node, edge))
            state.apply_place(cell)
            if state.is_over or expanded:
                break
            state.draw(rng)
            colour = int(state.drawn)  # type: ignore[arg-type]
            child = edge.next.get(colour)
            if child is None:
                child = edge.next[colour] = _Decision(state, rng)
            node = child
        while not state.is_over:  # the rollout: random draws, random cells
            state.draw(rng)
            state.apply_place(rng.choice(state.legal_cells()))
        for decision, edge in path:
            r = _result_for(state, decision.mover)
            decision.visits += 1
            edge.visits += 1
            edge.total += r

    def choose(self, state: GameState) -> Cell:
        legal = state.legal_cells()
        if len(legal) == 1:
            return legal[0]
        root = _Decision(state, self.rng)
        for _ in range(self.simulations):
            self._simulate(root, state.copy())
        best = max(root.children.items(), key=lambda ce: (ce[1].visits, ce[1].total))
        return CELLS[best[0]]
