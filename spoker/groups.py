"""Winning groups: the five ranks, which groups a ball forms, which count.

The fast path (:func:`best_code`) works on raw bit masks with tables built at
import; :func:`groups_at` and :func:`explain` build readable objects for
analysis, the command line and the front end.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple

from shibumi import Board, Cell, Colour, as_cell
from shibumi.errors import expect, shown
from shibumi.geometry import (
    BRIDGES,
    COVER,
    COVER_MASK,
    LINES3,
    LINES4,
    PLATFORM,
    RESTING_ON,
    in_level_contacts,
)
from shibumi.visibility import Visibility, visibility
from spoker.errors import SpokerError
from spoker.rules import DEFAULT_RULES, RuleSet


class Rank(enum.IntEnum):
    """Winning groups in ascending order."""

    THREE_KINDS = 1
    FLUSH_THREE = 2
    FULL_HOUSE = 3
    FLUSH_FOUR = 4
    STRAIGHT_FLUSH = 5

    @property
    def key(self) -> str:
        """The name used in JSON and records: ``three_kinds`` ..."""
        return self.name.lower()

    @property
    def title(self) -> str:
        return _TITLES[self]

    @classmethod
    def from_key(cls, key: str) -> Rank:
        try:
            return cls[key.upper()]
        except (KeyError, AttributeError):
            raise SpokerError(
                f"{key!r} is not a group rank: expected one of "
                + ", ".join(r.key for r in cls)
            ) from None

    def __str__(self) -> str:
        return self.key


_TITLES = {
    Rank.THREE_KINDS: "Three of three kinds",
    Rank.FLUSH_THREE: "Flush three",
    Rank.FULL_HOUSE: "Full house",
    Rank.FLUSH_FOUR: "Flush four",
    Rank.STRAIGHT_FLUSH: "Straight flush",
}


@dataclass(frozen=True)
class Group:
    """A winning group on the board: its rank, cells (in cell order) and
    the highest level it reaches; ``visible`` is geometric visibility."""

    rank: Rank
    cells: tuple[Cell, ...]
    top_level: int
    visible: bool = True

    @property
    def strength(self) -> tuple[int, int]:
        """What challenges compare: rank, then the highest level."""
        return (int(self.rank), self.top_level)

    def describe(self) -> str:
        """``Flush three, level 2``."""
        return f"{self.rank.title}, level {self.top_level}"

    def __str__(self) -> str:
        """``Flush three, level 1 (1A1 1C1 1E1)``: rank, level, cells in cell order."""
        return f"{self.describe()} ({' '.join(str(c) for c in self.cells)})"

    def to_json(self, with_visible: bool = True) -> dict[str, object]:
        out: dict[str, object] = {
            "rank": self.rank.key,
            "cells": [str(c) for c in self.cells],
            "top_level": self.top_level,
        }
        if with_visible:
            out["visible"] = self.visible
        return out


class Pattern(NamedTuple):
    """A shape in the pyramid with everything the fast path needs."""

    pid: int
    kind: int  # 3: line of three, 4: line of four, 5: pyramid
    cells: tuple[Cell, ...]
    mask: int
    top_level: int
    cover_mask: int
    bridges: tuple[int, ...]  # masks of the pairs of cells that would cut a contact
    pairings: tuple[tuple[int, int], ...]  # pyramid: (pair, other pair) platform masks


def _bit(cells: tuple[Cell, ...]) -> int:
    return sum(1 << c for c in cells)


def _make_patterns() -> tuple[Pattern, ...]:
    out: list[Pattern] = []
    for kind, shapes in ((3, LINES3), (4, LINES4)):
        for line in shapes:
            bridges = tuple(
                _bit(BRIDGES[pair]) for pair in in_level_contacts(line) if len(BRIDGES[pair]) == 2
            )
            out.append(
                Pattern(
                    len(out), kind, line, _bit(line), max(c.level for c in line),
                    _or(COVER_MASK[c] for c in line), bridges, (),
                )
            )
    for top in range(30):
        plat = PLATFORM[top]
        if not plat:
            continue
        cells = plat + (Cell(top),)
        # Platform order is front-left, front-right, back-left, back-right:
        # the two touching pairings are front/back rows and left/right columns.
        fl, fr, bl, br = (1 << c for c in plat)
        pairings = ((fl | fr, bl | br), (bl | br, fl | fr), (fl | bl, fr | br), (fr | br, fl | bl))
        out.append(
            Pattern(
                len(out), 5, cells, _bit(cells), Cell(top).level,
                _or(COVER_MASK[c] for c in cells), (), pairings,
            )
        )
    return tuple(out)


def _or(masks: object) -> int:
    m = 0
    for x in masks:  # type: ignore[attr-defined]
        m |= x
    return m


PATTERNS: tuple[Pattern, ...] = _make_patterns()

# The rank a pattern reaches when all its balls share one colour; also an upper
# bound of what it can rank at all (a pyramid: straight flush, else full house).
_FLUSH_RANK = {3: 2, 4: 4, 5: 5}


def _scan_order(p: Pattern) -> tuple[int, int, tuple[Cell, ...]]:
    # Strongest possible first, then the higher top, then the cells: among equal
    # (rank, top level) the first one scanned wins, the same group that
    # groups_at lists first.
    return (-_FLUSH_RANK[p.kind], -p.top_level, tuple(sorted(p.cells)))


THROUGH: tuple[tuple[Pattern, ...], ...] = tuple(
    tuple(
        sorted(
            (
                p for p in PATTERNS
                if p.mask >> c & 1 and (p.kind != 5 or p.cells[-1] == c)  # a pyramid's last ball is its top
            ),
            key=_scan_order,
        )
    )
    for c in range(30)
)
"""Per cell: the patterns containing it (a pyramid only as its top), in scan order."""

_RESTING_MASK: tuple[int, ...] = tuple(_bit(RESTING_ON[c]) for c in range(30))
"""Per cell: the cells resting on it."""


def _completable(p: Pattern, c: int) -> bool:
    # While nothing rests on c, no pattern holding a cell that rests on c
    # (directly or up a cross-level line) is complete: skip those.
    return not any(p.mask >> u & 1 for u in _cells_above(c))


def _cells_above(c: int) -> set[int]:
    above: set[int] = set()
    todo = list(RESTING_ON[c])
    while todo:
        u = todo.pop()
        if u not in above:
            above.add(u)
            todo.extend(RESTING_ON[u])
    return above


# The hot path's tables: plain tuples of ints, unpacked in one step per pattern.
_SCAN: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple((p.mask, _FLUSH_RANK[p.kind], p.top_level, p.pid) for p in through)
    for through in THROUGH
)
_SCAN_LAST: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(
    tuple(entry for entry, p in zip(_SCAN[c], THROUGH[c]) if _completable(p, c)) for c in range(30)
)
"""_SCAN without what a ball with nothing on it cannot complete (the usual case)."""
_COVER_OF: tuple[int, ...] = tuple(p.cover_mask for p in PATTERNS)
_BRIDGES_OF: tuple[tuple[int, ...], ...] = tuple(p.bridges for p in PATTERNS)
_PAIRINGS_OF: tuple[tuple[tuple[int, int], ...], ...] = tuple(p.pairings for p in PATTERNS)


def _full_house_table(p: Pattern) -> dict[int, int]:
    # Key: the top's colour mask within the pyramid (a touching pair and the
    # top); value: the other pair, which must be one other colour.
    top = 1 << p.cells[-1]
    return {pair | top: other for pair, other in p.pairings}


_FULL_HOUSE_OTHER: tuple[dict[int, int], ...] = tuple(
    _full_house_table(p) if p.kind == 5 else {} for p in PATTERNS
)


def _full_house(pid: int, masks: tuple[int, int, int] | list[int], colour: int) -> int:
    """3 if the complete pyramid ``pid`` topped by ``colour`` is a full house, else 0."""
    other = _FULL_HOUSE_OTHER[pid].get(masks[colour] & PATTERNS[pid].mask)
    if other is None:
        return 0
    # The other pair holds no ball of the top's colour: one colour for both?
    return 3 if masks[0] & other == other or masks[1] & other == other or masks[2] & other == other else 0


def _rank_of(p: Pattern, masks: tuple[int, int, int] | list[int], colour: int) -> int:
    """Rank (0 for none) of a complete pattern whose newest ball (for a
    pyramid: its top) has ``colour``."""
    m = p.mask
    if masks[colour] & m == m:
        return _FLUSH_RANK[p.kind]
    if p.kind == 3:
        return 1 if masks[0] & m and masks[1] & m and masks[2] & m else 0
    if p.kind == 5:
        return _full_house(p.pid, masks, colour)
    return 0


def _visible(p: Pattern, occ: int) -> bool:
    if occ & p.cover_mask:
        return False
    for b in p.bridges:
        if occ & b == b:
            return False
    return True


Entry = tuple[int, int, int, int]
"""A pattern in the hot path: (mask, rank if one colour, top level, pattern id)."""


def _submasks(mask: int) -> list[int]:
    subs = [mask]
    s = mask
    while s:
        s = (s - 1) & mask
        subs.append(s)
    return subs


def _complete_table(c: int) -> tuple[int, dict[int, tuple[Entry, ...]]]:
    """The other cells of the patterns a last ball on ``c`` can complete, and
    for every way of filling them, the patterns then complete."""
    scan = _SCAN_LAST[c]
    others = _or(m for m, _, _, _ in scan) & ~(1 << c)
    shared: dict[tuple[Entry, ...], tuple[Entry, ...]] = {}
    table = {}
    for sub in _submasks(others):
        occ = sub | 1 << c
        done = tuple(e for e in scan if occ & e[0] == e[0])
        table[sub] = shared.setdefault(done, done)
    return others, table


_COMPLETE_TABLES = tuple(_complete_table(c) for c in range(30))
_NEIGHBOURS: tuple[int, ...] = tuple(t[0] for t in _COMPLETE_TABLES)
_COMPLETE: tuple[dict[int, tuple[Entry, ...]], ...] = tuple(t[1] for t in _COMPLETE_TABLES)
"""``_COMPLETE[c][occ & _NEIGHBOURS[c]]``: the patterns complete around a last
ball on ``c`` (nothing resting on it), in scan order."""


_NONE = (0, 0, -1)


def best_of(
    entries: tuple[Entry, ...],
    masks: tuple[int, int, int] | list[int],
    occ: int,
    colour: int,
    check_visibility: bool,
) -> tuple[int, int, int]:
    """(rank, top level, pattern id) of the best counting group among the
    complete patterns ``entries`` (scan order) through a ball of ``colour``."""
    best_rank = 0
    best_level = 0
    best_pid = -1
    own = masks[colour]
    for m, flush, level, pid in entries:
        if own & m == m:
            rank = flush
        elif flush == 2:  # a line of three: three kinds needs every colour
            if not (masks[0] & m and masks[1] & m and masks[2] & m):
                continue
            rank = 1
        elif flush == 5:  # a pyramid: full house? (_full_house, inlined)
            other = _FULL_HOUSE_OTHER[pid].get(own & m)
            if other is None or not (
                masks[0] & other == other or masks[1] & other == other or masks[2] & other == other
            ):
                continue
            rank = 3
        else:
            continue
        if rank < best_rank or (rank == best_rank and level <= best_level):
            continue
        if check_visibility:
            if occ & _COVER_OF[pid]:
                continue
            cut = False
            for b in _BRIDGES_OF[pid]:
                if occ & b == b:
                    cut = True
                    break
            if cut:
                continue
        best_rank = rank
        best_level = level
        best_pid = pid
    return best_rank, best_level, best_pid


def best_code(
    masks: tuple[int, int, int] | list[int], occ: int, cell: int, colour: int, check_visibility: bool
) -> tuple[int, int, int]:
    """(rank, top level, pattern id) of the best counting group through the
    ball just placed on ``cell``; (0, 0, -1) when it forms none.

    ``masks`` and ``occ`` already include the new ball. Among groups of equal
    rank and top level, the first in :data:`THROUGH` order (smallest cells).
    A low-level call of the engine: arguments that name no cell or colour
    raise :class:`SpokerError` (the ``try`` costs nothing when they are fine).
    """
    try:
        if occ & _RESTING_MASK[cell]:
            entries = tuple(e for e in _SCAN[cell] if occ & e[0] == e[0])
        else:
            entries = _COMPLETE[cell][occ & _NEIGHBOURS[cell]]
        if not entries:
            return _NONE
        return best_of(entries, masks, occ, colour, check_visibility)
    except (IndexError, KeyError, AttributeError):
        raise SpokerError(
            f"best_code: masks {shown(masks)}, occupied {shown(occ)}, cell {shown(cell)}, "
            f"colour {shown(colour)}: not a position and a ball on it"
        ) from None


_RANKS_OF_KIND = {3: (1, 2), 4: (4,), 5: (3, 5)}

_GROUPS: dict[tuple[int, int, bool], Group] = {
    (p.pid, rank, visible): Group(Rank(rank), tuple(sorted(p.cells)), p.top_level, visible)
    for p in PATTERNS
    for rank in _RANKS_OF_KIND[p.kind]
    for visible in (True, False)
}


def group_of(pid: int, rank: int, visible: bool = True) -> Group:
    """The (shared, immutable) :class:`Group` for a pattern and rank;
    ``visible`` is the pattern's geometric visibility on the board at hand."""
    key = (pid, rank, visible)
    g = _GROUPS.get(key)
    if g is None:
        if not (_is_index(pid, len(PATTERNS)) and _is_index(rank, 6) and rank):
            raise SpokerError(f"no group has pattern {shown(pid)} and rank {shown(rank)}")
        p = PATTERNS[pid]
        g = _GROUPS[key] = Group(Rank(rank), tuple(sorted(p.cells)), p.top_level, visible)
    return g


