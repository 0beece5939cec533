"""Winning groups: the five ranks, which groups a ball forms, which count.

The judging itself (the shapes, the group-judging loop, the rulings of each
rule set) lives in :mod:`spoker.engine.judging`; this module gives it readable
objects: :func:`groups_at` and :func:`standing` (whether a group counts, and
why not: the one cascade, which :mod:`spoker.text.narrator` puts in words) serve
analysis, the command line and the front end.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from shibumi import Board, Cell, Colour, as_cell
from shibumi.errors import expect, shown
from shibumi.geometry import COVER
from shibumi.visibility import visibility
from spoker.engine.judging import (
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
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.errors import SpokerError


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
        """What challenges compare under the rules as written: rank, then the
        highest level (:func:`strength` under a rule set's ``order=``)."""
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
    set, ``rules.judge.best_code`` (:class:`spoker.engine.judging.Judge`). Arguments
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


def strength(group: Group, rules: RuleSet = DEFAULT_RULES) -> tuple[int, int]:
    """What challenges compare under ``rules``: where the group's rank stands
    in their ``order=`` (0 for a shape that is ``off``), then its top level."""
    expect(group, Group, "group")
    expect(rules, RuleSet, "rules")
    return (rules.judge.strength[group.rank], group.top_level)


def groups_at(board: Board, cell: object, rules: RuleSet = DEFAULT_RULES) -> list[Group]:
    """Every winning group containing the ball on ``cell``, visible or not.

    ``board`` already holds that ball, taken as the last one placed. Sorted
    best first by ``rules``' ranking (:func:`strength`), then by cells.
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
    return _best_first(out, rules)


def _best_first(groups: list[Group], rules: RuleSet) -> list[Group]:
    """``groups`` sorted best first under ``rules``, then by cells."""
    expect(rules, RuleSet, "rules")
    power = rules.judge.strength
    groups.sort(key=lambda g: (-power[g.rank], -g.top_level, g.cells))
    return groups


def groups_containing(board: Board, cell: object, rules: RuleSet = DEFAULT_RULES) -> list[Group]:
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
    return _best_first(out, rules)


def best_group(board: Board, cell: object, rules: RuleSet = DEFAULT_RULES) -> Group | None:
    """The best counting group through the ball on ``cell`` (geometry only:
    the apex ruling, which is about turns, is not applied here)."""
    expect(board, Board, "board")
    c = as_cell(cell)
    expect(rules, RuleSet, "rules")
    occ = board.occupied
    rank, _, pid = rules.judge.best_code(board.masks, occ, c, _placed(board, c))
    return group_of(pid, rank, visible(PATTERNS[pid], occ)) if rank else None


def compare(challenge: Group, response: Group | None, rules: RuleSet = DEFAULT_RULES) -> int:
    """+1 if the challenge wins, -1 if the response wins, 0 for a tie, under
    ``rules``' ranking (:func:`strength`)."""
    expect(challenge, Group, "challenge")
    if response is not None:
        expect(response, Group, "response")
    expect(rules, RuleSet, "rules")
    if response is None:
        return 1
    a, b = strength(challenge, rules), strength(response, rules)
    return (a > b) - (a < b)


class ReasonKind(enum.StrEnum):
    """What holds a group back, in the order :func:`standing` asks."""

    EXCLUDED = "excluded"
    """A variant's shapes form no group (``Rulings.excluded``)."""
    APEX = "apex"
    """The apex ruling: on a normal turn the apex counts only for a straight flush."""
    COVERED = "covered"
    """A ball of the group is covered (visibility)."""
    CUT = "cut"
    """An in-level contact of the group is cut (visibility)."""


class Reason(NamedTuple):
    """One reason a group does not count (or, under the touching rules, is not visible)."""

    kind: ReasonKind
    cells: tuple[Cell, ...] = ()
    """COVERED: (the covered ball, the ball covering it); CUT: (a, b, and the
    two balls cutting the contact a-b); APEX: (the apex,)."""
    why: str = ""
    """EXCLUDED: the variant's own sentence."""


class Standing(NamedTuple):
    """Whether a group counts under a rule set, and what holds it back
    (:func:`standing`); :mod:`spoker.text.narrator` says it in words."""

    group: Group
    rules: RuleSet
    against: tuple[Reason, ...]
    """Why it does not count (empty: it counts): the first ruling that holds
    it back, in this order: a variant's exclusion, the apex ruling, its
    covered balls and cut contacts (under the visible rules)."""
    hidden: tuple[Reason, ...]
    """Its covered balls and cut contacts whatever the rules decide (what
    the touching rules overlook); empty when it is visible."""

    @property
    def counts(self) -> bool:
        return not self.against

    @property
    def kind(self) -> ReasonKind | None:
        """The ruling that holds it back (covered or cut: visibility); None if it counts."""
        return self.against[0].kind if self.against else None


def standing(
    board: Board, group: Group, rules: RuleSet = DEFAULT_RULES,
    placed: object = None, responding: bool = False,
) -> Standing:
    """Whether ``group`` counts on ``board`` under ``rules``, and why not: the
    one why-not-counted cascade, which the explanations, the laboratory, the
    game screen and ``spoker groups`` all ask.

    ``placed`` is the ball just placed on a turn (a response if
    ``responding``), to which the apex ruling applies; None judges the
    position as it stands, with no turn (the apex ruling, about turns, aside).
    """
    expect(board, Board, "board")
    expect(group, Group, "group")
    expect(rules, RuleSet, "rules")
    if not isinstance(responding, bool):
        raise TypeError(f"responding {shown(responding)}: expected True or False")
    cell = None if placed is None else as_cell(placed)
    judge = rules.judge
    seen = visibility(board, group.cells)
    hidden = tuple(Reason(ReasonKind.COVERED, (c, by)) for c, by in seen.covered) + tuple(
        Reason(ReasonKind.CUT, (a, b, *above)) for a, b, above in seen.cut
    )
    why = judge.why_not_a_group(pattern_of(group.cells, group.rank), int(group.rank))
    against: tuple[Reason, ...]
    if why is not None:
        against = (Reason(ReasonKind.EXCLUDED, why=why),)
    elif cell is not None and not judge.apex_counts(cell, group.rank, responding):
        against = (Reason(ReasonKind.APEX, (cell,)),)
    elif judge.check_visibility:
        against = hidden
    else:
        against = ()
    return Standing(group, rules, against, hidden)


__all__ = [
    "COVER", "PATTERNS", "THROUGH", "Group", "Pattern", "Rank", "Reason", "ReasonKind", "Standing",
    "best_code", "best_group", "best_of", "compare", "group_of", "groups_at", "groups_containing",
    "standing", "strength",
]
