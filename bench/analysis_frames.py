"""Does the replay viewer stay live while it analyses a game in the background?

Draws the replay viewer (headless, 1280x800) on the sample record with
autoplay at x4, so that balls keep dropping and the frame cache cannot serve
the frames, and times each frame (on_update + on_draw + reading one pixel,
which waits for the GPU work): first with no analysis (the baseline), then
with the game's analysis running as the window runs it (key A: a daemon
thread waiting on a worker process), then with the search in the thread
itself. The baseline runs first: an analysis, once started, carries on for
the session (it would disturb a later baseline). Prints the median and 95th
percentile frame times and their ratio to the baseline, and each analysis's
wall time (frames are timed until it is done)::

    python3 bench/analysis_frames.py
    python3 bench/analysis_frames.py --frames 300 --rounds 3

Target: frames at most 2x slower (median) while analysing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

import arcade  # noqa: E402

from spoker.gui.app import SpokerApp  # noqa: E402
from spoker.gui.models.analysis_model import AnalysisCache  # noqa: E402
from spoker.gui.models.settings import SPEEDS, Settings  # noqa: E402
from spoker.gui.render.frame import open_window  # noqa: E402
from spoker.gui.views.replay import ReplayView  # noqa: E402
from spoker.records.record import load_record  # noqa: E402
from spoker.runs.workers import ThreadExecutor  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"


def frame_times(app: SpokerApp, analyse: bool, frames: int) -> tuple[list[float], str]:
    """Seconds per frame of the viewer autoplaying: ``frames`` frames, or with
    ``analyse`` as many as the analysis takes."""
    record = load_record(SAMPLE)
    app.open_replay(record, source="sample-game.txt")
    view = app.window.current_view
    assert isinstance(view, ReplayView)
    if analyse:
        view.start_analysis()
    view.speed_index = len(SPEEDS) - 1
    view.toggle_play()
    times: list[float] = []
    while len(times) < frames if not analyse else view.analysis.state == "running":
        start = time.perf_counter()
        view.on_update(1 / 60)
        view.on_draw()
        arcade.get_image(0, 0, 1, 1)
        times.append(time.perf_counter() - start)
        if view.position >= view.replay.length:
            view.toggle_play()
    return times, view.analysis.progress_text()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=180, help="frames timed a run (default 180)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each (default 2)")
    args = parser.parse_args()
    window = open_window(1280, 800, "bench", visible=False)
    plain: list[float] = []
    for _ in range(args.rounds):
        app = SpokerApp(window, Settings(), threaded=True, persist=False)
        plain += frame_times(app, False, args.frames)[0]
    runs = []
    for name in ("in a worker process (the window's way)", "in the thread itself"):
        app = SpokerApp(window, Settings(), threaded=True, persist=False)
        if "thread" in name:
            app._analyses = AnalysisCache(ThreadExecutor())
        start = time.perf_counter()
        busy, reached = frame_times(app, True, 0)
        runs.append((name, busy, reached, time.perf_counter() - start))
    window.close()

    def p95(xs: list[float]) -> float:
        return sorted(xs)[int(0.95 * (len(xs) - 1))]

    base_med, base_95 = statistics.median(plain), p95(plain)
    print(f"no analysis (baseline): median {base_med * 1000:.1f} ms, p95 {base_95 * 1000:.1f} ms a frame")
    for name, busy, reached, wall in runs:
        med, q95 = statistics.median(busy), p95(busy)
        print(f"analysing {name}: median {med * 1000:.1f} ms, p95 {q95 * 1000:.1f} ms a frame"
              f" (ratio {med / base_med:.2f}x median, {q95 / base_95:.2f}x p95);"
              f" the analysis ({reached}) took {wall:.1f} s wall, {len(busy)} frames")
    med = statistics.median(runs[0][1])
    outcome = "met" if med <= 2 * base_med else "NOT met"
    print(f"target: frames at most 2x slower (median) while analysing the window's way: {outcome}")


if __name__ == "__main__":
    main()
