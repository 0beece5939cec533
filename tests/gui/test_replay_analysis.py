"""The replay viewer's analysis: the evaluation graph, the story's marks, the
best cell's ghost, the end screen's "Analyse", and the analysis made move by
move off the window's thread (here run step by step by the test)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from spoker.gui.app import SpokerApp
from spoker.gui.models.analysis_model import (
    DONE,
    FAILED,
    IDLE,
    RUNNING,
    AnalysisJob,
    ProcessPool,
    ThreadRunner,
)
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.views.analysis_panel import marked_log
from spoker.gui.views.common import VERDICT_COLOURS
from spoker.gui.views.end import EndView
from spoker.gui.views.replay import ReplayView
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import GameAnalysis, analyse_move, analyse_record

LEFT = arcade.MOUSE_BUTTON_LEFT
ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
EFFORT = 300  # quick: the last placements are exact, the others shallow estimates


class StepRunner:
    """Keeps the work submitted; the test runs it one piece at a time."""

    def __init__(self) -> None:
        self.work: list[Callable[[], None]] = []

    def submit(self, work: Callable[[], None]) -> None:
        self.work.append(work)

    def run_one(self) -> None:
        self.work.pop(0)()


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture(scope="module")
def analysis(record: GameRecord) -> GameAnalysis:
    """The sample game's analysis, its move 23 (an inaccuracy at this effort)
    made a blunder, so that every verdict shows."""
    found = analyse_record(record, effort=EFFORT)
    moves = list(found.moves)
    m = moves[22]
    assert m.best != m.cell
    moves[22] = m._replace(verdict="blunder", loss=0.45)
    return GameAnalysis(found.record, found.rules, found.effort, moves, found.challenges)


@pytest.fixture
def app(app: SpokerApp) -> SpokerApp:
    """The shared app (conftest), its analyses at this file's effort."""
    app.analyses.effort = EFFORT
    return app


