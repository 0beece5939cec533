"""Relations between cells, generated at import from the grid geometry.

Every table here is derived from the cells' (level, x, y) coordinates; none is
typed by hand. Masks are ints with bit ``i`` for cell ``i``. The tests hold
each table against an independent model built from sphere centres in 3-D.

Directions of straight lines, as steps in (x, y, level): the two in-level
orthogonals (2, 0, 0) and (0, 2, 0), and the four cross-level steps
(+-1, +-1, +1) in which each ball rests on the next.
"""

from __future__ import annotations

from collections.abc import Sequence

from shibumi.cells import _BY_COORD, CELLS, NUM_CELLS, Cell, as_cell
from shibumi.errors import CellError, ShibumiError, shown

Line = tuple[Cell, ...]

DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (2, 0, 0),
    (0, 2, 0),
    (1, 1, 1),
    (1, -1, 1),
    (-1, 1, 1),
    (-1, -1, 1),
)


def _cell_at(level: int, x: int, y: int) -> Cell | None:
    index = _BY_COORD.get((level, x, y))
    return None if index is None else CELLS[index]


def _platform(cell: Cell) -> tuple[Cell, ...]:
    if cell.level == 1:
        return ()
    found = (
        _cell_at(cell.level - 1, cell.x + dx, cell.y + dy)
        for dy in (-1, 1)
        for dx in (-1, 1)
    )
    return tuple(c for c in found if c is not None)


def _lines(length: int) -> tuple[Line, ...]:
    lines = []
    for start in CELLS:
        for dx, dy, dl in DIRECTIONS:
            run = [start]
            for step in range(1, length):
                nxt = _cell_at(start.level + step * dl, start.x + step * dx, start.y + step * dy)
                if nxt is None:
                    break
                run.append(nxt)
            if len(run) == length:
                lines.append(tuple(run))
    # Each cross-level line is found once (directions only go up); in-level
    # lines once (directions only go right or back). Order: by first cell.
    return tuple(lines)


PLATFORM: tuple[tuple[Cell, ...], ...] = tuple(_platform(c) for c in CELLS)
"""The four cells a cell rests on (empty for level 1)."""

PLATFORM_MASK: tuple[int, ...] = tuple(sum(1 << p for p in ps) for ps in PLATFORM)
"""Bits of each cell's platform (0 on level 1: always supported)."""

RESTING_ON: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(c for c in CELLS if cell in PLATFORM[c]) for cell in CELLS
)
"""The cells (one level up) that rest on a cell."""


def _touching(a: Cell, b: Cell) -> bool:
    dl, dx, dy = b.level - a.level, abs(b.x - a.x), abs(b.y - a.y)
    if dl == 0:
        return (dx, dy) in ((2, 0), (0, 2))
    return abs(dl) == 1 and dx == 1 and dy == 1


TOUCHING: tuple[tuple[Cell, ...], ...] = tuple(
    tuple(b for b in CELLS if _touching(a, b)) for a in CELLS
)
"""The cells each cell touches: in-level orthogonal neighbours, its platform
and the cells resting on it."""
TOUCHING_MASK: tuple[int, ...] = tuple(sum(1 << b for b in bs) for bs in TOUCHING)

LINES3: tuple[Line, ...] = _lines(3)
"""The 42 straight lines of three, each in one direction's order."""
LINES4: tuple[Line, ...] = _lines(4)
"""The 12 straight lines of four: 8 level-1 rows and columns, 4 edges."""
LINES: tuple[Line, ...] = LINES3 + LINES4

PYRAMIDS: tuple[tuple[Cell, ...], ...] = tuple(
    PLATFORM[c] + (c,) for c in CELLS if c.level > 1
)
"""Five-ball pyramids: the four platform cells, then the top."""

COVER: tuple[Cell | None, ...] = tuple(_cell_at(c.level + 2, c.x, c.y) for c in CELLS)
"""The cell two levels straight above a cell, whose ball covers it, or None."""

COVERABLE: tuple[Cell, ...] = tuple(c for c in CELLS if COVER[c] is not None)
"""The cells a ball can ever be covered on (5: 1C3 1E3 1C5 1E5 2D4)."""

COVERS: tuple[Cell | None, ...] = tuple(_cell_at(c.level - 2, c.x, c.y) for c in CELLS)
"""The cell two levels straight below a cell, which its ball covers, or None."""


def _contact_key(a: Cell, b: Cell) -> tuple[Cell, Cell]:
    return (a, b) if a < b else (b, a)


def _bridges() -> dict[tuple[Cell, Cell], tuple[Cell, ...]]:
    bridges = {}
    for a in CELLS:
        for b in TOUCHING[a]:
            if b.level == a.level and a < b:
                bridges[(a, b)] = tuple(c for c in RESTING_ON[a] if c in RESTING_ON[b])
    return bridges


