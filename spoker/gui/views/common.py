"""Drawing shared by the game and the replay viewer: the side panel's parts,
the banner that names a challenge or a verdict, and the highlight colours."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import arcade

from shibumi import Cell, Colour
from spoker.gui.models.story import Line, Mark, Moment
from spoker.gui.render.shapes import draw_ball, draw_box, draw_ring, draw_sack
from spoker.gui.render.text import Label, TextLayer, attach_all, breakable, drawable_text
from spoker.gui.render.theme import THEME, player_colour, ui_scale
from spoker.gui.widgets.buttons import Button
from spoker.text.narrator import COLOUR_NAMES


def draw_modal_box(rect: tuple[float, float, float, float]) -> None:
    """A dialog's box over a dimmed screen (the save and confirm dialogs)."""
    width, height = arcade.get_window().get_size()
    arcade.draw_lrbt_rectangle_filled(0, max(width, 4000), 0, max(height, 4000), (0, 0, 0, 140))
    left, bottom, w, h = rect
    draw_box(left, bottom, w, h, (30, 35, 46, 250), THEME.accent, radius=12, border_width=2)


def place_toolbar(
    toolbar: Sequence[Button], optional: Sequence[Button], width: float, bar: float,
    gap: float, min_width: float, max_width: float, keep: int = 0,
) -> None:
    """Lay ``toolbar`` out in a row along the bottom of an area ``width`` wide
    (``bar`` high). In a narrow window the ``optional`` buttons go, in order
    (their keys still work), while a button would be narrower than
    ``min_width``; at least ``keep`` buttons stay. Sizes in window pixels."""
    s = ui_scale()
    shown = list(toolbar)
    left = list(optional)

    def each() -> float:
        return (width - 12 * s - gap * (len(shown) - 1)) / len(shown)

    while left and len(shown) > keep and each() < min_width:
        shown.remove(left.pop(0))
    for b in toolbar:
        b.visible = b in shown
    bw = min(max_width, each())
    x = 8.0 * s
    for b in shown:
        b.place(x, 8 * s, bw, bar - 12 * s)
        x += bw + gap


ROLE_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "challenge": (255, 200, 40, 255),
    "response": (60, 210, 255, 255),
    "formed": (255, 200, 40, 255),
    "flush": (255, 80, 200, 255),
    "blocked": (175, 175, 185, 255),
    "hint": (90, 230, 110, 255),
    "selected": (255, 255, 255, 255),
}
ROLE_STYLES = {"blocked": "dashed", "hint": "dashed"}
VERDICT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "inaccuracy": (240, 220, 90, 255),
    "mistake": (255, 150, 40, 255),
    "blunder": (255, 60, 60, 255),
}
"""The analysis's verdicts (graph points, the story's marked moves)."""
LOG_COLOURS = {
    "info": THEME.muted,
    "move": THEME.text,
    "group": (255, 220, 140, 255),
    "challenge": ROLE_COLOURS["challenge"],
    "verdict": ROLE_COLOURS["response"],
    "flush": ROLE_COLOURS["flush"],
    "end": THEME.good,
    "warn": (190, 190, 200, 255),
    **VERDICT_COLOURS,
}
BANNER_COLOURS = {
    "challenge": ROLE_COLOURS["challenge"],
    "verdict": ROLE_COLOURS["response"],
    "straight_flush": ROLE_COLOURS["flush"],
    "blocked": ROLE_COLOURS["blocked"],
    "end": THEME.good,
}


def highlights(marks: Sequence[Mark]) -> list[object]:
    """Scene highlights for the controller's marks (same cells: the first wins)."""
    from spoker.gui.render.scene import Highlight

    out: list[object] = []
    for m in marks:
        out.append(Highlight(tuple(m.cells), ROLE_COLOURS.get(m.role, THEME.accent), ROLE_STYLES.get(m.role, "glow")))
    return out


