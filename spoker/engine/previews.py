"""What the drawn ball would do on a cell, before it is placed: the group it
would form and how that meets the pending challenge (or opens one).

The engine itself decides: the placement is made on a copy of the state and
its events are read, so a preview never disagrees with the move. The hints
(``spoker hint`` and the game screen) and the game screen's ghost ball say it
in the narrator's words (:func:`spoker.text.narrator.preview_words`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from shibumi import Cell
from spoker.engine.events import ChallengeResolved, GroupFormed, StraightFlush
from spoker.engine.groups import Group
from spoker.engine.state import GameState


class Outcome(StrEnum):
    """How a placement meets the challenge situation."""

    NOTHING = "nothing"  # no group, no challenge pending
    OPENS = "opens"  # a group: a challenge for the opponent to answer
    SCORES = "scores"  # a group with the bag empty: no answer can come, it scores at once
    BEATS = "beats"  # the answer wins the pending challenge
    TIES = "ties"  # the answer ties it: both score
    LOSES = "loses"  # the answer is weaker, or no group at all
    WINS_GAME = "wins_game"  # a straight flush


class Preview(NamedTuple):
    """The drawn ball on ``cell``: the group it forms (None: none that counts),
    the ``outcome``, and the challenge it answers (None: none pending)."""

    cell: Cell
    formed: Group | None
    outcome: Outcome
    answered: Group | None


def preview(state: GameState, cell: Cell) -> Preview:
    """What placing ``state``'s drawn ball on ``cell`` would do (``state`` is
    not changed); IllegalActionError as for the placement itself."""
    pending = state.challenge.group if state.challenge is not None else None
    events = state.copy().apply_place(cell)
    formed = next((e.group for e in events if isinstance(e, GroupFormed)), None)
    if any(isinstance(e, StraightFlush) for e in events):
        return Preview(cell, formed, Outcome.WINS_GAME, pending)
    resolved = next((e for e in events if isinstance(e, ChallengeResolved)), None)
    if resolved is not None:
        if resolved.bag_empty:  # the 30th ball opened a challenge nobody can answer
            return Preview(cell, formed, Outcome.SCORES, None)
        if resolved.winner is None:
            outcome = Outcome.TIES
        else:
            outcome = Outcome.BEATS if resolved.winner == state.to_move else Outcome.LOSES
        return Preview(cell, formed, outcome, resolved.challenge)
    return Preview(cell, formed, Outcome.OPENS if formed is not None else Outcome.NOTHING, None)


__all__ = ["Outcome", "Preview", "preview"]
