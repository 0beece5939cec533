"""A picture drawn into a single-sampled texture and then copied, opaque,
into the window.

The app's window is multisampled (4 samples: smooth edges on boxes and on
the board); under Mesa llvmpipe that makes every pixel drawn cost about three
times as much. While the pyramid moves (a turn, a drop, the levels lifting)
it is drawn this way: its sprites are antialiased by their textures anyway,
and the board's edges for the few frames of a motion only. Still frames are
drawn straight into the window (and then copied by the frame cache).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import arcade
from arcade import gl

_VS = """
#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""

_FS = """
#version 330
uniform sampler2D picture;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = texture(picture, v_uv);
}
"""


class RenderTarget:
    """Draws into a texture covering a rectangle of the window (window
    pixels), cleared to an opaque colour, then copies it into the window."""

    def __init__(self, ctx: arcade.ArcadeContext) -> None:
        self.ctx = ctx
        self._rect = (0, 0, 0, 0)
        self._fbo: Any = None
        self._texture: Any = None
        self._program = ctx.program(vertex_shader=_VS, fragment_shader=_FS)
        self._buffer = ctx.buffer(reserve=6 * 4 * 4)
        self._geometry = ctx.geometry(
            [gl.BufferDescription(self._buffer, "2f 2f", ["in_vert", "in_uv"])], mode=gl.TRIANGLES
        )

    def draw(self, rect: tuple[int, int, int, int], background: Sequence[int], paint: Callable[[], None]) -> None:
        """``paint`` (drawing in window coordinates) inside ``rect`` ``(x, y,
        width, height)`` over ``background``, copied into the current framebuffer."""
        from pyglet.math import Mat4

        x0, y0, w, h = rect
        if w <= 0 or h <= 0:
            return
        ctx = self.ctx
        if self._fbo is None or (w, h) != self._rect[2:]:
            self.release()
            self._texture = ctx.texture((w, h), components=4)
            self._texture.filter = (gl.NEAREST, gl.NEAREST)
            self._fbo = ctx.framebuffer(color_attachments=[self._texture])
        if rect != self._rect:
            self._rect = rect
            corners = ((x0, y0, 0, 0), (x0 + w, y0, 1, 0), (x0 + w, y0 + h, 1, 1), (x0, y0 + h, 0, 1))
            quad = [v for k in (0, 1, 2, 0, 2, 3) for v in corners[k]]
            self._buffer.write(array("f", quad).tobytes())
        projection, view = ctx.projection_matrix, ctx.view_matrix
        try:
            with self._fbo.activate():
                ctx.projection_matrix = Mat4.orthogonal_projection(x0, x0 + w, y0, y0 + h, -100, 100)
                ctx.view_matrix = Mat4()
                colour = (int(background[0]), int(background[1]), int(background[2]), 255)
                self._fbo.clear(color=colour)
                paint()
        finally:
            ctx.projection_matrix, ctx.view_matrix = projection, view
        self._texture.use(0)
        self._program["picture"] = 0
        ctx.disable(ctx.BLEND)  # opaque: the picture holds its background
        try:
            self._geometry.render(self._program, vertices=6)
        finally:
            ctx.enable(ctx.BLEND)

    def release(self) -> None:
        if self._fbo is not None:
            self._fbo.delete()
            self._texture.delete()
        self._fbo = None
        self._texture = None
        self._rect = (0, 0, 0, 0)
