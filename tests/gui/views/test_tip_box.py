"""The whole-text tip of the replay viewer and the end screen (TipBox) stays
on its screen: placed against the view's size, as the controls' tooltips
are (WidgetGroup(screen=)), not the window's."""

from __future__ import annotations

from typing import Any

import pytest

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.render.text import recording_texts
from spoker.gui.screenshot import autoplay

LONG = "A whole text the screen had to cut: " + "the record's folder and its file name " * 4


@pytest.mark.parametrize("screen", ["replay", "end"])
def test_the_tip_stays_inside_its_view_in_a_larger_window(app: SpokerApp, window: Any, screen: str) -> None:
    controller = GameController(GameSetup(("Ann", "Bob"), seed=3))
    autoplay(controller, 60, until_over=True)
    if screen == "replay":
        app.replay_game(controller)
    else:
        app.show_end(controller)
    view = window.current_view
    view.on_resize(800, 600)  # the view is smaller than the window (1280x800)
    assert window.get_size() != (800, 600)
    for x, y in ((790, 590), (790, 10), (10, 590)):
        with recording_texts() as texts:
            view._overlay_tip.draw(LONG, x, y)
        drawn = [t for t in texts.values() if t.multiline]
        assert drawn
        for t in drawn:
            assert 0 <= t.left and t.right <= 800 and 0 <= t.bottom and t.top <= 600, (x, y, t)
    view.on_resize(*window.get_size())
