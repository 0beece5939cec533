"""The 30 cells of the Shibumi pyramid and their names.

Seen from above the cells sit on a 7x7 grid of points, columns A-G (x = 0..6)
and rows 1-7 (y = 0..6). Level ``l`` (1..4) holds the points whose x and y are
both ``l - 1`` plus an even number, so the levels interleave like stacked
spheres. Cells are numbered level by level from the bottom, and within a level
row by row from the front row, left to right: the order of board strings.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator

from shibumi.errors import CellError, expect_mask

COLUMNS = "ABCDEFG"
LEVELS = (1, 2, 3, 4)
LEVEL_SIZES = (16, 9, 4, 1)
NUM_CELLS = 30


def _cell_coordinates() -> list[tuple[int, int, int]]:
    """(level, x, y) of every cell, in cell-index order."""
    coords = []
    for level in LEVELS:
        k = level - 1
        side = 5 - level
        for j in range(side):
            for i in range(side):
                coords.append((level, k + 2 * i, k + 2 * j))
    return coords


_COORDS = _cell_coordinates()
_INT_FORMATS = frozenset("bcdoxXn")


class Cell(int):
    """One cell of the pyramid: an ``int`` (0..29) that knows its place.

    Being an ``int`` lets a cell index tables and build bit masks
    (``1 << cell``) directly; ``str(cell)`` is its canonical name (``1A1``).
    ``Cell(5)``, ``Cell("1C3")`` and ``Cell("c3")`` all give the same object:
    there is exactly one instance per cell, so ``is`` works too.
    """

    __slots__ = ()

    def __new__(cls, index: int | str) -> Cell:
        if type(index) is int and 0 <= index < NUM_CELLS:
            return CELLS[index]
        if isinstance(index, Cell):
            return index
        if isinstance(index, str):
            return parse_cell(index)
        if isinstance(index, bool):
            raise CellError(f"{index!r} is not a cell")
        try:
            number = operator.index(index)
        except TypeError:
            raise CellError(f"{index!r} is not a cell: expected an index 0..29 or a name") from None
        if not 0 <= number < NUM_CELLS:
            raise CellError(f"no cell has index {index!r}: cells are 0..29")
        return CELLS[number]

    @property
    def index(self) -> int:
        """Position in board-string order, 0 (``1A1``) to 29 (``4D4``)."""
        return int(self)

    @property
    def level(self) -> int:
        """1 (the board) to 4 (the apex)."""
        return _COORDS[self][0]

    @property
    def x(self) -> int:
        """Column on the 7x7 grid of points, 0 (A) to 6 (G)."""
        return _COORDS[self][1]

    @property
    def y(self) -> int:
        """Row on the 7x7 grid of points, 0 (row 1) to 6 (row 7)."""
        return _COORDS[self][2]

    @property
    def column(self) -> str:
        """Column letter of the point, ``A`` (left) to ``G`` (right)."""
        return COLUMNS[_COORDS[self][1]]

    @property
    def row(self) -> int:
        """Row number of the point, 1 (front) to 7 (back)."""
        return _COORDS[self][2] + 1

    @property
    def point(self) -> str:
        """The point seen from above, e.g. ``C3``."""
        return f"{self.column}{self.row}"

    @property
    def name(self) -> str:
        """Canonical name: level digit and point, e.g. ``1A1``."""
        return _NAMES[self]

    @property
    def bit(self) -> int:
        """``1 << cell``: the cell's bit in a mask."""
        return 1 << self

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Cell({_NAMES[self]})"

    def __format__(self, spec: str) -> str:
        # f"{cell:>4}" pads the name; integer codes (d, x, ...) still give numbers.
        if spec and spec[-1] in _INT_FORMATS:
            return int.__format__(self, spec)
        return format(_NAMES[self], spec)

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Cell, (int(self),))

    @classmethod
    def from_str(cls, text: str) -> Cell:
        """Parse ``1A1`` (canonical) or ``A1`` (short: the lowest cell there)."""
        return parse_cell(text)

    @classmethod
    def at(cls, level: int, x: int, y: int) -> Cell:
        """The cell at a level and grid point (x, y from 0); :class:`CellError` if none."""
        index = _BY_COORD.get((level, x, y))
        if index is None:
            raise CellError(f"no cell at level {level!r}, point ({x!r}, {y!r})")
        return CELLS[index]


