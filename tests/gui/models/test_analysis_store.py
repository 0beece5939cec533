"""The analyses kept between sessions (spoker.gui.models.analysis_store):
analysed once, a record reopened by a new app on the same data folder shows
its analysis without computing it again; the file is bounded, and a damaged
one is set aside with a notice, never a crash, and written afresh."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from arcade import key as keys

from spoker.gui.app import SpokerApp
from spoker.gui.models import analysis_model, analysis_store, kept_file
from spoker.gui.models.analysis_model import DONE, IDLE, AnalysisCache
from spoker.gui.models.analysis_store import FILENAME, AnalysisStore, Key, key_of
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.views.end import EndView
from spoker.gui.views.replay import ReplayView
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import MoveAnalysis, analyse_record
from spoker.runs.workers import InlineExecutor

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
EFFORT = 300


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture(scope="module")
def moves(record: GameRecord) -> list[MoveAnalysis]:
    return analyse_record(record, effort=EFFORT, luck=True).moves


def key(record: GameRecord, effort: int = EFFORT) -> Key:
    return key_of(record.moves, record.rules, effort)


def no_computing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any placement judged from now on fails the test."""
    def refuse(*args: Any) -> Any:
        raise AssertionError("the analysis was computed again")

    monkeypatch.setattr(analysis_model, "analyse_move", refuse)


def new_app(window: Any) -> SpokerApp:
    app = SpokerApp(window, Settings(), threaded=False, persist=True)
    app.resized(window.width, window.height)
    app.on_quit = lambda: None
    app.analyses.effort = EFFORT
    return app


# -- the whole way: end screen, closed, a new app --------------------------------------
def test_an_analysis_from_the_end_screen_is_there_in_the_next_session(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: GameRecord,
) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    first = new_app(window)
    controller = GameController(GameSetup(("Ann", "Bob"), seed=4), record.play())
    first.show_end(controller)
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_key_press(keys.A, 0)  # analysed at once: not threaded
    viewer = window.current_view
    assert isinstance(viewer, ReplayView) and viewer.analysis.state == DONE
    found = list(viewer.analysis.moves)
    saved = Path(first.save_record(controller, str(tmp_path / "game.txt")))
    assert (tmp_path / "home" / FILENAME).is_file()
    first.quit()

    # A new app on the same data folder: the record reopened is analysed, nothing computed.
    no_computing(monkeypatch)
    second = new_app(window)
    assert second.open_record_file(str(saved)) is None
    again = window.current_view
    assert isinstance(again, ReplayView) and again is not viewer
    assert again.analysis.state == DONE
    assert again.analysis.moves == found
    assert again.analysis.progress_text() != "not analysed yet"
    again.goto(23)
    again.on_draw()
    assert len(again._graph.points) == 30


