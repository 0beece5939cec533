"""Frame time of the board renderer and of the game screen under software
OpenGL (Mesa llvmpipe).

Draws a full pyramid with a challenge highlighted (a glowing flush four and a
dashed group that does not count) in a hidden 1280x800 window, 300 frames,
timing each frame as ``clear + scene.update + scene.draw`` followed by
``ctx.finish()`` (so the GPU work, here the CPU rasteriser, is inside the
measurement); the clear is the app's colour-only one. A still scene is
composited from the scene's cached pictures; the same scene drawn layer by
layer (what a frame costs while a rotation or a drop is animating) is
measured too.

The game screen is the app's real one (GameView: board, banner, side panel,
toolbar) at the end of a seeded game between two people, the pyramid full and
the last challenge and its answer highlighted; a frame is ``on_update(1/60) +
on_draw + ctx.finish()``, still (the glow pulses), so it is copied from the
app's cached picture of the window; the same screen drawn directly (the frame
cache off: what each frame costs while something moves or changes) too, and
the screen while the pointer moves onto another ball every 10th frame (each
move changes the screen: the frames right after it are drawn and cached anew).

Baselines, measured in the same run and interleaved in batches so that a
shared machine disturbs all alike: the colour clear alone (the floor of any
frame), arcade's ``window.clear`` (colour and depth, which the screens used
before) and just the board (empty, no highlight). Prints the median, 95th
percentile and worst frame of each, the ratios to the baselines and the
machine's load average::

    python3 bench/frames.py
    python3 bench/frames.py --frames 600 --size 1920x1080

Target: median under 8 ms for the full pyramid at 1280x800.
"""

from __future__ import annotations

import argparse
import os
import random
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
from spoker.gui.app import SpokerApp  # noqa: E402
from spoker.gui.controller import PERSON, GameController, GameSetup  # noqa: E402
from spoker.gui.frame import clear_colour  # noqa: E402
from spoker.gui.palette import BACKGROUND, GOLD, GREY  # noqa: E402
from spoker.gui.scene import BoardScene, Highlight  # noqa: E402
from spoker.gui.settings import Settings  # noqa: E402
from spoker.gui.views.game import GameView  # noqa: E402
from spoker.rules import RuleSet  # noqa: E402

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


def finished_game() -> GameController:
    """A game between two people played to a full pyramid (random legal
    moves, seeded) whose last move answered a challenge: both groups lit."""
    for seed in range(500):
        setup = GameSetup(("Ada", "Brian"), (PERSON, PERSON), RuleSet(), seed, False)
        controller = GameController(setup)
        rng = random.Random(seed)
        while not controller.over:
            controller.draw()
            controller.place(rng.choice(controller.state.legal_cells()))
        if controller.state.board.occupied.bit_count() == 30 and controller.moment.kind == "verdict":
            return controller
    raise RuntimeError("no seed below 500 ends on a full pyramid with a verdict")


def make_game(window: arcade.Window, cached: bool) -> GameView:
    app = SpokerApp(window, Settings(), threaded=False, persist=False)
    app.resized(window.width, window.height)
    app.frame_cache.enabled = cached
    view = app.play(finished_game())
    view.end_timer = None  # stay on the game screen (no results screen)
    view.moment_time = 10.0  # the banner has settled
    view.scene.finish_animations()
    return view


class PointerWalk:
    """The game screen while the pointer crosses the board: every
    ``every``-th frame it moves onto another ball (a new hover ring and
    tooltip, so the screen changes and its cached picture is made again)."""

    def __init__(self, view: GameView, every: int = 10) -> None:
        self.view = view
        self.every = every
        self.count = 0
        self.cells = [Cell(i) for i in range(30)]

    def frame(self) -> None:
        if self.count % self.every == 0:
            cell = self.cells[(self.count // self.every) % len(self.cells)]
            x, y, _ = self.view.scene.screen_position(cell)
            self.view.on_mouse_motion(int(x), int(y), 0, 0)
        self.count += 1
        self.view.on_update(1 / 60)
        self.view.on_draw()


Case = BoardScene | GameView | PointerWalk | str


def frame(window: arcade.Window, case: Case) -> float:
    """Seconds for one complete frame of a scene, a game screen or a clear."""
    start = time.perf_counter()
    if isinstance(case, GameView):
        case.on_update(1 / 60)
        case.on_draw()
    elif isinstance(case, PointerWalk):
        case.frame()
    elif case == "window.clear":
        window.clear(color=BACKGROUND)
    else:
        clear_colour(BACKGROUND)
        if isinstance(case, BoardScene):
            case.update(1 / 60)
            case.draw()
    window.ctx.finish()
    return time.perf_counter() - start


def summary(name: str, times: list[float]) -> tuple[float, float]:
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95) - 1] * 1000
    print(f"{name:<36} median {median:6.2f} ms   p95 {p95:6.2f} ms   worst {worst:6.2f} ms   ({len(times)} frames)")
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
    cases: dict[str, tuple[Case, list[float]]] = {
        "full pyramid + challenge": (full, []),
        "  same, drawn layer by layer": (direct, []),
        "game screen, full + challenge": (make_game(window, cached=True), []),
        "  same, drawn directly": (make_game(window, cached=False), []),
        "  same, pointer on a new ball /10": (PointerWalk(make_game(window, cached=True)), []),
        "baseline: board only": (board_only, []),
        "baseline: clear only": ("clear", []),
        "baseline: arcade window.clear": ("window.clear", []),
    }
    for _ in range(20):  # warm up: atlas uploads, shader compilation, caches
        for case, _times in cases.values():
            frame(window, case)
    done = 0
    while done < args.frames:
        n = min(BATCH, args.frames - done)
        for case, times in cases.values():
            times += [frame(window, case) for _ in range(n)]
        done += n
    medians = {name: summary(name, times)[0] for name, (_, times) in cases.items()}
    for main in ("full pyramid + challenge", "game screen, full + challenge"):
        for name in ("baseline: board only", "baseline: clear only", "baseline: arcade window.clear"):
            print(f"ratio {main.split(',')[0]} / {name.split(': ')[1]} (median): "
                  f"{medians[main] / medians[name]:.2f}")
    print(f"game screen: drawn directly / cached (median): "
          f"{medians['  same, drawn directly'] / medians['game screen, full + challenge']:.2f}")
    for main in ("full pyramid + challenge", "game screen, full + challenge"):
        verdict = "meets" if medians[main] < TARGET_MEDIAN_MS else "MISSES"
        print(f"{main}: target median < {TARGET_MEDIAN_MS:g} ms: {verdict}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
