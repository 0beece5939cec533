"""The plan's geometry, without a window: every cell drawn once, on its
level's grid at its column and row, inside the viewport; a point in a cell's
square picks that cell; the captions name the levels, columns and rows."""

from __future__ import annotations

import pytest

from shibumi import CELLS, COLUMNS, LEVEL_CELLS, Cell
from spoker.gui.models.plan_layout import SIDES, fit_plan, level_words

VIEWPORTS = [
    (10.0, 58.0, 340.0, 300.0),  # the game's board at the smallest window, 640x480
    (10.0, 49.0, 500.0, 340.0),  # ... at 800x600
    (10.0, 58.0, 860.0, 600.0),  # ... at 1280x800
    (10.0, 77.0, 1360.0, 865.0),  # ... at 1920x1080
    (0.0, 0.0, 1280.0, 200.0),  # a wide strip: the levels in one row
]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_every_cell_has_one_square_on_its_levels_grid(viewport: tuple[float, float, float, float]) -> None:
    plan = fit_plan(viewport)
    u = plan.unit
    left, bottom, width, height = viewport
    squares = {c: plan.square(c) for c in CELLS}
    assert len(set(squares.values())) == len(CELLS), "no two cells share a square"
    for cell, (x, y) in squares.items():
        grid = plan.grid(cell.level)
        k = cell.level - 1
        assert (x, y) == pytest.approx((grid.left + (cell.x - k) // 2 * u, grid.bottom + (cell.y - k) // 2 * u))
        assert left <= x and x + u <= left + width + 1e-6, cell
        assert bottom <= y and y + u <= bottom + height + 1e-6, cell
    for g in plan.grids:  # each grid with its wooden rim (an eighth of a square) inside the viewport
        rim = 0.15 * u
        assert left <= g.left - rim and g.left + g.side * u + rim <= left + width, g
        assert bottom <= g.bottom - rim and g.bottom + g.side * u + rim <= bottom + height, g
    for level, cells in LEVEL_CELLS.items():
        columns = {squares[c][0] for c in cells}
        rows = {squares[c][1] for c in cells}
        assert len(columns) == len(rows) == SIDES[level], f"level {level} is a {SIDES[level]}x{SIDES[level]} grid"
    # Column A (x small) on the left, row 1 at the bottom: the standard view from above.
    assert squares[Cell("1A1")][0] < squares[Cell("1G1")][0]
    assert squares[Cell("1A1")][1] < squares[Cell("1A7")][1]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_point_in_a_cells_square_picks_that_cell(viewport: tuple[float, float, float, float]) -> None:
    plan = fit_plan(viewport)
    u = plan.unit
    for cell in CELLS:
        x, y = plan.square(cell)
        for fx, fy in ((0.5, 0.5), (0.02, 0.02), (0.98, 0.98), (0.02, 0.98), (0.98, 0.02)):
            assert plan.cell_at(x + fx * u, y + fy * u) == cell, (cell, fx, fy)
        cx, cy = plan.centre(cell)
        assert (cx, cy) == pytest.approx((x + u / 2, y + u / 2))
    assert plan.radius < u / 2, "a ball stays inside its square"


def test_between_the_grids_no_cell_is_picked() -> None:
    plan = fit_plan(VIEWPORTS[2])
    one, two = plan.grid(1), plan.grid(2)
    gap_x = (one.left + 4 * plan.unit + two.left) / 2
    assert plan.cell_at(gap_x, one.bottom + 2 * plan.unit) is None
    assert plan.cell_at(one.left - 1, one.bottom + 1) is None


def test_even_the_smallest_window_gives_squares_to_click() -> None:
    # The game's board at 640x480 (the window's least size): every square
    # is still a target bigger than a finger's width on a screen.
    assert fit_plan(VIEWPORTS[0]).unit >= 28


def test_a_wide_strip_puts_the_levels_in_one_row_a_squarer_area_in_two() -> None:
    strip = fit_plan(VIEWPORTS[4])
    assert len({round(g.bottom + g.side * strip.unit / 2, 6) for g in strip.grids}) == 1, "one centre line"
    block = fit_plan(VIEWPORTS[2])
    assert block.grid(3).bottom + 2 * block.unit < block.grid(1).bottom, "levels 3 and 4 below 1 and 2"


def test_the_captions_name_each_level_column_and_row() -> None:
    plan = fit_plan(VIEWPORTS[2])
    captions = plan.captions()
    assert [c.text for c in captions if c.kind == "title"] == ["Level 1", "Level 2", "Level 3", "Level 4"]
    letters = {c.text for c in captions if c.kind == "column"}
    digits = {c.text for c in captions if c.kind == "row"}
    assert letters == set(COLUMNS) and digits == {str(i) for i in range(1, 8)}
    for c in captions:
        assert plan.cell_at(c.x, c.y) is None, f"{c.text} is not drawn over a square"


def test_the_level_is_said_plainly() -> None:
    assert level_words(Cell("2B4")) == "Level 2 of 4"
    assert level_words(Cell("4D4")) == "Level 4 of 4"
