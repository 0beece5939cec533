"""Luck and skill on screen: the replay viewer's luck lane
(a bar a draw in its drawer's colour, explained under the mouse, a click goes
there), the story's luck marks, and the luck-and-skill box of the viewer and
the end screen, whose figures are ``spoker analyse --json``'s; the kept
analyses of the old format get their draws judged, the same as afresh."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from hypothesis import given, settings
from hypothesis import strategies as st
from support.executors import StepExecutor

from spoker.gui.app import SpokerApp
from spoker.gui.models import analysis_model, analysis_store
from spoker.gui.models.analysis_model import DONE, IDLE, RUNNING, AnalysisCache
from spoker.gui.models.analysis_store import (
    FILENAME,
    OLD_FORMAT,
    AnalysisStore,
    entries_from,
    key_of,
)
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.story import Line
from spoker.gui.render.theme import player_colour
from spoker.gui.views.analysis_panel import marked_log
from spoker.gui.views.end import EndView
from spoker.gui.views.replay import ReplayView
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import GameAnalysis, MoveAnalysis, analyse_record
from spoker.runs.workers import InlineExecutor
from spoker.text.analysis_words import LUCK_UNIT, draw_line, luck_mark, luck_summary

LEFT = arcade.MOUSE_BUTTON_LEFT
ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
EFFORT = 300
SIZES = [(800, 600), (1280, 800), (1920, 1080)]
SIZE_IDS = ["800x600", "1280x800", "1920x1080"]




@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture(scope="module")
def analysis(record: GameRecord) -> GameAnalysis:
    return analyse_record(record, effort=EFFORT, luck=True)


@pytest.fixture(scope="module")
def command_json() -> dict[str, Any]:
    """``spoker analyse --json`` of the sample game at this effort, as a user runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "analyse", str(SAMPLE), "--json", "--effort", str(EFFORT)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.fixture
def app(app: SpokerApp) -> SpokerApp:
    app.analyses.effort = EFFORT
    return app


def viewer(app: SpokerApp, window: Any, analysis: GameAnalysis) -> ReplayView:
    app.analyses.add(analysis)
    app.open_replay(analysis.record, source="sample-game.txt")
    view = window.current_view
    assert isinstance(view, ReplayView) and view.analysis.state == DONE
    app.frame_cache.enabled = False
    return view


