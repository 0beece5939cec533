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