def analysed_viewer(app: SpokerApp, window: Any, analysis: GameAnalysis) -> ReplayView:
    app.analyses.add(analysis)
    app.open_replay(analysis.record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    assert view.analysis.state == DONE
    return view


def pixels(x: float, y: float, r: int = 3) -> Any:
    return arcade.get_image(int(x) - r, int(y) - r, 2 * r, 2 * r).convert("RGB").getcolors(256)


def test_the_graphs_points_are_the_analysis(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = analysed_viewer(app, window, analysis)
    view.goto(10)
    view.on_draw()
    points = view._graph.points
    graph = analysis.graph()
    assert [n for _, _, n in points] == [n for n, _ in graph] == list(range(1, 31))
    xs = [x for x, _, _ in points]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    left, bottom, w, h = view._graph.rect
    mid = bottom + h / 2
    for (x, y, _), (_, v) in zip(points, graph):
        assert left <= x <= left + w and bottom <= y <= bottom + h
        assert (y > mid) == (v > 1e-9) or abs(v) < 0.02  # player 1 ahead: above the zero line
    # A higher value for player 1 is a higher point.
    by_value = sorted(range(30), key=lambda i: graph[i][1])
    ys = [points[i][1] for i in by_value]
    assert ys == sorted(ys)
    # The blunder's point is drawn in the blunder's colour.
    x, y, _ = points[22]
    assert VERDICT_COLOURS["blunder"][:3] in [c for _, c in pixels(x, y, 2)]


def test_clicking_a_point_jumps_to_its_move(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = analysed_viewer(app, window, analysis)
    view.on_draw()
    for x, y, n in (view._graph.points[4], view._graph.points[22], view._graph.points[-1]):
        view.on_mouse_press(int(round(x)), int(round(y)), LEFT, 0)
        assert view.position == n
        assert view.scene.board == view.replay.state_at(n).board
        view.on_draw()


def test_mistakes_and_blunders_are_marked_in_the_story(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = analysed_viewer(app, window, analysis)
    view.replay_end()
    log = view.controller().log
    marked = marked_log(log, view.analysis.verdicts())
    assert len(marked) == len(log)
    verdicts = {m.n: m.verdict for m in analysis.moves}
    assert {"mistake", "blunder"} <= set(verdicts.values())
    seen = set()
    for before, after in zip(log, marked):
        if before.kind != "move" or not before.text[0].isdigit():
            assert after == before
            continue
        n = int(before.text.split(".")[0])
        verdict = verdicts[n]
        if verdict is None:
            assert after == before
        else:
            mark = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}[verdict]
            assert after.text.endswith(f" {mark} {verdict}") and after.kind == verdict
            seen.add(n)
    assert seen == {n for n, v in verdicts.items() if v is not None}
    view.on_draw()  # the story draws its marked lines in their colours


def test_the_best_key_shows_a_ghost_on_the_best_cell(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = analysed_viewer(app, window, analysis)
    m = analysis.moves[22]
    view.goto(m.n)
    view.scene.finish_animations()
    x, y, _ = view.scene.screen_position(m.best)
    assert view.scene.pick(x, y) == m.best  # the best cell can be seen here
    view.on_draw()
    before = pixels(x, y)
    assert view.best_shown() is None and view.scene._ghost is None
    view.on_key_press(keys.B, 0)
    assert view.best_shown() == m
    assert view.scene._ghost == (m.best, m.ball)  # the played ball's colour, on the best cell
    view.on_draw()
    assert pixels(x, y) != before
    # Another move: the ghost follows; a best placement has none.
    best_played = next(a for a in analysis.moves if a.best == a.cell)
    view.goto(best_played.n)
    assert view.scene._ghost is None
    view.goto(m.n)
    assert view.scene._ghost == (m.best, m.ball)
    view.on_key_press(keys.B, 0)
    assert view.scene._ghost is None
    view.on_draw()
    assert pixels(x, y) == before


def test_the_best_key_before_any_analysis_says_what_to_do(app: SpokerApp, window: Any, record: GameRecord) -> None:
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView) and view.analysis.state == IDLE
    view.goto(23)
    view.on_key_press(keys.B, 0)
    assert view.scene._ghost is None and "Analyse" in view.message
    view.on_draw()
    # The panel's "Analyse this game" box starts it (here at once: not threaded).
    left, bottom, w, h = view._graph.rect
    view.on_mouse_press(int(left + w / 2), int(bottom + h / 2), LEFT, 0)
    assert view.analysis.state == DONE and view.position == 23
    view.on_draw()
    assert len(view._graph.points) == 30


def test_the_analysis_fills_in_through_on_update(app: SpokerApp, window: Any, record: GameRecord) -> None:
    runner = StepRunner()
    app.analyses.runner = runner
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    view.on_draw()
    assert view.analysis.state == IDLE and view._graph.points == []
    view.on_key_press(keys.A, 0)
    assert view.analysis.state == RUNNING and view.analysis.moves == []
    assert view.analysis.progress_text() == "Analysing\u2026 move 1 of 30"
    done = 0
    while runner.work:
        runner.run_one()
        done += 1
        assert len(view.analysis.moves) == done - 1  # the window has not looked yet
        view.on_update(1 / 60)
        assert len(view.analysis.moves) == done
        if done < 30:
            assert view.analysis.progress_text() == f"Analysing\u2026 move {done + 1} of 30"
        if done % 10 == 0:
            view.on_draw()
            assert len(view._graph.points) == done
    assert done == 30 and view.analysis.state == DONE
    result = view.analysis.result
    assert result is not None
    assert result.moves == analyse_record(record, effort=EFFORT).moves
    # The session keeps it: the viewer opened again shows it at once.
    app.open_replay(record, source="again")
    again = window.current_view
    assert isinstance(again, ReplayView) and again is not view
    assert again.analysis is view.analysis and again.analysis.state == DONE


def test_a_failed_analysis_says_where(app: SpokerApp, window: Any, record: GameRecord,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.gui.models import analysis_model

    def broken(rec: GameRecord, n: int, effort: int, rules: Any) -> Any:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(analysis_model, "analyse_move", broken)
    app.open_replay(record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    view.on_key_press(keys.A, 0)
    view.on_update(1 / 60)
    assert view.analysis.state == FAILED
    assert view.analysis.progress_text() == "Analysis failed at move 1: out of memory"
    view.on_draw()


def test_the_thread_runner_runs_the_work_in_order() -> None:
    runner = ThreadRunner()
    seen: list[int] = []
    finished = threading.Event()
    for i in range(5):
        runner.submit(lambda i=i: seen.append(i))
    runner.submit(finished.set)
    assert finished.wait(30)
    assert seen == [0, 1, 2, 3, 4]


def test_a_job_in_a_thread_matches_the_whole_analysis(record: GameRecord) -> None:
    part = GameRecord(dict(record.headers), record.moves[:8], record.rules)
    job = AnalysisJob(part, effort=EFFORT)
    finished = threading.Event()

    class Signalling(ThreadRunner):
        def submit(self, work: Callable[[], None]) -> None:
            def step() -> None:
                work()
                if len(job._found) == job.total:
                    finished.set()

            super().submit(step)

    job.start(Signalling())
    assert finished.wait(60)
    job.poll()
    assert job.state == DONE and job.result is not None
    assert job.result.moves == analyse_record(part, effort=EFFORT).moves


def test_the_windows_worker_process_judges_as_here(record: GameRecord) -> None:
    pool = ProcessPool()
    for n in (3, 29):
        assert pool(record, n, EFFORT, record.rules) == analyse_move(record, n, EFFORT, record.rules)


def test_the_end_screen_analyses_this_game(app: SpokerApp, window: Any, record: GameRecord) -> None:
    controller = GameController(GameSetup(("Ann", "Bob"), seed=4), record.play())
    app.show_end(controller)
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_draw()
    end.b_analyse.action()
    view = window.current_view
    assert isinstance(view, ReplayView)
    assert view.source == "this game"
    assert view.analysis.state == DONE  # not threaded here: analysed at once
    assert [m.n for m in view.analysis.moves] == list(range(1, 31))
    view.on_draw()
    view.on_key_press(keys.ESCAPE, 0)
    assert isinstance(window.current_view, EndView)
    window.current_view.on_key_press(keys.A, 0)  # the key too; the analysis is kept
    again = window.current_view
    assert isinstance(again, ReplayView) and again.analysis is view.analysis


def test_the_command_draws_the_analysed_viewer(tmp_path: Path) -> None:
    out = tmp_path / "a.png"
    env = dict(os.environ, ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "replay", str(SAMPLE), "--analyse", "--effort", str(EFFORT),
         "--at", "23", "--best", "--screenshot", str(out), "--size", "800x600"],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert "at move 23 of 30, analysed, 800x600" in done.stdout
    from PIL import Image

    assert Image.open(out).size == (800, 600)


@pytest.mark.parametrize("args, words", [
    (["--at", "31"], "--at 31"),
    (["--effort", "0"], "--effort"),
    (["--screenshot", "x.png", "--size", "5x5"], "size '5x5'"),
    (["--at", "3"], "--at only goes with --screenshot"),
    (["--best"], "--best only goes with --screenshot"),
    (["--screenshot", "x.txt"], "name it FILE.png"),
])
def test_the_commands_bad_options_are_one_line(tmp_path: Path, args: list[str], words: str) -> None:
    env = dict(os.environ, ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "replay", str(SAMPLE), *args],
        env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()
