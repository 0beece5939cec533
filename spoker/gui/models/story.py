"""A game told as it goes, for the screen: the log, the moment, the challenges
and the counting groups.

:class:`Story` takes each action's events with the state they left; the game
screen (:class:`spoker.gui.models.controller.GameController`) and the replay
viewer (:mod:`spoker.gui.models.replay_model`) both use it, so both say the
same thing. This module holds what the screen is made of (the typed kinds of a
log line, a moment and a highlight, :class:`Line`, :class:`Mark`,
:class:`Moment`, :class:`Counted`) and chooses what to show; every word of it
is the narrator's (:mod:`spoker.text.narrator`), and how each challenge ended
is the engine's bookkeeping (:mod:`spoker.engine.challenges`).

No arcade here: the views draw what it holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from shibumi import Board, Cell
from shibumi.errors import expect
from spoker.engine.challenges import ChallengeSummary, add_challenges
from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.engine.groups import Group, groups_at, standing, strength
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.text.narrator import (
    BLOCKED_TITLES,
    GAME_OVER,
    banner,
    blocked_line,
    game_result,
    log_line,
    welcome,
)


# -- typed kinds ---------------------------------------------------------------
class LineKind(StrEnum):
    """What a line of the game log tells (its colour on screen)."""

    INFO = "info"
    MOVE = "move"
    GROUP = "group"
    CHALLENGE = "challenge"
    SETTLED = "settled"
    FLUSH = "flush"
    END = "end"
    WARN = "warn"


class MomentKind(StrEnum):
    """What the screen is about right now."""

    NONE = "none"
    CHALLENGE = "challenge"
    SETTLED = "settled"
    STRAIGHT_FLUSH = "straight_flush"
    BLOCKED = "blocked"
    END = "end"


class MarkRole(StrEnum):
    """What highlighted cells are: ``blocked`` is a group that would count but
    does not; ``formed`` a counting group in the laboratory."""

    CHALLENGE = "challenge"
    RESPONSE = "response"
    FORMED = "formed"
    FLUSH = "flush"
    BLOCKED = "blocked"
    HINT = "hint"
    SELECTED = "selected"


# Named tuples rather than dataclasses: importing ``dataclasses`` costs a
# command-line start about 8 ms (bench/startup.py).
class Line(NamedTuple):
    """One line of narration; ``kind`` (a :class:`LineKind`, or an analysis
    mark in the replay viewer's log) picks its colour on screen."""

    text: str
    kind: str = LineKind.INFO


class _MarkFields(NamedTuple):
    cells: tuple[Cell, ...]
    role: MarkRole
    player: int = 0


class Mark(_MarkFields):
    """Cells to highlight, what they are, and whose."""

    __slots__ = ()

    def __new__(cls, cells: tuple[Cell, ...], role: MarkRole | str, player: int = 0) -> Mark:
        return super().__new__(cls, cells, MarkRole(role), player)


class _MomentFields(NamedTuple):
    kind: MomentKind
    title: str = ""
    lines: tuple[str, ...] = ()
    marks: tuple[Mark, ...] = ()


class Moment(_MomentFields):
    """What the screen is about right now: a banner and its highlights."""

    __slots__ = ()

    def __new__(
        cls,
        kind: MomentKind | str,
        title: str = "",
        lines: tuple[str, ...] = (),
        marks: tuple[Mark, ...] = (),
    ) -> Moment:
        return super().__new__(cls, MomentKind(kind), title, lines, marks)


NO_MOMENT = Moment(MomentKind.NONE)


class Counted(NamedTuple):
    """A counting group formed during the game, with the board it was formed on;
    ``role`` is challenge, response or flush (a
    :class:`spoker.text.narrator.CountedGroup`, which ``ball_story`` tells)."""

    move: int
    player: int
    group: Group
    board: Board
    role: MarkRole


def counted_marks(cell: Cell, counted: Sequence[Counted]) -> tuple[Mark, ...]:
    """Highlights for a clicked ball: the last two counted groups it belongs to."""
    _check_counted(counted)
    return tuple(Mark(c.group.cells, MarkRole.SELECTED, c.player) for c in counted if cell in c.group.cells)[-2:]


def _check_counted(counted: object) -> Sequence[Counted]:
    if not isinstance(counted, list | tuple):
        raise TypeError(f"counted groups {counted!r:.60}: expected a list or tuple")
    for c in counted:
        expect(c, Counted, "counted group")
    return counted


# -- the story -----------------------------------------------------------------
_LOG_KINDS: dict[type, LineKind] = {
    BallDrawn: LineKind.MOVE, BallPlaced: LineKind.MOVE, GroupFormed: LineKind.GROUP,
    ChallengeOpened: LineKind.CHALLENGE, ChallengeResolved: LineKind.SETTLED, StraightFlush: LineKind.FLUSH,
}
"""The kind (colour) of the log line each kind of event makes."""


class Story:
    """A game told as it goes, for the screen: the log, the moment, the
    challenges and the counting groups. :meth:`tell` takes each action's events
    with the state they left; the game screen and the replay viewer both use it."""

    def __init__(self, names: tuple[str, str], rules: RuleSet) -> None:
        first = welcome(names, rules)  # checks the names and the rule set
        self.names = names
        self.rules = rules
        self.log: list[Line] = [Line(first, LineKind.INFO)]
        self.challenges: list[ChallengeSummary] = []
        self.counted: list[Counted] = []
        self.moment: Moment = NO_MOMENT

    def note(self, text: str, kind: LineKind = LineKind.INFO) -> None:
        """A line of the log that is no event (resumed, a hint ...)."""
        self.log.append(Line(text, kind))

    def tell(self, events: Sequence[Event], state: GameState) -> None:
        """The log lines and the moment of one action's events; ``state`` is
        the state they left."""
        placed: BallPlaced | None = None
        formed: Group | None = None
        moment: Moment | None = None
        for e in events:
            if isinstance(e, GameOver):
                result = game_result(state, self.names)
                self.log.append(Line(result, LineKind.END))
                if moment is None:
                    moment = Moment(MomentKind.END, GAME_OVER, (result,))
                continue
            kind = _LOG_KINDS.get(type(e))
            if kind is None:
                continue
            if isinstance(e, BallPlaced):
                placed = e
            elif isinstance(e, GroupFormed):
                formed = e.group
            elif isinstance(e, ChallengeOpened | ChallengeResolved | StraightFlush):
                moment = self._moment(e, state)
            self.log.append(Line(log_line(e, self.names), kind))
        add_challenges(self.challenges, state.move_number, events)
        if placed is not None:
            blocked = self._blocked(placed, formed, state.board)
            if moment is None:
                moment = blocked or NO_MOMENT
            elif blocked is not None:
                moment = Moment(moment.kind, moment.title, moment.lines + blocked.lines, moment.marks + blocked.marks)
        if moment is not None:
            self.moment = moment

    def _moment(self, e: ChallengeOpened | ChallengeResolved | StraightFlush, state: GameState) -> Moment:
        """The banner an event raises, its highlights, and the group it counts."""
        title, lines = banner(e, self.names)
        if isinstance(e, ChallengeOpened):
            self.counted.append(Counted(e.move_number, e.challenger, e.group, state.board, MarkRole.CHALLENGE))
            return Moment(MomentKind.CHALLENGE, title, lines, (Mark(e.group.cells, MarkRole.CHALLENGE, e.challenger),))
        if isinstance(e, ChallengeResolved):
            responder = 3 - e.challenger
            marks = [Mark(e.challenge.cells, MarkRole.CHALLENGE, e.challenger)]
            if e.response is not None:
                self.counted.append(Counted(state.move_number, responder, e.response, state.board, MarkRole.RESPONSE))
                marks.append(Mark(e.response.cells, MarkRole.RESPONSE, responder))
            return Moment(MomentKind.SETTLED, title, lines, tuple(marks))
        self.counted.append(Counted(state.move_number, e.player, e.group, state.board, MarkRole.FLUSH))
        return Moment(MomentKind.STRAIGHT_FLUSH, title, lines, (Mark(e.group.cells, MarkRole.FLUSH, e.player),))

    def _blocked(self, placed: BallPlaced, formed: Group | None, board: Board) -> Moment | None:
        """Groups through the ball just placed that would beat what counted but
        do not count (:func:`spoker.engine.groups.standing`), titled by what holds
        the strongest back."""
        rules = self.rules
        better = [g for g in groups_at(board, placed.cell, rules)
                  if formed is None or strength(g, rules) > strength(formed, rules)]
        held = [s for s in (standing(board, g, self.rules, placed.cell, placed.response) for g in better[:2])
                if not s.counts]
        if not held:
            return None
        lines = tuple(blocked_line(s) for s in held)
        for text in lines:
            self.log.append(Line(text, LineKind.WARN))
        marks = tuple(Mark(s.group.cells, MarkRole.BLOCKED, placed.player) for s in held)
        return Moment(MomentKind.BLOCKED, BLOCKED_TITLES[held[0].against[0].kind], lines, marks)


__all__ = [
    "NO_MOMENT", "Counted", "Line", "LineKind", "Mark", "MarkRole", "Moment", "MomentKind",
    "Story", "counted_marks",
]
