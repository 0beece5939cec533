"""Shapes of the screens: rounded boxes (cached triangles, one draw call
each) and the shaded ball icons of the panels, the help and title screens
(a texture painted once, one textured quad each)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

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


ICON_SPAN = 2.4  # the icon's texture covers this many radii (room for the shadow)
_ICON_PX = 96  # texture size of a ball icon (drawn down to 10-32 pixel radii)


@lru_cache(maxsize=16)
def ball_icon(colour: Colour, mark: bool = False) -> arcade.Texture:
    """The ball icon's picture (base, shade, specular spot, edge and the
    colour-blind mark), painted once supersampled; drawn as one textured quad."""
    from PIL import Image, ImageDraw

    big = _ICON_PX * 4
    r = big / ICON_SPAN
    c = big / 2
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))

    def disc(x: float, y: float, radius: float, fill: tuple[int, ...], width: float = 0) -> None:
        layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        box = (c + x * r - radius * r, c - y * r - radius * r, c + x * r + radius * r, c - y * r + radius * r)
        if width:
            ImageDraw.Draw(layer).ellipse(box, outline=fill, width=max(4, round(width * r)))
        else:
            ImageDraw.Draw(layer).ellipse(box, fill=fill)
        image.alpha_composite(layer)

    base = BALL_RGB[colour]
    disc(0.08, -0.12, 1.02, (0, 0, 0, 85))
    disc(0.0, 0.0, 1.0, (*base, 255))
    disc(-0.18, 0.18, 0.62, (*(min(255, v + 40) for v in base), 127))
    disc(-0.35, 0.38, 0.22, (255, 255, 255, 191))
    disc(0.0, 0.0, 1.0, (90, 90, 96, 255) if colour == Colour.WHITE else (0, 0, 0, 127), 0.06)
    # The same marks as the balls on the pyramid (textures._paint_mark).
    if mark and colour == Colour.RED:
        disc(0.0, 0.0, 0.3 + 0.06, (255, 226, 214, 255), 0.12)
    elif mark and colour == Colour.BLACK:
        layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        pen = ImageDraw.Draw(layer)
        a, b, w = 0.12 * r, 0.4 * r, max(4, round(0.1 * r))
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pen.line((c + dx * a, c - dy * a, c + dx * b, c - dy * b), fill=(205, 205, 215, 255), width=w)
        image.alpha_composite(layer)
    small = image.resize((_ICON_PX, _ICON_PX), Image.Resampling.LANCZOS)
    return arcade.Texture(small, hash=f"spoker:icon{colour.char}{int(mark)}")


def draw_ball(x: float, y: float, r: float, colour: Colour, alpha: int = 255, mark: bool = False) -> None:
    """A shaded ball icon (panel, help, title) of radius ``r``: one textured quad."""
    size = r * ICON_SPAN
    arcade.draw_texture_rect(ball_icon(Colour(colour), mark), arcade.XYWH(x, y, size, size), alpha=alpha)
