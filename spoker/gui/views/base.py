"""What every screen shares: its widgets, a message line, layout on resize."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, TextLayer, attach_all
from spoker.gui.render.theme import THEME, set_ui_scale, ui_scale
from spoker.gui.widgets.group import WidgetGroup

if TYPE_CHECKING:
    from spoker.gui.host import AppHost


class BaseView(arcade.View):
    """A screen of the app: widgets, a transient message, keyboard quit."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app.window)
        self.app = app
        self.layer = TextLayer()
        self.ui = WidgetGroup(self.layer)
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
        """The message, centred in the window (or in ``area``: left, width)."""
        if not self.message or self.message_time <= 0:
            return
        x0, width = (0.0, float(self.size[0])) if area is None else area
        colour = {"info": THEME.text, "good": THEME.good, "bad": THEME.bad}.get(self.message_kind, THEME.text)
        s = ui_scale()
        label = self._overlay_message
        text = label.fitted(self.message, width - 20 - 28 * s)
        w = min(width - 20.0, label.set(text).content_width + 28 * s)
        h = label.content_height + 14 * s
        left = x0 + (width - w) / 2
        bottom = 64.0 if y is None else y
        draw_box(left, bottom, w, h, (12, 14, 18, 235), colour, radius=8)
        label.draw_at(left + 14 * s, bottom + h / 2, colour=colour)

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

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.ui.on_key_press(symbol, modifiers):
            return
        if symbol == keys.Q and modifiers & keys.MOD_CTRL:
            self.app.quit()
            return
        self.on_shortcut(symbol, modifiers)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        """A key no text field took."""
