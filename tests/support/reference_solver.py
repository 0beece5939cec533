"""A plain exhaustive solver, obviously correct and slow: the yardstick for
the analysis's exact values.

It walks :class:`spoker.GameState` itself (copies, draws, placements: the
engine's own rules), with no pruning, no bit tricks and no depth limit. The
value of a state for ``player`` is the expected game result for that player
(+1 a win, 0 a draw, -1 a loss): the game's result once it is over; at a draw,
the average over the colours in the bag weighted by their odds; at a
placement, the best cell for whoever places (the highest value for
``player``, the lowest for the opponent: the game is zero-sum). Positions are
remembered by their state string, which holds everything that decides the
rest of the game.
"""

from __future__ import annotations

from spoker import GameState


class ReferenceSolver:
    """Expected results by exhaustive expectimax (see the module doc)."""

    def __init__(self) -> None:
        self.memo: dict[tuple[str, int], float] = {}

    def value(self, state: GameState, player: int) -> float:
        """The expected result for ``player`` with best play by both sides."""
        key = (state.to_string(), player)
        if key not in self.memo:
            self.memo[key] = self._value(state, player)
        return self.memo[key]

    def _value(self, state: GameState, player: int) -> float:
        if state.is_over:
            if state.winner is None:
                return 0.0
            return 1.0 if state.winner == player else -1.0
        if state.drawn is None:
            return sum(p * self.value(state.child(colour), player) for colour, p in state.chance_outcomes())
        values = [self.value(state.child(cell), player) for cell in state.legal_cells()]
        return max(values) if state.to_move == player else min(values)

    def placement_value(self, state: GameState, cell: object) -> float:
        """The value, for the player placing ``state``'s drawn ball, of putting it on ``cell``."""
        return self.value(state.child(cell), state.to_move)  # type: ignore[arg-type]
