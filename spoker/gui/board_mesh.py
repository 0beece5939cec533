"""The wooden board under the pyramid: its top face and the side faces
turned to the viewer (with a lit bevel along the front edges), one textured
triangle mesh rebuilt when the camera moves and drawn in one call."""

from __future__ import annotations

import math
from array import array
from typing import Any

import arcade
from arcade import gl

from spoker.gui import projection as pj
from spoker.gui import textures

_VERTEX_SHADER = """
#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
in float in_shade;
out vec2 v_uv;
out float v_shade;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
    v_shade = in_shade;
}
"""

_FRAGMENT_SHADER = """
#version 330
uniform sampler2D wood;
in vec2 v_uv;
in float v_shade;
out vec4 f_color;
void main() {
    f_color = vec4(texture(wood, v_uv).rgb * v_shade, 1.0);
}
"""

_MAX_VERTICES = 48
_per_context: dict[int, tuple[Any, Any, Any]] = {}


def _wood_and_program(ctx: arcade.ArcadeContext) -> tuple[Any, Any]:
    """The wood texture and the board's shader, made once per OpenGL context."""
    made = _per_context.get(id(ctx))
    if made is None or made[0] is not ctx:
        wood = textures.wood_image()
        texture = ctx.texture(wood.size, components=4, data=wood.tobytes())
        texture.wrap_x = gl.REPEAT
        texture.wrap_y = gl.REPEAT
        texture.filter = (gl.LINEAR, gl.LINEAR)
        program = ctx.program(vertex_shader=_VERTEX_SHADER, fragment_shader=_FRAGMENT_SHADER)
        made = _per_context[id(ctx)] = (ctx, texture, program)
    return made[1], made[2]


class BoardMesh:
    """The board's triangles in window pixels for one camera."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self.wood, self.program = _wood_and_program(ctx)
        self._buffer = ctx.buffer(reserve=_MAX_VERTICES * 5 * 4)
        self._geometry = ctx.geometry(
            [gl.BufferDescription(self._buffer, "2f 2f 1f", ["in_vert", "in_uv", "in_shade"])],
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
            data.extend((sx, sy, u, w, shade))

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
        self._buffer.write(array("f", data).tobytes())
        self.vertices = len(data) // 5
        self.points = [(data[i], data[i + 1]) for i in range(0, len(data), 5)]

    def draw(self) -> None:
        self.wood.use(0)
        self.program["wood"] = 0
        self._geometry.render(self.program, vertices=self.vertices)
