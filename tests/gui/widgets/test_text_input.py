"""The one-line text field behaves as fields do elsewhere: a selection
(Ctrl+A, Shift+arrows, all of it chosen on focus), typing and Backspace
replace it, the caret and word keys, a held key's repeats, clicks, the
clipboard where there is one, and the selection drawn."""

from __future__ import annotations

from typing import Any

import arcade
import numpy as np
import pytest
from arcade import key as keys

from spoker.gui.render.frame import clear_colour
from spoker.gui.render.theme import THEME
from spoker.gui.widgets import text_input as text_input_module
from spoker.gui.widgets.group import WidgetGroup
from spoker.gui.widgets.text_input import SELECTION, TextInput, key_pressed, types_text

CTRL = keys.MOD_CTRL
SHIFT = keys.MOD_SHIFT
LEFT_BUTTON = arcade.MOUSE_BUTTON_LEFT


def field(text: str = "Player 1", **kw: Any) -> TextInput:
    f = TextInput(text, **kw)
    f.place(100, 100, 300, 34)
    return f


def press(f: TextInput, symbol: int, modifiers: int = 0) -> None:
    """A caret key as pyglet sends it: the press, then its own motion."""
    f.on_key_press(symbol, modifiers)
    f.on_text_motion(symbol, bool(modifiers & SHIFT))


def test_focus_chooses_all_so_typing_replaces_a_default_name(window: Any) -> None:
    f = field()
    f.focus(True)
    assert f.selection == (0, 8) and f.selected_text == "Player 1"
    f.on_text("Ann")
    assert f.text == "Ann" and f.cursor == 3 and f.selection is None


def test_ctrl_a_chooses_all_and_typing_or_backspace_replaces_it(window: Any) -> None:
    f = field()
    f.focus(True)
    press(f, keys.END)  # the caret at the end: nothing chosen
    assert f.selection is None
    f.on_text("!")
    assert f.text == "Player 1!"
    f.on_key_press(keys.A, CTRL)
    assert f.selection == (0, 9)
    f.on_text("Z")
    assert f.text == "Z"
    f.text = "Player 2"
    f.on_key_press(keys.A, CTRL)
    press(f, keys.BACKSPACE)
    assert f.text == "" and f.cursor == 0
    f.text = "abc"
    f.on_key_press(keys.A, keys.MOD_COMMAND)  # Command+A on a Mac
    press(f, keys.DELETE)
    assert f.text == ""


def test_the_caret_keys(window: Any) -> None:
    f = field("abcdef")
    f.focus(True)
    press(f, keys.HOME)
    assert f.cursor == 0 and f.selection is None
    press(f, keys.RIGHT)
    press(f, keys.RIGHT)
    assert f.cursor == 2
    press(f, keys.DELETE)
    assert f.text == "abdef" and f.cursor == 2
    press(f, keys.BACKSPACE)
    assert f.text == "adef" and f.cursor == 1
    press(f, keys.END)
    press(f, keys.LEFT)
    assert f.cursor == 3
    f.on_text("X")
    assert f.text == "adeXf"


def test_an_arrow_ends_the_selection_at_its_side(window: Any) -> None:
    f = field("abcdef")
    f.focus(True)
    press(f, keys.LEFT)
    assert f.cursor == 0 and f.selection is None
    f.select_all()
    press(f, keys.RIGHT)
    assert f.cursor == 6 and f.selection is None


def test_shift_with_the_arrows_home_and_end_chooses(window: Any) -> None:
    f = field("hello world")
    f.focus(True)
    press(f, keys.HOME)
    press(f, keys.RIGHT, SHIFT)
    press(f, keys.RIGHT, SHIFT)
    assert f.selected_text == "he"
    press(f, keys.END, SHIFT)
    assert f.selected_text == "hello world"
    press(f, keys.LEFT, SHIFT | CTRL)
    assert f.selected_text == "hello "
    f.on_text("J")
    assert f.text == "Jworld"


def test_word_keys(window: Any) -> None:
    f = field("Anna Maria-Luisa")
    f.focus(True)
    press(f, keys.END)
    press(f, keys.BACKSPACE, CTRL)  # Ctrl+Backspace: a word
    assert f.text == "Anna Maria-"
    press(f, keys.LEFT, CTRL)
    assert f.cursor == 5
    press(f, keys.LEFT, CTRL)
    assert f.cursor == 0
    press(f, keys.RIGHT, CTRL)
    assert f.cursor == 4
    press(f, keys.DELETE, CTRL)  # Ctrl+Delete: the next word
    assert f.text == "Anna-"


def test_a_held_key_repeats_through_its_motions(window: Any) -> None:
    f = field("abcdef")
    f.focus(True)
    press(f, keys.END)
    press(f, keys.BACKSPACE)  # the press and its own motion: one character
    assert f.text == "abcde"
    for _ in range(3):  # held: the repeats are motions only
        f.on_text_motion(keys.MOTION_BACKSPACE)
    assert f.text == "ab"
    press(f, keys.HOME)
    f.on_text_motion(keys.MOTION_RIGHT)
    f.on_text_motion(keys.MOTION_RIGHT, select=True)
    assert f.cursor == 2 and f.selected_text == "b"
    f.on_text_motion(keys.MOTION_END_OF_LINE)
    assert f.cursor == 2 and f.selection is None


