"""A slow, plain reference model of Spoker, written from the rules text alone.

Nothing here imports :mod:`shibumi` or :mod:`spoker`: the tests hold the
engine against this model, and ``bench/playouts.py`` measures the engine's
speed against it. It favours being obviously right over being fast: the board
is a dict from cell names to colour letters, the geometry comes from sphere
centres in space, and every question is answered by looking at every shape.

Geometry (rules.md, "Geometry of groups"):

- Balls have diameter 2. Seen from above their centres sit on the 7x7 grid of
  points, columns A-G (x = 0..6) and rows 1-7 (y = 0..6). Level ``l`` holds
  the points whose x and y are both ``l - 1`` plus an even number, and its
  centres are ``(l - 1) * sqrt(2)`` high: a ball then rests on the four below.
- Two balls *touch* when their centres are 2 apart. A *straight line* is a run
  of balls whose consecutive centres touch and step by one same vector.
- A *five-ball pyramid* is a ball above level 1 with the four balls it touches
  on the level below (its platform).
- A ball is *covered* by a ball at the same point two levels up. An in-level
  contact of a line is *cut* when the cells one level up that touch both of
  its balls are two and both hold balls.

Cells are numbered in board-string order (notation.md): by level from the
bottom, then row from the front, then column from the left.

The only concession to speed: the answers of the geometric questions
(:func:`touching`, :func:`platform`, :func:`bridging_cells`) are remembered.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Protocol

COLUMNS = "ABCDEFG"
COLOURS = "WBR"
BALLS_PER_COLOUR = 10

RANKS = ("three_kinds", "flush_three", "full_house", "flush_four", "straight_flush")
"""Rank names from lowest to highest; a rank's strength is its index + 1."""


# -- cells and space -------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    level: int
    x: int
    y: int

    @property
    def name(self) -> str:
        return f"{self.level}{COLUMNS[self.x]}{self.y + 1}"

    @property
    def centre(self) -> tuple[float, float, float]:
        return (float(self.x), float(self.y), (self.level - 1) * math.sqrt(2.0))


def _all_spots() -> list[Spot]:
    spots = []
    for level in (1, 2, 3, 4):
        points = range(level - 1, 7 - (level - 1), 2)
        for y in points:
            for x in points:
                spots.append(Spot(level, x, y))
    return spots


SPOTS = _all_spots()
CELL_NAMES = [s.name for s in SPOTS]
SPOT = {s.name: s for s in SPOTS}
ORDER = {name: i for i, name in enumerate(CELL_NAMES)}
APEX = "4D4"


@cache
def touching(a: str, b: str) -> bool:
    return abs(math.dist(SPOT[a].centre, SPOT[b].centre) - 2.0) < 1e-9


@cache
def platform(cell: str) -> tuple[str, ...]:
    """The balls a cell rests on: those one level down that it touches."""
    level = SPOT[cell].level
    return tuple(c for c in CELL_NAMES if SPOT[c].level == level - 1 and touching(c, cell))


def _vector(a: str, b: str) -> tuple[float, float, float]:
    pa, pb = SPOT[a].centre, SPOT[b].centre
    return (pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2])


def _same(u: tuple[float, ...], v: tuple[float, ...]) -> bool:
    return all(abs(p - q) < 1e-9 for p, q in zip(u, v))


def _lines(length: int) -> list[tuple[str, ...]]:
    """Every straight line of ``length`` balls, each once (in one direction)."""
    found: dict[frozenset[str], tuple[str, ...]] = {}
    for start in CELL_NAMES:
        for nxt in CELL_NAMES:
            if not touching(start, nxt):
                continue
            step = _vector(start, nxt)
            run = [start, nxt]
            while len(run) < length:
                ahead = [c for c in CELL_NAMES if touching(run[-1], c) and _same(_vector(run[-1], c), step)]
                if not ahead:
                    break
                run.append(ahead[0])
            if len(run) == length:
                found.setdefault(frozenset(run), tuple(run))
    return list(found.values())


LINES3 = _lines(3)
LINES4 = _lines(4)
LINES5 = _lines(5)
PYRAMIDS = [platform(c) + (c,) for c in CELL_NAMES if SPOT[c].level > 1]
"""Each pyramid: its four platform cells, then its top."""


def covering_cell(cell: str) -> str | None:
    """The cell at the same point two levels up, if there is one."""
    s = SPOT[cell]
    above = Spot(s.level + 2, s.x, s.y)
    return above.name if above.name in SPOT else None


@cache
def bridging_cells(a: str, b: str) -> tuple[str, ...]:
    """The cells one level up touching both balls of an in-level contact."""
    level = SPOT[a].level
    return tuple(c for c in CELL_NAMES if SPOT[c].level == level + 1 and touching(c, a) and touching(c, b))


# -- groups ----------------------------------------------------------------------


