"""The Puzzles screen's and the retry's words."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shibumi import Cell, Colour
from spoker.text import puzzles_text as words


@given(st.floats(-1, 1))
def test_a_value_reads_back_within_a_hundredth(value: float) -> None:
    text = words.value_text(value)
    assert abs(float(text.replace("\u2212", "-")) - value) <= 0.005 + 1e-9
    assert text == "0.00" or text[0] in "+\u2212"


def test_right_and_wrong_name_the_cells_and_what_is_given_away() -> None:
    right = words.right_words(Cell("2B2"), 0.5, [Cell("2B2"), Cell("2D2")])
    assert right == "Right: 2B2 is the best cell, +0.50 (2D2 as good)."
    wrong = words.wrong_words(Cell("1A1"), -0.3, Cell("2B2"), 0.5)
    assert "1A1 is worth \u22120.30" in wrong and "the best 2B2 +0.50" in wrong
    assert wrong.endswith("gives away about 4 games in 10.")


def test_the_task_counts_equal_answers() -> None:
    assert words.task_words(2, Colour.WHITE, (1, 3), 1) == (
        "Player 2 to move, score 1-3. Place the white ball on the best cell.")
    assert "two equal best cells" in words.task_words(1, Colour.RED, (0, 0), 2)


def test_the_rating_line_and_its_change() -> None:
    assert words.rating_words(1523.4, 70.2, 3, 5) == "Rating 1523 \u00b1 70 \u00b7 streak 3, best 5"
    assert words.rating_change(1500, 1480.2) == "Rating 1480 (\u221220)"
    assert words.rating_change(1500, 1510) == "Rating 1510 (+10)"


def test_the_retry_says_which_rule_close_is() -> None:
    best, first = words.retry_result("close", Cell("2B2"), 0.45, Cell("1A1"), 0.1, Cell("2D2"), 0.5)
    assert best.startswith("Close: 2B2, +0.45, within 0.10")
    assert first == "Your first choice 1A1: +0.10. The best 2D2: +0.50."
    summary = words.retry_summary(1, 2, 3)
    assert summary.startswith("Done: 6 retried, 1 now the best, 2 close, 3 still not")
    assert "0.10" in summary


def test_the_line_steps_say_who_placed_and_what_was_drawn() -> None:
    assert words.line_step_words(2, 5, Cell("3C3"), Colour.BLACK, 1, 2) == (
        "Step 2 of 5: player 1 places on 3C3; player 2 draws black (the likeliest).")
    assert words.line_step_words(3, 5, Cell("3E3"), Colour.RED, 2, 2) == (
        "Step 3 of 5: player 2 places on 3E3; player 2 draws red (the likeliest).")  # who draws, said plainly
    assert words.line_step_words(5, 5, Cell("4D4"), None, 2, None) == "Step 5 of 5: player 2 places on 4D4."
    assert words.scan_done_words(1, 1) == "1 puzzle from 1 record of your games."
