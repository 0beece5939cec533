"""The modal box asking a yes-or-no question (a takeback in hot-seat, the
tutor's rethink-or-play): a short title, then the question and what follows,
wrapped (long names fit), one paragraph a line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arcade import key as keys

from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.modal import draw_modal_box
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import ENTER_KEYS

YES_KEYS = (keys.Y, *ENTER_KEYS)
NO_KEYS = (keys.N, keys.ESCAPE)


class ConfirmDialog:
    """A question, detail lines and two answers: by default Y or Enter says
    yes, N or Esc says no (``yes_keys``, ``no_keys`` and the labels shown on
    the buttons, ``shortcuts``, may say others); either closes the box
    (``done``) and calls its function. ``cancel_keys`` (none by default)
    close it calling neither: a question of two choices that Esc drops."""

    def __init__(
        self, title: str, detail: str | Sequence[str], on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None, yes: str = "Yes", no: str = "No",
        yes_keys: Sequence[int] = YES_KEYS, no_keys: Sequence[int] = NO_KEYS,
        shortcuts: tuple[str, str] = ("Y", "N"), no_first: bool = False, note: str = "",
        cancel_keys: Sequence[int] = (),
    ) -> None:
        self.title = title
        self.note = note  # a muted line under the detail (the keys, say)
        self.lines = [detail] if isinstance(detail, str) else list(detail)
        self.done = False
        self._on_yes = on_yes
        self._on_no = on_no
        self._yes_keys = tuple(yes_keys)
        self._no_keys = tuple(no_keys)
        self._cancel_keys = tuple(cancel_keys)
        self.cancelled = False  # closed by a cancel key: neither answer chosen
        self._no_first = no_first  # the "no" button at the left (the tutor's Rethink)
        self.yes = Button(yes, self._yes, shortcuts[0], primary=True)
        self.no = Button(no, self._no, shortcuts[1])
        self._title = TextBlock(15, bold=True)  # wrapped: the tutor's question is a whole sentence
        self._detail = TextBlock(12)
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self._title_h = 0.0

    @property
    def detail(self) -> str:
        """The detail lines as one text."""
        return "\n".join(self.lines)

    def _yes(self) -> None:
        if not self.done:
            self.done = True
            self._on_yes()

    def _no(self) -> None:
        if not self.done:
            self.done = True
            if self._on_no is not None:
                self._on_no()

    def _detail_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        lines = [(line, THEME.text) for line in self.lines]
        return lines + ([(self.note, THEME.muted)] if self.note else [])

    def _title_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        return [(self.title, THEME.text)]

    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        w = min(640.0 * s, width - 40.0)
        self._title_h = self._title.height(self._title_lines(), w - 32 * s)
        h = 24 * s + self._title_h + self._detail.height(self._detail_lines(), w - 32 * s) + 62 * s
        left, bottom = (width - w) / 2, (height - h) / 2
        self.rect = (left, bottom, w, h)
        first, second = (self.no, self.yes) if self._no_first else (self.yes, self.no)
        first.place(left + w - 266 * s, bottom + 14 * s, 124 * s, 38 * s)
        second.place(left + w - 132 * s, bottom + 14 * s, 116 * s, 38 * s)

    def draw(self) -> None:
        left, bottom, w, h = self.rect
        s = ui_scale()
        draw_modal_box(self.rect)
        top = bottom + h - 12 * s
        self._title.draw(self._title_lines(), left + 16 * s, top, w - 32 * s)
        self._detail.draw(self._detail_lines(), left + 16 * s, top - self._title_h - 8 * s, w - 32 * s)
        self.yes.draw()
        self.no.draw()

    def update(self, dt: float) -> None:
        """Nothing moves in the box."""

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if not self.yes.on_mouse_press(x, y, button):
            self.no.on_mouse_press(x, y, button)

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.yes.on_mouse_motion(x, y)
        self.no.on_mouse_motion(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol in self._yes_keys:
            self._yes()
        elif symbol in self._no_keys:
            self._no()
        elif symbol in self._cancel_keys:
            self.cancel()

    def cancel(self) -> None:
        """Close the box choosing neither answer."""
        if not self.done:
            self.done = True
            self.cancelled = True

    def on_text(self, text: str) -> None:
        """No text field: typed letters are keys (``on_key_press``)."""
