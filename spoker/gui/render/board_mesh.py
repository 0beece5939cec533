"""The wooden board under the pyramid: its top face and the side faces
turned to the viewer (with a lit bevel along the front edges), one textured
triangle mesh rebuilt when the camera moves and drawn in one call; its
outline fades out over a pixel (the window is single-sampled)."""

from __future__ import annotations

import math
from array import array
from functools import cache
from typing import Any

import arcade
from arcade import gl

from spoker.gui.models import projection as pj
from spoker.gui.render import textures

_VERTEX_SHADER = """
#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
in float in_shade;
in float in_alpha;
out vec2 v_uv;
out float v_shade;
out float v_alpha;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
    v_shade = in_shade;
    v_alpha = in_alpha;
}
"""

_FRAGMENT_SHADER = """
#version 330
uniform sampler2D wood;
in vec2 v_uv;
in float v_shade;
in float v_alpha;
out vec4 f_color;
void main() {
    f_color = vec4(texture(wood, v_uv).rgb * v_shade, v_alpha);
}
"""

_MAX_VERTICES = 48 + 6 * 16  # faces, bevels, and the fringes along their edges
_STRIDE = 6  # x, y, u, v, shade, alpha
FRINGE = 1.0  # width of the alpha ramp along the outline, window pixels


@cache  # the context is hashed by identity: one set per OpenGL context
def _wood_and_program(ctx: arcade.ArcadeContext) -> tuple[Any, Any]:
    """The wood texture and the board's shader, made once per OpenGL context."""
    wood = textures.wood_image()
    texture = ctx.texture(wood.size, components=4, data=wood.tobytes())
    texture.wrap_x = gl.REPEAT
    texture.wrap_y = gl.REPEAT
    texture.filter = (gl.LINEAR, gl.LINEAR)
    program = ctx.program(vertex_shader=_VERTEX_SHADER, fragment_shader=_FRAGMENT_SHADER)
    return texture, program


class BoardMesh:
    """The board's triangles in window pixels for one camera."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self.wood, self.program = _wood_and_program(ctx)
        self._buffer = ctx.buffer(reserve=_MAX_VERTICES * _STRIDE * 4)
        self._geometry = ctx.geometry(
            [gl.BufferDescription(self._buffer, "2f 2f 1f 1f", ["in_vert", "in_uv", "in_shade", "in_alpha"])],
            mode=gl.TRIANGLES,
        )
        self.vertices = 0
        self.points: list[pj.Point] = []  # the corners drawn, window pixels

    def build(self, view: pj.View) -> None:
        """The board as ``view`` shows it."""
        lo = pj.CENTRE - pj.BOARD_HALF
        hi = pj.CENTRE + pj.BOARD_HALF
        corners = [(lo, lo), (hi, lo), (hi, hi), (lo, hi)]  # counter-clockwise from above
        uv_scale = 1.0 / (2 * pj.BOARD_HALF)
        data: list[float] = []

        def vertex(gx: float, gy: float, z: float, u: float, w: float, shade: float) -> None:
            sx, sy, _ = view.project(gx, gy, z)
            data.extend((sx, sy, u, w, shade, 1.0))

        depth = -pj.BOARD_THICKNESS
        bevels: list[tuple[float, float, float, float, float, float]] = []
        for i in range(4):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
            # Outward normal of this side, turned by the yaw: facing the viewer
            # when it points to the front (negative screen depth).
            nx, ny = by - ay, -(bx - ax)
            c, s = math.cos(view.yaw), math.sin(view.yaw)
            rx = nx * c - ny * s
            ry = nx * s + ny * c
            if ry >= 0:
                continue
            length = math.hypot(rx, ry)
            shade = 0.52 + 0.2 * (-rx / length)
            u0, u1 = (ax - lo) * uv_scale + (ay - lo) * uv_scale, (bx - lo) * uv_scale + (by - lo) * uv_scale
            for gx, gy, z, u, w in (
                (ax, ay, 0.0, u0, 0.0), (bx, by, 0.0, u1, 0.0), (bx, by, depth, u1, 0.06),
                (ax, ay, 0.0, u0, 0.0), (bx, by, depth, u1, 0.06), (ax, ay, depth, u0, 0.06),
            ):
                vertex(gx, gy, z, u, w, shade)
            bevels.append((ax, ay, bx, by, -nx / math.hypot(nx, ny), -ny / math.hypot(nx, ny)))
        for gx, gy in (corners[0], corners[1], corners[2], corners[0], corners[2], corners[3]):
            vertex(gx, gy, 0.0, (gx - lo) * uv_scale, (gy - lo) * uv_scale, 1.0)
        # A thin lit rounding along the front edges of the top face.
        width = 0.09
        for ax, ay, bx, by, ix, iy in bevels:
            quad = ((ax, ay), (bx, by), (bx + ix * width, by + iy * width), (ax + ix * width, ay + iy * width))
            for k in (0, 1, 2, 0, 2, 3):
                gx, gy = quad[k]
                vertex(gx, gy, 0.0, (gx - lo) * uv_scale, (gy - lo) * uv_scale, 1.28 if k in (0, 1) else 1.12)
        self.points = [(data[i], data[i + 1]) for i in range(0, len(data), _STRIDE)]
        data.extend(_fringes(data, self.points, front=len(bevels)))
        self._buffer.write(array("f", data).tobytes())
        self.vertices = len(data) // _STRIDE

    def draw(self) -> None:
        self.wood.use(0)
        self.program["wood"] = 0
        self._geometry.render(self.program, vertices=self.vertices)


def _hull(points: list[pj.Point]) -> list[pj.Point]:
    """Convex hull, counter-clockwise (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: pj.Point, a: pj.Point, b: pj.Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[pj.Point] = []
    upper: list[pj.Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-9:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-9:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _fringes(data: list[float], points: list[pj.Point], front: int) -> list[float]:
    """The window is single-sampled: a ramp of alpha one pixel wide outside
    each edge of the board's outline (its own wood and shade at the edge,
    fading out), and below the lit front edges of the top face (the bevel's
    colour fading into the darker side), so that no edge shows steps."""
    out: list[float] = []

    def attributes(index: int) -> list[float]:
        return data[index * _STRIDE:(index + 1) * _STRIDE]

    def ramp(i: int, j: int, nx: float, ny: float) -> None:
        a, b = attributes(i), attributes(j)
        a2 = [a[0] + nx * FRINGE, a[1] + ny * FRINGE, *a[2:5], 0.0]
        b2 = [b[0] + nx * FRINGE, b[1] + ny * FRINGE, *b[2:5], 0.0]
        for v in (a, b, b2, a, b2, a2):
            out.extend(v)

    def normal(p: pj.Point, q: pj.Point) -> tuple[float, float]:
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = math.hypot(dx, dy) or 1.0
        return dy / length, -dx / length  # outward for a counter-clockwise outline

    hull = _hull(points)
    triangles = len(points) // 3
    for k, p in enumerate(hull):
        q = hull[(k + 1) % len(hull)]
        for t in range(triangles):
            corners = points[3 * t:3 * t + 3]
            if p in corners and q in corners:
                ramp(3 * t + corners.index(p), 3 * t + corners.index(q), *normal(p, q))
                break
    # The bevels' lit front edges (their first two corners), after the side faces.
    centre = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    for b in range(front):
        first = len(points) - 6 * (front - b)
        p, q = points[first], points[first + 1]
        nx, ny = normal(p, q)
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        if (mid[0] - centre[0]) * nx + (mid[1] - centre[1]) * ny < 0:
            nx, ny = -nx, -ny
        ramp(first, first + 1, nx, ny)
    return out