def test_typing_over_a_selection_keeps_the_fields_rules(window: Any) -> None:
    seed = field("123", max_length=4, allowed=lambda t: t.isdigit())
    seed.focus(True)
    seed.on_text("x")  # refused: the chosen digits stay
    assert seed.text == "123" and seed.selection == (0, 3)
    seed.on_text("98765")
    assert seed.text == "9876"  # replaced, then as long as the field takes
    name = field("Bob", max_length=3)
    name.focus(True)
    name.on_text("Eve")  # full, but the selection makes room
    assert name.text == "Eve"
    name.on_text("\t\r\n\x00")
    assert name.text == "Eve"


def test_a_click_focuses_with_all_chosen_and_a_second_click_puts_the_caret(window: Any) -> None:
    group = WidgetGroup()
    a, b = group.add(field("Player 1")), group.add(field("Player 2"))
    b.place(100, 200, 300, 34)
    assert group.on_mouse_press(*a.center, LEFT_BUTTON)
    assert a.focused and a.selection == (0, 8)
    group.on_mouse_press(a.left + 8 + a.x_of(3) + 1, a.center[1], LEFT_BUTTON)
    assert a.focused and a.selection is None and a.cursor == 3
    group.on_mouse_press(a.left + 1, a.center[1], LEFT_BUTTON)
    assert a.cursor == 0
    group.on_mouse_press(a.left + a.width - 2, a.center[1], LEFT_BUTTON)
    assert a.cursor == 8
    group.on_mouse_press(*b.center, LEFT_BUTTON)
    assert b.focused and not a.focused and b.selection == (0, 8) and a.selection is None
    group.on_key_press(keys.TAB, 0)  # Tab: the next field, all of it chosen
    assert a.focused and a.selection == (0, 8)
    group.on_text("Ann")
    assert a.text == "Ann"
    group.on_mouse_press(10, 10, LEFT_BUTTON)  # elsewhere: no field has the keys
    assert group.focused is None


def test_a_key_that_focuses_a_field_does_not_type_into_it(window: Any) -> None:
    f = field("")
    with key_pressed(keys.S, 0):  # a screen's S focuses the field...
        f.focus(True)
    f.on_text("s")  # ...and its text, sent next, is not typed
    assert f.text == ""
    f.on_text("s")  # the next key's is
    assert f.text == "s"
    g = field("")
    with key_pressed(keys.TAB, 0):  # Tab types nothing: the next text is typed
        g.focus(True)
    g.on_text("a")
    assert g.text == "a"
    h = field("")
    with key_pressed(keys.S, 0):
        h.focus(True)
    h.update(0.016)  # a frame passed: the key's text (if any) has come
    h.on_text("x")
    assert h.text == "x"


def test_which_keys_send_a_text() -> None:
    assert types_text(keys.S, 0) and types_text(keys.S, SHIFT) and types_text(keys.SPACE, 0)
    assert types_text(keys.SLASH, SHIFT) and types_text(keys.NUM_7, 0) and types_text(keys.KEY_1, 0)
    assert not types_text(keys.S, CTRL) and not types_text(keys.S, keys.MOD_ALT)
    for symbol in (keys.TAB, keys.ENTER, keys.ESCAPE, keys.F1, keys.LEFT, keys.BACKSPACE, keys.LSHIFT):
        assert not types_text(symbol, 0)


def test_the_clipboard_where_there_is_one(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    f = field("Player 1")
    f.focus(True)
    f.on_key_press(keys.V, CTRL)  # headless there is none: nothing happens
    assert f.text == "Player 1"
    board: list[str] = ["Zoë\n  Smith\t"]
    monkeypatch.setattr(text_input_module, "clipboard_text", lambda: board[-1])

    def copy(text: str) -> bool:
        board.append(text)
        return True

    monkeypatch.setattr(text_input_module, "set_clipboard_text", copy)
    f.on_key_press(keys.V, CTRL)  # over the selection, on one line
    assert f.text == "Zoë Smith"
    press(f, keys.LEFT, SHIFT | CTRL)
    f.on_key_press(keys.C, CTRL)
    assert board[-1] == "Smith" and f.text == "Zoë Smith"
    f.on_key_press(keys.X, CTRL)
    assert board[-1] == "Smith" and f.text == "Zoë "
    f.on_key_press(keys.C, CTRL)  # nothing chosen: all of it
    assert board[-1] == "Zoë "


def test_the_selection_is_drawn(window: Any) -> None:
    f = field("Player 1")
    clear_colour(THEME.background)
    f.draw()
    x0, x1 = int(f.left + 8 + f.x_of(0)) + 1, int(f.left + 8 + f.x_of(8)) - 1
    y = int(f.center[1])

    def chosen() -> int:
        image = np.asarray(arcade.get_image(x0, y - 8, x1 - x0, 16).convert("RGB"), dtype=int)
        return int((np.abs(image - np.array(SELECTION[:3])).sum(axis=2) < 12).sum())

    assert chosen() == 0  # not focused: no selection drawn
    f.focus(True)
    clear_colour(THEME.background)
    f.draw()
    assert chosen() > (x1 - x0) * 16 * 0.3  # behind all of the text
    press(f, keys.END)
    clear_colour(THEME.background)
    f.draw()
    assert chosen() == 0


def test_a_long_text_scrolled_keeps_the_caret_and_clicks_in_place(window: Any) -> None:
    f = field("x" * 120, max_length=400)
    f.focus(True)
    press(f, keys.END)
    assert f.x_of(120) <= f.width - 16  # the caret's end shown
    assert f.x_of(0) == 0.0  # the start scrolled away
    f.on_mouse_press(f.left + f.width - 10, f.center[1], LEFT_BUTTON)
    assert f.cursor > 100
    press(f, keys.HOME)
    assert f.x_of(0) == 0.0 and f.cursor == 0
