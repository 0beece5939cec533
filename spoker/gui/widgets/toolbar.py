"""A screen's toolbar: its height, and its buttons laid out in a row along the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from spoker.gui.render.theme import ui_scale
from spoker.gui.widgets.buttons import Button

TOOLBAR_H = 54
"""The toolbar's height at scale 1 (every screen with a board has one)."""


def place_toolbar(
    toolbar: Sequence[Button], optional: Sequence[Button], width: float, bar: float,
    gap: float, min_width: float, max_width: float, keep: int = 0,
) -> None:
    """Lay ``toolbar`` out in a row along the bottom of an area ``width`` wide
    (``bar`` high). In a narrow window the ``optional`` buttons go, in order
    (their keys still work), while a button would be narrower than
    ``min_width``; at least ``keep`` buttons stay. Sizes in window pixels."""
    s = ui_scale()
    shown = list(toolbar)
    left = list(optional)

    def each() -> float:
        return (width - 12 * s - gap * (len(shown) - 1)) / len(shown)

    while left and len(shown) > keep and each() < min_width:
        shown.remove(left.pop(0))
    for b in toolbar:
        b.visible = b in shown
    bw = min(max_width, each())
    x = 8.0 * s
    for b in shown:
        b.place(x, 8 * s, bw, bar - 12 * s)
        x += bw + gap
