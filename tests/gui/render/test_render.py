"""Rendering: what the scene draws is where the projection says, in colour.

Pixels are read back from the window after drawing (arcade.get_image reads
the current framebuffer). A ball is checked where it is *clearly visible at
its centre*: the 3-D ray cast (conftest ``ray_cast``) gives that ball at its
projected centre and at points a few pixels around it, so anti-aliased edges
never decide a test.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from shibumi import CELLS, FULL_MASK, LEVEL_CELLS, Board, Cell, Colour
from spoker.errors import ArgumentError
from spoker.gui.models import projection as pj
from spoker.gui.render.palette import BACKGROUND, GOLD

MIXED = Board.from_string("WBRWRBWBRWBRBWRB/RWBBRWWRB/BRWR/W")
PARTIAL = Board.from_string("RBWWBRRW.BWRWB.B/W.R.B..../..../.")
ROTATIONS = (0, 1, 2, 3)
Cast = Callable[[Any, Board, float, float], tuple[Cell | None, float]]
Pickable = Callable[[Board], list[Cell]]


def colour_family(rgb: tuple[int, ...]) -> Colour | None:
    """Which ball colour a rendered pixel belongs to, or None (board, background):
    how these tests read the balls off a picture.

    Generous on purpose: shading spans a wide range of each colour.
    """
    r, g, b = int(rgb[0]), int(rgb[1]), int(rgb[2])
    if r > 110 and r > 2 * g and r > 2 * b:
        return Colour.RED
    if min(r, g, b) > 150 and max(r, g, b) - min(r, g, b) < 45:
        return Colour.WHITE
    if max(r, g, b) < 80 and max(r, g, b) - min(r, g, b) < 25:
        return Colour.BLACK
    return None


def _frame(window: Any, scene: Any) -> Image.Image:
    import arcade

    window.clear(color=BACKGROUND)
    scene.draw()
    return arcade.get_image(0, 0, window.width, window.height)


def _pixel(image: Image.Image, x: float, y: float) -> tuple[int, ...]:
    """The pixel at window coordinates (origin bottom left)."""
    px = image.getpixel((int(round(x)), image.height - 1 - int(round(y))))
    assert isinstance(px, tuple)
    return px


def _clearly_visible(scene: Any, board: Board, cast: Cast, pickable: Pickable) -> list[Cell]:
    """Balls whose centre and the points 4 px around it show that ball."""
    result = []
    for cell in pickable(board):
        if cell not in board:
            continue
        x, y, _ = scene.screen_position(cell)
        probes = [(x, y)] + [(x + dx, y + dy) for dx in (-4, 4) for dy in (-4, 4)]
        if all(cast(scene, board, px, py)[0] == cell for px, py in probes):
            result.append(cell)
    return result


def _check_balls(image: Image.Image, scene: Any, board: Board, cells: list[Cell]) -> None:
    for cell in cells:
        x, y, _ = scene.screen_position(cell)
        pixel = _pixel(image, x, y)
        assert colour_family(pixel) == board[cell], (str(cell), pixel, board[cell])


@pytest.mark.parametrize("colour", list(Colour))
def test_full_one_colour_pyramid(
    window: Any, make_scene: Callable[..., Any], cast: Cast, pickable: Pickable, colour: Colour
) -> None:
    masks = [0, 0, 0]
    masks[colour] = FULL_MASK
    board = Board((masks[0], masks[1], masks[2]))  # 30 of a colour: fine for drawing
    for rotation in ROTATIONS:
        scene = make_scene(board, rotation)
        image = _frame(window, scene)
        visible = _clearly_visible(scene, board, cast, pickable)
        assert len(visible) >= 12
        _check_balls(image, scene, board, visible)
        assert _pixel(image, 2, 2)[:3] == BACKGROUND[:3]


@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("exploded", (False, True))
def test_mixed_position_colours_at_visible_centres(
    window: Any, make_scene: Callable[..., Any], cast: Cast, pickable: Pickable,
    rotation: int, exploded: bool,
) -> None:
    for board in (MIXED, PARTIAL):
        scene = make_scene(board, rotation, exploded)
        image = _frame(window, scene)
        visible = _clearly_visible(scene, board, cast, pickable)
        assert len(visible) >= (len(board) if exploded else 12)
        _check_balls(image, scene, board, visible)
        assert {board[c] for c in visible} == set(Colour)


def _is_wood(pixel: tuple[int, ...]) -> bool:
    r, g, b = pixel[:3]
    return r > g > b and 100 < r < 235 and r - b > 50


@pytest.mark.parametrize("rotation", ROTATIONS)
def test_empty_board_holes_wood_and_background(window: Any, make_scene: Callable[..., Any], rotation: int) -> None:
    scene = make_scene(Board.empty(), rotation)
    image = _frame(window, scene)
    view = scene.view
    for cell in LEVEL_CELLS[1]:
        hole = _pixel(image, *view.project(cell.x, cell.y, 0.0)[:2])
        assert max(hole[:3]) < 90 and colour_family(hole) is None, (str(cell), hole)
    # Near the board's corners, away from holes and labels: wood.
    lo = pj.CENTRE - pj.BOARD_HALF + 0.3
    hi = pj.CENTRE + pj.BOARD_HALF - 0.3
    for gx in (lo, hi):
        for gy in (lo, hi):
            pixel = _pixel(image, *view.project(gx, gy, 0.0)[:2])
            assert _is_wood(pixel), pixel
    # Between two holes of a row: wood again.
    assert _is_wood(_pixel(image, *view.project(1.0, 0.0, 0.0)[:2]))
    for corner in ((2, 2), (window.width - 3, window.height - 3), (2, window.height - 3)):
        assert _pixel(image, *corner)[:3] == BACKGROUND[:3]


def test_highlight_ring_marks_and_hover(window: Any, make_scene: Callable[..., Any]) -> None:
    from spoker.gui.render.scene import Highlight

    board = MIXED
    front = Cell.from_str("1C1")  # front row: nothing below it on screen
    plain = make_scene(board)
    x, y, r = plain.screen_position(front)
    below = (x, y - 1.045 * r)
    before = _pixel(_frame(window, plain), *below)

    def gold(p: tuple[int, ...]) -> bool:
        return p[0] > 200 and p[1] > 150 and p[2] < 120

    assert not gold(before) and min(before[:3]) < 200
    lit = make_scene(board)
    lit.set_highlights([Highlight((front, Cell.from_str("1E1")), GOLD)])
    ring = _pixel(_frame(window, lit), *below)
    assert gold(ring), ring
    hover = make_scene(board)
    hover.set_hover(front)
    white = _pixel(_frame(window, hover), *below)
    assert min(white[:3]) > 200, white


@pytest.mark.parametrize("colour", (Colour.RED, Colour.BLACK))
def test_colour_marks_show_on_red_and_black_only(
    window: Any, make_scene: Callable[..., Any], colour: Colour
) -> None:
    cell = Cell.from_str("1C1")
    board = Board.empty().place(cell, colour).place("1E1", Colour.WHITE)
    r_offset = 0.3 if colour == Colour.RED else 0.25  # on the ring / on a cross arm
    plain = make_scene(board)
    x, y, r = plain.screen_position(cell)
    spot = (x + r_offset * plain.view.radius, y)
    without = _pixel(_frame(window, plain), *spot)
    marked = make_scene(board, marks=True)
    image = _frame(window, marked)
    with_mark = _pixel(image, *spot)
    assert colour_family(without) == colour
    assert sum(with_mark[:3]) > sum(without[:3]) + 150, (without, with_mark)
    assert colour_family(_pixel(image, x, y)) == colour  # the centre keeps its colour
    wx, wy, _ = marked.screen_position(Cell.from_str("1E1"))
    white_spot = _pixel(image, wx + 0.3 * r, wy)
    assert colour_family(white_spot) == Colour.WHITE


def test_ghost_only_on_playable_cells(window: Any, make_scene: Callable[..., Any]) -> None:
    board = PARTIAL
    playable = Cell.from_str("1A5")
    assert board.is_playable(playable)
    base = make_scene(board)
    x, y, _ = base.screen_position(playable)
    before = _pixel(_frame(window, base), x, y)
    ghost = make_scene(board)
    ghost.set_ghost(playable, Colour.RED)
    after = _pixel(_frame(window, ghost), x, y)
    assert after[0] > before[0] + 30 and after[1] <= before[1] + 10, (before, after)
    blocked = Cell.from_str("3C3")  # its platform is not full
    ghost.set_ghost(blocked, Colour.RED)
    bx, by, _ = ghost.screen_position(blocked)
    image_blocked = _frame(window, ghost)
    image_none = _frame(window, base)
    assert _pixel(image_blocked, bx, by) == _pixel(image_none, bx, by)


def test_offscreen_image_matches_scene(make_scene: Callable[..., Any], cast: Cast, pickable: Pickable) -> None:
    from spoker.gui.render.offscreen import render_board_image
    from spoker.gui.render.scene import BoardScene

    size = (640, 480)
    for rotation in (0, 3):
        image = render_board_image(MIXED, size, rotation=rotation)
        assert image.size == size
        scene = BoardScene()
        scene.set_viewport(0, 0, *size)
        scene.rotate(rotation)
        scene.set_board(MIXED, animate=False)
        scene.finish_animations()
        visible = _clearly_visible(scene, MIXED, cast, pickable)
        assert len(visible) >= 12
        _check_balls(image, scene, MIXED, visible)


def test_render_command_writes_png_of_requested_size(tmp_path: Path) -> None:
    from spoker.cli import main

    out = tmp_path / "pic.png"
    code = main([
        "render", str(MIXED), "--out", str(out), "--size", "320x200", "--rotate", "1",
        "--highlight", "1A1,1C1,1E1", "--highlight", "2B2,2D2:dashed", "--exploded", "--marks",
    ])
    assert code == 0
    with Image.open(out) as img:
        assert img.size == (320, 200) and img.format == "PNG"


def test_render_command_highlights_a_state_strings_challenge(tmp_path: Path) -> None:
    import random

    from spoker import GameState
    from spoker.cli import main

    rng = random.Random(3)
    state = GameState()
    while state.challenge is None:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    out = tmp_path / "state.png"
    assert main(["render", state.to_string(), "--out", str(out), "--size", "400x300"]) == 0
    with Image.open(out) as img:
        pixels = list(img.convert("RGB").getdata())
    assert sum(1 for p in pixels if p[0] > 220 and 160 < p[1] < 230 and p[2] < 90) > 50


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "nonsense", "--out", "x.png"],
        ["render", str(MIXED), "--out", "x.png", "--size", "12x9999"],
        ["render", str(MIXED), "--out", "x.png", "--rotate", "half"],
        ["render", str(MIXED), "--out", "x.png", "--highlight", "1A1,Z9"],
        ["render", str(Board.empty()), "--out", "x.png", "--highlight", "1A1"],
        ["render", str(MIXED), "--out", "x.jpg"],
    ],
)
def test_render_command_bad_input_is_one_line_exit_2(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from spoker.cli import main

    argv = [a if a != "x.png" and a != "x.jpg" else str(tmp_path / a) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spoker render: error:")
    assert not (tmp_path / "x.png").exists()


@given(st.text(max_size=30))
def test_render_argument_parsers_fuzz(text: str) -> None:
    from spoker.cli.render_cmd import parse_highlight, parse_rotation, parse_size

    for parse in (parse_size, parse_rotation, parse_highlight):
        try:
            parse(text)
        except ArgumentError as err:
            assert repr(text) in str(err)


def test_render_argument_parsers_accept_good_input() -> None:
    from spoker.cli.render_cmd import parse_highlight, parse_rotation, parse_size

    assert parse_size("800x600") == (800, 600)
    assert parse_size(" 64 X 48 ") == (64, 48)
    assert parse_rotation("-1") == 3 and parse_rotation("6") == 2
    spec = parse_highlight("1a1, c1 ,1E1:dashed")
    assert [str(c) for c in spec.cells] == ["1A1", "1C1", "1E1"] and spec.style == "dashed"


def test_highlight_rejects_unknown_style() -> None:
    from spoker.gui.render.scene import Highlight

    with pytest.raises(ValueError, match="'sparkle'"):
        Highlight((CELLS[0],), GOLD, "sparkle")


def test_scene_positions_follow_the_projection(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(MIXED, 2)
    view = scene.view
    for cell in CELLS:
        x, y, r = scene.screen_position(cell)
        px, py, _ = view.ball(cell)
        assert (x, y) == pytest.approx((px, py))
        assert r == pytest.approx(view.scale * pj.BALL_RADIUS)
    # Everything at rest fits inside the window.
    assert all(0 < scene.screen_position(c)[0] < 1280 for c in CELLS)
    assert math.isfinite(view.scale) and view.scale > 20


def test_hover_on_an_empty_hole_rings_the_hole(window: Any, make_scene: Callable[..., Any]) -> None:
    board = Board.from_string("WB..R.........../........./..../.")
    hole = Cell.from_str("1E1")
    scene = make_scene(board)
    view = scene.view
    hx, hy, _ = view.project(hole.x, hole.y, 0.0)
    edge = (hx + pj.HOLE_RADIUS * view.scale * 1.05 * 1.065, hy)
    before = _pixel(_frame(window, scene), *edge)
    scene.set_hover(hole)
    after = _pixel(_frame(window, scene), *edge)
    assert _is_wood(before) and min(after[:3]) > 200, (before, after)
    assert scene.pick(hx, hy) == hole
