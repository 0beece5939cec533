"""The pyramid on screen: :class:`BoardScene` draws a board and picks cells.

Built once, then synced from the model: ``set_board`` adds and removes ball
sprites, the view state (rotation, exploded view) is animated in ``update``
(:mod:`spoker.gui.models.animation`), and ``draw`` renders the wooden board
(:mod:`spoker.gui.render.board_mesh`), its holes, shadows and labels, then every ball
with its decorations, back to front: two SpriteLists
(:mod:`spoker.gui.render.board_sprites`), one text batch and one mesh, four draw
calls. ``pick`` answers with the cell under the mouse
(:mod:`spoker.gui.models.picking`) using the same projected discs.

``set_flat`` shows the plan instead: the four levels flat, side by side
(:mod:`spoker.gui.models.plan_layout` places the squares,
:mod:`spoker.gui.render.plan` draws the grids), the same sprites (balls,
glows, rings, spots, ghost) placed on the squares; ``pick`` and
``screen_position`` then answer from the plan.

The scene keeps no picture of itself: a screen standing still is copied by
the app's one frame cache (:mod:`spoker.gui.render.frame`), keyed by ``revision``.

Needs an active arcade window (its OpenGL context).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import arcade
import pyglet
from pyglet.math import Mat4, Vec3

from shibumi import CELLS, COLUMNS, LEVEL_CELLS, Board, Cell, Colour
from spoker.gui.models import projection as pj
from spoker.gui.models.animation import (
    DROP_SECONDS,
    EXPLODE_SECONDS,
    ROTATE_SECONDS,
    Tween,
    drop_lift,
    glow_wave,
)
from spoker.gui.models.picking import pick_cell
from spoker.gui.models.plan_layout import PlanLayout, fit_plan
from spoker.gui.render.board_mesh import BoardMesh
from spoker.gui.render.board_sprites import (
    BALL,
    HALO,
    LAST,
    RING0,
    SHADOW,
    SPOT,
    CellSprites,
    scene_textures,
    sync_members,
)
from spoker.gui.render.board_sprites import HOVER as HOVER_RING
from spoker.gui.render.palette import HOVER, LABEL_RGBA
from spoker.gui.render.plan import PlanArt
from spoker.gui.render.textures import HALO_SPAN

GHOST_ALPHA = 190
SPOT_RGBA = (150, 255, 170, 170)  # a playable cell: green, the hints' family
LAST_ON_DARK = (255, 214, 90, 235)  # the last move's ring on a black or red ball
LAST_ON_WHITE = (200, 120, 0, 235)  # ... and on a white one
HIGHLIGHT_STYLES = ("glow", "dashed", "dim")
HALO_LOW = 140
HALO_HIGH = 255


def climbs(cells: Sequence[Cell]) -> bool:
    """Whether ``cells`` are a line that climbs levels: more than one level,
    all on one straight line in space (their balls' centres)."""
    if len(cells) < 3 or len({c.level for c in cells}) < 2:
        return False
    points = [(c.x, c.y, pj.cell_height(c)) for c in cells]
    (x0, y0, z0), (x1, y1, z1) = points[0], points[1]
    d = (x1 - x0, y1 - y0, z1 - z0)
    for x, y, z in points[2:]:
        e = (x - x0, y - y0, z - z0)
        cross = (d[1] * e[2] - d[2] * e[1], d[2] * e[0] - d[0] * e[2], d[0] * e[1] - d[1] * e[0])
        if max(abs(c) for c in cross) > 1e-6:
            return False
    return True


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
        self._res = scene_textures(self.ctx)
        self._board = Board.empty()
        self._viewport = (0.0, 0.0, float(window.width), float(window.height))
        self._turn = Tween(0.0, ROTATE_SECONDS)
        self._explode = Tween(0.0, EXPLODE_SECONDS)
        self._exploded = False
        self._drops: dict[Cell, float] = {}
        self._highlights: tuple[Highlight, ...] = ()
        self._ghost: tuple[Cell, Colour] | None = None
        self._hover: Cell | None = None
        self._spots = False  # mark the playable empty cells
        self._last: Cell | None = None  # the last ball placed, marked
        self._colour_marks = False
        self._time = 0.0
        self._cells = [CellSprites(c, self._res) for c in CELLS]
        self._under: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # holes and shadows on the board
        self._items: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()  # balls and their decorations, sorted
        self._holes = [arcade.Sprite(self._res["hole"]) for _ in range(16)]
        self._plates = {level: arcade.Sprite(self._res["plate"]) for level in (2, 3, 4)}
        self._hole_hover = arcade.Sprite(self._res["hover"])
        self._under.extend(self._holes)
        self._batch = pyglet.graphics.Batch()
        self._labels = self._make_labels()
        self._label_scale = 1.0  # while the view moves, the labels' font is scaled, not laid out again
        self._mesh = BoardMesh(self.ctx)
        self._view = pj.fit_view(self._viewport, 0.0, 0.0)
        self._order: list[tuple[Cell, float, float]] = []  # pickable cells, draw order
        self._dirty = True
        self._revision = 0
        # The plan: the levels flat, side by side (set_flat), drawn instead of the pyramid.
        self._flat = False
        self._plan: PlanLayout | None = None
        self._plan_art = PlanArt()

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
    def flat(self) -> bool:
        """Whether the plan is shown (the levels flat, side by side) instead of the pyramid."""
        return self._flat

    @property
    def plan(self) -> PlanLayout | None:
        """Where the plan's squares are while it is shown (None: the pyramid)."""
        self._sync()
        return self._plan

    @property
    def colour_marks(self) -> bool:
        return self._colour_marks

    @colour_marks.setter
    def colour_marks(self, on: bool) -> None:
        if bool(on) != self._colour_marks:
            self._colour_marks = bool(on)
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
        left, bottom, width, height = self._viewport
        g0x = max(math.floor(left), math.floor(min(s.left for s in halos)))
        g0y = max(math.floor(bottom), math.floor(min(s.bottom for s in halos)))
        g1x = min(math.ceil(left + width), math.ceil(max(s.right for s in halos)))
        g1y = min(math.ceil(bottom + height), math.ceil(max(s.top for s in halos)))
        return (g0x, g0y, g1x, g1y) if g0x < g1x and g0y < g1y else None

    def drop_rect(self) -> tuple[float, float, float, float] | None:
        """While only balls drop (no turn, no explosion): window pixels
        ``(x0, y0, x1, y1)`` around everything the drops change, over their
        whole fall (the ball, its decorations and contact shadow, from the
        drop's height down to its place); None otherwise."""
        self._sync()
        if self._flat or not self._drops or self._turn.running or self._explode.running:
            return None
        v = self._view
        explode = self._explode.value
        half = v.radius * HALO_SPAN + 2  # the decorations' half size, and a pixel of fringe
        xs: list[float] = []
        ys: list[float] = []
        for cell in self._drops:
            x, y_low, _ = v.ball(cell, explode, 0.0)
            _, y_high, _ = v.ball(cell, explode, max(pj.DROP_HEIGHT, 1.0))
            xs += [x - half, x + half]
            ys += [min(y_low, y_high) - half, max(y_low, y_high) + half]
            if cell.level == 1:  # the contact shadow on the board grows as the ball rises
                sx, sy, _ = v.project(cell.x + 0.28, cell.y - 0.28, 0.0)
                size = 2.3 * v.scale * (1 + 0.15 * max(pj.DROP_HEIGHT, 1.0)) / 2 + 2
                xs += [sx + 0.15 * v.scale - size, sx + 0.15 * v.scale + size]
                ys += [sy - size, sy + size]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def animating(self) -> bool:
        if self._flat:
            return False  # the plan does not move
        return self._turn.running or self._explode.running or bool(self._drops)

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

    def set_flat(self, on: bool) -> None:
        """Show the plan (the levels flat, side by side) instead of the pyramid,
        or the pyramid again; at once, with every mark kept."""
        if bool(on) != self._flat:
            self._flat = bool(on)
            self._drops.clear()  # no ball falls on the plan
            self._dirty = True

    def rotate(self, quarter_turns: int) -> None:
        """Turn the view by ``quarter_turns`` (positive: counter-clockwise seen
        from above), animated."""
        if int(quarter_turns):
            self._turn.to(self._turn.end + int(quarter_turns))
            self._dirty = True

    def set_rotation(self, quarter_turns: int) -> None:
        """Show the view turned ``quarter_turns`` from the standard one, at once
        (a remembered view: no animation)."""
        turns = int(quarter_turns) % 4
        if self.rotation != turns or self._turn.running:
            self._turn = Tween(float(turns), ROTATE_SECONDS)
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
                if animate and not self._flat:
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

    def set_guides(self, playable: bool, last: Cell | None) -> None:
        """Mark where the drawn ball can go (``playable``: a faint disc on every
        playable empty cell, the platforms' included) and the last ball placed."""
        last = None if last is None else Cell(last)
        if (bool(playable), last) != (self._spots, self._last):
            self._spots, self._last = bool(playable), last
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
        if (self._turn.step(dt) | self._explode.step(dt)) and not self._flat:
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
        if self._plan is not None:
            return (*self._plan.centre(c), self._plan.radius)
        x, y, _ = self._view.ball(c, self._explode.value, self._lift(c))
        return x, y, self._view.radius

    def pick(self, x: float, y: float) -> Cell | None:
        """The cell the point visually falls on, front-most first: a ball, an
        empty playable cell above the board (the disc where its ball would
        rest), or else an empty hole on the board. While the playable cells are
        marked (a ball is held: :meth:`set_guides`) they win over a ball in front."""
        self._sync()
        if self._plan is not None:
            return self._plan.cell_at(x, y)  # every cell has its square
        holes = [c for c in CELLS[:16] if c not in self._board]
        return pick_cell(self._order, holes, self._view, x, y, self._board.playable_mask() if self._spots else 0)

    # -- drawing --------------------------------------------------------------
    def draw(self, pulse: float | None = None) -> None:
        """Draw into the current framebuffer, in window coordinates, the glow
        at ``pulse`` (0 dimmest .. 1 brightest) instead of its own time: the
        board mesh, the sprites on the board, the labels, the balls."""
        self._sync()
        wave = self.pulse() if pulse is None else min(max(pulse, 0.0), 1.0)
        alpha = int(HALO_LOW + (HALO_HIGH - HALO_LOW) * wave)
        for cs in self._cells:
            if cs.halo.sprite_lists and cs.halo.alpha != alpha:
                cs.halo.alpha = alpha
        self._draw_layers()

    def _draw_layers(self) -> None:
        ctx = self.ctx
        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.BLEND_DEFAULT
        if self._plan is not None:
            self._plan_art.draw()
            self._items.draw()
            return
        self._mesh.draw()
        self._under.draw()
        if self._label_scale == 1.0:
            self._batch.draw()
        else:
            view = ctx.view_matrix
            ctx.view_matrix = view @ Mat4.from_scale(Vec3(self._label_scale, self._label_scale, 1.0))
            try:
                self._batch.draw()
            finally:
                ctx.view_matrix = view
        self._items.draw()
        self._draw_links()

    def _draw_links(self) -> None:
        """A line that climbs levels, highlighted, drawn as a thread through its
        balls' centres: seen from above its balls look scattered, not in a row."""
        v = self._view
        explode = self._explode.value
        width = max(2.0, 0.09 * v.scale)
        for h in self._highlights:
            if climbs(h.cells):
                points = [v.ball(c, explode, self._lift(c))[:2] for c in sorted(h.cells, key=lambda c: c.level)]
                r, g, b, _ = h.colour
                arcade.draw_line_strip(points, (20, 16, 8, 150), width + 2.0)
                arcade.draw_line_strip(points, (r, g, b, 230), width)
                for x, y in points:
                    arcade.draw_circle_filled(x, y, width * 1.1, (r, g, b, 240))

    def pulse(self) -> float:
        """The glow's pulse now, 0..1 (see ``draw``)."""
        return glow_wave(self._time)

    # -- internals ------------------------------------------------------------
    def _lift(self, cell: Cell) -> float:
        t = self._drops.get(cell)
        return 0.0 if t is None else drop_lift(t)

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
        if self._flat:
            self._plan = fit_plan(self._viewport)
            self._plan_art.build(self._plan)
            self._place_items(0.0)
            return
        self._plan = None
        explode = self._explode.value
        self._view = pj.fit_view(self._viewport, self._turn.value, explode)
        self._mesh.build(self._view)
        self._place_under()
        self._place_labels()
        self._place_items(explode)

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
        if self._spots:
            playable = self._board.playable_mask()
            for cell in CELLS[:16]:
                if playable >> cell & 1:
                    spot = self._cells[cell].spot
                    x, y, _ = v.project(cell.x, cell.y, 0.0)
                    spot.position = (x, y)
                    spot.width = hole_px * 1.12
                    spot.height = spot.width * pj.SIN_E
                    spot.color = SPOT_RGBA
                    wanted.append(spot)
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
        sync_members(self._under, self._holes + wanted)

    def _place_labels(self) -> None:
        v = self._view
        size = min(max(6.0, 0.42 * v.scale), 28.0)
        scale = 1.0
        if self.animating:
            # A new font size lays out and renders every glyph again (~0.1 ms
            # a label, 28 labels): while the view moves the labels keep their
            # font and are drawn scaled (the view matrix), placed at x / scale.
            scale = size / float(self._labels[0][0].font_size)
        self._label_scale = scale
        letters, digits = self._near_edges()
        edges = (-pj.LABEL_INSET, 6 + pj.LABEL_INSET)
        for text, gx, gy in self._labels:
            # Only the two edges facing the viewer carry names: the far ones
            # would hide behind the balls (and say the same), whatever the turn.
            shown = gy == letters if gy in edges else gx == digits
            if text.visible != shown:
                text.visible = shown
            if not shown:
                continue
            x, y, _ = v.project(gx, gy, 0.0)
            text.position = (x / scale, y / scale)
            if scale == 1.0 and text.font_size != size:
                text.font_size = size

    def _near_edges(self) -> tuple[float, float]:
        """Where the labels facing the viewer are: of the two rows of letters
        (``gy`` low or high) and the two columns of digits (``gx``), the one
        drawn lower on the screen, that is nearer."""
        v = self._view
        lo, hi = -pj.LABEL_INSET, 6 + pj.LABEL_INSET
        letters = lo if v.project(pj.CENTRE, lo, 0.0)[1] <= v.project(pj.CENTRE, hi, 0.0)[1] else hi
        digits = lo if v.project(lo, pj.CENTRE, 0.0)[1] <= v.project(hi, pj.CENTRE, 0.0)[1] else hi
        return letters, digits

    def _highlight_by_cell(self) -> dict[Cell, list[Highlight]]:
        result: dict[Cell, list[Highlight]] = {}
        for h in self._highlights:
            for cell in h.cells:
                result.setdefault(Cell(cell), []).append(h)
        return result

    def _place_items(self, explode: float) -> None:
        v = self._view
        plan = self._plan
        board = self._board
        playable = board.playable_mask()
        marks = self._colour_marks
        lit = self._highlight_by_cell()
        keyed: list[tuple[tuple[float, float, int], arcade.Sprite]] = []
        order: list[tuple[float, float, Cell, float, float]] = []
        ball_px = 2 * (v.radius if plan is None else plan.radius)
        deco_px = ball_px * HALO_SPAN
        ghost = self._ghost
        for cs in self._cells:
            cell = cs.cell
            colour = board[cell] if cell in board else None
            is_ghost = colour is None and ghost is not None and ghost[0] == cell and playable >> cell & 1
            # Empty level-1 cells are picked by their holes (see ``pick``).
            pickable = colour is not None or (cell.level > 1 and bool(playable >> cell & 1))
            if plan is not None:  # every square of the plan is drawn, and none hides another
                (x, y), depth, z = plan.centre(cell), 0.0, 0.0
            elif not pickable and not is_ghost:
                continue
            else:
                x, y, depth = v.ball(cell, explode, self._lift(cell))
                z = pj.cell_height(cell, explode)
            if pickable and plan is None:
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
                keyed.append(((*key_base, BALL), ball))
                if colour is not None and cell.level > 1 and explode < 0.5 and plan is None:
                    sh = cs.shadow
                    # Only the crescent below the ball shows: a flat ellipse
                    # there costs a third of a full disc's pixels.
                    sh.position = (x + 0.08 * v.scale, y - 0.62 * v.scale)
                    sh.width = ball_px * 0.92
                    sh.height = ball_px * 0.5
                    sh.alpha = int(140 * (1 - 2 * explode))
                    keyed.append(((*key_base, SHADOW), sh))
            if colour is None and self._spots and (cell.level > 1 or plan is not None) and not is_ghost \
                    and playable >> cell & 1:
                # Where a ball can rest on a platform: the spot stands where its ball would.
                spot = cs.spot
                spot.position = (x, y)
                spot.width = spot.height = ball_px
                spot.color = SPOT_RGBA
                keyed.append(((*key_base, SPOT), spot))
            if colour is not None and cell == self._last:
                mark = cs.last
                mark.position = (x, y)
                mark.width = mark.height = ball_px * 0.5
                mark.color = LAST_ON_WHITE if colour is Colour.WHITE else LAST_ON_DARK
                keyed.append(((*key_base, LAST), mark))
            if colour is not None:
                self._decorate(cs, lit.get(cell, []), x, y, deco_px, key_base, keyed)
            if self._hover == cell:
                hov = cs.hover
                hov.position = (x, y)
                hov.width = hov.height = deco_px
                hov.color = HOVER
                keyed.append(((*key_base, HOVER_RING), hov))
        order.sort(key=lambda o: (o[0], o[1]))
        self._order = [(cell, x, y) for _, _, cell, x, y in order]
        if explode > 0.01:
            self._place_plates(explode, keyed)
        keyed.sort(key=lambda k: k[0])
        sync_members(self._items, [s for _, s in keyed])

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
        cs: CellSprites,
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
            keyed.append(((*key_base, HALO), cs.halo))
        if any(h.style == "dim" for h in highlights) and glow is None:
            cs.ball.color = (150, 150, 150, cs.ball.alpha)
        for slot, h in enumerate(highlights[:2]):
            ring = cs.rings[slot]
            ring.texture = self._res["dashed" if h.style == "dashed" else "ring"]
            ring.position = (x, y)
            size = deco_px * (1.0 if slot == 0 else 0.86)
            ring.width = ring.height = size
            ring.color = h.colour if h.style != "dim" else (h.colour[0], h.colour[1], h.colour[2], 150)
            keyed.append(((*key_base, RING0 + slot), ring))


__all__ = ["BoardScene", "Highlight"]
