"""The settings screen: reached from the title and from a game, every
setting changed with the mouse or the keys, kept in the settings file, and
read by the game it goes back to."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import arcade
import pytest
from arcade import key as keys

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameSetup
from spoker.gui.models.settings import Settings, load_settings, save_settings, settings_from
from spoker.gui.views.help import HelpView
from spoker.gui.views.settings_view import (
    SettingsView,
    apply_fullscreen,
    pace_options,
    tutor_options,
    tutor_tip,
    volume_options,
)
from spoker.gui.views.title import TitleView
from spoker.notices import Notice

LEFT, RIGHT = arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    """An app that keeps its settings (in a temporary data folder)."""
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    yield the_app


def click(view: Any, widget: Any, button: int = LEFT) -> None:
    view.on_mouse_press(*map(int, widget.center), button, 0)


def open_from_title(app: SpokerApp) -> SettingsView:
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    click(title, title.b_settings)
    view = app.window.current_view
    assert isinstance(view, SettingsView) and view.back is title
    view.on_draw()
    return view


def test_the_title_reaches_it_by_button_and_key_and_done_goes_back(app: SpokerApp) -> None:
    view = open_from_title(app)
    title = view.back
    click(view, view.b_done)
    assert app.window.current_view is title
    title.on_key_press(keys.F2, 0)
    view = app.window.current_view
    assert isinstance(view, SettingsView)
    view.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is title
    title.on_key_press(keys.F2, 0)
    app.window.current_view.on_key_press(keys.F2, 0)  # F2 again: back too
    assert app.window.current_view is title


def test_a_game_reaches_it_and_goes_on_with_the_new_settings(app: SpokerApp) -> None:
    game = app.new_game(GameSetup(seed=5))
    game.on_key_press(keys.F2, 0)
    view = app.window.current_view
    assert isinstance(view, SettingsView) and view.back is game
    click(view, view.hints)  # hints on, from here
    click(view, view.pace)  # faster
    assert app.settings.show_hints and app.settings.computer_speed == 2.0
    view.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is game
    game.on_key_press(keys.SPACE, 0)
    game.on_update(0.1)
    assert game.hints  # shown at once: no I pressed
    # The help from here lists this screen's keys.
    game.on_key_press(keys.F2, 0)
    app.window.current_view.on_key_press(keys.F1, 0)
    help_view = app.window.current_view
    assert isinstance(help_view, HelpView) and "KEYS IN THE SETTINGS" == help_view.keys_heading


def test_each_setting_is_changed_and_kept_in_the_file(app: SpokerApp, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[tuple[str, bool, float]] = []
    monkeypatch.setattr(app, "play_sound", lambda name: heard.append((name, app.settings.sound, app.settings.volume)))
    view = open_from_title(app)
    click(view, view.takebacks)
    click(view, view.sound)
    assert not view.volume.enabled  # no volume without sound
    click(view, view.sound)
    assert view.volume.enabled
    click(view, view.volume)  # louder: 100%
    click(view, view.volume, RIGHT)  # softer: 80% again
    click(view, view.volume, RIGHT)  # 60%
    click(view, view.pace, RIGHT)  # slower: x0.5
    click(view, view.marks)
    click(view, view.fullscreen)  # headless: kept, harmless
    # Each change of the sound is heard at once, as it now is.
    assert heard == [("place", False, 0.8), ("place", True, 0.8), ("place", True, 1.0), ("place", True, 0.8),
                     ("place", True, 0.6)]
    kept = load_settings()
    assert (kept.takebacks, kept.sound, kept.volume, kept.computer_speed, kept.colour_marks, kept.fullscreen) == (
        False, True, 0.6, 0.5, True, True)
    assert app.scene.colour_marks
    assert view.takebacks.label == "Not allowed" and view.volume.label == "60%"
    assert view.pace.label == "slow (x0.5)"
    # The next screen shows what the file says.
    view.on_key_press(keys.ESCAPE, 0)
    again = open_from_title(app)
    assert (again.takebacks.on, again.volume.value, again.pace.value, again.fullscreen.on) == (
        False, "0.6", "0.5", True)


def test_the_board_view_is_reset(app: SpokerApp) -> None:
    game = app.new_game(GameSetup(seed=5))
    game.on_key_press(keys.R, 0)
    game.scene.finish_animations()
    game.on_key_press(keys.F2, 0)
    view = app.window.current_view
    assert isinstance(view, SettingsView)
    assert app.settings.board_view != 0
    click(view, view.board)
    assert app.settings.board_view == 0 and load_settings().board_view == 0
    view.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is game and app.scene.rotation == 0
    assert app.settings.board_view == 0  # going back kept the reset view


def test_the_title_key_and_the_help_from_a_game(app: SpokerApp) -> None:
    from spoker.gui.views.help import keys_for

    game = app.new_game(GameSetup(seed=5))
    assert ("F2", "settings: hints, the tutor, takebacks, sound, pace, view") in keys_for(game)
    game.on_key_press(keys.F2, 0)
    view = app.window.current_view
    assert isinstance(view, SettingsView)
    view.on_key_press(keys.M, keys.MOD_CTRL)  # the title, the game kept
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.saved is not None


def test_the_keys_choose_and_change_a_setting(app: SpokerApp) -> None:
    view = open_from_title(app)
    assert not view.keyboard
    view.on_key_press(keys.DOWN, 0)  # the first key shows the chosen row: Hints
    assert view.keyboard and view.selected == 0
    view.on_key_press(keys.SPACE, 0)
    assert app.settings.show_hints
    for _ in range(4):  # past the tutor, takebacks and sound
        view.on_key_press(keys.DOWN, 0)
    assert view.rows[view.selected].control is view.volume
    view.on_key_press(keys.LEFT, 0)
    assert app.settings.volume == 0.6
    view.on_key_press(keys.RIGHT, 0)
    view.on_key_press(keys.RIGHT, 0)
    assert app.settings.volume == 1.0
    view.on_key_press(keys.UP, 0)
    view.on_key_press(keys.UP, 0)
    view.on_key_press(keys.ENTER, 0)  # Takebacks
    assert not app.settings.takebacks
    for _ in range(3):
        view.on_key_press(keys.TAB, keys.MOD_SHIFT)  # round to the last: Full screen
    assert view.rows[view.selected].control is view.fullscreen
    click(view, view.rows[3].control)  # a click chooses its row too
    assert view.selected == 3 and not app.settings.sound
    view.on_key_press(keys.DOWN, 0)
    view.on_key_press(keys.RIGHT, 0)  # the volume, off with the sound: unchanged
    assert app.settings.volume == 1.0


def test_the_choices_show_a_value_between_their_steps() -> None:
    assert [label for _, label in pace_options(1.0)] == [
        "slowest (x0.25)", "slow (x0.5)", "normal (x1)", "fast (x2)", "faster (x4)", "fastest (x8)"]
    assert ("3.0", "x3") in pace_options(3.0)
    assert [label for _, label in volume_options(0.8)] == ["silent (0%)", "20%", "40%", "60%", "80%", "100%"]
    assert ("0.75", "75%") in volume_options(0.75)


def test_the_tutor_and_its_threshold_are_changed_and_kept(app: SpokerApp) -> None:
    view = open_from_title(app)
    assert not app.settings.tutor and view.tutor.label == "Off"  # off by default
    click(view, view.tutor)
    assert app.settings.tutor and view.tutor.label == "Warn me of mistakes"  # on: at the default threshold
    click(view, view.tutor)
    assert view.tutor.label == "Warn me of big mistakes" and app.settings.tutor_threshold == 0.25
    click(view, view.tutor, RIGHT)
    click(view, view.tutor, RIGHT)
    kept = load_settings()
    assert (kept.tutor, kept.tutor_threshold) == (True, 0.10)
    click(view, view.tutor, RIGHT)  # off, the threshold kept
    assert not load_settings().tutor and load_settings().tutor_threshold == 0.10
    click(view, view.tutor, RIGHT)  # on again (either way round): at the threshold it had
    assert app.settings.tutor and view.tutor.label == "Warn me of any mistake"
    view.on_key_press(keys.ESCAPE, 0)
    again = open_from_title(app)
    assert again.tutor.value == "0.1"


def test_the_tutor_settings_round_trip_and_damaged_values_read_as_their_defaults(tmp_path: Any) -> None:
    path = tmp_path / "settings.json"
    save_settings(Settings(tutor=True, tutor_threshold=0.4), path)
    kept = load_settings(path)
    assert (kept.tutor, kept.tutor_threshold) == (True, 0.4)
    # An older file, without the tutor: off, and nothing damaged.
    old, bad = settings_from({"show_hints": True, "volume": 0.6})
    assert (old.tutor, old.tutor_threshold, bad) == (False, 0.15, "")
    for tutor, threshold in (("yes", 0.15), (1, 0.15), (None, 0.15)):
        got, bad = settings_from({"tutor": tutor, "tutor_threshold": threshold})
        assert not got.tutor and bad == f"tutor {tutor!r}"
    for damaged in (True, "0.15", 0, -0.1, 2.5, float("nan"), 10 ** 400, None):
        got, bad = settings_from({"tutor": True, "tutor_threshold": damaged})
        assert got.tutor and got.tutor_threshold == 0.15 and bad.startswith("tutor_threshold "), damaged
    got, bad = settings_from({"tutor": True, "tutor_threshold": 2})  # a whole number in range
    assert got.tutor_threshold == 2.0 and bad == ""
    # A damaged file is set aside with the line saying what was damaged.
    path.write_text('{"tutor": "on", "tutor_threshold": 0.25}')
    notices: list[Notice] = []
    got = load_settings(path, notices)
    assert (got.tutor, got.tutor_threshold) == (False, 0.25) and "tutor 'on'" in notices[0].line


def test_the_tutor_choice_shows_a_threshold_between_its_steps() -> None:
    assert [label for _, label in tutor_options(0.15)] == [
        "Off", "Warn me of any mistake", "Warn me of mistakes", "Warn me of big mistakes",
        "Warn me of blunders only"]
    assert ("0.2", "Warn me past 1 game in 10") in tutor_options(0.2)
    assert "0.25" in tutor_tip("0.25") and "1 game in 8" in tutor_tip("0.25")


def test_full_screen_is_harmless_without_a_display(window: Any) -> None:
    assert getattr(window, "headless", False)
    size = (window.width, window.height)
    assert apply_fullscreen(window, True) is False
    assert (window.width, window.height) == size and not window.fullscreen

    class Refuses:
        def set_fullscreen(self, on: bool) -> None:
            raise RuntimeError("no such mode")

    assert apply_fullscreen(Refuses(), True) is False  # type: ignore[arg-type]
    calls: list[bool] = []

    class Obliges:
        def set_fullscreen(self, on: bool) -> None:
            calls.append(on)

    assert apply_fullscreen(Obliges(), True) is True and calls == [True]  # type: ignore[arg-type]
