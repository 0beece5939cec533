"""The game state: board, bag, turn, scores, pending challenge, result.

Chance is explicit (as in OpenSpiel): a state either waits for a draw
(:meth:`GameState.chance_outcomes` gives the colours and their probabilities)
or for the placement of the drawn ball (:meth:`GameState.legal_cells`).

One model, kept throughout: ``apply_draw`` and ``apply_place`` change the state
in place and return the events they caused; :meth:`GameState.copy` (or
:meth:`GameState.child`) gives an independent state to explore. The rules
never touch a global random generator: :meth:`GameState.draw` takes the
caller's generator.

Speed: a random playout calls ``draw``, ``legal_cells`` and ``apply_place``
about thirty times, so those three work on ints and on tables built at import
(events included: an event is an immutable tuple, so the common ones are
built once and shared).
"""

from __future__ import annotations

import functools
from typing import NamedTuple, Protocol

from shibumi import (
    APEX,
    BALLS_PER_COLOUR,
    CELLS,
    FULL_MASK,
    PYRAMIDS,
    Board,
    Cell,
    Colour,
    ShibumiError,
    as_cell,
    parse_board,
)
from shibumi.errors import expect, shown
from shibumi.geometry import PLATFORM_MASK, RESTING_ON
from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    End,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.engine.groups import Group, Rank, group_of
from spoker.engine.judging import (
    CODES,
    PATTERNS,
    RANKS_OF_KIND,
    STRAIGHT_FLUSH,
    Judge,
    pattern_of,
    rank_of,
    visible,
)
from spoker.engine.moves import Move
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.settling import BY_PLAYER
from spoker.errors import IllegalActionError, StateStringError

_APEX = int(APEX)
_COLOURS = (Colour.WHITE, Colour.BLACK, Colour.RED)
_STRAIGHT_FLUSH = STRAIGHT_FLUSH


_ENDED_SF, _COMPLETE = End.STRAIGHT_FLUSH, End.COMPLETE  # plain globals: read faster than End.X

MAX_SCORE = 15
"""No player can score more: a challenge and its answer take two balls, so a
game of 30 balls resolves at most 15 challenges (one point each per player)."""


def _newly_playable_table(c: int) -> tuple[int, dict[int, int]]:
    """The other cells under the cells resting on ``c``, and for every way of
    filling them (largest mask first), the cells that become playable when a
    ball goes on ``c``. Built a cell of ``under`` at a time, as
    :func:`spoker.engine.judging._complete_table` is: adding a cell doubles the
    fillings, those with it first; without it, the cells resting on it wait."""
    ups = RESTING_ON[c]
    under = 0
    for u in ups:
        under |= PLATFORM_MASK[u]
    under &= ~(1 << c)
    subs = [0]
    newly = [sum(1 << u for u in ups)]
    bit = 1
    while bit <= under:
        if under & bit:
            keep = ~sum(1 << u for u in ups if PLATFORM_MASK[u] & bit)
            subs = [s | bit for s in subs] + subs
            newly = newly + [n & keep for n in newly]
        bit <<= 1
    return under, dict(zip(subs, newly, strict=True))


_NEWLY_TABLES = tuple(_newly_playable_table(c) for c in CELLS)
_UNDER_ABOVE: tuple[int, ...] = tuple(t[0] for t in _NEWLY_TABLES)
_NEWLY: tuple[dict[int, int], ...] = tuple(t[1] for t in _NEWLY_TABLES)
"""``_NEWLY[c][occ & _UNDER_ABOVE[c]]``: the cells a ball on ``c`` makes playable."""



@functools.cache
def _cell_tables(judge: Judge) -> tuple[tuple[dict[int, int], int, dict[int, tuple[tuple[int, int, int, int], ...]], int], ...]:
    """Per cell, what a placement there looks up: the cells it makes playable
    and the patterns it completes under ``judge``'s rulings
    (:attr:`spoker.engine.judging.Judge.complete`), with their keys' masks."""
    return tuple((_NEWLY[c], _UNDER_ABOVE[c], judge.complete[c], judge.neighbours[c]) for c in CELLS)


def _subset(table: list[tuple[Cell, ...] | None], cells: tuple[Cell, ...], mask: int) -> tuple[Cell, ...]:
    """The tuple of ``cells`` whose bits are set in ``mask``, kept in ``table``."""
    found = table[mask] = tuple(cell for i, cell in enumerate(cells) if mask >> i & 1)
    return found


