"""A one-line tip just above a ball of the board (the cell under the pointer),
saying first which level the cell is on: seen in 3-D, a ball of level 2 and
one of level 1 behind it can look alike."""

from __future__ import annotations

from shibumi import Cell
from spoker.gui.models.plan_layout import level_words
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale


def draw_ball_tip(tip: Label, text: str, scene: object, cell: Cell, right: float, height: float) -> None:
    """A one-line tip just above ``cell``'s ball (so it never hides the ghost
    it talks about), kept left of ``right`` and below the window's top;
    ``tip`` is a label anchored on its vertical centre."""
    s = ui_scale()
    text = f"{level_words(cell)}, {text}"
    cx, cy, r = scene.screen_position(cell)  # type: ignore[attr-defined]
    text = tip.fitted(text, right - 8 * s - 16 * s)
    w = tip.set(text).content_width + 16 * s
    h = tip.content_height + 10 * s
    left = max(4.0 * s, min(cx - w / 2, right - w - 4 * s))
    bottom = min(cy + r + 6 * s, height - h - 4 * s)
    draw_box(left, bottom, w, h, (10, 12, 16, 230), THEME.accent, radius=5)
    tip.draw_at(left + 8 * s, bottom + h / 2)