class Layered:
    """A part of a screen whose labels can join the screen's text layer."""

    def attach_layer(self, layer: TextLayer) -> None:
        attach_all(self, layer)


class TextBlock:
    """Wrapped lines of text stacked downwards from a top edge, cached."""

    def __init__(self, size: float = 12, bold: bool = False) -> None:
        self.size = size
        self.bold = bold
        self.layer: TextLayer | None = None
        self._labels: list[Label] = []
        self._measure = Label("", self.size, bold=self.bold, anchor_y="top", multiline=True, width=200)
        self._heights: dict[tuple[str, int, float], float] = {}

    def attach_layer(self, layer: TextLayer) -> None:
        self.layer = layer
        for label in self._labels:
            label.attach(layer)

    def _label(self) -> Label:
        return Label("", self.size, bold=self.bold, anchor_y="top", multiline=True, width=200, layer=self.layer)

    def line_height(self, text: str, width: int) -> float:
        """The wrapped height of ``text`` (cached: layout is the costly part)."""
        key = (text, width, ui_scale())
        h = self._heights.get(key)
        if h is None:
            if len(self._heights) > 4000:
                self._heights.clear()
            h = self._heights[key] = self._measure.set(_wrappable(text), width=width).content_height
        return h

    def draw(
        self, lines: Sequence[tuple[str, Sequence[int]]], left: float, top: float, width: float,
        bottom_limit: float = -1e9, gap: float = 3,
    ) -> float:
        """Draw ``lines`` (text, colour) wrapped to ``width``; returns the y below them."""
        while len(self._labels) < len(lines):
            self._labels.append(self._label())
        y = top
        w = max(40, int(width))
        for label, (text, colour) in zip(self._labels, lines):
            h = self.line_height(text, w)
            if y - h < bottom_limit:
                break
            label.draw_at(left, y, _wrappable(text), colour, width=w)
            y -= h + gap
        return y

    def height(self, lines: Sequence[tuple[str, Sequence[int]]], width: float, gap: float = 3) -> float:
        w = max(40, int(width))
        return sum(self.line_height(t, w) + gap for t, _ in lines)


def _wrappable(text: str) -> str:
    """Text that wraps inside its width, long words (a name, a path) too."""
    return breakable(drawable_text(text))


class LogBox(Layered):
    """The narration, newest at the bottom, clipped to its box."""

    def __init__(self) -> None:
        self._title = Label("STORY", 11, THEME.muted, bold=True, anchor_y="top")
        self._block = TextBlock(11)

    def draw(self, log: Sequence[Line], left: float, bottom: float, width: float, height: float) -> None:
        s = ui_scale()
        if height < 40 * s:
            return
        draw_box(left, bottom, width, height, (20, 24, 31, 230), THEME.panel_border, radius=8)
        self._title.draw_at(left + 10 * s, bottom + height - 7 * s)
        inner = width - 20 * s
        room = height - 18 * s - self._title.content_height  # under the title, above the bottom margin
        # Take lines from the newest backwards while they fit.
        chosen: list[tuple[str, Sequence[int]]] = []
        used = 0.0
        for line in reversed(log[-40:]):
            entry = (line.text, LOG_COLOURS.get(line.kind, THEME.text))
            h = self._block.height([entry], inner)
            if used + h > room:
                break
            chosen.insert(0, entry)
            used += h
        self._block.draw(chosen, left + 10 * s, bottom + 8 * s + used, inner)