def test_another_effort_is_another_analysis(tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    store = AnalysisStore(tmp_path / FILENAME)
    store.keep(key(record), moves)
    no_computing(monkeypatch)
    cache = AnalysisCache(InlineExecutor(), effort=EFFORT, store=AnalysisStore(tmp_path / FILENAME))
    assert cache.job(record).state == DONE
    other = AnalysisCache(InlineExecutor(), effort=EFFORT + 1, store=AnalysisStore(tmp_path / FILENAME))
    assert other.job(record).state == IDLE
    part = GameRecord(dict(record.headers), record.moves[:10], record.rules)
    assert cache.job(part).state == IDLE  # other moves: another record


# -- the file ---------------------------------------------------------------------------
def test_a_kept_analysis_reads_back_exactly(tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    path = tmp_path / "sub" / FILENAME  # the folder is made
    AnalysisStore(path).keep(key(record), moves)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == analysis_store.FORMAT and len(data["analyses"]) == 1
    back = AnalysisStore(path)
    assert back.find(key(record)) == moves
    assert back.find(key(record, EFFORT + 1)) is None
    assert back.notices == []


def test_the_file_keeps_the_newest_analyses(tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_store, "MAX_ANALYSES", 3)
    path = tmp_path / FILENAME
    store = AnalysisStore(path)
    for effort in range(1, 6):
        store.keep(key(record, effort), moves)
    back = AnalysisStore(path)
    assert [back.find(key(record, e)) is not None for e in range(1, 6)] == [False, False, True, True, True]
    assert len(store) == 3
    # And by size: a bound of about two analyses keeps the two newest.
    one = path.stat().st_size // 3
    monkeypatch.setattr(analysis_store, "MAX_BYTES", 2 * one + 100)
    store.keep(key(record, 6), moves)
    back = AnalysisStore(path)
    assert [back.find(key(record, e)) is not None for e in range(3, 7)] == [False, False, True, True]
    assert path.stat().st_size <= 2 * one + 100


def test_two_windows_keep_each_others_analyses(tmp_path: Path, record: GameRecord,
                                               moves: list[MoveAnalysis]) -> None:
    path = tmp_path / FILENAME
    a, b = AnalysisStore(path), AnalysisStore(path)
    assert a.find(key(record, 1)) is None and b.find(key(record, 2)) is None  # both have read the file
    a.keep(key(record, 1), moves)
    b.keep(key(record, 2), moves)  # b merges what a wrote meanwhile
    back = AnalysisStore(path)
    assert back.find(key(record, 1)) == moves and back.find(key(record, 2)) == moves


def _placements(path: Path) -> list[Any]:
    return json.loads(path.read_text(encoding="utf-8"))["analyses"][0]["placements"]  # type: ignore[no-any-return]


def _damage_placement(i: int, value: object) -> Any:
    def damage(data: dict[str, Any]) -> None:
        data["analyses"][0]["placements"][4][i] = value
    return damage


DAMAGES: dict[str, Any] = {
    "truncated": lambda text: text[: len(text) // 2],
    "garbage": lambda text: "\x00\xff garbage {{{",
    "empty": lambda text: "",
    "a list": lambda text: "[1, 2, 3]",
    "no format": lambda text: text.replace(analysis_store.FORMAT, "spoker-other"),
    "NaN": lambda text: text.replace('"saved":', '"saved":NaN,"x":', 1),
}
WRONG_TYPES: dict[str, Any] = {
    "value as text": _damage_placement(4, "0.5"),
    "value out of range": _damage_placement(4, 3.0),
    "exact as a number": _damage_placement(8, 1),
    "another cell": _damage_placement(3, "4D4"),
    "no cell": _damage_placement(5, "9Z9"),
    "another ball": _damage_placement(2, "Q"),
    "a wrong verdict": _damage_placement(9, "blunder"),
    "a wrong loss": _damage_placement(7, 0.75),
    "player as a bool": _damage_placement(1, True),
    "draw value as text": _damage_placement(11, "0.1"),
    "draw value out of range": _damage_placement(11, -2.5),
    "draw value infinite": _damage_placement(11, float("inf")),
    "11 values in the new format": lambda data: data["analyses"][0]["placements"][4].pop(),
    "short": lambda data: data["analyses"][0]["placements"].pop(),
    "effort as text": lambda data: data["analyses"][0].__setitem__("effort", "300"),
    "moves as a list": lambda data: data["analyses"][0].__setitem__("moves", ["R@1A1"]),
    "a bad move": lambda data: data["analyses"][0].__setitem__("moves", "X@1A1 " * 30),
    "analyses as an object": lambda data: data.__setitem__("analyses", {"a": 1}),
}


def _damaged(path: Path, name: str) -> None:
    text = path.read_text(encoding="utf-8")
    if name in DAMAGES:
        path.write_bytes(DAMAGES[name](text).encode("utf-8", "surrogateescape"))
    else:
        data = json.loads(text)
        WRONG_TYPES[name](data)
        path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("damage", [*DAMAGES, *WRONG_TYPES])
def test_a_damaged_file_is_set_aside_and_written_afresh(
    tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis], damage: str,
) -> None:
    path = tmp_path / FILENAME
    AnalysisStore(path).keep(key(record), moves)
    _damaged(path, damage)
    store = AnalysisStore(path)
    assert store.find(key(record)) is None  # never a crash, never a wrong analysis
    assert len(store.notices) == 1 and "damaged" in store.notices[0].line
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(FILENAME + ".damaged-")]
    assert len(aside) == 1 and not path.exists()  # kept beside, never deleted
    store.keep(key(record), moves)  # rewritten
    again = AnalysisStore(path)
    assert again.find(key(record)) == moves and again.notices == []


def test_a_damaged_analysis_leaves_the_others(tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    path = tmp_path / FILENAME
    store = AnalysisStore(path)
    store.keep(key(record, 1), moves)
    store.keep(key(record, 2), moves)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["analyses"][0]["placements"][0][4] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    back = AnalysisStore(path)
    found = [back.find(key(record, e)) is not None for e in (1, 2)]
    assert sorted(found) == [False, True] and len(back.notices) == 1
    back.keep(key(record, 3), moves)
    assert len(AnalysisStore(path)) == 2  # the good one and the new one
    data = json.loads(path.read_text(encoding="utf-8"))
    data["analyses"].insert(0, 7)
    path.write_text(json.dumps(data), encoding="utf-8")
    store = AnalysisStore(path)
    assert len(store) == 2 and "analysis 1: not an object" in store.notices[0].line


def test_a_read_only_store_reads_and_never_writes(tmp_path: Path, record: GameRecord,
                                                  moves: list[MoveAnalysis]) -> None:
    path = tmp_path / FILENAME
    AnalysisStore(path).keep(key(record), moves)
    before = path.read_bytes()
    store = AnalysisStore(path, writable=False)
    assert store.find(key(record)) == moves
    store.keep(key(record, 1), moves)
    assert store.find(key(record, 1)) == moves and path.read_bytes() == before
    path.write_text("{", encoding="utf-8")
    damaged = AnalysisStore(path, writable=False)
    assert damaged.find(key(record)) is None and "not used" in damaged.notices[0].line
    assert path.read_text(encoding="utf-8") == "{"  # left as it is


def test_the_viewer_tells_a_damaged_file(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         record: GameRecord, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SPOKER_HOME", str(home))
    home.mkdir()
    (home / FILENAME).write_text('{"format": "spoker-analyses-1", "analyses": 5}', encoding="utf-8")
    app = new_app(window)
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView) and view.analysis.state == IDLE
    assert "damaged" in view.message and view.message_kind == "bad"
    assert "file of kept analyses was damaged" in capsys.readouterr().err
    view.on_key_press(keys.A, 0)
    assert view.analysis.state == DONE
    assert AnalysisStore(home / FILENAME).find(key(record)) == view.analysis.moves


def test_a_file_that_cannot_be_written_is_told(window: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch, record: GameRecord) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(kept_file, "write_atomic", full)
    app = new_app(window)
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    view.on_key_press(keys.A, 0)
    assert view.analysis.state == DONE  # the analysis is shown all the same
    assert "Cannot keep this analysis" in view.message
    assert app.analyses.job(record) is view.analysis  # and kept for the session


def test_the_viewer_sets_aside_a_kept_best_cell_that_is_not_playable(
        window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: GameRecord,
        moves: list[MoveAnalysis], capsys: pytest.CaptureFixture[str]) -> None:
    # Once "error: 4D4 is not playable", closing the viewer at every reopening.
    home = tmp_path / "home"
    monkeypatch.setenv("SPOKER_HOME", str(home))
    AnalysisStore(home / FILENAME).keep(key(record), moves)
    data = json.loads((home / FILENAME).read_text(encoding="utf-8"))
    n = next(i for i, m in enumerate(moves) if m.loss > 0)
    data["analyses"][0]["placements"][n][5] = "4D4"
    (home / FILENAME).write_text(json.dumps(data), encoding="utf-8")
    app = new_app(window)
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView) and view.analysis.state == IDLE  # not taken from the file
    assert "damaged" in view.message and view.message_kind == "bad"
    err = capsys.readouterr().err
    assert f"analysis 1: placement {n + 1}: its best cell 4D4" in err and err.count("\n") == 1
