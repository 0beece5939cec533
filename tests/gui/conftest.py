"""One hidden, headless arcade window for the whole GUI test session, and
helpers shared by the renderer's tests.

Headless mode must be chosen before arcade is imported, so the environment
variable is set here, at collection time, before any GUI test module loads.
"""

from __future__ import annotations

import importlib.util
import math
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from shibumi import CELLS, Board, Cell

os.environ.setdefault("ARCADE_HEADLESS", "1")

WINDOW_SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def _window_searches_compiled(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's searches (the computer, hints, the tutor, the analysis)
    compiled in this process where numba is installed, as a user's window
    runs them: in Python they were a good part of these tests' time, and
    beside their point (tests/kernel holds the two searches equal). The
    commands a test starts keep ``SPOKER_KERNEL=python`` (tests/conftest.py):
    they would each load numba for a search they rarely make."""
    if importlib.util.find_spec("numba") is None:
        return
    request.getfixturevalue("compiled_kernel")
    import spoker.kernel

    monkeypatch.setattr(spoker.kernel, "ENV", "SPOKER_KERNEL_OF_COMMANDS_ONLY")  # this process: not turned off


@pytest.fixture(scope="session")
def window() -> Iterator[Any]:
    """The one arcade.Window (1280x800, hidden) of the test session."""
    import arcade

    from spoker.gui.render.frame import open_window

    try:
        existing = arcade.get_window()
    except RuntimeError:
        existing = None
    win = existing or open_window(*WINDOW_SIZE, "spoker tests", visible=False)
    yield win
    if existing is None:
        win.close()


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A SpokerApp in the session's window: no threads, nothing saved, its
    data folder in a temporary home; the frame cache on again afterwards."""
    from spoker.gui.app import SpokerApp
    from spoker.gui.models.settings import Settings

    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    yield the_app
    the_app.frame_cache.enabled = True


@pytest.fixture
def make_scene(window: Any) -> Callable[..., Any]:
    """A factory of settled BoardScenes filling the window."""
    from spoker.gui.render.scene import BoardScene

    def make(board: Board, rotation: int = 0, exploded: bool = False, marks: bool = False) -> Any:
        scene = BoardScene()
        scene.set_viewport(0, 0, window.width, window.height)
        scene.colour_marks = marks
        scene.rotate(rotation)
        scene.set_exploded(exploded)
        scene.set_board(board, animate=False)
        scene.finish_animations()
        return scene

    return make


@pytest.fixture
def cast() -> Callable[[Any, Board, float, float], tuple[Cell | None, float]]:
    """The ray caster below, for tests (test modules cannot import conftest)."""
    return ray_cast


@pytest.fixture
def pickable() -> Callable[[Board], list[Cell]]:
    return pickable_cells


def pickable_cells(board: Board) -> list[Cell]:
    """What the scene picks as discs: the balls and the empty playable cells
    above the board (empty board cells are picked by their holes)."""
    playable = board.playable_mask()
    return [c for c in CELLS if c in board or (c.level > 1 and playable >> c & 1)]


def ray_cast(scene: Any, board: Board, x: float, y: float) -> tuple[Cell | None, float]:
    """The cell the view ray through window point (x, y) meets first, found in
    3-D (independent of the scene's painter ordering), and the depth margin to
    the runner-up (inf if only one thing is hit).

    Spheres: one per ball and per empty playable cell above the board, radius
    1, orthographic view. Behind every sphere lies the board with the holes of
    its empty cells (flat discs of radius HOLE_RADIUS at height 0)."""
    from spoker.gui.models import projection as pj

    view = scene.view
    explode = 1.0 if scene.exploded else 0.0
    hits = []
    for cell in pickable_cells(board):
        cx, cy, depth = view.ball(cell, explode)
        d2 = ((x - cx) ** 2 + (y - cy) ** 2) / view.scale**2
        if d2 <= 1.0:
            hits.append((depth - math.sqrt(1.0 - d2), cell))
    if hits:
        hits.sort()
        margin = hits[1][0] - hits[0][0] if len(hits) > 1 else math.inf
        return hits[0][1], margin
    for cell in CELLS[:16]:
        if cell in board:
            continue
        hx, hy, _ = view.project(cell.x, cell.y, 0.0)
        a = pj.HOLE_RADIUS * view.scale
        if ((x - hx) / a) ** 2 + ((y - hy) / (a * pj.SIN_E)) ** 2 <= 1.0:
            return cell, math.inf
    return None, math.inf
