"""What happened when an action was applied, for narration and replay.

Each ``apply_*`` of :class:`spoker.state.GameState` returns a tuple of these,
in the order they happened, so a front end or a replay viewer can tell the
story without re-deriving any rule.
"""

from __future__ import annotations

from typing import NamedTuple

from shibumi import Cell, Colour
from spoker.groups import Group


class BallDrawn(NamedTuple):
    player: int
    colour: Colour

    def __str__(self) -> str:
        return describe(self)


class BallPlaced(NamedTuple):
    player: int
    colour: Colour
    cell: Cell
    move_number: int
    response: bool  # the move answers a challenge

    def __str__(self) -> str:
        return describe(self)


class GroupFormed(NamedTuple):
    """A counting group formed by the ball just placed."""

    player: int
    group: Group

    def __str__(self) -> str:
        return describe(self)


class ChallengeOpened(NamedTuple):
    challenger: int
    group: Group
    move_number: int

    def __str__(self) -> str:
        return describe(self)


class ChallengeResolved(NamedTuple):
    challenger: int
    challenge: Group
    response: Group | None  # None: the response formed nothing (or the bag was empty)
    points: tuple[int, int]  # by player: (player 1, player 2)
    winner: int | None  # None: a tie, both scored
    move_number: int  # the challenging move
    bag_empty: bool = False

    def __str__(self) -> str:
        return describe(self)


class StraightFlush(NamedTuple):
    """A straight flush: its former wins the game at once."""

    player: int
    group: Group
    cancelled_challenge: Group | None  # a challenge it answered, which scores nothing

    def __str__(self) -> str:
        return describe(self)


class GameOver(NamedTuple):
    winner: int | None  # None: a draw
    score: tuple[int, int]
    end: str  # "straight_flush" or "complete"

    def __str__(self) -> str:
        return describe(self)


Event = (
    BallDrawn | BallPlaced | GroupFormed | ChallengeOpened | ChallengeResolved | StraightFlush | GameOver
)


def describe(event: Event, names: tuple[str, str] | None = None) -> str:
    """One sentence for a log or a status line; ``names`` of players 1 and 2
    replace "player 1" and "player 2"."""
    if names is not None and (
        not isinstance(names, tuple) or len(names) != 2 or not all(isinstance(n, str) for n in names)
    ):
        raise TypeError(f"names {names!r}: expected two strings")

    def who(player: int | None, capital: bool = False) -> str:
        if names is not None and player in (1, 2):
            return names[player - 1]
        return f"{'P' if capital else 'p'}layer {player}"

    if isinstance(event, BallDrawn):
        return f"{who(event.player, True)} draws a {event.colour.name.lower()} ball."
    if isinstance(event, BallPlaced):
        what = "answers with" if event.response else "places"
        return f"{who(event.player, True)} {what} {event.colour.char}@{event.cell} (move {event.move_number})."
    if isinstance(event, GroupFormed):
        return f"{who(event.player, True)} forms a {event.group.describe()}."
    if isinstance(event, ChallengeOpened):
        return f"{who(event.challenger, True)} challenges with a {event.group.describe()}."
    if isinstance(event, ChallengeResolved):
        if event.bag_empty:
            return f"The bag is empty: {who(event.challenger)} wins the challenge and scores 1."
        if event.response is None:
            return f"No group in answer: {who(event.challenger)} wins the challenge and scores 1."
        if event.winner is None:
            return (
                f"{event.response.describe()} ties {event.challenge.describe()}: both players score 1."
            )
        loser = event.challenge if event.winner != event.challenger else event.response
        winning = event.response if event.winner != event.challenger else event.challenge
        return (
            f"{winning.describe()} beats {loser.describe()}: "
            f"{who(event.winner)} wins the challenge and scores 1."
        )
    if isinstance(event, StraightFlush):
        return f"Straight flush! {who(event.player, True)} wins the game at once."
    if isinstance(event, GameOver):
        s1, s2 = event.score
        if event.winner is None:
            return f"Game over: a draw, {s1}-{s2}."
        return f"Game over: {who(event.winner)} wins, {s1}-{s2}."
    raise TypeError(f"not an event: {event!r}")
