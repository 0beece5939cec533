"""Which cell the pointer falls on: the balls (and empty playable cells
above the board) as projected discs, front-most first, then the empty holes
on the board as projected ellipses. No arcade here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shibumi import Cell
from spoker.gui.models import projection as pj


def pick_cell(
    discs: Sequence[tuple[Cell, float, float]], holes: Iterable[Cell], view: pj.View, x: float, y: float
) -> Cell | None:
    """The cell under ``(x, y)``: ``discs`` are ``(cell, x, y)`` back to
    front (the drawing order), each of the view's ball radius; ``holes`` the
    empty level-1 cells, picked by their hole on the board."""
    r2 = view.radius ** 2
    for cell, cx, cy in reversed(discs):
        if (x - cx) ** 2 + (y - cy) ** 2 <= r2:
            return cell
    a = pj.HOLE_RADIUS * view.scale
    for cell in holes:
        hx, hy, _ = view.project(cell.x, cell.y, 0.0)
        if ((x - hx) / a) ** 2 + ((y - hy) / (a * pj.SIN_E)) ** 2 <= 1.0:
            return cell
    return None
