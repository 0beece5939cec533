"""Luck and skill: how much of a game's result the draws decided
(notation.md, "Luck and skill").

A draw's luck is what the colour drawn was worth to the drawer against an
average draw: ``luck = best_value - draw_value``, where ``best_value`` is the
value of the best placement of the ball drawn and ``draw_value`` the
bag-weighted mean of the best values of every colour that could have come.
Its bag-weighted mean is 0 by construction. One evaluator judges both luck
and loss (the analysis's :func:`spoker.runs.analysis.placement_values`, and
:func:`spoker.runs.analysis.draw_value` for the value before a draw), so
a finished game's figures add up: with ``s`` +1 for player 1's moves and -1
for player 2's, ``result - start_value = sum(s x luck) - sum(s x loss) +
residual``, where ``residual`` is what the search's estimates leave
unexplained (0 when every value is exact).

The figures are decimals of nine places (:data:`PLACES`): each value is
rounded once and everything else is computed from the rounded values in
decimal arithmetic, so the identity holds to the last printed digit, not
merely to a float's rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from typing import NamedTuple

from spoker.errors import ArgumentError

PLACES = Decimal("0.000000001")
"""The figures' precision: nine decimals, as ``spoker analyse --json`` prints values."""


def decimal(x: float) -> Decimal:
    """A value rounded to :data:`PLACES` (half to even: ``-x`` rounds to minus
    the rounding of ``x``, so zero-sum values stay opposite)."""
    return Decimal(repr(float(x))).quantize(PLACES, rounding=ROUND_HALF_EVEN) + 0


class MoveFigures(NamedTuple):
    """One move's figures for the player who made it, in :data:`PLACES`."""

    n: int
    player: int
    draw_value: Decimal
    best_value: Decimal
    value: Decimal

    @property
    def luck(self) -> Decimal:
        """What the colour drawn was worth against an average draw."""
        return self.best_value - self.draw_value

    @property
    def loss(self) -> Decimal:
        """What the placement gave away against the best one."""
        return self.best_value - self.value


class PlayerFigures(NamedTuple):
    """A player's luck and loss summed over their own draws and placements,
    the result (+1, 0, -1; None for an unfinished game) and the
    luck-adjusted result (the result less the player's luck plus the other's)."""

    player: int
    luck: Decimal
    loss: Decimal
    result: int | None
    luck_adjusted: Decimal | None


class Balance(NamedTuple):
    """A game's luck and skill: ``start_value`` (player 1's draw value before
    the first ball), ``residual`` and each player's figures."""

    start_value: Decimal
    residual: Decimal
    players: tuple[PlayerFigures, PlayerFigures]


def move_figures(n: int, player: int, draw: float, best: float, value: float) -> MoveFigures:
    """A move's figures from its three values (each rounded once)."""
    return MoveFigures(n, player, decimal(draw), decimal(best), decimal(value))


def balance(moves: Sequence[MoveFigures], result: int | None) -> Balance:
    """The game's figures from its moves in order (``result``: player 1's,
    +1, 0 or -1, None if unfinished). ``residual`` is the sum over
    consecutive moves n, n+1 of ``s(n+1) x draw_value(n+1) - s(n) x value(n)``."""
    if not moves:
        raise ArgumentError("a game without moves has no luck to measure")
    if [m.n for m in moves] != list(range(1, len(moves) + 1)):
        raise ArgumentError("the moves must be the game's, in order, from the first")
    if result not in (None, -1, 0, 1) or isinstance(result, bool):
        raise ArgumentError(f"result {result!r} must be +1, 0, -1 or None")

    def s(m: MoveFigures) -> int:
        return 1 if m.player == 1 else -1

    residual = sum((s(b) * b.draw_value - s(a) * a.value for a, b in zip(moves, moves[1:], strict=False)),
                   Decimal(0))
    players = []
    luck = {p: sum((m.luck for m in moves if m.player == p), Decimal(0)) for p in (1, 2)}
    for p in (1, 2):
        loss = sum((m.loss for m in moves if m.player == p), Decimal(0))
        mine = None if result is None else (result if p == 1 else -result)
        adjusted = None if mine is None else mine - luck[p] + luck[3 - p]
        players.append(PlayerFigures(p, luck[p], loss, mine, adjusted))
    return Balance(moves[0].draw_value, residual, (players[0], players[1]))


def edges(figures: Balance) -> tuple[tuple[Decimal, Decimal], tuple[Decimal, Decimal]]:
    """Each player's (luck, skill) over the other: the luck is their draws'
    luck less the other's, the skill what the other's placements lost less
    their own. Player 1's two add up with ``start_value`` and ``residual`` to
    their result (when finished); player 2's are minus player 1's."""
    one, two = figures.players
    luck, skill = one.luck - two.luck, two.loss - one.loss
    return ((luck, skill), (-luck, -skill))


__all__ = [
    "PLACES", "Balance", "edges", "MoveFigures", "PlayerFigures", "balance", "decimal", "move_figures",
]
