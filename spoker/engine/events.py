"""What happened when an action was applied, for narration and replay.

Each ``apply_*`` of :class:`spoker.engine.state.GameState` returns a tuple of these,
in the order they happened, so a front end or a replay viewer can tell the
story without re-deriving any rule. They are plain data (named tuples, which
print as such): :mod:`spoker.text.narrator` tells them (``narrator.describe``, also
``spoker.describe``, is one sentence an event).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from shibumi import Cell, Colour
from spoker.engine.groups import Group


class End(StrEnum):
    """How a game ended (its text is what records and JSON hold)."""

    STRAIGHT_FLUSH = "straight_flush"
    COMPLETE = "complete"


class BallDrawn(NamedTuple):
    player: int
    colour: Colour


class BallPlaced(NamedTuple):
    player: int
    colour: Colour
    cell: Cell
    move_number: int
    response: bool  # the move answers a challenge


class GroupFormed(NamedTuple):
    """A counting group formed by the ball just placed."""

    player: int
    group: Group


class ChallengeOpened(NamedTuple):
    challenger: int
    group: Group
    move_number: int


class ChallengeResolved(NamedTuple):
    challenger: int
    challenge: Group
    response: Group | None  # None: the response formed nothing (or the bag was empty)
    points: tuple[int, int]  # by player: (player 1, player 2)
    winner: int | None  # None: a tie, both scored
    move_number: int  # the challenging move
    bag_empty: bool = False


class StraightFlush(NamedTuple):
    """A straight flush: its former wins the game at once."""

    player: int
    group: Group
    cancelled_challenge: Group | None  # a challenge it answered, which scores nothing


class GameOver(NamedTuple):
    winner: int | None  # None: a draw
    score: tuple[int, int]
    end: End


Event = (
    BallDrawn | BallPlaced | GroupFormed | ChallengeOpened | ChallengeResolved | StraightFlush | GameOver
)

