"""The My games screen, headless: reached from the title (button and key),
the list newest first, filtered, a game opened, analysed (the analysis kept
and shown back here), retried, exported and deleted (asked first), keyboard
and mouse; its texts in their boxes at 800x600, 1280x800 and 1920x1080."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from support.layout_check import layout_problems

from spoker.engine.rules import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models import analysis_store
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.game_files import record_of
from spoker.gui.models.retry_session import RetrySession
from spoker.gui.models.settings import Settings
from spoker.gui.render.text import recording_texts
from spoker.gui.screenshot import autoplay
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.game_actions import FILM_HELP
from spoker.gui.views.my_games import EMPTY, NO_GAME, MyGamesView
from spoker.gui.views.puzzles import PuzzlesView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.save_dialog import SaveDialog
from spoker.gui.views.title import TitleView
from spoker.records.record import GameRecord, load_record, save_record

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
LONG = "Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen-Sachsen-Coburg-und-Gotha"
EFFORT = 300  # a quick analysis
SHORT = 7  # moves of the short games (an analysis in a moment)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "home"
    monkeypatch.setenv("SPOKER_HOME", str(path))
    return path


@pytest.fixture
def app(window: Any, home: Path) -> Iterator[SpokerApp]:
    """An app that keeps its files (deletes, analyses) in a temporary home."""
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    the_app.analyses.effort = EFFORT
    the_app.frame_cache.enabled = False
    yield the_app
    the_app.resized(window.width, window.height)
    the_app.frame_cache.enabled = True


def game(seed: int, names: tuple[str, str], seats: tuple[str, str], moves: int | None = None) -> GameRecord:
    controller = GameController(GameSetup(names, seats, RuleSet(), seed))
    autoplay(controller, moves or 0, until_over=moves is None)
    return record_of(controller)


def put(home: Path, name: str, record: GameRecord, age: int) -> Path:
    """A record in games/, ``age`` hours old."""
    path = home / "games" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    save_record(path, record)
    when = 1_700_000_000 - age * 3600
    os.utime(path, (when, when))
    return path


@pytest.fixture
def games(home: Path) -> list[Path]:
    """Three games, the newest first: a short one against the computer, a
    finished one of two people, a finished one against the computer."""
    return [
        put(home, "game-3.txt", game(3, ("Ann", "Computer (Casual)"), (PERSON, "greedy"), SHORT), 1),
        put(home, "game-2.txt", game(2, ("Ann", "Bob"), (PERSON, PERSON)), 2),
        put(home, "game-1.txt", game(1, ("Computer (Beginner)", "Ann"), ("random", PERSON)), 3),
    ]


def my_games(app: SpokerApp) -> MyGamesView:
    app.show_my_games()
    view = app.window.current_view
    assert isinstance(view, MyGamesView)
    view.on_draw()
    return view


def press(view: Any, symbol: int, modifiers: int = 0) -> None:
    view.on_key_press(symbol, modifiers)
    view.on_draw()
    view.on_update(0.02)


def click(view: Any, x: float, y: float) -> None:
    view.on_mouse_press(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def test_the_title_opens_my_games_by_key_and_button(app: SpokerApp, games: list[Path]) -> None:
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    press(title, keys.M)
    assert isinstance(app.window.current_view, MyGamesView)
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    click(title, *title.b_games.center)
    view = app.window.current_view
    assert isinstance(view, MyGamesView)
    press(view, keys.ESCAPE)
    assert isinstance(app.window.current_view, TitleView)


def test_the_list_newest_first_and_its_filters(app: SpokerApp, games: list[Path]) -> None:
    view = my_games(app)
    assert [e.path for e in view.shown] == games
    assert view.entry is not None and view.entry.path == games[0]
    press(view, keys.DOWN)
    assert view.entry is not None and view.entry.path == games[1]
    press(view, keys.F)  # the first opponent met: Casual
    assert [e.opponent for e in view.shown] == ["Casual"] and view.b_opponent.label == "Opponent: Casual"
    press(view, keys.F)
    assert [e.opponent for e in view.shown] == ["Two people"]
    press(view, keys.F, keys.MOD_SHIFT)
    press(view, keys.F, keys.MOD_SHIFT)
    assert len(view.shown) == 3
    press(view, keys.R)  # the first result present, in order: won, lost, drawn, ..., unfinished
    outcome = view.b_result.value
    assert outcome and all(e.outcome.value == outcome for e in view.shown)
    while view.b_result.value != "unfinished":
        press(view, keys.R)
    assert [e.path for e in view.shown] == games[:1]


def test_a_click_chooses_a_game_and_a_second_click_opens_it(app: SpokerApp, games: list[Path]) -> None:
    view = my_games(app)
    x, y, w, h = view.row_rects[2]
    click(view, x + w / 2, y + h / 2)
    assert view.entry is not None and view.entry.path == games[2]
    assert app.window.current_view is view
    click(view, x + w / 2, y + h / 2)
    replay = app.window.current_view
    assert isinstance(replay, ReplayView) and replay.source == str(games[2])
    assert replay.replay.record.moves == load_record(games[2]).moves
    assert replay.b_exit.tooltip == "Back to My games"  # where Close goes, not the title
    replay.close()  # back to My games, the same game chosen
    assert app.window.current_view is view and view.entry is not None and view.entry.path == games[2]


def test_analyse_opens_the_viewer_analysing_and_the_analysis_is_kept(
        app: SpokerApp, games: list[Path], home: Path) -> None:
    view = my_games(app)
    assert view.entry is not None and "Not analysed yet" in view.analysis_words(view.entry)
    press(view, keys.A)
    replay = app.window.current_view
    assert isinstance(replay, ReplayView) and replay.analysis.result is not None  # at once, unthreaded
    replay.close()
    assert app.window.current_view is view
    assert view.entry is not None and view.analysis_words(view.entry).startswith("Analysed: ")
    store = analysis_store.AnalysisStore(home / analysis_store.FILENAME)
    record = load_record(games[0])
    assert store.find(analysis_store.key_of(record.moves, record.rules, EFFORT)) is not None


def test_retry_analyses_first_then_opens_the_persons_mistakes(app: SpokerApp, games: list[Path]) -> None:
    view = my_games(app)
    press(view, keys.T)  # the analysis runs at once here, then the one person's seat is retried
    retry = app.window.current_view
    assert isinstance(retry, PuzzlesView) and isinstance(retry.session, RetrySession)
    assert retry.session.player == 1
    retry.on_draw()
    retry.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is view


def test_export_proposes_a_gif_beside_the_record_and_writes_it(app: SpokerApp, games: list[Path]) -> None:
    view = my_games(app)
    press(view, keys.X)
    dialog = view.dialog
    assert isinstance(dialog, SaveDialog) and dialog.help_text == FILM_HELP
    assert dialog.field.text == str(games[0].with_suffix(".gif"))
    view.on_key_press(keys.ENTER, 0)
    for _ in range(3):
        view.on_draw()
        view.on_update(0.02)
    assert games[0].with_suffix(".gif").is_file() and view.message.startswith("Saved game-3.gif")
    assert len(view.games.refresh()) == 3  # an animation is not a game


def test_delete_asks_first(app: SpokerApp, games: list[Path]) -> None:
    view = my_games(app)
    press(view, keys.DOWN)
    press(view, keys.DELETE)
    assert isinstance(view.dialog, ConfirmDialog) and view.dialog.title == "Delete this game?"
    press(view, keys.ENTER)  # Enter does not delete: only Y or the button
    assert isinstance(view.dialog, ConfirmDialog)
    press(view, keys.N)
    assert view.dialog is None and games[1].exists()
    press(view, keys.DELETE)
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog)
    click(view, *dialog.yes.center)
    assert not games[1].exists() and [e.path for e in view.shown] == [games[0], games[2]]
    assert view.entry is not None and view.entry.path == games[2]  # the next one down is chosen
    assert view.message == "Deleted game-2.txt."


def test_a_damaged_file_is_listed_set_aside_and_can_only_be_deleted(
        app: SpokerApp, games: list[Path], home: Path) -> None:
    (home / "games" / "game-0.txt").write_text("Rules: visible\n\n1. W@1A1 2. W@1A1\n")
    view = my_games(app)
    damaged = [e for e in view.shown if e.damaged]
    assert len(damaged) == 1 and ".damaged-" in damaged[0].path.name
    assert "damaged" in view.message.lower()
    view.choose(view.shown.index(damaged[0]))
    press(view, keys.ENTER)
    assert app.window.current_view is view and "damaged" in view.message
    press(view, keys.DELETE)
    press(view, keys.Y)
    assert not damaged[0].path.exists() and len(view.shown) == 3


def test_no_games_says_so(app: SpokerApp) -> None:
    view = my_games(app)
    with recording_texts() as texts:
        view.on_draw()
    assert any(t.text == EMPTY for t in texts.values())
    press(view, keys.ENTER)
    assert view.message == NO_GAME


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_texts_stay_in_their_boxes_and_apart(app: SpokerApp, games: list[Path], home: Path,
                                             size: tuple[int, int]) -> None:
    put(home, "game-long.txt", game(4, (LONG, "Computer (Club)"), (PERSON, "lookahead"), SHORT), 0)
    (home / "games" / f"{'x' * 60}.txt").write_text("not a record at all, " * 20)
    for i in range(30):  # more than the list holds: the last row meets the line under it
        put(home, f"game-copy-{i}.txt", load_record(games[1]), 4 + i)
    app.resized(*size)
    view = my_games(app)
    view.say("A message over the list, as long as a notice about a damaged file can be" * 2, "bad", 30)
    with recording_texts() as texts:
        view.on_draw()
    boxes = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
    boxes += [view.list_rect, *view.row_rects]
    assert len(texts) > 20
    assert layout_problems(list(texts.values()), size, boxes) == []
    press(view, keys.DELETE)
    dialog = view.dialog
    assert dialog is not None
    with recording_texts() as shown:
        dialog.draw()
    assert layout_problems(list(shown.values()), size, [dialog.rect, (dialog.yes.left, dialog.yes.bottom,
                           dialog.yes.width, dialog.yes.height), (dialog.no.left, dialog.no.bottom,
                           dialog.no.width, dialog.no.height)]) == []


def test_the_line_under_the_list_names_the_rules_a_game_was_played_under(app: SpokerApp, home: Path) -> None:
    """The replay viewer names a game's rules file: the list's line does too
    (before, it named only the file and its analysis)."""
    rules = RuleSet.parse("lines=in-level, tie=none, bag=12-9-9")
    controller = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), rules, 5, rules_name="level-lines"))
    autoplay(controller, SHORT)
    put(home, "named.txt", record_of(controller), 3)
    put(home, "items.txt", GameRecord(rules=rules, moves=record_of(controller).moves), 2)
    put(home, "standard.txt", game(5, ("Ann", "Bob"), (PERSON, PERSON), SHORT), 1)
    view = my_games(app)
    seen = []
    for _ in range(3):
        with recording_texts() as texts:
            view.on_draw()
        seen.append(next(t.text for t in texts.values() if ".txt" in t.text))
        press(view, keys.DOWN)
    assert seen[0].startswith("standard.txt  \u00b7  Not analysed")  # the rules as written: nothing said
    assert seen[1].startswith("items.txt  \u00b7  visible, lines=in-level, tie=none, bag=12-9-9  \u00b7  ")
    assert seen[2].startswith("named.txt  \u00b7  level-lines  \u00b7  ")
