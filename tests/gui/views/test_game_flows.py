"""The flows the game's screens share, each in one place: Save (the game and
end screens: spoker.gui.views.save_dialog), Retry my mistakes and Export
animation (the end screen and the replay viewer: spoker.gui.views.game_actions).
The flows themselves are tested in test_retry_export_buttons.py and
test_files.py; here, that every screen uses them and says the same."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arcade import key as keys
from support.executors import StepExecutor

from spoker.gui.models.analysis_model import RUNNING
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.views.base import BaseView
from spoker.gui.views.end import EndView
from spoker.gui.views.game import GameView
from spoker.gui.views.game_actions import ANALYSING, GameActionsView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.save_dialog import NO_NAME, SaveDialog
from spoker.records.record import load_record

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
SHARED = ("retry", "open_retry", "ask_export", "ask_film_name", "export", "run_export", "actions_update")


def game_screen(app: Any) -> BaseView:
    return app.new_game(GameSetup(("Ann", "Bob"), seed=1))  # type: ignore[no-any-return]


def end_screen(app: Any, seats: tuple[str, str] = ("person", "greedy")) -> EndView:
    app.show_end(GameController(GameSetup(("Ann", "Bob"), seats, seed=4), load_record(SAMPLE).play()))
    view = app.window.current_view
    assert isinstance(view, EndView)
    view.on_draw()
    return view


@pytest.mark.parametrize("screen", [EndView, ReplayView])
def test_both_screens_of_a_whole_game_use_the_one_retry_and_export(screen: type[BaseView]) -> None:
    assert issubclass(screen, GameActionsView)
    for name in SHARED:
        assert getattr(screen, name) is getattr(GameActionsView, name), f"{screen.__name__}.{name} is its own"


@pytest.mark.parametrize("open_screen", [game_screen, end_screen], ids=["game", "end"])
def test_an_empty_save_name_is_told_and_nothing_is_written(
        app: Any, open_screen: Callable[[Any], BaseView], tmp_path: Path) -> None:
    view = open_screen(app)
    assert isinstance(view, (GameView, EndView))
    view.on_key_press(keys.S, 0)
    dialog = view.dialog
    assert isinstance(dialog, SaveDialog)
    dialog.field.select_all()
    dialog.on_key_press(keys.BACKSPACE, 0)
    dialog.on_key_press(keys.ENTER, 0)
    assert dialog.done
    assert (view.message, view.message_kind) == (NO_NAME, "bad")
    assert not (tmp_path / "home" / "games").exists()


def test_the_end_screen_says_what_the_viewer_says_while_the_analysis_runs(app: Any) -> None:
    app.analyses.executor = StepExecutor()  # keeps the work: the analysis stays running
    view = end_screen(app)
    view.on_key_press(keys.T, 0)
    assert view.analysis.state == RUNNING
    assert view.message == ANALYSING == "Analysing the game first: press T when it is done."
