"""A one-line text field (names, seeds, file names)."""

from __future__ import annotations

from collections.abc import Callable

import arcade
from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, screen_text
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget


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
