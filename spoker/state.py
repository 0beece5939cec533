"""The game state: board, bag, turn, scores, pending challenge, result.

Chance is explicit (as in OpenSpiel): a state either waits for a draw
(:meth:`GameState.chance_outcomes` gives the colours and their probabilities)
or for the placement of the drawn ball (:meth:`GameState.legal_cells`).

One model, kept throughout: ``apply_draw`` and ``apply_place`` change the state
in place and return the events they caused; :meth:`GameState.copy` (or
:meth:`GameState.child`) gives an independent state to explore. The rules
never touch a global random generator: :meth:`GameState.draw` takes the
caller's generator.
"""

from __future__ import annotations

from typing import Protocol

from shibumi import (
    APEX,
    BALLS_PER_COLOUR,
    CELLS,
    FULL_MASK,
    Board,
    Cell,
    Colour,
    ShibumiError,
    as_cell,
    parse_board,
)
from shibumi.geometry import PLATFORM_MASK, RESTING_ON
from spoker.errors import IllegalActionError, StateStringError
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
from spoker.groups import Group, Rank, best_code, compare, group_of
from spoker.moves import Move
from spoker.rules import DEFAULT_RULES, RuleSet

_RESTING = tuple(tuple(int(u) for u in us) for us in RESTING_ON)
_APEX = int(APEX)
_COLOURS = (Colour.WHITE, Colour.BLACK, Colour.RED)
_STRAIGHT_FLUSH = int(Rank.STRAIGHT_FLUSH)


# Playable cells from a 30-bit mask in two lookups: low and high 15 bits.
_LOW = tuple(tuple(CELLS[i] for i in range(15) if m >> i & 1) for m in range(1 << 15))
_HIGH = tuple(tuple(CELLS[15 + i] for i in range(15) if m >> i & 1) for m in range(1 << 15))


class RandomSource(Protocol):
    def random(self) -> float: ...


class Challenge:
    """A challenge waiting for its response."""

    __slots__ = ("challenger", "group", "move_number")

    def __init__(self, challenger: int, group: Group, move_number: int) -> None:
        self.challenger = challenger
        self.group = group
        self.move_number = move_number

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Challenge) and (
            self.challenger, self.group, self.move_number
        ) == (other.challenger, other.group, other.move_number)

    def __repr__(self) -> str:
        return f"Challenge(player {self.challenger}, {self.group.describe()}, move {self.move_number})"


