"""Board strings and cell names: round trips, clear errors, and fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from support.strategies import boards

from shibumi import (
    CELL_NAMES,
    CELLS,
    EMPTY_BOARD_STRING,
    LEVEL_CELLS,
    POINTS,
    Board,
    BoardStringError,
    Cell,
    CellError,
    Colour,
    ColourError,
    PlacementError,
    ShibumiError,
    as_cell,
    canonical_board_string,
    format_board,
    parse_board,
    parse_cell,
)

# -- strategies ------------------------------------------------------------------

board_strings = boards().map(format_board)

_noise = st.sampled_from("WBRwbr./ x0D\t") | st.characters()


@st.composite
def mutated(draw: st.DrawFn, valid: st.SearchStrategy[str]) -> str:
    """A valid string with a few random edits: insert, delete, replace, swap."""
    text = draw(valid)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap", "cut"]))
        i = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:i] + draw(_noise) + text[i:]
        elif op == "delete" and text:
            i = min(i, len(text) - 1)
            text = text[:i] + text[i + 1 :]
        elif op == "replace" and text:
            i = min(i, len(text) - 1)
            text = text[:i] + draw(_noise) + text[i + 1 :]
        elif op == "swap" and len(text) > 1:
            j = draw(st.integers(0, len(text) - 1))
            i = min(i, len(text) - 1)
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
        elif op == "cut":
            text = text[:i]
    return text


@st.composite
def mixed_case(draw: st.DrawFn, valid: st.SearchStrategy[str]) -> str:
    text = draw(valid)
    flips = draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    return "".join(c.lower() if f else c for c, f in zip(text, flips))


# -- board strings: round trip ------------------------------------------------------


@given(board_strings)
def test_board_string_round_trips(text: str) -> None:
    board = parse_board(text)
    assert format_board(board) == text == str(board) == board.to_string()
    assert Board.from_string(text) == board
    assert canonical_board_string(text) == text


@given(mixed_case(board_strings), st.sampled_from(["", " ", "\n", "\t "]))
def test_board_strings_read_any_case_and_outer_space(text: str, pad: str) -> None:
    board = parse_board(pad + text + pad)
    assert format_board(board) == canonical_board_string(text) == text.upper()


def test_notation_examples() -> None:
    assert parse_board(EMPTY_BOARD_STRING) == Board() and len(Board()) == 0
    board = parse_board("WB..BB........../........./..../.")
    assert {str(c): k.char for c, k in board} == {"1A1": "W", "1C1": "B", "1A3": "B", "1C3": "B"}


# -- board strings: fuzzing ---------------------------------------------------------


def _check_parse_or_quoted_error(text: str) -> None:
    try:
        board = parse_board(text)
    except ShibumiError as err:
        assert isinstance(err, BoardStringError)
        assert repr(text) in str(err)
    else:
        # Anything accepted is a valid position spelled canonically up to case.
        assert format_board(board) == text.strip().upper()
        board.validate()


@given(st.text())
@example("")
@example("////")
@example("................/........./..../.\x00")
def test_any_text_parses_or_is_quoted(text: str) -> None:
    _check_parse_or_quoted_error(text)


@given(mutated(board_strings) | mutated(mixed_case(board_strings)))
def test_mutated_board_strings_parse_or_are_quoted(text: str) -> None:
    _check_parse_or_quoted_error(text)


@pytest.mark.parametrize("value", [None, 3, b"................/........./..../.", ["/"]])
def test_non_text_board_strings_are_rejected(value: object) -> None:
    with pytest.raises(BoardStringError, match="must be text"):
        parse_board(value)  # type: ignore[arg-type]


# -- board strings: each kind of error says which and where ---------------------------


def test_floating_ball_names_the_cell_and_what_is_missing() -> None:
    with pytest.raises(BoardStringError) as err:
        parse_board("................/W......../..../.")
    message = str(err.value)
    assert "2B2 floats" in message and "1A1, 1C1, 1A3 and 1C3" in message and "are empty" in message
    with pytest.raises(BoardStringError, match="2B2 floats: 1C3 under it is empty"):
        parse_board("WW..W.........../W......../..../.")
    with pytest.raises(BoardStringError, match="4D4 floats: 3C3, 3E3, 3C5 and 3E5"):
        parse_board("WWWWBBBBRRRRWWBB/BBRRRWWBB/..../R")


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("delta", [-1, 1])
def test_wrong_length_names_the_level(level: int, delta: int) -> None:
    parts = EMPTY_BOARD_STRING.split("/")
    parts[level - 1] = "." * (len(parts[level - 1]) + delta)
    text = "/".join(parts)
    with pytest.raises(BoardStringError) as err:
        parse_board(text)
    message = str(err.value)
    assert f"level {level}" in message and repr(parts[level - 1]) in message
    assert f"expected {len(LEVEL_CELLS[level])}" in message and repr(text) in message


@pytest.mark.parametrize("parts", [1, 2, 3, 5])
def test_wrong_number_of_levels(parts: int) -> None:
    text = "/".join(["."] * parts)
    with pytest.raises(BoardStringError, match=f"has {parts} level"):
        parse_board(text)


@pytest.mark.parametrize("cell", CELLS)
def test_unknown_character_names_it_and_its_cell(cell: Cell) -> None:
    full = "WBRWBRWBRWBRWBRW/BRWBRWBRW/BRWB/R"
    index = int(cell) + cell.level - 1  # skip the slashes before its level
    text = full[:index] + "x" + full[index + 1 :]
    with pytest.raises(BoardStringError) as err:
        parse_board(text)
    assert f"'x' on {cell}" in str(err.value)


@pytest.mark.parametrize("colour", list(Colour))
def test_more_than_ten_of_a_colour(colour: Colour) -> None:
    text = colour.char * 11 + "...../........./..../."
    with pytest.raises(BoardStringError) as err:
        parse_board(text)
    assert f"11 {colour.word} balls" in str(err.value) and repr(text) in str(err.value)
    parse_board(colour.char * 10 + "....../........./..../.")


def test_board_from_mapping_checks_the_position() -> None:
    with pytest.raises(BoardStringError, match="2B2 floats"):
        Board.from_mapping({"2B2": "W"})
    with pytest.raises(ColourError, match="'Q'"):
        Board.from_mapping({"1A1": "Q"})
    with pytest.raises(CellError, match="'9Z9'"):
        Board.from_mapping({"9Z9": "W"})


# -- cell names ---------------------------------------------------------------------


names_and_points = st.sampled_from(list(CELL_NAMES) + list(POINTS))


def _check_cell_or_quoted_error(text: str) -> None:
    try:
        cell = parse_cell(text)
    except ShibumiError as err:
        assert isinstance(err, CellError)
        assert repr(text) in str(err)
    else:
        key = text.strip().upper()
        assert key == str(cell) or (key == cell.point and cell is POINTS[key][0])
        assert as_cell(text) is cell is Cell(text)


@given(st.text(max_size=8))
@example("")
@example("1a1 ")
@example("0A1")
@example("5D4")
def test_any_text_is_a_cell_or_quoted(text: str) -> None:
    _check_cell_or_quoted_error(text)


@given(mutated(names_and_points) | mixed_case(names_and_points))
def test_mutated_cell_names_parse_or_are_quoted(text: str) -> None:
    _check_cell_or_quoted_error(text)


def test_canonical_and_short_names() -> None:
    for cell in CELLS:
        assert parse_cell(str(cell)) is cell and parse_cell(str(cell).lower()) is cell
    for point, stack in POINTS.items():
        assert parse_cell(point) is stack[0] and parse_cell(point.lower()) is stack[0]
    assert str(parse_cell("c3")) == "1C3" and str(parse_cell("d4")) == "2D4"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2C3", "level 2 has no cell at point C3 (that point holds 1C3, 3C3)"),
        ("1B2", "level 1 has no cell at point B2"),
        ("1A2", "no cell at point A2"),
        ("H1", "expected a name such as"),
        ("", "expected a name such as"),
    ],
)
def test_bad_cell_names_say_why(text: str, reason: str) -> None:
    with pytest.raises(CellError) as err:
        parse_cell(text)
    assert str(err.value).startswith(f"{text!r} is not a cell") and reason in str(err.value)


@given(st.integers(-100, 100) | st.none() | st.floats() | st.booleans() | st.binary(max_size=3))
def test_any_object_is_a_cell_or_quoted(value: object) -> None:
    try:
        cell = as_cell(value)
    except ShibumiError as err:
        assert isinstance(err, CellError) and repr(value) in str(err)
    else:
        assert isinstance(value, int) and cell == value and 0 <= value < 30


@given(st.text(max_size=3))
def test_colour_letters_parse_or_are_quoted(text: str) -> None:
    try:
        colour = Colour.from_char(text)
    except ShibumiError as err:
        assert isinstance(err, ColourError) and repr(text) in str(err)
    else:
        assert text.upper() == colour.char


@given(boards(), mutated(names_and_points) | names_and_points)
def test_resolving_move_cells_gives_empty_cells_or_quoted_errors(board: Board, text: str) -> None:
    try:
        cell = board.resolve(text)
    except ShibumiError as err:
        assert isinstance(err, (CellError, PlacementError)) and repr(text) in str(err)
    else:
        key = text.strip().upper()
        if key in POINTS:
            assert cell not in board and cell.point == key
            assert all(c in board for c in POINTS[key] if c < cell)
        else:
            assert str(cell) == key
