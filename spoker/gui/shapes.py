"""Shapes of the screens: rounded boxes (cached triangles, one draw call
each) and the shaded ball icons of the panels and the help screen."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import arcade

from shibumi import Colour
from spoker.gui.palette import BALL_RGB


def rounded_points(left: float, bottom: float, width: float, height: float, radius: float) -> list[tuple[float, float]]:
    """Outline of a rounded rectangle, counter-clockwise."""
    r = max(0.0, min(radius, width / 2, height / 2))
    corners = (
        (left + width - r, bottom + r, -90),
        (left + width - r, bottom + height - r, 0),
        (left + r, bottom + height - r, 90),
        (left + r, bottom + r, 180),
    )
    pts: list[tuple[float, float]] = []
    for cx, cy, start in corners:
        for step in range(5):
            a = math.radians(start + step * 22.5)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


_FANS: dict[tuple[object, ...], list[tuple[float, float]]] = {}


def _cached(key: tuple[object, ...], make: Callable[[], list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Triangles of a shape, made once: screens redraw the same boxes every frame."""
    tris = _FANS.get(key)
    if tris is None:
        if len(_FANS) > 4000:
            _FANS.clear()
        tris = _FANS[key] = make()
    return tris


def _fan(left: float, bottom: float, width: float, height: float, radius: float) -> list[tuple[float, float]]:
    outline = rounded_points(left, bottom, width, height, radius)
    cx, cy = left + width / 2, bottom + height / 2
    tris: list[tuple[float, float]] = []
    for i, p in enumerate(outline):
        tris.extend(((cx, cy), p, outline[(i + 1) % len(outline)]))
    return tris


def _ring(left: float, bottom: float, width: float, height: float, radius: float, bw: float) -> list[tuple[float, float]]:
    """The border as triangles between the outline and the same outline moved in."""
    outer = rounded_points(left, bottom, width, height, radius)
    inner = rounded_points(left + bw, bottom + bw, width - 2 * bw, height - 2 * bw, max(0.0, radius - bw))
    tris: list[tuple[float, float]] = []
    n = len(outer)
    for i in range(n):
        j = (i + 1) % n
        tris.extend((outer[i], outer[j], inner[j], outer[i], inner[j], inner[i]))
    return tris


def _fill_triangles(points: list[tuple[float, float]], colour: Sequence[int]) -> None:
    # arcade's draw_polygon_filled ear-clips and draw_polygon_outline thickens
    # every segment in Python each frame; cached triangles cost one draw call.
    try:
        from arcade.draw.helpers import _generic_draw_line_strip
        from pyglet import gl
    except ImportError:  # pragma: no cover - a later arcade moved it
        for i in range(0, len(points), 3):
            arcade.draw_triangle_filled(*points[i], *points[i + 1], *points[i + 2], tuple(colour))  # type: ignore[arg-type]
        return
    _generic_draw_line_strip(points, tuple(colour), gl.GL_TRIANGLES)  # type: ignore[arg-type]


def draw_box(
    left: float, bottom: float, width: float, height: float,
    fill: Sequence[int] | None, border: Sequence[int] | None = None, radius: float = 8, border_width: float = 1.5,
) -> None:
    """A rounded rectangle, filled, with an optional border (drawn inside it)."""
    if width <= 0 or height <= 0:
        return
    if fill is not None:
        _fill_triangles(_cached(("f", left, bottom, width, height, radius),
                                lambda: _fan(left, bottom, width, height, radius)), fill)
    if border is not None and width > 2 * border_width and height > 2 * border_width:
        bw = round(border_width * 2) / 2  # pulsing borders reuse a few ring sizes
        _fill_triangles(_cached(("r", left, bottom, width, height, radius, bw),
                                lambda: _ring(left, bottom, width, height, radius, bw)), border)


def draw_ball(x: float, y: float, r: float, colour: Colour, alpha: int = 255, mark: bool = False) -> None:
    """A shaded ball icon (panel, help): base, shade and a specular spot."""
    base = BALL_RGB[colour]
    arcade.draw_circle_filled(x + r * 0.08, y - r * 0.12, r * 1.02, (0, 0, 0, alpha // 3))
    arcade.draw_circle_filled(x, y, r, (*base, alpha))
    lighter = tuple(min(255, c + 40) for c in base)
    arcade.draw_circle_filled(x - r * 0.18, y + r * 0.18, r * 0.62, (*lighter, alpha // 2))  # type: ignore[arg-type]
    arcade.draw_circle_filled(x - r * 0.35, y + r * 0.38, r * 0.22, (255, 255, 255, alpha * 3 // 4))
    edge = (90, 90, 96, alpha) if colour == Colour.WHITE else (0, 0, 0, alpha // 2)
    arcade.draw_circle_outline(x, y, r, edge, max(1.0, r * 0.06))
    # The same marks as the balls on the pyramid (textures._paint_mark).
    if mark and colour == Colour.RED:
        arcade.draw_circle_outline(x, y, r * 0.3, (255, 226, 214, alpha), max(1.0, r * 0.12))
    elif mark and colour == Colour.BLACK:
        a, b, w = r * 0.12, r * 0.4, max(1.0, r * 0.1)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            arcade.draw_line(x + dx * a, y + dy * a, x + dx * b, y + dy * b, (205, 205, 215, alpha), w)
