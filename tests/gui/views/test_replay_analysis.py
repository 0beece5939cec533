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
from support.executors import StepExecutor

from spoker.gui.app import SpokerApp
from spoker.gui.models.analysis_model import (
    DONE,
    FAILED,
    IDLE,
    RUNNING,
    AnalysisJob,
    on,
)
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.render.theme import VERDICT_COLOURS
from spoker.gui.views.analysis_panel import marked_log
from spoker.gui.views.end import EndView
from spoker.gui.views.replay import ReplayView
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import GameAnalysis, analyse_move, analyse_record
from spoker.runs.workers import ProcessExecutor, ThreadExecutor

LEFT = arcade.MOUSE_BUTTON_LEFT
ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
EFFORT = 300  # quick: the last placements are exact, the others shallow estimates




@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture(scope="module")
def analysis(record: GameRecord) -> GameAnalysis:
    """The sample game's analysis, its move 23 (an inaccuracy at this effort)
    made a blunder, so that every verdict shows."""
    found = analyse_record(record, effort=EFFORT, luck=True)
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
    log = view.page().log
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
    runner = StepExecutor()
    app.analyses.executor = runner
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
            assert [n for _, n in view._graph.bars] == list(range(1, done + 1))  # the luck lane fills in too
    assert done == 30 and view.analysis.state == DONE
    result = view.analysis.result
    assert result is not None
    assert result.moves == analyse_record(record, effort=EFFORT, luck=True).moves
    # The session keeps it: the viewer opened again shows it at once.
    app.open_replay(record, source="again")
    again = window.current_view
    assert isinstance(again, ReplayView) and again is not view
    assert again.analysis is view.analysis and again.analysis.state == DONE


