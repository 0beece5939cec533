"""Is the window's analysis of a game as fast as ``spoker analyse``'s?

Times the analysis of the sample record (default effort) three ways, one
after the other, each in wall time and in CPU time (the window's process,
the worker processes):

- ``cli``: :func:`spoker.runs.analysis.analyse_record` in this process, as
  ``spoker analyse`` runs it (one worker);
- ``plumbing``: the window's way without a window: the app's analyses
  (:attr:`spoker.gui.app.SpokerApp.analyses`) with their worker process, polled;
- ``viewer``: the replay viewer (headless, ``--size``) showing the game
  while it analyses, drawn at 60 frames a second (the window's busy rate);
- ``end``: the result screen of the game, measuring its luck and skill, drawn so.

Prints, for each, the wall time, the CPU times, and how soon the first
figures of every placement were there (the quick estimate)::

    python3 bench/window_analysis.py
    python3 bench/window_analysis.py --only viewer --size 1280x800
    python3 bench/window_analysis.py --only end
"""

from __future__ import annotations

import argparse
import os
import resource
import threading
import time
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
FRAME = 1 / 60


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def cli() -> str:
    from spoker.records.record import load_record
    from spoker.runs.analysis import analyse_record

    start, cpu = time.perf_counter(), time.process_time()
    analyse_record(load_record(SAMPLE), luck=True)
    return f"cli: {time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s CPU"


def window_way(size: tuple[int, int] | None, screen: str = "viewer") -> str:
    """The app's analysis of the sample, polled (and drawn on ``screen`` with ``size``)."""
    from spoker.gui.app import SpokerApp
    from spoker.gui.models.settings import Settings
    from spoker.gui.render.frame import open_window
    from spoker.records.record import load_record

    window = open_window(*(size or (320, 240)), "bench", visible=False)
    app = SpokerApp(window, Settings(), threaded=True, persist=False)
    record = load_record(SAMPLE)
    child0, cpu0, start = children_cpu(), time.process_time(), time.perf_counter()
    frames = 0
    first = None
    if size is None:
        job = app.analyses.start(record)
        wait = threading.Event()
        while job.state == "running":
            wait.wait(0.05)
            job.poll()
            if first is None and getattr(job, 'estimated', lambda: False)():
                first = time.perf_counter() - start
    else:
        if screen == "end":
            from spoker.gui.models.controller import GameController, GameSetup

            app.show_end(GameController(GameSetup(("Ann", "Bob"), seed=4), record.play()))  # starts the analysis
        else:
            app.open_replay(record, source="sample-game.txt", analyse=True)
        view = window.current_view
        job = view.analysis  # type: ignore[attr-defined]
        next_frame = time.perf_counter()
        while job.state == "running":
            view.on_update(FRAME)
            view.on_draw()
            window.flip()
            frames += 1
            if first is None and getattr(job, 'estimated', lambda: False)():
                first = time.perf_counter() - start
            next_frame += FRAME
            time.sleep(max(0.0, next_frame - time.perf_counter()))  # the window's pace
    wall = time.perf_counter() - start
    window_cpu = time.process_time() - cpu0
    app.executors.shutdown()
    worker = children_cpu() - child0
    window.close()
    name = "plumbing" if size is None else f"{screen} {size[0]}x{size[1]}"
    quick = "" if first is None else f", every placement estimated after {first:.1f} s"
    return (f"{name}: {wall:.1f} s wall ({job.progress_text()}), window {window_cpu:.1f} s CPU,"
            f" workers {worker:.1f} s CPU, {frames} frames{quick}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("cli", "plumbing", "viewer", "end"), help="one of the three")
    parser.add_argument("--size", default="1280x800", help="the viewer's window (default 1280x800)")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    if args.only in (None, "cli"):
        print(cli(), flush=True)
    if args.only in (None, "plumbing"):
        print(window_way(None), flush=True)
    for screen in ("viewer", "end"):
        if args.only in (None, screen):
            print(window_way((w, h), screen), flush=True)


if __name__ == "__main__":
    main()
