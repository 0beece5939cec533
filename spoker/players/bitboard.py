"""The position as plain bit masks, for search: a state's masks, codes and
lead, the cells of a mask, the playable mask after a placement, and what a
placement forms.

Search explores hundreds of thousands of placements a move, too many for
:class:`spoker.engine.state.GameState` (which records history and builds events), so
the players work on plain ints: three colour masks, the occupancy mask and the
playable mask. The judging is :mod:`spoker.engine.judging`'s (``rules.judge``):
:func:`strength` is :meth:`~spoker.engine.judging.Judge.placed_code`, and the search
reads :meth:`~spoker.engine.judging.Judge.turn_colour_codes`, a ball of each colour judged
in one pass.

Conventions: a *challenge code* is :func:`spoker.engine.judging.challenge_code` of
a group (0: none), so codes compare as challenges do. Values are from the
point of view of the player about to move.
"""

from __future__ import annotations

from shibumi import FULL_MASK
from shibumi.geometry import PLATFORM_MASK, RESTING_ON
from spoker.engine.judging import APEX_CELL, STRAIGHT_FLUSH
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState

FULL = FULL_MASK

# The cells of a 30-bit mask as a tuple of ints, in two lookups of 15 bits.
_LOW = tuple(tuple(i for i in range(15) if m >> i & 1) for m in range(1 << 15))
_HIGH = tuple(tuple(15 + i for i in range(15) if m >> i & 1) for m in range(1 << 15))

UP: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((1 << int(u), PLATFORM_MASK[u]) for u in RESTING_ON[c]) for c in range(30)
)
"""Per cell: (bit, platform mask) of each cell resting on it."""


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells (ints) of a mask, in index order."""
    return _LOW[mask & 0x7FFF] + _HIGH[mask >> 15]


def after_place(occupied: int, playable: int, cell: int) -> int:
    """The playable mask once ``cell`` is filled (``occupied`` already holds it)."""
    playable &= ~(1 << cell)
    for bit, platform in UP[cell]:
        if occupied & platform == platform:
            playable |= bit
    return playable


def strength(
    masks: list[int], occupied: int, cell: int, colour: int, responding: bool, rules: RuleSet
) -> int:
    """Challenge code (0: nothing) of the best counting group the ball just
    placed on ``cell`` forms; ``masks`` and ``occupied`` hold it. The apex ruling
    applies (:meth:`spoker.engine.judging.Judge.placed_code`)."""
    return rules.judge.placed_code(masks, occupied, cell, colour, responding)


def pending_code(state: GameState) -> int:
    """The pending challenge of a state as a challenge code (0: none)."""
    challenge = state.challenge
    return 0 if challenge is None else state.rules.judge.codes[challenge.group.rank][challenge.group.top_level]


def score_diff(state: GameState) -> int:
    """Score of the player to move minus the opponent's."""
    first, second = state.scores
    return first - second if state.to_move == 1 else second - first


RootArgs = tuple[tuple[int, int, int], int, int, int, int, int]
"""A search root: colour masks, occupancy, playable mask, pending challenge
code, drawn colour and the mover's lead (the arguments of
:meth:`spoker.players.search.Expectimax.analyse` before the depth)."""


def root_args(state: GameState) -> RootArgs:
    """The search root of ``state``, whose drawn ball waits to be placed."""
    colour = state.drawn
    assert colour is not None
    return (
        state.masks, state.occupied, state.playable_mask, pending_code(state),
        int(colour), score_diff(state),
    )


__all__ = [
    "APEX_CELL", "FULL", "STRAIGHT_FLUSH", "UP", "RootArgs", "after_place", "cells_of",
    "pending_code", "root_args", "score_diff", "strength",
]
