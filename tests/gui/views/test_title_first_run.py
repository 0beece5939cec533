"""The title screen for a newcomer: "Play the computer" beside two-person
play (a gentle level, hints on the first time), and nothing cut at 800x600
whoever sits where."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.screens import title

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON
from spoker.gui.models.settings import Settings
from spoker.gui.render.text import recording_texts
from spoker.gui.views.game import GameView
from spoker.gui.views.title import GENTLE_LEVEL

SIZES = [(800, 600), (1280, 800), (1920, 1080)]


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.frame_cache.enabled = False  # every frame drawn, so every label is seen
    the_app.on_quit = lambda: None
    yield the_app
    the_app.resized(window.width, window.height)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("seats", [("person", "person"), ("person", "expert"), ("expert", "lookahead")])
def test_no_text_is_cut_on_the_title(app: SpokerApp, size: tuple[int, int], seats: tuple[str, str]) -> None:
    """At 800x600 the name field of a computer's seat read "...puter (Expert)"."""
    app.settings.seat1, app.settings.seat2 = seats
    view = title(app, size)
    with recording_texts() as texts:
        view.on_draw()
        for field in view.name_inputs:
            field.draw()
    cut = [t.text for t in texts.values() if "\u2026" in t.text]
    assert cut == [], cut


def test_play_the_computer_is_one_click_a_gentle_level_and_hints_the_first_time(app: SpokerApp) -> None:
    view = title(app, (1280, 800))
    assert view.b_computer.visible and view.b_start.visible
    assert app.settings.seat2 == PERSON and not app.settings.show_hints  # the default game: two people
    view.b_computer.action()
    game = app.window.current_view
    assert isinstance(game, GameView)
    setup = game.controller.setup
    assert setup.seats == (PERSON, GENTLE_LEVEL) and app.settings.show_hints
    assert setup.names[1] == "Computer (Casual)"
    # The person turns hints off: the next game against the computer keeps them off.
    app.settings.show_hints = False
    again = title(app, (1280, 800))
    again.b_computer.action()
    assert not app.settings.show_hints


def test_play_the_computer_keeps_the_level_chosen(app: SpokerApp) -> None:
    app.settings.seat2 = "expert"
    view = title(app, (1280, 800))
    view.b_computer.action()
    game = app.window.current_view
    assert isinstance(game, GameView) and game.controller.setup.seats == (PERSON, "expert")
