"""The bridge between the window and the rules engine.

A :class:`GameController` holds the :class:`~spoker.engine.state.GameState`, draws
with its own seeded generator, sends the person's and the computer's actions
to the engine and has :class:`spoker.gui.models.story.Story` tell the events the
engine returns: narration lines, the current *moment* (a challenge, its settlement,
a straight flush) with the groups to highlight, and the explanations of groups.
The views only display what it says; no rule is decided outside the engine.

This module does not import arcade, so it is tested and reused without a window.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from shibumi import APEX, Cell, Colour
from spoker.engine.challenges import ChallengeSummary
from spoker.engine.events import BallPlaced, Event
from spoker.engine.groups import Rank
from spoker.engine.moves import Move
from spoker.engine.previews import Preview, preview
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.state import GameState
from spoker.gui.models.story import Counted, Line, Mark, Moment, Story, counted_marks
from spoker.plugins import is_name
from spoker.records.inputs import SEED_LIMIT
from spoker.text.narrator import (
    APEX_ANSWER,
    APEX_RULING,
    APEX_SHORT,
    COLOUR_NAMES,
    ball_story,
    empty_cell_lines,
    game_result,
    hint_lines,
    last_move_line,
    phase_line,
    preview_words,
    resumed_line,
    takeback_comment,
    takeback_line,
)

if TYPE_CHECKING:
    from spoker.players import Player
    from spoker.runs.hints import Hint

PERSON = "person"


NAME_LENGTH = 40  # a player's name is cut to this many characters wherever it comes from


def display_name(name: str, default: str) -> str:
    """A name as the game keeps and draws it: one line of printable characters
    (white space runs made one space, control and format characters dropped),
    at most :data:`NAME_LENGTH` characters, ``default`` if nothing is left."""
    head = str(name)[: NAME_LENGTH * 8]  # a 300,000-character name: no need to read it all
    printable = "".join(ch for ch in " ".join(head.split()) if ch.isprintable())
    return " ".join(printable.split())[:NAME_LENGTH].rstrip() or default


RULES_NAME_LENGTH = 200
"""The longest rules file's name a game carries (a longer one plays unnamed)."""


def is_rules_name(name: object) -> bool:
    """Whether ``name`` can be a rules file's name (a lower-case word, as
    :func:`spoker.engine.rules.rules_from_table` takes it) kept with a game:
    at most :data:`RULES_NAME_LENGTH` characters."""
    return isinstance(name, str) and 0 < len(name) <= RULES_NAME_LENGTH and is_name(name)


def rules_name_of(headers: dict[str, str]) -> str:
    """A record's ``RulesName`` header, if it can be a rules file's name
    ("" otherwise: the header is kept in the record all the same)."""
    name = headers.get("RulesName", "").strip()
    return name if is_rules_name(name) else ""


