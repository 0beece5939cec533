"""Frame time of the board renderer under software OpenGL (Mesa llvmpipe).

Draws a full pyramid with a challenge highlighted (a glowing flush four and a
dashed group that does not count) in a hidden 1280x800 window, 300 frames,
timing each frame as ``window.clear + scene.update + scene.draw`` followed by
``ctx.finish()`` (so the GPU work, here the CPU rasteriser, is inside the
measurement). A still scene is composited from the scene's cached pictures;
the same scene drawn layer by layer (what a frame costs while a rotation or a
drop is animating) is measured too. Baselines, measured in the same run and
interleaved in batches so that a shared machine disturbs all alike: the
window's clear alone (the floor of any frame) and just the board (empty, no
highlight). Prints the median, 95th percentile and worst frame of each, the
ratios to the baselines and the machine's load average::

    python3 bench/frames.py
    python3 bench/frames.py --frames 600 --size 1920x1080

Target: median under 8 ms for the full pyramid at 1280x800.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("ARCADE_HEADLESS", "1")

import arcade  # noqa: E402

from shibumi import Board, Cell  # noqa: E402
from spoker.gui.palette import BACKGROUND, GOLD, GREY  # noqa: E402
from spoker.gui.scene import BoardScene, Highlight  # noqa: E402

TARGET_MEDIAN_MS = 8.0
FULL = Board.from_string("WWWWBRBRBBRBRWRB/RWBBRWWRB/BRWR/W")
CHALLENGE = Highlight(tuple(Cell.from_str(c) for c in ("1A1", "1C1", "1E1", "1G1")), GOLD)
NOT_COUNTING = Highlight(tuple(Cell.from_str(c) for c in ("2B2", "2D2", "2F2")), GREY, "dashed")
BATCH = 50


def make_scene(window: arcade.Window, board: Board, highlights: tuple[Highlight, ...]) -> BoardScene:
    scene = BoardScene()
    scene.set_viewport(0, 0, window.width, window.height)
    scene.set_board(board, animate=False)
    scene.set_highlights(highlights)
    scene.background = BACKGROUND  # what each frame clears to, as the app's screens do
    scene.finish_animations()
    return scene


def frame(window: arcade.Window, scene: BoardScene | None) -> float:
    """Seconds for one complete frame (just the clear without a scene)."""
    start = time.perf_counter()
    window.clear(color=BACKGROUND)
    if scene is not None:
        scene.update(1 / 60)
        scene.draw()
    window.ctx.finish()
    return time.perf_counter() - start


def summary(name: str, times: list[float]) -> tuple[float, float]:
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95) - 1] * 1000
    print(f"{name:<32} median {median:6.2f} ms   p95 {p95:6.2f} ms   worst {worst:6.2f} ms   ({len(times)} frames)")
    return median, worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    window = arcade.Window(width, height, "spoker frames", visible=False)
    print(f"renderer: {window.ctx.info.RENDERER} ({window.ctx.info.VENDOR}), {width}x{height}, "
          f"load average before: {os.getloadavg()[0]:.2f}")
    full = make_scene(window, FULL, (CHALLENGE, NOT_COUNTING))
    direct = make_scene(window, FULL, (CHALLENGE, NOT_COUNTING))
    direct.use_cache = False
    board_only = make_scene(window, Board.empty(), ())
    cases: dict[str, tuple[BoardScene | None, list[float]]] = {
        "full pyramid + challenge": (full, []),
        "  same, drawn layer by layer": (direct, []),
        "baseline: board only": (board_only, []),
        "baseline: clear only": (None, []),
    }
    for _ in range(20):  # warm up: atlas uploads, shader compilation, caches
        for scene, _times in cases.values():
            frame(window, scene)
    done = 0
    while done < args.frames:
        n = min(BATCH, args.frames - done)
        for scene, times in cases.values():
            times += [frame(window, scene) for _ in range(n)]
        done += n
    medians = {name: summary(name, times)[0] for name, (_, times) in cases.items()}
    main_median = medians["full pyramid + challenge"]
    for name in ("baseline: board only", "baseline: clear only"):
        print(f"ratio full / {name.split(': ')[1]} (median): {main_median / medians[name]:.2f}")
    verdict = "meets" if main_median < TARGET_MEDIAN_MS else "MISSES"
    print(f"target median < {TARGET_MEDIAN_MS:g} ms: {verdict}; load average after: {os.getloadavg()[0]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
