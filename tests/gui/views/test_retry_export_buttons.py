"""The buttons "Retry my mistakes" and "Export animation" of
the replay viewer and the end screen: the analysis first, whose mistakes
(asked only when it is not clear), Back to the same position; the whole
game or the challenge here as a GIF of two frames a move, a bad name one
message and no file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arcade import key as keys
from PIL import Image
from support.executors import StepExecutor

from spoker.gui.models.analysis_model import DONE, RUNNING
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.retry_session import RetrySession
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.end import EndView
from spoker.gui.views.game_actions import EXPORTING, FILM_HELP, film_path, people
from spoker.gui.views.puzzles import PuzzlesView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.save_dialog import RECORD_HELP, SaveDialog
from spoker.records.record import GameRecord, load_record, save_record

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
EFFORT = 300  # quick: enough to find the sample game's mistakes
SHORT = 7  # the sample's first moves: challenges at 4 (answered at 5) and 6 (answered at 7)




@pytest.fixture(scope="module")
def sample() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture
def app(app: Any, window: Any) -> Iterator[Any]:
    """The shared app (conftest) at a quick analysis effort, every frame drawn."""
    app.analyses.effort = EFFORT
    app.frame_cache.enabled = False
    yield app
    app.resized(window.width, window.height)


def short_record(sample: GameRecord, tmp_path: Path, **headers: str) -> Path:
    """The sample's first moves as a record file (with more headers)."""
    record = GameRecord({**sample.headers, **headers}, list(sample.moves[:SHORT]), sample.rules)
    path = tmp_path / "short.txt"
    save_record(path, record)
    return path


def open_viewer(app: Any, path: Path) -> ReplayView:
    assert app.open_record_file(str(path), "replay") is None  # unfinished: replayed as it stands
    view = app.window.current_view
    assert isinstance(view, ReplayView)
    view.on_draw()
    return view


def press(view: Any, symbol: int) -> None:
    view.on_key_press(symbol, 0)
    view.on_draw()
    view.on_update(0.02)  # a closed box goes; a pending export runs after the frame drawn


def save_as(view: Any, name: str) -> None:
    """Type ``name`` over the whole proposed file name, then Enter."""
    dialog = view.dialog
    assert isinstance(dialog, SaveDialog) and dialog.help_text == FILM_HELP
    dialog.field.select(0, len(dialog.field.text))
    dialog.on_text(name)
    view.on_key_press(keys.ENTER, 0)
    assert view.dialog is None and view.message == EXPORTING  # the frame before the export says so
    view.on_update(0.02)
    assert view.exporting is not None  # not before "Exporting" is drawn
    view.on_draw()
    view.on_update(0.02)
    assert view.exporting is None
    said = view.message
    view.on_update(30.0)  # the export's time (the thread was held) does not take the message away
    assert view.message == said and view.message_time > 5


def frames_of(path: Path) -> int:
    with Image.open(path) as im:
        assert im.format == "GIF"
        return int(im.n_frames)