class PlayerCards(Layered):
    """The two players: name, seat, score; the one to move stands out."""

    def __init__(self) -> None:
        self._names = [Label("", 15, bold=True, anchor_y="center") for _ in range(2)]
        self._seats = [Label("", 10, THEME.muted, anchor_y="center") for _ in range(2)]
        self._scores = [Label("", 26, bold=True, anchor_x="right", anchor_y="center") for _ in range(2)]
        self._turn = [Label("", 10, THEME.accent, anchor_y="center", bold=True) for _ in range(2)]

    def draw(
        self, left: float, top: float, width: float, names: Sequence[str], seats: Sequence[str],
        scores: Sequence[int], to_move: int | None, turn_text: str = "TO MOVE", card_h: float = 58,
    ) -> float:
        s = ui_scale()
        card_h *= s
        y = top
        for i in range(2):
            player = i + 1
            active = to_move == player
            colour = player_colour(player)
            fill = (48, 58, 78, 255) if active else (30, 35, 45, 255)
            bottom = y - card_h
            draw_box(left, bottom, width, card_h, fill, colour if active else THEME.panel_border,
                     radius=8, border_width=3 if active else 1.5)
            arcade.draw_lrbt_rectangle_filled(left + 3 * s, left + 9 * s, bottom + 8 * s, y - 8 * s, colour)
            score = self._scores[i].set(str(scores[i]))
            text_x = left + 18 * s
            room = left + width - 14 * s - score.content_width - 8 * s - text_x  # left of the score
            name = self._names[i]
            seat = self._seats[i]
            # The name over the small line (seat, turn), the pair centred.
            mid = bottom + card_h / 2
            small = bool(seats[i]) or (active and bool(turn_text))
            small_h = seat.set(seats[i] or "TO MOVE").content_height if small else 0.0
            name_h = name.set(name.fitted(names[i], room)).content_height
            small_y = mid - name_h / 2
            name.draw_at(text_x, mid + small_h / 2, name.fitted(names[i], room))
            turn_x = text_x
            if seats[i]:
                seat.draw_at(text_x, small_y, seat.fitted(seats[i], room))
                turn_x = text_x + seat.content_width + 10 * s
            if active and turn_text:
                turn = self._turn[i]
                turn.draw_at(turn_x, small_y, turn.fitted(turn_text, text_x + room - turn_x))
            score.draw_at(left + width - 14 * s, bottom + card_h / 2)
            y = bottom - 6 * s
        return y


