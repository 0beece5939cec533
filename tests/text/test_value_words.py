"""A value in words: what the hint says, and what the analysis says a loss costs."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.cli import main
from spoker.errors import ArgumentError
from spoker.text.value_words import loss_words, value_words


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (1.0, "wins whatever comes out of the bag"),
        (-1.0, "loses whatever comes out of the bag"),
        (0.4, "wins about 7 games in 10 from here"),
        (0.0, "wins about 5 games in 10 from here"),
        (-0.4, "wins about 3 games in 10 from here"),
        (0.95, "wins almost every game from here"),
        (-0.95, "almost never wins from here"),
        (0.85, "wins about 9 games in 10 from here"),
        (-0.85, "wins about 1 game in 10 from here"),
    ],
)
def test_value_alone(value: float, words: str) -> None:
    assert value_words(value) == words


@pytest.mark.parametrize(
    ("value", "p_win", "p_draw", "words"),
    [
        (0.4, 0.6, 0.2, "wins about 6 games in 10, draws about 2 from here"),
        (0.4, 0.7, 0.0, "wins about 7 games in 10 from here"),
        (0.95, 0.95, 0.05, "wins almost every game, draws about 1 game in 10 from here"),
        (0.4, 0.69, 0.02, "wins about 7 games in 10 from here"),  # draws under 1 in 20: not said
        (-0.5, 0.0, 0.5, "never wins, draws about 5 games in 10 from here"),
        (-0.48, 0.01, 0.5, "almost never wins, draws about 5 games in 10 from here"),
        (0.0, 0.0, 1.0, "draws whatever comes out of the bag"),
        (1.0, 1.0, 0.0, "wins whatever comes out of the bag"),
        (-1.0, 0.0, None, "loses whatever comes out of the bag"),
    ],
)
def test_with_probabilities(value: float, p_win: float, p_draw: float | None, words: str) -> None:
    assert value_words(value, p_win, p_draw) == words


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ((1.5,), "value 1.5 is outside"),
        ((math.nan,), "not a number"),
        (("0.3",), "not a number"),
        ((True,), "not a number"),
        ((0.0, None, 0.5), "without P\\(win\\)"),
        ((0.0, 0.7, 0.5), "add up to more than 1"),
        ((0.0, 0.6, 0.1), "is not P\\(win\\) - P\\(loss\\)"),
        ((0.0, -0.1, 0.0), "P\\(win\\) -0.1 is outside"),
    ],
)
def test_refuses_bad_input(args: tuple[object, ...], match: str) -> None:
    with pytest.raises(ArgumentError, match=match):
        value_words(*args)  # type: ignore[arg-type]
    assert issubclass(ArgumentError, ValueError)


@given(st.floats(-1.0, 1.0))
def test_every_value_reads_as_a_share_that_rounds_back(value: float) -> None:
    words = value_words(value)
    share = (1 + value) / 2
    match = re.fullmatch(r"wins about (\d) games? in 10 from here", words)
    if match:
        assert abs(int(match.group(1)) / 10 - share) <= 0.05 + 1e-12
    else:
        assert share >= 0.95 or share <= 0.05


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_consistent_probabilities_always_read(p_win: float, p_draw: float) -> None:
    p_draw = min(p_draw, 1.0 - p_win)
    value = p_win - (1.0 - p_win - p_draw)
    words = value_words(value, p_win, p_draw)
    assert words.endswith(("from here", "bag"))
    assert ("draws" in words) == (p_draw >= 0.05)


@pytest.mark.parametrize(
    ("loss", "words"),
    [
        (0.0, "nothing"), (0.001, "almost nothing"), (0.02, "about 1 game in 100"),
        (0.1, "about 5 games in 100"), (0.2, "about 1 game in 10"), (0.4, "about 2 games in 10"),
        (1.95, "almost every game"), (2.0, "every game"),
    ],
)
def test_loss_words(loss: float, words: str) -> None:
    assert loss_words(loss) == words
    with pytest.raises(ArgumentError):
        loss_words(-0.5)


def test_hint_text_says_it_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "WB............../........./..../.", "R", "--top", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for line in lines[1:]:
        assert re.search(r"\d+\. \w+ +[-+]\d\.\d{3}  .+; wins about \d games? in 10$", line), line


def test_hint_text_at_the_end_is_certain(capsys: pytest.CaptureFixture[str]) -> None:
    # The apex is the last ball; 4D4 on the last platform is the only cell.
    state = "WBRWBRWBRWBRWBRW/BRWBRWBRW/BRWR/. 2 3-4"
    assert main(["hint", state, "B"]) == 0
    out = capsys.readouterr().out
    assert "4D4" in out and "whatever comes out of the bag" in out
