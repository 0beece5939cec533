"""Rules files in the window: the title offers the data folder's rules/
files (a damaged one told once), a game started under one plays its rule
set, its record writes Rules and RulesName and reads back, the game screen
says what differs in one line, and the bag shows the rule set's balls."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import pytest
from support.screens import title

from spoker.engine.rules import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.launch import setup_from_options
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.game_files import record_of, setup_from_record
from spoker.gui.models.settings import Settings, settings_from
from spoker.gui.render.text import recording_texts
from spoker.gui.views.game import GameView
from spoker.records.record import format_record, parse_record

FAIR = 'name = "fair-bag"\nsummary = "More white, fewer flushes"\nbag = [12, 9, 9]\ntie = "none"\n'
FAIR_RULES = RuleSet.parse("visible, tie=none, bag=12-9-9")


@pytest.fixture
def app(app: SpokerApp) -> SpokerApp:
    """The conftest's app, every frame drawn (so every label is seen)."""
    app.frame_cache.enabled = False
    return app


def rules_folder() -> Path:
    folder = Path(os.environ["SPOKER_HOME"]) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def texts_of(view: Any) -> list[str]:
    with recording_texts() as texts:
        view.on_draw()
    return [t.text for t in texts.values()]


def test_the_title_offers_each_rules_file_and_tells_a_damaged_one_once(
    app: SpokerApp, capsys: pytest.CaptureFixture[str],
) -> None:
    folder = rules_folder()
    (folder / "fair.toml").write_text(FAIR, encoding="utf-8")
    (folder / "broken.toml").write_text("name = 3\n", encoding="utf-8")
    view = title(app)
    assert [label for _, label in view.rules_choice.options] == ["as written", "fair-bag"]
    assert view.rules_choice.visible and view.rules_file is None and view.visibility.visible
    assert "broken.toml" in view.message
    title(app)  # back on the title: the same damaged file is not told again
    told = [line for line in capsys.readouterr().err.splitlines() if "broken.toml" in line]
    assert len(told) == 1, told
    assert (folder / "broken.toml").exists()  # never moved: the person's own text


def test_without_rules_files_the_title_has_no_chooser(app: SpokerApp) -> None:
    view = title(app)
    assert not view.rules_choice.visible and view.visibility.visible and view.apex.visible


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=["800x600", "1280x800", "1920x1080"])
def test_choosing_a_file_hides_the_toggles_and_says_what_it_changes(app: SpokerApp, size: tuple[int, int]) -> None:
    (rules_folder() / "fair.toml").write_text(FAIR, encoding="utf-8")
    view = title(app, size)
    view.rules_choice.next()
    assert view.rules_file is not None and view.rules_file.rules_file.name == "fair-bag"
    assert not view.visibility.visible and not view.apex.visible
    assert view.rules_choice.tooltip == "More white, fewer flushes (fair.toml)"
    shown = texts_of(view)
    assert "A tie scores nothing; the bag holds 12 white, 9 black, 9 red" in shown, shown
    assert not [t for t in shown if "\u2026" in t]  # nothing cut, at 800x600 too


def test_a_game_started_under_a_file_plays_it_and_the_title_remembers_it(app: SpokerApp) -> None:
    (rules_folder() / "fair.toml").write_text(FAIR, encoding="utf-8")
    app.settings.visibility = "touching"  # the toggles' choice waits while a file is chosen
    view = title(app)
    view.rules_choice.next()
    view.start()
    game = app.window.current_view
    assert isinstance(game, GameView)
    assert game.controller.rules == FAIR_RULES and game.controller.setup.rules_name == "fair-bag"
    assert game.controller.state.bag() == (12, 9, 9)
    assert app.settings.rules_name == "fair-bag" and app.settings.visibility == "touching"
    again = title(app)
    assert again.rules_file is not None and again.rules_choice.label == "Rules: fair-bag"
    again.rules_choice.next()  # back to the rules as written: the toggles as they were
    assert again.setup().rules == RuleSet("touching") and again.setup().rules_name == ""


