"""Wrapped lines of text stacked down from a top edge (the panels' paragraphs), and
:class:`Layered`, a part of a screen whose labels join the screen's text layer."""

from __future__ import annotations

from collections.abc import Sequence

from spoker.gui.render.text import Label, TextLayer, attach_all, breakable, drawable_text
from spoker.gui.render.theme import ui_scale


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
