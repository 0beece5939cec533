"""The Puzzles screen and Retry my mistakes, headless: handlers called as
the window calls them, pixels read where the values are drawn."""

from __future__ import annotations

from concurrent.futures import Future
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from spoker.engine.state_strings import parse_state
from spoker.gui.models.puzzle_session import PuzzleSession, load_shipped
from spoker.gui.models.retry_session import RetrySession
from spoker.gui.views.help import HelpView
from spoker.gui.views.puzzles import BADGE_COLOURS, PuzzlesView
from spoker.gui.views.title import TitleView
from spoker.records.record import load_record
from spoker.runs.analysis import analyse_record

SHIPPED = load_shipped()
QUICK = [i + 1 for i, p in enumerate(SHIPPED) if 30 - parse_state(p.state).move_number <= 6]
SAMPLE = Path(__file__).resolve().parents[3] / "assets" / "records" / "sample-game.txt"


def settle(view: Any) -> None:
    for _ in range(10):
        view.on_update(0.1)
    view.scene.finish_animations()
    view.on_draw()


def open_puzzle(app: Any, number: int) -> PuzzlesView:
    view = app.show_puzzles(number)
    assert isinstance(view, PuzzlesView) and isinstance(view.session, PuzzleSession)
    settle(view)
    return view


def colours_near(x: float, y: float, r: int = 4) -> list[tuple[int, int, int]]:
    image = arcade.get_image(int(x) - r, int(y) - r, 2 * r, 2 * r).convert("RGB")
    return [c for _, c in image.getcolors(4 * r * r) or []]  # type: ignore[misc]


def near(colour: tuple[int, int, int], wanted: tuple[int, ...], tolerance: int = 30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, wanted))


class Pending:
    """A worker whose searches never end: the screen opens without solving."""

    def submit(self, fn: object, *args: object) -> Future[object]:
        return Future()


def test_the_title_screen_opens_the_puzzles_with_p(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.executors, "process", Pending())
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.b_puzzles.label == "Puzzles"
    title.on_key_press(keys.P, 0)
    view = app.window.current_view
    assert isinstance(view, PuzzlesView) and view.session.puzzle is not None  # type: ignore[union-attr]
    view.on_draw()
    assert view.session.waiting and view.session.try_lines() == []  # type: ignore[union-attr]
    view.on_key_press(keys.ESCAPE, 0)
    assert isinstance(app.window.current_view, TitleView)


def test_a_puzzle_by_keys_then_its_values_on_the_board(app: Any) -> None:
    view = open_puzzle(app, QUICK[0])
    session = view.session
    assert isinstance(session, PuzzleSession) and session.puzzle is not None
    answer = session.puzzle.answers[0]
    cells = session.playable()
    for _ in range(cells.index(answer) + 1):
        view.on_key_press(keys.TAB, 0)
    assert view.placing.cursor == answer
    view.on_key_press(keys.ENTER, 0)
    assert session.attempt is not None and session.attempt.right
    settle(view)
    badges = session.badges()
    assert len(badges) == len(cells)
    x, y, _ = view.scene.screen_position(answer)
    label = view._badges[[c for c, _, _ in badges].index(answer)]
    left = x - label.content_width / 2 - 2  # inside the pill, beside its number
    assert any(near(c, BADGE_COLOURS["best"][:3]) for c in colours_near(left, y, 2)), "the best's value is drawn green"
    assert view.b_line.visible and view.b_next.enabled
    before = view.scene.board
    view.on_key_press(keys.RIGHT, 0)
    assert session.line_index == 1 and view.scene.board != before
    view.on_key_press(keys.LEFT, 0)
    assert session.line_index == 0
    view.on_key_press(keys.N, 0)
    assert session.attempt is None and session.puzzle is not None and not view.b_line.visible


def test_a_click_on_a_wrong_cell_says_so_and_the_help_lists_the_keys(app: Any) -> None:
    view = open_puzzle(app, QUICK[1])
    session = view.session
    assert isinstance(session, PuzzleSession) and session.puzzle is not None
    spots = [(view.scene.screen_position(c), c) for c in session.playable() if c not in session.puzzle.answers]
    hit = next(((x, y), c) for (x, y, _), c in spots if view.scene.pick(x, y) == c)
    (x, y), cell = hit
    view.on_mouse_motion(int(x), int(y), 0, 0)
    assert view.placing.hover == cell
    view.on_mouse_press(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert session.attempt is not None and session.attempt.cell == cell and not session.attempt.right
    assert session.try_lines()[0][1] == "bad"
    view.on_draw()
    view.on_key_press(keys.F1, 0)
    help_view = app.window.current_view
    assert isinstance(help_view, HelpView)
    assert help_view.keys_heading == "KEYS IN THE PUZZLES"
    assert ("\u2190 \u2192", "after a try: step through the line that follows") in help_view.keys
    help_view.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is view


def test_searching_an_empty_folder_and_stopping(app: Any, tmp_path: Path) -> None:
    view = open_puzzle(app, QUICK[0])
    assert view.folder is not None
    view.folder.text = str(tmp_path / "none")
    view.toggle_scan()
    assert view.scan is None and view.message_kind == "bad"
    view.folder.text = str(tmp_path)
    view.toggle_scan()
    assert view.scan is not None and not view.scan.running and "0 puzzles from 0 records" in view.message


@pytest.fixture(scope="module")
def sample() -> tuple[Any, Any]:
    record = load_record(SAMPLE)
    return record, analyse_record(record, 2000)


def test_retry_by_keys_then_back(app: Any, sample: tuple[Any, Any]) -> None:
    record, analysis = sample
    player = next(p for p in (1, 2) if any(m.player == p and m.verdict in ("mistake", "blunder")
                                         for m in analysis.moves))
    went_back = []
    view = app.show_retry(record, analysis, player, lambda: went_back.append(True))
    assert isinstance(view, PuzzlesView) and isinstance(view.session, RetrySession)
    settle(view)
    session = view.session
    assert not view.b_line.visible and view.filters == []
    m = session.items[0].move
    view.placing.cursor = m.best
    view.on_key_press(keys.ENTER, 0)
    assert session.result is not None and session.result.kind == "best"
    view.on_draw()
    x, y, _ = view.scene.screen_position(m.best)
    assert any(near(c, BADGE_COLOURS["best"][:3]) for c in colours_near(x, y, 6))
    while not session.finished:
        if session.result is None:
            view.placing.cursor = session.items[session.index].move.cell
            view.on_key_press(keys.ENTER, 0)
        view.on_key_press(keys.N, 0)
    assert session.task().startswith("Done:")
    view.on_key_press(keys.ESCAPE, 0)
    assert went_back == [True]


def test_a_damaged_progress_file_is_told_once_on_the_screen(app: Any, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from spoker.gui.models.puzzle_store import MineStore, ProgressStore
    from spoker.runs.workers import InlineExecutor

    (tmp_path / "puzzles.json").write_text("[1, 2", encoding="utf-8")
    session = PuzzleSession(SHIPPED[:3], ProgressStore(tmp_path / "puzzles.json"), MineStore(None), Pending())
    view = PuzzlesView(app, session, InlineExecutor())
    assert view.message_kind == "bad" and "damaged" in view.message
    assert "was damaged" in capsys.readouterr().err
    view.say("", "info", 0)
    view._tell_notices()
    assert view.message == ""  # told once
