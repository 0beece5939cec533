"""Moves (formats.md, "Moves"): ``colour@cell``, read and written."""

from __future__ import annotations

import pytest

from spoker import Move, MoveError


def test_a_move_in_json_is_its_ball_and_cell() -> None:
    """cli.md, --json: a move is {"ball": its colour letter, "cell": its canonical cell}."""
    assert Move.from_str("r@c3").to_json() == {"ball": "R", "cell": "1C3"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X@1A1", "'X@1A1': 'X' is not a colour (W, B or R)"),
        ("1A1", "'1A1' is not a move: expected colour@cell, such as 'R@1C3'"),
    ],
)
def test_a_text_that_is_no_move_says_why(text: str, message: str) -> None:
    with pytest.raises(MoveError) as err:
        Move.from_str(text)
    assert str(err.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (5, "a move must be text, not 5"),
        ("R@9Z9", "'R@9Z9': '9Z9' is not a cell: expected a name such as '1A1', '2B2' or 'C3'"),
    ],
)
def test_a_move_that_is_no_text_or_names_no_cell_is_quoted(text: object, message: str) -> None:
    """The message quotes the move as given, then what is wrong with it."""
    with pytest.raises(MoveError) as err:
        Move.from_str(text)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_the_colour_is_what_comes_before_the_first_at_sign() -> None:
    """formats.md, "Moves": ``<colour>@<cell>``, one letter and then the cell; a
    second '@' belongs to the cell part, which then names no cell."""
    with pytest.raises(MoveError) as err:
        Move.from_str("R@@1C3")
    assert str(err.value) == "'R@@1C3': '@1C3' is not a cell: expected a name such as '1A1', '2B2' or 'C3'"
