"""The board's orientation: one view for the person, the
same in a new game, after a resume and in a replay, kept in the settings;
V (and the View button) resets it. The title's pyramid spins without
changing it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as keys

from spoker import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup
from spoker.gui.models.settings import Settings, load_settings, settings_from
from spoker.records.record import GameRecord

SETUP = GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=4)


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    yield the_app


def spin_the_title(app: SpokerApp, seconds: float) -> None:
    app.show_title()
    view = app.window.current_view
    for _ in range(int(seconds / 0.25)):
        view.on_draw()
        view.on_update(0.25)


def test_a_new_game_after_the_title_s_spin_shows_the_person_s_view(app: SpokerApp) -> None:
    app.settings.board_view = 1
    spin_the_title(app, 16.0)  # the showcase turns twice meanwhile
    assert app.scene.rotation != 1, "the title's pyramid did spin"
    view = app.new_game(SETUP)
    assert view.scene.rotation == 1


def test_turning_in_a_game_is_kept_for_the_next_game_the_resume_and_the_replay(app: SpokerApp) -> None:
    view = app.new_game(SETUP)
    view.on_key_press(keys.R, 0)  # a quarter turn
    turned = view.scene.rotation
    assert turned != 0 and app.settings.board_view == turned
    view.on_key_press(keys.SPACE, 0)
    view.act_place(view.controller.state.legal_cells()[0])
    view.to_menu()
    spin_the_title(app, 16.0)
    resumed = app.resume()
    assert resumed is not None and resumed.scene.rotation == turned, "a resumed game keeps the view"
    app.show_title()
    spin_the_title(app, 8.0)
    app.new_game(SETUP)
    assert app.scene.rotation == turned, "so does the next new game"
    record = GameRecord.from_state(resumed.controller.state, resumed.controller.headers())
    app.open_record(record, "replay.txt", "replay")
    assert app.scene.rotation == turned, "and a replay"


def test_a_turn_made_in_the_replay_viewer_is_kept_too(app: SpokerApp) -> None:
    view = app.new_game(SETUP)
    record = GameRecord.from_state(view.controller.state, view.controller.headers())
    app.open_record(record, "replay.txt", "replay")
    app.scene.rotate(-1)
    turned = app.scene.rotation
    app.new_game(SETUP)
    assert app.scene.rotation == turned


def test_v_resets_the_view_and_lowers_the_levels(app: SpokerApp) -> None:
    view = app.new_game(SETUP)
    view.on_key_press(keys.R, 0)
    view.on_key_press(keys.R, 0)
    view.on_key_press(keys.E, 0)
    assert view.scene.rotation == 2 and view.scene.exploded
    view.on_key_press(keys.V, 0)
    assert view.scene.rotation == 0 and not view.scene.exploded
    assert app.settings.board_view == 0
    view.on_key_press(keys.R, keys.MOD_SHIFT)
    view.b_view.action()
    assert view.scene.rotation == 0


def test_the_view_is_kept_in_the_settings_file_between_sessions(app: SpokerApp, tmp_path: Any) -> None:
    view = app.new_game(SETUP)
    view.on_key_press(keys.R, 0)
    turned = view.scene.rotation
    app.quit()
    assert load_settings().board_view == turned


@pytest.mark.parametrize(
    ("value", "why"),
    [(4, "only four quarter turns"), (-1, "no negative turn"), (True, "a truth value is no turn"),
     (1.5, "half a quarter turn is no view"), ("1", "text is no number")],
)
def test_a_damaged_board_view_falls_back_to_the_standard_view(value: object, why: str) -> None:
    settings, note = settings_from({"board_view": value})
    assert settings.board_view == 0, why
    assert "board_view" in note


def test_a_random_series_of_turns_ends_where_the_person_left_it(app: SpokerApp) -> None:
    rng = random.Random(7)
    view = app.new_game(SETUP)
    for _ in range(12):
        key, mods = rng.choice([(keys.R, 0), (keys.R, keys.MOD_SHIFT), (keys.LEFT, 0), (keys.RIGHT, 0)])
        view.on_key_press(key, mods)
    left_at = view.scene.rotation
    app.show_help()
    app.new_game(SETUP)
    assert app.scene.rotation == left_at
