"""Complete lines and pyramids through a cell, with their colours.

Game-agnostic: this module says which shapes a ball is part of and what
colours they hold; a game (``spoker``) decides what those shapes are worth.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from shibumi.board import Board, Colour
from shibumi.cells import Cell, as_cell
from shibumi.errors import expect
from shibumi.geometry import LINES3_THROUGH, LINES4_THROUGH, PYRAMIDS_THROUGH


class Shape(enum.Enum):
    LINE3 = "line3"
    LINE4 = "line4"
    PYRAMID = "pyramid"


class FilledShape(NamedTuple):
    """A complete shape on a board, filled: its cells (in geometric order)
    and the colours they hold on that board.

    For a pyramid the cells are the platform (front-left, front-right,
    back-left, back-right) then the top.
    """

    shape: Shape
    cells: tuple[Cell, ...]
    colours: tuple[Colour, ...]

    @property
    def top_level(self) -> int:
        return max(c.level for c in self.cells)


def filled_shapes_through(board: Board, cell: object) -> list[FilledShape]:
    """Every complete line of 3, line of 4 and pyramid containing ``cell``."""
    expect(board, Board, "board")
    c = as_cell(cell)
    occ = board.occupied
    out = []
    for shape, table in (
        (Shape.LINE3, LINES3_THROUGH),
        (Shape.LINE4, LINES4_THROUGH),
        (Shape.PYRAMID, PYRAMIDS_THROUGH),
    ):
        for cells in table[c]:
            if all(occ >> x & 1 for x in cells):
                out.append(FilledShape(shape, cells, tuple(board[x] for x in cells)))  # type: ignore[misc]
    return out
