"""A screen's toolbar: its height, and its buttons laid out in a row along the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from spoker.gui.render.theme import ui_scale
from spoker.gui.widgets.buttons import Button

TOOLBAR_H = 54
"""The toolbar's height at scale 1 (every screen with a board has one)."""


def place_toolbar(
    toolbar: Sequence[Button], optional: Sequence[Button], width: float, bar: float,
    gap: float, min_width: float, max_width: float, keep: int = 0, rows: int = 1,
) -> None:
    """Lay ``toolbar`` out in ``rows`` rows (the first on top) along the
    bottom of an area ``width`` wide (``bar`` high). In a narrow window the
    ``optional`` buttons go, in order (their keys still work), while a button
    would be narrower than ``min_width``; at least ``keep`` buttons stay.
    Sizes in window pixels."""
    s = ui_scale()
    shown = list(toolbar)
    left = list(optional)

    def per_row() -> int:
        return -(-len(shown) // rows)

    def each() -> float:
        n = per_row()
        return (width - 12 * s - gap * (n - 1)) / n

    while left and len(shown) > keep and each() < min_width:
        shown.remove(left.pop(0))
    for b in toolbar:
        b.visible = b in shown
    bw = min(max_width, each())
    row_h = (bar - 8 * s) / rows - 4 * s
    for i, b in enumerate(shown):
        row, col = divmod(i, per_row())
        b.place(8.0 * s + col * (bw + gap), 8 * s + (rows - 1 - row) * (row_h + 4 * s), bw, row_h)


def toolbar_rows(buttons: int, width: float, gap: float, min_width: float, most: int = 2) -> int:
    """The fewest rows (up to ``most``) in which ``buttons`` buttons are each
    at least ``min_width`` wide in ``width``."""
    s = ui_scale()
    for rows in range(1, most + 1):
        n = -(-buttons // rows)
        if (width - 12 * s - gap * (n - 1)) / n >= min_width:
            return rows
    return most
