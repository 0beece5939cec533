"""The Puzzles screen says what a puzzle asks: the rules when they are not
the lessons', the challenge to answer, what is left in the bag; the themes
after the try; the count before any try; the filters' tips beside them."""

from __future__ import annotations

from typing import Any

import pytest

from spoker.engine.state_strings import parse_state
from spoker.gui.models.puzzle_session import STANDARD_RULES, PuzzleSession, load_shipped
from spoker.gui.render.text import recording_texts
from spoker.gui.views.puzzles import PuzzlesView

SHIPPED = load_shipped()


def puzzle_number(rules: str, challenged: bool) -> int:
    """A shipped puzzle under ``rules``, answering a challenge or not (1-based), near the end (quick to solve)."""
    for i, p in enumerate(SHIPPED):
        state = parse_state(p.state)
        if str(state.rules) == rules and (state.challenge is not None) == challenged and state.move_number >= 24:
            return i + 1
    raise AssertionError(f"no shipped puzzle under {rules} (challenged {challenged})")


def shown(app: Any, number: int | None = None) -> PuzzlesView:
    view = app.show_puzzles(number, seed=1)
    assert isinstance(view, PuzzlesView) and isinstance(view.session, PuzzleSession)
    for _ in range(5):
        view.on_update(0.1)
    view.scene.finish_animations()
    return view


def test_the_first_screen_shows_the_lessons_rules_and_no_0_of_0(app: Any) -> None:
    view = shown(app)
    session = view.session
    assert isinstance(session, PuzzleSession)
    assert session.rules == STANDARD_RULES == view.c_rules.value == "visible"
    assert session.puzzle is not None and session.puzzle.state.endswith(" visible")
    count = view._count_text()
    assert "0 of 0" not in count and count.endswith("none tried yet"), count
    assert "Rules:" not in session.situation()  # the lessons' rules go without saying


def test_a_puzzle_under_other_rules_answering_a_challenge_says_both(app: Any) -> None:
    view = shown(app, puzzle_number("touching, apex-free", True))
    session = view.session
    assert isinstance(session, PuzzleSession) and session.state is not None
    assert session.rules == view.c_rules.value == ""  # opened by its number: the filter does not hide it
    said = session.situation()
    white, black, red = session.state.bag()
    assert said.startswith("Rules: touching, apex-free. Answer a ")
    assert f"Left in the bag: {white} white, {black} black, {red} red." in said
    with recording_texts() as texts:
        view.on_draw()
    drawn = " ".join(t.text for t in texts.values())
    assert "Answer a" in drawn and "Left in the bag" in drawn


def test_the_themes_are_said_after_the_try_only(app: Any) -> None:
    view = shown(app, puzzle_number("visible", False))
    session = view.session
    assert isinstance(session, PuzzleSession) and session.puzzle is not None and session.puzzle.themes
    assert not any(line.startswith("Themes:") for line in view._notes_lines())
    view.place(session.playable()[0])
    assert any("Themes:" in line for line in view._notes_lines())


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_filters_tip_hides_no_other_filter(app: Any, size: tuple[int, int]) -> None:
    """The Theme filter's tip was drawn over the Rules filter above it."""
    app.resized(*size)
    view = shown(app)
    view.on_resize(*size)
    for choice in view.filters:
        view.on_mouse_motion(int(choice.left + choice.width / 2), int(choice.bottom + choice.height / 2), 0, 0)
        with recording_texts() as texts:
            view.on_draw()
        tips = [t for t in texts.values() if t.text == view.filter_tips[choice]]
        assert len(tips) == 1, view.filter_tips[choice]
        tip = tips[0]
        for w in view.ui.widgets:
            if w.visible and w is not choice:
                apart = (tip.right <= w.left or tip.left >= w.left + w.width
                         or tip.top <= w.bottom or tip.bottom >= w.bottom + w.height)
                assert apart, (tip.text, getattr(w, "label", w))


def test_the_words() -> None:
    from spoker.text import puzzles_text as words

    assert words.count_words(100, False, 0, 0) == "100 puzzles \u00b7 shipped \u00b7 none tried yet"
    assert words.count_words(1, True, 2, 3) == "1 puzzle \u00b7 mine \u00b7 2 of 3 solved"
    assert words.situation_words("visible", True, "", (1, 0, 2)) == "Left in the bag: 1 white, 0 black, 2 red."
    assert words.situation_words("touching", False, "a full house on level 2", (0, 0, 0)) == (
        "Rules: touching. Answer a full house on level 2. The bag is empty.")