# Playable cells from a 30-bit mask in at most two lookups: level 1 (16 bits)
# and the levels above (14 bits). Early on only level 1 is playable and late
# only the levels above, so one lookup usually does. Each entry is made the
# first time it is met: all 81,920 at import took longer than the rest of a
# command line's start (bench/startup.py), and a game meets a few dozen.
_LEVEL1_CELLS = CELLS[:16]
_UPPER_CELLS = CELLS[16:]
_LEVEL1: list[tuple[Cell, ...] | None] = [None] * (1 << len(_LEVEL1_CELLS))
_UPPER: list[tuple[Cell, ...] | None] = [None] * (1 << len(_UPPER_CELLS))

# Events that depend only on (move number, cell, colour): built once.
_DRAWN: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple((BallDrawn(player, k),) for k in _COLOURS) for player in (1, 2)
)
"""``_DRAWN[balls placed & 1][colour]``: the one-event tuple of a draw."""
_MOVES: tuple[Move, ...] = tuple(Move(k, c) for c in CELLS for k in _COLOURS)
"""``_MOVES[cell * 3 + colour]``."""
# The placement events, indexed ``(move number * 30 + cell) * 3 + colour``:
# each made the first time it is met (as the playable cells above), shared
# by every state after. All 5,580 at import took a millisecond of every
# command line's start (bench/startup.py).
_PLACED: list[BallPlaced | None] = [None] * (31 * 30 * 3)
"""A placement that answers no challenge."""
_ANSWERED: list[BallPlaced | None] = [None] * (31 * 30 * 3)
"""A placement that answers the pending challenge."""
_PLACED_ALONE: list[tuple[Event, ...] | None] = [None] * (31 * 30 * 3)
"""``(_PLACED[index],)``: the events of a placement that forms nothing."""


def _placed(index: int, answering: bool = False) -> BallPlaced:
    """The event of placement ``index`` (made now, kept in its table)."""
    n, rest = divmod(index, 90)
    cell, colour = divmod(rest, 3)
    # BallPlaced(...) without the Python-level __new__ (the fields are known good).
    event = tuple.__new__(BallPlaced, (2 - (n & 1), _COLOURS[colour], CELLS[cell], n, answering))
    (_ANSWERED if answering else _PLACED)[index] = event
    return event


def _placed_alone(index: int) -> tuple[Event, ...]:
    events = _PLACED_ALONE[index] = (_PLACED[index] or _placed(index),)
    return events

# The 14 five-ball pyramids as (mask, top), to recognise a straight flush.
_PYRAMIDS = tuple((sum(1 << c for c in p), p[-1]) for p in PYRAMIDS)


def straight_flush_top(masks: tuple[int, int, int] | list[int]) -> Cell | None:
    """The top of a one-colour pyramid on the board, if there is one."""
    if not isinstance(masks, tuple | list) or len(masks) != 3:
        raise TypeError(f"masks {shown(masks)}: expected three int masks (W, B, R)")
    for m, top in _PYRAMIDS:
        if masks[0] & m == m or masks[1] & m == m or masks[2] & m == m:
            return top
    return None


class RandomSource(Protocol):
    def random(self) -> float: ...


class Challenge(NamedTuple):
    """A challenge waiting for its response (immutable: replaced, never changed)."""

    challenger: int
    group: Group
    move_number: int

    def __repr__(self) -> str:
        return f"Challenge(player {self.challenger}, {self.group.describe()}, move {self.move_number})"

    def __str__(self) -> str:
        return f"player {self.challenger}'s challenge of move {self.move_number}: {self.group}"


# A group formed by a placement, keyed (pattern id * 6 + rank) * 2 + hidden:
# the Group, and per player (index: move number & 1) its GroupFormed event.
def _formed_table(player: int) -> dict[int, GroupFormed]:
    return {
        (p.pid * 6 + rank) * 2 + (not seen): GroupFormed(player, group_of(p.pid, rank, seen))
        for p in PATTERNS
        for rank in RANKS_OF_KIND[p.kind]
        for seen in (True, False)
    }


_FORMED = (_formed_table(2), _formed_table(1))

