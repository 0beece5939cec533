"""Covered balls and cut contacts: what a player can see of a group.

A ball is *covered* when the cell two levels straight above it holds a ball
(only 1C3, 1E3, 1C5, 1E5 and 2D4 can be). An in-level contact between two
touching balls is *cut* when both cells of the level above that rest on the
pair hold balls. A set of cells is visible when none of its balls is covered
and, for a line, none of its in-level contacts is cut. Pyramids are never cut.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from shibumi.board import Board
from shibumi.cells import Cell, as_cell, cells_of
from shibumi.errors import ShibumiError, expect_mask
from shibumi.geometry import BRIDGES, COVER, COVER_MASK, LINES, in_level_contacts

_LINE_BY_SET = {frozenset(line): line for line in LINES}


def covered_mask(occ: int) -> int:
    """Mask of the occupied cells covered by a ball two levels up."""
    expect_mask(occ, "occupied mask")
    result = 0
    for cell in cells_of(occ):
        m = COVER_MASK[cell]
        if m and occ & m:
            result |= 1 << cell
    return result


def is_covered(board: Board, cell: object) -> bool:
    """Whether the ball on ``cell`` is covered (False for an empty cell)."""
    c = as_cell(cell)
    cover = COVER[c]
    return c in board and cover is not None and cover in board


def is_cut(board: Board, a: object, b: object) -> bool:
    """Whether the in-level contact between cells ``a`` and ``b`` is cut."""
    ca, cb = sorted((as_cell(a), as_cell(b)))
    above = BRIDGES.get((ca, cb))
    if above is None:
        raise ShibumiError(f"{ca} and {cb} are not an in-level contact")
    return len(above) == 2 and ca in board and cb in board and all(c in board for c in above)


def cut_contacts(board: Board) -> list[tuple[Cell, Cell]]:
    """Every in-level contact between two balls that is cut on this board."""
    return [(a, b) for (a, b) in BRIDGES if is_cut(board, a, b)]


class Visibility(NamedTuple):
    """Why a set of cells is or is not visible."""

    covered: tuple[tuple[Cell, Cell], ...]
    """(covered cell, the cell covering it)."""
    cut: tuple[tuple[Cell, Cell, tuple[Cell, ...]], ...]
    """(a, b, the two cells whose balls cut the contact a-b)."""

    @property
    def visible(self) -> bool:
        return not self.covered and not self.cut

    def reasons(self) -> list[str]:
        """Plain-English reasons, empty when visible."""
        out = [f"{c} is covered by the ball on {by}" for c, by in self.covered]
        out += [
            f"the contact {a}-{b} is cut by the balls on {above[0]} and {above[1]}"
            for a, b, above in self.cut
        ]
        return out


def visibility(board: Board, cells: Iterable[object]) -> Visibility:
    """Covered balls among ``cells`` and, if they form a line, its cut contacts."""
    group = tuple(as_cell(c) for c in cells)
    covered = tuple(
        (c, cover) for c in group if (cover := COVER[c]) is not None and cover in board
    )
    cut: list[tuple[Cell, Cell, tuple[Cell, ...]]] = []
    line = _LINE_BY_SET.get(frozenset(group))
    if line is not None:
        for a, b in in_level_contacts(line):
            above = BRIDGES[(a, b)]
            if len(above) == 2 and all(c in board for c in above):
                cut.append((a, b, above))
    return Visibility(covered, tuple(cut))


def is_visible(board: Board, cells: Iterable[object]) -> bool:
    return visibility(board, cells).visible
