"""The widgets of a screen: drawn together, events routed, the focus tracked."""

from __future__ import annotations

from typing import TypeVar

from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, TextLayer
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget, window_height, window_width
from spoker.gui.widgets.panel import Panel
from spoker.gui.widgets.text_input import TextInput

W = TypeVar("W", bound="Widget")


class WidgetGroup:
    """The widgets of a screen: draws them and routes events, tracks focus."""

    def __init__(self, layer: TextLayer | None = None) -> None:
        self.widgets: list[Widget] = []
        self.layer = layer
        self._overlay_tip = Label("", 11, THEME.text, anchor_y="center")
        self.mouse = (-1.0, -1.0)
        self._revision = 0
        self._shown: tuple[object, ...] | None = None

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

    def draw_tooltip(self) -> None:
        x, y = self.mouse
        for w in self.widgets:
            if w.visible and w.tooltip and w.contains(x, y):
                s = ui_scale()
                width = window_width()
                tip = self._overlay_tip
                text = tip.fitted(w.tooltip, width - 8 - 14 * s)
                tw = tip.set(text).content_width + 14 * s
                th = tip.content_height + 8 * s
                left = min(max(4.0, x - tw / 2), max(4.0, width - tw - 4))
                bottom = w.bottom + w.height + 6 * s
                if bottom + th > window_height():  # no room above: below the widget
                    bottom = w.bottom - th - 6 * s
                draw_box(left, bottom, tw, th, (10, 12, 16, 235), THEME.accent, radius=5)
                tip.draw_at(left + 7 * s, bottom + th / 2)
                return

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
