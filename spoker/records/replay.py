"""Stepping through a recorded game, forward and back (for viewers and tools).

Every position of the game is computed once, when the :class:`Replay` is made
(a game has at most 30 moves), so going back gives exactly the earlier state
and every step is a lookup.
"""

from __future__ import annotations

from shibumi.errors import expect, shown
from spoker.engine.challenges import ChallengeSummary, challenge_summaries
from spoker.engine.events import BallPlaced, ChallengeOpened, Event, GroupFormed
from spoker.engine.moves import Move
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import PositionError
from spoker.records.record import GameRecord, play_moves


class Replay:
    """A cursor over a record's positions 0 (empty pyramid) .. ``length``."""

    def __init__(self, record: GameRecord, rules: RuleSet | None = None) -> None:
        expect(record, GameRecord, "record")
        if rules is not None:
            expect(rules, RuleSet, "rules")
        self.record = record
        self.rules = rules if rules is not None else record.rules
        state = GameState(self.rules)
        self._states = [state.copy()]
        self._events: list[tuple[Event, ...]] = [()]
        for _, events in play_moves(state, record.moves):
            self._states.append(state.copy())
            self._events.append(events)
        self._moves = list(record.moves)
        self.challenges: list[ChallengeSummary] = challenge_summaries(self._events)
        self._position = 0

    # -- where we are -------------------------------------------------------
    @property
    def length(self) -> int:
        """Number of moves in the record."""
        return len(self._moves)

    @property
    def position(self) -> int:
        """Balls placed at the current step, 0..length."""
        return self._position

    @property
    def state(self) -> GameState:
        """The state at the current step (a copy: changing it changes nothing here)."""
        return self._states[self._position].copy()

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that led here caused (draw included); () at the start."""
        return self._events[self._position]

    @property
    def move(self) -> Move | None:
        """The move that led here, None at the start."""
        return self._moves[self._position - 1] if self._position else None

    @property
    def final_state(self) -> GameState:
        return self._states[-1].copy()

    def state_at(self, n: int) -> GameState:
        """The state after ``n`` moves, without moving the cursor."""
        return self._states[self._check(n)].copy()

    def events_at(self, n: int) -> tuple[Event, ...]:
        return self._events[self._check(n)]

    # -- moving -------------------------------------------------------------
    def forward(self) -> bool:
        """One move on; False (and no change) at the end."""
        if self._position >= self.length:
            return False
        self._position += 1
        return True

    def back(self) -> bool:
        """One move back; False (and no change) at the start."""
        if self._position <= 0:
            return False
        self._position -= 1
        return True

    def goto(self, n: int) -> None:
        """Jump to the position after ``n`` moves (0..length)."""
        self._position = self._check(n)

    def start(self) -> None:
        self._position = 0

    def end(self) -> None:
        self._position = self.length

    def next_challenge(self) -> bool:
        """Jump right after the next challenge-opening move; False if none."""
        for c in self.challenges:
            if c.move > self._position:
                self._position = c.move
                return True
        return False

    def prev_challenge(self) -> bool:
        """Jump right after the previous challenge-opening move; False if none."""
        for c in reversed(self.challenges):
            if c.move < self._position:
                self._position = c.move
                return True
        return False

    def _check(self, n: int) -> int:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"position {shown(n)}: expected a whole number 0..{self.length}")
        if not 0 <= n <= self.length:
            raise PositionError(f"position {n!r} is outside 0..{self.length}")
        return n

    # -- summaries ----------------------------------------------------------
    def to_json(self, file: str | None = None) -> dict[str, object]:
        """The ``spoker replay --json`` object (docs/formats.md)."""
        out: dict[str, object] = {}
        if file is not None:
            out["file"] = file
        out["moves"] = [_move_json(events) for events in self._events[1:]]
        out["challenges"] = [
            {
                "move": c.move,
                "challenger": c.challenger,
                "challenge": c.challenge.rank.key,
                "response": c.response.rank.key if c.response is not None else None,
                "points": list(c.points) if c.points is not None else None,
            }
            for c in self.challenges
        ]
        final = self._states[-1]
        out["score"] = list(final.score)
        out["winner"] = final.winner if final.is_over else None
        out["end"] = final.end if final.end is not None else "unfinished"
        return out


def _move_json(events: tuple[Event, ...]) -> dict[str, object]:
    placed = next(ev for ev in events if isinstance(ev, BallPlaced))
    formed = next((ev for ev in events if isinstance(ev, GroupFormed)), None)
    return {
        "n": placed.move_number,
        "player": placed.player,
        "ball": placed.colour.char,
        "cell": str(placed.cell),
        "group": formed.group.rank.key if formed is not None else None,
        "challenge": any(isinstance(ev, ChallengeOpened) for ev in events),
        "response": placed.response,
    }


__all__ = ["Replay"]
