"""A background box with an optional title, behind a screen's other widgets."""

from __future__ import annotations

from collections.abc import Sequence

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget


class Panel(Widget):
    """A background box with an optional title."""

    def __init__(self, title: str = "", fill: Sequence[int] = THEME.panel) -> None:
        super().__init__()
        self.title = title
        self.fill = tuple(fill)
        self._title = Label(title, 12, THEME.muted, bold=True, anchor_y="top")

    def labels(self) -> list[Label]:
        return [self._title]

    def look(self) -> tuple[object, ...]:
        return (*super().look(), self.title, self.fill)

    def draw(self) -> None:
        if not self.visible:
            return
        draw_box(self.left, self.bottom, self.width, self.height, self.fill, THEME.panel_border, radius=10)
        if self.title:
            s = ui_scale()
            self._title.draw_at(self.left + 12 * s, self.bottom + self.height - 8 * s,
                                self._title.fitted(self.title.upper(), self.width - 24 * s))
