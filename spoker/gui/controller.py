"""The bridge between the window and the rules engine.

A :class:`GameController` holds the :class:`~spoker.state.GameState`, draws
with its own seeded generator, sends the person's and the computer's actions
to the engine and turns the events the engine returns into what the screen
shows: narration lines, the current *moment* (a challenge, a verdict, a
straight flush) with the groups to highlight, and the explanations of groups.
The views only display what it says; no rule is decided outside the engine.

This module does not import arcade, so it is tested and reused without a window.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shibumi import APEX, BALLS_PER_COLOUR, Board, Cell, Colour
from shibumi.visibility import visibility
from spoker.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.groups import Group, explain, group_visibility, groups_at
from spoker.moves import Move
from spoker.rules import DEFAULT_RULES, RuleSet
from spoker.state import End, GameState

if TYPE_CHECKING:
    from spoker.players import Player

PERSON = "person"
COLOUR_NAMES = ("white", "black", "red")
APEX_SHORT = "on a normal turn the apex counts only for a straight flush (apex ruling)"
APEX_RULING = (
    "The apex is the 30th ball. On a normal turn it counts only for a straight "
    "flush (apex ruling); as a response it counts like any other ball."
)


NAME_LENGTH = 40  # a player's name is cut to this many characters wherever it comes from
SEED_LIMIT = 2**64  # seeds are below this (the title screen takes 12 digits)


def display_name(name: str, default: str) -> str:
    """A name as the game keeps and draws it: one line of printable characters
    (white space runs made one space, control and format characters dropped),
    at most :data:`NAME_LENGTH` characters, ``default`` if nothing is left."""
    head = str(name)[: NAME_LENGTH * 8]  # a 300,000-character name: no need to read it all
    printable = "".join(ch for ch in " ".join(head.split()) if ch.isprintable())
    return " ".join(printable.split())[:NAME_LENGTH].rstrip() or default


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen on the new-game screen. Names are cut to
    :data:`NAME_LENGTH` printable characters (see :func:`display_name`)."""

    names: tuple[str, str] = ("Player 1", "Player 2")
    seats: tuple[str, str] = (PERSON, PERSON)  # "person" or a computer player's name
    rules: RuleSet = DEFAULT_RULES
    seed: int | None = None
    hints: bool = True

    def __post_init__(self) -> None:
        a, b = self.names
        object.__setattr__(self, "names", (display_name(a, "Player 1"), display_name(b, "Player 2")))

    def is_computer(self, player: int) -> bool:
        return self.seats[player - 1] != PERSON

    def name(self, player: int) -> str:
        return self.names[player - 1]

    def to_json(self) -> dict[str, object]:
        return {
            "names": list(self.names),
            "seats": list(self.seats),
            "rules": str(self.rules),
            "seed": self.seed,
            "hints": self.hints,
        }

    @classmethod
    def from_json(cls, data: object) -> GameSetup:
        """The setup from :meth:`to_json`; ValueError for anything else."""
        if not isinstance(data, dict):
            raise ValueError(f"setup {data!r} is not an object")
        rules = data.get("rules", "visible")
        if not isinstance(rules, str):
            raise ValueError(f"rules {rules!r} are not text")
        names = data.get("names", ["Player 1", "Player 2"])
        seats = data.get("seats", [PERSON, PERSON])
        seed = data.get("seed")
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise ValueError(f"names {names!r} are not two strings")
        if not (isinstance(seats, list) and len(seats) == 2 and all(isinstance(s, str) for s in seats)):
            raise ValueError(f"seats {seats!r} are not two strings")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT):
            raise ValueError(f"seed {str(seed)[:30]!r} is not a whole number from 0 to 2^64-1")
        return cls(
            (names[0], names[1]),
            (seats[0], seats[1]),
            RuleSet.parse(rules),
            seed,
            bool(data.get("hints", True)),
        )


@dataclass(frozen=True)
class Line:
    """One line of narration; ``kind`` picks its colour on screen."""

    text: str
    kind: str = "info"  # info, move, group, challenge, verdict, flush, end, warn


