"""What every screen shares: its widgets, a message line, layout on resize,
and the keys every screen knows (Ctrl+M: the title screen, Ctrl+Q: quit).

A key reaches a screen as pyglet sends it: ``on_key_press``, then its text
(``on_text``) and, for a caret key, its motion (``on_text_motion``, which a
held key repeats). The press is handled inside
:func:`spoker.gui.widgets.text_input.key_pressed`, so that a text field it
opens or focuses does not type the key's own text; the motions go to the
field that has the keys (the screen's, or its dialog's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, TextLayer, attach_all
from spoker.gui.render.theme import THEME, set_ui_scale, ui_scale
from spoker.gui.widgets.group import WidgetGroup
from spoker.gui.widgets.text_input import ACCEL, key_pressed

if TYPE_CHECKING:
    from spoker.gui.host import AppHost

TITLE_KEY = "Ctrl+M"
"""The key back to the title screen, on every screen (a game is kept:
autosaved, it is continued from the title)."""
TITLE_TIP = f"{TITLE_KEY} from any screen"


def is_title_key(symbol: int, modifiers: int) -> bool:
    """Ctrl+M (Command+M on a Mac): the title screen."""
    return symbol == keys.M and bool(modifiers & ACCEL) and not modifiers & (keys.MOD_SHIFT | keys.MOD_ALT)


class BaseView(arcade.View):
    """A screen of the app: widgets, a transient message, keyboard quit."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app.window)
        self.app = app
        self.layer = TextLayer()
        self.ui = WidgetGroup(self.layer, screen=lambda: self.size)  # tooltips stay on this screen
        self.message = ""
        self.message_kind = "info"
        self.message_time = 0.0
        self._overlay_message = Label("", 13, anchor_y="center")
        self.frames = 0

    def attach_labels(self) -> None:
        """Put the screen's own labels in its text layer (end of __init__)."""
        attach_all(self, self.layer)

    # -- layout -------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return (self.app.width, self.app.height)

    def on_show_view(self) -> None:
        set_ui_scale(*self.size)
        self.layout(*self.size)

    def on_resize(self, width: int, height: int) -> None:
        self.app.resized(width, height)
        set_ui_scale(*self.size)
        self.layout(*self.size)

    def layout(self, width: int, height: int) -> None:
        """Place the widgets for a window of this size."""

    # -- what the picture shows -----------------------------------------------
    revision = 0
    """Counts the changes of what this screen shows: with the board's and the
    widgets' revisions it keys the screen's cached picture (``FrameCache``)."""

    def changed(self) -> None:
        """Something this screen shows changed: its cached picture is stale."""
        self.revision += 1

    # -- messages -----------------------------------------------------------
    def say(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
        self.message = text
        self.message_kind = kind
        self.message_time = seconds
        self.changed()

    def draw_message(self, y: float | None = None, area: tuple[float, float] | None = None) -> None:
        """The message, centred in the window (or in ``area``: left, width),
        its bottom at ``y``."""
        box = self.message_box(y, area)
        self.ui.keep_clear = () if box is None else (box,)  # the tooltips of the next frames keep clear of it
        if box is None:
            return
        left, bottom, w, h = box
        colour = {"info": THEME.text, "good": THEME.good, "bad": THEME.bad}.get(self.message_kind, THEME.text)
        draw_box(left, bottom, w, h, (12, 14, 18, 235), colour, radius=8)
        self._overlay_message.draw_at(left + 14 * ui_scale(), bottom + h / 2, colour=colour)

    def message_box(
        self, y: float | None = None, area: tuple[float, float] | None = None,
    ) -> tuple[float, float, float, float] | None:
        """Where :meth:`draw_message` puts the message (left, bottom, width,
        height; None while there is none): what a tooltip keeps clear of."""
        if not self.message or self.message_time <= 0:
            return None
        x0, width = (0.0, float(self.size[0])) if area is None else area
        s = ui_scale()
        label = self._overlay_message
        text = label.fitted(self.message, width - 20 - 28 * s)
        w = min(width - 20.0, label.set(text).content_width + 28 * s)
        h = label.content_height + 14 * s
        return x0 + (width - w) / 2, 64.0 if y is None else y, w, h

    # -- events -------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        self.app.tick()
        self.ui.update(delta_time)
        if self.message_time > 0:
            self.message_time -= delta_time
            if self.message_time <= 0:
                self.changed()  # the message went away

    def on_draw(self) -> None:
        self.frames += 1
        self.app.frame_drawn()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        self.ui.on_mouse_motion(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.ui.on_mouse_press(x, y, button)

    def on_text(self, text: str) -> None:
        self.ui.on_text(text)

    def on_text_motion(self, motion: int) -> None:
        """A caret key's motion (a held key repeats it) for the field with the keys."""
        self._motion(motion, False)

    def on_text_motion_select(self, motion: int) -> None:
        """The same with Shift: the selection grows."""
        self._motion(motion, True)

    def _motion(self, motion: int, select: bool) -> None:
        dialog = getattr(self, "dialog", None)  # a modal box (game, end screen) has the keys
        if dialog is not None:
            handler = getattr(dialog, "on_text_motion", None)
            if handler is not None:
                handler(motion, select)
            return
        field = self.ui.focused
        if field is not None:
            field.on_text_motion(motion, select)
            self.changed()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        with key_pressed(symbol, modifiers):
            self._key(symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        # The window's own keys first: they work in a text field too.
        if is_title_key(symbol, modifiers):
            self.to_title()
            return
        if symbol == keys.Q and modifiers & ACCEL:
            self.app.quit()
            return
        if self.ui.on_key_press(symbol, modifiers):
            return
        self.on_shortcut(symbol, modifiers)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        """A key no text field took."""

    def to_title(self) -> None:
        """Ctrl+M: the title screen. A game is kept (autosaved after every
        draw and placement): the title offers to continue it. (The title
        screen itself keeps what is typed there: its own to_title.)"""
        self.app.show_title()

    help_keys: tuple[tuple[str, str], ...] = ()
    """This screen's keys for the help (key, what it does); none: the game's."""
    help_name = ""
    """The screen's name in the help's heading of its keys ("the laboratory")."""
