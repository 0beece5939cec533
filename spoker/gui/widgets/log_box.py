"""The narration box of the side panel: the story, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from spoker.gui.models.story import Line
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import LOG_COLOURS, THEME, ui_scale
from spoker.gui.widgets.text_block import Layered, TextBlock


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
