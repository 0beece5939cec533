"""Shapes of the screens: rounded boxes (cached triangles, one draw call
each), the shaded ball icons of the panels, the help and title screens,
discs, rings and the bag (textures painted once, supersampled, one textured
quad each). The window is single-sampled: every edge drawn here is smooth
by itself (an alpha fringe, or a texture's own alpha)."""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from functools import lru_cache

import arcade

from shibumi import Colour
from spoker.gui.render.palette import BALL_RGB


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


FRINGE = 0.5  # half the width of the alpha ramp along an edge (window units)

# Triangles of a shape as (vertices, colours) ready for the GPU.
Packed = tuple[array, array, int]
_SHAPES: dict[tuple[object, ...], Packed] = {}


def _cached(key: tuple[object, ...], make: Callable[[], Packed]) -> Packed:
    """Triangles of a shape, made once: screens redraw the same boxes every frame."""
    packed = _SHAPES.get(key)
    if packed is None:
        if len(_SHAPES) > 4000:
            _SHAPES.clear()
        packed = _SHAPES[key] = make()
    return packed


def _offset(points: Sequence[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """A closed counter-clockwise outline moved outwards by ``d`` (inwards if
    negative), each corner along the bisector of its two edges."""
    n = len(points)
    out = []
    for i, (x, y) in enumerate(points):
        # The nearest distinct neighbours (a corner of radius 0 repeats its point).
        px, py = next((points[(i - k) % n] for k in range(1, n) if points[(i - k) % n] != (x, y)), (x, y))
        qx, qy = next((points[(i + k) % n] for k in range(1, n) if points[(i + k) % n] != (x, y)), (x, y))
        # Outward normals of the edges before and after this corner.
        ax, ay = y - py, -(x - px)
        bx, by = qy - y, -(qx - x)
        la, lb = math.hypot(ax, ay) or 1.0, math.hypot(bx, by) or 1.0
        nx, ny = ax / la + bx / lb, ay / la + by / lb
        ln = math.hypot(nx, ny)
        if ln < 1e-9:
            out.append((x, y))
            continue
        nx, ny = nx / ln, ny / ln
        cos_half = max(nx * ax / la + ny * ay / la, 0.35)  # keep sharp corners from spiking
        out.append((x + nx * d / cos_half, y + ny * d / cos_half))
    return out


def _strip(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]], ca: int, cb: int,
           verts: list[float], alphas: list[int]) -> None:
    """Triangles between two closed outlines of equal length, alpha ``ca`` on ``a`` and ``cb`` on ``b``."""
    n = len(a)
    for i in range(n):
        j = (i + 1) % n
        for p, alpha in ((a[i], ca), (a[j], ca), (b[j], cb), (a[i], ca), (b[j], cb), (b[i], cb)):
            verts.extend(p)
            alphas.append(alpha)