def expected_figures(data: dict[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Each player's (luck, skill) over the other from the command's players."""
    one, two = data["players"]
    luck, skill = one["luck"] - two["luck"], two["loss"] - one["loss"]
    return ((luck, skill), (-luck, -skill))


def close(a: Any, b: Any) -> bool:
    return all(abs(x - y) < 1e-9 for pa, pb in zip(a, b, strict=True) for x, y in zip(pa, pb, strict=True))


# -- the luck lane -----------------------------------------------------------------------
def test_the_lane_has_a_bar_a_draw_in_its_drawers_colour(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = viewer(app, window, analysis)
    view.goto(12)
    view.on_draw()
    graph = view._graph
    assert [n for _, n in graph.bars] == list(range(1, 31))
    assert [round(x, 3) for x, _ in graph.bars] == [round(x, 3) for x, _, _ in graph.points]  # under the graph's points
    left, bottom, w, h = graph.lane_rect
    assert bottom + h <= graph.rect[1] and w == graph.rect[2]  # under the graph, as wide
    # The luckiest draw: a bar up from the zero line in its drawer's colour; the unluckiest, down.
    for m in (max(analysis.moves, key=lambda m: m.luck or 0), min(analysis.moves, key=lambda m: m.luck or 0)):
        assert m.luck is not None and abs(m.luck) > 0.05
        x = next(x for x, n in graph.bars if n == m.n)
        y = bottom + h / 2 + (4 if m.luck > 0 else -4)
        colours = arcade.get_image(int(x), int(y), 1, 1).convert("RGB").getcolors(4)
        assert colours and colours[0][1] == tuple(player_colour(m.player)[:3]), (m.n, colours)


def test_a_bar_under_the_mouse_says_what_the_draw_was_worth(app: SpokerApp, window: Any,
                                                           analysis: GameAnalysis) -> None:
    view = viewer(app, window, analysis)
    view.on_draw()
    left, bottom, w, h = view._graph.lane_rect
    names = view.setup.names
    for x, n in view._graph.bars[::7]:
        view.on_mouse_motion(int(round(x)), int(bottom + h / 2), 0, 0)
        m = analysis.moves[n - 1]
        assert m.luck is not None
        tip = view.tip_text()
        assert tip == f"{draw_line(n, names[m.player - 1], m.ball, m.luck)} Click: go to move {n}."
        assert f"Move {n}: {names[m.player - 1]} drew {m.ball.word}, worth {m.luck:+.2f}" in tip or abs(m.luck) < 0.005


def test_a_click_on_a_bar_goes_to_its_move(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = viewer(app, window, analysis)
    view.goto(3)
    view.on_draw()
    _, bottom, _, h = view._graph.lane_rect
    x, n = view._graph.bars[19]
    view.on_mouse_press(int(round(x)), int(bottom + 3), LEFT, 0)
    assert view.position == n == 20


def test_the_current_move_says_its_draws_luck(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = viewer(app, window, analysis)
    view.goto(7)
    words = view.analysis.words(7, view.setup.names)
    m = analysis.moves[6]
    assert words is not None and m.luck is not None
    assert words.draw == draw_line(7, view.setup.names[m.player - 1], m.ball, m.luck)
    from spoker.gui.render.text import recording_texts

    with recording_texts() as texts:
        view.on_draw()
    shown = " ".join(t.text.replace("\u200b", "") for t in texts.values())
    assert "against an average" in " ".join(shown.split())


def test_an_analysis_without_its_draws_says_the_luck_was_not_measured(
    app: SpokerApp, window: Any, analysis: GameAnalysis,
) -> None:
    plain = [m._replace(draw_value=None) for m in analysis.moves]
    view = viewer(app, window, GameAnalysis(analysis.record, analysis.rules, analysis.effort, plain,
                                            analysis.challenges))
    view.on_draw()
    assert view._graph.bars == [] and view._graph.lane_rect[2] > 0
    assert view.analysis.balance() is None and view._luck.figures is None
    assert view.analysis.luck_marks() == {}


# -- the story's marks ------------------------------------------------------------------
def test_the_story_marks_lucky_and_unlucky_draws_next_to_mistakes(analysis: GameAnalysis) -> None:
    job = analysis_model.AnalysisJob.finished(analysis)
    marks = job.luck_marks()
    assert marks == {m.n: luck_mark(m.luck) for m in analysis.moves if luck_mark(m.luck)}
    assert any(t.startswith("lucky") for t in marks.values()) and any(t.startswith("unlucky") for t in marks.values())
    n = next(iter(marks))
    log = [Line(f"{n}. Ann: R@1A1.", "move"), Line(f"{n + 1}. Bob: W@1C1.", "move"), Line("Ann challenges.", "challenge")]
    marked = marked_log(log, {n: "mistake"}, marks)
    assert marked[0] == Line(f"{n}. Ann: R@1A1 ? mistake \u00b7 {marks[n]}", "mistake")
    assert marked[2] == log[2]
    only_luck = marked_log(log, {}, {n: "lucky draw +0.20"})
    assert only_luck[0] == Line(f"{n}. Ann: R@1A1 \u00b7 lucky draw +0.20", "move")


# -- luck and skill: the command's figures ------------------------------------------------------
def test_the_viewers_figures_are_the_commands(app: SpokerApp, window: Any, analysis: GameAnalysis,
                                              command_json: dict[str, Any]) -> None:
    assert [m["luck"] for m in command_json["moves"]] == [m.to_json()["luck"] for m in analysis.moves]
    view = viewer(app, window, analysis)
    view.goto(30)  # at the end the whole game's summary shows
    view.on_draw()
    bars = view._luck
    assert bars.figures is not None and close(bars.figures, expected_figures(command_json))
    one, two = command_json["players"]
    assert bars.summary == luck_summary(view.setup.names, (9, 7), one["result"], (one["luck"], two["luck"]),
                                        (one["loss"], two["loss"]), unit=False)
    # The words under the bars or in the tip; the unit on screen.
    x, y, w, h = bars.row_rects[0]
    view.on_mouse_motion(int(x + w / 2), int(y + h / 2), 0, 0)
    tip = view.tip_text()
    assert tip.startswith(f"{view.setup.names[0]}: {bars.figures[0][0]:+.2f} from the draws") and LUCK_UNIT in tip


@pytest.mark.parametrize("threaded", [False, True], ids=["click", "by itself"])
def test_the_end_screen_shows_the_commands_figures(app: SpokerApp, window: Any, record: GameRecord,
                                                   command_json: dict[str, Any], threaded: bool,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    runner = StepExecutor()
    app.analyses.executor = runner
    monkeypatch.setattr(app, "threaded", threaded)
    controller = GameController(GameSetup(("Greedy A", "Greedy B"), seed=4), record.play())
    app.show_end(controller)
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_draw()
    if not threaded:  # analyses at once: the player asks
        assert end.analysis.state == IDLE and end.luck_progress() == "click here to measure it"
        x, y, w, h = end._luck.rect
        end.on_mouse_press(int(x + 10), int(y + h / 2), LEFT, 0)
    assert end.analysis.state == RUNNING and end._luck.figures is None
    runner.run_all()
    end.on_update(1 / 60)
    assert end.analysis.state == DONE
    end.on_draw()
    assert end._luck.figures is not None and close(end._luck.figures, expected_figures(command_json))
    # The viewer's Analyse shows the same job.
    end.on_key_press(keys.A, 0)
    view = window.current_view
    assert isinstance(view, ReplayView) and view.analysis is end.analysis


@pytest.mark.parametrize("names", ["plain", "long"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_end_screens_luck_box_fits(app: SpokerApp, window: Any, analysis: GameAnalysis,
                                       size: tuple[int, int], names: str) -> None:
    from support.layout_check import layout_problems

    from spoker.gui.render.text import recording_texts

    who = ("Greedy A", "Greedy B") if names == "plain" else (
        "Maximilian-Alexander-Ferdinand-von-Habsburg", "Bob " + "W" * 30)
    app.resized(*size)
    try:
        controller = GameController(GameSetup(who, seed=4), analysis.record.play())
        record = GameRecord.from_state(controller.state, controller.headers())
        app.analyses.add(GameAnalysis(record, analysis.rules, analysis.effort, analysis.moves, analysis.challenges))
        app.show_end(controller)
        end = window.current_view
        assert isinstance(end, EndView) and end.analysis.state == DONE
        with recording_texts() as texts:
            end.on_draw()
        boxes = [(w.left, w.bottom, w.width, w.height) for w in end.ui.widgets if w.visible]
        boxes += [(end.panel_x, 0.0, end.panel_w, float(size[1]))] + list(end.row_rects)
        assert layout_problems(list(texts.values()), size, boxes, ui=end.ui) == []
        x, y, w, h = end._luck.rect
        assert end._luck.figures is not None and y >= end.b_new.bottom + end.b_new.height  # above the buttons
        assert end.row_rects and end.row_rects[0][1] + end.row_rects[0][3] <= y  # the challenges under it
        end.on_mouse_motion(int(x + w / 2), int(y + h - 4), 0, 0)
        assert end.tip_text() == end._luck.summary  # the words whole, wherever they had no room
    finally:
        app.resized(window.width, window.height)


# -- kept analyses of the old format -------------------------------------------------------------
def _old_file(path: Path, record: GameRecord, moves: list[MoveAnalysis]) -> None:
    """The file as the first format wrote it: 11 values a placement, no draws."""
    AnalysisStore(path).keep(key_of(record.moves, record.rules, EFFORT), moves)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format"] = OLD_FORMAT
    for p in data["analyses"][0]["placements"]:
        p.pop()
    path.write_text(json.dumps(data), encoding="utf-8")


def test_an_old_kept_analysis_gets_its_draws_judged_as_afresh(
    tmp_path: Path, record: GameRecord, analysis: GameAnalysis, monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / FILENAME
    _old_file(path, record, analysis.moves)
    store = AnalysisStore(path)
    kept = store.find(key_of(record.moves, record.rules, EFFORT))
    assert kept == [m._replace(draw_value=None) for m in analysis.moves] and store.notices == []
    given: list[MoveAnalysis | None] = []
    real = analysis_model.analyse_move

    def spy(rec: GameRecord, n: int, effort: int, rules: Any, luck: bool = False, known: Any = None) -> Any:
        given.append(known)
        return real(rec, n, effort, rules, luck, known)

    monkeypatch.setattr(analysis_model, "analyse_move", spy)
    cache = AnalysisCache(InlineExecutor(), effort=EFFORT, store=store)
    job = cache.job(record)
    assert job.state == IDLE and job.kept == tuple(kept)
    assert job.progress_text() == "analysed before luck was measured: A judges the draws"
    runner = StepExecutor()
    job.start(runner)
    assert job.progress_text() == "Judging the draws\u2026 move 1 of 30"
    runner.run_all()
    job.poll()
    assert job.state == DONE and job.moves == analysis.moves  # the same as a fresh analysis with its draws
    assert given == kept  # each placement handed over as kept: only its draw searched
    assert job.balance() == analysis.balance()
    # Kept again in the new format, with the draws: the next session needs nothing.
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "spoker-analyses-2" and len(data["analyses"][0]["placements"][0]) == 12
    assert AnalysisStore(path).find(key_of(record.moves, record.rules, EFFORT)) == analysis.moves


def test_a_kept_analysis_with_its_draws_reads_back_exactly(tmp_path: Path, record: GameRecord,
                                                           analysis: GameAnalysis) -> None:
    path = tmp_path / FILENAME
    AnalysisStore(path).keep(key_of(record.moves, record.rules, EFFORT), analysis.moves)
    back = AnalysisStore(path).find(key_of(record.moves, record.rules, EFFORT))
    assert back == analysis.moves and all(m.draw_value is not None for m in back)
    cache = AnalysisCache(InlineExecutor(), effort=EFFORT, store=AnalysisStore(path))
    assert cache.job(record).state == DONE and cache.job(record).balance() == analysis.balance()


_JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4), st.lists(st.integers(), max_size=2), st.sampled_from(["R", "1A1", "blunder", "7G7"]),
)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_damaged_placement_is_refused_or_read_as_written(data: st.DataObject) -> None:
    """Any value of any placement replaced (either format): the analysis is
    left out with a reason, or every placement reads back as the file says."""
    file = json.loads(_kept_text())
    if data.draw(st.booleans(), label="old format"):
        file["format"] = OLD_FORMAT
        for p in file["analyses"][0]["placements"]:
            p.pop()
    placements = file["analyses"][0]["placements"]
    for _ in range(data.draw(st.integers(1, 3), label="damages")):
        p = placements[data.draw(st.integers(0, len(placements) - 1), label="placement")]
        p[data.draw(st.integers(0, len(p) - 1), label="value")] = data.draw(_JUNK, label="junk")
    entries, bad = entries_from(json.loads(json.dumps(file)))
    if bad:
        assert entries == {} and bad.startswith("analysis 1: ")
        return
    (entry,) = entries.values()
    for m, p in zip(entry.moves, placements, strict=True):
        assert [m.n, m.player, m.ball.char, str(m.cell), m.value, str(m.best), m.best_value, m.loss, m.exact,
                m.verdict, m.depth] == p[:11]
        assert m.draw_value == (p[11] if len(p) == 12 else None)


@functools.cache
def _kept_text() -> str:
    """The file's text holding the sample game's analysis with its draws (made once)."""
    from spoker.gui.models.analysis_store import _Entry

    record = load_record(SAMPLE)
    moves = analyse_record(record, effort=60, luck=True).moves
    key = key_of(record.moves, record.rules, 60)
    return analysis_store._text({key: _Entry(key, 1.0, tuple(moves))})


def test_the_viewers_story_shows_the_luck_marks(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    from spoker.gui.render.text import recording_texts

    view = viewer(app, window, analysis)
    marks = view.analysis.luck_marks()
    n = max(marks)  # the latest marked draw: its line is at the story's bottom when the viewer is there
    view.goto(n)
    lines = marked_log(view.page().log, view.analysis.verdicts(), marks)
    assert any(line.text.startswith(f"{n}. ") and line.text.endswith(f"\u00b7 {marks[n]}") for line in lines)
    app.resized(1920, 1080)
    try:
        view.goto(n)
        with recording_texts() as texts:
            view.on_draw()
        shown = " ".join(" ".join(t.text.replace("\u200b", "").split()) for t in texts.values())
        assert marks[n] in shown  # drawn in the story box
    finally:
        app.resized(window.width, window.height)


def test_the_graphs_last_point_says_the_result_not_a_chance(app: SpokerApp, window: Any, analysis: GameAnalysis) -> None:
    view = viewer(app, window, analysis)
    view.on_draw()
    graph = view._graph
    names = view.setup.names
    last_x, last_y, last = max(graph.points, key=lambda p: p[2])
    assert last == 30 and view.replay.final_state.is_over
    tip = graph.tip_at(view.analysis, names, last_x, last_y)
    result = view.replay.final_state
    expected = "the game ends in a draw" if result.winner is None else f"{names[result.winner - 1]} wins the game"
    assert expected in tip and "in 10" not in tip, tip
    x, y, n = next(p for p in graph.points if p[2] == 10)
    assert "in 10" in graph.tip_at(view.analysis, names, x, y)  # before the end: a chance