def _is_index(value: object, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _placed(board: Board, cell: Cell) -> Colour:
    expect(board, Board, "board")
    colour = board[cell]
    if colour is None:
        raise SpokerError(f"no ball on {cell}: place the ball before asking for its groups")
    return colour


def groups_at(board: Board, cell: object) -> list[Group]:
    """Every winning group containing the ball on ``cell``, visible or not.

    ``board`` already holds that ball, taken as the last one placed. Sorted
    best first (rank, then top level), then by cells.
    """
    c = as_cell(cell)
    colour = _placed(board, c)
    masks, occ = board.masks, board.occupied
    out = []
    for p in THROUGH[c]:
        if occ & p.mask != p.mask:
            continue
        rank = _rank_of(p, masks, colour)
        if rank:
            out.append(group_of(p.pid, rank, _visible(p, occ)))
    out.sort(key=lambda g: (-g.rank, -g.top_level, g.cells))
    return out


def groups_containing(board: Board, cell: object) -> list[Group]:
    """Every complete winning group on ``board`` holding the ball on ``cell``,
    visible or not, whatever ball came last (a pyramid through any of its five
    balls, ranked by its top). Sorted like :func:`groups_at`."""
    c = as_cell(cell)
    colour = _placed(board, c)
    masks, occ = board.masks, board.occupied
    out = []
    for p in PATTERNS:
        if not p.mask >> c & 1 or occ & p.mask != p.mask:
            continue
        newest = board[p.cells[-1]] if p.kind == 5 else colour
        rank = _rank_of(p, masks, int(newest))  # type: ignore[arg-type]
        if rank:
            out.append(group_of(p.pid, rank, _visible(p, occ)))
    out.sort(key=lambda g: (-g.rank, -g.top_level, g.cells))
    return out


def best_group(board: Board, cell: object, rules: RuleSet = DEFAULT_RULES) -> Group | None:
    """The best counting group through the ball on ``cell`` (geometry only:
    the apex ruling, which is about turns, is not applied here)."""
    expect(board, Board, "board")
    c = as_cell(cell)
    expect(rules, RuleSet, "rules")
    occ = board.occupied
    rank, _, pid = best_code(board.masks, occ, c, _placed(board, c), rules.check_visibility)
    return group_of(pid, rank, _visible(PATTERNS[pid], occ)) if rank else None


def compare(challenge: Group, response: Group | None) -> int:
    """+1 if the challenge wins, -1 if the response wins, 0 for a tie."""
    expect(challenge, Group, "challenge")
    if response is not None:
        expect(response, Group, "response")
    if response is None:
        return 1
    a, b = challenge.strength, response.strength
    return (a > b) - (a < b)


def group_visibility(board: Board, group: Group) -> Visibility:
    """Why a group is or is not visible on ``board``."""
    expect(board, Board, "board")
    expect(group, Group, "group")
    return visibility(board, group.cells)


def explain(board: Board, group: Group, rules: RuleSet = DEFAULT_RULES) -> list[str]:
    """Plain sentences: what the group is and why it does or does not count."""
    expect(board, Board, "board")
    expect(group, Group, "group")
    expect(rules, RuleSet, "rules")
    colours = "".join(str(board[c]) for c in group.cells)
    lines = [f"{group.describe()}: {' '.join(str(c) for c in group.cells)} ({colours})"]
    vis = group_visibility(board, group)
    if vis.visible:
        lines.append("It is visible: no ball of it is covered and no contact is cut.")
    elif not rules.check_visibility:
        lines.append(
            "It counts under the 'touching' rules although "
            + "; ".join(vis.reasons()) + "."
        )
    else:
        lines.append("It does not count: " + "; ".join(vis.reasons()) + ".")
    return lines


__all__ = [
    "COVER", "PATTERNS", "Group", "Rank", "best_code", "best_group", "compare",
    "explain", "group_of", "groups_at", "groups_containing",
]
