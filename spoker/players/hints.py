"""Hints: the best cells for the drawn ball, with their expected score difference.

The game screen's hints, by expected result from the analysis's search, are
in :mod:`spoker.runs.hints`.
"""

from __future__ import annotations

from shibumi import CELLS
from spoker.engine.state import GameState
from spoker.players.base import HintEntry, PlayerError, check_can_move
from spoker.players.bitboard import root_args
from spoker.players.expert import ExpertPlayer
from spoker.players.search import Expectimax

HINT_EFFORTS: tuple[str, ...] = ("greedy", "lookahead", "expert")
"""How hard a hint looks: one placement deep, two, or the expert's search."""

_DEPTHS = {"greedy": 1, "lookahead": 2}


def hint(state: GameState, top: int = 3, effort: str = "lookahead") -> list[HintEntry]:
    """The ``top`` best cells for ``state``'s drawn ball, best first.

    A value is the expected final score difference (player to move minus
    opponent, the current score included) if the ball goes there, a straight
    flush counting as :data:`~spoker.players.search.SF_POINTS` points (a game
    win). ``effort`` is one of :data:`HINT_EFFORTS`. Does not change ``state``.
    """
    check_can_move(state)
    if effort not in HINT_EFFORTS:
        raise PlayerError(f"unknown hint effort {effort!r}: expected one of {', '.join(HINT_EFFORTS)}")
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise PlayerError(f"top {top!r} must be a positive whole number")
    if effort == "expert":
        scored = ExpertPlayer(0, utility="score").analyse(state)
    else:
        scored = Expectimax(state.rules).analyse(*root_args(state), _DEPTHS[effort])
    scored.sort(key=lambda cv: (-cv[1], cv[0]))
    return [HintEntry(CELLS[c], round(v, 6)) for c, v in scored[:top]]
