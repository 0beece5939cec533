"""The game state: board, bag, turn, scores, pending challenge, result.

Chance is explicit (as in OpenSpiel): a state either waits for a draw
(:meth:`GameState.chance_outcomes` gives the colours and their probabilities)
or for the placement of the drawn ball (:meth:`GameState.legal_cells`).

One model, kept throughout: ``apply_draw`` and ``apply_place`` change the state
in place and return the events they caused; :meth:`GameState.copy` (or
:meth:`GameState.child`) gives an independent state to explore. The rules
never touch a global random generator: :meth:`GameState.draw` takes the
caller's generator.

A state's string (:meth:`GameState.to_string`, docs/formats.md) is its
identity: ``==`` and ``hash`` compare it. Reading one, and refusing what no
game reaches, is :func:`spoker.engine.state_strings.parse_state`'s job.

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
    CELLS,
    FULL_MASK,
    PYRAMIDS,
    Board,
    Cell,
    Colour,
    ShibumiError,
    as_cell,
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
from spoker.engine.groups import Group, group_of
from spoker.engine.judging import (
    PATTERNS,
    RANKS_OF_KIND,
    STRAIGHT_FLUSH,
    Judge,
    visible,
)
from spoker.engine.moves import Move
from spoker.engine.refusals import placement_refusal
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.errors import IllegalActionError, Refusal

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


def straight_flush_top(masks: tuple[int, int, int] | list[int], rules: RuleSet = DEFAULT_RULES) -> Cell | None:
    """The top of a one-colour pyramid on the board, if there is one (and
    the straight flush is not off under ``rules``)."""
    if not isinstance(masks, tuple | list) or len(masks) != 3:
        raise TypeError(f"masks {shown(masks)}: expected three int masks (W, B, R)")
    if not rules.judge.strength[_STRAIGHT_FLUSH]:
        return None
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
        "_bag", "_codes", "_settled",
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
        self._bag = rules.counts
        self._codes = judge.codes
        self._settled = rules.settling.by_player

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
        """Balls of each colour (W, B, R) still in the bag: the rule set's
        bag (10 each as written) minus the balls on the board and the drawn
        ball waiting to be placed."""
        m = self._masks
        w, b, r = self._bag
        bag = [w - m[0].bit_count(), b - m[1].bit_count(), r - m[2].bit_count()]
        if self._drawn is not None:
            bag[self._drawn] -= 1
        return (bag[0], bag[1], bag[2])

    def chance_outcomes(self) -> list[tuple[Colour, float]]:
        """The colours that can be drawn now, with their probabilities."""
        if not self.is_chance_node():
            raise self._refused(self.refusal())
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
        full = self._bag
        w = full[0] - m[0].bit_count()
        b = full[1] - m[1].bit_count()
        total = 30 - self._occ.bit_count()
        if total <= 0:  # the pyramid is full
            raise self._refused(Refusal.GAME_OVER)
        x = rng.random() * total
        return _COLOURS[0] if x < w else _COLOURS[1] if x < w + b else _COLOURS[2]

    def draw(self, rng: RandomSource) -> tuple[Event, ...]:
        """Draw a ball at random (caller's generator) and apply it."""
        if self._drawn is not None or self.end is not None:
            raise self._refused(self.refusal())
        # sample_draw inlined: this is the playouts' hot path.
        m = self._masks
        n = self._occ.bit_count()
        full = self._bag
        w = full[0] - m[0].bit_count()
        b = full[1] - m[1].bit_count()
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
        k = colour if colour.__class__ is Colour else _as_colour(colour)
        if self._drawn is not None or self.end is not None or self._masks[k].bit_count() >= self._bag[k]:
            raise self._refused(self.refusal(None, k), None, k)  # type: ignore[arg-type]
        self._drawn = k  # type: ignore[assignment]
        return _DRAWN[self._occ.bit_count() & 1][k]

    def apply_place(self, cell: Cell | int | str) -> tuple[Event, ...]:
        """Place the drawn ball on a playable cell; returns what happened."""
        colour = self._drawn
        if cell.__class__ is not Cell:
            cell = _as_cell(cell)
        bit = 1 << cell  # type: ignore[operator]
        playable = self._playable  # 0 once the game is over
        if colour is None or not playable & bit:
            raise self._refused(self.refusal(cell), cell)  # type: ignore[arg-type]
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
            code = self._codes[rank][level]
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
        points, winner = self._settled[c - 1][self._codes[group.rank][group.top_level]][code]
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
        points, winner = self._settled[player - 1][self._codes[group.rank][group.top_level]][0]  # no response
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
        why = self.refusal(cell, colour)
        if why is not None:
            raise self._refused(why, cell, colour)
        return self.apply_draw(colour) + self.apply_place(cell)

    # -- refusals -----------------------------------------------------------
    def refusal(
        self, cell: Cell | int | str | None = None, colour: Colour | int | str | None = None
    ) -> Refusal | None:
        """Why the rules refuse an action now, or None if they allow it: the
        one place the game decides it (the pyramid's side is
        :func:`shibumi.blocked`). With ``cell`` alone: placing the drawn ball
        there; with ``colour`` alone: drawing that colour; with both: a whole
        move (draw, then place); with neither: a draw at random."""
        c = None if cell is None else cell if cell.__class__ is Cell else _as_cell(cell)
        k = None if colour is None else colour if colour.__class__ is Colour else _as_colour(colour)
        if self.end is not None:
            return Refusal.GAME_OVER
        if c is None or k is not None:  # the action starts with a draw
            if self._drawn is not None:
                return Refusal.ALREADY_DRAWN
        elif self._drawn is None:
            return Refusal.NOT_DRAWN
        count = None if k is None else self._masks[k].bit_count()
        return placement_refusal(self._occ, c, count, None if k is None else self._bag[k])

    def _refused(
        self, refusal: Refusal | None, cell: Cell | None = None, colour: Colour | None = None
    ) -> IllegalActionError:
        """The error for a refused action (its words are the narrator's: the
        message is a short technical line, the kind an attribute)."""
        assert refusal is not None, "an action refused for no reason"
        if refusal is Refusal.ALREADY_DRAWN:
            colour = self._drawn  # the ball that waits is what the refusal is about
        if cell is None:
            what = "a draw" if colour is None else f"a draw of {colour}"
        else:
            what = str(cell) if colour is None else f"{colour}@{cell}"
        return IllegalActionError(f"{what}: {refusal.value}", refusal, cell, colour)

    # -- copying ------------------------------------------------------------
    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        new._rules = self._rules
        new._check_vis = self._check_vis
        new._apex_floor = self._apex_floor
        new._cells = self._cells
        new._best_of = self._best_of
        new._bag = self._bag
        new._codes = self._codes
        new._settled = self._settled
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
    def from_board(cls, board: Board, rules: RuleSet = DEFAULT_RULES) -> GameState:
        """A state with ``board`` on it, no score, no challenge, nothing drawn.

        The history is not known; moves are listed in cell order. A full board
        or one holding a straight flush is a finished game."""
        expect(board, Board, "board")
        if straight_flush_top(board.masks, rules) is not None:
            # Its top was the last ball: placed by player 1 on odd move numbers.
            winner = 2 - (len(board) & 1)
            return cls._with_board(board, rules, winner=winner, end=End.STRAIGHT_FLUSH)
        if board.is_full():
            return cls._with_board(board, rules, end=End.COMPLETE)  # no score: a draw
        return cls._with_board(board, rules)

    @classmethod
    def _with_board(
        cls,
        board: Board,
        rules: RuleSet,
        *,
        scores: list[int] | None = None,
        challenge: Challenge | None = None,
        drawn: Colour | None = None,
        winner: int | None = None,
        end: End | None = None,
    ) -> GameState:
        """A state with ``board`` on it and the given score, pending challenge,
        drawn ball and result, taken as they are (the caller has checked them).

        The one way into a state's private tables other than playing, for
        :meth:`from_board` and :func:`spoker.engine.state_strings.parse_state`;
        the moves are listed in cell order (the history is not known)."""
        state = cls(rules)
        state._masks = list(board.masks)
        state._occ = board.occupied
        state._playable = 0 if end is not None else board.playable_mask()
        state._drawn = drawn
        state.history = [Move(k, c) for c, k in board]
        state.scores = [0, 0] if scores is None else list(scores)
        state.challenge = challenge
        state.winner = winner
        state.end = end
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