_OPENED: dict[int, tuple[ChallengeOpened, Challenge]] = {}
"""Filled as met, keyed group key * 32 + move number: a challenge and its event."""

_SETTLED = BY_PLAYER
"""``_SETTLED[challenger - 1][challenge code][response code]``: (points by
player, winner); :mod:`spoker.engine.settling`'s rule as a table."""
_new_tuple = tuple.__new__


def _opened(key: int, group: Group, n: int) -> tuple[ChallengeOpened, Challenge]:
    player = 2 - (n & 1)
    pair = _OPENED[key * 32 + n] = (ChallengeOpened(player, group, n), Challenge(player, group, n))
    return pair


class GameState:
    """A game of Spoker in progress (or over). Mutable; see the module doc."""

    __slots__ = (
        "_rules", "_masks", "_occ", "_playable", "_drawn", "scores", "challenge",
        "winner", "end", "history", "_check_vis", "_apex_floor", "_cells", "_best_of",
    )

    def __init__(self, rules: RuleSet = DEFAULT_RULES) -> None:
        self.rules = rules
        self._masks = [0, 0, 0]
        self._occ = 0
        self._playable = 0xFFFF  # the 16 level-1 cells
        self._drawn: Colour | None = None
        self.scores = [0, 0]
        self.challenge: Challenge | None = None
        self.winner: int | None = None
        self.end: End | None = None
        self.history: list[Move] = []

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @rules.setter
    def rules(self, rules: RuleSet) -> None:
        if rules.__class__ is not RuleSet:
            expect(rules, RuleSet, "rules")  # RuleSet.parse('touching') reads a name
        self._rules = rules
        judge = rules.judge
        self._check_vis = judge.check_visibility
        self._apex_floor = judge.apex_floor
        self._cells = _cell_tables(judge)
        self._best_of = judge.best_of

    # -- reading ------------------------------------------------------------
    @property
    def board(self) -> Board:
        m = self._masks
        return Board((m[0], m[1], m[2]))

    @property
    def masks(self) -> tuple[int, int, int]:
        m = self._masks
        return (m[0], m[1], m[2])

    @property
    def occupied(self) -> int:
        return self._occ

    @property
    def move_number(self) -> int:
        """Balls placed so far."""
        return self._occ.bit_count()

    @property
    def to_move(self) -> int:
        """The player (1 or 2) who draws and places next; turns always alternate."""
        return 1 + (self._occ.bit_count() & 1)

    @property
    def drawn(self) -> Colour | None:
        """The ball drawn and waiting to be placed, if any."""
        return self._drawn

    @property
    def score(self) -> tuple[int, int]:
        return (self.scores[0], self.scores[1])

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def is_response(self) -> bool:
        """Whether the next placement answers a challenge."""
        return self.challenge is not None

    def is_chance_node(self) -> bool:
        """Waiting for a ball to be drawn."""
        return self._drawn is None and self.end is None

    def bag(self) -> tuple[int, int, int]:
        """Balls of each colour (W, B, R) still in the bag: 10 each minus the
        balls on the board and the drawn ball waiting to be placed."""
        m = self._masks
        bag = [
            BALLS_PER_COLOUR - m[0].bit_count(),
            BALLS_PER_COLOUR - m[1].bit_count(),
            BALLS_PER_COLOUR - m[2].bit_count(),
        ]
        if self._drawn is not None:
            bag[self._drawn] -= 1
        return (bag[0], bag[1], bag[2])

    def chance_outcomes(self) -> list[tuple[Colour, float]]:
        """The colours that can be drawn now, with their probabilities."""
        if not self.is_chance_node():
            raise IllegalActionError(self._why_no_draw())
        bag = self.bag()
        total = sum(bag)
        return [(k, n / total) for k, n in zip(_COLOURS, bag) if n]

    def legal_cells(self) -> tuple[Cell, ...]:
        """The playable cells (empty, supported), in cell order; none once the
        game is over. Before the draw they are the cells the ball may go to."""
        p = self._playable  # 0 once the game is over
        low = p & 0xFFFF
        if low:
            cells = _LEVEL1[low] or _subset(_LEVEL1, _LEVEL1_CELLS, low)
            if p < 0x10000:
                return cells
        else:
            cells = ()
        upper = _UPPER[p >> 16]
        if upper is None:
            upper = _subset(_UPPER, _UPPER_CELLS, p >> 16)
        return cells + upper if cells else upper

    @property
    def playable_mask(self) -> int:
        """The playable cells as a bit mask (0 once the game is over)."""
        return self._playable

    # -- acting -------------------------------------------------------------
    def sample_draw(self, rng: RandomSource) -> Colour:
        """A colour drawn from the bag with the caller's generator (not applied).

        The bag is lined up white, black, red and ball ``int(rng.random() *
        balls left)`` is taken: uniform over the balls."""
        _expect_random(rng)
        m = self._masks
        w = BALLS_PER_COLOUR - m[0].bit_count()
        b = BALLS_PER_COLOUR - m[1].bit_count()
        total = 30 - self._occ.bit_count()
        if total <= 0:
            raise IllegalActionError("the bag is empty")
        x = rng.random() * total
        return _COLOURS[0] if x < w else _COLOURS[1] if x < w + b else _COLOURS[2]

    def draw(self, rng: RandomSource) -> tuple[Event, ...]:
        """Draw a ball at random (caller's generator) and apply it."""
        if self._drawn is not None or self.end is not None:
            raise IllegalActionError(self._why_no_draw())
        # sample_draw inlined: this is the playouts' hot path.
        m = self._masks
        n = self._occ.bit_count()
        w = BALLS_PER_COLOUR - m[0].bit_count()
        b = BALLS_PER_COLOUR - m[1].bit_count()
        try:
            x = rng.random() * (30 - n)
        except AttributeError:
            _expect_random(rng)
            raise
        k = 0 if x < w else 1 if x < w + b else 2
        self._drawn = _COLOURS[k]
        return _DRAWN[n & 1][k]

    def apply_draw(self, colour: Colour | int | str) -> tuple[Event, ...]:
        """The chance event: ``colour`` is taken from the bag."""
        if self._drawn is not None or self.end is not None:
            raise IllegalActionError(self._why_no_draw())
        k = colour if colour.__class__ is Colour else _as_colour(colour)
        if self._masks[k].bit_count() >= BALLS_PER_COLOUR:
            raise IllegalActionError(f"no {k.name.lower()} ball is left in the bag")  # type: ignore[union-attr]
        self._drawn = k  # type: ignore[assignment]
        return _DRAWN[self._occ.bit_count() & 1][k]

    def apply_place(self, cell: Cell | int | str) -> tuple[Event, ...]:
        """Place the drawn ball on a playable cell; returns what happened."""
        colour = self._drawn
        if colour is None:
            raise IllegalActionError(
                "the game is over" if self.end is not None else "draw a ball before placing"
            )
        if cell.__class__ is not Cell:
            cell = _as_cell(cell)
        bit = 1 << cell  # type: ignore[operator]
        playable = self._playable
        if not playable & bit:
            raise IllegalActionError(self._why_not_playable(cell))  # type: ignore[arg-type]
        masks = self._masks
        masks[colour] |= bit
        occ = self._occ | bit
        self._occ = occ
        newly, under, complete, around = self._cells[cell]  # type: ignore[index]
        self._playable = playable ^ bit | newly[occ & under]
        self._drawn = None
        n = occ.bit_count()
        move = cell * 3 + colour  # type: ignore[operator]
        self.history.append(_MOVES[move])
        index = n * 90 + move
        challenge = self.challenge

        # The group-judging loop is spoker.engine.judging's (Judge.best_of). Nothing
        # rests on the new ball, so its complete patterns (under these rules)
        # come from one lookup, usually none: the loop is called only when
        # there is something to judge. The apex ruling is Judge.apex_counts,
        # read from its floor.
        entries = complete[occ & around]
        if entries:
            rank, level, pid = self._best_of(entries, masks, occ, colour)
        else:
            rank = level = 0
            pid = -1
        if rank and cell == _APEX and challenge is None and rank < self._apex_floor:
            rank = 0  # the apex on a normal turn counts only for a straight flush

        if rank:
            key = (pid * 6 + rank) * 2
            if not self._check_vis and not visible(PATTERNS[pid], occ):
                key += 1  # counts under the touching rules, though not visible
            made = _FORMED[n & 1][key]
            if rank == _STRAIGHT_FLUSH:
                return self._straight_flush(index, made, challenge)
            if challenge is None:
                opened, new = _OPENED.get(key * 32 + n) or _opened(key, made.group, n)
                if occ == FULL_MASK:
                    return self._bag_empty(index, made, opened)
                self.challenge = new
                return (_PLACED[index] or _placed(index), made, opened)
            formed: GroupFormed | None = made
            code = CODES[rank][level]
        elif challenge is None:
            if occ != FULL_MASK:
                return _PLACED_ALONE[index] or _placed_alone(index)
            return (_PLACED[index] or _placed(index), self._finish(_COMPLETE))
        else:
            formed = None
            code = 0

        # The response settles the challenge (spoker.engine.settling, looked up).
        group = challenge.group
        c = challenge.challenger
        points, winner = _SETTLED[c - 1][CODES[group.rank][group.top_level]][code]
        scores = self.scores
        scores[0] += points[0]
        scores[1] += points[1]
        self.challenge = None
        resolved = _new_tuple(  # ChallengeResolved(...), without the Python-level __new__
            ChallengeResolved,
            (c, group, formed.group if formed else None, points, winner, challenge.move_number, False),
        )
        placed = _ANSWERED[index] or _placed(index, True)
        if occ == FULL_MASK:
            if formed:
                return (placed, formed, resolved, self._finish(_COMPLETE))
            return (placed, resolved, self._finish(_COMPLETE))
        return (placed, formed, resolved) if formed else (placed, resolved)

    def _straight_flush(
        self, index: int, formed: GroupFormed, challenge: Challenge | None
    ) -> tuple[Event, ...]:
        """Whoever forms a straight flush wins at once; a challenge it answers scores nothing."""
        player = formed.player
        self.challenge = None
        self.winner = player
        self.end = _ENDED_SF
        self._playable = 0
        if challenge is None:
            placed = _PLACED[index] or _placed(index)
        else:
            placed = _ANSWERED[index] or _placed(index, True)
        sf = StraightFlush(player, formed.group, challenge.group if challenge else None)
        return (placed, formed, sf, GameOver(player, self.score, _ENDED_SF))

    def _bag_empty(self, index: int, formed: GroupFormed, opened: ChallengeOpened) -> tuple[Event, ...]:
        """apex-free: a challenge from the 30th ball finds the bag empty, and
        the challenger scores 1."""
        player = opened.challenger
        group = opened.group
        points, winner = _SETTLED[player - 1][CODES[group.rank][group.top_level]][0]  # no response
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        resolved = ChallengeResolved(player, group, None, points, winner, opened.move_number, True)
        return (_PLACED[index] or _placed(index), formed, opened, resolved, self._finish(_COMPLETE))

    def _finish(self, end: End) -> GameOver:
        s1, s2 = self.scores
        self.winner = 1 if s1 > s2 else 2 if s2 > s1 else None
        self.end = end
        self._playable = 0
        return GameOver(self.winner, (s1, s2), end)

    def apply_move(self, move: Move | str) -> tuple[Event, ...]:
        """Draw ``move``'s colour and place it on its cell (records, tests).

        Nothing changes if the move is illegal."""
        if isinstance(move, str):
            move = Move.from_str(move, self.board)
        expect(move, Move, "move")
        colour = move.colour if move.colour.__class__ is Colour else _as_colour(move.colour)
        cell = move.cell if move.cell.__class__ is Cell else _as_cell(move.cell)
        if self._drawn is None and self.end is None:
            if self._masks[colour].bit_count() >= BALLS_PER_COLOUR:
                raise IllegalActionError(f"no {colour.name.lower()} ball is left in the bag")
            if not self._playable >> cell & 1:
                raise IllegalActionError(self._why_not_playable(cell))
        return self.apply_draw(colour) + self.apply_place(cell)

    # -- explaining refusals -----------------------------------------------
    def _why_no_draw(self) -> str:
        if self.end is not None:
            return "the game is over"
        return f"a {self._drawn.name.lower()} ball is already drawn: place it first"  # type: ignore[union-attr]

    def _why_not_playable(self, cell: Cell) -> str:
        if self._occ >> cell & 1:
            return f"{cell} is not playable: it already holds a ball"
        return f"{cell} is not playable: its platform is not full"

    # -- copying ------------------------------------------------------------
    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        new._rules = self._rules
        new._check_vis = self._check_vis
        new._apex_floor = self._apex_floor
        new._cells = self._cells
        new._best_of = self._best_of
        new._masks = self._masks[:]
        new._occ = self._occ
        new._playable = self._playable
        new._drawn = self._drawn
        new.scores = self.scores[:]
        new.challenge = self.challenge  # immutable in use: replaced, never changed
        new.winner = self.winner
        new.end = self.end
        new.history = self.history[:]
        return new

    _PICKLED = ("_masks", "_occ", "_playable", "_drawn", "scores", "challenge", "winner", "end", "history")

    def __getstate__(self) -> dict[str, object]:
        # The rules' compiled tables are not pickled: the rules rebuild them.
        state = {name: getattr(self, name) for name in self._PICKLED}
        state["rules"] = self._rules
        return state

    def __setstate__(self, state: object) -> None:
        if isinstance(state, tuple):  # (None, slots), as pickled before the tables were slots
            state = state[1]
        assert isinstance(state, dict)
        for name in self._PICKLED:
            object.__setattr__(self, name, state[name])
        rules = state.get("rules", state.get("_rules", DEFAULT_RULES))
        if not isinstance(rules, RuleSet):
            raise TypeError(f"a pickled GameState holds rules {shown(rules)}, not a RuleSet")
        self.rules = rules

    def child(self, action: Cell | Colour | int | str) -> GameState:
        """A new state after a draw (a colour, at a chance node) or a placement
        (a cell, once a ball is drawn)."""
        new = self.copy()
        if new.is_chance_node():
            new.apply_draw(action)  # type: ignore[arg-type]
        else:
            new.apply_place(action)  # type: ignore[arg-type]
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return hash(self.to_string())

    def __repr__(self) -> str:
        return f"GameState({self.to_string()!r})"

    def __str__(self) -> str:
        """The state string (docs/formats.md)."""
        return self.to_string()

    # -- state strings ------------------------------------------------------
    def to_string(self) -> str:
        """``BOARD TOMOVE S1-S2 CHALLENGE DRAWN RESULT RULES`` (docs/formats.md).

        The history is not part of it: only what decides the rest of the game."""
        ch = self.challenge
        challenge = "-" if ch is None else f"{ch.group.rank.key}:{','.join(map(str, ch.group.cells))}"
        drawn = "-" if self._drawn is None else self._drawn.char
        if self.end is None:
            result = "*"
        else:
            result = {1: "1", 2: "2", None: "="}[self.winner]
        return (
            f"{self.board} {self.to_move} {self.scores[0]}-{self.scores[1]} {challenge} "
            f"{drawn} {result} {self.rules.token}"
        )

    @classmethod
    def from_string(cls, text: str) -> GameState:
        """Parse a state string; missing trailing fields take their defaults.

        Raises :class:`StateStringError`, quoting ``text``, for anything a game
        cannot reach: a wrong player to move, an impossible score, a challenge
        that the last ball cannot have opened, a result the board contradicts."""
        return _parse_state(text)

    @classmethod
    def from_board(cls, board: Board, rules: RuleSet = DEFAULT_RULES) -> GameState:
        """A state with ``board`` on it, no score, no challenge, nothing drawn.

        The history is not known; moves are listed in cell order. A full board
        or one holding a straight flush is a finished game."""
        expect(board, Board, "board")
        state = cls(rules)
        state._masks = list(board.masks)
        state._occ = board.occupied
        state._playable = board.playable_mask()
        state.history = [Move(k, c) for c, k in board]
        if straight_flush_top(board.masks) is not None:
            # Its top was the last ball: placed by player 1 on odd move numbers.
            state.winner = 2 - (len(board) & 1)
            state.end = End.STRAIGHT_FLUSH
            state._playable = 0
        elif board.is_full():
            state._finish(End.COMPLETE)
        return state


