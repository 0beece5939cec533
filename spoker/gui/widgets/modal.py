"""A dialog's box over a dimmed screen (the save and confirm dialogs)."""

from __future__ import annotations

import arcade

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.theme import THEME


def draw_modal_box(rect: tuple[float, float, float, float]) -> None:
    """A dialog's box over a dimmed screen (the save and confirm dialogs)."""
    width, height = arcade.get_window().get_size()
    arcade.draw_lrbt_rectangle_filled(0, max(width, 4000), 0, max(height, 4000), (0, 0, 0, 140))
    left, bottom, w, h = rect
    draw_box(left, bottom, w, h, (30, 35, 46, 250), THEME.accent, radius=12, border_width=2)