@dataclass(frozen=True)
class GameSetup:
    """Everything chosen on the new-game screen. Names are cut to
    :data:`NAME_LENGTH` printable characters (see :func:`display_name`)."""

    names: tuple[str, str] = ("Player 1", "Player 2")
    seats: tuple[str, str] = (PERSON, PERSON)  # "person" or a computer player's name
    rules: RuleSet = DEFAULT_RULES
    seed: int | None = None
    hints: bool = True
    # The name of the rules file the rules came from ("" when they were not
    # chosen as a file): the record's RulesName, the game screen's header.
    rules_name: str = ""

    def __post_init__(self) -> None:
        a, b = self.names
        object.__setattr__(self, "names", (display_name(a, "Player 1"), display_name(b, "Player 2")))
        if self.rules_name and not is_rules_name(self.rules_name):
            raise ValueError(f"rules name {self.rules_name[:60]!r} is not a rules file's name")

    def is_computer(self, player: int) -> bool:
        return self.seats[player - 1] != PERSON

    def name(self, player: int) -> str:
        return self.names[player - 1]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "names": list(self.names),
            "seats": list(self.seats),
            "rules": str(self.rules),
            "seed": self.seed,
            "hints": self.hints,
        }
        if self.rules_name:  # an older version reads the file without it
            out["rules_name"] = self.rules_name
        return out

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
        rules_name = data.get("rules_name", "")
        if not isinstance(rules_name, str):
            raise ValueError(f"rules name {rules_name!r} is not text")
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
            rules_name,
        )


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
        self.setup = replace(setup, seed=seed)
        self.rng = rng if rng is not None else random.Random(seed)
        self.state = state if state is not None else GameState(setup.rules)
        self.story = Story(self.setup.names, self.state.rules)
        self.last_events: tuple[Event, ...] = ()
        self._players: dict[int, Player] = {}
        self.moves_seen = 0
        # Taking back keeps the draws: the balls drawn after the position taken
        # back to come again in the same order (the next is first), before the
        # generator draws anything new.
        self.redraws: list[Colour] = []
        self.takebacks = 0
        self._movers: list[int] = []  # who placed each ball of the history
        self._preview: tuple[tuple[str, Cell], Preview] | None = None  # the ghost's, for one cell
        if state is not None and state.history:
            self._rebuild_from_history(note_resume)

    # -- reading ------------------------------------------------------------
    @property
    def seed(self) -> int:
        assert self.setup.seed is not None
        return self.setup.seed

    @property
    def rules(self) -> RuleSet:
        return self.state.rules

    @property
    def log(self) -> list[Line]:
        """The narration so far, one line an event (see :class:`Story`)."""
        return self.story.log

    @property
    def challenges(self) -> list[ChallengeSummary]:
        return self.story.challenges

    @property
    def counted(self) -> list[Counted]:
        return self.story.counted

    @property
    def moment(self) -> Moment:
        return self.story.moment

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
        phase = phase_line(s)
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
            from spoker.players import level_label, names_level

            level = self.setup.seats[s.to_move - 1]
            if names_level(who, level):  # "Computer (Club)" says it already
                return f"{who} is playing..."
            return f"{who} (computer: {level_label(level)}) is playing..."
        if s.drawn is None:
            what = "answer the challenge: draw" if s.challenge is not None else "draw a ball"
            return f"{who}, {what} (Space or click the bag)."
        colour = COLOUR_NAMES[s.drawn]
        if s.legal_cells() == (APEX,) and s.challenge is None and not s.rules.judge.apex_counts(APEX, Rank.FLUSH_FOUR, False):
            return f"{who}, the {colour} ball goes on the apex: {APEX_SHORT}."
        if s.challenge is not None:
            return f"{who}, place the {colour} ball to beat {s.challenge.group.describe()}."
        return f"{who}, place the {colour} ball: point at a free cell to see its ghost, click to place it."

    def last_move_text(self) -> str:
        return last_move_line(self.state.history, self.setup.names)

    def result_text(self) -> str:
        return game_result(self.state, self.setup.names)

    def apex_note(self, cell: Cell | None) -> str | None:
        """Why the apex does not count now, when the pointer is on it."""
        s = self.state
        if cell != APEX or s.rules.judge.apex_counts(APEX, Rank.FLUSH_FOUR, False) or s.is_over:
            return None
        if s.challenge is not None:
            return APEX_ANSWER
        return APEX_RULING

    # -- acting -------------------------------------------------------------
    def draw(self) -> tuple[Event, ...]:
        """Draw the next ball: the one drawn here before a takeback, if any,
        else a new one from the game's generator."""
        if self.redraws:
            events = self.state.apply_draw(self.redraws.pop(0))
        else:
            events = self.state.draw(self.rng)
        self._narrate(events)
        return events

    def place(self, cell: Cell) -> tuple[Event, ...]:
        """Place the drawn ball; the engine raises IllegalActionError if it may not go there."""
        events = self.state.apply_place(cell)
        self._narrate(events)
        return events

    # -- taking back ----------------------------------------------------------
    def movers(self) -> list[int]:
        """Who placed each ball of the history, in order."""
        return list(self._movers)

    @property
    def takeback_asker(self) -> int | None:
        """The seat whose placement a takeback undoes: against a computer the
        person's, in hot-seat the last mover's; None with two computers."""
        persons = [p for p in (1, 2) if not self.setup.is_computer(p)]
        if not persons:
            return None
        if len(persons) == 1:
            return persons[0]
        movers = self.movers()
        return movers[-1] if movers else None

    def takeback_point(self) -> int | None:
        """How many moves a takeback keeps: all before the asker's last
        placement (see :attr:`takeback_asker`); None when there is nothing to take back."""
        asker = self.takeback_asker
        if asker is None:
            return None
        movers = self.movers()
        for j in range(len(movers) - 1, -1, -1):
            if movers[j] == asker:
                return j
        return None

    def take_back(self) -> Move:
        """Undo the moves from the asker's last placement on (see
        :meth:`takeback_point`): the position before it comes back with the same
        ball drawn, and the balls drawn since come again in the same order.
        Returns the placement taken back; IllegalActionError if there is none."""
        from spoker.errors import IllegalActionError

        keep = self.takeback_point()
        if keep is None:
            raise IllegalActionError("there is no placement to take back")
        target = self.state
        undone = target.history[keep:]
        later = [m.colour for m in undone[1:]]
        if target.drawn is not None:
            later.append(target.drawn)
        state = GameState(target.rules)
        for move in target.history[:keep]:
            state.apply_move(move)
        state.apply_draw(undone[0].colour)
        self.redraws = later + self.redraws
        self.takebacks += 1
        self.state = state
        self.story = Story(self.setup.names, state.rules)
        self.moves_seen = 0
        self._movers = []
        self._rebuild_from_history(False)
        self.last_events = ()
        self.story.note(takeback_line(self.name(state.to_move), undone[0], len(undone)))
        return undone[0]

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
        from spoker.players import checked_choice

        # A player's illegal answer or error names it (the screen's fallback says so).
        return checked_choice(self.player(s.to_move), s, name_raises=True)

    def hint(self, top: int = 3, state: GameState | None = None) -> list[Hint]:
        """The best cells for the drawn ball, each with what the ball would do
        there and the expected result for the player to move (P(win) -
        P(loss)): ``spoker hint``'s engine (``state``: as for :meth:`computer_choice`)."""
        from spoker.runs.hints import hints

        s = state if state is not None else self.state.copy()
        if s.drawn is None or s.is_over:
            return []
        return hints(s, top=top)

    def cell_values(self, state: GameState | None = None) -> list[Hint]:
        """:meth:`hint` for every playable cell, best first: what the hints
        show (the first three) and the tutor judges (all), from one search."""
        s = state if state is not None else self.state.copy()
        if s.drawn is None or s.is_over:
            return []
        return self.hint(len(s.legal_cells()), s)

    @staticmethod
    def hint_lines(found: Sequence[Hint]) -> list[str]:
        """The hint as text: a heading, then each cell, numbered as on the
        board, with what the ball does there and its chances in words."""
        return hint_lines([(h.cell, h.words) for h in found])

    def preview(self, cell: Cell | None) -> Preview | None:
        """What the drawn ball would do on ``cell`` (None: not playable now)."""
        if cell is None or not self.is_playable(cell) or self.state.is_over:
            return None
        key = (self.state.to_string(), cell)
        if self._preview is None or self._preview[0] != key:
            self._preview = (key, preview(self.state, cell))
        return self._preview[1]

    @staticmethod
    def preview_text(p: Preview) -> str:
        """``2B2: a full house, level 2: beats the flush three, level 1``."""
        return f"{p.cell}: {preview_words(p)}"

    # -- narration ----------------------------------------------------------
    def _rebuild_from_history(self, note: bool) -> None:
        """Narration and challenge list of a resumed game, by replaying its moves."""
        target = self.state
        replay = GameState(target.rules)
        self.state = replay
        for move in target.history:
            self._narrate(replay.apply_draw(move.colour))
            self._narrate(replay.apply_place(move.cell))
        if target.drawn is not None:
            self._narrate(replay.apply_draw(target.drawn))
        self.state = target
        if note:
            self.story.note(resumed_line(target.move_number))

    def _narrate(self, events: Sequence[Event]) -> None:
        self.last_events = tuple(events)
        for e in events:
            if isinstance(e, BallPlaced):
                self.moves_seen = e.move_number
                del self._movers[e.move_number - 1:]
                self._movers.append(e.player)
        self.story.tell(events, self.state)

    # -- explaining ---------------------------------------------------------
    def explain_cell(self, cell: Cell) -> list[str]:
        """Why the ball on ``cell`` counts (or not): for a click on a placed ball."""
        board = self.state.board
        colour = board[cell]
        if colour is None:
            playable = self.is_playable(cell)
            apex = [self.apex_note(cell) or ""] if playable and cell == APEX else []
            return empty_cell_lines(cell, playable) + apex
        return ball_story(self.state, cell, self.counted, self.setup.names)

    def explain_marks(self, cell: Cell) -> tuple[Mark, ...]:
        """Highlights for a clicked ball: the counted groups it belongs to."""
        return counted_marks(cell, self.counted)

    # -- saving -------------------------------------------------------------
    def headers(self) -> dict[str, str]:
        s = self.state
        h = {
            "Rules": str(self.rules),
            "Player1": clean_name(self.setup.names[0]),
            "Player2": clean_name(self.setup.names[1]),
            "Seed": str(self.seed),
        }
        if self.setup.rules_name:
            h["RulesName"] = self.setup.rules_name  # notation.md: the file a game was played under
        for i, seat in enumerate(self.setup.seats, 1):
            if seat != PERSON:
                h[f"Player{i}Type"] = seat
        if s.is_over:
            h["Score"] = f"{s.score[0]}-{s.score[1]}"
        return h

    def moves(self) -> list[Move]:
        return list(self.state.history)

    def record_comments(self) -> list[str]:
        """The comments a saved record starts with (how many takebacks)."""
        return [takeback_comment(self.takebacks)] if self.takebacks else []


def clean_name(name: str) -> str:
    """A player's name as a record header value: one line, no comment sign."""
    return " ".join(name.replace("#", " ").split()) or "?"