def test_the_record_of_a_game_under_a_file_writes_rules_and_rules_name_and_reads_back() -> None:
    controller = GameController(GameSetup(("Ann", "Bob"), rules=FAIR_RULES, seed=5, rules_name="fair-bag"))
    text = format_record(record_of(controller))
    assert "Rules: visible, tie=none, bag=12-9-9\n" in text and "RulesName: fair-bag\n" in text
    back = parse_record(text)
    assert back.rules == FAIR_RULES and back.headers["RulesName"] == "fair-bag"
    continued = setup_from_record(back.headers, back.rules)
    assert continued.rules_name == "fair-bag"
    # The autosave keeps it too; an older autosave without it reads as no name.
    assert GameSetup.from_json(controller.setup.to_json()).rules_name == "fair-bag"
    assert "rules_name" not in GameSetup(("Ann", "Bob")).to_json()


def test_a_rules_name_that_is_not_a_name_is_not_carried() -> None:
    assert setup_from_record({"RulesName": "two words"}, FAIR_RULES).rules_name == ""
    with pytest.raises(ValueError, match="rules name"):
        GameSetup.from_json({"rules": "visible", "rules_name": "../x"})
    settings, bad = settings_from({"rules_name": "Not A Name"})
    assert settings.rules_name == "" and "rules_name" in bad


def test_spoker_play_rules_file_starts_with_the_file_named(tmp_path: Path) -> None:
    from spoker.cli.play_cmd import read_rules_option

    path = tmp_path / "fair.toml"
    path.write_text(FAIR, encoding="utf-8")
    args = argparse.Namespace(rules=str(path))
    read_rules_option(args)
    assert args.rules == FAIR_RULES.token and args.rules_name == "fair-bag"
    setup = setup_from_options(args, Settings())
    assert setup.rules == FAIR_RULES and setup.rules_name == "fair-bag"
    items = argparse.Namespace(rules="tie=none")
    read_rules_option(items)
    assert items.rules_name == "" and setup_from_options(items, Settings()).rules_name == ""


def test_the_game_screen_says_what_differs_in_one_line(app: SpokerApp) -> None:
    app.resized(800, 600)
    view = app.play(GameController(GameSetup(("Ann", "Bob"), rules=FAIR_RULES, seed=5, rules_name="fair-bag")))
    shown = texts_of(view)
    assert any("fair-bag" in t for t in shown), shown  # the header names the file
    assert "Rules: a tie scores nothing; the bag holds 12 white, 9 black, 9 red" in shown, shown
    plain = app.play(GameController(GameSetup(("Ann", "Bob"), seed=5)))
    assert not [t for t in texts_of(plain) if t.startswith("Rules:")]


def test_the_bag_shows_the_rule_sets_balls(app: SpokerApp) -> None:
    app.resized(800, 600)
    view = app.play(GameController(GameSetup(("Ann", "Bob"), rules=RuleSet.parse("bag=12-9-9"), seed=5)))
    with recording_texts() as texts:
        view.on_draw()
    left, bottom, width, height = view._bag.rect
    inside = [t.text for t in texts.values()
              if left <= t.left and t.right <= left + width and bottom <= t.bottom and t.top <= bottom + height]
    assert [t for t in inside if t.isdigit()] == ["12", "9", "9"], inside


def test_a_game_from_the_command_line_uses_the_remembered_file_while_it_is_there(app: SpokerApp) -> None:
    settings = Settings(visibility="touching", rules_name="fair-bag")
    assert setup_from_options(argparse.Namespace(seed=3), settings).rules == RuleSet("touching")  # no such file
    (rules_folder() / "fair.toml").write_text(FAIR, encoding="utf-8")
    setup = setup_from_options(argparse.Namespace(seed=3), settings)
    assert setup.rules == FAIR_RULES and setup.rules_name == "fair-bag"


def test_the_replay_viewer_names_the_rules_file_a_record_was_played_under(app: SpokerApp) -> None:
    from spoker.gui.views.replay import ReplayView

    controller = GameController(GameSetup(("Ann", "Bob"), rules=FAIR_RULES, seed=5, rules_name="fair-bag"))
    app.open_replay(parse_record(format_record(record_of(controller))), source="/games/fair.txt")
    view = app.window.current_view
    assert isinstance(view, ReplayView) and view.setup.rules_name == "fair-bag"
    view.on_draw()
    assert any("fair-bag" in t for t in texts_of(view)), texts_of(view)
