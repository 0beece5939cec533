"""The title screen's rule choice reaches the rest of the window: the
Laboratory opens under it, the unfinished game's card names the rules file
it is played under, and a rules file's summary is written in one place."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from arcade import key as keys
from support.screens import title

from spoker.engine.rules import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models import autosave
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.render.text import recording_texts
from spoker.gui.views.lab import LabView
from spoker.gui.views.title import TitleView, entry_details
from spoker.text.rules_words import summary

FAIR = 'name = "fair-bag"\nsummary = "More white, fewer flushes"\nbag = [12, 9, 9]\ntie = "none"\n'
FAIR_RULES = RuleSet.parse("visible, tie=none, bag=12-9-9")


def rules_file() -> None:
    folder = Path(os.environ["SPOKER_HOME"]) / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "fair.toml").write_text(FAIR, encoding="utf-8")


def texts_of(view: TitleView) -> list[str]:
    with recording_texts() as texts:
        view.on_draw()
    return [t.text for t in texts.values()]


@pytest.mark.parametrize("how", ["button", "key"])
def test_the_laboratory_opens_under_the_rules_file_chosen(app: SpokerApp, how: str) -> None:
    rules_file()
    view = title(app)
    view.rules_choice.next()
    assert view.rules_file is not None
    if how == "button":
        view.b_lab.action()
    else:
        view.on_key_press(keys.L, 0)
    lab = app.window.current_view
    assert isinstance(lab, LabView)
    assert lab.lab.rules == FAIR_RULES  # the rules as written before: the choice was lost
    assert lab.rules_panel.open and lab.rules_panel.rules == FAIR_RULES


def test_the_laboratory_opens_under_the_built_in_rules_chosen(app: SpokerApp) -> None:
    view = title(app)
    view.visibility.next()
    view.apex.next()
    view.b_lab.action()
    lab = app.window.current_view
    assert isinstance(lab, LabView)
    assert lab.lab.rules == RuleSet("touching", True) and lab.rules_choice.value == "touching+apex-free"


def test_the_unfinished_games_card_names_its_rules_file(app: SpokerApp) -> None:
    setup = GameSetup(("Ann", "Bob"), rules=FAIR_RULES, seed=5, rules_name="fair-bag")
    path = autosave.new_autosave_path()
    assert path is not None
    autosave.save(GameController(setup), path)
    app.files.read_unfinished = True
    view = title(app)
    assert view.saved is not None
    line = entry_details(view.entries[0], 0, 1)
    assert "fair-bag" in line, line
    assert any("fair-bag" in t for t in texts_of(view))
    assert "fair-bag" in view.b_continue.tooltip


def test_the_unfinished_card_names_items_and_says_nothing_of_the_rules_as_written(app: SpokerApp) -> None:
    for rules in (RuleSet.parse("touching, tie=none"), RuleSet()):
        path = autosave.new_autosave_path()
        assert path is not None
        autosave.save(GameController(GameSetup(("Ann", "Bob"), rules=rules, seed=5)), path)
        entry = next(e for e in autosave.unfinished() if e.path == path)
        line = entry_details(entry, 0, 1)
        assert ("touching, tie=none" in line) == (rules != RuleSet()), line
        path.unlink()


def test_the_title_says_what_a_rules_file_changes_as_the_lab_summary_does(app: SpokerApp) -> None:
    rules_file()
    view = title(app)
    view.rules_choice.next()
    assert summary(FAIR_RULES) in texts_of(view)


def test_a_failing_plug_in_variant_is_refused_on_the_title_in_one_line(
    app: SpokerApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A variant whose change of the rulings raises: Start and Play the
    computer stay on the title and say so (they raised out of the click
    before), as ``spoker groups --rules`` does; the settings are untouched."""
    from spoker.engine import rules as rules_module
    from spoker.gui.views.title import TitleView

    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
    rules_module.register_variant(rules_module.Variant("title-breaks", "breaks", lambda rulings: 1 / 0))
    view = title(app)
    view.variant.select("title-breaks")
    before = (app.settings.variants, app.settings.played_computer)
    for press in (view.start, view.play_computer):
        view.message = ""
        press()
        assert isinstance(app.window.current_view, TitleView)
        assert "'title-breaks'" in view.message and "failed to change the rulings" in view.message
        assert "\n" not in view.message and view.message_kind == "bad"
    assert (app.settings.variants, app.settings.played_computer) == before