@dataclass(frozen=True)
class RefGroup:
    rank: str
    cells: tuple[str, ...]  # in cell order
    top_level: int
    visible: bool

    @property
    def strength(self) -> tuple[int, int]:
        return (RANKS.index(self.rank) + 1, self.top_level)


def rank_of_line(colours: list[str]) -> str | None:
    distinct = len(set(colours))
    if len(colours) == 3:
        if distinct == 1:
            return "flush_three"
        if distinct == 3:
            return "three_kinds"
        return None
    if len(colours) == 4 and distinct == 1:
        return "flush_four"
    return None


def rank_of_pyramid(platform_colours: dict[str, str], top_colour: str) -> str | None:
    """Straight flush: five of one colour. Full house: the platform splits into
    two touching pairs, each of one colour, the two colours different, and the
    top has one of them."""
    if set(platform_colours.values()) == {top_colour}:
        return "straight_flush"
    cells = list(platform_colours)
    for pair in combinations(cells, 2):
        rest = [c for c in cells if c not in pair]
        if not (touching(*pair) and touching(*rest)):
            continue
        first = {platform_colours[c] for c in pair}
        second = {platform_colours[c] for c in rest}
        if len(first) == 1 and len(second) == 1 and first != second and top_colour in first | second:
            return "full_house"
    return None


def is_visible(board: dict[str, str], cells: tuple[str, ...], is_line: bool) -> bool:
    for c in cells:
        cover = covering_cell(c)
        if cover is not None and cover in board:
            return False
    if is_line:
        for a, b in zip(cells, cells[1:]):
            if SPOT[a].level != SPOT[b].level:
                continue
            above = bridging_cells(a, b)
            if len(above) == 2 and all(c in board for c in above):
                return False
    return True


def _sorted(cells: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(cells, key=ORDER.__getitem__))


def groups_with(board: dict[str, str], cell: str) -> list[RefGroup]:
    """Every winning group containing the ball on ``cell``, visible or not,
    best first (rank, then top level), then by cells in cell order."""
    found = []
    for line in LINES3 + LINES4:
        if cell in line and all(c in board for c in line):
            rank = rank_of_line([board[c] for c in line])
            if rank:
                found.append((rank, line, True))
    for pyramid in PYRAMIDS:
        if cell in pyramid and all(c in board for c in pyramid):
            rank = rank_of_pyramid({c: board[c] for c in pyramid[:4]}, board[pyramid[4]])
            if rank:
                found.append((rank, pyramid, False))
    groups = [
        RefGroup(rank, _sorted(cells), max(SPOT[c].level for c in cells), is_visible(board, cells, line))
        for rank, cells, line in found
    ]
    groups.sort(key=lambda g: (-g.strength[0], -g.strength[1], [ORDER[c] for c in g.cells]))
    return groups


@dataclass(frozen=True)
class RefRules:
    """A rule set, as notation.md's "Rule sets" table has it: ``lines`` is
    ``any`` or ``in-level``, ``off`` the ranks that form nothing, ``order``
    the four lower ranks lowest first, ``tie`` ``both`` or ``none``, ``bag``
    the white, black and red balls."""

    touching: bool = False
    apex_free: bool = False
    lines: str = "any"
    off: tuple[str, ...] = ()
    order: tuple[str, ...] = RANKS[:4]
    tie: str = "both"
    bag: tuple[int, int, int] = (10, 10, 10)

    def strength(self, group: RefGroup) -> tuple[int, int]:
        """What challenges compare: the rank's place in ``order`` (a straight
        flush above them all), then the top level."""
        place = 5 if group.rank == "straight_flush" else self.order.index(group.rank) + 1
        return (place, group.top_level)

    def counts(self, group: RefGroup) -> bool:
        """A group counts when its shape is not off, its line is allowed by
        ``lines`` and (visible rules) it is visible."""
        if group.rank in self.off:
            return False
        is_line = group.rank != "straight_flush" and group.rank != "full_house"
        if self.lines == "in-level" and is_line and len({SPOT[c].level for c in group.cells}) > 1:
            return False
        return self.touching or group.visible


def best_with(
    board: dict[str, str], cell: str, touching_rules: bool = False, rules: RefRules | None = None
) -> RefGroup | None:
    """The best counting group through ``cell``: the strongest by the rules'
    order, then top level, of :func:`groups_with` that count (all count
    under the touching rules, as written); among equals, the first listed."""
    rules = rules if rules is not None else RefRules(touching_rules)
    best = None
    for g in groups_with(board, cell):
        if rules.counts(g) and (best is None or rules.strength(g) > rules.strength(best)):
            best = g
    return best


# -- the game --------------------------------------------------------------------


class RandomSource(Protocol):
    def random(self) -> float: ...


Happening = tuple[object, ...]
"""What a move caused, as plain tuples (see :meth:`RefGame.place`)."""


