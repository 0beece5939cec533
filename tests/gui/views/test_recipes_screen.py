"""docs/architecture.md's recipe for a new screen, followed: a model in
spoker/gui/models/ (no window), a BaseView in spoker/gui/views/ typed against
the AppHost, labels in its text layer, widgets from spoker/gui/widgets/; the
app shows it, a click reaches its model through the widgets, and it draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import arcade

from spoker.gui.host import AppHost
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.views.base import BaseView
from spoker.gui.widgets.buttons import Button


@dataclass
class Counter:
    """The screen's model: what it shows and what a click does (no arcade)."""

    clicks: int = 0

    def click(self) -> None:
        self.clicks += 1

    def line(self) -> str:
        return f"{self.clicks} click(s)"


class CounterView(BaseView):
    """A screen: one button, one label, its state in the model."""

    def __init__(self, app: AppHost, model: Counter) -> None:
        super().__init__(app)
        self.model = model
        self.b_count = self.ui.add(Button("Count", self.count, "C", primary=True))
        self._line = Label(model.line(), 18, THEME.text, anchor_y="top")
        self.attach_labels()

    def count(self) -> None:
        self.model.click()
        self.changed()

    def layout(self, width: int, height: int) -> None:
        k = ui_scale()
        self.b_count.place(40 * k, 40 * k, 160 * k, 48 * k)

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        self._line.draw_at(40, self.size[1] - 40, self.model.line())
        self.ui.draw()
        super().on_draw()


def test_a_new_screen_follows_the_recipe(app: Any, window: Any) -> None:
    model = Counter()
    view = CounterView(app, model)
    app.show(view)
    assert window.current_view is view
    x, y = view.b_count.center
    view.on_mouse_press(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    view.on_mouse_release(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert model.clicks == 1 and model.line() == "1 click(s)"
    window.clear()
    view.on_draw()
    button = arcade.get_image(int(x) - 5, int(y) - 5, 10, 10).convert("RGB").getcolors(256)
    background = arcade.get_image(window.width // 2, window.height // 2, 4, 4).convert("RGB").getcolors(256)
    assert button is not None and background is not None
    assert {c for _, c in button} != {c for _, c in background}  # the button is drawn where it is
    assert view.frames == 1
