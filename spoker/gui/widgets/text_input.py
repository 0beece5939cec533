"""A one-line text field (names, seeds, file names), as fields are elsewhere:
a selection (Ctrl+A, Shift+arrows; all of it chosen when the field gets the
focus, so typing replaces a default name), typing or Backspace replaces the
selection, the caret keys, word keys (Ctrl+arrows, Ctrl+Backspace), the
clipboard (Ctrl+C, Ctrl+X, Ctrl+V) where the window has one.

pyglet sends a key in up to three events: ``on_key_press``, then its text
(``on_text``) and its motion (``on_text_motion``: arrows, Backspace...);
a held key repeats only the last two. So:

- a key whose press gave a field the focus (S opening the Save dialog)
  must not type its own text into it: the screens mark the key being
  handled (:func:`key_pressed`) and a field focused meanwhile drops the
  text of that one key;
- the caret keys act on the press, and a motion that follows no press is a
  repeat of the held key, which acts again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import arcade
from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, drawable_text
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget

ENTER_KEYS = (keys.ENTER, keys.RETURN, keys.NUM_ENTER)
ACCEL = keys.MOD_CTRL | keys.MOD_COMMAND  # Ctrl, or Command on a Mac
SELECTION = (60, 110, 190, 255)  # behind chosen text: the focus colour, darker

# What a held key's repeats (``on_text_motion``) mean, as (key, Ctrl).
MOTIONS: dict[int, tuple[int, bool]] = {
    keys.MOTION_LEFT: (keys.LEFT, False),
    keys.MOTION_RIGHT: (keys.RIGHT, False),
    keys.MOTION_PREVIOUS_WORD: (keys.LEFT, True),
    keys.MOTION_NEXT_WORD: (keys.RIGHT, True),
    keys.MOTION_BEGINNING_OF_LINE: (keys.HOME, False),
    keys.MOTION_END_OF_LINE: (keys.END, False),
    keys.MOTION_BEGINNING_OF_FILE: (keys.HOME, False),
    keys.MOTION_END_OF_FILE: (keys.END, False),
    keys.MOTION_BACKSPACE: (keys.BACKSPACE, False),
    keys.MOTION_DELETE: (keys.DELETE, False),
}


class _Keystroke:
    """Whether the key being handled now will send a text next."""

    typing = False


def types_text(symbol: int, modifiers: int) -> bool:
    """Whether pyglet follows this key's press with an ``on_text``: a
    character key (letters, digits, signs, the keypad's), without Ctrl, Alt
    or Command (those send no text)."""
    if modifiers & (keys.MOD_CTRL | keys.MOD_ALT | keys.MOD_COMMAND):
        return False
    if keys.NUM_MULTIPLY <= symbol <= keys.NUM_9 or symbol in (keys.NUM_SPACE, keys.NUM_EQUAL):
        return True
    # Function, caret and modifier keys live in 0xfd00-0xffff (X keysyms, as pyglet's).
    return symbol >= keys.SPACE and not 0xFD00 <= symbol <= 0xFFFF


@contextmanager
def key_pressed(symbol: int, modifiers: int) -> Iterator[None]:
    """While a screen handles a key press: a field focused meanwhile drops
    that key's text (the ``on_text`` pyglet sends right after)."""
    before = _Keystroke.typing
    _Keystroke.typing = types_text(symbol, modifiers)
    try:
        yield
    finally:
        _Keystroke.typing = before


def clipboard_text() -> str | None:
    """The system clipboard's text; None where there is none (headless, or
    no window: pyglet raises there) or it cannot be read."""
    try:
        return str(arcade.get_window().get_clipboard_text())
    except Exception:
        return None


def set_clipboard_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False where there is none."""
    try:
        arcade.get_window().set_clipboard_text(text)
    except Exception:
        return False
    return True


def one_line(text: str) -> str:
    """Pasted text for a one-line field: line breaks and tabs as single
    spaces, no spaces at the ends."""
    return " ".join(text.split())


class TextInput(Widget):
    """A one-line text field: click (or Tab) to focus, type, Enter submits, Esc leaves."""

    def __init__(
        self, text: str = "", placeholder: str = "", max_length: int = 40,
        allowed: Callable[[str], bool] | None = None, on_submit: Callable[[str], object] | None = None,
        caption: str = "", tooltip: str = "",
    ) -> None:
        super().__init__(tooltip)
        self._text = text
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed
        self.on_submit = on_submit
        self.caption = caption
        self.focused = False
        self.cursor = len(text)
        self.anchor: int | None = None  # the selection's other end (None: nothing chosen)
        self._blink = 0.0
        self._drop_key_text = False  # the key that focused the field: its text is not typed
        self._pressed = False  # a key press came since the last motion: that motion is the press's own
        self._label = Label("", 14, anchor_y="center")
        self._caption = Label(caption, 10, THEME.muted, anchor_y="bottom")
        self._measure = Label("", 14, anchor_y="center")
        self._shown: tuple[object, tuple[str, str, int]] = (None, ("", "", 0))
        self._widths: dict[str, float] = {}  # measured texts (the caret's and selection's places, each frame)

    # -- the text and the selection ---------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        """Set from outside (a default, a path opened): the caret at its end, nothing chosen."""
        self._text = value
        self.cursor = len(value)
        self.anchor = None

    @property
    def selection(self) -> tuple[int, int] | None:
        """The chosen characters, start and end (None: none chosen)."""
        if self.anchor is None or self.anchor == self.cursor:
            return None
        n = len(self._text)
        a, b = sorted((min(self.anchor, n), min(self.cursor, n)))
        return (a, b) if a < b else None

    @property
    def selected_text(self) -> str:
        sel = self.selection
        return "" if sel is None else self._text[sel[0] : sel[1]]

    def select(self, start: int, end: int) -> None:
        """Choose characters ``start`` to ``end`` (the caret at ``end``)."""
        n = len(self._text)
        self.anchor = max(0, min(start, n))
        self.cursor = max(0, min(end, n))
        self._blink = 0.0

    def select_all(self) -> None:
        self.select(0, len(self._text))

    def _replace(self, start: int, end: int, new: str = "") -> None:
        self._text = self._text[:start] + new + self._text[end:]
        self.cursor = start + len(new)
        self.anchor = None

    def insert(self, text: str) -> bool:
        """Type ``text`` at the caret, over the selection: characters the
        field refuses (control characters, past ``max_length``, not
        ``allowed``) are left out. True if something was typed."""
        typed = False
        for ch in text:
            if not ch.isprintable() or ch in "\r\n\t":
                continue
            start, end = self.selection or (self.cursor, self.cursor)
            rest = self._text[:start] + self._text[end:]
            if len(rest) >= self.max_length:
                break
            candidate = rest[:start] + ch + rest[start:]
            if self.allowed is not None and not self.allowed(candidate):
                continue
            self._replace(start, end, ch)
            typed = True
        self._blink = 0.0
        return typed

    def _word_left(self, i: int) -> int:
        """Where Ctrl+Left goes from ``i``: the start of this word or the one before."""
        t = self._text
        while i > 0 and not t[i - 1].isalnum():
            i -= 1
        while i > 0 and t[i - 1].isalnum():
            i -= 1
        return i

    def _word_right(self, i: int) -> int:
        t = self._text
        while i < len(t) and not t[i].isalnum():
            i += 1
        while i < len(t) and t[i].isalnum():
            i += 1
        return i

    # -- drawing --------------------------------------------------------------------
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
        colour = THEME.text if self._text else THEME.muted
        room = self.width - 16
        sel = self.selection if self.focused else None
        if sel is not None:
            x0, x1 = self.x_of(sel[0], room), self.x_of(sel[1], room)
            arcade.draw_lrbt_rectangle_filled(self.left + 8 + x0, self.left + 8 + x1 + 1, cy - 10 * s, cy + 10 * s,
                                              SELECTION)
        if self._text:
            shown = self._view(room)[0]
        else:
            shown = self._label.fitted("" if self.focused else self.placeholder, room)
        self._label.draw_at(self.left + 8, cy, shown, colour)
        if self.focused and sel is None and int(self._blink * 2) % 2 == 0:
            x = self.left + 8 + self.x_of(self.cursor, room) + 1
            arcade.draw_line(x, cy - 9 * s, x, cy + 9 * s, THEME.text, 1.5)

    def _view(self, room: float) -> tuple[str, str, int]:
        """The text as shown in ``room`` pixels around the caret: the shown
        string (an ellipsis where it is cut), its head ("\u2026" when the
        start is cut, else "") and the index, in the screen text, of the
        first character shown."""
        key = (self._text, self.cursor, int(room), ui_scale())
        if self._shown[0] == key:
            return self._shown[1]
        text = drawable_text(self._text)
        cursor = len(drawable_text(self._text[: self.cursor]))
        if self._width(text) <= room:
            out = (text, "", 0)
        else:
            lo, hi = 0, cursor  # the first character kept: the text up to the caret must fit
            while lo < hi:
                mid = (lo + hi) // 2
                if self._width("\u2026" + text[mid:cursor]) > room:
                    lo = mid + 1
                else:
                    hi = mid
            head = "\u2026" if lo else ""
            out = (self._label.fitted(head + text[lo:], room), head, lo)
        self._shown = (key, out)
        return out

    def x_of(self, index: int, room: float | None = None) -> float:
        """Pixels from the text's left edge to the place before character
        ``index`` as shown (0 for a place scrolled away on the left, at most
        ``room``)."""
        room = self.width - 16 if room is None else room
        _, head, lo = self._view(room)
        at = len(drawable_text(self._text[:index]))
        if at < lo:
            return 0.0
        return min(room, self._width(head + drawable_text(self._text)[lo:at]))

    def _width(self, text: str) -> float:
        """The width of ``text`` at the field's size (0 for none: pyglet
        keeps an emptied label's last width); kept, so a still field is not
        measured again at every frame."""
        if not text:
            return 0.0
        key = f"{ui_scale()}\n{text}"
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) > 256:
                self._widths.clear()
            width = self._widths[key] = self._measure.set(text).content_width
        return width

    def index_at(self, x: float) -> int:
        """The place in the text nearest to window x (a click)."""
        room = self.width - 16
        rel = x - (self.left + 8)
        lo, hi = 0, len(self._text)
        while lo < hi:  # the first place at or right of the point
            mid = (lo + hi) // 2
            if self.x_of(mid, room) < rel:
                lo = mid + 1
            else:
                hi = mid
        if lo > 0 and rel - self.x_of(lo - 1, room) < self.x_of(lo, room) - rel:
            lo -= 1
        return lo

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 10.0
        # A frame passed: the key that focused the field has sent its text, if any.
        self._drop_key_text = False

    def look(self) -> tuple[object, ...]:
        caret = self.focused and int(self._blink * 2) % 2 == 0
        return (*super().look(), self._text, self.placeholder, self.caption, self.focused, self.cursor,
                self.selection, caret)

    # -- events -----------------------------------------------------------------------
    def focus(self, on: bool = True) -> None:
        """Take the focus, all of the text chosen (typing replaces it), or leave it."""
        self.focused = on
        self.cursor = len(self._text)
        self.anchor = 0 if on and self._text else None
        self._drop_key_text = on and _Keystroke.typing
        self._pressed = False
        self._blink = 0.0

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        inside = self.contains(x, y)
        if inside and self.focused:
            self.cursor = self.index_at(x)  # a click in the focused field: the caret there
            self.anchor = None
            self._drop_key_text = False
            self._blink = 0.0
        else:
            self.focus(inside)
        return inside

    def on_text(self, text: str) -> bool:
        if not self.focused:
            return False
        if self._drop_key_text:
            self._drop_key_text = False  # the text of the key that focused the field
            return True
        self.insert(text)
        return True

    def on_text_motion(self, motion: int, select: bool = False) -> bool:
        """A caret key's motion: the press's own (done already) or a held key's repeat."""
        if not self.focused:
            return False
        if self._pressed:
            self._pressed = False
            return True
        move = MOTIONS.get(motion)
        if move is not None:
            symbol, word = move
            self._edit(symbol, (keys.MOD_CTRL if word else 0) | (keys.MOD_SHIFT if select else 0))
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if not self.focused:
            return False
        self._drop_key_text = False  # another key: its text is typed
        self._pressed = True
        if symbol in ENTER_KEYS:
            self.focus(False)
            if self.on_submit is not None:
                self.on_submit(self._text)
        elif symbol == keys.ESCAPE:
            self.focus(False)
        elif symbol == keys.TAB:
            return False  # the group moves the focus
        else:
            self._edit(symbol, modifiers)
        # Printable keys arrive through on_text; every key is swallowed here
        # so that typing a name never triggers a shortcut.
        return True

    def _edit(self, symbol: int, modifiers: int) -> None:
        """What a key does to the text, the caret and the selection."""
        accel = bool(modifiers & ACCEL)
        shift = bool(modifiers & keys.MOD_SHIFT)
        sel = self.selection
        n = len(self._text)
        if accel and symbol == keys.A:
            self.select_all()
        elif accel and symbol in (keys.C, keys.X):
            if sel is not None or symbol == keys.C:
                set_clipboard_text(self.selected_text or self._text)  # nothing chosen: copy it all
            if sel is not None and symbol == keys.X:
                self._replace(*sel)
        elif accel and symbol == keys.V:
            pasted = clipboard_text()
            if pasted:
                self.insert(one_line(pasted))
        elif symbol in (keys.BACKSPACE, keys.DELETE):
            if sel is not None:
                self._replace(*sel)
            elif symbol == keys.BACKSPACE and self.cursor > 0:
                start = self._word_left(self.cursor) if accel else self.cursor - 1
                self._replace(start, self.cursor)
            elif symbol == keys.DELETE and self.cursor < n:
                self._replace(self.cursor, self._word_right(self.cursor) if accel else self.cursor + 1)
        elif symbol in (keys.LEFT, keys.RIGHT, keys.HOME, keys.END):
            if symbol == keys.HOME:
                to = 0
            elif symbol == keys.END:
                to = n
            elif sel is not None and not shift and not accel:
                to = sel[0] if symbol == keys.LEFT else sel[1]  # an arrow ends the selection at its side
            elif symbol == keys.LEFT:
                to = self._word_left(self.cursor) if accel else max(0, self.cursor - 1)
            else:
                to = self._word_right(self.cursor) if accel else min(n, self.cursor + 1)
            if shift:
                if self.anchor is None:
                    self.anchor = self.cursor
            else:
                self.anchor = None
            self.cursor = to
        self._blink = 0.0