BRIDGES: dict[tuple[Cell, Cell], tuple[Cell, ...]] = _bridges()
"""For every in-level contact (a, b), a < b: the cells resting on both."""

CUTTABLE: tuple[tuple[Cell, Cell], ...] = tuple(k for k, v in BRIDGES.items() if len(v) == 2)
"""In-level contacts that two balls above can cut (16)."""


IN_LEVEL_CONTACTS: tuple[tuple[Cell, Cell], ...] = tuple(BRIDGES)
"""Every pair of touching cells on one level (40), lower index first."""


def bridge(a: Cell | int | str, b: Cell | int | str) -> tuple[Cell, ...]:
    """The cells resting on both balls of an in-level contact."""
    ca, cb = as_cell(a), as_cell(b)
    found = BRIDGES.get(_contact_key(ca, cb))
    if found is None:
        raise CellError(f"{ca} and {cb} do not touch on one level: no contact to bridge")
    return found


def _through(patterns: tuple[tuple[Cell, ...], ...]) -> tuple[tuple[tuple[Cell, ...], ...], ...]:
    return tuple(tuple(p for p in patterns if c in p) for c in range(NUM_CELLS))


# Lookups by cell, precomputed: index with a cell.
LINES3_THROUGH = _through(LINES3)
LINES4_THROUGH = _through(LINES4)
LINES_THROUGH = _through(LINES)
PYRAMIDS_THROUGH = _through(PYRAMIDS)
PYRAMID_TOPPED: tuple[tuple[Cell, ...] | None, ...] = tuple(
    (PLATFORM[c] + (c,)) if c.level > 1 else None for c in CELLS
)
"""The pyramid a cell tops, or None on level 1."""


def is_line(cells: Sequence[Cell | int]) -> bool:
    """Whether ``cells``, in order (either way), form a straight line of 3 or 4."""
    key = tuple(as_cell(c) for c in _cell_list(cells, "is_line"))
    return key in _LINE_SET or key[::-1] in _LINE_SET


def in_level_contacts(cells: Sequence[Cell]) -> tuple[tuple[Cell, Cell], ...]:
    """The consecutive pairs of a line that lie on one level."""
    line = [as_cell(c) for c in _cell_list(cells, "in_level_contacts")]
    return tuple(
        _contact_key(a, b) for a, b in zip(line, line[1:]) if a.level == b.level
    )


def _cell_list(cells: object, what: str) -> list[object]:
    """A sequence of cells given to ``what``: ``TypeError`` for anything else
    (a string or a mask is not a sequence of cells)."""
    if isinstance(cells, str | bytes) or not isinstance(cells, Sequence):
        raise TypeError(f"{what}: expected a sequence of cells, not {shown(cells)}")
    return list(cells)


_LINE_SET = frozenset(tuple(int(c) for c in line) for line in LINES)

COVER_MASK: tuple[int, ...] = tuple(0 if c is None else 1 << c for c in COVER)
"""Bit of the covering cell of each cell (0 if it can never be covered)."""


# -- friendly lookups by cell (the tables above, for any cell spelling) ------


def platform(cell: Cell | int | str) -> tuple[Cell, ...]:
    """The four cells under ``cell`` (front-left, front-right, back-left,
    back-right); empty on level 1."""
    return PLATFORM[as_cell(cell)]


def resting_on(cell: Cell | int | str) -> tuple[Cell, ...]:
    """The cells one level up whose platform includes ``cell``."""
    return RESTING_ON[as_cell(cell)]


def touching(cell: Cell | int | str) -> tuple[Cell, ...]:
    """The cells a ball on ``cell`` would touch, in cell order."""
    return TOUCHING[as_cell(cell)]


def touches(a: Cell | int | str, b: Cell | int | str) -> bool:
    """Whether balls on ``a`` and ``b`` would touch."""
    return bool(TOUCHING_MASK[as_cell(a)] >> as_cell(b) & 1)


def lines_through(cell: Cell | int | str, length: int | None = None) -> tuple[Line, ...]:
    """The straight lines (of ``length`` 3 or 4, or both) containing ``cell``."""
    c = as_cell(cell)
    if length is None:
        return LINES_THROUGH[c]
    if length == 3:
        return LINES3_THROUGH[c]
    if length == 4:
        return LINES4_THROUGH[c]
    raise ShibumiError(f"no straight line has length {length!r}: lines have 3 or 4 cells")


def pyramids_through(cell: Cell | int | str) -> tuple[tuple[Cell, ...], ...]:
    """The five-ball pyramids (platform then top) containing ``cell``."""
    return PYRAMIDS_THROUGH[as_cell(cell)]


def cover(cell: Cell | int | str) -> Cell | None:
    """The cell two levels straight above ``cell``, or None."""
    return COVER[as_cell(cell)]