class GameState:
    """A game of Spoker in progress (or over). Mutable; see the module doc."""

    __slots__ = (
        "rules", "_masks", "_occ", "_playable", "_drawn", "scores", "challenge",
        "winner", "end", "history", "_check_vis",
    )

    def __init__(self, rules: RuleSet = DEFAULT_RULES) -> None:
        self.rules = rules
        self._check_vis = rules.check_visibility
        self._masks = [0, 0, 0]
        self._occ = 0
        self._playable = 0xFFFF  # the 16 level-1 cells
        self._drawn: Colour | None = None
        self.scores = [0, 0]
        self.challenge: Challenge | None = None
        self.winner: int | None = None
        self.end: str | None = None  # "straight_flush" or "complete" once over
        self.history: list[Move] = []

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
        """Balls of each colour (W, B, R) still in the bag."""
        m = self._masks
        return (
            BALLS_PER_COLOUR - m[0].bit_count(),
            BALLS_PER_COLOUR - m[1].bit_count(),
            BALLS_PER_COLOUR - m[2].bit_count(),
        )

    def chance_outcomes(self) -> list[tuple[Colour, float]]:
        """The colours that can be drawn now, with their probabilities."""
        if not self.is_chance_node():
            raise IllegalActionError(self._why_no_draw())
        bag = self.bag()
        total = sum(bag)
        return [(k, n / total) for k, n in zip(_COLOURS, bag) if n]

    def legal_cells(self) -> tuple[Cell, ...]:
        """The playable cells (empty, supported), in cell order."""
        p = self._playable
        return _LOW[p & 0x7FFF] + _HIGH[p >> 15]

    @property
    def playable_mask(self) -> int:
        return self._playable

    # -- acting -------------------------------------------------------------
    def sample_draw(self, rng: RandomSource) -> Colour:
        """A colour drawn from the bag with the caller's generator (not applied)."""
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
        return self.apply_draw(self.sample_draw(rng))

    def apply_draw(self, colour: Colour | int | str) -> tuple[Event, ...]:
        """The chance event: ``colour`` is taken from the bag."""
        if self._drawn is not None or self.end is not None:
            raise IllegalActionError(self._why_no_draw())
        k = Colour.from_char(colour) if isinstance(colour, str) else _COLOURS[colour]
        if self._masks[k].bit_count() >= BALLS_PER_COLOUR:
            raise IllegalActionError(f"no {k.name.lower()} ball is left in the bag")
        self._drawn = k
        return (BallDrawn(self.to_move, k),)

    def apply_place(self, cell: Cell | int | str) -> tuple[Event, ...]:
        """Place the drawn ball on a playable cell; returns what happened."""
        colour = self._drawn
        if colour is None:
            raise IllegalActionError(
                "the game is over" if self.end is not None else "draw a ball before placing"
            )
        if cell.__class__ is not Cell:
            cell = as_cell(cell)
        bit = 1 << cell
        if not self._playable & bit:
            raise IllegalActionError(self._why_not_playable(cell))  # type: ignore[arg-type]
        masks = self._masks
        masks[colour] |= bit
        occ = self._occ | bit
        self._occ = occ
        playable = self._playable & ~bit
        for u in _RESTING[cell]:
            pm = PLATFORM_MASK[u]
            if occ & pm == pm:
                playable |= 1 << u
        self._playable = playable
        self._drawn = None
        player = 2 - (occ.bit_count() & 1)
        n = occ.bit_count()
        self.history.append(Move(colour, cell))  # type: ignore[arg-type]
        challenge = self.challenge
        placed = BallPlaced(player, colour, cell, n, challenge is not None)  # type: ignore[arg-type]

        rank, _, pid = best_code(masks, occ, cell, colour, self._check_vis)
        if (
            rank
            and cell == _APEX
            and challenge is None
            and rank != _STRAIGHT_FLUSH
            and not self.rules.apex_free
        ):
            rank = 0  # the apex on a normal turn counts only for a straight flush
        if not rank:
            if challenge is None:
                return (placed,) if occ != FULL_MASK else (placed, self._finish("complete"))
            return self._resolve(placed, challenge, None, occ)

        group = group_of(pid, rank)
        formed = GroupFormed(player, group)
        if rank == _STRAIGHT_FLUSH:
            self.challenge = None
            self.winner = player
            self.end = "straight_flush"
            sf = StraightFlush(player, group, challenge.group if challenge else None)
            return (placed, formed, sf, GameOver(player, self.score, "straight_flush"))
        if challenge is not None:
            return self._resolve(placed, challenge, formed, occ)
        opened = ChallengeOpened(player, group, n)
        if occ == FULL_MASK:  # apex-free: a challenge from the 30th ball finds the bag empty
            self.scores[player - 1] += 1
            points = (1, 0) if player == 1 else (0, 1)
            resolved = ChallengeResolved(player, group, None, points, player, n, True)
            return (placed, formed, opened, resolved, self._finish("complete"))
        self.challenge = Challenge(player, group, n)
        return (placed, formed, opened)

    def _resolve(
        self, placed: BallPlaced, challenge: Challenge, formed: GroupFormed | None, occ: int
    ) -> tuple[Event, ...]:
        response = formed.group if formed is not None else None
        verdict = compare(challenge.group, response)
        c = challenge.challenger
        if verdict > 0:
            winner: int | None = c
        elif verdict < 0:
            winner = 3 - c
        else:
            winner = None
        if winner is None:
            points = (1, 1)
        else:
            points = (1, 0) if winner == 1 else (0, 1)
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        self.challenge = None
        resolved = ChallengeResolved(c, challenge.group, response, points, winner, challenge.move_number)
        events: tuple[Event, ...] = (placed, formed, resolved) if formed else (placed, resolved)
        if occ == FULL_MASK:
            events += (self._finish("complete"),)
        return events

    def _finish(self, end: str) -> GameOver:
        s1, s2 = self.scores
        self.winner = 1 if s1 > s2 else 2 if s2 > s1 else None
        self.end = end
        return GameOver(self.winner, (s1, s2), end)

    def apply_move(self, move: Move | str) -> tuple[Event, ...]:
        """Draw ``move``'s colour and place it on its cell (records, tests)."""
        if isinstance(move, str):
            move = Move.from_str(move, self.board)
        return self.apply_draw(move.colour) + self.apply_place(move.cell)

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
        new.rules = self.rules
        new._check_vis = self._check_vis
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

    def child(self, action: Cell | Colour | int | str) -> GameState:
        """A new state after a draw (a colour) or a placement (a cell)."""
        new = self.copy()
        if new.is_chance_node():
            new.apply_draw(action if not isinstance(action, Cell) else Colour(action))
        else:
            new.apply_place(action)
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self.to_string() == other.to_string()

    def __hash__(self) -> int:
        return hash(self.to_string())

    def __repr__(self) -> str:
        return f"GameState({self.to_string()!r})"

    # -- state strings ------------------------------------------------------
    def to_string(self) -> str:
        """``BOARD TOMOVE S1-S2 CHALLENGE DRAWN RESULT RULES`` (docs/state-string.md)."""
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
        """Parse a state string; missing trailing fields take their defaults."""
        return _parse_state(text)

    @classmethod
    def from_board(cls, board: Board, rules: RuleSet = DEFAULT_RULES) -> GameState:
        """A state with ``board`` on it, no score, no challenge, nothing drawn.

        The history is not known; moves are listed in cell order."""
        state = cls(rules)
        state._masks = list(board.masks)
        state._occ = board.occupied
        state._playable = board.playable_mask()
        state.history = [Move(k, c) for c, k in board]
        if board.is_full():
            state._finish("complete")
        return state


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
    s1, sep, s2 = score.partition("-")
    if not (sep and s1.isdigit() and s2.isdigit() and s1.isascii() and s2.isascii()):
        raise StateStringError(f"{bad} score {score!r} is not N-N")
    state.scores = [int(s1), int(s2)]
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
    if result == "*":
        if board.is_full():
            raise StateStringError(f"{bad} the pyramid is full, so the game cannot be in progress")
    elif result in ("1", "2", "="):
        state.winner = None if result == "=" else int(result)
        state.end = "complete" if board.is_full() else "straight_flush"
        if state.end == "complete":
            s1v, s2v = state.scores
            expect = 1 if s1v > s2v else 2 if s2v > s1v else None
            if expect != state.winner:
                raise StateStringError(f"{bad} result {result!r} does not match the score {score}")
        elif state.winner is None:
            raise StateStringError(f"{bad} an unfinished pyramid can only end with a winner")
        if state.challenge is not None:
            raise StateStringError(f"{bad} the game is over but a challenge is pending")
    else:
        raise StateStringError(f"{bad} result {result!r} is not '*', '1', '2' or '='")
    return state


def _parse_challenge(bad: str, text: str, board: Board, state: GameState) -> Challenge:
    rank_text, sep, cells_text = text.partition(":")
    try:
        rank = Rank.from_key(rank_text)
        cells = tuple(sorted(as_cell(c) for c in cells_text.split(","))) if sep else ()
    except ValueError:
        raise StateStringError(f"{bad} challenge {text!r} is not RANK:CELL,CELL,...") from None
    from spoker.groups import PATTERNS, _rank_of

    for p in PATTERNS:
        if tuple(sorted(p.cells)) == cells and board.occupied & p.mask == p.mask:
            # The challenging ball is unknown; any ball of the group gives its colours.
            masks = board.masks
            if any(_rank_of(p, masks, board[c]) == rank for c in p.cells):  # type: ignore[arg-type]
                if rank == Rank.STRAIGHT_FLUSH:
                    break
                group = group_of(p.pid, int(rank))
                challenger = 3 - state.to_move
                return Challenge(challenger, group, len(board))
    raise StateStringError(f"{bad} challenge {text!r} is not a {rank_text} on this board")