# -- the replay viewer ------------------------------------------------------------------
def test_retry_before_the_analysis_starts_it_then_asks_whose(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    runner = StepExecutor()
    app.analyses.executor = runner
    view = open_viewer(app, short_record(sample, tmp_path))
    assert view.analysis.state != DONE
    press(view, keys.T)
    assert view.analysis.state == RUNNING and "Analysing the game first" in view.message
    assert app.window.current_view is view and view.dialog is None
    runner.run_all()
    view.on_update(0.02)  # the viewer takes the judged moves
    assert view.analysis.state == DONE
    press(view, keys.T)
    # Both seats people (no Player1Type, Player2Type headers): the question, the names as its answers.
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Retry whose mistakes?"
    assert (dialog.yes.label, dialog.no.label) == (sample.headers["Player1"], sample.headers["Player2"])
    press(view, keys.ESCAPE)  # cancels: no retry, the viewer still open
    assert view.dialog is None and app.window.current_view is view


def test_two_people_2_retries_player_2_and_back_returns_to_the_same_position(
        app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = open_viewer(app, short_record(sample, tmp_path))
    view.goto(5)
    press(view, keys.T)  # the analysis runs at once here
    assert isinstance(view.dialog, ConfirmDialog)
    view.on_key_press(keys.KEY_2, 0)
    retry = app.window.current_view
    assert isinstance(retry, PuzzlesView) and isinstance(retry.session, RetrySession)
    assert retry.session.player == 2
    retry.on_draw()
    retry.on_key_press(keys.ESCAPE, 0)  # Back
    assert app.window.current_view is view and view.position == 5
    assert view.scene.board == view.replay.state.board


def test_one_person_is_retried_without_a_question(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = open_viewer(app, short_record(sample, tmp_path, Player2Type="greedy"))
    assert people(view.setup.seats) == [1]
    press(view, keys.T)
    retry = app.window.current_view
    assert isinstance(retry, PuzzlesView) and isinstance(retry.session, RetrySession)
    assert retry.session.player == 1


@pytest.mark.slow  # 14 frames drawn and encoded: about 2 s alone
def test_export_the_whole_game_outside_a_challenge(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    path = short_record(sample, tmp_path)
    view = open_viewer(app, path)
    view.goto(2)  # before the first challenge: no question
    view.b_export.action()
    dialog = view.dialog
    assert isinstance(dialog, SaveDialog) and dialog.field.text == str(tmp_path / "short.gif")
    save_as(view, str(tmp_path / "game.gif"))
    assert frames_of(tmp_path / "game.gif") == 2 * SHORT
    size = (tmp_path / "game.gif").stat().st_size
    assert view.message == f"Saved game.gif ({2 * SHORT} frames, {max(1, round(size / 1024))} KB)."
    assert view.message_kind == "good"


def test_export_this_challenge(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = open_viewer(app, short_record(sample, tmp_path))
    view.goto(5)  # the answer of the challenge opened at move 4
    press(view, keys.X)
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Export which?"
    press(view, keys.C)
    assert isinstance(view.dialog, SaveDialog)
    assert view.dialog.field.text == str(tmp_path / "short-moves-4-5.gif")
    assert view.dialog.field.text == film_path(str(tmp_path / "short.txt"), (4, 5))
    save_as(view, str(tmp_path / "challenge.gif"))
    assert frames_of(tmp_path / "challenge.gif") == 2 * (5 - 4 + 1)
    assert view.message.startswith("Saved challenge.gif (4 frames, ")


def test_export_which_g_is_the_whole_game_and_esc_cancels(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = open_viewer(app, short_record(sample, tmp_path))
    view.goto(4)
    press(view, keys.X)
    press(view, keys.ESCAPE)
    assert view.dialog is None and app.window.current_view is view
    press(view, keys.X)
    press(view, keys.G)
    assert isinstance(view.dialog, SaveDialog) and view.dialog.field.text == str(tmp_path / "short.gif")


def test_a_bad_ending_is_one_message_and_no_file(app: Any, sample: GameRecord, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    view = open_viewer(app, short_record(sample, tmp_path))
    view.goto(1)
    press(view, keys.X)
    save_as(view, str(tmp_path / "out" / "game.bmp"))
    assert view.message_kind == "bad" and view.message.startswith("Not exported: ")
    assert view.message == "Not exported: end the name .gif, .png or .webp"
    assert not (tmp_path / "out").exists() and not list(tmp_path.glob("**/*.bmp"))
    assert "'game.bmp': an animation is a .gif, .png (APNG) or .webp file" in capsys.readouterr().err


def test_an_unwritable_folder_is_one_message(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = open_viewer(app, short_record(sample, tmp_path))
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    view.goto(1)
    press(view, keys.X)
    save_as(view, str(blocker / "game.gif"))
    assert view.message_kind == "bad" and view.message.startswith("Not exported: cannot write 'game.gif': ")
    assert "\n" not in view.message and not (blocker / "game.gif").exists()


# -- the end screen -----------------------------------------------------------------------
def end_view(app: Any, record: GameRecord, seats: tuple[str, str]) -> EndView:
    app.show_end(GameController(GameSetup(("Ann", "Bob"), seats, seed=4), record.play()))
    view = app.window.current_view
    assert isinstance(view, EndView)
    view.on_draw()
    return view


def test_end_screen_buttons_sit_in_a_row_above_the_others(app: Any, sample: GameRecord) -> None:
    view = end_view(app, sample, ("person", "greedy"))
    assert view.b_retry.visible and view.b_export.visible
    assert view.b_retry.bottom >= view.b_new.bottom + view.b_new.height
    assert view.b_retry.bottom == view.b_export.bottom
    assert view.b_export.left >= view.b_retry.left + view.b_retry.width
    assert view.b_export.left + view.b_export.width <= app.width


def test_end_screen_retry_of_the_person_then_back(app: Any, sample: GameRecord) -> None:
    view = end_view(app, sample, ("greedy", "person"))
    view.b_retry.action()  # the analysis runs at once here, then the person's mistakes
    retry = app.window.current_view
    assert isinstance(retry, PuzzlesView) and isinstance(retry.session, RetrySession)
    assert retry.session.player == 2 and view.analysis.state == DONE
    retry.on_draw()
    retry.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is view


def test_end_screen_two_people_are_asked(app: Any, sample: GameRecord) -> None:
    view = end_view(app, sample, ("person", "person"))
    press(view, keys.T)
    assert isinstance(view.dialog, ConfirmDialog) and view.dialog.title == "Retry whose mistakes?"
    view.on_key_press(keys.KEY_1, 0)
    retry = app.window.current_view
    assert isinstance(retry, PuzzlesView) and isinstance(retry.session, RetrySession)
    assert retry.session.player == 1


def test_end_screen_exports_the_selected_challenge(app: Any, sample: GameRecord, tmp_path: Path) -> None:
    view = end_view(app, sample, ("person", "greedy"))
    press(view, keys.X)  # no challenge selected: the whole game's name at once
    assert isinstance(view.dialog, SaveDialog) and view.dialog.field.text.endswith(".gif")
    assert "games" in view.dialog.field.text and view.dialog.help_text != RECORD_HELP
    press(view, keys.ESCAPE)
    assert view.dialog is None
    view.select(1)  # the challenge opened at move 6, answered at 7
    press(view, keys.X)
    assert isinstance(view.dialog, ConfirmDialog) and view.dialog.title == "Export which?"
    press(view, keys.C)
    assert isinstance(view.dialog, SaveDialog) and view.dialog.field.text.endswith("-moves-6-7.gif")
    save_as(view, str(tmp_path / "end.gif"))
    assert frames_of(tmp_path / "end.gif") == 4
    assert view.message.startswith("Saved end.gif (4 frames, ") and view.message_kind == "good"


def test_the_save_dialog_speaks_to_a_player_not_of_the_docs() -> None:
    assert "docs/" not in RECORD_HELP and ".md" not in RECORD_HELP
    assert "record" in RECORD_HELP
