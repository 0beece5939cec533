"""Learn to play: every lesson's position is legal, its right answer passes
the engine's check and a wrong one fails with a reason; the checks agree
with the engine's own events; the progress is kept, and a damaged progress
file is set aside with one notice; the screen is driven by its handlers
(a whole lesson by mouse, by keys; Esc back to the list, then the title)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shibumi import Cell
from spoker.engine.events import ChallengeOpened, ChallengeResolved, GroupFormed, StraightFlush
from spoker.engine.groups import Rank
from spoker.engine.previews import Outcome
from spoker.engine.state_strings import parse_state
from spoker.gui.models.lessons import (
    FILENAME,
    LESSONS,
    Goal,
    LessonBook,
    LessonProgress,
    Step,
    answers,
    check,
    progress_from,
    progress_text,
)
from spoker.gui.views.common import board_cell_at
from spoker.gui.views.help import HelpView
from spoker.gui.views.lessons import LessonsView
from spoker.gui.views.title import TitleView

STEPS = [(lesson, i, step) for lesson in LESSONS for i, step in enumerate(lesson.steps)]
IDS = [f"{lesson.key}-{i + 1}" for lesson, i, _ in STEPS]


# -- the lessons as data ------------------------------------------------------------
def test_the_lessons_come_in_the_order_they_build_on() -> None:
    assert [lesson.key for lesson in LESSONS] == [
        "supported", "line", "pyramid", "covered", "cut", "challenge", "answer", "straight-flush", "apex",
    ]
    for lesson in LESSONS:
        assert lesson.title and 2 <= len(lesson.words.sentences) <= 4
        assert all(s.endswith(".") and len(s) < 200 for s in lesson.words.sentences)
        for step in lesson.steps:
            assert step.words.task and step.words.rule and step.words.hint


@pytest.mark.parametrize(("lesson", "index", "step"), STEPS, ids=IDS)
def test_each_position_is_legal_and_holds_the_ball(lesson: Any, index: int, step: Step) -> None:
    state = parse_state(step.position)  # the engine's reader refuses what no game reaches
    assert parse_state(state.to_string()) == state
    assert state.drawn is not None and not state.is_over


@pytest.mark.parametrize(("lesson", "index", "step"), STEPS, ids=IDS)
def test_the_right_answer_passes_and_a_wrong_cell_fails_with_a_reason(lesson: Any, index: int, step: Step) -> None:
    state = step.state
    right = answers(step)
    assert right, "no cell meets the goal"
    for cell in right:
        feedback = check(state, cell, step.goal, step.words)
        assert feedback.ok and feedback.words[0].startswith("Right: ")
        assert step.words.rule in feedback.words
    wrong = [c for c in state.legal_cells() if c not in right] or [Cell("1A1")]  # the apex: a ball already there
    for cell in wrong:
        feedback = check(state, cell, step.goal, step.words)
        assert not feedback.ok
        assert feedback.words[0].startswith("Not "), feedback.words
        assert feedback.words[-1] == step.words.hint
    assert state == step.state  # checking never changes the position


@pytest.mark.parametrize(("lesson", "index", "step"), STEPS, ids=IDS)
def test_the_check_is_what_the_engine_does(lesson: Any, index: int, step: Step) -> None:
    """Every playable cell: the feedback agrees with the events of the placement
    itself, so the lessons cannot teach what the game does not do."""
    state = step.state
    for cell in state.legal_cells():
        events = state.copy().apply_place(cell)
        formed = next((e.group for e in events if isinstance(e, GroupFormed)), None)
        resolved = next((e for e in events if isinstance(e, ChallengeResolved)), None)
        goal = step.goal
        expected = {
            None: True,
            Outcome.OPENS: any(isinstance(e, ChallengeOpened) for e in events),
            Outcome.BEATS: resolved is not None and resolved.winner == state.to_move,
            Outcome.WINS_GAME: any(isinstance(e, StraightFlush) for e in events),
            Outcome.NOTHING: formed is None and resolved is None,
        }[goal.outcome]
        if goal.rank is not None:
            expected = expected and formed is not None and formed.rank is goal.rank
        if goal.level is not None:
            expected = expected and cell.level == goal.level
        assert check(state, cell, goal).ok == expected, cell


def test_the_lessons_say_the_engine_s_reasons() -> None:
    by_key = {lesson.key: lesson for lesson in LESSONS}

    def words(key: str, cell: str, step: int = 0) -> str:
        s = by_key[key].steps[step]
        return " ".join(check(s.state, cell, s.goal, s.words).words)

    assert "the task is level 2" in words("supported", "1E3")
    assert "2B2 rests on its platform, 1A1 1C1 1A3 1C3" in words("supported", "2B2")
    trap = words("covered", "3E5")
    assert "1C3 is covered by the ball on 3C3" in trap and "'touching' variant it would count" in trap
    assert "1C3 is covered by the ball on 3C3" in words("covered", "1G1")  # told after the right answer too
    cut = words("cut", "1G3")
    assert "the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4" in cut and "'touching'" in cut
    assert "ties the challenge" in words("answer", "1C5")
    assert "loses to the flush three" in words("answer", "1C3")
    assert "no group: loses the challenge" in words("answer", "1G1")
    assert "beats the flush three" in words("answer", "2F6")
    assert "wins the game at once" in words("straight-flush", "2B2")
    assert "apex ruling" in words("apex", "4D4") and "beats" in words("apex", "4D4", 1)
    assert "already holds a ball" in words("apex", "3C3")


def test_a_goal_is_all_of_its_parts() -> None:
    step = LESSONS[2].steps[0]  # the full house on 2B2
    state = step.state
    assert check(state, "2B2", Goal(rank=Rank.FULL_HOUSE, level=2)).ok
    assert not check(state, "2B2", Goal(rank=Rank.FULL_HOUSE, level=1)).ok
    assert not check(state, "2B2", Goal(outcome=Outcome.BEATS)).ok
    assert check(state, "1E1", Goal()).ok  # no goal: any playable cell


# -- progress -------------------------------------------------------------------------
def test_progress_is_kept_in_the_data_folder(tmp_path: Path) -> None:
    path = tmp_path / "data" / FILENAME
    progress = LessonProgress(path)
    assert not progress.done and not path.exists()
    progress.mark_done("line")
    progress.mark_done("supported")
    assert json.loads(path.read_text(encoding="utf-8")) == {"format": "spoker-lessons-1", "done": ["line", "supported"]}
    again = LessonProgress(path)
    assert again.done == {"line", "supported"} and again.notices == []
    again.reset()
    assert LessonProgress(path).done == set()


def test_a_newer_version_s_lessons_are_kept_not_damage(tmp_path: Path) -> None:
    path = tmp_path / FILENAME
    path.write_text(progress_text(["line", "a-later-lesson"]), encoding="utf-8")
    progress = LessonProgress(path)
    assert progress.notices == [] and progress.done == {"line", "a-later-lesson"}
    progress.mark_done("apex")
    assert "a-later-lesson" in json.loads(path.read_text(encoding="utf-8"))["done"]


@pytest.mark.parametrize("content", [
    b"{not json", b'{"format": "spoker-lessons-1", "done": "line"}', b'["line"]',
    b'{"format": "something else", "done": []}', b"\xff\xfe", b'{"format": "spoker-lessons-1", "done": [1]}',
])
def test_a_damaged_progress_file_is_set_aside_with_one_notice(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / FILENAME
    path.write_bytes(content)
    progress = LessonProgress(path)
    assert progress.done == set()
    assert len(progress.notices) == 1 and "damaged" in progress.notices[0].line
    assert not path.exists()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(FILENAME + ".damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept, never deleted
    assert progress.take_notices() and progress.take_notices() == []  # told once
    progress.mark_done("line")  # written afresh
    assert LessonProgress(path).done == {"line"}


def test_a_progress_file_that_cannot_be_written_says_so_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    progress = LessonProgress(blocker / FILENAME)  # its folder is a file: nothing can be written there
    progress.mark_done("line")
    progress.mark_done("cut")
    assert progress.done == {"line", "cut"}  # kept for the session
    assert len(progress.notices) == 1 and "cannot keep the lessons' progress" in progress.notices[0].line


def test_progress_from_refuses_what_is_not_a_list_of_names() -> None:
    assert progress_from({"format": "spoker-lessons-1", "done": ["x"]}) == ({"x"}, "")
    assert progress_from({"format": "spoker-lessons-1", "done": ["x" * 41]})[1]
    assert progress_from(None)[1] == "not an object but null"


# -- the book ------------------------------------------------------------------------
def test_the_tutor_goes_through_a_lesson_and_keeps_it_done(tmp_path: Path) -> None:
    book = LessonBook(LessonProgress(tmp_path / FILENAME))
    book.open(1)  # a line of three: two steps
    assert book.step is LESSONS[1].steps[0] and not book.solved
    assert not book.next()  # not before the task is done
    wrong = book.place("1G7")
    assert not wrong.ok and book.board == LESSONS[1].steps[0].state.board  # try again
    assert book.show_me() == Cell("1E1") and book.shown == Cell("1E1")
    assert book.place("1E1").ok and Cell("1E1") in book.board and book.playable() == ()
    assert book.place("1G7").ok  # solved: further clicks change nothing
    assert not book.progress.is_done("line")  # one step to go
    assert book.next() and book.step_index == 1 and book.feedback is None
    assert book.place("1E1").ok and book.progress.is_done("line")
    assert book.next() and book.index == 2  # the next lesson
    assert LessonProgress(tmp_path / FILENAME).done == {"line"}
    assert book.first_to_do() == 0
    book.open(8)
    for _ in range(2):
        book.place("4D4")
        book.next()
    assert book.lesson is None and book.chosen == 8  # after the last lesson: the list
    with pytest.raises(IndexError):
        book.open(9)


# -- the screen -------------------------------------------------------------------------
def click(view: Any, x: float, y: float) -> None:
    view.on_mouse_press(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
    view.on_mouse_release(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)


def click_cell(view: LessonsView, cell: Cell) -> None:
    """A click where the cell is seen (the scene settled first)."""
    view.scene.finish_animations()
    x, y, _ = view.scene.screen_position(cell)
    view.on_mouse_motion(int(x), int(y), 0, 0)
    assert board_cell_at(view, x, y) == cell
    click(view, x, y)


def lessons_view(app: Any, tmp_path: Path) -> LessonsView:
    view = LessonsView(app, LessonBook(LessonProgress(tmp_path / FILENAME)))
    app.show(view)
    view.on_draw()
    return view


def test_a_whole_lesson_by_mouse(app: Any, tmp_path: Path) -> None:
    view = lessons_view(app, tmp_path)
    click(view, *view.rows[3].center)  # 4. a covered ball spoils a group
    assert view.book.index == 3 and view.scene.board == LESSONS[3].steps[0].state.board
    assert view.b_show.visible and not view.rows[0].visible
    click_cell(view, Cell("3E5"))  # the trap: its red line's 1C3 is covered
    feedback = view.book.feedback
    assert feedback is not None and not feedback.ok and feedback.blocked
    assert view.scene.board == LESSONS[3].steps[0].state.board  # not placed: try again
    view.on_draw()
    assert not view.b_next.enabled
    click(view, *view.b_show.center)
    assert view.book.shown == Cell("1G1")
    click_cell(view, Cell("1G1"))
    assert view.book.solved and Cell("1G1") in view.scene.board
    view.on_draw()
    assert view.b_next.enabled
    click(view, *view.b_next.center)
    assert view.book.index == 4 and view.book.progress.is_done("covered")
    click(view, *view.b_back.center)  # the list, the lesson marked done
    assert view.book.lesson is None and view.rows[3].label.endswith("\u2713")
    assert view.b_start.label == "Go on"
    click(view, *view.b_title.center)
    assert isinstance(app.window.current_view, TitleView)


def test_a_whole_lesson_by_keys(app: Any, tmp_path: Path) -> None:
    view = lessons_view(app, tmp_path)
    view.on_key_press(keys.DOWN, 0)
    view.on_key_press(keys.DOWN, 0)
    assert view.book.chosen == 2 and view.rows[2].active
    assert view.scene.board == LESSONS[2].steps[0].state.board  # the chosen lesson's position
    view.on_key_press(keys.UP, 0)
    view.on_key_press(keys.ENTER, 0)  # 2. a line of three
    assert view.book.index == 1
    view.on_key_press(keys.TAB, 0)
    assert view.placing.cursor == view.book.playable()[0] and view.scene._ghost is not None
    view.on_key_press(keys.TAB, keys.MOD_SHIFT)
    assert view.placing.cursor == view.book.playable()[-1]
    view.on_key_press(keys.ENTER, 0)  # a wrong cell
    assert view.book.feedback is not None and not view.book.feedback.ok
    for _ in range(2):  # both steps
        view.on_key_press(keys.S, 0)  # show me, then Enter places it
        view.on_key_press(keys.ENTER, 0)
        assert view.book.solved
        view.on_key_press(keys.SPACE, 0)
    assert view.book.progress.is_done("line") and view.book.index == 2
    view.on_key_press(keys.ESCAPE, 0)
    assert view.book.lesson is None
    view.on_key_press(keys.KEY_9, 0)  # a lesson by its number
    assert view.book.index == 8
    view.on_key_press(keys.ESCAPE, 0)
    view.on_key_press(keys.ESCAPE, 0)
    assert isinstance(app.window.current_view, TitleView)


def test_help_lists_the_lessons_keys_and_comes_back(app: Any, tmp_path: Path) -> None:
    view = lessons_view(app, tmp_path)
    view.open(6)
    view.on_key_press(keys.H, 0)
    help_view = app.window.current_view
    assert isinstance(help_view, HelpView) and help_view.keys_heading == "KEYS IN THE LESSONS"
    help_view.on_key_press(keys.ESCAPE, 0)
    assert app.window.current_view is view and view.book.index == 6
    assert view.scene.board == view.book.board  # the help's pictures did not change the board


def test_the_title_screen_opens_the_lessons(app: Any) -> None:
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    title.on_key_press(keys.T, 0)
    assert isinstance(app.window.current_view, LessonsView)
    app.show_title()
    again = app.window.current_view
    assert isinstance(again, TitleView)
    again.on_draw()
    click(again, *again.b_learn.center)
    assert isinstance(app.window.current_view, LessonsView)
    view = app.show_lessons(5)
    assert view.book.index == 4


def test_a_damaged_progress_file_is_told_on_screen_and_on_stderr(
        app: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / FILENAME
    path.write_text("{", encoding="utf-8")
    view = lessons_view(app, tmp_path)
    assert view.message_kind == "bad" and "damaged" in view.message
    assert "damaged" in capsys.readouterr().err
    assert view.book.progress.done == set() and not path.exists()
    assert any(name.startswith(FILENAME + ".damaged-") for name in os.listdir(tmp_path))


def test_a_screenshot_of_a_lesson_and_of_the_list(tmp_path: Path) -> None:
    import subprocess
    import sys

    from PIL import Image

    for show in ("lesson:7", "lessons"):
        out = tmp_path / f"{show.replace(':', '-')}.png"
        done = subprocess.run(
            [sys.executable, "-m", "spoker", "play", "--screenshot", str(out), "--show", show, "--size", "800x600"],
            capture_output=True, text=True, timeout=300, check=False,
        )
        assert done.returncode == 0, done.stderr
        assert f"{show} screen" in done.stdout
        with Image.open(out) as image:
            assert image.size == (800, 600)
            colours = image.convert("RGB").getcolors(1 << 20)
            assert colours is not None and len(colours) > 500
    # A lesson that is not there: refused before any window
    # (tests/cli/test_play_cmd.py, test_options_that_would_be_ignored_are_refused).


def test_the_challenge_to_answer_is_lit_and_the_answer_apart(app: Any, tmp_path: Path) -> None:
    from spoker.gui.views.common import ROLE_COLOURS

    view = lessons_view(app, tmp_path)
    view.open(6)  # answer a challenge
    lit = {h.cells: h.colour for h in view.scene._highlights}
    challenge = (Cell("1A1"), Cell("1C1"), Cell("1E1"))
    assert lit.get(challenge) == ROLE_COLOURS["challenge"]  # what to beat, gold as in a game
    view.place(Cell("1C5"))  # a tie: the answer's group in the response's colour
    lit = {h.cells: h.colour for h in view.scene._highlights}
    assert lit.get((Cell("1C5"), Cell("1E5"), Cell("1G5"))) == ROLE_COLOURS["response"]
    assert lit.get(challenge) == ROLE_COLOURS["challenge"]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(content=st.one_of(
    st.binary(max_size=200),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                 max_leaves=12).map(lambda v: json.dumps(v).encode()),
    st.lists(st.text(max_size=45), max_size=5).map(lambda done: progress_text(done).encode()),
))
def test_any_progress_file_is_read_or_set_aside_never_a_crash(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / str(abs(hash(content)))
    folder.mkdir(exist_ok=True)
    path = folder / FILENAME
    path.write_bytes(content)
    progress = LessonProgress(path)
    if progress.notices:
        assert len(progress.notices) == 1 and progress.done == set() and not path.exists()
    else:
        assert path.exists() and all(isinstance(k, str) for k in progress.done)


def test_random_clicks_and_keys_never_break_the_lessons(app: Any, tmp_path: Path) -> None:
    """A monkey on the lessons: whatever is clicked or pressed, the screen
    stays whole and shows what its model says."""
    import random

    rng = random.Random(24)
    view = lessons_view(app, tmp_path)
    presses = (keys.ENTER, keys.SPACE, keys.TAB, keys.S, keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT, keys.KEY_3,
               keys.KEY_9, keys.ESCAPE)
    width, height = app.width, app.height
    opened = solved = 0
    for _ in range(400):
        current = app.window.current_view
        if current is not view:  # the title (Esc from the list) or the help: back to the lessons
            app.show(view)
        if rng.random() < 0.5:
            symbol = rng.choice(presses)
            if symbol == keys.ESCAPE and view.book.lesson is None:
                continue  # the title screen: tested above
            view.on_key_press(symbol, keys.MOD_SHIFT if rng.random() < 0.2 else 0)
        else:
            x, y = rng.uniform(0, width), rng.uniform(0, height)
            view.on_mouse_motion(int(x), int(y), 0, 0)
            click(view, x, y)
        view.on_update(0.05)
        book = view.book
        assert book.index is None or 0 <= book.index < len(book.lessons)
        if book.lesson is not None:
            assert view.scene.board == book.board
            assert view.b_next.visible and not view.rows[0].visible
            opened += 1
        solved += book.solved
    view.on_draw()
    assert opened > 100 and solved > 10  # the monkey got into lessons and through some


def test_go_on_means_one_lesson_for_the_key_and_the_click(app: Any, tmp_path: Path) -> None:
    """Lessons 1-8 done, the screen opened afresh: the list chooses lesson 9, and
    Enter and a click on the button both open it (not lesson 1 by key, 9 by click)."""
    progress = LessonProgress(tmp_path / FILENAME)
    for lesson in LESSONS[:8]:
        progress.mark_done(lesson.key)
    for by_key in (True, False):
        view = lessons_view(app, tmp_path)
        assert view.book.chosen == 8 and view.rows[8].active and view.b_start.label == "Go on"
        if by_key:
            view.on_key_press(keys.ENTER, 0)
        else:
            click(view, *view.b_start.center)
        assert view.book.index == 8
    view.close()
    view.on_key_press(keys.UP, 0)  # a lesson done, chosen: the button opens that one too
    assert view.b_start.label == "Again"
    click(view, *view.b_start.center)
    assert view.book.index == 7


def test_the_list_is_headed_as_the_list_after_the_last_lesson(app: Any, tmp_path: Path) -> None:
    view = lessons_view(app, tmp_path)
    view.open(8)
    for _ in LESSONS[8].steps:
        view.show_me()
        view.on_key_press(keys.ENTER, 0)
        view.on_draw()  # the lesson's panel, headed "LESSON 9 OF 9"
        view.on_key_press(keys.ENTER, 0)
    assert view.book.lesson is None
    view.on_draw()
    assert view._heading.text == "LEARN TO PLAY"
