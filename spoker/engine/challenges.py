"""How each challenge of a game ended, derived from the engine's events.

A :class:`ChallengeSummary` is the one record of a challenge: opened on which
move, by whom, with what, and how it was answered. :func:`add_challenges` folds
one move's events into a list of them; the replays
(:func:`challenge_summaries`, ``Replay.challenges``) and the game screen's story
(``spoker.gui.models.story.Story.challenges``) are both built by it, so they are
equal for the same game. Plain data, no words: the narrator says them
(``challenge_line``, ``challenge_row``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from shibumi.errors import expect
from spoker.engine.events import ChallengeOpened, ChallengeResolved, Event, StraightFlush
from spoker.engine.groups import Group


class ChallengeSummary(NamedTuple):
    """One challenge of the game and how it ended.

    ``response`` is the answering group (None: no group, no answer yet, or
    the bag was empty); ``points`` is None while the challenge is open;
    ``response_move`` is the number of the answering move, if any;
    ``winner`` None is a tie (or not decided); ``cancelled``: answered by a
    straight flush, it scores nothing.
    """

    move: int
    challenger: int
    challenge: Group
    response: Group | None = None
    points: tuple[int, int] | None = None
    response_move: int | None = None
    winner: int | None = None
    bag_empty: bool = False
    cancelled: bool = False


def add_challenges(summaries: list[ChallengeSummary], n: int, events: Sequence[Event]) -> None:
    """Bring ``summaries`` up to date with the events of move ``n``: a challenge
    opened is added, one answered (or cancelled by a straight flush) is closed."""
    expect(summaries, list, "summaries")
    expect(n, int, "move number")
    for ev in events:
        if isinstance(ev, ChallengeOpened):
            summaries.append(ChallengeSummary(ev.move_number, ev.challenger, ev.group))
        elif isinstance(ev, ChallengeResolved):
            i = _find(summaries, ev.move_number)
            if i is not None:
                summaries[i] = summaries[i]._replace(
                    response=ev.response, points=ev.points, response_move=None if ev.bag_empty else n,
                    winner=ev.winner, bag_empty=ev.bag_empty,
                )
        elif isinstance(ev, StraightFlush) and ev.cancelled_challenge is not None:
            i = next((j for j in range(len(summaries) - 1, -1, -1) if summaries[j].points is None), None)
            if i is not None:
                summaries[i] = summaries[i]._replace(
                    response=ev.group, points=(0, 0), response_move=n, winner=None, cancelled=True,
                )


def _find(summaries: list[ChallengeSummary], move: int) -> int | None:
    """The index of the challenge opened on ``move`` (the last one)."""
    return next((i for i in range(len(summaries) - 1, -1, -1) if summaries[i].move == move), None)


def challenge_summaries(steps: Sequence[Sequence[Event]]) -> list[ChallengeSummary]:
    """Every challenge of a game, from the events of its moves (``steps[n]``:
    the events of move ``n``, ``steps[0]`` the start)."""
    out: list[ChallengeSummary] = []
    for n, events in enumerate(steps):
        add_challenges(out, n, events)
    return out


__all__ = ["ChallengeSummary", "add_challenges", "challenge_summaries"]
