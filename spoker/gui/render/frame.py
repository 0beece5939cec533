"""Cheap frames under software OpenGL: a colour-only clear and the one cache
of the app, a picture of the whole window for screens that stand still.

Under Mesa llvmpipe every pixel touched costs: at 1280x800 the window's
depth buffer alone takes ~2.5 ms to clear (the app never uses it), and a
screen with its side panel, texts and the board costs 20 ms or more to draw.
When nothing on a screen changes but a few pulsing parts (the glow of a
challenge, the bag inviting a draw), :class:`FrameCache` keeps two pictures
of the screen (every pulse at its lowest, and, inside the pulsing rectangles
only, at its highest) and then each frame is one copy of the first picture
around those rectangles plus, inside each, a blend of the two by that
pulse's value (2-5 ms instead of 10-24 ms at 1280x800). A pulse must
therefore change its pixels linearly (a colour or an alpha moving between two
ends), which is the case for the scene's glow and the bag's fill.

While only one part of a screen moves (the pyramid turning, a ball falling),
the screen names that part's rectangle ``live``: the picture is copied
around it and the screen is drawn again inside it only (scissored: the
rasteriser touches no other pixel). A pulse reaching out of it is blended
as on a still frame, the live part drawn over it.

The screen's key is one value that changes whenever its picture would (a
revision counter, or a small tuple of them).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import arcade
from arcade import gl
from pyglet import gl as pgl

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in framebuffer pixels

STILL_FRAMES = 1  # frames with an unchanged key before the pictures are made

_MIX_VS = """
#version 330
in vec2 in_vert;
out vec2 v_uv;
void main() {
    gl_Position = vec4(in_vert * 2.0 - 1.0, 0.0, 1.0);
    v_uv = in_vert;
}
"""

_MIX_FS = """
#version 330
uniform sampler2D low;
uniform sampler2D high;
uniform float pulse;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = mix(texture(low, v_uv), texture(high, v_uv), pulse);
}
"""


# The window is single-sampled: under llvmpipe a 4x multisampled window
# costs ~40% more on every frame that draws the pyramid (every sample is
# cleared, blended and resolved). Edges stay smooth because every sprite's
# texture antialiases its own edge in its alpha and the flat shapes (the
# board's outline, rounded boxes) carry a one-pixel alpha fringe.
WINDOW_SAMPLES = 1


def open_window(width: int, height: int, title: str, **options: Any) -> arcade.Window:
    """An arcade window the way every part of the app opens one (the game,
    screenshots, renders, benchmarks, tests): single-sampled."""
    return arcade.Window(
        width, height, title, antialiasing=WINDOW_SAMPLES > 1, samples=max(WINDOW_SAMPLES, 1), **options
    )


def clear_colour(colour: Sequence[int]) -> None:
    """Clear the colour of the current framebuffer (not its depth, which no
    screen uses: clearing it costs more than the colour under llvmpipe)."""
    r, g, b = colour[0], colour[1], colour[2]
    a = colour[3] if len(colour) > 3 else 255
    pgl.glClearColor(r / 255, g / 255, b / 255, a / 255)
    pgl.glClear(pgl.GL_COLOR_BUFFER_BIT)


class FrameCache:
    """The picture of a still screen, copied instead of drawn.

    Each frame the screen calls :meth:`frame` with a key (anything that
    compares equal while the picture would be the same, or None while
    something moves), its drawing function and its pulsing rectangles with
    their current values. ``draw(level)`` must draw the whole screen, every
    pulse at its current value when ``level`` is None, else at ``level``
    (0: lowest, 1: highest). ``enabled = False`` always draws directly.
    """

    def __init__(self) -> None:
        from spoker.gui.models.pacing import DrawPacer

        window = arcade.get_window()
        self.ctx = window.ctx
        self.pacer = DrawPacer.of(window)  # the draw rate drops while frames are copies
        self.enabled = True
        self._key: Hashable | None = None
        self._still = 0
        self._valid = False
        self._size = (0, 0)
        self._pictures: list[tuple[Any, Any]] = []  # (framebuffer, texture), low and high
        self._program: Any = None
        self._buffer: Any = None
        self._geometry: Any = None
        self.used = False  # the last frame was copied from the pictures
        # While the screen is drawn inside its live rectangle only: that
        # rectangle (framebuffer pixels), so that parts wholly outside it may be skipped.
        self.inside: Rect | None = None

    def invalidate(self) -> None:
        """Draw the next frames directly (something the key misses changed)."""
        self._key = None
        self._still = 0
        self._valid = False

    def frame(
        self,
        key: Hashable | None,
        draw: Callable[[float | None], None],
        pulses: Sequence[tuple[Rect, float]] = (),
        live: Rect | None = None,
    ) -> None:
        """Draw one frame of the screen, from the pictures when it stands
        still but for the ``live`` rectangle (drawn anew in every frame)."""
        self._frame(key, draw, pulses, live)
        self.pacer.frame(self.used and live is None)

    def _frame(
        self,
        key: Hashable | None,
        draw: Callable[[float | None], None],
        pulses: Sequence[tuple[Rect, float]],
        live: Rect | None,
    ) -> None:
        size = self._framebuffer_size()
        pulses = [(_clip((a, b, c, d), size), v) for (a, b, c, d), v in pulses]
        if live is not None:
            live = _clip(live, size)
            # A pulse wholly under the live part is drawn with it; one reaching
            # out of it is blended as on a still frame, the live part drawn over it.
            pulses = [(r, v) for r, v in pulses if not _inside(r, live)]
        rects = [r for r, _ in pulses if r[0] < r[2] and r[1] < r[3]]
        if (
            not self.enabled or key is None or _overlap(rects) or key != self._key or size != self._size
            or tuple(self.ctx.active_framebuffer.size) != size
        ):
            self._key = key
            self._still = 0
            self._valid = False
            self._size = size
            self.used = False
            draw(None)
            return
        self._still += 1
        if self._still < STILL_FRAMES:
            self.used = False
            draw(None)
            return
        shown = [(r, v) for r, v in pulses if r in rects]
        hole = [live] if live is not None and live[0] < live[2] and live[1] < live[3] else []
        if not self._valid:
            # The window holds the low picture now: only the pulses to blend.
            self._render(draw, rects)
            self._show(shown, around=False)
        else:
            self._show(shown, hole=hole)
        if hole:
            self._draw_inside(draw, hole[0])
        self.used = True

    # -- internals -------------------------------------------------------------
    def _framebuffer_size(self) -> tuple[int, int]:
        width, height = arcade.get_window().get_framebuffer_size()
        return int(width), int(height)

    def _render(self, draw: Callable[[float | None], None], rects: Sequence[Rect]) -> None:
        """Draw the pictures in the window itself, each copied at once into
        its texture: a framebuffer blit, exact since the window is
        single-sampled (a multisampled one is read back instead: it resolves
        exactly as it shows its frames, where a blit under llvmpipe takes one
        sample per pixel; the read costs ~15 ms at 1280x800, the blit under
        1 ms). The high picture is only ever used in the pulsing rectangles:
        only they are drawn (scissored) and copied."""
        ctx = self.ctx
        if len(self._pictures) < 2 or self._pictures[0][1].size != self._size:
            self.release()
            for _ in range(2):
                texture = ctx.texture(self._size, components=4)
                texture.filter = (gl.NEAREST, gl.NEAREST)
                self._pictures.append((ctx.framebuffer(color_attachments=[texture]), texture))
        screen = ctx.active_framebuffer
        blit = getattr(screen, "samples", 0) <= 1 and WINDOW_SAMPLES <= 1
        (low_fbo, low), (high_fbo, high) = self._pictures
        for x0, y0, x1, y1 in rects:
            box = (x0, y0, x1 - x0, y1 - y0)
            screen.scissor = box
            try:
                draw(1.0)
            finally:
                screen.scissor = None
            if blit:
                _blit(screen, high_fbo, (x0, y0, x1, y1))
            else:
                high.write(screen.read(viewport=box, components=4), viewport=box)
        draw(0.0)
        if blit:
            _blit(screen, low_fbo, (0, 0, *self._size))
        else:
            low.write(screen.read(components=4))
        if pgl.glGetError() != pgl.GL_NO_ERROR:  # a driver refusing the copy: draw every frame
            self.enabled = False
        self._valid = True

    def _draw_inside(self, draw: Callable[[float | None], None], rect: Rect) -> None:
        """The whole screen drawn again, only inside ``rect`` (scissored)."""
        screen = self.ctx.active_framebuffer
        x0, y0, x1, y1 = rect
        screen.scissor = (x0, y0, x1 - x0, y1 - y0)
        self.inside = rect
        try:
            draw(None)
        finally:
            screen.scissor = None
            self.inside = None

    def _show(self, pulses: Sequence[tuple[Rect, float]], around: bool = True, hole: Sequence[Rect] = ()) -> None:
        ctx = self.ctx
        if around:  # the pulsing rectangles and the hole are drawn below: copy only around them
            for rect in _around([r for r, _ in pulses] + list(hole), self._size):
                _blit(self._pictures[0][0], ctx.active_framebuffer, rect)
        if not pulses:
            return
        if self._program is None:
            self._program = ctx.program(vertex_shader=_MIX_VS, fragment_shader=_MIX_FS)
            self._buffer = ctx.buffer(reserve=6 * 2 * 4)
            self._geometry = ctx.geometry(
                [gl.BufferDescription(self._buffer, "2f", ["in_vert"])], mode=gl.TRIANGLES
            )
        from array import array

        width, height = self._size
        self._pictures[0][1].use(0)
        self._pictures[1][1].use(1)
        program = self._program
        program["low"] = 0
        program["high"] = 1
        ctx.disable(ctx.BLEND)
        try:
            for (x0, y0, x1, y1), value in pulses:
                u0, v0, u1, v1 = x0 / width, y0 / height, x1 / width, y1 / height
                self._buffer.write(array("f", (u0, v0, u1, v0, u1, v1, u0, v0, u1, v1, u0, v1)).tobytes())
                program["pulse"] = min(max(float(value), 0.0), 1.0)
                self._geometry.render(program, vertices=6)
        finally:
            ctx.enable(ctx.BLEND)

    def release(self) -> None:
        """Free the pictures (they are made again when needed)."""
        for fbo, texture in self._pictures:
            fbo.delete()
            texture.delete()
        self._pictures = []
        self._valid = False


def _blit(src: Any, dst: Any, rect: Rect) -> None:
    """Copy the colour of ``rect`` of framebuffer ``src`` to the same place in
    ``dst``, then bind the one arcade thinks is active again (arcade's own
    copy leaves the destination bound, and asks for depth too)."""
    x0, y0, x1, y1 = rect
    pgl.glBindFramebuffer(pgl.GL_READ_FRAMEBUFFER, src.glo)  # type: ignore[attr-defined]
    pgl.glBindFramebuffer(pgl.GL_DRAW_FRAMEBUFFER, dst.glo)  # type: ignore[attr-defined]
    pgl.glBlitFramebuffer(x0, y0, x1, y1, x0, y0, x1, y1, pgl.GL_COLOR_BUFFER_BIT, pgl.GL_NEAREST)
    active = arcade.get_window().ctx.active_framebuffer
    pgl.glBindFramebuffer(pgl.GL_FRAMEBUFFER, active.glo)  # type: ignore[attr-defined]


def pixel_rect(left: float, bottom: float, right: float, top: float, scale: float = 1.0) -> Rect:
    """Whole framebuffer pixels covering a rectangle given in window units."""
    import math

    return (math.floor(left * scale), math.floor(bottom * scale), math.ceil(right * scale), math.ceil(top * scale))


def _around(holes: Sequence[Rect], size: tuple[int, int]) -> list[Rect]:
    """Rectangles covering the framebuffer of ``size`` but the (possibly overlapping)
    ``holes``: horizontal bands cut at the holes' edges."""
    width, height = size
    holes = [(max(0, a), max(0, b), min(width, c), min(height, d)) for a, b, c, d in holes]
    holes = [h for h in holes if h[0] < h[2] and h[1] < h[3]]
    ys = sorted({0, height, *(h[1] for h in holes), *(h[3] for h in holes)})
    out: list[Rect] = []
    for ya, yb in zip(ys, ys[1:]):
        x = 0
        for h in sorted(h for h in holes if h[1] <= ya and h[3] >= yb):
            if h[0] > x:
                out.append((x, ya, h[0], yb))
            x = max(x, h[2])
        if x < width:
            out.append((x, ya, width, yb))
    return out


def _clip(rect: Rect, size: tuple[int, int]) -> Rect:
    a, b, c, d = rect
    return (max(a, 0), max(b, 0), min(c, size[0]), min(d, size[1]))


def _inside(rect: Rect, outer: Rect) -> bool:
    return outer[0] <= rect[0] and outer[1] <= rect[1] and rect[2] <= outer[2] and rect[3] <= outer[3]


def _overlap(rects: Sequence[Rect]) -> bool:
    """True if two pulsing rectangles share pixels (their pulses would mix)."""
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                return True
    return False