@dataclass(frozen=True)
class Mark:
    """Cells to highlight and what they are: ``role`` is one of
    ``challenge``, ``response``, ``formed``, ``flush``, ``blocked`` (a group that
    would count but does not), ``hint``, ``selected``."""

    cells: tuple[Cell, ...]
    role: str
    player: int = 0


@dataclass(frozen=True)
class Moment:
    """What the screen is about right now: a banner and its highlights."""

    kind: str  # "none", "challenge", "verdict", "straight_flush", "blocked", "end"
    title: str = ""
    lines: tuple[str, ...] = ()
    marks: tuple[Mark, ...] = ()


NO_MOMENT = Moment("none")


@dataclass(frozen=True)
class ChallengeEntry:
    """A challenge of the game, for the end screen and the log."""

    move: int
    challenger: int
    challenge: Group
    response: Group | None
    points: tuple[int, int] | None  # None: still open
    winner: int | None
    bag_empty: bool = False
    cancelled: bool = False  # answered by a straight flush: scores nothing


@dataclass(frozen=True)
class Counted:
    """A counting group formed during the game, with the board it was formed on."""

    move: int
    player: int
    group: Group
    board: Board
    role: str  # "challenge", "response", "flush"


@dataclass
class Status:
    """The always-visible facts, as the side panel shows them."""

    to_move: int
    names: tuple[str, str]
    scores: tuple[int, int]
    phase: str  # "Normal turn", "Response to ...", "Game over"
    prompt: str
    bag: tuple[int, int, int]
    drawn: Colour | None
    last_move: str
    move_number: int
    over: bool
    computer_to_move: bool


def rank_phrase(group: Group) -> str:
    """``Flush three, level 2``."""
    return group.describe()


def group_text(group: Group | None) -> str:
    return "nothing" if group is None else group.describe()


