"""The pyramid on screen: :class:`BoardScene` draws a board and picks cells.

Built once, then synced from the model: ``set_board`` adds and removes ball
sprites, the view state (rotation, exploded view) is animated in ``update``,
and ``draw`` renders the wooden board (a small textured mesh), its holes and
labels, then every ball, back to front. ``pick`` answers with the cell under
the mouse using the same projected discs, tested front to back.

Needs an active arcade window (its OpenGL context).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import arcade
import pyglet
from arcade import gl

from shibumi import CELLS, COLUMNS, LEVEL_CELLS, Board, Cell, Colour
from spoker.gui import projection as pj
from spoker.gui import textures
from spoker.gui.palette import HOVER, LABEL_RGBA
from spoker.gui.textures import HALO_SPAN

ROTATE_SECONDS = 0.28
EXPLODE_SECONDS = 0.35
FALL_SECONDS = 0.26
BOUNCE_SECONDS = 0.10
BOUNCE_HEIGHT = 0.22
PULSE_HZ = 1.1
GHOST_ALPHA = 190
HIGHLIGHT_STYLES = ("glow", "dashed", "dim")


@dataclass(frozen=True)
class Highlight:
    """Cells to mark: ``glow`` for a counting group, ``dashed`` or ``dim``
    for one that does not count (covered, cut, or beaten)."""

    cells: tuple[Cell, ...]
    colour: tuple[int, int, int, int]
    style: str = "glow"

    def __post_init__(self) -> None:
        if self.style not in HIGHLIGHT_STYLES:
            raise ValueError(f"highlight style {self.style!r}: expected one of {', '.join(HIGHLIGHT_STYLES)}")


def _ease_in_out(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


class _Tween:
    """A value moving from ``start`` to ``end`` over ``seconds``, eased."""

    def __init__(self, value: float, seconds: float) -> None:
        self.start = value
        self.end = value
        self.elapsed = seconds
        self.seconds = seconds

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * _ease_in_out(self.elapsed / self.seconds)

    @property
    def running(self) -> bool:
        return self.elapsed < self.seconds

    def to(self, end: float) -> None:
        self.start = self.value
        self.end = end
        self.elapsed = 0.0 if end != self.start else self.seconds

    def step(self, dt: float) -> bool:
        """Advance; True if the value changed."""
        if not self.running:
            return False
        self.elapsed = min(self.elapsed + dt, self.seconds)
        return True

    def finish(self) -> None:
        self.elapsed = self.seconds


def _drop_lift(t: float) -> float:
    """Height above its place of a ball ``t`` seconds after it was dropped."""
    if t < FALL_SECONDS:
        f = t / FALL_SECONDS
        return pj.DROP_HEIGHT * (1 - f * f)
    if t < FALL_SECONDS + BOUNCE_SECONDS:
        return BOUNCE_HEIGHT * math.sin(math.pi * (t - FALL_SECONDS) / BOUNCE_SECONDS)
    return 0.0


DROP_SECONDS = FALL_SECONDS + BOUNCE_SECONDS

# Sub-order of the sprites drawn for one cell (same depth).
_SHADOW, _HALO, _BALL, _RING0, _RING1, _HOVER = range(6)

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

_COMPOSITE_VS = """
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