class BagBox(Layered):
    """The bag and its content (10 per colour minus what is placed), and the
    ball just drawn. Clicking it draws (the game view checks the rect)."""

    def __init__(self) -> None:
        self._title = Label("BAG", 11, THEME.muted, bold=True, anchor_y="top")
        self._counts = [Label("", 14, bold=True, anchor_x="center", anchor_y="center") for _ in range(3)]
        self._drawn = Label("", 10, THEME.muted, anchor_x="center", anchor_y="top")
        self._hint = Label("", 11, THEME.accent, anchor_y="top", bold=True)
        self._measure = Label("", 14, bold=True)  # measures the counts (never drawn)
        self._columns: tuple[object, tuple[float, float, float, float]] = (None, (1.0, 14.0, 0.0, 0.0))
        self.rect = (0.0, 0.0, 0.0, 0.0)

    @staticmethod
    def pulse(time: float) -> float:
        """The fill's pulse at ``time`` while a draw is due, 0..1."""
        return 0.5 + 0.5 * math.sin(time * 4.0)

    def contains(self, x: float, y: float) -> bool:
        left, bottom, w, h = self.rect
        return left <= x <= left + w and bottom <= y <= bottom + h

    COUNT_SIZES = (14, 13, 12, 11)  # the counts' font, largest first, while three columns do not fit
    COUNT_GAP = 8  # pixels at scale 1 kept between two counts ("10 10 10", never "101010")

    def _count_columns(
        self, left: float, right: float, bag: Sequence[int], s: float,
    ) -> tuple[float, float, float, float]:
        """Where the three counts go between the sack and ``right``: the
        sack's scale, the counts' font size, the first column's left and the
        columns' width. Each column holds its count and a gap: in a narrow
        box the sack shrinks first, then the counts' font."""
        key = (left, right, tuple(bag), s)
        if self._columns[0] == key:  # measured once per layout and bag, not every frame
            return self._columns[1]
        texts = {str(n) for n in bag} | {"10"}  # as wide as a full bag's, so nothing jumps
        measure = self._measure
        out = (s, 0.0, 0.0, 0.0)
        for sack in (s, 0.8 * s):
            start = left + 10 * s + 52 * sack + 6 * s  # the sack's right edge and a margin
            for size in self.COUNT_SIZES:
                widest = max(measure.set(t, size=size).content_width for t in texts)
                need = widest + self.COUNT_GAP * s
                out = (sack, size, start, need)  # the smallest so far: a box too narrow for a bag
                if 3 * need <= right - start:
                    out = (sack, size, start, min(56.0 * s, max(need, (right - start) / 3)))
                    self._columns = (key, out)
                    return out
        self._columns = (key, out)
        return out

    def draw(
        self, left: float, top: float, width: float, bag: Sequence[int], drawn: Colour | None,
        can_draw: bool, time: float, marks: bool = False, height: float = 96, pulse: float | None = None,
    ) -> float:
        """The box under ``top``; its fill pulses (at ``pulse`` 0..1 if given,
        else by ``time``) while a draw is due. Returns the y below it."""
        s = ui_scale()
        height *= s
        bottom = top - height
        self.rect = (left, bottom, width, height)
        border = THEME.accent if can_draw else THEME.panel_border
        if pulse is None:
            pulse = self.pulse(time)
        pulse = pulse if can_draw else 0.0
        fill = (int(38 + 18 * pulse), int(44 + 14 * pulse), int(56 + 6 * pulse), 255)
        draw_box(left, bottom, width, height, fill, border, radius=8, border_width=2.5 if can_draw else 1.5)
        self._title.draw_at(left + 10 * s, top - 7 * s)
        if can_draw:
            hint_x = left + 54 * s
            text = "click here or press Space to draw"
            if self._hint.set(text).content_width > left + width - 8 * s - hint_x:
                text = "click or Space: draw"
            self._hint.draw_at(hint_x, top - 7 * s, self._hint.fitted(text, left + width - 8 * s - hint_x))
        mid = bottom + (height - 20 * s) / 2
        # The drawn ball, large, at the right; the counts share what is left.
        r = (24.0 if width >= 300 * s else 18.0) * s
        drawn_text = "no ball drawn" if drawn is None else f"drawn: {COLOUR_NAMES[drawn]}"
        # The caption under the ball must stay inside the box.
        half = max(r, self._drawn.set(drawn_text).content_width / 2)
        dx = left + width - max(r + 30 * s, half + 8 * s)
        sack, size, x, col_w = self._count_columns(left, dx - half - 6 * s, bag, s)
        draw_sack(left + 10 * s + 26 * sack, mid - 2 * s, sack)
        for i, colour in enumerate((Colour.WHITE, Colour.BLACK, Colour.RED)):
            cx = x + (i + 0.5) * col_w
            draw_ball(cx, mid + 10 * s, 10 * s, colour, mark=marks)
            self._counts[i].draw_at(cx, mid - 16 * s, str(bag[i]), size=size)
        if drawn is not None:
            draw_ball(dx, mid + 6 * s, r, drawn, mark=marks)
        else:
            draw_ring(dx, mid + 6 * s, r, (90, 100, 120, 255), 2)
        self._drawn.draw_at(dx, mid - 22 * s, drawn_text)
        return bottom - 8 * s


SPARK_COLOURS = ((255, 210, 60), (255, 255, 255), (255, 80, 200))


@lru_cache(maxsize=1)
def spark_texture() -> arcade.Texture:
    """A white disc, smooth edged (painted supersampled), tinted per spark."""
    from PIL import Image, ImageDraw

    big = Image.new("RGBA", (128, 128), (255, 255, 255, 0))
    ImageDraw.Draw(big).ellipse((0, 0, 127, 127), fill=(255, 255, 255, 255))
    return arcade.Texture(big.resize((32, 32), Image.Resampling.LANCZOS), hash="spoker:spark")


