"""The modal box asking for a record's file name (game and end screens),
and Save, the flow both screens share (:func:`save_game_dialog`).

It has the keys while it is open: Enter saves, Esc cancels, every other
key edits the name (the screen below sees none of them). The name proper is
chosen when it opens (not its folder, not ``.txt``): typing replaces it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from arcade import key as keys

from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.modal import draw_modal_box
from spoker.gui.widgets.text_input import ENTER_KEYS, TextInput

if TYPE_CHECKING:
    from spoker.gui.models.controller import GameController
    from spoker.gui.views.base import BaseView

RECORD_HELP = "File name of the game's record (a plain text file):"
NO_NAME = "No file name: not saved."


class SaveDialog:
    """A small modal box asking for a file name (``help_text``: the line over the field)."""

    def __init__(self, title: str, path: str, on_save: object, help_text: str = RECORD_HELP) -> None:
        self.title = title
        self.help_text = help_text
        self.field = TextInput(path, max_length=400, on_submit=self._submit)
        self.field.focus(True)
        self.field.select(*name_part(path))
        self.on_save = on_save
        self.done = False
        self.ok = Button("Save", self._ok, "Enter", primary=True)
        self.cancel = Button("Cancel", self._cancel, "Esc")
        self._title = Label(title, 15, bold=True, anchor_y="top")
        self._help = Label(help_text, 11, THEME.muted, anchor_y="top")
        self.rect = (0.0, 0.0, 0.0, 0.0)

    def _submit(self, text: str) -> None:
        self._ok()

    def _ok(self) -> None:
        self.done = True
        self.on_save(self.field.text.strip())  # type: ignore[operator]

    def _cancel(self) -> None:
        self.done = True

    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        w = min(640.0 * s, width - 40.0)
        h = 150.0 * s
        left, bottom = (width - w) / 2, (height - h) / 2
        self.rect = (left, bottom, w, h)
        self.field.place(left + 16 * s, bottom + 62 * s, w - 32 * s, 34 * s)
        self.ok.place(left + w - 236 * s, bottom + 14 * s, 104 * s, 38 * s)
        self.cancel.place(left + w - 122 * s, bottom + 14 * s, 104 * s, 38 * s)

    def draw(self) -> None:
        left, bottom, w, h = self.rect
        s = ui_scale()
        draw_modal_box(self.rect)
        self._title.draw_at(left + 16 * s, bottom + h - 12 * s, self._title.fitted(self.title, w - 32 * s))
        self._help.draw_at(left + 16 * s, bottom + h - 38 * s,
                           self._help.fitted(self.help_text, w - 32 * s))
        self.field.draw()
        self.ok.draw()
        self.cancel.draw()

    def update(self, dt: float) -> None:
        self.field.update(dt)

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.ok.on_mouse_press(x, y, button) or self.cancel.on_mouse_press(x, y, button):
            return
        if self.field.contains(x, y):
            self.field.on_mouse_press(x, y, button)  # the caret where clicked

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.ok.on_mouse_motion(x, y)
        self.cancel.on_mouse_motion(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == keys.ESCAPE:
            self._cancel()
        elif symbol in ENTER_KEYS:
            self._ok()
        else:
            self.field.focused = True  # the only field: it has the keys even after Esc in it
            self.field.on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> None:
        self.field.focused = True
        self.field.on_text(text)

    def on_text_motion(self, motion: int, select: bool = False) -> None:
        """A held caret key's repeats (see spoker.gui.widgets.text_input)."""
        self.field.focused = True
        self.field.on_text_motion(motion, select)


def name_part(path: str) -> tuple[int, int]:
    """Where the file's own name is in ``path``: after its folder, before
    its extension (the part a person renames)."""
    start = max(path.rfind("/"), path.rfind(os.sep)) + 1
    stem, ext = os.path.splitext(path[start:])
    return (start, start + len(stem)) if stem else (start, len(path))


def save_game_dialog(view: BaseView, controller: GameController) -> SaveDialog:
    """The Save box of ``controller``'s game, its record's proposed name in
    it; what came of the save is said on ``view``'s message line."""
    return SaveDialog("Save the game", view.app.default_record_path(controller),
                      lambda path: save_game(view, controller, path))


def save_game(view: BaseView, controller: GameController, path: str) -> None:
    """Save the game's record to ``path`` and say so: where, or why not (an
    empty name included: the box closed, and nothing was written)."""
    if not path:
        view.say(NO_NAME, "bad")
        return
    try:
        target = view.app.save_record(controller, path)
    except (OSError, ValueError) as err:  # ValueError: SpokerError, as the replace question
        view.say(f"Not saved: {err}", "bad", 8)
        return
    view.say(f"Saved to {target}", "good", 6)
