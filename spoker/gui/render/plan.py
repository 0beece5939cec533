"""The plan's grids: each level a wooden square with a hole a cell, its title
and its columns' letters and rows' digits (:mod:`spoker.gui.models.plan_layout`
places them). The balls and every mark on them are the scene's own sprites,
placed on the plan's squares (:class:`spoker.gui.render.scene.BoardScene`,
``set_flat``): the plan shows the same marks as the pyramid.

Built again only when the layout changes: one shape list and one text batch,
two draw calls.
"""

from __future__ import annotations

import arcade
import pyglet
from arcade.shape_list import (
    ShapeElementList,
    create_ellipse_filled,
    create_rectangle_filled,
    create_rectangle_outline,
)

from shibumi import LEVEL_CELLS
from spoker.gui.models.plan_layout import MARGIN, PlanLayout
from spoker.gui.render.palette import HOLE_RGB, LABEL_RGBA, WOOD_DARK, WOOD_LIGHT

HOLE = 0.62  # a hole's diameter, in squares (a ball, 0.84, covers it)
PAD = 0.12  # the wood around a grid's squares, in squares
EDGE = (92, 58, 30, 255)  # the wood's darker rim
TITLE_RGBA = (236, 240, 246, 255)


def _wood(level: int) -> tuple[int, int, int, int]:
    """A level's wood: the higher, the lighter (as the pyramid's platforms catch the light)."""
    t = (level - 1) / 3
    r, g, b = (round(d + (w - d) * t) for d, w in zip(WOOD_DARK, WOOD_LIGHT))
    return (r, g, b, 255)


class PlanArt:
    """What the plan draws under the balls, for one layout at a time."""

    def __init__(self) -> None:
        self._layout: PlanLayout | None = None
        self._shapes: ShapeElementList[arcade.shape_list.Shape] = ShapeElementList()
        self._batch = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []

    def build(self, layout: PlanLayout) -> None:
        """Make the grids and captions of ``layout`` (nothing if it is the one shown)."""
        if layout == self._layout:
            return
        self._layout = layout
        u = layout.unit
        shapes: ShapeElementList[arcade.shape_list.Shape] = ShapeElementList()
        for g in layout.grids:
            side = g.side * u
            pad = PAD * u
            cx, cy = g.left + side / 2, g.bottom + side / 2
            shapes.append(create_rectangle_filled(cx, cy, side + 2 * pad, side + 2 * pad, _wood(g.level)))
            shapes.append(create_rectangle_outline(cx, cy, side + 2 * pad, side + 2 * pad, EDGE, max(1.0, 0.04 * u)))
            for cell in LEVEL_CELLS[g.level]:
                x, y = layout.centre(cell)
                shapes.append(create_ellipse_filled(x, y, HOLE * u / 2, HOLE * u / 2, (*HOLE_RGB, 255),
                                                    num_segments=24))
        self._shapes = shapes
        self._batch = pyglet.graphics.Batch()
        small = min(max(7.0, 0.62 * MARGIN * u), 16.0)
        title = min(max(8.0, 0.3 * u), 18.0)
        self._texts = [
            arcade.Text(c.text, c.x, c.y, TITLE_RGBA if c.kind == "title" else LABEL_RGBA,
                        title if c.kind == "title" else small, anchor_x="center", anchor_y="center",
                        bold=True, batch=self._batch)
            for c in layout.captions()
        ]

    def draw(self) -> None:
        """The grids, then their captions."""
        self._shapes.draw()
        self._batch.draw()


__all__ = ["PlanArt"]
