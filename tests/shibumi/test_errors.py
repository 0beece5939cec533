"""Error messages of :mod:`shibumi`: each says what was wrong and quotes it.

shibumi/errors.py: every message quotes the offending input (``repr``, cut at
60 characters), names the argument, and is a ``TypeError`` for a wrong type or
a ``ShibumiError`` (a ``ValueError``) for a wrong value. Exact texts, so that a
changed word is a decision, not an accident.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from shibumi import (
    Board,
    CellError,
    ShibumiError,
    bridge,
    cells_of,
    format_board,
    in_level_contacts,
    is_line,
    lines_through,
    parse_board,
    parse_cell,
)
from shibumi.cells import Cell
from shibumi.errors import expect, expect_mask, shown
from shibumi.shapes import filled_shapes_through
from shibumi.visibility import covered_mask


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        # a bool is an int to Python, never a mask
        (lambda: expect_mask(True), TypeError, "mask True: expected an int bit mask, not bool"),
        (lambda: expect_mask(1.0), TypeError, "mask 1.0: expected an int bit mask, not float"),
        # bits 0..29: 1 << 30 is the first bit past the apex
        (lambda: expect_mask(1 << 30), CellError, "mask 1073741824: bits name cells 0..29 only"),
        (lambda: expect_mask(-1, "occupied"), CellError, "occupied -1: bits name cells 0..29 only"),
        (lambda: covered_mask("x"), TypeError,
         "occupied mask 'x': expected an int bit mask, not str"),
        (lambda: filled_shapes_through(5, "1A1"), TypeError, "board 5: expected a Board, not int"),
        (lambda: expect(5, (list, tuple), "moves"), TypeError,
         "moves 5: expected a list or tuple, not int"),
        (lambda: Board.from_mapping([1]), TypeError, "balls [1]: expected a Mapping, not list"),
        (lambda: is_line("1A1"), TypeError, "is_line: expected a sequence of cells, not '1A1'"),
        (lambda: in_level_contacts(5), TypeError,
         "in_level_contacts: expected a sequence of cells, not 5"),
        (lambda: format_board("x"), TypeError, "board 'x': expected a Board, not str"),
        (lambda: parse_cell(5), CellError, "a cell name must be text, not 5"),
        # cells_of checks its mask at the call, before a cell is read
        (lambda: cells_of(1 << 30), CellError, "mask 1073741824: bits name cells 0..29 only"),
        (lambda: cells_of(True), TypeError, "mask True: expected an int bit mask, not bool"),
        (lambda: parse_board("WW..WW........../W......../..../.").resolve("b2"), ShibumiError,
         "'b2': every cell at point B2 is taken"),
        (lambda: Cell.at(1, 1, 1), CellError, "no cell at level 1, point (1, 1)"),
        (lambda: bridge("1A1", "1E1"), CellError,
         "1A1 and 1E1 do not touch on one level: no contact to bridge"),
        (lambda: lines_through("1A1", 5), ShibumiError,
         "no straight line has length 5: lines have 3 or 4 cells"),
        (lambda: parse_board("W" + "." * 15 + "/........./..../.").remove("1C1"), ShibumiError,
         "cannot remove from 1C1: it is empty"),
    ],
)
def test_messages_name_the_argument_and_quote_it(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as err:
        call()
    assert type(err.value) is error or issubclass(type(err.value), error)
    assert str(err.value) == message


@pytest.mark.parametrize("mask", [0, 1, (1 << 30) - 1])
def test_masks_of_the_thirty_cells_are_accepted(mask: int) -> None:
    """0 (no cell) up to all 30 bits set are masks (shibumi.md, "Masks")."""
    assert expect_mask(mask) == mask


@pytest.mark.parametrize(
    ("value", "shown_as"),
    [
        ("a" * 58, "'" + "a" * 58 + "'"),  # 60 characters: quoted whole
        ("a" * 59, "'" + "a" * 56 + "..."),  # 61: cut to 57, then "..."
        (list(range(40)), repr(list(range(40)))[:57] + "..."),
    ],
)
def test_a_quoted_value_is_cut_at_sixty_characters(value: object, shown_as: str) -> None:
    """A message quotes the input, not megabytes of it: at most 60 characters."""
    assert shown(value) == shown_as and len(shown(value)) <= 60
