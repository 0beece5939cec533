"""What the replay viewer shows at each position of a record, told once.

A :class:`ReplayStory` walks the events a :class:`~spoker.records.replay.Replay`
already holds through one :class:`~spoker.gui.models.story.Story` (the game screen's
narrator), and keeps, for every position, the log so far, the moment, the
challenges and the counting groups: stepping, jumping and going back are
lookups, not a game replayed from move 1.

No arcade here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shibumi import Board, Cell
from shibumi.errors import expect
from spoker.engine.challenges import ChallengeSummary
from spoker.engine.moves import Move
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import PositionError
from spoker.gui.models.story import Counted, Line, Mark, MarkRole, Moment, Story, counted_marks
from spoker.records.replay import Replay
from spoker.text.narrator import ball_story, game_result, last_move_line


@dataclass(frozen=True)
class ReplayPage:
    """The story of a record up to one position: what the viewer draws."""

    state: GameState
    names: tuple[str, str]
    moment: Moment
    log: tuple[Line, ...]
    challenges: tuple[ChallengeSummary, ...]
    counted: tuple[Counted, ...]

    def last_move_text(self) -> str:
        return last_move_line(self.state.history, self.names)

    def result_text(self) -> str:
        return game_result(self.state, self.names)

    def explain_cell(self, cell: Cell) -> list[str]:
        """Why the ball on ``cell`` counts (or not)."""
        return ball_story(self.state, cell, self.counted, self.names)

    def explain_marks(self, cell: Cell) -> tuple[Mark, ...]:
        """The counted groups the ball on ``cell`` belongs to, as highlights."""
        return counted_marks(cell, self.counted)


class ReplayStory:
    """Every position of a replay, told (``names``: of players 1 and 2)."""

    def __init__(self, replay: Replay, names: tuple[str, str]) -> None:
        expect(replay, Replay, "replay")
        story = Story(names, replay.rules)
        self.pages: list[ReplayPage] = [self._page(story, replay.state_at(0))]
        for n in range(1, replay.length + 1):
            state = replay.state_at(n)
            story.tell(replay.events_at(n), state)
            self.pages.append(self._page(story, state))

    @staticmethod
    def _page(story: Story, state: GameState) -> ReplayPage:
        return ReplayPage(state, story.names, story.moment, tuple(story.log), tuple(story.challenges),
                          tuple(story.counted))

    def at(self, n: int) -> ReplayPage:
        """The page after ``n`` moves (0: the empty pyramid)."""
        expect(n, int, "position")
        if not 0 <= n < len(self.pages):
            raise PositionError(f"position {n!r} is outside 0..{len(self.pages) - 1}")
        return self.pages[n]


@dataclass(frozen=True)
class ChallengePosition:
    """A challenge shown where later balls cannot hide it: the pyramid after
    move ``move`` (its answer, else its opening), its groups as marks."""

    move: int
    board: Board
    marks: tuple[Mark, ...]


def challenge_position(history: Sequence[Move], rules: RuleSet, challenge: ChallengeSummary) -> ChallengePosition:
    """The position of ``challenge`` in the game of ``history``: the board
    when it was answered (when it was opened, if it never was), the
    challenge's group and the answer's marked."""
    expect(challenge, ChallengeSummary, "challenge summary")
    at = challenge.response_move if challenge.response_move is not None else challenge.move
    if not 1 <= at <= len(history):
        raise PositionError(f"move {at} is not a move of this game (1 to {len(history)})")
    state = GameState(rules)
    for move in history[:at]:
        state.apply_move(move)
    marks = [Mark(challenge.challenge.cells, MarkRole.CHALLENGE, challenge.challenger)]
    if challenge.response is not None and challenge.response_move == at:
        role = MarkRole.FLUSH if challenge.cancelled else MarkRole.RESPONSE
        marks.append(Mark(challenge.response.cells, role, 3 - challenge.challenger))
    return ChallengePosition(at, state.board, tuple(marks))
