"""The widgets of a screen: drawn together, events routed, the focus tracked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, TextLayer
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget, window_height, window_width
from spoker.gui.widgets.panel import Panel
from spoker.gui.widgets.text_input import TextInput

W = TypeVar("W", bound="Widget")
Box = tuple[float, float, float, float]
"""left, bottom, width, height (window units)."""


def _shared(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class WidgetGroup:
    """The widgets of a screen: draws them and routes events, tracks focus."""

    def __init__(self, layer: TextLayer | None = None) -> None:
        self.widgets: list[Widget] = []
        self.layer = layer
        self._overlay_tip = Label("", 11, THEME.text, anchor_y="center")
        self.mouse = (-1.0, -1.0)
        self._revision = 0
        self._shown: tuple[object, ...] | None = None
        self.keep_clear: tuple[Box, ...] = ()  # the screen's message, last drawn: tooltips keep clear of it

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        if self.layer is not None:
            for label in widget.labels():
                label.attach(self.layer)
        return widget

    def draw(self, within: tuple[float, float, float, float] | None = None) -> None:
        """Draw the visible widgets; only those reaching into ``within``
        (left, bottom, right, top, window units) if given: the screen is being
        drawn again inside that rectangle only (their labels stay shown)."""
        for w in self.widgets:
            if not w.visible:
                continue
            if within is not None and (
                w.left >= within[2] or w.left + w.width <= within[0]
                or w.bottom >= within[3] or w.bottom + w.height <= within[1]
            ):
                if self.layer is not None:
                    self.layer.used.update(id(label) for label in w.labels())
                continue
            w.draw()

    def draw_tooltip(self, avoid: Sequence[Box] = ()) -> None:
        """The tooltip of the widget under the mouse, where it covers no text
        of the frame and no other control (see :meth:`tooltip_box`)."""
        w = self.tooltip_widget()
        if w is None:
            return
        tip = self._overlay_tip
        left, bottom, tw, th = self.tooltip_box(w, self.mouse[0], avoid)
        draw_box(left, bottom, tw, th, (10, 12, 16, 235), THEME.accent, radius=5)
        tip.draw_at(left + 7 * ui_scale(), bottom + th / 2)

    def tooltip_widget(self) -> Widget | None:
        """The visible widget with a tooltip under the mouse, if any."""
        x, y = self.mouse
        return next((w for w in self.widgets if w.visible and w.tooltip and w.contains(x, y)), None)

    def tooltip_box(self, widget: Widget, x: float, avoid: Sequence[Box] = ()) -> Box:
        """Where ``widget``'s tooltip goes with the mouse at ``x`` (left,
        bottom, width, height): above the widget, else below, left or right of
        it, the first place that covers none of the texts the text layer drew
        last frame, no other visible control and nothing of ``avoid`` (a
        screen's message); where all cover something, the one covering least."""
        s = ui_scale()
        width, height = window_width(), window_height()
        tip = self._overlay_tip
        tw = tip.set(tip.fitted(widget.tooltip, width - 8 - 14 * s)).content_width + 14 * s
        th = tip.content_height + 8 * s
        gap = 6 * s
        above, below = widget.bottom + widget.height + gap, widget.bottom - th - gap
        middle = widget.bottom + (widget.height - th) / 2
        obstacles = self._obstacles(widget, avoid)

        def fit(px: float, py: float) -> Box:
            return min(max(4.0, px), max(4.0, width - tw - 4)), min(max(4.0, py), max(4.0, height - th - 4)), tw, th

        def cost(box: Box) -> float:
            return sum(_shared(box, o) for o in obstacles)

        def climbed(px: float) -> Box:
            """Above, raised past what it covers (a row of controls over a toolbar)."""
            box = fit(px, above)
            for _ in range(6):
                hit = [o for o in obstacles if _shared(box, o) > 0]
                if not hit or box[1] + th >= height - 4:
                    break
                box = fit(px, max(o[1] + o[3] for o in hit) + gap)
            return box

        # Above the widget, else below (centred on the pointer, then flush with
        # either edge of the widget, then of the window), else beside it, else
        # above what stands over it.
        xs = (x - tw / 2, widget.left, widget.left + widget.width - tw, 4.0, width - tw - 4)
        boxes = [fit(px, py) for py in (above, below) for px in xs]
        boxes += [fit(widget.left - tw - gap, middle), fit(widget.left + widget.width + gap, middle)]
        boxes += [climbed(px) for px in xs]
        own: Box = (widget.left, widget.bottom, widget.width, widget.height)
        # The first place that covers least; covering the widget pointed at is worst (its words hide).
        return min(boxes, key=lambda box: 1000 * _shared(box, own) + cost(box))

    def _obstacles(self, widget: Widget, avoid: Sequence[Box]) -> list[Box]:
        """What a tooltip must not cover: the other controls, the texts drawn, ``avoid``."""
        out: list[Box] = [(o.left, o.bottom, o.width, o.height) for o in self.widgets
                          if o is not widget and o.visible and not isinstance(o, Panel)]
        own = {id(label) for label in widget.labels()}
        if self.layer is not None:
            for label in self.layer.shown:
                if id(label) not in own:
                    b = label.box()
                    out.append((b.left, b.bottom, b.right - b.left, b.top - b.bottom))
        out.extend(self.keep_clear)
        out.extend(avoid)
        return out

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    @property
    def revision(self) -> int:
        """A counter that moves whenever the widgets' picture does (see :meth:`state`)."""
        shown = self.state()
        if shown != self._shown:
            self._shown = shown
            self._revision += 1
        return self._revision

    def state(self) -> tuple[object, ...]:
        """What the widgets show (places, looks, the tooltip's place): equal
        while their picture would be the same."""
        shown: list[object] = []
        for w in self.widgets:
            if not w.visible:
                shown.append(None)
                continue
            shown.append(w.look())
        x, y = self.mouse
        tip = next((i for i, w in enumerate(self.widgets) if w.visible and w.tooltip and w.contains(x, y)), None)
        return (tuple(shown), tip, x if tip is not None else None)

    @property
    def focused(self) -> TextInput | None:
        for w in self.widgets:
            if isinstance(w, TextInput) and w.focused and w.visible:
                return w
        return None

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.mouse = (x, y)
        for w in self.widgets:
            w.on_mouse_motion(x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        handled = False
        for w in self.widgets:
            if isinstance(w, TextInput):
                handled = w.on_mouse_press(x, y, button) or handled
        if handled:
            return True
        for w in reversed(self.widgets):
            if w.visible and not isinstance(w, (TextInput, Panel)) and w.on_mouse_press(x, y, button):
                return True
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        field = self.focused
        if field is not None:
            if symbol == keys.TAB:
                self.focus_next(field, -1 if modifiers & keys.MOD_SHIFT else 1)
                return True
            return field.on_key_press(symbol, modifiers)
        return False

    def on_text(self, text: str) -> bool:
        field = self.focused
        return field.on_text(text) if field is not None else False

    def focus_next(self, current: TextInput | None, step: int = 1) -> None:
        fields = [w for w in self.widgets if isinstance(w, TextInput) and w.visible]
        if not fields:
            return
        i = fields.index(current) if current in fields else -1
        for f in fields:
            f.focus(False)
        fields[(i + step) % len(fields)].focus(True)
