"""The bag of the side panel: what is left of each colour, the ball drawn; a click draws."""

from __future__ import annotations

import math
from collections.abc import Sequence

from shibumi import Colour
from spoker.engine.judging import DEFAULT_BAG
from spoker.gui.render.shapes import draw_ball, draw_box, draw_ring, draw_sack
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.text_block import Layered
from spoker.text.narrator import COLOUR_NAMES


class BagBox(Layered):
    """The bag and its content (the rule set's balls of each colour minus
    what is drawn), and the ball just drawn. Clicking it draws (the game
    view checks the rect)."""

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
        self, left: float, right: float, bag: Sequence[int], s: float, full: Sequence[int] = DEFAULT_BAG,
    ) -> tuple[float, float, float, float]:
        """Where the three counts go between the sack and ``right``: the
        sack's scale, the counts' font size, the first column's left and the
        columns' width. Each column holds its count and a gap: in a narrow
        box the sack shrinks first, then the counts' font. ``full`` is the
        bag at the start (the rule set's counts)."""
        key = (left, right, tuple(bag), s, tuple(full))
        if self._columns[0] == key:  # measured once per layout and bag, not every frame
            return self._columns[1]
        texts = {str(n) for n in bag} | {str(max(full))}  # as wide as the full bag's largest, so nothing jumps
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
        full: Sequence[int] = DEFAULT_BAG,
    ) -> float:
        """The box under ``top``; its fill pulses (at ``pulse`` 0..1 if given,
        else by ``time``) while a draw is due; the counts' columns are as wide
        as ``full``'s (the rule set's bag at the start). Returns the y below it."""
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
        sack, size, x, col_w = self._count_columns(left, dx - half - 6 * s, bag, s, full)
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