CELLS: tuple[Cell, ...] = tuple(int.__new__(Cell, i) for i in range(NUM_CELLS))
_NAMES = tuple(f"{lv}{COLUMNS[x]}{y + 1}" for lv, x, y in _COORDS)
_BY_COORD = {c: i for i, c in enumerate(_COORDS)}
_BY_NAME = {name: CELLS[i] for i, name in enumerate(_NAMES)}

POINTS: dict[str, tuple[Cell, ...]] = {}
"""Point name (``C3``) to the cells at that point, lowest first."""
for _cell in CELLS:
    POINTS.setdefault(_cell.point, ())
    POINTS[_cell.point] += (_cell,)

LEVEL_CELLS: dict[int, tuple[Cell, ...]] = {
    lv: tuple(c for c in CELLS if c.level == lv) for lv in LEVELS
}
"""Each level's cells in board-string order."""
LEVEL_MASK: dict[int, int] = {lv: sum(1 << c for c in cs) for lv, cs in LEVEL_CELLS.items()}
CELL_NAMES: tuple[str, ...] = _NAMES
APEX = _BY_NAME["4D4"]


def parse_cell(text: str) -> Cell:
    """Parse a cell name, canonical (``2B2``) or short (``B2``), any case.

    A short name means the lowest cell at that point. Surrounding white space
    is ignored. Raises :class:`CellError` quoting the input when it names no cell.
    """
    if not isinstance(text, str):
        raise CellError(f"a cell name must be text, not {text!r}")
    key = text.strip().upper()
    cell = _BY_NAME.get(key)
    if cell is not None:
        return cell
    stack = POINTS.get(key)
    if stack:
        return stack[0]
    raise CellError(f"{text!r} is not a cell: {_why_not_a_cell(key)}")


def _why_not_a_cell(key: str) -> str:
    """The reason a (stripped, upper-case) name names no cell."""
    hint = "expected a name such as '1A1', '2B2' or 'C3'"
    if len(key) == 3 and key[0] in "1234" and key[1:] in POINTS:
        stack = ", ".join(str(c) for c in POINTS[key[1:]])
        return f"level {key[0]} has no cell at point {key[1:]} (that point holds {stack})"
    if len(key) == 3 and key[0] in "1234" and key[1] in COLUMNS and key[2] in "1234567":
        return f"no cell at point {key[1:]}: {hint}"
    if len(key) == 2 and key[0] in COLUMNS and key[1] in "1234567":
        return f"no cell at point {key}: {hint}"
    return hint


def cells_of(mask: int) -> Iterator[Cell]:
    """The cells whose bits are set in ``mask``, in index order.

    ``TypeError`` for a mask that is not an int, :class:`CellError` for bits
    beyond cell 29: raised at the call, not when the cells are read."""
    if mask.__class__ is not int or not 0 <= mask < _LIMIT:  # type: ignore[comparison-overlap]
        expect_mask(mask)
    return _cells_of(mask)


_LIMIT = 1 << NUM_CELLS


def _cells_of(mask: int) -> Iterator[Cell]:
    while mask:
        low = mask & -mask
        yield CELLS[low.bit_length() - 1]
        mask ^= low


def mask_of(cells: Iterable[Cell | int | str]) -> int:
    """A bit mask from an iterable of cells (or indices, or cell names)."""
    mask = 0
    for c in cells:
        mask |= 1 << as_cell(c)
    return mask


def names_of(cells: Iterable[Cell | int | str]) -> list[str]:
    """Canonical names of some cells, in cell order, each once."""
    return [_NAMES[c] for c in cells_of(mask_of(cells))]


def as_cell(cell: object) -> Cell:
    """A :class:`Cell` from a cell, an index or a name."""
    if isinstance(cell, Cell):
        return cell
    if isinstance(cell, (str, int)):
        return Cell(cell)
    try:
        return Cell(operator.index(cell))  # type: ignore[arg-type]
    except TypeError:
        raise CellError(f"{cell!r} is not a cell: expected a Cell, an index 0..29 or a name") from None
