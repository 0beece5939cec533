"""Small self-made widgets: buttons, choices, toggles, text fields, panels.

arcade.gui cannot be imported headless (arcade 3.3.3), so the screens use
these: plain shapes and cached :class:`arcade.Text` objects. A widget has a
rectangle in window pixels (left, bottom, width, height) set by its view's
``layout``; a :class:`WidgetGroup` dispatches mouse, key and text events.

The theme, shapes and text the screens import from here live in
:mod:`spoker.gui.render.theme`, :mod:`spoker.gui.render.shapes` and :mod:`spoker.gui.render.text`
(re-exported below for the views and tests that import them from here).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import arcade
from arcade import key as keys

from spoker.gui.render.shapes import draw_ball, draw_box, rounded_points
from spoker.gui.render.text import (
    MAX_TEXT,
    ZWSP,
    DrawnText,
    Label,
    TextLayer,
    attach_all,
    breakable,
    recording_texts,
    screen_text,
)
from spoker.gui.render.theme import (
    BASE_SIZE,
    FONT,
    MAX_SCALE,
    RGBA,
    THEME,
    Theme,
    player_colour,
    scale_for,
    set_ui_scale,
    ui_scale,
)

__all__ = [
    "BASE_SIZE", "FONT", "MAX_SCALE", "MAX_TEXT", "RGBA", "THEME", "ZWSP", "Button", "Choice", "DrawnText",
    "Label", "Panel", "TextInput", "TextLayer", "Theme", "Toggle", "Widget", "WidgetGroup", "attach_all",
    "breakable", "draw_ball", "draw_box", "player_colour", "recording_texts", "rounded_points", "scale_for",
    "screen_text", "set_ui_scale", "ui_scale",
]

W = TypeVar("W", bound="Widget")


class Widget:
    """Base: a rectangle, visibility, enabled state and a tooltip."""

    def __init__(self, tooltip: str = "") -> None:
        self.left = 0.0
        self.bottom = 0.0
        self.width = 0.0
        self.height = 0.0
        self.visible = True
        self.enabled = True
        self.hover = False
        self.tooltip = tooltip

    def place(self, left: float, bottom: float, width: float, height: float) -> Widget:
        self.left, self.bottom, self.width, self.height = left, bottom, width, height
        return self

    def contains(self, x: float, y: float) -> bool:
        return (
            self.visible
            and self.left <= x <= self.left + self.width
            and self.bottom <= y <= self.bottom + self.height
        )

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.width / 2, self.bottom + self.height / 2)

    def draw(self) -> None:  # pragma: no cover - overridden
        pass

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.hover = self.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return False

    def on_text(self, text: str) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def labels(self) -> list[Label]:
        """The labels a text layer may draw (not the ones only measured)."""
        return []

    def look(self) -> tuple[object, ...]:
        """What the widget's picture depends on (equal: the same picture)."""
        return (type(self), self.left, self.bottom, self.width, self.height, self.enabled, self.hover)


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


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace, Enter submits."""

    def __init__(
        self, text: str = "", placeholder: str = "", max_length: int = 40,
        allowed: Callable[[str], bool] | None = None, on_submit: Callable[[str], object] | None = None,
        caption: str = "", tooltip: str = "",
    ) -> None:
        super().__init__(tooltip)
        self.text = text
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed
        self.on_submit = on_submit
        self.caption = caption
        self.focused = False
        self.cursor = len(text)
        self._blink = 0.0
        self._label = Label("", 14, anchor_y="center")
        self._caption = Label(caption, 10, THEME.muted, anchor_y="bottom")
        self._measure = Label("", 14, anchor_y="center")
        self._shown: tuple[object, tuple[str, str]] = (None, ("", ""))

    def labels(self) -> list[Label]:
        return [self._label, self._caption]

    def draw(self) -> None:
        if not self.visible:
            return
        border = THEME.focus if self.focused else THEME.panel_border
        draw_box(self.left, self.bottom, self.width, self.height, THEME.field, border, radius=5,
                 border_width=2 if self.focused else 1.5)
        s = ui_scale()
        if self.caption:
            self._caption.draw_at(self.left + 2, self.bottom + self.height + 3 * s,
                                  self._caption.fitted(self.caption, self.width - 4))
        cy = self.bottom + self.height / 2
        colour = THEME.text if self.text else THEME.muted
        if self.text:
            shown, caret = self._window(self.width - 16)
        else:
            shown, caret = self._label.fitted("" if self.focused else self.placeholder, self.width - 16), ""
        self._label.draw_at(self.left + 8, cy, shown, colour)
        if self.focused and int(self._blink * 2) % 2 == 0:
            x = self.left + 8 + self._measure.set(caret).content_width + 1
            arcade.draw_line(x, cy - 9 * s, x, cy + 9 * s, THEME.text, 1.5)

    def _window(self, room: float) -> tuple[str, str]:
        """The part of the text that fits ``room`` pixels around the caret
        (an ellipsis where it is cut), and that part up to the caret."""
        key = (self.text, self.cursor, int(room), ui_scale())
        if self._shown[0] == key:
            return self._shown[1]
        text = screen_text(self.text)
        cursor = len(screen_text(self.text[: self.cursor]))
        measure = self._measure
        if measure.set(text).content_width <= room:
            out = (text, text[:cursor])
        else:
            lo, hi = 0, cursor  # the first character kept: the text up to the caret must fit
            while lo < hi:
                mid = (lo + hi) // 2
                if measure.set("\u2026" + text[mid:cursor]).content_width > room:
                    lo = mid + 1
                else:
                    hi = mid
            head = "\u2026" if lo else ""
            out = (self._label.fitted(head + text[lo:], room), head + text[lo:cursor])
        self._shown = (key, out)
        return out

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 10.0

    def look(self) -> tuple[object, ...]:
        caret = self.focused and int(self._blink * 2) % 2 == 0
        return (*super().look(), self.text, self.placeholder, self.caption, self.focused, self.cursor, caret)

    def focus(self, on: bool = True) -> None:
        self.focused = on
        self.cursor = len(self.text)
        self._blink = 0.0

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        inside = self.contains(x, y)
        self.focus(inside)
        return inside

    def on_text(self, text: str) -> bool:
        if not self.focused:
            return False
        for ch in text:
            if not ch.isprintable() or ch in "\r\n\t":
                continue
            if len(self.text) >= self.max_length:
                break
            candidate = self.text[: self.cursor] + ch + self.text[self.cursor :]
            if self.allowed is not None and not self.allowed(candidate):
                continue
            self.text = candidate
            self.cursor += 1
        self._blink = 0.0
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if not self.focused:
            return False
        if symbol == keys.BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
        elif symbol == keys.DELETE:
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        elif symbol == keys.LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif symbol == keys.RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        elif symbol == keys.HOME:
            self.cursor = 0
        elif symbol == keys.END:
            self.cursor = len(self.text)
        elif symbol in (keys.ENTER, keys.RETURN, keys.NUM_ENTER):
            self.focus(False)
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif symbol == keys.ESCAPE:
            self.focus(False)
        elif symbol == keys.TAB:
            return False  # the group moves the focus
        # Printable keys arrive through on_text; swallow them here so that
        # typing a name never triggers a shortcut.
        self._blink = 0.0
        return True


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
                width = _window_width()
                tip = self._overlay_tip
                text = tip.fitted(w.tooltip, width - 8 - 14 * s)
                tw = tip.set(text).content_width + 14 * s
                th = tip.content_height + 8 * s
                left = min(max(4.0, x - tw / 2), max(4.0, width - tw - 4))
                bottom = w.bottom + w.height + 6 * s
                if bottom + th > _window_height():  # no room above: below the widget
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


def _window_width() -> float:
    try:
        return float(arcade.get_window().width)
    except Exception:
        return 1280.0


def _window_height() -> float:
    try:
        return float(arcade.get_window().height)
    except Exception:
        return 800.0