def _expect_random(rng: object) -> None:
    """A generator with a ``random()`` method (``random.Random``), or TypeError."""
    if not callable(getattr(rng, "random", None)):
        raise TypeError(f"rng {shown(rng)}: expected a generator with random(), e.g. random.Random(1)")


def _as_colour(colour: object) -> Colour:
    """A colour from a :class:`Colour`, its index or its letter."""
    if isinstance(colour, str):
        try:
            return Colour.from_char(colour)
        except ShibumiError:
            raise IllegalActionError(f"{colour!r} is not a colour: expected W, B or R") from None
    if isinstance(colour, int) and not isinstance(colour, bool | Cell) and 0 <= colour <= 2:
        return _COLOURS[colour]
    raise IllegalActionError(f"{colour!r} is not a colour: expected W, B or R")


def _as_cell(cell: object) -> Cell:
    try:
        return as_cell(cell)
    except ShibumiError as err:
        raise IllegalActionError(str(err)) from None


def _parse_state(text: str) -> GameState:
    if not isinstance(text, str):
        raise StateStringError(f"a state string must be text, not {text!r}")
    fields = text.split()
    if not 1 <= len(fields) <= 7:
        raise StateStringError(
            f"state string {text!r} has {len(fields)} field(s): expected "
            "BOARD [TOMOVE [S1-S2 [CHALLENGE [DRAWN [RESULT [RULES]]]]]]"
        )
    fields += ["", "0-0", "-", "-", "*", "visible"][len(fields) - 1 :]
    board_text, to_move, score, challenge, drawn, result, rules_text = fields
    try:
        board = parse_board(board_text)
        rules = RuleSet.parse(rules_text)
    except ShibumiError as err:
        raise StateStringError(f"state string {text!r}: {err}") from None
    state = GameState(rules)
    state._masks = list(board.masks)
    state._occ = board.occupied
    state._playable = board.playable_mask()
    state.history = [Move(k, c) for c, k in board]
    bad = f"state string {text!r}:"
    if to_move and to_move != str(state.to_move):
        raise StateStringError(
            f"{bad} player {to_move!r} to move, but with {len(board)} ball(s) placed "
            f"it is player {state.to_move}'s turn"
        )
    state.scores = _parse_score(bad, score)
    if challenge != "-":
        state.challenge = _parse_challenge(bad, challenge, board, state)
    if drawn != "-":
        try:
            k = Colour.from_char(drawn)
        except ShibumiError:
            raise StateStringError(f"{bad} drawn ball {drawn!r} is not W, B, R or '-'") from None
        if result != "*":
            raise StateStringError(f"{bad} a ball is drawn but the game is over")
        if board.count(k) >= BALLS_PER_COLOUR:
            raise StateStringError(f"{bad} drawn {drawn!r} but no such ball is left in the bag")
        state._drawn = k
    _parse_result(bad, result, board, state)
    _check_score_reachable(bad, score, board, state)
    if state.challenge is None and state.end is None:
        _check_last_ball(bad, board, state)
    return state