BANNER_SETTLE = 1.25  # seconds a new banner grows and its border pulses (Banner.draw)


class Banner(Layered):
    """The moment (challenge, verdict, straight flush, blocked group) over the board."""

    def __init__(self) -> None:
        self._title = Label("", 17, bold=True, anchor_y="top")
        self._measure = Label("", 17, bold=True, anchor_y="top")
        self._fit: tuple[tuple[str, int, float] | None, float] = (None, 17.0)
        self._block = TextBlock(12)
        self._big = Label("", 40, bold=True, anchor_x="center", anchor_y="center")
        self._sub = Label("", 16, anchor_x="center", anchor_y="center")
        rng = random.Random(2024)  # fixed: the same sparkle every time
        self._sparks = [
            (rng.uniform(0, math.tau), rng.uniform(120, 420), rng.uniform(3, 7), rng.choice((0, 1, 2)))
            for _ in range(70)
        ]
        self._spark_list: arcade.SpriteList[arcade.Sprite] | None = None  # made on the first flush

    def _spark_sprites(self) -> arcade.SpriteList[arcade.Sprite]:
        """One sprite per spark (a white disc tinted), made on first use."""
        sprites = self._spark_list
        if sprites is None:
            sprites = arcade.SpriteList()
            disc = spark_texture()
            sprites.extend(arcade.Sprite(disc) for _ in self._sparks)
            self._spark_list = sprites
        return sprites

    def draw(self, moment: Moment, left: float, top: float, width: float, time: float,
             legend: bool = True) -> float:
        """The banner under ``top``; returns its bottom (``top`` when nothing shows)."""
        if moment.kind == "none":
            return top
        colour = BANNER_COLOURS.get(moment.kind, THEME.accent)
        # One paragraph: the banner stays short and leaves the pyramid visible.
        parts = list(moment.lines)
        if legend and moment.kind == "verdict":
            parts.append("gold: the challenge, cyan: the response")
        lines = [("   \u00b7   ".join(parts), THEME.text)] if parts else []
        s = ui_scale()
        inner = width - 28 * s
        size = self._title_size(moment.title, inner)
        title = self._title.set(size=size)
        title_text = title.fitted(moment.title, inner)
        title_h = title.set(title_text).content_height
        h = title_h + 21 * s + self._block.height(lines, inner)
        bottom = top - h
        grow = min(1.0, time / 0.25)
        pulse = 1.5 + 2.5 * max(0.0, 1.0 - time / 1.2) * (0.5 + 0.5 * math.sin(time * 12))
        draw_box(left, bottom, width, h, (16, 18, 24, int(225 * grow)), colour, radius=10, border_width=pulse)
        title.draw_at(left + 14 * s, top - 9 * s, title_text, colour)
        self._block.draw(lines, left + 14 * s, top - 12 * s - title_h, inner)
        return bottom

    def _title_size(self, title: str, width: float) -> float:
        """The largest font size (17 down to 11) at which the title fits."""
        key = (title, int(width), ui_scale())
        if self._fit[0] != key:
            size = 17.0
            while size > 11 and self._measure.set(title, size=size).content_width > width:
                size -= 1
            self._fit = (key, size)
        return self._fit[1]

    def draw_flush(
        self, moment: Moment, card: tuple[float, float], spark: tuple[float, float], time: float,
        max_width: float = 1e9,
    ) -> None:
        """The straight flush's own moment: sparks bursting from the group, and
        a big pulsing card (over the front of the board) that fades after 5 s."""
        sx, sy = spark
        t = time % 3.0
        alpha = max(0, int(255 * (1.0 - t / 3.0)))
        sprites = self._spark_sprites()
        for sprite, (angle, speed, size, k) in zip(sprites, self._sparks):
            d = speed * t
            sprite.position = (sx + math.cos(angle) * d, sy + math.sin(angle) * d * 0.8)
            sprite.width = sprite.height = 2 * size
            sprite.color = (*SPARK_COLOURS[k], alpha)
        sprites.draw()  # the 70 sparks in one draw call
        fade = 1.0 if time < 4.0 else max(0.0, 5.0 - time)
        if fade <= 0:
            return
        cx, cy = card
        grow = min(1.0, 0.4 + time / 0.4)
        scale = grow * (1.0 + 0.05 * math.sin(time * 6))
        w, h = min(520 * ui_scale(), max_width / 1.06) * scale, 104 * ui_scale() * scale  # 1.06: the pulse
        draw_box(cx - w / 2, cy - h / 2, w, h, (30, 10, 40, int(235 * fade)),
                 (*ROLE_COLOURS["flush"][:3], int(255 * fade)), radius=16, border_width=4)
        big = self._big.set(size=round(36 * scale))
        while big.base_size > 14 and big.set("STRAIGHT FLUSH!").content_width > w - 24:
            big.set(size=big.base_size - 2)  # a narrow board: a smaller headline
        big.draw_at(cx, cy + 14 * scale * ui_scale(), "STRAIGHT FLUSH!", (255, 220, 90, int(255 * fade)))
        sub = moment.title.split("! ", 1)[-1]
        self._sub.draw_at(cx, cy - 28 * scale * ui_scale(), self._sub.fitted(sub, w - 24),
                          (*THEME.text[:3], int(255 * fade)))


