"""Keys as pyglet delivers them: ``on_key_press`` and then, for a key that
types, ``on_text`` with its character, both to whatever screen is showing by
then. A key that opens or focuses a text field must not also type into it;
a key a dialog takes must not act on the screen below; Ctrl+M goes back to
the title from every screen and the game is kept; each screen's help lists
that screen's keys.

Events go through the window's handler stack (``dispatch``), as from the
event loop, so a key that changes the screen sends its text to the new one.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from pyglet.event import EventDispatcher

from shibumi import parse_board
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.screenshot import autoplay
from spoker.gui.views.end import EndView
from spoker.gui.views.game import GameView
from spoker.gui.views.help import HelpView
from spoker.gui.views.lab import LabView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.save_dialog import SaveDialog
from spoker.gui.views.title import TitleView

LEFT = arcade.MOUSE_BUTTON_LEFT
CTRL = keys.MOD_CTRL


@pytest.fixture
def app(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    """An app with its data folder in a temporary home (games are autosaved
    and resumable), run from a temporary folder."""
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    yield the_app


def dispatch(window: Any, event: str, *args: Any) -> None:
    """One event through the window's handlers (the current screen's first),
    at once: as the event loop does while it dispatches (no queue)."""
    EventDispatcher.dispatch_event(window, event, *args)


def stroke(window: Any, symbol: int, text: str = "", modifiers: int = 0) -> None:
    """A key pressed: its on_key_press, then its text (if it types), each to
    the screen showing at that moment."""
    dispatch(window, "on_key_press", symbol, modifiers)
    if text:
        dispatch(window, "on_text", text)
    dispatch(window, "on_key_release", symbol, modifiers)


def type_text(window: Any, text: str) -> None:
    for ch in text:
        stroke(window, ord(ch.lower()) if ch.isascii() and ch.isalnum() else keys.SPACE, ch,
               keys.MOD_SHIFT if ch.isupper() else 0)


def click(view: Any, widget: Any) -> None:
    x, y = widget.center
    view.on_mouse_press(int(x), int(y), LEFT, 0)


def finished(names: tuple[str, str] = ("Ann", "Bob")) -> GameController:
    controller = GameController(GameSetup(names, (PERSON, PERSON), seed=3))
    autoplay(controller, 0, until_over=True)
    return controller


# -- a key that opens a text field does not type into it --------------------------
def test_s_in_a_game_opens_the_save_dialog_without_typing_an_s(app: SpokerApp, window: Any, tmp_path: Path) -> None:
    view = app.new_game(GameSetup(("Gina", "Computer (expert)"), seed=2))
    proposed = app.default_record_path(view.controller)
    stroke(window, keys.S, "s")
    assert isinstance(view.dialog, SaveDialog)
    field = view.dialog.field
    assert field.text.endswith(".txt") and not field.text.endswith(".txts")
    assert field.text[:-20] == proposed[:-20]  # the same name (its stamp aside)
    stroke(window, keys.ENTER, "\r")
    view.on_update(0.01)
    assert view.dialog is None and "Saved to" in view.message
    saved = Path(field.text)
    assert saved.suffix == ".txt" and saved.is_file()
    assert not list(tmp_path.rglob("*.txts"))


def test_s_on_the_end_screen_opens_the_save_dialog_without_typing_an_s(app: SpokerApp, window: Any) -> None:
    app.show_end(finished())
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_draw()
    stroke(window, keys.S, "S", keys.MOD_SHIFT)  # Shift+S too: its text is "S"
    assert end.dialog is not None
    text = end.dialog.field.text
    assert text.endswith(".txt")
    stroke(window, keys.ENTER, "\r")
    assert Path(text).is_file()


def test_the_labs_s_and_o_focus_the_empty_suite_field_without_typing(app: SpokerApp, window: Any) -> None:
    view = app.show_lab(parse_board("WB............../........./..../."))
    view.on_draw()
    view.query_cell = view.lab.board.playable()[0]
    view.suite_field.text = ""
    stroke(window, keys.S, "s")  # save a case: no suite file named yet
    assert view.suite_field.focused and view.suite_field.text == ""
    assert "suite file" in view.message
    stroke(window, keys.ESCAPE, "\x1b")  # leaves the field only
    assert not view.suite_field.focused and window.current_view is view
    stroke(window, keys.O, "o")  # open a suite: no name either
    assert view.suite_field.focused and view.suite_field.text == ""
    type_text(window, "cases.txt")  # the next keys type
    assert view.suite_field.text == "cases.txt"


def test_tab_on_the_title_focuses_a_name_field_and_typing_replaces_it(app: SpokerApp, window: Any) -> None:
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    stroke(window, keys.TAB, "\t")
    field = title.name_inputs[0]
    assert field.focused
    type_text(window, "Zoe")
    assert field.text == "Zoe"
    stroke(window, keys.TAB, "\t")  # the next field, all of it chosen too
    assert title.name_inputs[1].focused
    type_text(window, "Max")
    assert title.name_inputs[1].text == "Max"


def test_a_key_that_changes_the_screen_sends_its_text_to_nothing(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=2))
    stroke(window, keys.SLASH, "?", keys.MOD_SHIFT)  # help by its key; its text reaches the help
    help_view = window.current_view
    assert isinstance(help_view, HelpView) and help_view.back is view
    stroke(window, keys.ESCAPE, "\x1b")
    assert window.current_view is view


# -- a key a dialog or a field takes stays there --------------------------------------
def test_enter_in_the_games_save_dialog_does_not_act_on_the_game(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), seed=4))
    stroke(window, keys.SPACE, " ")
    stroke(window, keys.TAB, "\t")  # the keyboard cursor on a cell: Enter would place there
    assert view.placing.cursor is not None and view.controller.state.drawn is not None
    stroke(window, keys.S, "s")
    stroke(window, keys.ENTER, "\r")
    view.on_update(0.01)
    assert view.dialog is None and "Saved to" in view.message
    assert view.controller.state.drawn is not None and view.controller.state.move_number == 0  # not placed
    assert window.current_view is view


def test_escape_closes_only_the_dialog(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=4))
    stroke(window, keys.S, "s")
    stroke(window, keys.ESCAPE, "\x1b")
    view.on_update(0.01)
    assert view.dialog is None and window.current_view is view
    app.show_end(finished())
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_draw()
    stroke(window, keys.S, "s")
    stroke(window, keys.ESCAPE, "\x1b")
    end.on_update(0.01)
    assert end.dialog is None and window.current_view is end


def test_keys_typed_in_the_save_dialog_are_not_the_games_shortcuts(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=4))
    stroke(window, keys.S, "s")
    assert isinstance(view.dialog, SaveDialog)
    field = view.dialog.field
    stroke(window, keys.A, "", CTRL)  # all of it chosen (Ctrl keys send no text): typing replaces it
    type_text(window, "my game")
    assert field.text == "my game"
    assert window.current_view is view and view.controller.state.drawn is None  # Space typed, no draw


def test_enter_and_escape_in_a_title_field_stay_in_the_field(app: SpokerApp, window: Any) -> None:
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    field = title.name_inputs[1]
    click(title, field)
    type_text(window, "Eve")
    stroke(window, keys.ENTER, "\r")  # leaves the field; does not start the game
    assert not field.focused and window.current_view is title and field.text == "Eve"
    click(title, field)
    stroke(window, keys.ESCAPE, "\x1b")
    assert not field.focused and title.message == ""
    stroke(window, keys.ENTER, "\r")  # now the screen's Enter: start
    assert isinstance(window.current_view, GameView)
    assert window.current_view.controller.setup.names[1] == "Eve"


def test_a_held_backspace_repeats_in_the_save_dialog_and_a_title_field(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=4))
    stroke(window, keys.S, "s")
    assert isinstance(view.dialog, SaveDialog)
    field = view.dialog.field
    stroke(window, keys.END)
    dispatch(window, "on_text_motion", keys.MOTION_END_OF_LINE)  # the press's own motion: done already
    before = len(field.text)
    dispatch(window, "on_key_press", keys.BACKSPACE, 0)
    dispatch(window, "on_text_motion", keys.MOTION_BACKSPACE)
    for _ in range(3):  # held: pyglet repeats the motion only
        dispatch(window, "on_text_motion", keys.MOTION_BACKSPACE)
    assert len(field.text) == before - 4
    for _ in range(2):
        dispatch(window, "on_text_motion_select", keys.MOTION_LEFT)
    assert len(field.selected_text) == 2
    stroke(window, keys.ESCAPE, "\x1b")
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    name = title.name_inputs[0]
    click(title, name)
    click(title, name)  # the caret at the click, nothing chosen
    stroke(window, keys.END)
    dispatch(window, "on_key_press", keys.BACKSPACE, 0)
    dispatch(window, "on_text_motion", keys.MOTION_BACKSPACE)
    dispatch(window, "on_text_motion", keys.MOTION_BACKSPACE)
    assert name.text == "Player 1"[:-2]


def test_ctrl_q_quits_from_a_text_field_too(app: SpokerApp, window: Any) -> None:
    quits: list[bool] = []
    app.on_quit = lambda: quits.append(True)
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    click(title, title.seed)
    assert title.seed.focused
    stroke(window, keys.Q, "", CTRL)
    assert quits == [True] and title.seed.text == ""


# -- Ctrl+M: the title screen from any screen, the game kept ----------------------
def test_ctrl_m_from_a_game_keeps_the_game_to_resume(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), seed=4))
    stroke(window, keys.SPACE, " ")
    stroke(window, keys.TAB, "\t")
    stroke(window, keys.ENTER, "\r")
    stroke(window, keys.SPACE, " ")
    state = view.controller.state.to_string()
    assert view.controller.state.move_number == 1
    stroke(window, keys.M, "", CTRL)
    title = window.current_view
    assert isinstance(title, TitleView)
    assert title.saved is not None and title.saved.move_number == 1
    stroke(window, keys.C, "c")  # Continue
    again = window.current_view
    assert isinstance(again, GameView) and again is not view
    assert again.controller.state.to_string() == state


def test_ctrl_m_from_the_help_of_a_game_keeps_the_game(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), seed=4))
    stroke(window, keys.SPACE, " ")
    stroke(window, keys.F1)
    assert isinstance(window.current_view, HelpView)
    stroke(window, keys.M, "", CTRL)
    title = window.current_view
    assert isinstance(title, TitleView) and title.saved is not None
    assert title.saved.move_number == view.controller.state.move_number


@pytest.mark.parametrize("screen", ["end", "replay", "lab", "help", "title"])
def test_ctrl_m_goes_to_the_title_from_every_screen(app: SpokerApp, window: Any, screen: str) -> None:
    if screen == "end":
        app.show_end(finished())
    elif screen == "replay":
        app.replay_game(finished())
    elif screen == "lab":
        app.show_lab()
    elif screen == "help":
        app.show_title()
        app.show_help()
    else:
        app.show_title()
    before = window.current_view
    before.on_draw()
    stroke(window, keys.M, "", CTRL)
    assert isinstance(window.current_view, TitleView)
    assert screen != "title" or window.current_view is before  # the title stays as it is


def test_ctrl_m_works_while_a_text_field_has_the_keys(app: SpokerApp, window: Any) -> None:
    view = app.show_lab()
    view.on_draw()
    click(view, view.board_field)
    assert view.board_field.focused
    stroke(window, keys.M, "", CTRL)
    assert isinstance(window.current_view, TitleView)


def test_ctrl_m_is_in_every_help_and_the_menu_tooltips(app: SpokerApp, window: Any) -> None:
    from spoker.gui.views.help import keys_for

    app.new_game(GameSetup(seed=4))
    assert any("Ctrl+M" in k for k, _ in keys_for(window.current_view))
    lab = app.show_lab()
    assert any("Ctrl+M" in k for k, _ in keys_for(lab))
    assert "Ctrl+M" in lab.b_menu.tooltip


# -- each screen's help lists its keys -----------------------------------------------
def test_the_labs_help_lists_the_labs_keys(app: SpokerApp, window: Any) -> None:
    lab = app.show_lab()
    lab.on_draw()
    stroke(window, keys.F1)
    shown = window.current_view
    assert isinstance(shown, HelpView) and shown.back is lab
    words = " ".join(f"{k} {w}" for k, w in shown.keys)
    for needle in ("W / B / R", "Ctrl+Z", "Ctrl+V", "test case", "suite", "Ctrl+M"):
        assert needle in words, needle
    assert "draw a ball" not in words  # the game's keys are not the lab's
    shown.on_draw()
    stroke(window, keys.ESCAPE, "\x1b")
    assert window.current_view is lab
    stroke(window, keys.SLASH, "?", keys.MOD_SHIFT)  # ? opens it too
    assert isinstance(window.current_view, HelpView)


def test_the_games_help_still_lists_the_games_keys(app: SpokerApp, window: Any) -> None:
    app.new_game(GameSetup(seed=4))
    stroke(window, keys.H, "h")
    shown = window.current_view
    assert isinstance(shown, HelpView)
    words = " ".join(f"{k} {w}" for k, w in shown.keys)
    assert "draw a ball" in words and "Ctrl+M" in words
    assert not isinstance(shown.back, (LabView, ReplayView))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=["800x600", "1280x800", "1920x1080"])
def test_the_labs_help_fits_and_scrolls_to_its_last_key(app: SpokerApp, window: Any, size: tuple[int, int]) -> None:
    from support.layout_check import layout_problems

    from spoker.gui.render.text import recording_texts

    app.frame_cache.enabled = False  # every frame drawn, so every label is seen
    try:
        app.resized(*size)
        app.show_lab().on_draw()
        app.show_help()
        view = window.current_view
        assert isinstance(view, HelpView) and view.keys_heading == "KEYS IN THE LABORATORY"
        seen: set[str] = set()
        for _ in range(12):
            with recording_texts() as texts:
                view.on_draw()
            drawn = list(texts.values())
            boxes = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
            assert layout_problems(drawn, size, boxes, ui=view.ui) == []
            seen |= {t.text for t in drawn}
            if not view.can_scroll:
                break
            view.on_key_press(keys.DOWN, 0)
        assert not view.can_scroll
        assert {"W / B / R", "Ctrl+M", "Ctrl+Q", "quit"} <= seen
    finally:
        app.resized(window.width, window.height)
        app.frame_cache.enabled = True