def most_points(balls: int, challenge_pending: bool) -> int:
    """The most points one player can have scored with ``balls`` placed: a
    challenge needs a group (three balls at least) and its answer the next
    ball, so the first is resolved by ball 4, the next by ball 6, ...; a
    pending challenge's ball resolves nothing yet."""
    usable = balls - (1 if challenge_pending else 0)
    return max(0, (usable - 2) // 2)


def _check_score_reachable(bad: str, score: str, board: Board, state: GameState) -> None:
    """Each player scores at most one point a resolved challenge."""
    n = len(board)
    most = most_points(n, state.challenge is not None)
    # apex-free: the 30th ball's challenge finds the bag empty and its
    # challenger (player 2, who places the even balls) scores one more.
    bonus = (0, 1) if state.rules.judge.apex_floor < _STRAIGHT_FLUSH and state.end == End.COMPLETE else (0, 0)
    for player in (0, 1):
        if state.scores[player] > most + bonus[player]:
            raise StateStringError(
                f"{bad} score {score!r}: with {n} ball(s) placed"
                + (" and a challenge pending" if state.challenge is not None else "")
                + f", player {player + 1} can have scored at most {most + bonus[player]}"
            )


def _check_last_ball(bad: str, board: Board, state: GameState) -> None:
    """No challenge is pending in a game in progress: the last ball placed
    formed no counting group, or it answered a challenge (which scores)."""
    n = len(board)
    if not n:
        return
    masks, occ = board.masks, board.occupied
    judge = state.rules.judge
    for c in board.removable():  # the balls that can have come last
        colour = board[c]
        assert colour is not None
        if not judge.placed_code(masks, occ, c, colour, responding=False):
            return
    if n >= 4 and sum(state.scores) > 0:
        return  # the last ball can have answered a challenge
    raise StateStringError(
        f"{bad} no challenge is pending, yet every ball that can have been placed "
        "last forms a counting group, so it opened a challenge"
        + (" (or answered one, which would have scored)" if n >= 4 else "")
    )


def _parse_score(bad: str, score: str) -> list[int]:
    s1, sep, s2 = score.partition("-")
    if not (sep and s1.isascii() and s2.isascii() and s1.isdigit() and s2.isdigit()):
        raise StateStringError(f"{bad} score {score!r} is not N-N")
    if len(s1) > 2 or len(s2) > 2 or int(s1) > MAX_SCORE or int(s2) > MAX_SCORE:
        raise StateStringError(f"{bad} score {score!r}: no player can score more than {MAX_SCORE}")
    return [int(s1), int(s2)]


def _parse_result(bad: str, result: str, board: Board, state: GameState) -> None:
    """Check the result field against the board and set the end of the game."""
    if result not in ("*", "1", "2", "="):
        raise StateStringError(f"{bad} result {result!r} is not '*', '1', '2' or '='")
    top = straight_flush_top(board.masks)
    if result == "*":
        if top is not None:
            raise StateStringError(
                f"{bad} the straight flush topped on {top} has ended the game, "
                "so it cannot be in progress"
            )
        if board.is_full():
            raise StateStringError(f"{bad} the pyramid is full, so the game cannot be in progress")
        return
    state.winner = None if result == "=" else int(result)
    state._playable = 0
    if state.challenge is not None:
        raise StateStringError(f"{bad} the game is over but a challenge is pending")
    if top is not None:
        state.end = End.STRAIGHT_FLUSH
        former = 2 - (len(board) & 1)
        if board.occupied & sum(1 << u for u in RESTING_ON[top]):
            raise StateStringError(
                f"{bad} the straight flush topped on {top} ended the game, "
                "yet balls were placed on it"
            )
        if state.winner != former:
            raise StateStringError(
                f"{bad} result {result!r}: the straight flush topped on {top} "
                f"was made by player {former}, who wins"
            )
        return
    if not board.is_full():
        raise StateStringError(
            f"{bad} result {result!r}, but the pyramid is not full and holds no straight flush"
        )
    state.end = End.COMPLETE
    s1, s2 = state.scores
    expect = 1 if s1 > s2 else 2 if s2 > s1 else None
    if expect != state.winner:
        raise StateStringError(f"{bad} result {result!r} does not match the score {s1}-{s2}")


def _parse_challenge(bad: str, text: str, board: Board, state: GameState) -> Challenge:
    """A pending challenge: a group of the named rank that the last ball
    placed (one with nothing resting on it) formed as its best counting group."""
    rank_text, sep, cells_text = text.partition(":")
    try:
        rank = Rank.from_key(rank_text)
        cells = tuple(sorted(as_cell(c) for c in cells_text.split(","))) if sep else ()
    except ValueError:
        raise StateStringError(f"{bad} challenge {text!r} is not RANK:CELL,CELL,...") from None
    if rank == Rank.STRAIGHT_FLUSH:
        raise StateStringError(f"{bad} a straight flush ends the game: it opens no challenge")
    occ, masks = board.occupied, board.masks
    judge = state.rules.judge
    try:
        p = pattern_of(cells, rank)
    except ValueError:
        p = None
    if p is not None and occ & p.mask == p.mask:
        # The ball that opened it: nothing rests on it, and a pyramid's is its top.
        for c in p.cells[-1:] if p.kind == 5 else p.cells:
            if occ & sum(1 << u for u in RESTING_ON[c]):
                continue
            colour = board[c]
            assert colour is not None
            if rank_of(p, masks, colour) != rank:
                continue
            if not (judge.counts_shape(p) and judge.counts_seen(p, occ)):
                continue
            if not judge.apex_counts(c, rank, responding=False):
                continue
            best_rank, best_level, _ = judge.best_code(masks, occ, c, colour)
            if (best_rank, best_level) != (int(rank), p.top_level):
                continue
            group = group_of(p.pid, int(rank), visible(p, occ))
            return Challenge(3 - state.to_move, group, len(board))
    raise StateStringError(
        f"{bad} challenge {text!r} is not a {rank_text} that the last ball placed can have opened"
    )
