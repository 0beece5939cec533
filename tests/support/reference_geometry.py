"""A slow, obviously-correct model of the Shibumi pyramid from sphere centres.

Nothing here imports :mod:`shibumi`: the tests hold the package's tables and
visibility against this model. Everything is derived from where the balls are
in space, by brute force over all positions:

- Balls have diameter 2. Seen from above, their centres sit on the 7x7 grid
  of integer points (x, y) = (0..6, 0..6), columns A-G and rows 1-7.
- Level 1 is the 4x4 square of balls on the even points (each ball touches its
  orthogonal neighbours, 2 apart). A ball of the next level sits in every
  pocket where it would touch four balls of the level below; its centre is
  then sqrt(2) higher (|(1, 1, sqrt 2)| = 2).
- Two balls touch when their centres are 2 apart. A straight line is a run of
  balls whose consecutive centres touch and are equally spaced along one
  vector. A five-ball pyramid is a ball with the four balls under it.
- A ball is covered by the ball at the same (x, y) two levels up. The bridging
  cells of an in-level contact are the cells one level up touching both balls;
  the contact is cut when there are two of them and both hold balls.

Positions are named as in notation.md (``1A1`` ... ``4D4``) and numbered in
board-string order: level by level from the bottom, row by row from the
front, left to right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from itertools import product

DIAMETER = 2.0
LEVEL_HEIGHT = math.sqrt(2.0)
EPS = 1e-9
COLUMN_LETTERS = "ABCDEFG"


@dataclass(frozen=True, order=True)
class Position:
    """A place a ball can be: its level and its point on the 7x7 grid."""

    level: int
    y: int
    x: int

    @property
    def name(self) -> str:
        return f"{self.level}{COLUMN_LETTERS[self.x]}{self.y + 1}"

    @property
    def centre(self) -> tuple[float, float, float]:
        return (float(self.x), float(self.y), (self.level - 1) * LEVEL_HEIGHT)


def distance(a: Position, b: Position) -> float:
    return math.dist(a.centre, b.centre)


def touch(a: Position, b: Position) -> bool:
    return abs(distance(a, b) - DIAMETER) < EPS


@cache
def positions() -> tuple[Position, ...]:
    """All positions in board-string order, built level by level from the base."""
    found = [Position(1, y, x) for y in (0, 2, 4, 6) for x in (0, 2, 4, 6)]
    level = 1
    while True:
        below = [p for p in found if p.level == level]
        pockets = [
            Position(level + 1, y, x)
            for y, x in product(range(7), repeat=2)
            if sum(touch(Position(level + 1, y, x), b) for b in below) == 4
        ]
        if not pockets:
            break
        found += pockets
        level += 1
    return tuple(sorted(found))


@cache
def by_name() -> dict[str, Position]:
    return {p.name: p for p in positions()}


def names() -> list[str]:
    return [p.name for p in positions()]


# -- relations -----------------------------------------------------------------


@cache
def touching_pairs() -> frozenset[frozenset[str]]:
    ps = positions()
    return frozenset(
        frozenset((a.name, b.name)) for a in ps for b in ps if a != b and touch(a, b)
    )


@cache
def platform(name: str) -> frozenset[str]:
    """The balls one level down touching the ball on ``name``."""
    p = by_name()[name]
    return frozenset(q.name for q in positions() if q.level == p.level - 1 and touch(p, q))


@cache
def resting_on(name: str) -> frozenset[str]:
    """The balls one level up touching the ball on ``name``."""
    p = by_name()[name]
    return frozenset(q.name for q in positions() if q.level == p.level + 1 and touch(p, q))


def _at(point: tuple[float, float, float]) -> Position | None:
    for p in positions():
        if math.dist(p.centre, point) < EPS:
            return p
    return None


@cache
def lines(length: int) -> frozenset[tuple[str, ...]]:
    """Straight lines of ``length`` balls, each written in both directions."""
    out = set()
    for a in positions():
        for b in positions():
            if a == b or not touch(a, b):
                continue
            run = [a, b]
            while len(run) < length:
                (x1, y1, z1), (x2, y2, z2) = run[-2].centre, run[-1].centre
                nxt = _at((2 * x2 - x1, 2 * y2 - y1, 2 * z2 - z1))
                if nxt is None:
                    break
                run.append(nxt)
            if len(run) == length:
                out.add(tuple(p.name for p in run))
    return frozenset(out)


def line_sets(length: int) -> set[frozenset[str]]:
    return {frozenset(line) for line in lines(length)}


@cache
def pyramids() -> frozenset[frozenset[str]]:
    """Each ball with the four balls under it."""
    return frozenset(
        platform(p.name) | {p.name} for p in positions() if len(platform(p.name)) == 4
    )


@cache
def cover(name: str) -> str | None:
    """The position straight above ``name`` two levels up, if any."""
    x, y, z = by_name()[name].centre
    above = _at((x, y, z + 2 * LEVEL_HEIGHT))
    return None if above is None else above.name


def in_level_contacts() -> set[frozenset[str]]:
    bn = by_name()
    return {pair for pair in touching_pairs() if len({bn[n].level for n in pair}) == 1}


@cache
def bridges(a: str, b: str) -> frozenset[str]:
    """The cells one level up touching both balls of an in-level contact."""
    pa, pb = by_name()[a], by_name()[b]
    return frozenset(
        q.name
        for q in positions()
        if q.level == pa.level + 1 and touch(q, pa) and touch(q, pb)
    )


# -- boards and visibility -----------------------------------------------------


def parse(board_string: str) -> dict[str, str]:
    """``{name: colour letter}`` from a canonical board string (no checks)."""
    levels = board_string.split("/")
    out = {}
    for level, chars in enumerate(levels, start=1):
        cells = [p.name for p in positions() if p.level == level]
        assert len(cells) == len(chars)
        for name, ch in zip(cells, chars):
            if ch != ".":
                out[name] = ch
    return out


def is_covered(balls: dict[str, str], name: str) -> bool:
    above = cover(name)
    return name in balls and above is not None and above in balls


def is_cut(balls: dict[str, str], a: str, b: str) -> bool:
    above = bridges(a, b)
    return a in balls and b in balls and len(above) == 2 and above <= balls.keys()


def _line_order(cells: frozenset[str]) -> tuple[str, ...] | None:
    for line in lines(len(cells)) if len(cells) in (3, 4) else ():
        if frozenset(line) == cells:
            return line
    return None


def covered_in(balls: dict[str, str], cells: frozenset[str]) -> set[tuple[str, str]]:
    """(covered cell, the cell covering it) for the covered balls of ``cells``."""
    return {(c, cover(c) or "") for c in cells if is_covered(balls, c)}


def cut_in(balls: dict[str, str], cells: frozenset[str]) -> set[tuple[str, str]]:
    """The cut in-level contacts between consecutive balls, if ``cells`` is a line."""
    line = _line_order(cells)
    if line is None:
        return set()
    bn = by_name()
    return {
        (min(a, b, key=bn.__getitem__), max(a, b, key=bn.__getitem__))
        for a, b in zip(line, line[1:])
        if bn[a].level == bn[b].level and is_cut(balls, a, b)
    }


def visible(balls: dict[str, str], cells: frozenset[str]) -> bool:
    """No ball of ``cells`` covered and, for a line, no in-level contact cut."""
    return not covered_in(balls, cells) and not cut_in(balls, cells)


def playable(balls: dict[str, str]) -> set[str]:
    """Empty cells whose platform (none on level 1) holds balls."""
    return {n for n in names() if n not in balls and platform(n) <= balls.keys()}