def test_a_failed_analysis_says_where(app: SpokerApp, window: Any, record: GameRecord,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.gui.models import analysis_model

    def broken(rec: GameRecord, n: int, effort: int, rules: Any, *luck: Any) -> Any:
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


def test_a_job_in_a_thread_matches_the_whole_analysis(record: GameRecord) -> None:
    part = GameRecord(dict(record.headers), record.moves[:8], record.rules)
    job = AnalysisJob(part, effort=EFFORT)
    finished = threading.Event()

    class Signalling(ThreadExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
            def step() -> None:
                fn(*args, **kwargs)
                if len(job._found) == job.total:
                    finished.set()

            return super().submit(step)

    job.start(Signalling())
    assert finished.wait(60)
    job.poll()
    assert job.state == DONE and job.result is not None
    whole = analyse_record(part, effort=EFFORT, luck=True)
    assert job.result.moves == whole.moves  # the draws judged too: the same luck as the command's
    assert job.balance() == whole.balance() is not None


def test_the_windows_worker_process_judges_as_here(record: GameRecord) -> None:
    process = ProcessExecutor()
    compute = on(process)
    try:
        for n in (3, 29):
            assert compute(record, n, EFFORT, record.rules) == analyse_move(record, n, EFFORT, record.rules, luck=True)
    finally:
        process.shutdown()


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


@pytest.mark.parametrize("show", ["end", "replay"])
def test_play_draws_the_end_screen_and_the_viewer_analysed(tmp_path: Path, show: str) -> None:
    out = tmp_path / "e.png"
    env = dict(os.environ, ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "play", "--screenshot", str(out), "--show", show, "--seed", "9",
         "--autoplay", "30", "--analyse", "--effort", str(EFFORT), "--size", "800x600"],
        env=env, capture_output=True, text=True, timeout=180,
    )
    assert done.returncode == 0, done.stderr
    assert f"{show} screen after 30 moves, analysed, 800x600" in done.stdout


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


# -- the analysis in words ---------------------------------------------------------------
def drawn_texts(view: ReplayView) -> list[Any]:
    from spoker.gui.render.text import recording_texts

    view.app.frame_cache.enabled = False
    with recording_texts() as texts:
        view.on_draw()
    return [t for t in texts.values()]


def plain(text: str) -> str:
    return " ".join(text.replace("\u200b", "").split())


def test_the_graph_has_an_axis_in_words_and_a_legend(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    from spoker.text.analysis_words import LEGEND

    view = analysed_viewer(app, window, analysis)
    view.goto(10)
    texts = {plain(t.text) for t in drawn_texts(view)}
    names = view.setup.names
    assert {f"{names[0]} ahead", f"{names[1]} ahead", "even", "10 in 10"} <= texts
    assert {words for _, words in LEGEND} <= texts
    # Who is ahead after a point, in words, under the mouse.
    x, y, n = view._graph.points[20]
    view.on_mouse_motion(int(x), int(y), 0, 0)
    tip = view.tip_text()
    assert tip.startswith(f"After move {n} (") and " ahead: wins about " in tip or "even" in tip


def test_a_mistake_says_why_and_every_value_has_its_unit(app: SpokerApp, window: Any,
                                                         analysis: GameAnalysis) -> None:
    import re

    from spoker.text.analysis_words import why_words

    view = analysed_viewer(app, window, analysis)
    m = analysis.moves[22]  # made a blunder by the fixture
    view.goto(m.n)
    texts = [plain(t.text) for t in drawn_texts(view)]
    record = analysis.record
    why = why_words(view.replay.state_at(m.n - 1), m.ball, m.cell, m.best, view.setup.names,
                    m.value, m.best_value, record.moves[m.n])
    assert why in texts and "beat it" in why
    assert any(t.startswith("?? blunder: gives away about 2 games in 10") for t in texts)
    assert any(t.startswith(f"After it {view.setup.names[0]} wins about ") for t in texts)
    # No bare number stands for a value anywhere on the screen: "+0.48" said as games in 10.
    assert not [t for t in texts if re.search(r"[+-]\d\.\d", t)]
    view.on_key_press(keys.B, 0)
    assert any(t.startswith(f"best: {m.best}, wins ") for t in map(plain, (x.text for x in drawn_texts(view))))


def test_the_command_line_and_the_viewer_say_the_same(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    from spoker.cli.analyse_cmd import report

    view = analysed_viewer(app, window, analysis)
    text = plain(report(analysis, "sample-game.txt"))
    names = view.setup.names
    judged = [m for m in analysis.moves if m.verdict is not None]
    assert len(judged) >= 3
    for m in judged:
        words = view.analysis.words(m.n, names)
        assert words is not None and words.why and words.why in text
        assert words.head.split(": ", 1)[1] in text.lower() or words.head.split(": ", 1)[1].capitalize() in text


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=["800x600", "1280x800", "1920x1080"])
def test_a_text_cut_short_can_be_read_whole(app: SpokerApp, window: Any, analysis: GameAnalysis,
                                            size: tuple[int, int]) -> None:
    app.resized(*size)
    try:
        view = analysed_viewer(app, window, analysis)
        for n in (6, 23, 30):
            view.goto(n)
            view.on_key_press(keys.B, 0)  # the best cell's label too
            for t in drawn_texts(view):
                if "\u2026" not in t.text:
                    continue
                view.on_mouse_motion(int((t.left + t.right) / 2), int((t.bottom + t.top) / 2), 0, 0)
                tip = getattr(view, "tip_text", lambda: "")()
                assert tip, f"{t.text!r} is cut and has no tip"
            view.on_key_press(keys.B, 0)
    finally:
        app.resized(window.width, window.height)


@pytest.mark.parametrize("names", ["plain", "long"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)],
                         ids=["800x600", "1280x800", "1920x1080", "2560x1440"])
def test_the_analysed_panel_fits(app: SpokerApp, window: Any, analysis: GameAnalysis, size: tuple[int, int],
                                 names: str) -> None:
    from support.layout_check import layout_problems

    headers = dict(analysis.record.headers)
    if names == "long":
        headers["Player1"] = "Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen-Sachsen-Coburg"
        headers["Player2"] = "Bob " + "W" * 50
    record = GameRecord(headers, analysis.record.moves, analysis.record.rules)
    app.resized(*size)
    try:
        app.analyses.add(GameAnalysis(record, analysis.rules, analysis.effort, analysis.moves, analysis.challenges))
        app.open_replay(record, source="/very/long/folder/of/records/" * 3 + "sample-game.txt")
        view = window.current_view
        assert isinstance(view, ReplayView)
        for n in (8, 23, 30):
            view.goto(n)
            texts = drawn_texts(view)
            boxes = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
            boxes += [view.panel_rect, view.board_rect, view._graph.rect] + [r[:4] for r in view.ch_rects]
            assert layout_problems(texts, size, boxes, ui=view.ui) == [], n
        # The header names the file; its folders are in the tip.
        x, y, w, h = view.header_rect
        view.on_mouse_motion(int(x + 4), int(y + h / 2), 0, 0)
        assert view.tip_text().startswith(view.source) and view.source.endswith("/sample-game.txt")
    finally:
        app.resized(window.width, window.height)


@pytest.mark.parametrize("show", ["end", "replay"])
def test_a_screenshot_analyses_at_the_effort_asked(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, show: str
) -> None:
    """``play --screenshot --show replay --analyse --effort N`` judges every
    placement at N: the viewer made its analysis before the effort was set
    and ran the default (minutes where N=300 takes seconds)."""
    import types

    from spoker.gui import screenshot
    from spoker.gui.models import analysis_model

    efforts: list[int] = []

    def judged(record: GameRecord, n: int, effort: int, *args: Any) -> Any:
        efforts.append(effort)
        return analyse_move(record, n, effort, *args)

    monkeypatch.setenv("SPOKER_HOME", str(tmp_path))
    monkeypatch.setattr(analysis_model, "analyse_move", judged)
    monkeypatch.setattr(screenshot, "open_window", lambda *args, **kwargs: window)
    monkeypatch.setattr(window, "close", lambda: None)  # the session's window stays open
    options = types.SimpleNamespace(screenshot=str(tmp_path / "s.png"), show=show, seed=9, autoplay=30,
                                    analyse=True, effort=EFFORT, size="800x600")
    assert screenshot.take_screenshot(options) == 0
    assert len(efforts) == 30 and set(efforts) == {EFFORT}
