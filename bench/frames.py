"""Frame time of the game screen and of the board renderer under software
OpenGL (Mesa llvmpipe).

The game screen is the app's real one (GameView: board, banner, side panel,
toolbar) at the end of a seeded game between two people, the pyramid full and
the last challenge and its answer highlighted, in a hidden 1280x800 window. A
frame is ``on_update(1/60) + on_draw + ctx.finish()`` (so the GPU work, here
the CPU rasteriser, is inside the measurement). Measured:

- still: nothing moves but the glow's pulse;
- rotating, dropping, exploding: a quarter turn, the apex ball falling into
  place, the levels lifting apart and back, each started again as soon as it
  ends (every frame of these is an animated one);
- the pointer moving onto another ball every 10th frame;
- the board renderer alone (BoardScene, full pyramid + challenge), still;
- the plan (the levels flat, side by side: the L key) on the game screen,
  still and with the pointer moving, and the plan alone, drawn every frame.

Baselines, measured in the same run and interleaved in batches so that a
shared machine disturbs all alike: the colour clear alone (the floor of any
frame) and the board renderer with an empty board. Prints the median, 95th
percentile and worst frame of each, the ratios to the baselines and the
machine's load average::

    python3 bench/frames.py
    python3 bench/frames.py --frames 600 --size 1920x1080

Targets at 1280x800: still game screen median <= 8 ms, animated frames
(rotating, dropping, exploding) median <= 16 ms; the plan still <= 8 ms,
the plan drawn again every frame (alone) <= 16 ms.
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
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.gui.app import SpokerApp  # noqa: E402
from spoker.gui.models.controller import PERSON, GameController, GameSetup  # noqa: E402
from spoker.gui.models.settings import Settings  # noqa: E402
from spoker.gui.render.frame import clear_colour, open_window  # noqa: E402
from spoker.gui.render.palette import BACKGROUND, GOLD, GREY  # noqa: E402
from spoker.gui.render.scene import BoardScene, Highlight  # noqa: E402
from spoker.gui.views.game import GameView  # noqa: E402

STILL_TARGET_MS = 8.0
ANIMATED_TARGET_MS = 16.0
FULL = Board.from_string("WWWWBRBRBBRBRWRB/RWBBRWWRB/BRWR/W")
CHALLENGE = Highlight(tuple(Cell.from_str(c) for c in ("1A1", "1C1", "1E1", "1G1")), GOLD)
NOT_COUNTING = Highlight(tuple(Cell.from_str(c) for c in ("2B2", "2D2", "2F2")), GREY, "dashed")
BATCH = 50


def make_scene(window: arcade.Window, board: Board, highlights: tuple[Highlight, ...], flat: bool = False) -> BoardScene:
    scene = BoardScene()
    scene.set_flat(flat)
    scene.set_viewport(0, 0, window.width, window.height)
    scene.set_board(board, animate=False)
    scene.set_highlights(highlights)
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
        if controller.state.board.occupied.bit_count() == 30 and controller.moment.kind == "settled":
            return controller
    raise RuntimeError("no seed below 500 ends on a full pyramid with a settled challenge")


def make_game(window: arcade.Window, plan: bool = False) -> GameView:
    app = SpokerApp(window, Settings(plan_view=plan), threaded=False, persist=False)
    app.resized(window.width, window.height)
    view = app.play(finished_game())
    view.end_timer = None  # stay on the game screen (no results screen)
    view.moment_time = 10.0  # the banner has settled
    view.scene.finish_animations()
    return view


class GameFrames:
    """Frames of the game screen; ``motion`` (None, "rotate", "drop",
    "explode") is started again whenever it has ended, so that every frame
    measured is an animated one."""

    def __init__(self, view: GameView, motion: str | None = None) -> None:
        self.view = view
        self.motion = motion
        self.full = view.scene.board
        self.apex = max(self.full.cells(), key=lambda c: c.level)

    def frame(self) -> None:
        scene = self.view.scene
        if self.motion is not None and not scene.animating:
            if self.motion == "rotate":
                scene.rotate(1)
            elif self.motion == "explode":
                scene.set_exploded(not scene.exploded)
            else:  # the apex ball falls into place again
                scene.set_board(self.full.remove(self.apex), animate=False)
                scene.set_board(self.full, animate=True)
        self.view.on_update(1 / 60)
        self.view.on_draw()


class PointerWalk(GameFrames):
    """The game screen while the pointer crosses the board: every
    ``every``-th frame it moves onto another ball (a new hover ring and
    tooltip, so the screen changes)."""

    def __init__(self, view: GameView, every: int = 10) -> None:
        super().__init__(view)
        self.every = every
        self.count = 0
        self.cells = [Cell(i) for i in range(30)]

    def frame(self) -> None:
        if self.count % self.every == 0:
            cell = self.cells[(self.count // self.every) % len(self.cells)]
            x, y, _ = self.view.scene.screen_position(cell)
            self.view.on_mouse_motion(int(x), int(y), 0, 0)
        self.count += 1
        super().frame()


Case = BoardScene | GameFrames | str


def frame(window: arcade.Window, case: Case) -> float:
    """Seconds for one complete frame of a scene, a game screen or a clear."""
    start = time.perf_counter()
    if isinstance(case, GameFrames):
        case.frame()
    else:
        clear_colour(BACKGROUND)
        if isinstance(case, BoardScene):
            case.update(1 / 60)
            case.draw()
    window.ctx.finish()
    return time.perf_counter() - start


def summary(name: str, times: list[float]) -> float:
    median = statistics.median(times) * 1000
    worst = max(times) * 1000
    p95 = sorted(times)[int(len(times) * 0.95) - 1] * 1000
    print(f"{name:<30} median {median:6.2f} ms   p95 {p95:6.2f} ms   worst {worst:6.2f} ms   ({len(times)} frames)")
    return median


STILL = "game screen, still"
ANIMATED = ("game screen, rotating", "game screen, dropping", "game screen, exploding")
CLEAR = "baseline: clear only"
EMPTY_BOARD = "baseline: empty board"
PLAN_STILL = "plan, still"
PLAN_ALONE = "plan alone, full + challenge"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    window = open_window(width, height, "spoker frames", visible=False)
    print(f"renderer: {window.ctx.info.RENDERER} ({window.ctx.info.VENDOR}), {width}x{height}, "
          f"load average before: {os.getloadavg()[0]:.2f}")
    cases: dict[str, tuple[Case, list[float]]] = {
        STILL: (GameFrames(make_game(window)), []),
        ANIMATED[0]: (GameFrames(make_game(window), "rotate"), []),
        ANIMATED[1]: (GameFrames(make_game(window), "drop"), []),
        ANIMATED[2]: (GameFrames(make_game(window), "explode"), []),
        "game screen, pointer moves /10": (PointerWalk(make_game(window)), []),
        "board alone, full + challenge": (make_scene(window, FULL, (CHALLENGE, NOT_COUNTING)), []),
        PLAN_STILL: (GameFrames(make_game(window, plan=True)), []),
        "plan, pointer moves /10": (PointerWalk(make_game(window, plan=True)), []),
        PLAN_ALONE: (make_scene(window, FULL, (CHALLENGE, NOT_COUNTING), flat=True), []),
        EMPTY_BOARD: (make_scene(window, Board.empty(), ()), []),
        CLEAR: ("clear", []),
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
    medians = {name: summary(name, times) for name, (_, times) in cases.items()}
    animated = statistics.median(t for name in ANIMATED for t in cases[name][1]) * 1000
    print(f"{'game screen, animated (all 3)':<30} median {animated:6.2f} ms")
    for name in (STILL, *ANIMATED):
        print(f"ratio {name} / {CLEAR.split(': ')[1]}: {medians[name] / medians[CLEAR]:.2f}   "
              f"/ {EMPTY_BOARD.split(': ')[1]}: {medians[name] / medians[EMPTY_BOARD]:.2f}")
    print(f"ratio {PLAN_STILL} / {STILL}: {medians[PLAN_STILL] / medians[STILL]:.2f}   "
          f"{PLAN_ALONE} / board alone: {medians[PLAN_ALONE] / medians['board alone, full + challenge']:.2f}")
    for name, value, target in ((STILL, medians[STILL], STILL_TARGET_MS),
                                ("game screen, animated", animated, ANIMATED_TARGET_MS),
                                (PLAN_STILL, medians[PLAN_STILL], STILL_TARGET_MS),
                                (PLAN_ALONE, medians[PLAN_ALONE], ANIMATED_TARGET_MS)):
        outcome = "meets" if value <= target else "MISSES"
        print(f"{name}: target median <= {target:g} ms: {outcome} ({value:.2f} ms)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
