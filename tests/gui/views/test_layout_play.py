"""The layout checker over the game screen's guiding parts: the hints
(numbered on the board, listed with what the ball does), the ghost's tip
saying what the ball would form, and the takeback's question in hot-seat;
at 800x600, 1280x800 and 1920x1080, with ordinary names and long ones."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as keys
from support.layout_check import Box, layout_problems

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.render.text import DrawnText, recording_texts
from spoker.gui.screenshot import autoplay
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.game import GameView

SIZES = [(800, 600), (1280, 800), (1920, 1080)]
LONG = "Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen-Sachsen-Coburg-und-Gotha"
NAMES = {"plain": ("Ann", "Bob"), "long": (LONG, LONG[::-1])}


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.frame_cache.enabled = False  # every frame drawn, so every label is seen
    the_app.on_quit = lambda: None
    yield the_app
    the_app.resized(window.width, window.height)


def texts_of(view: GameView) -> list[DrawnText]:
    with recording_texts() as texts:
        view.on_draw()
    return list(texts.values())


def above_the_dialog(view: GameView, texts: list[DrawnText]) -> list[DrawnText]:
    """A modal box hides what lies under it: its own texts, and the screen's
    texts clear of it."""
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog)
    with recording_texts() as own:
        dialog.draw()
    mine = list(own.values())
    left, bottom, width, height = dialog.rect

    def clear(t: DrawnText) -> bool:
        return t.right <= left or t.left >= left + width or t.top <= bottom or t.bottom >= bottom + height

    return mine + [t for t in texts if t not in mine and clear(t)]


def boxes_of(view: GameView) -> list[Box]:
    out: list[Box] = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
    out += [tuple(view.panel_rect), tuple(view.board_rect)]  # type: ignore[list-item]
    dialog = view.dialog
    if isinstance(dialog, ConfirmDialog):
        out.append(dialog.rect)
        out += [(b.left, b.bottom, b.width, b.height) for b in (dialog.yes, dialog.no)]
    return out


def screen(app: SpokerApp, which: str, names: tuple[str, str]) -> GameView:
    controller = GameController(GameSetup(names, (PERSON, PERSON), seed=9))
    autoplay(controller, 17)
    app.settings.show_hints = True
    view = app.play(controller)
    view.on_key_press(keys.SPACE, 0)
    for _ in range(20):
        view.on_update(0.1)
    view.scene.finish_animations()
    if which == "hints":
        assert len(view.hints) == 3
        view.placing.cursor = view.hints[0].cell  # the ghost on the best cell: its tip says what it forms
        view._update_ghost()
    else:
        view.act_place(view.controller.state.legal_cells()[0])
        view.on_key_press(keys.Z, keys.MOD_CTRL)
        assert isinstance(view.dialog, ConfirmDialog)
    return view


@pytest.mark.parametrize("names", list(NAMES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("which", ["hints", "takeback"])
def test_the_new_parts_of_the_game_screen_keep_their_texts_in_their_boxes(
    app: SpokerApp, window: Any, which: str, size: tuple[int, int], names: str,
) -> None:
    window.set_size(*size)
    app.resized(*size)
    view = screen(app, which, NAMES[names])
    view.on_resize(*size)
    texts = texts_of(view)
    shown = " ".join(t.text for t in texts)
    if which == "hints":
        assert "Hint: best cells for this ball" in shown
        for i, h in enumerate(view.hints, 1):  # all three listed, at 800x600 too (the story gives way)
            assert f"{i}. {h.cell}:" in shown.replace("\u200b", ""), f"hint {i} is not shown"
    else:
        assert "take back" in shown and "Allow" in shown and "Refuse" in shown
    if isinstance(view.dialog, ConfirmDialog):
        texts = above_the_dialog(view, texts)
    problems = layout_problems(texts, size, boxes_of(view), ui=None if view.dialog else view.ui)
    assert not problems, "\n".join(problems)