_COMPOSITE_FS = """
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

# Outside the glow's rectangle the picture is the same in both caches: one
# texture read per pixel (llvmpipe runs both sides of a branch).
_PLAIN_FS = """
#version 330
uniform sampler2D low;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = texture(low, v_uv);
}
"""

# Colour blended as usual, alpha accumulated: a framebuffer cleared to
# transparent then holds premultiplied colour, ready to composite.
_PREMULTIPLYING = (gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
_PREMULTIPLIED = (gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
_ALPHA_ONLY = (gl.ZERO, gl.ONE, gl.ONE, gl.ONE)  # keeps colour, saturates alpha
_MAX_OUTLINE = 256  # vertices of the composited outline, at most
HALO_LOW = 140
HALO_HIGH = 255

_ctx_cache: dict[int, dict[str, Any]] = {}


def _context_resources(ctx: arcade.ArcadeContext) -> dict[str, Any]:
    """Textures and the board shader, made once per OpenGL context."""
    res = _ctx_cache.get(id(ctx))
    if res is not None and res["ctx"] is ctx:
        return res
    bbox = arcade.hitbox.algo_bounding_box

    def tex(name: str, image: Any) -> arcade.Texture:
        return arcade.Texture(image, hash=f"spoker:{name}", hit_box_algorithm=bbox)

    res = {"ctx": ctx}
    for colour in Colour:
        res[f"ball{colour.char}"] = tex(f"ball{colour.char}", textures.ball_image(colour))
        res[f"ball{colour.char}m"] = tex(f"ball{colour.char}m", textures.ball_image(colour, True))
    res["shadow"] = tex("shadow", textures.shadow_image())
    res["halo"] = tex("halo", textures.halo_image())
    res["ring"] = tex("ring", textures.ring_image())
    res["dashed"] = tex("dashed", textures.ring_image(dashed=True, width=0.12))
    res["hover"] = tex("hover", textures.ring_image(width=0.13))
    res["hole"] = tex("hole", textures.hole_image())
    res["plate"] = tex("plate", textures.plate_image())
    wood = textures.wood_image()
    wood_tex = ctx.texture(wood.size, components=4, data=wood.tobytes())
    wood_tex.wrap_x = gl.REPEAT
    wood_tex.wrap_y = gl.REPEAT
    wood_tex.filter = (gl.LINEAR, gl.LINEAR)
    res["wood"] = wood_tex
    res["program"] = ctx.program(vertex_shader=_VERTEX_SHADER, fragment_shader=_FRAGMENT_SHADER)
    res["composite"] = ctx.program(vertex_shader=_COMPOSITE_VS, fragment_shader=_COMPOSITE_FS)
    res["plain"] = ctx.program(vertex_shader=_COMPOSITE_VS, fragment_shader=_PLAIN_FS)
    _ctx_cache[id(ctx)] = res
    return res


class _CellSprites:
    """The sprites of one cell: contact shadow, glow, ball, rings, hover ring."""

    def __init__(self, cell: Cell, res: dict[str, Any]) -> None:
        self.cell = cell
        self.shadow = arcade.Sprite(res["shadow"])
        self.halo = arcade.Sprite(res["halo"])
        self.ball = arcade.Sprite(res["ballW"])
        self.rings = (arcade.Sprite(res["ring"]), arcade.Sprite(res["ring"]))
        self.hover = arcade.Sprite(res["hover"])
        self.board_shadow = arcade.Sprite(res["shadow"])


class BoardScene:
    """The pyramid, drawn isometrically with animated view changes.

    ``rotation`` (0..3) and ``exploded`` are the targets of the animations;
    ``animating`` is True while a rotation, explosion or drop is in progress
    (the glow's pulse does not count). ``colour_marks`` adds a mark on red
    and black balls for colour-blind players.
    """

    def __init__(self) -> None:
        window = arcade.get_window()
        self.ctx = window.ctx
        self._res = _context_resources(self.ctx)
        self._board = Board.empty()
        self._viewport = (0.0, 0.0, float(window.width), float(window.height))
        self._turn = _Tween(0.0, ROTATE_SECONDS)
        self._explode = _Tween(0.0, EXPLODE_SECONDS)
        self._exploded = False
        self._drops: dict[Cell, float] = {}
        self._highlights: tuple[Highlight, ...] = ()
        self._ghost: tuple[Cell, Colour] | None = None
        self._hover: Cell | None = None
        self._colour_marks = False
        self._time = 0.0
        self._cells = [_CellSprites(c, self._res) for c in CELLS]
        self._under: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # holes and shadows on the board
        self._items: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # balls and their decorations, sorted
        self._holes = [arcade.Sprite(self._res["hole"]) for _ in range(16)]
        self._plates = {level: arcade.Sprite(self._res["plate"]) for level in (2, 3, 4)}
        self._hole_hover = arcade.Sprite(self._res["hover"])
        self._under.extend(self._holes)
        self._batch = pyglet.graphics.Batch()
        self._labels = self._make_labels()
        self._mesh_buffer = self.ctx.buffer(reserve=48 * 5 * 4)
        self._mesh = self.ctx.geometry(
            [gl.BufferDescription(self._mesh_buffer, "2f 2f 1f", ["in_vert", "in_uv", "in_shade"])],
            mode=gl.TRIANGLES,
        )
        self._mesh_vertices = 0
        self._mesh_points: list[pj.Point] = []
        self._view = pj.fit_view(self._viewport, 0.0, 0.0)
        self._order: list[tuple[Cell, float, float]] = []  # pickable cells, draw order
        self._dirty = True
        self._revision = 0
        # A still scene is drawn once into two cached pictures (glow dim and
        # bright) and then each frame is one blend of the two: see ``draw``.
        self._cache: list[Any] = []  # [(framebuffer, texture), ...]
        self._cache_rect = (0, 0, 1, 1)
        self._cache_valid = False
        self._stable_frames = 0
        self._quad_buffer = self.ctx.buffer(reserve=5 * _MAX_OUTLINE * 3 * 4 * 4)
        self._quad_vertices = 0
        self._glow_vertices = 0  # the last ones of the buffer: the glow's rectangle
        self._glow_rect: tuple[int, int, int, int] | None = None
        self._quad = self.ctx.geometry(
            [gl.BufferDescription(self._quad_buffer, "2f 2f", ["in_vert", "in_uv"])],
            mode=gl.TRIANGLES,
        )
        self.use_cache = True
        self._background: tuple[int, int, int, int] | None = None

    # -- public state -------------------------------------------------------
    @property
    def board(self) -> Board:
        return self._board

    @property
    def rotation(self) -> int:
        """The target rotation, 0..3 quarter turns."""
        return round(self._turn.end) % 4

    @property
    def exploded(self) -> bool:
        return self._exploded

    @property
    def colour_marks(self) -> bool:
        return self._colour_marks

    @colour_marks.setter
    def colour_marks(self, on: bool) -> None:
        if bool(on) != self._colour_marks:
            self._colour_marks = bool(on)
            self._dirty = True

    @property
    def background(self) -> tuple[int, int, int, int] | None:
        """The opaque colour the window holds under the scene when ``draw`` is
        called (None: unknown). When known, the cached pictures are drawn over
        it and a still frame is copied without blending: blending doubles the
        cost of every pixel under software OpenGL."""
        return self._background

    @background.setter
    def background(self, colour: Sequence[int] | None) -> None:
        value = None if colour is None else (int(colour[0]), int(colour[1]), int(colour[2]), 255)
        if value != self._background:
            self._background = value
            self._cache_valid = False
            self._dirty = True

    @property
    def revision(self) -> int:
        """A number that changes whenever the picture does (but for the
        glow's pulse): screens that cache their picture compare it."""
        self._sync()
        return self._revision

    def glow_rect(self) -> tuple[int, int, int, int] | None:
        """Whole window pixels ``(x0, y0, x1, y1)`` around every glowing ball
        (inside the viewport): the only part the pulse changes; None if nothing glows."""
        self._sync()
        halos = [s for s in self._items.sprite_list if s.texture is self._res["halo"]]
        if not halos:
            return None
        x0, y0, w, h = self._cache_size()
        g0x = max(x0, math.floor(min(s.left for s in halos)))
        g0y = max(y0, math.floor(min(s.bottom for s in halos)))
        g1x = min(x0 + w, math.ceil(max(s.right for s in halos)))
        g1y = min(y0 + h, math.ceil(max(s.top for s in halos)))
        return (g0x, g0y, g1x, g1y) if g0x < g1x and g0y < g1y else None

    @property
    def animating(self) -> bool:
        return self._turn.running or self._explode.running or bool(self._drops)

    @property
    def cache_in_use(self) -> bool:
        """True when the last frame was composited from the cached pictures."""
        return self._cache_valid and self._stable_frames >= 2 and self.use_cache

    @property
    def view(self) -> pj.View:
        """The current camera (after the latest ``update``)."""
        self._sync()
        return self._view

    # -- commands -------------------------------------------------------------
    def set_viewport(self, left: float, bottom: float, width: float, height: float) -> None:
        """The rectangle of the window (pixels) the pyramid is drawn in."""
        viewport = (float(left), float(bottom), float(max(width, 1)), float(max(height, 1)))
        if viewport != self._viewport:
            self._viewport = viewport
            self._dirty = True

    def rotate(self, quarter_turns: int) -> None:
        """Turn the view by ``quarter_turns`` (positive: counter-clockwise seen
        from above), animated."""
        if int(quarter_turns):
            self._turn.to(self._turn.end + int(quarter_turns))
            self._dirty = True

    def set_exploded(self, on: bool) -> None:
        """Lift the levels apart so that every ball can be seen (animated)."""
        if bool(on) != self._exploded:
            self._exploded = bool(on)
            self._explode.to(1.0 if on else 0.0)
            self._dirty = True

    def set_board(self, board: Board, animate: bool = True) -> None:
        """Show ``board``: new balls drop into place, removed balls vanish."""
        old = self._board
        if board == old:
            return
        self._board = board
        for cell in CELLS:
            if cell in board and (cell not in old or old[cell] != board[cell]):
                if animate:
                    self._drops[cell] = 0.0
            elif cell not in board:
                self._drops.pop(cell, None)
        self._dirty = True

    def set_highlights(self, highlights: Sequence[Highlight]) -> None:
        new = tuple(highlights)
        if new != self._highlights:
            self._highlights = new
            self._dirty = True

    def set_ghost(self, cell: Cell | None, colour: Colour | None) -> None:
        """A translucent ball of ``colour`` on ``cell`` if it is playable."""
        ghost = None if cell is None or colour is None else (Cell(cell), Colour(colour))
        if ghost != self._ghost:
            self._ghost = ghost
            self._dirty = True

    def set_hover(self, cell: Cell | None) -> None:
        hover = None if cell is None else Cell(cell)
        if hover != self._hover:
            self._hover = hover
            self._dirty = True

    def finish_animations(self) -> None:
        """Jump every running animation to its end."""
        self._turn.finish()
        self._explode.finish()
        self._drops.clear()
        self._dirty = True

    def update(self, dt: float) -> None:
        """Advance the animations by ``dt`` seconds."""
        dt = max(float(dt), 0.0)
        self._time += dt
        if self._turn.step(dt) | self._explode.step(dt):
            self._dirty = True
        if self._drops:
            for cell in list(self._drops):
                self._drops[cell] += dt
                if self._drops[cell] >= DROP_SECONDS:
                    del self._drops[cell]
            self._dirty = True

    # -- queries --------------------------------------------------------------
    def screen_position(self, cell: Cell) -> tuple[float, float, float]:
        """``(x, y, radius)`` in window pixels of the ball on ``cell`` now."""
        self._sync()
        c = Cell(cell)
        x, y, _ = self._view.ball(c, self._explode.value, self._lift(c))
        return x, y, self._view.radius

    def pick(self, x: float, y: float) -> Cell | None:
        """The cell the point visually falls on, front-most first: a ball, an
        empty playable cell above the board (the disc where its ball would
        rest), or else an empty hole on the board."""
        self._sync()
        r2 = self._view.radius ** 2
        for cell, cx, cy in reversed(self._order):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r2:
                return cell
        for cell in self._playable_holes():
            hx, hy, _ = self._view.project(cell.x, cell.y, 0.0)
            a = pj.HOLE_RADIUS * self._view.scale
            if ((x - hx) / a) ** 2 + ((y - hy) / (a * pj.SIN_E)) ** 2 <= 1.0:
                return cell
        return None

    def draw_order(self) -> list[Cell]:
        """Cells picked as discs (balls and empty playable cells above the
        board), back to front: the drawing order of the balls."""
        self._sync()
        return [cell for cell, _, _ in self._order]

    # -- drawing --------------------------------------------------------------
    def draw(self, pulse: float | None = None) -> None:
        """Draw into the current framebuffer, in window coordinates; the glow
        at ``pulse`` (0 dimmest .. 1 brightest) instead of its own time.

        While something moves the layers are drawn directly; once the scene
        has been still for a couple of frames it is drawn into two cached
        pictures (glow at its dimmest and brightest), and each frame is a
        single blend of the two by the glow's pulse."""
        self._sync()
        wave = self._wave() if pulse is None else min(max(pulse, 0.0), 1.0)
        self._stable_frames = 0 if self.animating else self._stable_frames + 1
        if not self.use_cache or self._stable_frames < 2:
            self._set_halo_alpha(HALO_LOW + (HALO_HIGH - HALO_LOW) * wave)
            self._draw_layers(premultiplied=False)
            return
        if not self._cache_valid:
            self._render_cache()
        self._composite(wave)

    def pulse(self) -> float:
        """The glow's pulse now, 0..1 (see ``draw``)."""
        return self._wave()

    # -- internals ------------------------------------------------------------
    def _wave(self) -> float:
        """The glow's pulse, 0..1."""
        return 0.5 + 0.5 * math.sin(2 * math.pi * PULSE_HZ * self._time)

    def _has_glow(self) -> bool:
        return any(h.style == "glow" for h in self._highlights)

    def _draw_layers(self, premultiplied: bool) -> None:
        ctx = self.ctx
        blend = _PREMULTIPLYING if premultiplied else ctx.BLEND_DEFAULT
        program = self._res["program"]
        self._res["wood"].use(0)
        program["wood"] = 0
        ctx.enable(ctx.BLEND)
        ctx.blend_func = blend
        self._mesh.render(program, vertices=self._mesh_vertices)
        self._under.draw(blend_function=blend)
        self._batch.draw()
        if premultiplied:
            # Text blending left the board's alpha below 1 at the glyphs' edges.
            ctx.enable(ctx.BLEND)
            ctx.blend_func = _ALPHA_ONLY
            self._res["wood"].use(0)
            self._mesh.render(program, vertices=self._mesh_vertices)
        self._items.draw(blend_function=blend)
        ctx.blend_func = ctx.BLEND_DEFAULT

    def _cache_size(self) -> tuple[int, int, int, int]:
        left, bottom, width, height = self._viewport
        x0, y0 = math.floor(left), math.floor(bottom)
        return x0, y0, max(math.ceil(left + width) - x0, 1), max(math.ceil(bottom + height) - y0, 1)

    def _render_cache(self) -> None:
        from pyglet.math import Mat4

        ctx = self.ctx
        rect = self._cache_size()
        x0, y0, w, h = rect
        if rect != self._cache_rect or not self._cache:
            self._release_cache()
            for _ in range(2):
                texture = ctx.texture((w, h), components=4)
                texture.filter = (gl.NEAREST, gl.NEAREST)
                self._cache.append((ctx.framebuffer(color_attachments=[texture]), texture))
            self._cache_rect = rect
        self._write_outline(rect)
        projection, view = ctx.projection_matrix, ctx.view_matrix
        levels = (HALO_LOW, HALO_HIGH) if self._has_glow() else (HALO_LOW,)
        try:
            for (fbo, _), alpha in zip(self._cache, levels):
                with fbo.activate():
                    ctx.projection_matrix = Mat4.orthogonal_projection(x0, x0 + w, y0, y0 + h, -100, 100)
                    ctx.view_matrix = Mat4()
                    glow = self._glow_rect
                    if alpha == HALO_HIGH and glow is not None:
                        # The bright picture is only used in the glow's rectangle.
                        fbo.scissor = (glow[0] - x0, glow[1] - y0, glow[2] - glow[0], glow[3] - glow[1])
                    try:
                        fbo.clear(color=self._background or (0, 0, 0, 0))
                        self._set_halo_alpha(alpha)
                        self._draw_layers(premultiplied=True)
                    finally:
                        fbo.scissor = None
        finally:
            ctx.projection_matrix, ctx.view_matrix = projection, view
        self._cache_valid = True

    def _write_outline(self, rect: tuple[int, int, int, int]) -> None:
        """The cached picture is composited through the convex outline of what
        was drawn (board and sprites), not the whole viewport: under software
        OpenGL every pixel touched costs. The outline is cut in pieces around
        the glow's rectangle (whole pixels, so that pieces never overlap): only
        that rectangle blends the two pictures."""
        x0, y0, w, h = rect
        points: list[pj.Point] = []
        data = self._mesh_points
        points += data
        for sprite in self._items.sprite_list:
            points += [
                (sprite.left, sprite.bottom), (sprite.right, sprite.bottom),
                (sprite.right, sprite.top), (sprite.left, sprite.top),
            ]
        x1, y1 = x0 + w, y0 + h
        outline = pj.clip_to_rect(pj.convex_hull(points), (x0, y0, x1, y1))[:_MAX_OUTLINE]
        self._glow_rect = self.glow_rect()
        if self._glow_rect is None:
            plain, lit = [outline], []
        else:
            g0x, g0y, g1x, g1y = self._glow_rect
            plain = [
                pj.clip_to_rect(outline, r)
                for r in ((x0, y0, g0x, y1), (g1x, y0, x1, y1), (g0x, y0, g1x, g0y), (g0x, g1y, g1x, y1))
            ]
            lit = [pj.clip_to_rect(outline, self._glow_rect)]
        floats: list[float] = []
        self._quad_vertices = self._fan(plain, floats, rect)
        self._glow_vertices = self._fan(lit, floats, rect)
        if floats:
            self._quad_buffer.write(_floats(floats))

    @staticmethod
    def _fan(polygons: list[list[pj.Point]], floats: list[float], rect: tuple[int, int, int, int]) -> int:
        """Append the convex ``polygons`` as triangles (x, y, u, v); the count of vertices."""
        x0, y0, w, h = rect
        start = len(floats)
        for outline in polygons:
            for i in range(1, len(outline) - 1):
                for px, py in (outline[0], outline[i], outline[i + 1]):
                    floats += [px, py, (px - x0) / w, (py - y0) / h]
        return (len(floats) - start) // 4

    def _composite(self, wave: float) -> None:
        if not self._quad_vertices and not self._glow_vertices:
            return
        ctx = self.ctx
        low = self._cache[0][1]
        high = self._cache[1][1] if self._has_glow() else low
        low.use(0)
        high.use(1)
        if self._background is None:
            ctx.enable(ctx.BLEND)
            ctx.blend_func = _PREMULTIPLIED
        else:  # opaque pictures, made over the very colour they cover
            ctx.disable(ctx.BLEND)
        if self._quad_vertices:
            plain = self._res["plain"]
            plain["low"] = 0
            self._quad.render(plain, vertices=self._quad_vertices)
        if self._glow_vertices:
            program = self._res["composite"]
            program["low"] = 0
            program["high"] = 1
            program["pulse"] = wave
            self._quad.render(program, first=self._quad_vertices, vertices=self._glow_vertices)
        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.BLEND_DEFAULT

    def _release_cache(self) -> None:
        for fbo, texture in self._cache:
            fbo.delete()
            texture.delete()
        self._cache = []
        self._cache_valid = False

    def _set_halo_alpha(self, alpha: float) -> None:
        for cs in self._cells:
            if cs.halo.sprite_lists:
                cs.halo.alpha = int(alpha)

    def _lift(self, cell: Cell) -> float:
        t = self._drops.get(cell)
        return 0.0 if t is None else _drop_lift(t)

    def _playable_holes(self) -> list[Cell]:
        return [c for c in CELLS[:16] if c not in self._board]

    def _make_labels(self) -> list[tuple[arcade.Text, float, float]]:
        labels = []
        lo = -pj.LABEL_INSET
        hi = 6 + pj.LABEL_INSET
        for i in range(7):
            for gy in (lo, hi):
                labels.append((self._label(COLUMNS[i]), float(i), gy))
            for gx in (lo, hi):
                labels.append((self._label(str(i + 1)), gx, float(i)))
        return labels

    def _label(self, text: str) -> arcade.Text:
        return arcade.Text(
            text, 0, 0, LABEL_RGBA, 12, anchor_x="center", anchor_y="center",
            bold=True, batch=self._batch,
        )

    def _sync(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        self._revision += 1
        # A change that does not move (hover, ghost, highlights) is cached at
        # once; only animations (see ``draw``) wait for the scene to settle.
        self._cache_valid = False
        explode = self._explode.value
        self._view = pj.fit_view(self._viewport, self._turn.value, explode)
        self._build_mesh()
        self._place_under()
        self._place_labels()
        self._place_items(explode)

    def _build_mesh(self) -> None:
        """The board: its top face and the side faces turned to the viewer."""
        v = self._view
        lo = pj.CENTRE - pj.BOARD_HALF
        hi = pj.CENTRE + pj.BOARD_HALF
        corners = [(lo, lo), (hi, lo), (hi, hi), (lo, hi)]  # counter-clockwise from above
        uv_scale = 1.0 / (2 * pj.BOARD_HALF)
        data: list[float] = []

        def vertex(gx: float, gy: float, z: float, u: float, w: float, shade: float) -> None:
            sx, sy, _ = v.project(gx, gy, z)
            data.extend((sx, sy, u, w, shade))

        depth = -pj.BOARD_THICKNESS
        bevels: list[tuple[float, float, float, float, float, float]] = []
        for i in range(4):
            (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 4]
            # Outward normal of this side, turned by the yaw: facing the viewer
            # when it points to the front (negative screen depth).
            nx, ny = by - ay, -(bx - ax)
            c, s = math.cos(v.yaw), math.sin(v.yaw)
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
        self._mesh_buffer.write(_floats(data))
        self._mesh_vertices = len(data) // 5
        self._mesh_points = [(data[i], data[i + 1]) for i in range(0, len(data), 5)]

    def _place_under(self) -> None:
        v = self._view
        hole_px = 2 * pj.HOLE_RADIUS * v.scale
        for sprite, cell in zip(self._holes, CELLS[:16]):
            x, y, _ = v.project(cell.x, cell.y, 0.0)
            sprite.position = (x, y)
            sprite.width = hole_px
            sprite.height = hole_px * pj.SIN_E
        wanted = []
        for cell in CELLS[:16]:
            sprite = self._cells[cell].board_shadow
            if cell in self._board:
                lift = self._lift(cell)
                x, y, _ = v.project(cell.x + 0.28, cell.y - 0.28, 0.0)
                size = 2.3 * v.scale * (1 + 0.15 * lift)
                sprite.position = (x + 0.15 * v.scale, y)
                sprite.width = size
                sprite.height = size * pj.SIN_E
                sprite.alpha = int(150 / (1 + 0.6 * lift))
                wanted.append(sprite)
        hover = self._hover
        if hover is not None and hover.level == 1 and hover not in self._board:
            # An empty hole under the mouse: ring the hole itself.
            x, y, _ = v.project(hover.x, hover.y, 0.0)
            ring = self._hole_hover
            ring.position = (x, y)
            ring.width = hole_px * HALO_SPAN * 1.05
            ring.height = ring.width * pj.SIN_E
            ring.color = HOVER
            wanted.append(ring)
        _sync_members(self._under, self._holes + wanted)

    def _place_labels(self) -> None:
        v = self._view
        size = min(max(6.0, 0.42 * v.scale), 28.0)
        for text, gx, gy in self._labels:
            x, y, _ = v.project(gx, gy, 0.0)
            text.position = (x, y)
            if text.font_size != size:
                text.font_size = size

    def _highlight_by_cell(self) -> dict[Cell, list[Highlight]]:
        result: dict[Cell, list[Highlight]] = {}
        for h in self._highlights:
            for cell in h.cells:
                result.setdefault(Cell(cell), []).append(h)
        return result

    def _place_items(self, explode: float) -> None:
        v = self._view
        board = self._board
        playable = board.playable_mask()
        marks = self._colour_marks
        lit = self._highlight_by_cell()
        keyed: list[tuple[tuple[float, float, int], arcade.Sprite]] = []
        order: list[tuple[float, float, Cell, float, float]] = []
        ball_px = 2 * v.radius
        deco_px = ball_px * HALO_SPAN
        ghost = self._ghost
        for cs in self._cells:
            cell = cs.cell
            colour = board[cell] if cell in board else None
            is_ghost = colour is None and ghost is not None and ghost[0] == cell and playable >> cell & 1
            # Empty level-1 cells are picked by their holes (see ``pick``).
            pickable = colour is not None or (cell.level > 1 and bool(playable >> cell & 1))
            if not pickable and not is_ghost:
                continue
            x, y, depth = v.ball(cell, explode, self._lift(cell))
            z = pj.cell_height(cell, explode)
            if pickable:
                order.append((-depth, z, cell, x, y))
            key_base = (-depth, z)
            if colour is not None or is_ghost:
                shown = colour if colour is not None else ghost[1]  # type: ignore[index]
                ball = cs.ball
                name = f"ball{shown.char}" + ("m" if marks else "")
                if ball.texture is not self._res[name]:
                    ball.texture = self._res[name]
                ball.position = (x, y)
                ball.width = ball.height = ball_px
                ball.color = (255, 255, 255, GHOST_ALPHA if is_ghost else 255)
                keyed.append(((*key_base, _BALL), ball))
                if colour is not None and cell.level > 1 and explode < 0.5:
                    sh = cs.shadow
                    # Only the crescent below the ball shows: a flat ellipse
                    # there costs a third of a full disc's pixels.
                    sh.position = (x + 0.08 * v.scale, y - 0.62 * v.scale)
                    sh.width = ball_px * 0.92
                    sh.height = ball_px * 0.5
                    sh.alpha = int(140 * (1 - 2 * explode))
                    keyed.append(((*key_base, _SHADOW), sh))
            if colour is not None:
                self._decorate(cs, lit.get(cell, []), x, y, deco_px, key_base, keyed)
            if self._hover == cell:
                hov = cs.hover
                hov.position = (x, y)
                hov.width = hov.height = deco_px
                hov.color = HOVER
                keyed.append(((*key_base, _HOVER), hov))
        order.sort(key=lambda o: (o[0], o[1]))
        self._order = [(cell, x, y) for _, _, cell, x, y in order]
        if explode > 0.01:
            self._place_plates(explode, keyed)
        keyed.sort(key=lambda k: k[0])
        _sync_members(self._items, [s for _, s in keyed])

    def _place_plates(
        self, explode: float, keyed: list[tuple[tuple[float, float, int], arcade.Sprite]]
    ) -> None:
        """Glass floors under the lifted levels, so the exploded view reads as
        layers. Each is drawn after the level below and before its own balls
        (exploded, the levels are separated in depth)."""
        v = self._view
        used = self._board.occupied | self._board.playable_mask()
        keys = {
            level: [-v.ball(c, explode)[2] for c in LEVEL_CELLS[level]] for level in (1, 2, 3, 4)
        }
        for level, plate in self._plates.items():
            if not any(used >> c & 1 for c in LEVEL_CELLS[level]):
                continue
            below, own = max(keys[level - 1]), min(keys[level])
            key = (below + own) / 2 if below < own else own - 1e-3
            z = pj.cell_height(LEVEL_CELLS[level][0], explode) - pj.BALL_RADIUS
            x, y, _ = v.project(pj.CENTRE, pj.CENTRE, z)
            radius = (4 - level) * math.sqrt(2.0) + 1.25
            plate.position = (x, y)
            plate.width = 2 * radius * v.scale
            plate.height = plate.width * pj.SIN_E
            plate.alpha = int(255 * explode * explode)
            keyed.append(((key, -math.inf, 0), plate))

    def _decorate(
        self,
        cs: _CellSprites,
        highlights: list[Highlight],
        x: float,
        y: float,
        deco_px: float,
        key_base: tuple[float, float],
        keyed: list[tuple[tuple[float, float, int], arcade.Sprite]],
    ) -> None:
        """Glow and rings of the highlights on one ball."""
        glow = next((h for h in highlights if h.style == "glow"), None)
        if glow is not None:
            cs.halo.position = (x, y)
            cs.halo.width = cs.halo.height = deco_px
            cs.halo.color = glow.colour
            keyed.append(((*key_base, _HALO), cs.halo))
        if any(h.style == "dim" for h in highlights) and glow is None:
            cs.ball.color = (150, 150, 150, cs.ball.alpha)
        for slot, h in enumerate(highlights[:2]):
            ring = cs.rings[slot]
            ring.texture = self._res["dashed" if h.style == "dashed" else "ring"]
            ring.position = (x, y)
            size = deco_px * (1.0 if slot == 0 else 0.86)
            ring.width = ring.height = size
            ring.color = h.colour if h.style != "dim" else (h.colour[0], h.colour[1], h.colour[2], 150)
            keyed.append(((*key_base, _RING0 + slot), ring))


def _floats(values: list[float]) -> bytes:
    from array import array

    return array("f", values).tobytes()


def _sync_members(sprite_list: arcade.SpriteList, wanted: list[arcade.Sprite]) -> None:
    """Make ``sprite_list`` hold exactly ``wanted``, in that order."""
    current = set(sprite_list.sprite_list)
    target = set(wanted)
    for sprite in current - target:
        sprite_list.remove(sprite)
    for sprite in wanted:
        if sprite not in current:
            sprite_list.append(sprite)
    rank = {id(s): i for i, s in enumerate(wanted)}
    sprite_list.sort(key=lambda s: rank[id(s)])


__all__ = ["BoardScene", "Highlight"]
