"""Winning groups: the five ranks, which groups a ball forms, which count.

The judging itself (the shapes, the group-judging loop, the rulings of each
rule set) lives in :mod:`spoker.judging`; this module gives it readable
objects: :func:`groups_at` and :func:`explain` serve analysis, the command
line and the front end.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from shibumi import Board, Cell, Colour, as_cell
from shibumi.errors import expect, shown
from shibumi.geometry import COVER
from shibumi.visibility import Visibility, visibility
from spoker.errors import SpokerError
from spoker.judging import (
    DEFAULT_JUDGE,
    DEFAULT_RULINGS,
    PATTERNS,
    RANKS_OF_KIND,
    THROUGH,
    Pattern,
    best_of,
    judge_for,
    pattern_of,
    rank_of,
    visible,
)
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


class Group(NamedTuple):
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


def best_code(
    masks: tuple[int, int, int] | list[int], occ: int, cell: int, colour: int, check_visibility: bool
) -> tuple[int, int, int]:
    """(rank, top level, pattern id) of the best counting group through the
    ball just placed on ``cell``; (0, 0, -1) when it forms none.

    ``masks`` and ``occ`` already include the new ball. Among groups of equal
    rank and top level, the first in :data:`THROUGH` order (smallest cells).
    The rules of rules.md with or without ``check_visibility``; for any rule
    set, ``rules.judge.best_code`` (:class:`spoker.judging.Judge`). Arguments
    that name no cell or colour raise :class:`SpokerError`.
    """
    judge = DEFAULT_JUDGE if check_visibility else _TOUCHING_JUDGE
    return judge.best_code(masks, occ, cell, colour)


_TOUCHING_JUDGE = judge_for(DEFAULT_RULINGS.but(check_visibility=False))

_GROUPS: dict[tuple[int, int, bool], Group] = {
    (p.pid, rank, visible): Group(Rank(rank), tuple(sorted(p.cells)), p.top_level, visible)
    for p in PATTERNS
    for rank in RANKS_OF_KIND[p.kind]
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
        rank = rank_of(p, masks, colour)
        if rank:
            out.append(group_of(p.pid, rank, visible(p, occ)))
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
        rank = rank_of(p, masks, int(newest))  # type: ignore[arg-type]
        if rank:
            out.append(group_of(p.pid, rank, visible(p, occ)))
    out.sort(key=lambda g: (-g.rank, -g.top_level, g.cells))
    return out


def best_group(board: Board, cell: object, rules: RuleSet = DEFAULT_RULES) -> Group | None:
    """The best counting group through the ball on ``cell`` (geometry only:
    the apex ruling, which is about turns, is not applied here)."""
    expect(board, Board, "board")
    c = as_cell(cell)
    expect(rules, RuleSet, "rules")
    occ = board.occupied
    rank, _, pid = rules.judge.best_code(board.masks, occ, c, _placed(board, c))
    return group_of(pid, rank, visible(PATTERNS[pid], occ)) if rank else None


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
    not_a_group = rules.judge.why_not_a_group(pattern_of(group.cells, group.rank))
    if not_a_group is not None:
        lines.append(f"It does not count under the {rules} rules: {not_a_group}.")
        return lines
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
    "COVER", "PATTERNS", "THROUGH", "Group", "Pattern", "Rank", "best_code", "best_group",
    "best_of", "compare", "explain", "group_of", "groups_at", "groups_containing",
]
