"""Cells by name and by mask: naming rules (formats.md, "Cells") and the masks."""

from __future__ import annotations

import pytest

from shibumi import CELLS, CellError, parse_cell
from shibumi.cells import mask_of, names_of

HINT = "expected a name such as '1A1', '2B2' or 'C3'"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        # a point that exists, on a level that has no cell there: say which cells do
        ("2A1", "level 2 has no cell at point A1 (that point holds 1A1)"),
        ("4A1", "level 4 has no cell at point A1 (that point holds 1A1)"),
        ("xa1", HINT),  # no level X: only the hint
        # a grid point no cell sits on (level 1 has only odd points)
        ("1B1", f"no cell at point B1: {HINT}"),
        ("B1", f"no cell at point B1: {HINT}"),
        ("xb1", HINT),
        ("1bx", HINT),  # row X is no row
        ("bx", HINT),
        ("11", HINT),  # a digit is no column
        ("b8", HINT),  # rows are 1..7
        ("H1", HINT),
        ("", HINT),
    ],
)
def test_a_name_that_names_no_cell_says_why(text: str, why: str) -> None:
    with pytest.raises(CellError) as err:
        parse_cell(text)
    assert str(err.value) == f"{text!r} is not a cell: {why}"


@pytest.mark.parametrize(
    ("cells", "mask"),
    [
        ([], 0),
        (["1A1"], 1),
        (["1A1", "1C1"], 0b11),  # every cell's bit, not only the last one's
        (["4d4", 0, CELLS[5], 0], 1 << 29 | 1 << 5 | 1),  # any spelling, each once
    ],
)
def test_mask_of_sets_one_bit_per_cell(cells: list[object], mask: int) -> None:
    """Bit ``i`` for cell ``i`` (shibumi/geometry.py: masks are ints)."""
    assert mask_of(cells) == mask  # type: ignore[arg-type]


def test_names_of_lists_canonical_names_in_cell_order_once() -> None:
    assert names_of(["4d4", 5, "c3", 0]) == ["1A1", "1C3", "4D4"]
    assert names_of([]) == []


def test_anything_with_an_index_names_the_cell_of_that_index() -> None:
    """as_cell takes a Cell, an int, a name, or an integer of another kind (a
    numpy index): ``operator.index`` of it is the cell's index."""
    import numpy as np

    from shibumi.cells import as_cell

    assert as_cell(np.int64(5)) is CELLS[5] and as_cell(np.uint8(29)) is CELLS[29]
