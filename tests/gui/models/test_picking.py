"""Picking: the cell under the mouse is the one the eye sees there.

The expected answer comes from casting the view ray through the point against
the balls as 3-D spheres (tests/gui/conftest.py: ``ray_cast``): a cell is
*visible at its centre* when the ray through its projected centre meets its
own sphere first. ``pick`` (painter's order over projected discs) must agree
with the ray cast at every such point, in every rotation and in the exploded
view, and in the exploded view every cell must be visible at its centre.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from shibumi import CELLS, FULL_MASK, LEVEL_CELLS, Board, Cell
from spoker.gui.models import projection as pj

FULL = Board.from_string("WBRWRBWBRWBRBWRB/RWBBRWWRB/BRWR/W")
PARTIAL = Board.from_string("WBRWRBWBRWBRBWRB/RW.BR..../..../.")  # 2B2, 2F2... playable
ROTATIONS = (0, 1, 2, 3)
Cast = Callable[[Any, Board, float, float], tuple[Cell | None, float]]
Pickable = Callable[[Board], list[Cell]]


def _check_centres(scene: Any, board: Board, cast: Cast, pickable: Pickable) -> list[Cell]:
    """Assert pick at every centre that the ray cast says is visible; return those cells."""
    visible = []
    empty_holes = [c for c in LEVEL_CELLS[1] if c not in board]
    for cell in pickable(board) + empty_holes:
        x, y, _ = scene.screen_position(cell)
        seen, _ = cast(scene, board, x, y)
        if seen == cell:
            visible.append(cell)
            assert scene.pick(x, y) == cell, f"{cell}: pick gave {scene.pick(x, y)}"
    return visible


def test_full_pyramid_every_visible_centre_picks_its_cell(
    make_scene: Callable[..., Any], cast: Cast, pickable: Pickable
) -> None:
    counts = []
    for rotation in ROTATIONS:
        scene = make_scene(FULL, rotation)
        visible = _check_centres(scene, FULL, cast, pickable)
        # The outer balls turned to the viewer show their centres; the apex always.
        assert len(visible) >= 16
        assert LEVEL_CELLS[4][0] in visible
        counts.append(len(visible))
    # The pyramid is square: each quarter turn shows as many centres.
    assert len(set(counts)) == 1


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_exploded_view_shows_and_picks_every_cell(
    make_scene: Callable[..., Any], cast: Cast, pickable: Pickable, rotation: int
) -> None:
    scene = make_scene(FULL, rotation, exploded=True)
    assert scene.exploded
    visible = _check_centres(scene, FULL, cast, pickable)
    assert sorted(visible) == list(CELLS)


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("exploded", (False, True))
def test_empty_board_each_hole_picks_its_cell(
    make_scene: Callable[..., Any], rotation: int, exploded: bool
) -> None:
    board = Board.empty()
    scene = make_scene(board, rotation, exploded)
    for cell in LEVEL_CELLS[1]:
        x, y, _ = scene.screen_position(cell)
        assert scene.pick(x, y) == cell
        # The hole itself, on the board's surface, picks the cell too.
        hx, hy, _ = scene.view.project(cell.x, cell.y, 0.0)
        assert scene.pick(hx, hy) == cell
    for cell in LEVEL_CELLS[2] + LEVEL_CELLS[3] + LEVEL_CELLS[4]:
        x, y, _ = scene.screen_position(cell)
        assert scene.pick(x, y) != cell  # not playable: never offered


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("exploded", (False, True))
def test_partial_board_playable_upper_cells_are_pickable(
    make_scene: Callable[..., Any], cast: Cast, pickable: Pickable, rotation: int, exploded: bool
) -> None:
    scene = make_scene(PARTIAL, rotation, exploded)
    playable_upper = [c for c in PARTIAL.playable() if c.level > 1]
    assert playable_upper  # the board is built to have some
    visible = _check_centres(scene, PARTIAL, cast, pickable)
    for cell in playable_upper:
        assert cell in visible, f"{cell} is hidden"
    unsupported = [c for c in CELLS if c.level > 1 and not PARTIAL.is_supported(c)]
    for cell in unsupported:
        x, y, _ = scene.screen_position(cell)
        assert scene.pick(x, y) != cell


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("exploded", (False, True))
def test_pick_agrees_with_ray_cast_everywhere(
    make_scene: Callable[..., Any], cast: Cast, rotation: int, exploded: bool
) -> None:
    """A grid of points over the whole window, full and partial boards."""
    # A grid 13 pixels apart (7,000 points a board), shifted by the rotation:
    # the four turns together look between each other's points.
    step, start = 13, 3 + 3 * rotation
    for board in (FULL, PARTIAL):
        scene = make_scene(board, rotation, exploded)
        checked = 0
        for x in range(start, 1280, step):
            for y in range(start, 800, step):
                seen, margin = cast(scene, board, x, y)
                if seen is None or margin < 1e-6:
                    continue  # on a silhouette contact: either answer is right
                assert scene.pick(x, y) == seen, (str(board), rotation, x, y)
                checked += 1
        assert checked > 600  # the pyramid covers a good share of the grid


def test_pick_outside_the_pyramid_is_none(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(FULL)
    assert scene.pick(2, 2) is None
    assert scene.pick(1278, 798) is None


def test_one_colour_full_board_renders_and_picks(
    make_scene: Callable[..., Any], cast: Cast, pickable: Pickable
) -> None:
    board = Board((FULL_MASK, 0, 0))  # 30 white: not a legal game, fine for drawing
    scene = make_scene(board, 1)
    assert _check_centres(scene, board, cast, pickable)


def test_drop_animation_moves_then_settles(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(Board.empty())
    cell = LEVEL_CELLS[1][5]
    rest = scene.screen_position(cell)
    scene.set_board(Board.empty().place(cell, "R"))
    assert scene.animating
    high = scene.screen_position(cell)
    assert high[1] > rest[1] + pj.DROP_HEIGHT * 0.5 * scene.view.scale * pj.COS_E
    for _ in range(60):
        scene.update(1 / 60)
    assert not scene.animating
    assert scene.screen_position(cell) == pytest.approx(rest)


def test_rotation_animates_to_its_target(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(FULL)
    cell = LEVEL_CELLS[1][0]
    start = scene.screen_position(cell)
    scene.rotate(1)
    assert scene.rotation == 1 and scene.animating
    scene.update(0.1)
    middle = scene.screen_position(cell)
    for _ in range(30):
        scene.update(1 / 30)
    assert not scene.animating
    end = scene.screen_position(cell)
    target = make_scene(FULL, 1).screen_position(cell)
    assert end == pytest.approx(target)
    assert middle != pytest.approx(start) and middle != pytest.approx(end)
    scene.rotate(-2)
    assert scene.rotation == 3


def test_turning_keeps_the_board_inside_its_viewport(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(FULL)
    left, bottom, width, height = 100.0, 50.0, 700.0, 600.0
    scene.set_viewport(left, bottom, width, height)
    scene.rotate(1)
    lo, hi = pj.CENTRE - pj.BOARD_HALF, pj.CENTRE + pj.BOARD_HALF
    while True:
        view = scene.view
        for gx in (lo, hi):
            for gy in (lo, hi):
                for z in (0.0, -pj.BOARD_THICKNESS):
                    x, y, _ = view.project(gx, gy, z)
                    assert left - 1 <= x <= left + width + 1 and bottom - 1 <= y <= bottom + height + 1
        if not scene.animating:
            break
        scene.update(0.02)



# The game's position of the report: 1A1 and 1C3 in front of the playable 1A3 and 1C5.
FRONT = Board.from_string("BW...R........../........./..../.")


@pytest.mark.parametrize("behind", ["1A3", "1C5"])
def test_with_a_ball_held_a_playable_hole_wins_over_the_ball_in_front(
    make_scene: Callable[..., Any], behind: str
) -> None:
    """The points of the hole's green mark that a ball in front covers pick
    that ball with nothing held, the hole while the playable cells are marked
    (a ball is held); points off the hole still pick the ball."""
    cell = Cell(behind)
    assert cell not in FRONT and FRONT.playable_mask() >> cell & 1
    scene = make_scene(FRONT)
    view = scene._view
    hx, hy, _ = view.project(cell.x, cell.y, 0.0)
    a = pj.HOLE_RADIUS * view.scale * 0.9
    points = [(hx + a * dx / 4, hy + a * pj.SIN_E * dy / 4) for dx in range(-4, 5) for dy in range(-4, 5)
              if dx * dx + dy * dy <= 16]
    covered = [(x, y) for x, y in points if scene.pick(x, y) not in (None, cell)]
    assert covered  # the ball in front hides part of the mark
    scene.set_guides(True, None)
    assert [scene.pick(x, y) for x, y in covered] == [cell] * len(covered)
    bx, by, _ = scene.screen_position(next(c for c in FRONT.cells() if scene.pick(*scene.screen_position(c)[:2]) == c))
    assert scene.pick(bx, by) in FRONT  # a ball's centre away from any hole: still the ball