def draw_moment(banner: Banner, moment: Moment, scene: object, board_rect: tuple[float, float, float, float],
                top: float, time: float) -> None:
    """The banner over the board and, for a straight flush, its own moment."""
    left, bottom, width, _ = board_rect
    banner.draw(moment, left + 10, top, width - 20, time)
    if moment.kind != "straight_flush":
        return
    flush = next((m for m in moment.marks if m.role == "flush"), None)
    centre = (left + width / 2, bottom + width * 0.35)
    if flush is not None:
        apex = max(flush.cells, key=lambda c: c.level)
        x, y, _ = scene.screen_position(apex)  # type: ignore[attr-defined]
        centre = (x, y)
    # Low over the board's front, above the toolbar and the Results button.
    banner.draw_flush(moment, (left + width / 2, bottom + 124 * ui_scale()), centre, time, width - 20)


def board_cell_at(view: object, x: float, y: float) -> Cell | None:
    """The cell under the pointer on a view's board (``board_rect``,
    ``scene``), or None off the board or over one of its widgets (``ui``)."""
    left, bottom, w, h = view.board_rect  # type: ignore[attr-defined]
    if not (left <= x <= left + w and bottom <= y <= bottom + h):
        return None
    for widget in view.ui.widgets:  # type: ignore[attr-defined]
        if widget.visible and widget.contains(x, y):
            return None
    return view.scene.pick(x, y)  # type: ignore[attr-defined]


def draw_ball_tip(tip: Label, text: str, scene: object, cell: Cell, right: float, height: float) -> None:
    """A one-line tip just above ``cell``'s ball (so it never hides the ghost
    it talks about), kept left of ``right`` and below the window's top;
    ``tip`` is a label anchored on its vertical centre."""
    s = ui_scale()
    cx, cy, r = scene.screen_position(cell)  # type: ignore[attr-defined]
    text = tip.fitted(text, right - 8 * s - 16 * s)
    w = tip.set(text).content_width + 16 * s
    h = tip.content_height + 10 * s
    left = max(4.0 * s, min(cx - w / 2, right - w - 4 * s))
    bottom = min(cy + r + 6 * s, height - h - 4 * s)
    draw_box(left, bottom, w, h, (10, 12, 16, 230), THEME.accent, radius=5)
    tip.draw_at(left + 8 * s, bottom + h / 2)
