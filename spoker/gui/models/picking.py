"""Which cell the pointer falls on: the balls (and empty playable cells
above the board) as projected discs, front-most first, then the empty holes
on the board as projected ellipses. While a ball is held, a playable cell
under the pointer wins over a ball in front of it. No arcade here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shibumi import Cell
from spoker.gui.models import projection as pj


def pick_cell(
    discs: Sequence[tuple[Cell, float, float]], holes: Iterable[Cell], view: pj.View, x: float, y: float,
    playable: int = 0,
) -> Cell | None:
    """The cell under ``(x, y)``: ``discs`` are ``(cell, x, y)`` back to
    front (the drawing order), each of the view's ball radius; ``holes`` the
    empty level-1 cells, picked by their hole on the board. ``playable`` (a
    mask of cells; set while a ball is held) are looked for first: the mark of
    a playable hole half hidden by a ball in front is still that hole."""
    holes = list(holes)
    if playable:
        cell = _under(
            [d for d in discs if playable >> d[0] & 1], [h for h in holes if playable >> h & 1], view, x, y)
        if cell is not None:
            return cell
    return _under(discs, holes, view, x, y)


def _under(
    discs: Sequence[tuple[Cell, float, float]], holes: Iterable[Cell], view: pj.View, x: float, y: float
) -> Cell | None:
    """The front-most disc under the point, else the hole under it."""
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
