"""The Learn to play screens keep their texts in their boxes and apart
(tests/support/layout_check.py) at 800x600, 1280x800 and 1920x1080: the list,
a lesson as it opens, after a wrong try and after a right one (the longest
feedback: the covered and cut lessons' traps, the apex's), and with every
lesson done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.layout_check import Box, layout_problems

from spoker.gui.app import SpokerApp
from spoker.gui.models.lessons import FILENAME, LESSONS, LessonBook, LessonProgress, answers
from spoker.gui.models.settings import Settings
from spoker.gui.render.text import DrawnText, drawable_text, recording_texts
from spoker.gui.views.lessons import LessonsView

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
SCREENS = {
    "list": (None, ()),
    "list-done": (None, ("all",)),
    "supported": (1, ()),
    "covered-wrong": (4, ("3E5",)),
    "covered-right": (4, ("1G1",)),
    "cut-wrong": (5, ("1G3",)),
    "cut-right": (5, ("1C7",)),
    "answer-tie": (7, ("1C5",)),
    "apex-right": (9, ("4D4",)),
    "apex-answer": (9, ("4D4", "next", "4D4")),
    "shown": (3, ("show",)),
}


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.frame_cache.enabled = False
    the_app.on_quit = lambda: None
    yield the_app
    the_app.resized(window.width, window.height)


def show(app: SpokerApp, screen: str, tmp_path: Path) -> LessonsView:
    lesson, actions = SCREENS[screen]
    progress = LessonProgress(tmp_path / FILENAME)
    if "all" in actions:
        for each in LESSONS:
            progress.mark_done(each.key)
    view = LessonsView(app, LessonBook(progress))
    app.show(view)
    if lesson is not None:
        view.open(lesson - 1)
    for action in actions:
        if action == "next":
            view.next()
        elif action == "show":
            view.show_me()
        elif action != "all":
            view.place(action)  # type: ignore[arg-type]
    if screen.endswith("-right") or screen == "apex-answer":
        assert view.book.solved
    elif screen.endswith(("-wrong", "-tie")):
        assert view.book.feedback is not None and not view.book.feedback.ok
    view.on_draw()
    for _ in range(15):
        view.on_update(0.1)
    app.scene.finish_animations()
    return view


def boxes_of(view: LessonsView) -> list[Box]:
    out: list[Box] = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
    out.append(view.panel_rect)
    out.append(view.board_rect)
    out.extend(view.row_rects)
    return out


def frame_texts(view: LessonsView) -> list[DrawnText]:
    with recording_texts() as texts:
        view.on_draw()
    return list(texts.values())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_lesson_screens_texts_stay_in_their_boxes_and_apart(
    app: SpokerApp, tmp_path: Path, screen: str, size: tuple[int, int],
) -> None:
    app.resized(*size)
    view = show(app, screen, tmp_path)
    assert view.size == size
    texts = frame_texts(view)
    assert len(texts) > 6, [t.text for t in texts]
    assert layout_problems(texts, size, boxes_of(view), ui=view.ui) == []
    for text in texts:
        assert text.text == drawable_text(text.text)
    shown = " ".join(t.text for t in texts)
    feedback = view.book.feedback
    if feedback is not None:
        assert feedback.words[0].split(":")[0] in shown  # the feedback's first line is never dropped
    if view.book.lesson is not None:
        assert view.book.lesson.title.split()[0] in shown
    else:  # under the pyramid, the chosen lesson's first sentence (was dropped at 800x600)
        assert any(t.text.startswith("1. Where a ball can go: The board starts empty.") for t in texts)


def test_the_pointer_s_tip_and_a_message_fit_too(app: SpokerApp, tmp_path: Path) -> None:
    app.resized(800, 600)
    view = show(app, "supported", tmp_path)
    cell = answers(LESSONS[0].steps[0])[0]
    x, y, _ = view.scene.screen_position(cell)
    view.on_mouse_motion(int(x), int(y), 0, 0)
    assert view.placing.hover == cell
    view.say("Place the ball first: the task is above the ball in the panel.", "info", 10)
    texts = frame_texts(view)
    assert any(t.text.startswith(f"Level {cell.level} of 4, {cell}:") for t in texts), "the tip names the level"
    assert layout_problems(texts, (800, 600), boxes_of(view), ui=view.ui) == []
