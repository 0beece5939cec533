"""Board invariants on random legal positions, and the board's read API."""

from __future__ import annotations

import copy
import pickle
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import reference_geometry as ref
from support.strategies import boards, placements

from shibumi import (
    BALLS_PER_COLOUR,
    CELLS,
    FULL_MASK,
    PLATFORM,
    RESTING_ON,
    Board,
    Cell,
    CellError,
    Colour,
    ColourError,
    PlacementError,
    cells_of,
    format_board,
    parse_board,
    playable_mask,
)


@given(boards())
def test_every_ball_is_supported(board: Board) -> None:
    for cell, _colour in board:
        assert all(p in board for p in PLATFORM[cell])
        assert board.is_supported(cell)
    board.validate()


@given(boards())
def test_playable_cells_are_the_empty_supported_ones(board: Board) -> None:
    expected = [c for c in CELLS if c not in board and all(p in board for p in PLATFORM[c])]
    assert board.playable() == expected
    assert board.playable_mask() == playable_mask(board.occupied) == sum(1 << c for c in expected)
    assert [c for c in CELLS if board.is_playable(c)] == expected
    # And against the sphere model, from the board string alone.
    balls = ref.parse(format_board(board))
    assert {str(c) for c in expected} == ref.playable(balls)


@given(boards(max_balls=29))
def test_lowest_empty_cells_are_always_playable(board: Board) -> None:
    lowest = board.lowest_empty()
    assert lowest is not None and board.is_playable(lowest)
    assert lowest == min(board.empty_cells())
    # Stronger: every empty cell on the lowest level that has one is playable.
    level = lowest.level
    for cell in board.empty_cells():
        if cell.level == level:
            assert board.is_playable(cell)


def test_full_board_has_nothing_playable() -> None:
    board = parse_board("WBRWBRWBRWBRWBRW/BRWBRWBRW/BRWB/R")
    assert board.is_full() and board.lowest_empty() is None and board.playable() == []


@given(placements())
def test_place_then_remove_round_trips(case: tuple[Board, Cell, Colour]) -> None:
    board, cell, colour = case
    after = board.place(cell, colour)
    assert after[cell] is colour and cell in after and cell not in board
    assert len(after) == len(board) + 1
    assert after.count(colour) == board.count(colour) + 1
    assert after.remove(cell) == board
    assert cell in after.removable()
    assert after != board


@given(boards(min_balls=1))
def test_remove_then_place_round_trips(board: Board) -> None:
    for cell in board.removable():
        colour = board[cell]
        assert colour is not None
        assert board.remove(cell).place(cell, colour) == board
    for cell in board.cells():
        if cell not in board.removable():
            with pytest.raises(PlacementError, match=str(cell)):
                board.remove(cell)


@given(boards())
def test_counts_and_masks_agree(board: Board) -> None:
    w, b, r = board.masks
    assert board.counts() == (w.bit_count(), b.bit_count(), r.bit_count())
    assert sum(board.counts()) == len(board) == board.occupied.bit_count()
    assert board.occupied == w | b | r and not (w & b or w & r or b & r)
    assert all(n <= BALLS_PER_COLOUR for n in board.counts())
    for k in Colour:
        assert board.cells(k) == list(cells_of(board.colour_mask(k)))
        assert board.count(k) == board.count(k.char) == board.count(int(k))
    assert sorted(board.cells() + board.empty_cells()) == list(CELLS)
    assert board.is_full() == (board.occupied == FULL_MASK)


@given(boards())
def test_read_api_agrees_with_itself(board: Board) -> None:
    as_dict = dict(board)
    for cell in CELLS:
        colour = board[cell]
        assert colour == board[str(cell)] == board[str(cell).lower()] == board[int(cell)]
        assert colour == board.get(cell) == as_dict.get(cell)
        assert (cell in board) == (colour is not None)
    assert list(as_dict) == board.cells()
    assert [[board[c] for c in cs] for cs in (CELLS[:16], CELLS[16:25], CELLS[25:29], CELLS[29:])] == board.levels()


@given(boards())
def test_equality_hashing_and_copies(board: Board) -> None:
    again = parse_board(format_board(board))
    assert again == board and hash(again) == hash(board)
    assert Board(board.masks) == board
    assert Board.from_mapping({str(c): k.char for c, k in board}) == board
    assert pickle.loads(pickle.dumps(board)) == board
    assert copy.deepcopy(board) == board
    assert len({board, again, Board(board.masks)}) == 1
    assert eval(repr(board), {"Board": Board.from_string}) == board