@dataclass
class RefGame:
    """A game of Spoker following rules.md step by step."""

    touching_rules: bool = False
    apex_free: bool = False
    board: dict[str, str] = field(default_factory=dict)
    rules: RefRules | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    pending: tuple[int, RefGroup, int] | None = None  # (challenger, group, move number)
    drawn: str | None = None
    winner: int | None = None
    end: str | None = None

    def __post_init__(self) -> None:
        if self.rules is None:
            self.rules = RefRules(self.touching_rules, self.apex_free)

    @property
    def ruled(self) -> RefRules:
        assert self.rules is not None
        return self.rules

    def player(self) -> int:
        """Player 1 places the odd-numbered balls, player 2 the even ones."""
        return 1 if len(self.board) % 2 == 0 else 2

    def bag(self) -> dict[str, int]:
        on_board = list(self.board.values())
        return {k: held - on_board.count(k) for k, held in zip(COLOURS, self.ruled.bag)}

    def playable(self) -> list[str]:
        return [
            c for c in CELL_NAMES
            if c not in self.board and all(p in self.board for p in platform(c))
        ]

    def draw(self, rng: RandomSource) -> str:
        """Line the balls in the bag up, white, black then red, and take one at
        random: ball ``int(rng.random() * balls left)``."""
        if self.end is not None or self.drawn is not None:
            raise ValueError("no draw now")
        balls = [k for k, n in self.bag().items() for _ in range(n)]
        self.drawn = balls[int(rng.random() * len(balls))]
        return self.drawn

    def place(self, cell: str, colour: str | None = None) -> list[Happening]:
        """Place the drawn ball (or ``colour``, drawn now) on ``cell``.

        Returns, in order: ("placed", player, colour, cell, move number,
        response?), ("formed", player, group), ("opened", player, group, move
        number), ("resolved", challenger, challenge, response group or None,
        points, winner or None, challenge move number, bag empty?),
        ("straight_flush", player, group, cancelled challenge or None),
        ("over", winner or None, score, end).
        """
        if self.end is not None:
            raise ValueError("the game is over")
        if colour is not None:
            if self.drawn is not None or self.bag()[colour] == 0:
                raise ValueError(f"cannot draw {colour}")
            self.drawn = colour
        if self.drawn is None:
            raise ValueError("nothing drawn")
        if cell not in self.playable():
            raise ValueError(f"{cell} is not playable")
        colour, self.drawn = self.drawn, None
        self.board[cell] = colour
        n = len(self.board)
        player = 1 if n % 2 == 1 else 2
        answering = self.pending
        out: list[Happening] = [("placed", player, colour, cell, n, answering is not None)]

        rules = self.ruled
        group = best_with(self.board, cell, rules=rules)
        if (
            group is not None and cell == APEX and answering is None
            and not rules.apex_free and group.rank != "straight_flush"
        ):
            group = None  # the apex ruling: on a normal turn only a straight flush counts
        if group is not None:
            out.append(("formed", player, group))

        if group is not None and group.rank == "straight_flush":
            self.pending = None  # a challenge it answers scores nothing
            self.winner, self.end = player, "straight_flush"
            out.append(("straight_flush", player, group, answering[1] if answering else None))
            out.append(("over", player, tuple(self.scores), "straight_flush"))
            return out

        if answering is not None:
            challenger, challenge, move = answering
            self.pending = None
            responder = 3 - challenger
            if group is None or rules.strength(challenge) > rules.strength(group):
                winner: int | None = challenger
            elif rules.strength(group) > rules.strength(challenge):
                winner = responder
            else:
                winner = None
            points = [0, 0]
            for p in (1, 2):
                if winner == p or (winner is None and rules.tie == "both"):
                    points[p - 1] = 1
            self.scores = [self.scores[0] + points[0], self.scores[1] + points[1]]
            out.append(("resolved", challenger, challenge, group, tuple(points), winner, move, False))
        elif group is not None:
            out.append(("opened", player, group, n))
            if sum(self.bag().values()) == 0:
                # The challenge finds the bag empty: the challenger scores 1.
                points = [1, 0] if player == 1 else [0, 1]
                self.scores[player - 1] += 1
                out.append(("resolved", player, group, None, tuple(points), player, n, True))
            else:
                self.pending = (player, group, n)

        if n == len(CELL_NAMES):
            s1, s2 = self.scores
            self.winner = 1 if s1 > s2 else 2 if s2 > s1 else None
            self.end = "complete"
            out.append(("over", self.winner, (s1, s2), "complete"))
        return out


def play_random_game(
    rng: RandomSource, touching_rules: bool = False, apex_free: bool = False, rules: RefRules | None = None
) -> RefGame:
    """A complete game: draw, a uniformly random playable cell (``int(rng.random()
    * cells)``), until the end."""
    game = RefGame(touching_rules, apex_free, rules=rules)
    while game.end is None:
        game.draw(rng)
        cells = game.playable()
        game.place(cells[int(rng.random() * len(cells))])
    return game
