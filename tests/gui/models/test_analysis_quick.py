"""The window's analysis: an estimate of every placement first, then the
full analysis replacing it placement by placement; its own thread and
process, which a puzzle let go never stops."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.executors import StepExecutor

from spoker.gui.models.analysis_model import DONE, RUNNING, AnalysisCache, AnalysisJob
from spoker.records.record import GameRecord, load_record
from spoker.runs.analysis import analyse_move, analyse_record
from spoker.runs.workers import Executors

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
QUICK, FULL = 50, 300  # small efforts: the test is about the order, not the figures


@pytest.fixture(scope="module")
def record() -> GameRecord:
    part = load_record(SAMPLE)
    return GameRecord(dict(part.headers), part.moves[:12], part.rules)


def test_every_placement_is_estimated_first_then_refined(record: GameRecord) -> None:
    runner = StepExecutor()
    job = AnalysisJob(record, effort=FULL, quick_effort=QUICK)
    job.start(runner)
    total = job.total
    for done in range(1, total + 1):  # the quick pass
        runner.run_one()
        job.poll()
        assert len(job.moves) == done and job.judged == 0 and job.balance() is None
    assert job.estimated() and job.state == RUNNING
    assert job.progress_text() == f"estimate; refining\u2026 move 1 of {total}"
    assert job.moves == [analyse_move(record, n, QUICK, None, True) for n in range(1, total + 1)]
    assert job.rough_balance() is not None  # the luck and skill, estimated, at once
    for done in range(1, total + 1):  # the full pass replaces the estimates one by one
        runner.run_one()
        job.poll()
        assert job.judged == done and len(job.moves) == total
        assert job.moves[done - 1] == analyse_move(record, done, FULL, None, True)
    assert job.state == DONE and not job.estimated() and not runner.work
    whole = analyse_record(record, effort=FULL, luck=True)
    assert job.result is not None and job.result.moves == whole.moves
    assert job.rough_balance() == job.balance() == whole.balance()


def test_an_estimates_words_go_when_its_placement_is_refined(record: GameRecord) -> None:
    runner = StepExecutor()
    job = AnalysisJob(record, effort=FULL, quick_effort=QUICK)
    job.start(runner)
    for _ in range(job.total + 1):
        runner.run_one()
    job.poll()
    n = 5
    rough = job.words(n, ("A", "B"))
    runner.run_all()
    job.poll()
    full = job.words(n, ("A", "B"))
    assert full is not None and rough is not None
    assert full.value.startswith(rough.value.split(" ")[0])  # the same mover's line, made again
    assert job.at(n) == analyse_move(record, n, FULL, None, True)


def test_all_at_once_there_is_no_estimate(record: GameRecord) -> None:
    cache = AnalysisCache(StepExecutor(), effort=FULL)
    job = cache.job(record)
    assert not job.quick and job.quick_effort is None
    assert not AnalysisJob(record, effort=QUICK, quick_effort=QUICK).quick  # nothing quicker to show


def test_a_puzzle_let_go_never_ends_an_analysis_step(record: GameRecord) -> None:
    """The window's executors: the analysis's process is not the one the
    puzzles' searches stop (real processes)."""
    executors = Executors(threaded=True)
    try:
        step = executors.analysis.submit(analyse_move, record, 10, FULL, None, True)
        executors.stop()  # a puzzle's search let go
        assert step.result(timeout=120) == analyse_move(record, 10, FULL, None, True)
        assert executors.analysis is not executors.process
        assert executors.analysis_thread is not executors.thread
    finally:
        executors.shutdown()


def test_the_end_screen_stands_still_while_its_analysis_runs(app: Any, record: GameRecord) -> None:
    """Drawn whole every frame, the end screen took a core from the analysis
    measuring its luck and skill: still, it is a copy; a placement judged
    (the box's progress) draws it again, with the estimate's figures."""
    from spoker.gui.models.controller import GameController, GameSetup
    from spoker.gui.views.end import EndView

    whole = load_record(SAMPLE)
    runner = StepExecutor()
    app.analyses.executor = runner
    app.analyses.quick_effort = QUICK
    app.analyses.effort = FULL
    app.show_end(GameController(GameSetup(("Ann", "Bob"), seed=4), whole.play()))
    view = app.window.current_view
    assert isinstance(view, EndView)
    view.start_analysis()
    drawn: list[float | None] = []
    draw = view._draw_screen

    def counting(level: float | None = None) -> None:
        drawn.append(level)
        draw(level)

    view._draw_screen = counting  # type: ignore[method-assign]
    for _ in range(4):
        view.on_update(1 / 60)
        view.on_draw()
    drawn.clear()
    for _ in range(5):
        view.on_update(1 / 60)
        view.on_draw()
    assert drawn == []  # still: the picture copied
    for _ in range(view.analysis.total):  # the quick pass
        runner.run_one()
    view.on_update(1 / 60)
    view.on_draw()
    assert drawn  # the estimate came: drawn again
    assert view.analysis.estimated() and view.analysis.rough_balance() is not None
    assert view.luck_progress() == f"estimate; refining\u2026 move 1 of {view.analysis.total}"
    assert view._luck.figures is not None  # the bars, from the estimate
