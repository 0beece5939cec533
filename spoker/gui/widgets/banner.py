"""The banner over the board that names a moment (a challenge, its settlement, a
blocked group), and a straight flush's own sparks and card."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import arcade

from spoker.gui.models.story import Moment
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import BANNER_COLOURS, ROLE_COLOURS, THEME, ui_scale
from spoker.gui.widgets.text_block import Layered, TextBlock

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
    """The moment (challenge, settlement, straight flush, blocked group) over the board."""

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
        s = ui_scale()
        inner = width - 28 * s
        lines, title_text, title_h, h = self._measured(moment, width, legend)
        title = self._title
        bottom = top - h
        grow = min(1.0, time / 0.25)
        pulse = 1.5 + 2.5 * max(0.0, 1.0 - time / 1.2) * (0.5 + 0.5 * math.sin(time * 12))
        draw_box(left, bottom, width, h, (16, 18, 24, int(225 * grow)), colour, radius=10, border_width=pulse)
        title.draw_at(left + 14 * s, top - 9 * s, title_text, colour)
        self._block.draw(lines, left + 14 * s, top - 12 * s - title_h, inner)
        return bottom

    def height(self, moment: Moment, width: float, legend: bool = True) -> float:
        """How tall :meth:`draw` makes the banner of ``moment`` at ``width``
        (0 when nothing shows): what a view keeps free above the plan."""
        return 0.0 if moment.kind == "none" else self._measured(moment, width, legend)[3]

    def _measured(self, moment: Moment, width: float, legend: bool) -> tuple[list[tuple[str, Sequence[int]]], str, float, float]:
        """The banner's paragraph, its title as it fits, the title's height
        and the whole height (the title font left set for drawing)."""
        # One paragraph: the banner stays short and leaves the pyramid visible.
        parts = list(moment.lines)
        if legend and moment.kind == "settled":
            parts.append("gold: the challenge, cyan: the response")
        lines: list[tuple[str, Sequence[int]]] = [("   \u00b7   ".join(parts), THEME.text)] if parts else []
        s = ui_scale()
        inner = width - 28 * s
        title = self._title.set(size=self._title_size(moment.title, inner))
        title_text = title.fitted(moment.title, inner)
        title_h = title.set(title_text).content_height
        return lines, title_text, title_h, title_h + 21 * s + self._block.height(lines, inner)

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
