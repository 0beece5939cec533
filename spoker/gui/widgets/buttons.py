"""Clickable widgets: a button, a choice that cycles through options, an on/off toggle."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import RGBA, THEME, ui_scale
from spoker.gui.widgets.base import Widget


class Button(Widget):
    """A clickable box with a label and an optional shortcut shown under it."""

    def __init__(
        self, label: str, action: Callable[[], object], shortcut: str = "", primary: bool = False,
        tooltip: str = "", size: float = 13,
    ) -> None:
        super().__init__(tooltip)
        self.label = label
        self.action = action
        self.shortcut = shortcut
        self.primary = primary
        self.active = False  # drawn as pressed (toggled on)
        self.size = size
        self._label = Label(label, size, anchor_x="center", anchor_y="bottom", bold=primary)
        self._key = Label(shortcut, 9, THEME.muted, anchor_x="right", anchor_y="bottom")
        self._fitted: tuple[tuple[str, float, float] | None, float] = (None, size)

    def look(self) -> tuple[object, ...]:
        return (*super().look(), self.label, self.shortcut, self.primary, self.active, self.size)

    def fill(self) -> RGBA:
        if not self.enabled:
            return THEME.button_disabled
        if self.primary:
            return THEME.button_primary_hover if self.hover else THEME.button_primary
        if self.active:
            return (60, 110, 80, 255) if not self.hover else (76, 136, 100, 255)
        return THEME.button_hover if self.hover else THEME.button

    def draw(self) -> None:
        if not self.visible:
            return
        border = THEME.accent if self.active else THEME.panel_border
        draw_box(self.left, self.bottom, self.width, self.height, self.fill(), border, radius=7)
        colour = THEME.text if self.enabled else THEME.muted
        cx, cy = self.center
        size = self._fit()
        label = self._label.set(size=size)
        label.set(label.fitted(self.label, self.width - 10), colour)  # cut if even the smallest size is too wide
        key_h = self._key.set(self.shortcut).content_height
        label_h = label.content_height
        # The key hint sits in the bottom right corner, the label above it:
        # only when the button is tall and wide enough for both.
        with_key = (
            bool(self.shortcut) and self.height >= key_h + label_h + 4
            and self.width >= self._key.content_width + 12
        )
        y = cy - label_h / 2
        if with_key:
            y = min(max(y, self.bottom + 2 + key_h), self.bottom + self.height - 2 - label_h)
        label.draw_at(cx, y)
        if with_key:
            self._key.draw_at(self.left + self.width - 5, self.bottom + 2)

    def labels(self) -> list[Label]:
        return [self._label, self._key]

    def _fit(self) -> float:
        """The label's font size: shrunk rather than overflow a narrow button."""
        key = (self.label, self.width, ui_scale())
        if self._fitted[0] != key:
            size = self.size
            while size > 8 and self._label.set(self.label, size=size).content_width > self.width - 10:
                size -= 1
            self._fitted = (key, size)
        return self._fitted[1]

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if self.enabled and self.contains(x, y):
            self.action()
            return True
        return False


class Choice(Button):
    """A button that cycles through options (left click: next, right click: back)."""

    def __init__(
        self, caption: str, options: Sequence[tuple[str, str]], index: int = 0,
        on_change: Callable[[str], object] | None = None, tooltip: str = "",
    ) -> None:
        self.caption = caption
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.on_change = on_change
        super().__init__(self._text(), self.next, tooltip=tooltip)

    def _text(self) -> str:
        label = self.options[self.index][1]
        return f"{self.caption}: {label}" if self.caption else label

    @property
    def value(self) -> str:
        return self.options[self.index][0]

    def select(self, value: str) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                self.label = self._text()
                return

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.label = self._text()
        if self.on_change is not None:
            self.on_change(self.value)

    def next(self) -> None:
        self.step(1)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if self.enabled and self.contains(x, y):
            self.step(-1 if button == arcade.MOUSE_BUTTON_RIGHT else 1)
            return True
        return False


class Toggle(Choice):
    """An on/off choice."""

    def __init__(
        self, caption: str, on: bool, on_change: Callable[[bool], object] | None = None,
        tooltip: str = "", labels: tuple[str, str] = ("Off", "On"),
    ) -> None:
        self._on_toggle = on_change
        super().__init__(
            caption, [("off", labels[0]), ("on", labels[1])], int(on), self._changed, tooltip
        )
        self.active = on

    @property
    def on(self) -> bool:
        return self.index == 1

    def set(self, on: bool) -> None:
        self.index = int(on)
        self.label = self._text()
        self.active = on

    def _changed(self, value: str) -> None:
        self.active = self.on
        if self._on_toggle is not None:
            self._on_toggle(self.on)
