"""The layout checker itself (tests/support/layout_check.py): texts out of
their boxes, overlaps, and the gap rule between neighbours on one line."""

from __future__ import annotations

from support.layout_check import MIN_GAP, gap_between, joined, layout_problems, same_line, too_close

from spoker.gui.render.text import DrawnText

WINDOW = (800, 600)


def text(words: str, left: float, width: float = 26, bottom: float = 300, height: float = 23) -> DrawnText:
    return DrawnText(words, left, bottom, left + width, bottom + height)


def test_three_counts_that_touch_run_together() -> None:
    """The bag at 800x600: "10" "10" "10" drawn edge to edge read "101010"."""
    counts = [text("10", 615), text("10", 641), text("10", 667)]
    problems = layout_problems(counts, WINDOW)
    assert len(problems) == 2 and all("run together" in p for p in problems), problems
    assert "0.0 px apart" in problems[0]


def test_a_near_miss_is_a_problem_and_the_gap_scales_with_the_window() -> None:
    a, b = text("10", 100), text("10", 128)  # 2 px apart
    assert gap_between(a, b) == gap_between(b, a) == 2
    assert layout_problems([a, b], WINDOW) != []
    assert layout_problems([text("10", 100), text("10", 126 + MIN_GAP)], WINDOW) == []
    # At 1920x1080 the scale is 1.35: four pixels are too few there.
    assert layout_problems([text("10", 100), text("10", 126 + MIN_GAP)], (1920, 1080)) != []
    assert layout_problems([text("10", 100), text("10", 126 + MIN_GAP * 1.35)], (1920, 1080)) == []
    assert layout_problems([a, b], WINDOW, min_gap=1.5) == []


def test_texts_one_above_the_other_need_no_gap() -> None:
    caption, field = text("Player 1", 20, 60, bottom=320, height=14), text("Ann", 20, 30, bottom=290, height=26)
    assert not same_line(caption, field)
    below = text("10", 100, bottom=300 - 20)  # shares 3 of 23 pixels' height: not one line
    assert not same_line(text("10", 127), below)
    assert layout_problems([caption, field, text("10", 127), below], WINDOW) == []


def test_pieces_of_one_text_may_abut() -> None:
    """A line drawn in pieces (a word in another colour, a name and its 's)
    meets at a space or a punctuation mark: not a problem."""
    assert layout_problems([text("gave ", 100, 40), text("Bob", 140, 30), text(" a flush", 170, 60)], WINDOW) == []
    assert layout_problems([text("Bob", 100, 30), text("'s turn", 130, 50)], WINDOW) == []
    assert layout_problems([text("W", 100, 12), text("@2F2", 112, 40)], WINDOW) == []
    assert joined(text("house", 100, 40), text(", level 2", 140, 60))


def test_what_is_not_a_join() -> None:
    # Letters or digits on both sides of the seam read as one word.
    assert not joined(text("Hints", 100, 40), text("On", 140, 20))
    assert too_close(text("Hints", 100, 40), text("On", 140, 20), 4)
    # Another baseline or another size is not one text either.
    assert not joined(text("gave ", 100, 40), text("Bob", 140, 30, bottom=303))
    assert not joined(text("gave ", 100, 40), text("Bob", 140, 30, height=18))
    # Apart by a pixel or two is a near miss, whatever meets there.
    assert not joined(text("gave ", 100, 40), text("Bob", 142.5, 30))
    assert layout_problems([text("gave ", 100, 40), text("Bob", 142.5, 30)], WINDOW) != []


def test_overlaps_and_boxes_are_still_told() -> None:
    a, b = text("Start game", 100, 80), text("Quit", 150, 40)
    (problem,) = layout_problems([a, b], WINDOW)
    assert "overlaps" in problem  # told once, as an overlap, not also as too close
    assert "leaves its box" in layout_problems([text("Start game", 100, 80)], WINDOW, [(95.0, 290.0, 60.0, 40.0)])[0]
    assert "leaves the window" in layout_problems([text("Quit", 790, 40)], WINDOW)[0]
    # Empty and blank texts are not checked (an empty label keeps its place).
    assert layout_problems([text("", 100), text("\u200b ", 100), text("10", 100)], WINDOW) == []