def _pack(verts: list[float], alphas: list[int], colour: Sequence[int]) -> Packed:
    r, g, b = colour[0], colour[1], colour[2]
    a = colour[3] if len(colour) > 3 else 255
    colours = array("B")
    for k in alphas:
        colours.extend((r, g, b, a * k // 255))
    return array("f", verts), colours, len(alphas)


def _fan(left: float, bottom: float, width: float, height: float, radius: float, colour: Sequence[int]) -> Packed:
    """The filled box, its edge an alpha ramp one pixel wide centred on the
    outline (the window is single-sampled: this is its antialiasing)."""
    outline = rounded_points(left, bottom, width, height, radius)
    inner = _offset(outline, -FRINGE)
    outer = _offset(outline, FRINGE)
    cx, cy = left + width / 2, bottom + height / 2
    verts: list[float] = []
    alphas: list[int] = []
    n = len(inner)
    for i in range(n):
        for p in ((cx, cy), inner[i], inner[(i + 1) % n]):
            verts.extend(p)
            alphas.append(255)
    _strip(inner, outer, 255, 0, verts, alphas)
    return _pack(verts, alphas, colour)


def _ring(left: float, bottom: float, width: float, height: float, radius: float, bw: float,
          colour: Sequence[int]) -> Packed:
    """The border between the outline and the same outline moved in by
    ``bw``, both of its edges alpha ramps (a border under a pixel wide fades)."""
    outer = rounded_points(left, bottom, width, height, radius)
    inner = rounded_points(left + bw, bottom + bw, width - 2 * bw, height - 2 * bw, max(0.0, radius - bw))
    f = min(FRINGE, bw / 2)
    core = int(255 * min(1.0, bw / (2 * FRINGE)))  # a hairline keeps its weight as a fainter line
    verts: list[float] = []
    alphas: list[int] = []
    mid_out, mid_in = _offset(outer, -f), _offset(inner, f)
    _strip(mid_out, mid_in, core, core, verts, alphas)
    _strip(mid_out, _offset(outer, FRINGE), core, 0, verts, alphas)
    _strip(mid_in, _offset(inner, -FRINGE), core, 0, verts, alphas)
    return _pack(verts, alphas, colour)


def _draw_triangles(packed: Packed) -> None:
    """Triangles with a colour per vertex, one draw call through arcade's own
    line-strip geometry and shader (the data is packed once, in ``_cached``)."""
    vertices, colours, count = packed
    if not count:
        return
    ctx = arcade.get_window().ctx
    geometry = ctx.generic_draw_line_strip_geometry
    vertex_buffer = ctx.generic_draw_line_strip_vbo
    colour_buffer = ctx.generic_draw_line_strip_color
    while len(vertices) * 4 > vertex_buffer.size:
        vertex_buffer.orphan(vertex_buffer.size * 2)
        colour_buffer.orphan(colour_buffer.size * 2)
    geometry.num_vertices = count
    vertex_buffer.write(vertices)
    colour_buffer.write(colours)
    ctx.enable(ctx.BLEND)
    geometry.render(ctx.line_vertex_shader, mode=ctx.TRIANGLES)


def draw_box(
    left: float, bottom: float, width: float, height: float,
    fill: Sequence[int] | None, border: Sequence[int] | None = None, radius: float = 8, border_width: float = 1.5,
) -> None:
    """A rounded rectangle, filled, with an optional border (drawn inside it)."""
    if width <= 0 or height <= 0:
        return
    # On whole pixels: straight edges are then crisp, their ramp ends on pixel centres.
    right, top = round(left + width), round(bottom + height)
    left, bottom = round(left), round(bottom)
    width, height = right - left, top - bottom
    if width <= 0 or height <= 0:
        return
    if fill is not None:
        fc = tuple(fill)
        _draw_triangles(_cached(("f", left, bottom, width, height, radius, fc),
                                lambda: _fan(left, bottom, width, height, radius, fc)))
    if border is not None and width > 2 * border_width and height > 2 * border_width:
        bw = float(max(1, math.floor(border_width + 0.5)))  # whole pixels: crisp straight borders
        bc = tuple(border)
        _draw_triangles(_cached(("r", left, bottom, width, height, radius, bw, bc),
                                lambda: _ring(left, bottom, width, height, radius, bw, bc)))


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


_DISC_PX = 64  # texture size of discs and rings (drawn at 3-40 pixel radii)


@lru_cache(maxsize=1)
def disc_texture() -> arcade.Texture:
    """A white disc filling its texture, smooth edged; tinted when drawn."""
    from PIL import Image, ImageDraw

    big = Image.new("RGBA", (_DISC_PX * 4, _DISC_PX * 4), (255, 255, 255, 0))
    ImageDraw.Draw(big).ellipse((0, 0, _DISC_PX * 4 - 1, _DISC_PX * 4 - 1), fill=(255, 255, 255, 255))
    return arcade.Texture(big.resize((_DISC_PX, _DISC_PX), Image.Resampling.LANCZOS), hash="spoker:disc")


@lru_cache(maxsize=16)
def ring_texture(width_per_mil: int) -> arcade.Texture:
    """A white ring reaching the texture's edge, ``width_per_mil`` thousandths
    of its radius wide; tinted when drawn."""
    from PIL import Image, ImageDraw

    big = _DISC_PX * 4
    image = Image.new("RGBA", (big, big), (255, 255, 255, 0))
    width = max(1, round(big / 2 * width_per_mil / 1000))
    ImageDraw.Draw(image).ellipse((0, 0, big - 1, big - 1), outline=(255, 255, 255, 255), width=width)
    return arcade.Texture(image.resize((_DISC_PX, _DISC_PX), Image.Resampling.LANCZOS),
                          hash=f"spoker:ring{width_per_mil}")


def draw_disc(x: float, y: float, r: float, colour: Sequence[int]) -> None:
    """A filled circle of radius ``r`` (one textured quad, smooth edged)."""
    rgba = arcade.types.Color(colour[0], colour[1], colour[2], colour[3] if len(colour) > 3 else 255)
    arcade.draw_texture_rect(disc_texture(), arcade.XYWH(x, y, 2 * r, 2 * r), color=rgba)


def draw_ring(x: float, y: float, r: float, colour: Sequence[int], width: float = 1.0) -> None:
    """A circle's outline of ``width`` centred on radius ``r`` (one textured quad)."""
    outer = r + width / 2
    share = min(1000, max(10, round(width / outer * 1000 / 10) * 10))  # a few ring textures
    rgba = arcade.types.Color(colour[0], colour[1], colour[2], colour[3] if len(colour) > 3 else 255)
    arcade.draw_texture_rect(ring_texture(share), arcade.XYWH(x, y, 2 * outer, 2 * outer), color=rgba)


_SACK_UNIT = 4  # texture pixels per unit of the sack's drawing (drawn at 1-2 pixels a unit)
_SACK_BOX = (-26.0, -26.0, 26.0, 33.0)  # left, bottom, right, top of the drawing, units


@lru_cache(maxsize=1)
def sack_texture() -> arcade.Texture:
    """The cloth bag, tied at the neck, painted once supersampled."""
    from PIL import Image, ImageDraw

    k = _SACK_UNIT * 4
    x0, y0, x1, y1 = _SACK_BOX
    image = Image.new("RGBA", (round((x1 - x0) * k), round((y1 - y0) * k)), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)

    def at(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [((px - x0) * k, (y1 - py) * k) for px, py in points]

    cloth, dark, light = (132, 96, 60, 255), (86, 60, 36, 255), (160, 122, 82, 255)
    body = [(-24, -14), (-20, -24), (20, -24), (24, -14), (20, 6), (9, 14), (-9, 14), (-20, 6)]
    pen.polygon(at(body), fill=cloth)
    pen.polygon(at([(-8, 14), (8, 14), (14, 28), (-14, 28)]), fill=cloth)
    pen.polygon(at([(-14, 28), (-4, 24), (4, 24), (14, 28), (6, 31), (-6, 31)]), fill=light)
    pen.rectangle(at([(-10, 18), (10, 13)]), fill=dark)
    pen.ellipse(at([(-15, 5), (-3, -13)]), fill=light)
    pen.line(at(body + body[:1]), fill=dark, width=round(1.5 * k), joint="curve")
    small = image.resize((round((x1 - x0) * _SACK_UNIT), round((y1 - y0) * _SACK_UNIT)), Image.Resampling.LANCZOS)
    return arcade.Texture(small, hash="spoker:sack")


def draw_sack(x: float, y: float, scale: float = 1.0) -> None:
    """The cloth bag centred at ``x, y`` (its drawing's origin), ``scale`` pixels a unit."""
    x0, y0, x1, y1 = _SACK_BOX
    rect = arcade.LRBT(x + x0 * scale, x + x1 * scale, y + y0 * scale, y + y1 * scale)
    arcade.draw_texture_rect(sack_texture(), rect)