class GameController:
    """One game on screen: state, draws, players, narration and highlights."""

    def __init__(
        self,
        setup: GameSetup,
        state: GameState | None = None,
        rng: random.Random | None = None,
        note_resume: bool = True,
    ) -> None:
        seed = setup.seed if setup.seed is not None else secrets.randbits(32)
        self.setup = GameSetup(setup.names, setup.seats, setup.rules, seed, setup.hints)
        self.rng = rng if rng is not None else random.Random(seed)
        self.state = state if state is not None else GameState(setup.rules)
        self.log: list[Line] = []
        self.challenges: list[ChallengeEntry] = []
        self.counted: list[Counted] = []
        self.moment: Moment = NO_MOMENT
        self.last_events: tuple[Event, ...] = ()
        self._players: dict[int, Player] = {}
        self.moves_seen = 0
        if state is not None and state.history:
            self._rebuild_from_history(note_resume)
        else:
            self.log.append(Line(self._welcome(), "info"))

    # -- reading ------------------------------------------------------------
    @property
    def seed(self) -> int:
        assert self.setup.seed is not None
        return self.setup.seed

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    def name(self, player: int) -> str:
        return self.setup.name(player)

    @property
    def over(self) -> bool:
        return self.state.is_over

    @property
    def can_draw(self) -> bool:
        return self.state.is_chance_node()

    @property
    def computer_to_move(self) -> bool:
        return not self.state.is_over and self.setup.is_computer(self.state.to_move)

    @property
    def person_to_move(self) -> bool:
        return not self.state.is_over and not self.setup.is_computer(self.state.to_move)

    @property
    def hints_allowed(self) -> bool:
        return self.setup.hints and self.person_to_move

    def playable(self) -> tuple[Cell, ...]:
        """Cells the drawn ball may go to (empty when no ball is drawn)."""
        if self.state.drawn is None:
            return ()
        return self.state.legal_cells()

    def is_playable(self, cell: Cell | None) -> bool:
        return cell is not None and self.state.drawn is not None and bool(
            self.state.playable_mask >> cell & 1
        )

    def status(self) -> Status:
        s = self.state
        names = self.setup.names
        if s.is_over:
            phase = "Game over"
        elif s.challenge is not None:
            phase = f"Response to {s.challenge.group.describe()}"
        else:
            phase = "Normal turn"
        return Status(
            to_move=s.to_move,
            names=(names[0], names[1]),
            scores=s.score,
            phase=phase,
            prompt=self.prompt(),
            bag=s.bag(),
            drawn=s.drawn,
            last_move=self.last_move_text(),
            move_number=s.move_number,
            over=s.is_over,
            computer_to_move=self.computer_to_move,
        )

    def prompt(self) -> str:
        """What the player to move should do now."""
        s = self.state
        if s.is_over:
            return self.result_text()
        who = self.name(s.to_move)
        if self.computer_to_move:
            level = self.setup.seats[s.to_move - 1]
            if level.lower() in who.lower():  # "Computer (lookahead)" says it already
                return f"{who} is playing..."
            return f"{who} (computer: {level}) is playing..."
        if s.drawn is None:
            what = "answer the challenge: draw" if s.challenge is not None else "draw a ball"
            return f"{who}, {what} (Space or click the bag)."
        colour = COLOUR_NAMES[s.drawn]
        if s.legal_cells() == (APEX,) and s.challenge is None and not s.rules.apex_free:
            return f"{who}, the {colour} ball goes on the apex: {APEX_SHORT}."
        if s.challenge is not None:
            return f"{who}, place the {colour} ball to beat {s.challenge.group.describe()}."
        return f"{who}, place the {colour} ball: point at a free cell to see its ghost, click to place it."

    def last_move_text(self) -> str:
        history = self.state.history
        if not history:
            return "none yet"
        n = len(history)
        player = 1 if n % 2 else 2
        return f"{n}. {self.name(player)}: {history[-1]}"

    def result_text(self) -> str:
        s = self.state
        if not s.is_over:
            return ""
        s1, s2 = s.score
        if s.end == End.STRAIGHT_FLUSH:
            assert s.winner is not None
            return f"{self.name(s.winner)} wins with a straight flush ({s1}-{s2})."
        if s.winner is None:
            return f"A draw, {s1}-{s2}."
        return f"{self.name(s.winner)} wins {max(s1, s2)}-{min(s1, s2)}."

    def apex_note(self, cell: Cell | None) -> str | None:
        """Why the apex does not count now, when the pointer is on it."""
        s = self.state
        if cell != APEX or s.rules.apex_free or s.is_over:
            return None
        if s.challenge is not None:
            return "The apex answers this challenge: it counts like any other ball."
        return APEX_RULING

    # -- acting -------------------------------------------------------------
    def draw(self) -> tuple[Event, ...]:
        """Draw the next ball with the game's generator."""
        events = self.state.draw(self.rng)
        self._narrate(events)
        return events

    def place(self, cell: Cell) -> tuple[Event, ...]:
        """Place the drawn ball; the engine raises IllegalActionError if it may not go there."""
        events = self.state.apply_place(cell)
        self._narrate(events)
        return events

    def player(self, seat: int) -> Player:
        """The computer player of a seat, made on first use (seeded from the game)."""
        p = self._players.get(seat)
        if p is None:
            from spoker.players import make_player

            p = make_player(self.setup.seats[seat - 1], seed=self.seed * 2 + seat)
            self._players[seat] = p
        return p

    def computer_choice(self, state: GameState | None = None) -> Cell:
        """The computer's cell for the drawn ball. ``state`` is a copy made by
        the caller when this runs in another thread (default: a copy now)."""
        s = state if state is not None else self.state.copy()
        assert s.drawn is not None
        return self.player(s.to_move).choose(s)

    def hint(self, top: int = 3, state: GameState | None = None) -> list[tuple[Cell, float]]:
        """The best cells for the drawn ball, with their expected results for
        the player to move (P(win) - P(loss); ``state``: as for
        :meth:`computer_choice`)."""
        from spoker.analysis import hint_values

        s = state if state is not None else self.state.copy()
        if s.drawn is None or s.is_over:
            return []
        return hint_values(s, top=top)

    @staticmethod
    def hint_lines(hints: list[tuple[Cell, float]]) -> list[str]:
        """The hint as text: a heading, then each cell and its value in words
        (short: "from here" goes without saying in a hint)."""
        from spoker.value_words import value_words

        lines = [f"  {cell}: {value_words(v).removesuffix(' from here')}" for cell, v in hints]
        return ["Hint: best cells for this ball"] + lines

    # -- narration ----------------------------------------------------------
    def _welcome(self) -> str:
        a, b = self.setup.names
        return f"New game: {a} against {b}, rules: {self.rules}. {a} starts."

    def _rebuild_from_history(self, note: bool) -> None:
        """Narration and challenge list of a resumed game, by replaying its moves."""
        target = self.state
        replay = GameState(target.rules)
        self.state = replay
        self.log.append(Line(self._welcome(), "info"))
        for move in target.history:
            self._narrate(replay.apply_draw(move.colour))
            self._narrate(replay.apply_place(move.cell))
        if target.drawn is not None:
            self._narrate(replay.apply_draw(target.drawn))
        self.state = target
        if note:
            self.log.append(Line(f"Resumed after move {target.move_number}.", "info"))

    def _narrate(self, events: Sequence[Event]) -> None:
        self.last_events = tuple(events)
        placed: BallPlaced | None = None
        formed: Group | None = None
        moment: Moment | None = None
        for e in events:
            if isinstance(e, BallDrawn):
                self.log.append(Line(f"{self.name(e.player)} draws a {COLOUR_NAMES[e.colour]} ball.", "move"))
            elif isinstance(e, BallPlaced):
                placed = e
                self.moves_seen = e.move_number
                verb = "answers with" if e.response else "places"
                self.log.append(Line(f"{e.move_number}. {self.name(e.player)} {verb} {e.colour.char}@{e.cell}.", "move"))
            elif isinstance(e, GroupFormed):
                formed = e.group
                self.log.append(Line(f"{self.name(e.player)} forms {e.group.describe()}.", "group"))
            elif isinstance(e, ChallengeOpened):
                moment = self._on_opened(e)
            elif isinstance(e, ChallengeResolved):
                moment = self._on_resolved(e)
            elif isinstance(e, StraightFlush):
                moment = self._on_straight_flush(e)
            elif isinstance(e, GameOver):
                self.log.append(Line(self.result_text(), "end"))
                if moment is None:
                    moment = Moment("end", "Game over", (self.result_text(),))
        if placed is not None:
            blocked = self._blocked(placed, formed)
            if moment is None:
                moment = blocked or NO_MOMENT
            elif blocked is not None:
                moment = Moment(
                    moment.kind, moment.title, moment.lines + blocked.lines, moment.marks + blocked.marks
                )
        if moment is not None:
            self.moment = moment

    def _on_opened(self, e: ChallengeOpened) -> Moment:
        responder = 3 - e.challenger
        self.counted.append(Counted(e.move_number, e.challenger, e.group, self.state.board, "challenge"))
        self.challenges.append(ChallengeEntry(e.move_number, e.challenger, e.group, None, None, None))
        title = f"{self.name(e.challenger)} challenges: {e.group.describe()}"
        answer = f"{self.name(responder)} must answer with a better group."
        self.log.append(Line(f"{title}. {answer}", "challenge"))
        return Moment(
            "challenge",
            title,
            (self._cells_text(e.group), answer),
            (Mark(e.group.cells, "challenge", e.challenger),),
        )

    def _on_resolved(self, e: ChallengeResolved) -> Moment:
        responder = 3 - e.challenger
        n = self.state.move_number
        if e.response is not None:
            self.counted.append(Counted(n, responder, e.response, self.state.board, "response"))
        self._close_entry(
            ChallengeEntry(e.move_number, e.challenger, e.challenge, e.response, e.points, e.winner, e.bag_empty)
        )
        verdict = self._verdict(e)
        self.log.append(Line(verdict, "verdict"))
        marks = [Mark(e.challenge.cells, "challenge", e.challenger)]
        if e.response is not None:
            marks.append(Mark(e.response.cells, "response", responder))
        lines = [f"Challenge: {e.challenge.describe()} ({self.name(e.challenger)})"]
        lines.append(f"Response: {group_text(e.response)} ({self.name(responder)})")
        if e.bag_empty:
            lines[-1] = "Response: none, the bag is empty"
        lines.append(self._why_verdict(e))
        p1, p2 = e.points
        lines.append(f"Points: {self.name(1)} +{p1}, {self.name(2)} +{p2}")
        return Moment("verdict", self._verdict_title(e), tuple(lines), tuple(marks))

    def _verdict_title(self, e: ChallengeResolved) -> str:
        if e.winner is None:
            return "A tie: both players score 1"
        if e.winner == e.challenger:
            return f"{self.name(e.winner)} wins the challenge: +1"
        return f"{self.name(e.winner)} answers better and scores 1"

    @staticmethod
    def _why_verdict(e: ChallengeResolved) -> str:
        """The comparison rule that decided, in words (rules.md, challenges)."""
        if e.bag_empty:
            return "the bag is empty, so the challenger scores"
        if e.response is None:
            return "the response formed no counting group"
        a, b = e.challenge, e.response
        if a.rank != b.rank:
            return "the higher rank wins"
        if a.top_level != b.top_level:
            return "same rank: the group reaching the higher level wins"
        return "same rank, same top level: a tie"

    def _verdict(self, e: ChallengeResolved) -> str:
        if e.bag_empty:
            return f"The bag is empty: {self.name(e.challenger)} scores 1."
        if e.response is None:
            return f"No group in answer: {self.name(e.challenger)} wins the challenge, +1."
        if e.winner is None:
            return f"{e.response.describe()} ties {e.challenge.describe()}: both score 1."
        if e.winner == e.challenger:
            return f"{e.challenge.describe()} beats {e.response.describe()}: {self.name(e.winner)} +1."
        return f"{e.response.describe()} beats {e.challenge.describe()}: {self.name(e.winner)} +1."

    def _on_straight_flush(self, e: StraightFlush) -> Moment:
        self.counted.append(Counted(self.state.move_number, e.player, e.group, self.state.board, "flush"))
        lines = [f"{self.name(e.player)} wins the game at once, whatever the score."]
        marks = [Mark(e.group.cells, "flush", e.player)]
        if e.cancelled_challenge is not None:
            open_entry = next((c for c in reversed(self.challenges) if c.points is None), None)
            if open_entry is not None:
                self._close_entry(
                    ChallengeEntry(
                        open_entry.move, open_entry.challenger, open_entry.challenge, e.group,
                        (0, 0), None, cancelled=True,
                    )
                )
            lines.append(f"The open challenge ({e.cancelled_challenge.describe()}) scores nothing.")
        title = f"STRAIGHT FLUSH! {self.name(e.player)} wins"
        self.log.append(Line(f"Straight flush by {self.name(e.player)}: the game ends at once.", "flush"))
        return Moment("straight_flush", title, tuple(lines), tuple(marks))

    def _close_entry(self, entry: ChallengeEntry) -> None:
        for i in range(len(self.challenges) - 1, -1, -1):
            if self.challenges[i].move == entry.move:
                self.challenges[i] = entry
                return
        self.challenges.append(entry)

    def _blocked(self, placed: BallPlaced, formed: Group | None) -> Moment | None:
        """Groups through the ball just placed that would beat what counted but
        do not count: spoiled by visibility, or on the apex on a normal turn."""
        board = self.state.board
        better = [
            g for g in groups_at(board, placed.cell)
            if formed is None or g.strength > formed.strength
        ]
        if not better:
            return None
        lines: list[str] = []
        marks: list[Mark] = []
        apex_rule = placed.cell == APEX and not placed.response and not self.rules.apex_free
        for g in better[:2]:
            if apex_rule:
                lines.append(f"{g.describe()} does not count: {APEX_SHORT}.")
            elif not g.visible and self.rules.check_visibility:
                reasons = "; ".join(group_visibility(board, g).reasons())
                lines.append(f"{g.describe()} would count, but {reasons}.")
            else:
                continue
            marks.append(Mark(g.cells, "blocked", placed.player))
        if not lines:
            return None
        for text in lines:
            self.log.append(Line(text, "warn"))
        return Moment("blocked", "Not visible: it does not count", tuple(lines), tuple(marks))

    @staticmethod
    def _cells_text(group: Group) -> str:
        return " ".join(str(c) for c in group.cells)

    # -- explaining ---------------------------------------------------------
    def explain_cell(self, cell: Cell) -> list[str]:
        """Why the ball on ``cell`` counts (or not): for a click on a placed ball."""
        board = self.state.board
        colour = board[cell]
        if colour is None:
            if self.is_playable(cell):
                return [f"{cell} is playable: click to place the ball here."] + (
                    [self.apex_note(cell) or ""] if cell == APEX else []
                )
            return [f"{cell} is empty."]
        n = next((i + 1 for i, m in enumerate(self.state.history) if m.cell == cell), 0)
        who = self.name(1 if n % 2 else 2) if n else "?"
        lines = [f"{COLOUR_NAMES[colour].capitalize()} ball on {cell}, move {n} by {who}."]
        mine = [c for c in self.counted if cell in c.group.cells]
        for c in mine[-2:]:
            lines.append(f"Counted on move {c.move} ({c.role}, {self.name(c.player)}):")
            lines.extend(explain(c.board, c.group, self.rules))
        if not mine:
            lines.append("It belongs to no group that counted.")
        covered = visibility(board, (cell,))
        if not covered.visible:
            lines.append("Now " + "; ".join(covered.reasons()) + ".")
        return lines

    def explain_marks(self, cell: Cell) -> tuple[Mark, ...]:
        """Highlights for a clicked ball: the counted groups it belongs to."""
        return tuple(Mark(c.group.cells, "selected", c.player) for c in self.counted if cell in c.group.cells)[-2:]

    # -- saving -------------------------------------------------------------
    def headers(self) -> dict[str, str]:
        s = self.state
        h = {
            "Rules": str(self.rules),
            "Player1": clean_name(self.setup.names[0]),
            "Player2": clean_name(self.setup.names[1]),
            "Seed": str(self.seed),
        }
        for i, seat in enumerate(self.setup.seats, 1):
            if seat != PERSON:
                h[f"Player{i}Type"] = seat
        if s.is_over:
            h["Score"] = f"{s.score[0]}-{s.score[1]}"
        return h

    def moves(self) -> list[Move]:
        return list(self.state.history)


def level_typo(name: str) -> str | None:
    """The computer level a --player value seems to misspell (``exprt``:
    ``expert``), or None: a level itself, or a name no level resembles."""
    import difflib

    from spoker.players import PLAYER_NAMES

    word = name.strip().lower()
    if word in PLAYER_NAMES or not word:
        return None
    close = difflib.get_close_matches(word, PLAYER_NAMES, n=1, cutoff=0.75)
    return close[0] if close else None


def clean_name(name: str) -> str:
    """A player's name as a record header value: one line, no comment sign."""
    return " ".join(name.replace("#", " ").split()) or "?"


def bag_text(bag: tuple[int, int, int]) -> str:
    return " ".join(f"{n} {name}" for n, name in zip(bag, COLOUR_NAMES))


def placed_counts(bag: tuple[int, int, int]) -> tuple[int, int, int]:
    return (BALLS_PER_COLOUR - bag[0], BALLS_PER_COLOUR - bag[1], BALLS_PER_COLOUR - bag[2])
