"""Which sound effect a moment of the game calls for (no window, no sound library).

The game screen hands :func:`effect_for` the events the controller got from
the engine for a draw or a placement (``controller.last_events``) and plays
the one effect it names; the end of the game is :data:`END`, played when the
results screen comes. One effect an action, the most telling: a placement
that settles a challenge sounds its outcome, not also the click of the ball.

Won, tied and lost are heard from the side of the person at the table: the
one person against a computer hears the computer's failed answer as a won
challenge; two people at one screen (or two computers) hear it from the side
of the player who just placed, as the answer's own outcome.

The effects are files made by ``scripts/make_sounds.py``; the player that
loads and plays them is :mod:`spoker.gui.audio`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    StraightFlush,
)

if TYPE_CHECKING:
    from spoker.gui.models.controller import GameSetup

DRAW = "draw"
PLACE = "place"
CHALLENGE = "challenge"
WON = "won"
TIED = "tied"
LOST = "lost"
STRAIGHT_FLUSH = "straight_flush"
END = "end"
SILENCE = ""  # nothing to hear (no draw, no placement among the events)

EFFECTS = (DRAW, PLACE, CHALLENGE, WON, TIED, LOST, STRAIGHT_FLUSH, END)
"""Every effect the game plays: a file ``NAME.wav`` of each is shipped."""


def listener(setup: GameSetup) -> int | None:
    """The player whose side a challenge's outcome is heard from: the one
    person against a computer; None when both seats are people or both are
    computers (then the outcome is the mover's)."""
    people = [p for p in (1, 2) if not setup.is_computer(p)]
    return people[0] if len(people) == 1 else None


def effect_for(events: Iterable[Event], setup: GameSetup) -> str:
    """The one effect for the events of a draw or a placement, or
    :data:`SILENCE`. A straight flush outranks a challenge's outcome, which
    outranks a challenge opened, which outranks the plain click of a ball."""
    found: dict[type, Event] = {}
    for e in events:
        found.setdefault(type(e), e)
    if StraightFlush in found:
        return STRAIGHT_FLUSH
    resolved = found.get(ChallengeResolved)
    if isinstance(resolved, ChallengeResolved):
        if resolved.winner is None:
            return TIED
        placed = found.get(BallPlaced)
        side = listener(setup)
        if side is None:
            side = placed.player if isinstance(placed, BallPlaced) else resolved.challenger
        return WON if resolved.winner == side else LOST
    if ChallengeOpened in found:
        return CHALLENGE
    if BallPlaced in found:
        return PLACE
    if BallDrawn in found:
        return DRAW
    return SILENCE