@given(boards(max_balls=29), st.sampled_from(CELLS))
def test_placing_on_an_unplayable_cell_says_why(board: Board, cell: Cell) -> None:
    if board.is_playable(cell):
        return
    with pytest.raises(PlacementError) as err:
        board.place(cell, Colour.RED)
    message = str(err.value)
    assert str(cell) in message
    if cell in board:
        assert "already holds a ball" in message
    else:
        missing = [str(p) for p in PLATFORM[cell] if p not in board]
        assert missing and all(name in message for name in missing)


def test_resting_balls_block_removal_and_are_named() -> None:
    board = parse_board("WW..BB........../R......../..../.")
    with pytest.raises(PlacementError, match="1C3: 2B2 rests on it"):
        board.remove("1C3")
    assert RESTING_ON[Cell("1C3")][0] == Cell("2B2")


def test_cells_are_singletons_with_names() -> None:
    cell = Cell("c3")
    assert cell is Cell(5) is Cell("1C3") is CELLS[5] is copy.deepcopy(cell)
    assert pickle.loads(pickle.dumps(cell)) is cell
    assert (str(cell), repr(cell), f"{cell}", f"{cell:>4}", f"{cell:d}") == (
        "1C3", "Cell(1C3)", "1C3", " 1C3", "5",
    )
    assert Cell("3c3").level == 3 and Cell("D4") is Cell("2D4")
    assert (cell.column, cell.row, cell.point, cell.bit) == ("C", 3, "C3", 1 << 5)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("w", Colour.WHITE), ("B", Colour.BLACK), (2, Colour.RED), (Colour.RED, Colour.RED)],
)
def test_colours_from_letters_and_numbers(value: object, expected: Colour) -> None:
    assert Colour.of(value) is expected  # type: ignore[arg-type]
    assert Colour.from_char(expected.char.lower()) is expected
    assert expected.word == expected.name.lower()


@pytest.mark.parametrize("value", ["X", "", "WB", 3, -1, True, None, 1.0])
def test_bad_colours_are_quoted(value: object) -> None:
    with pytest.raises(ColourError, match=re.escape(repr(value))):
        Colour.of(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("masks", "reason"),
    [
        ((1, 1, 0), "two colours on one cell (1A1)"),
        # any two of the three colours, and every such cell named
        ((1, 0, 1), "two colours on one cell (1A1)"),
        ((0, 0b11, 0b11), "two colours on one cell (1A1, 1C1)"),
        ((0, 1 << 30, 0), "a bit names no cell"),
        ((-1, 0, 0), "a bit names no cell"),
        ((1, 2), "expected three ints"),
        ((1.0, 0, 0), "expected three ints"),
        ((0, 1.0, 0), "expected three ints"),  # each of the three is checked
        ((0, 0, 1.0), "expected three ints"),
        ((0, True, 0), "expected three ints"),  # a bool is no mask
        (None, "expected three ints"),
    ],
)
def test_bad_masks_are_rejected(masks: object, reason: str) -> None:
    with pytest.raises(PlacementError) as err:
        Board(masks)  # type: ignore[arg-type]
    assert repr(masks) in str(err.value) and reason in str(err.value)


def test_items_are_the_balls_in_cell_order() -> None:
    """``board.items()``: (cell, colour) of every ball, as iterating gives them."""
    board = parse_board("W.BR............/........./..../.")
    assert board.items() == list(board) == [
        (Cell("1A1"), Colour.WHITE), (Cell("1E1"), Colour.BLACK), (Cell("1G1"), Colour.RED),
    ]


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        (" c3 ", "3C3"),  # short, any case, spaces: the lowest *empty* cell at C3
        ("1c3", "1C3"),  # canonical: that cell, taken or not
        ("a1", "1A1"),
    ],
)
def test_a_short_name_is_the_lowest_empty_cell_at_its_point(text: str, cell: str) -> None:
    """formats.md: a short cell (``C3``) in a move is the lowest empty cell at that
    point (``1C3`` while it is empty, then ``3C3``)."""
    board = parse_board("." * 5 + "W" + "." * 10 + "/........./..../.")  # 1C3 taken
    assert board.resolve(text) is Cell(cell)


@pytest.mark.parametrize("text", [5, [1], None])
def test_a_cell_text_that_is_no_text_is_a_cell_error(text: object) -> None:
    """A cell text that is not a string is a CellError (shibumi/errors.py), not a
    crash reading it as text."""
    with pytest.raises(CellError, match="a cell name must be text"):
        parse_board("................/........./..../.").resolve(text)  # type: ignore[arg-type]


def test_masks_may_be_any_kind_of_int() -> None:
    """A mask is an int (shibumi/geometry.py: masks are ints), a subclass too."""

    class Mask(int):
        pass

    board = Board((Mask(1), Mask(2), 0))
    assert board == parse_board("WB............../........./..../.")
