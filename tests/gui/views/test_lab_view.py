"""The Laboratory screen driven through its input handlers (tests/gui/conftest.py's
one hidden window): clicks place and remove balls, hovering shows the groups,
the table answers under four rule sets, and a saved case passes its suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from shibumi import CELLS, Board, Cell, Colour, parse_board
from spoker.cli import main
from spoker.gui.app import SpokerApp
from spoker.gui.models.lab import RULE_SETS
from spoker.gui.render.scene import Highlight
from spoker.gui.render.theme import ROLE_COLOURS
from spoker.gui.views import lab as lab_module
from spoker.gui.views.lab import LabView
from spoker.gui.views.title import TitleView
from spoker.records.suite import read_suite, run_case

LEFT = arcade.MOUSE_BUTTON_LEFT
RIGHT = arcade.MOUSE_BUTTON_RIGHT
EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."


def open_lab(app: SpokerApp, board: str | None = None, **kw: Any) -> LabView:
    view = app.show_lab(parse_board(board) if board else None, **kw)
    view.on_draw()
    settle(view)
    return view


def settle(view: LabView) -> None:
    for _ in range(5):
        view.on_update(0.1)
    view.scene.finish_animations()


def point(view: LabView, cell: Cell) -> tuple[int, int]:
    """A window point that picks ``cell`` (the pyramid turned, and then
    exploded, until one does: as a player would)."""
    for turn in range(8):
        if turn == 4:
            view.on_key_press(keys.E, 0)
            settle(view)
        x, y, _ = view.scene.screen_position(cell)
        if view.scene.pick(x, y) == cell:
            return int(round(x)), int(round(y))
        view.on_key_press(keys.RIGHT, 0)
        settle(view)
    raise AssertionError(f"{cell} cannot be pointed at")


def hover(view: LabView, cell: Cell) -> None:
    x, y = point(view, cell)
    view.on_mouse_motion(x, y, 0, 0)


def click(view: LabView, cell: Cell, button: int = LEFT) -> None:
    x, y = point(view, cell)
    view.on_mouse_motion(x, y, 0, 0)
    view.on_mouse_press(x, y, button, 0)
    settle(view)


def lit(view: LabView) -> list[Highlight]:
    return list(view.scene._highlights)


def text_of(lines: list[tuple[str, Any]]) -> str:
    return "\n".join(t for t, _ in lines)


def test_title_screen_opens_the_laboratory(app: SpokerApp) -> None:
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    x, y = title.b_lab.center
    title.on_mouse_press(int(x), int(y), LEFT, 0)
    assert isinstance(app.window.current_view, LabView)
    app.show_title()
    app.window.current_view.on_key_press(keys.L, 0)
    assert isinstance(app.window.current_view, LabView)


def test_clicks_place_balls_of_the_chosen_colour_and_undo_redo(app: SpokerApp) -> None:
    view = open_lab(app)
    click(view, Cell("1A1"))
    view.on_key_press(keys.B, 0)
    click(view, Cell("1C1"))
    x, y = view.colour_buttons[2].center
    view.on_mouse_press(int(x), int(y), LEFT, 0)
    click(view, Cell("1A3"))
    assert str(view.lab.board) == "WB..R.........../........./..../."
    assert view.scene.board == view.lab.board
    assert view.board_field.text == str(view.lab.board)
    view.on_key_press(keys.Z, keys.MOD_CTRL)
    assert str(view.lab.board) == "WB............../........./..../."
    view.on_key_press(keys.Y, keys.MOD_CTRL)
    assert view.lab.board["1A3"] == Colour.RED
    x, y = view.b_undo.center
    view.on_mouse_press(int(x), int(y), LEFT, 0)
    assert "1A3" not in view.lab.board


def test_right_click_removes_a_ball_unless_another_rests_on_it(app: SpokerApp) -> None:
    view = open_lab(app, "WW..WW........../W......../..../.")
    view.on_draw()
    click(view, Cell("1A1"), RIGHT)
    assert "1A1" in view.lab.board
    assert view.message_kind == "bad" and "2B2 rests on it" in view.message
    click(view, Cell("2B2"), RIGHT)
    assert "2B2" not in view.lab.board
    click(view, Cell("1A1"), RIGHT)
    assert "1A1" not in view.lab.board


def test_placing_on_an_unsupported_cell_is_refused(app: SpokerApp) -> None:
    view = open_lab(app, "WW............../........./..../.")
    assert view.place(Cell("2B2")) is False
    assert "platform is not full" in view.message and "2B2" not in view.lab.board


def test_hover_shows_every_group_with_its_reason_and_the_four_rule_sets(app: SpokerApp) -> None:
    view = open_lab(app, EXAMPLE2_CUT)
    hover(view, Cell("1G3"))
    assert view.query is not None and view.query.move == "W@1G3"
    assert view.lab.board == parse_board(EXAMPLE2_CUT)  # hovering places nothing
    info = text_of(view.info_lines())
    assert "\u2605 Three of three kinds 1G3 1G5 1G7, level 1: counts, the best" in info
    assert "Flush four 1A3 1C3 1E3 1G3, level 1: does not count: contact 1C3-1E3 is cut by 2D2 and 2D4" in info
    # The best group glows, the spoilt ones are dashed; the ghost is on the cell.
    styles = {(h.cells, h.style, h.colour) for h in lit(view)}
    assert ((Cell("1G3"), Cell("1G5"), Cell("1G7")), "glow", ROLE_COLOURS["formed"]) in styles
    assert ((Cell("1A3"), Cell("1C3"), Cell("1E3"), Cell("1G3")), "dashed", ROLE_COLOURS["blocked"]) in styles
    assert view.scene._ghost == (Cell("1G3"), Colour.WHITE)
    assert view.table_rows() == [
        ("visible", "three_kinds@1 1G3 1G5 1G7"),
        ("touching", "flush_four@1 1A3 1C3 1E3 1G3"),
        ("visible+apex-free", "three_kinds@1 1G3 1G5 1G7"),
        ("touching+apex-free", "flush_four@1 1A3 1C3 1E3 1G3"),
    ]
    # The rule toggle: the flush four now counts and glows.
    view.on_key_press(keys.T, 0)
    assert view.lab.rules == RULE_SETS[1]
    assert "\u2605 Flush four" in text_of(view.info_lines())
    assert any(h.style == "glow" and len(h.cells) == 4 for h in lit(view))
    view.on_draw()
    # The query stays when the pointer leaves the board for the panel.
    view.on_mouse_motion(int(view.panel_rect[0] + 20), 300, 0, 0)
    assert view.query is not None and view.query.move == "W@1G3"


def test_hovering_the_apex_names_the_apex_ruling(app: SpokerApp) -> None:
    view = open_lab(app, "WWWWWWWBBBBBBBBR/RRRRRRRRR/WWBB/.")
    hover(view, Cell("4D4"))
    info = text_of(view.info_lines())
    assert "apex ruling: a normal turn on 4D4 counts only with a straight flush" in info
    rows = dict(view.table_rows())
    assert rows["visible"] == "none" and rows["visible+apex-free"].startswith("full_house@4")


def test_hovering_a_diagonal_says_the_balls_do_not_touch(app: SpokerApp) -> None:
    view = open_lab(app, "W....W........../........./..../.")
    hover(view, Cell("1E5"))
    info = text_of(view.info_lines())
    assert "It forms no winning group." in info and "in-level diagonal neighbours do not touch" in info


def test_clicking_a_ball_shows_which_groups_through_it_count_now(app: SpokerApp) -> None:
    view = open_lab(app, "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../.")
    click(view, Cell("1C3"))
    assert view.selected == Cell("1C3") and view.lab.board == parse_board("WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../.")
    info = text_of(view.info_lines())
    assert info.startswith("Red ball on 1C3, under the visible rules:")
    assert "does not count now: 1C3 is covered by 3C3" in info
    assert any(h.style == "dashed" for h in lit(view))
    view.on_key_press(keys.ESCAPE, 0)
    assert view.selected is None and isinstance(app.window.current_view, LabView)


def test_delete_removes_the_chosen_ball(app: SpokerApp) -> None:
    view = open_lab(app, "WB............../........./..../.")
    click(view, Cell("1C1"))
    view.on_key_press(keys.DELETE, 0)
    assert str(view.lab.board) == "W.............../........./..../."


def test_board_field_paste_and_copy(app: SpokerApp, monkeypatch: pytest.MonkeyPatch) -> None:
    view = open_lab(app)
    field = view.board_field
    x, y = field.center
    view.on_mouse_press(int(x), int(y), LEFT, 0)
    assert field.focused
    field.text, field.cursor = "", 0
    view.on_text("WW..BB........../........./..../.")
    view.on_key_press(keys.ENTER, 0)
    assert view.lab.board == parse_board("WW..BB........../........./..../.")
    # A bad string is refused in one line and changes nothing.
    view.paste_text("WW../nope")
    assert view.message_kind == "bad" and "'WW../nope'" in view.message
    assert len(view.lab.board) == 4
    # A long one is quoted short: the one-line message still says why.
    view.paste_text("W" * 500)
    assert view.message.startswith("Not a board string") and "'WWWW" in view.message
    assert "expected 4 separated by '/'" in view.message and len(view.message) < 120
    # Headless there is no clipboard: Paste says so and offers the field.
    view.on_key_press(keys.V, keys.MOD_CTRL)
    assert view.board_field.focused and "No clipboard" in view.message
    view.board_field.focus(False)
    # With a clipboard (as in a real window), Ctrl+C and Ctrl+V use it.
    clip: list[str] = []
    monkeypatch.setattr(lab_module, "set_clipboard_text", lambda w, t: clip.append(t) or True)
    monkeypatch.setattr(lab_module, "clipboard_text", lambda w: EXAMPLE2_CUT)
    view.on_key_press(keys.C, keys.MOD_CTRL)
    assert clip == ["WW..BB........../........./..../."]
    view.on_key_press(keys.V, keys.MOD_CTRL)
    assert view.lab.board == parse_board(EXAMPLE2_CUT)
    view.on_key_press(keys.Z, keys.MOD_CTRL)
    assert view.lab.board == parse_board("WW..BB........../........./..../.")


def test_save_as_test_case_appends_a_line_the_suite_passes(app: SpokerApp, tmp_path: Path) -> None:
    view = open_lab(app, EXAMPLE2_CUT)
    assert view.suite_field.text == str(tmp_path / "home" / "lab-suite.txt")  # the data folder
    view.on_key_press(keys.S, 0)
    assert view.message_kind == "bad" and "Point at a lit cell" in view.message
    path = tmp_path / "cases.txt"
    path.write_text("# my cases\n", encoding="utf-8")
    view.suite_field.text = str(path)
    hover(view, Cell("1G3"))
    x, y = view.b_save_case.center
    view.on_mouse_motion(int(x), int(y), 0, 0)
    view.on_mouse_press(int(x), int(y), LEFT, 0)
    assert view.message_kind == "good" and str(path) in view.message
    view.set_rules(RULE_SETS[1])
    view.on_key_press(keys.S, 0)
    text = path.read_text(encoding="utf-8")
    assert text == (
        "# my cases\n"
        f"{EXAMPLE2_CUT} W@1G3 => three_kinds@1 1G3 1G5 1G7\n"
        f"{EXAMPLE2_CUT} W@1G3 touching => flush_four@1 1A3 1C3 1E3 1G3\n"
    )
    assert all(run_case(c).passed for c in read_suite(path))
    assert main(["suite", str(path)]) == 0


def test_open_suite_steps_through_cases_failing_first(app: SpokerApp, tmp_path: Path) -> None:
    path = tmp_path / "suite.txt"
    path.write_text(
        "WB............../........./..../. R@1E1 => three_kinds@1\n"
        f"{EXAMPLE2_CUT} W@1G3 touching => three_kinds@1\n",
        encoding="utf-8",
    )
    view = open_lab(app, suite=str(path))
    assert view.steps is not None and view.steps.failed == 1
    assert view.lab.board == parse_board(EXAMPLE2_CUT) and view.lab.rules == RULE_SETS[1]
    assert view.query is not None and view.query.move == "W@1G3"
    lines = text_of(view.case_lines())
    assert "Case 1/2, line 2: FAILS (1 failing)" in lines and "got flush_four@1 1A3 1C3 1E3 1G3" in lines
    view.layout(*view.size)
    assert view.b_next.visible
    view.on_key_press(keys.PAGEDOWN, 0)
    assert view.lab.board == parse_board("WB............../........./..../.")
    assert view.query is not None and view.query.move == "R@1E1" and view.lab.colour == Colour.RED
    view.on_key_press(keys.Z, keys.MOD_CTRL)  # stepping is undoable like any change of position
    assert view.lab.board == parse_board(EXAMPLE2_CUT)
    view.on_draw()


def test_a_bad_suite_file_is_a_message_not_a_crash(app: SpokerApp, tmp_path: Path) -> None:
    view = open_lab(app)
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a case\n", encoding="utf-8")
    assert view.open_suite(str(bad)) is False
    assert view.message_kind == "bad" and "line 1" in view.message
    assert view.open_suite(str(tmp_path / "missing.txt")) is False and view.steps is None


def test_the_screen_draws_the_pyramid_and_the_panel_at_every_size(app: SpokerApp, window: Any) -> None:
    view = open_lab(app, EXAMPLE2_CUT)
    hover(view, Cell("1G3"))
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        app.resized(*size)
        view.layout(*size)
        for w in view.ui.widgets:
            if w.visible:
                assert w.left >= 0 and w.left + w.width <= size[0] + 0.5, (size, w)
    app.resized(window.width, window.height)
    view.layout(window.width, window.height)
    view.on_draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")
    # The side panel's colour at its left edge, and the board's wood somewhere left of it.
    px = image.getpixel((int(view.panel_rect[0]) + 6, window.height // 2))
    assert px == (28, 32, 41)
    x, y, _ = view.scene.screen_position(Cell("1G5"))
    assert image.getpixel((int(x), window.height - int(y))) != (28, 32, 41)


def test_keyboard_only_query_with_tab_and_enter(app: SpokerApp) -> None:
    view = open_lab(app, "WB............../........./..../.")
    view.on_key_press(keys.R, 0)
    view.on_key_press(keys.TAB, 0)
    assert view.query_cell == Cell("1E1") and view.query is not None
    assert view.query.answers[0].expect == "three_kinds@1 1A1 1C1 1E1"
    view.on_key_press(keys.ENTER, 0)
    assert view.lab.board["1E1"] == Colour.RED


def test_full_board_tab_does_nothing(app: SpokerApp) -> None:
    full = Board.from_mapping({c: "WBR"[i % 3] for i, c in enumerate(parse_board("................/........./..../.").empty_cells())})
    view = open_lab(app, str(full))
    view.on_key_press(keys.TAB, 0)
    assert view.query_cell is None


def test_the_laboratory_lights_the_playable_cells(app: SpokerApp) -> None:
    """"Point at a lit cell": the six cells a ball can go to are marked, and
    only those; after a ball is placed, the marks follow the board."""
    view = open_lab(app, EXAMPLE2_CUT)
    board = parse_board(EXAMPLE2_CUT)

    def marked() -> set[Cell]:
        scene = view.scene
        scene._sync()
        shown = {id(s) for s in scene._under.sprite_list} | {id(s) for s in scene._items.sprite_list}
        return {c for c in CELLS if id(scene._cells[c].spot) in shown}

    assert marked() == set(board.playable()) and len(marked()) == 6
    click(view, board.playable()[0])
    assert marked() == set(view.lab.board.playable())
