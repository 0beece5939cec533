"""The words of luck and skill on screen (spoker.text.analysis_words): a
draw's luck, a player's bars, the summary without its unit where the screen
says the unit under the figures."""

from __future__ import annotations

import pytest

from shibumi import Colour
from spoker.text.analysis_words import LUCK_UNIT, LUCKY, draw_line, edge_words, luck_summary


@pytest.mark.parametrize("luck, tail", [
    (0.31, " (a lucky draw)."),
    (LUCKY, " (a lucky draw)."),
    (0.149, "."),
    (-0.05, "."),
    (-0.4, " (an unlucky draw)."),
])
def test_a_draws_line_says_what_it_was_worth_and_marks_it(luck: float, tail: str) -> None:
    line = draw_line(12, "Bob", Colour.RED, luck)
    assert line == f"Move 12: Bob drew red, worth {luck:+.2f} to Bob against an average draw{tail}"


def test_a_figure_never_prints_minus_zero_and_refuses_what_is_no_number() -> None:
    assert "worth 0.00 to" in draw_line(3, "Ann", Colour.WHITE, -0.001)
    assert edge_words("Ann", 0.61, -0.244) == "Ann: +0.61 from the draws, -0.24 from the placements"
    assert edge_words("Ann", -1.5, 0.0) == "Ann: -1.50 from the draws, 0.00 from the placements"
    for bad in (float("nan"), "0.3", True, None):
        with pytest.raises(TypeError, match="is not a number"):
            edge_words("Ann", bad, 0.1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="name"):
        draw_line(1, 7, Colour.RED, 0.1)  # type: ignore[arg-type]


def test_the_summary_leaves_its_unit_to_the_screen() -> None:
    args = (("Ann", "Bob"), (6, 5), 1, (0.9, 0.3), (0.35, 0.72))
    whole, short = luck_summary(*args), luck_summary(*args, unit=False)
    assert whole.endswith(" (in expected result: +1 a win, -1 a loss).")
    assert short == whole.removesuffix(" (in expected result: +1 a win, -1 a loss).") + "."
    assert "P(win) - P(loss)" in LUCK_UNIT and "1 game in 10" in LUCK_UNIT
