"""The plan of the pyramid: its four levels flat, as 2-D grids side by side
(4x4, 3x3, 2x2 and the apex), where each cell's square is on screen and which
cell a point falls on. No arcade here: the scene draws it
(:mod:`spoker.gui.render.plan`).

Each grid is seen from above as the 3-D board's standard view: column A (or
the level's first letter) on the left, row 1 at the bottom, the front. The
levels stand in one row, or in two (levels 1 and 2 above, 3 and 4 below) when
that gives bigger squares: a narrow window. Even the smallest window the game
allows has squares big enough to click in two rows (``tests/gui/models``), so
the plan never needs to show one level at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from shibumi import COLUMNS, LEVELS, Cell

SIDES = {1: 4, 2: 3, 3: 2, 4: 1}
"""Squares along a level's side."""
GAP = 0.7  # between two levels, in squares
TITLE = 0.75  # room above a grid for its title, in squares
MARGIN = 0.55  # room left of a grid for its rows' digits and below it for its columns' letters
BALL = 0.84  # a ball's diameter, in squares
ROWS: tuple[tuple[tuple[int, ...], ...], ...] = (((1, 2, 3, 4),), ((1, 2), (3, 4)))
"""The arrangements tried: one row of levels, or two."""


def level_words(cell: Cell) -> str:
    """Where ``cell`` is in the pyramid, said plainly: ``Level 2 of 4``."""
    return f"Level {cell.level} of {len(LEVELS)}"


@dataclass(frozen=True)
class Grid:
    """One level's grid: its bottom-left corner in window pixels."""

    level: int
    left: float
    bottom: float

    @property
    def side(self) -> int:
        return SIDES[self.level]


@dataclass(frozen=True)
class Caption:
    """A text of the plan: a level's title, a column's letter or a row's digit,
    centred on ``(x, y)``; ``kind`` is ``title``, ``column`` or ``row``."""

    text: str
    x: float
    y: float
    kind: str


@dataclass(frozen=True)
class PlanLayout:
    """Every level's grid in a window's rectangle, ``unit`` pixels a square."""

    unit: float
    grids: tuple[Grid, ...]

    def grid(self, level: int) -> Grid:
        return self.grids[level - 1]

    def square(self, cell: Cell) -> tuple[float, float]:
        """The bottom-left corner of ``cell``'s square."""
        g = self.grid(cell.level)
        k = cell.level - 1
        return g.left + (cell.x - k) // 2 * self.unit, g.bottom + (cell.y - k) // 2 * self.unit

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The centre of ``cell``'s square, where its ball is drawn."""
        x, y = self.square(cell)
        return x + self.unit / 2, y + self.unit / 2

    @property
    def radius(self) -> float:
        """A ball's radius in pixels."""
        return BALL * self.unit / 2

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell whose square holds ``(x, y)`` (None: between the grids)."""
        for g in self.grids:
            i = int((x - g.left) // self.unit)
            j = int((y - g.bottom) // self.unit)
            if 0 <= i < g.side and 0 <= j < g.side:
                k = g.level - 1
                return Cell.at(g.level, k + 2 * i, k + 2 * j)
        return None

    def captions(self) -> list[Caption]:
        """The levels' titles above their grids, the columns' letters below
        them and the rows' digits on their left."""
        u = self.unit
        out: list[Caption] = []
        for g in self.grids:
            k = g.level - 1
            top = g.bottom + g.side * u
            out.append(Caption(f"Level {g.level}", g.left + g.side * u / 2, top + TITLE * u / 2, "title"))
            for i in range(g.side):
                out.append(Caption(COLUMNS[k + 2 * i], g.left + (i + 0.5) * u, g.bottom - MARGIN * u / 2, "column"))
                out.append(Caption(str(k + 2 * i + 1), g.left - MARGIN * u / 2, g.bottom + (i + 0.5) * u, "row"))
        return out


def _row_width(row: tuple[int, ...]) -> float:
    """A row of levels' width in squares: each grid with its digits' margin
    on the left, the gaps, and a margin on the right (the grids' wooden rim)."""
    return sum(SIDES[lv] + MARGIN for lv in row) + GAP * (len(row) - 1) + MARGIN


def _extent(rows: tuple[tuple[int, ...], ...]) -> tuple[float, float]:
    """The arrangement's width and height in squares."""
    widths = [_row_width(row) for row in rows]
    heights = [max(SIDES[lv] for lv in row) + TITLE + MARGIN for row in rows]
    return max(widths), sum(heights) + GAP * (len(rows) - 1)


def fit_plan(viewport: tuple[float, float, float, float], largest: float = 1e9) -> PlanLayout:
    """The plan in ``viewport`` (left, bottom, width, height in pixels), its
    squares as big as fit (at most ``largest`` pixels), centred."""
    left, bottom, width, height = viewport
    best: tuple[float, tuple[tuple[int, ...], ...]] | None = None
    for rows in ROWS:
        w, h = _extent(rows)
        unit = min(width / w, height / h, largest)
        if best is None or unit > best[0] * 1.05:  # one row unless two are clearly bigger
            best = (unit, rows)
    assert best is not None
    unit, rows = best
    w, h = _extent(rows)
    top = bottom + (height + h * unit) / 2
    grids: list[Grid] = []
    for row in rows:
        tallest = max(SIDES[lv] for lv in row)
        x = left + (width - _row_width(row) * unit) / 2
        middle = top - (TITLE + tallest / 2) * unit  # the grids of a row share their centre line
        for lv in row:
            x += MARGIN * unit
            grids.append(Grid(lv, x, middle - SIDES[lv] * unit / 2))
            x += (SIDES[lv] + GAP) * unit
        top -= (tallest + TITLE + MARGIN + GAP) * unit
    return PlanLayout(unit, tuple(sorted(grids, key=lambda g: g.level)))


__all__ = ["BALL", "Caption", "Grid", "PlanLayout", "fit_plan", "level_words"]
