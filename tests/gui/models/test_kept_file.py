"""The data folder's JSON files kept by one class
(:class:`spoker.gui.models.kept_file.KeptFile`): ``null`` and links are
damage set aside with one notice, two windows (real processes) never lose
each other's entries, kept analyses that disagree with their record or are
dated in the future are set aside, never shown."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import pytest

from spoker.gui.models.analysis_store import CLOCK_SKEW, MAX_ANALYSES, AnalysisStore, Key, key_of
from spoker.gui.models.analysis_store import FILENAME as ANALYSES
from spoker.gui.models.lessons import FILENAME as LESSONS
from spoker.gui.models.lessons import LessonProgress
from spoker.gui.models.puzzle_rating import Rating
from spoker.gui.models.puzzle_store import FILENAME as PUZZLES
from spoker.gui.models.puzzle_store import MINE_FILENAME, MineStore, ProgressStore, PuzzleProgress
from spoker.gui.models.settings import Settings, load_settings, settings_file
from spoker.gui.models.storage import DAMAGED
from spoker.notices import NoticeKind
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import MoveAnalysis, analyse_record

SAMPLE = Path(__file__).resolve().parents[3] / "assets" / "records" / "sample-game.txt"
EFFORT = 20


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture(scope="module")
def moves(record: GameRecord) -> list[MoveAnalysis]:
    return analyse_record(record, effort=EFFORT).moves


def key(record: GameRecord, effort: int = EFFORT) -> Key:
    return key_of(record.moves, record.rules, effort)


def aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(name + DAMAGED)]


# -- null and links -------------------------------------------------------------------
@pytest.mark.parametrize("name", [PUZZLES, MINE_FILENAME])
def test_null_in_a_puzzles_file_is_set_aside_and_told(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("null", encoding="utf-8")
    store = ProgressStore(tmp_path / name) if name == PUZZLES else MineStore(tmp_path / name)
    (notice,) = store.take_notices()
    assert notice.kind is NoticeKind.SET_ASIDE and notice.damaged and "damaged" in notice.line
    assert len(aside(tmp_path, name)) == 1 and aside(tmp_path, name)[0].read_text() == "null"


def test_a_set_aside_notice_has_its_short_form_inside_the_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path))
    (tmp_path / LESSONS).write_text("[]", encoding="utf-8")
    (notice,) = LessonProgress(tmp_path / LESSONS).take_notices()
    (moved,) = aside(tmp_path, LESSONS)
    assert notice.short == f"A damaged file was kept as '{moved.name}'" and notice.path == str(moved)


@pytest.mark.parametrize("dangling", [True, False])
def test_a_link_in_the_data_folder_is_set_aside_never_written_through(tmp_path: Path, dangling: bool) -> None:
    home, outside = tmp_path / "home", tmp_path / "outside.json"
    home.mkdir()
    if not dangling:
        outside.write_text(json.dumps({"name1": "Eve"}), encoding="utf-8")
    (home / "settings.json").symlink_to(outside)
    kept = settings_file(home / "settings.json")
    assert kept.read() == Settings()  # the target is never read
    kept.keep(Settings(name1="Ann"))
    assert (home / "settings.json").is_file() and not (home / "settings.json").is_symlink()
    assert load_settings(home / "settings.json").name1 == "Ann"
    assert outside.exists() != dangling  # never created, never changed
    if not dangling:
        assert json.loads(outside.read_text(encoding="utf-8")) == {"name1": "Eve"}
    (link,) = aside(home, "settings.json")
    assert link.is_symlink()  # the link itself moved aside, kept
    assert [n.damaged for n in kept.take_notices()] == [True]


def test_a_failed_write_is_told_once_then_again_after_a_success(tmp_path: Path) -> None:
    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    kept = settings_file(blocker / "settings.json")
    kept.keep(Settings())
    kept.keep(Settings())
    assert [n.kind for n in kept.take_notices()] == [NoticeKind.NOT_WRITTEN]


# -- two windows on one data folder ------------------------------------------------------
def test_two_windows_keep_each_others_lessons(tmp_path: Path) -> None:
    a, b = LessonProgress(tmp_path / LESSONS), LessonProgress(tmp_path / LESSONS)
    a.mark_done("line")
    b.mark_done("apex")
    assert LessonProgress(tmp_path / LESSONS).done == {"line", "apex"}


def test_two_windows_count_each_others_tries(tmp_path: Path) -> None:
    a, b = ProgressStore(tmp_path / PUZZLES), ProgressStore(tmp_path / PUZZLES)
    a.keep(PuzzleProgress(Rating(1510, 300, 0.06), 1, 1, 1, 1, ("s1",)))
    b.keep(PuzzleProgress(Rating(1490, 300, 0.06), 0, 0, 1, 0, ("s2",)))
    kept = ProgressStore(tmp_path / PUZZLES).progress
    assert (kept.tried, kept.solved, kept.best_streak, kept.streak) == (2, 1, 1, 0)
    assert kept.rating == Rating(1490, 300, 0.06) and kept.recent == ("s1", "s2")  # the newest try's
    a.keep(a.progress._replace(tried=a.progress.tried + 1))  # a's next try counts b's too
    assert ProgressStore(tmp_path / PUZZLES).progress.tried == 3


def test_two_windows_keep_each_others_puzzles_of_my_games(tmp_path: Path) -> None:
    a, b = MineStore(tmp_path / MINE_FILENAME), MineStore(tmp_path / MINE_FILENAME)
    a.keep("visible W@1A1", [])
    b.keep("visible W@1C1", [])
    assert set(MineStore(tmp_path / MINE_FILENAME).records) == {"visible W@1A1", "visible W@1C1"}


def _keep_analyses(path: str, record: GameRecord, moves: list[MoveAnalysis], efforts: range, start: Any) -> None:
    start.wait()
    store = AnalysisStore(Path(path))
    for effort in efforts:
        store.keep(key(record, effort), moves)
    assert store.take_notices() == []


def test_two_processes_keeping_analyses_at_once_lose_none(
        tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("needs fork")
    context = multiprocessing.get_context("fork")
    start = context.Barrier(2)
    path = str(tmp_path / ANALYSES)
    # 15 each: every keep reads and checks the whole file (its cost grows
    # with the entries), and the two still interleave from the barrier on.
    workers = [context.Process(target=_keep_analyses, args=(path, record, moves, efforts, start))
               for efforts in (range(1, 16), range(16, 31))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [w.exitcode for w in workers] == [0, 0]
    store = AnalysisStore(tmp_path / ANALYSES)
    assert len(store) == 30 and store.take_notices() == []


# -- kept analyses checked when read --------------------------------------------------
def _file(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_a_kept_analysis_whose_best_cell_is_not_playable_is_set_aside(
        tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    path = tmp_path / ANALYSES
    AnalysisStore(path).keep(key(record), moves)
    AnalysisStore(path).keep(key(record, EFFORT + 1), moves)
    data = _file(path)
    n = next(i for i, m in enumerate(moves) if m.loss > 0)  # its best is another cell
    data["analyses"][0]["placements"][n][5] = "4D4"  # on top of the pyramid: not playable then
    placed = str(moves[0].cell)  # a cell that holds a ball from move 1 on
    m = next(i for i, x in enumerate(moves) if i > 0 and x.loss > 0)
    data["analyses"][1]["placements"][m][5] = placed
    path.write_text(json.dumps(data), encoding="utf-8")
    store = AnalysisStore(path)
    assert store.find(key(record)) is None and store.find(key(record, EFFORT + 1)) is None
    (notice,) = store.take_notices()
    assert f"analysis 1: placement {n + 1}: its best cell 4D4 is not a cell its ball can go to" in notice.line
    assert "analysis 2: placement" in notice.line and str(aside(tmp_path, ANALYSES)[0]) in notice.line


def test_kept_analyses_dated_in_the_future_are_set_aside_and_a_new_one_is_kept(
        tmp_path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    path = tmp_path / ANALYSES
    AnalysisStore(path).keep(key(record), moves)
    data = _file(path)
    # A full file (MAX_ANALYSES) written at once: kept one by one, each keep
    # reads and checks the whole file again.
    data["analyses"] = [dict(data["analyses"][0], effort=effort) for effort in range(1, MAX_ANALYSES + 1)]
    for i, entry in enumerate(data["analyses"]):  # 50 a year ahead, 50 an hour ahead (a clock skew)
        entry["saved"] = time.time() + (365 * 86400 if i % 2 else 3600)
    path.write_text(json.dumps(data), encoding="utf-8")
    store = AnalysisStore(path)
    assert len(store) == 50 and "in the future" in store.take_notices()[0].line
    path.write_text(json.dumps(data), encoding="utf-8")
    data["analyses"] = [e for e in data["analyses"] if e["saved"] < time.time() + CLOCK_SKEW] * 2
    for i, entry in enumerate(data["analyses"]):
        entry["effort"] = i + 1
    path.write_text(json.dumps(data), encoding="utf-8")  # 100 within the skew, all newer than now
    AnalysisStore(path).keep(key(record, 500), moves)
    assert AnalysisStore(path).find(key(record, 500)) == moves  # the new one is kept all the same


def test_a_progress_file_damaged_meanwhile_loses_none_of_this_windows_tries(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / PUZZLES)
    store.keep(PuzzleProgress(tried=10, solved=5))
    (tmp_path / PUZZLES).write_text("{", encoding="utf-8")  # damaged by something else
    store.keep(store.progress._replace(tried=11))
    assert ProgressStore(tmp_path / PUZZLES).progress.tried == 11
    assert [n.damaged for n in store.take_notices()] == [True]
