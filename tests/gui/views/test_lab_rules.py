"""The laboratory's rules panel driven through its handlers (tests/gui/conftest.py's
one hidden window): each control changes the rule set, the groups are judged
again at once, a refused rule set is one line, and Save as rules file writes
a file that reads back equal."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from shibumi import Board, Cell, Colour, parse_board
from spoker.engine import rules as rules_module
from spoker.engine.rules import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.lab import JudgedGroup
from spoker.gui.views.lab import LabView
from spoker.gui.widgets.base import Widget
from spoker.records.rules_file import read_rules_file

LEFT = arcade.MOUSE_BUTTON_LEFT
EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."
PLUGIN = "lab-test-plugin"


def open_lab(app: SpokerApp, board: Board | str | None = None, rules: RuleSet | None = None) -> LabView:
    view = app.show_lab(parse_board(board) if isinstance(board, str) else board, rules)
    if not view.rules_panel.open:
        view.on_key_press(keys.U, 0)
    view.on_draw()
    return view


def click(view: LabView, widget: Widget) -> None:
    assert widget.visible and widget.enabled, widget
    x, y = widget.center
    view.on_mouse_press(int(x), int(y), LEFT, 0)


def judged(view: LabView) -> tuple[JudgedGroup, ...]:
    query = view.query
    assert query is not None
    return query.answer(view.lab.rules).judged


def climbing_board() -> Board:
    """Level 1's corner under 2B2, 2D2, 2B4 and 2D4: a red ball on 3C3 makes
    the climbing line 1A1 2B2 3C3 (white, black, red) a three of three kinds."""
    board = Board()
    for name in ("1A1", "1C1", "1E1", "1A3", "1C3", "1E3", "1A5", "1C5", "1E5"):
        board = board.place(Cell(name), Colour.WHITE if name in ("1A1", "1E5") else Colour.BLACK)
    for name, colour in (("2B2", Colour.BLACK), ("2D2", Colour.WHITE), ("2B4", Colour.WHITE), ("2D4", Colour.BLACK)):
        board = board.place(Cell(name), colour)
    return board


def test_rules_with_items_open_the_lab_with_the_panel_showing_them(app: SpokerApp) -> None:
    rules = RuleSet.parse("touching, lines=in-level, tie=none")
    view = app.show_lab(None, rules)  # refused before: the rule choice knew four rule sets only
    view.on_draw()
    assert view.lab.rules == rules and view.rules_panel.open
    assert view.rules_choice.value == "touching"
    assert view.rules_panel.lines.value == "in-level" and view.rules_panel.tie.value == "none"
    assert [r.visibility for r in view.lab.rule_sets] == ["visible", "touching", "visible", "touching"]
    assert all(r.lines == "in-level" and r.tie == "none" for r in view.lab.rule_sets)


def test_u_and_the_items_button_open_and_close_the_panel(app: SpokerApp) -> None:
    view = app.show_lab()
    assert not view.rules_panel.open and view.suite_field.visible
    view.on_key_press(keys.U, 0)
    assert view.rules_panel.open and not view.suite_field.visible and not view.rules_choice.visible
    click(view, view.b_rules)
    assert not view.rules_panel.open and view.suite_field.visible and view.rules_choice.visible


def test_each_control_changes_its_item(app: SpokerApp) -> None:
    view = open_lab(app)
    panel = view.rules_panel
    steps: list[tuple[Widget, str]] = [
        (panel.visibility, "touching"),
        (panel.apex, "touching, apex-free"),
        (panel.lines, "touching, apex-free, lines=in-level"),
        (panel.tie, "touching, apex-free, lines=in-level, tie=none"),
        (panel.ranks["full_house"], "touching, apex-free, lines=in-level, off=full_house, tie=none"),
        (panel.ranks["full_house"], "touching, apex-free, lines=in-level, tie=none"),
        (panel.ups["full_house"],
         "touching, apex-free, lines=in-level, order=three_kinds<flush_three<flush_four<full_house, tie=none"),
        (panel.more[0], "touching, apex-free, lines=in-level, order=three_kinds<flush_three<flush_four<full_house, "
                        "tie=none, bag=11-9-10"),  # from the most of the others: black before red
        (panel.fewer[2], "touching, apex-free, lines=in-level, order=three_kinds<flush_three<flush_four<full_house, "
                         "tie=none, bag=11-10-9"),  # to the fewest
    ]
    for widget, expected in steps:
        click(view, widget)
        assert str(view.lab.rules) == expected
        assert str(panel.rules) == expected  # the panel shows what the screen holds
    assert not panel.ups["full_house"].enabled and panel.downs["full_house"].enabled  # on top of the four
    assert [text for text, _ in panel.summary_lines()] == [
        "\u2022 Every touching group counts, covered or cut", "\u2022 The apex counts on any turn",
        "\u2022 A line that climbs does not count", "\u2022 Full house ranks above flush four",
        "\u2022 A tie scores nothing", "\u2022 The bag holds 11 white, 10 black, 9 red",
    ]
    click(view, panel.b_standard)
    assert view.lab.rules == RuleSet() and panel.summary_lines()[0][0] == "The rules as written"
    assert not panel.b_standard.enabled


def test_a_plug_in_variant_is_a_control(app: SpokerApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
    rules_module.register_variant(rules_module.Variant(PLUGIN, "nothing changes", lambda r: r))
    view = open_lab(app)
    click(view, view.rules_panel.variants[PLUGIN])
    assert view.lab.rules.variants == (PLUGIN,)
    click(view, view.rules_panel.variants[PLUGIN])
    assert view.lab.rules.variants == ()


def test_a_variant_that_fails_is_one_line_and_the_rules_stay(app: SpokerApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))

    def broken(rulings: Any) -> Any:
        raise ZeroDivisionError("oops")

    rules_module.register_variant(rules_module.Variant(PLUGIN, "breaks", broken))
    view = open_lab(app)
    click(view, view.rules_panel.variants[PLUGIN])
    assert view.lab.rules == RuleSet() and not view.rules_panel.variants[PLUGIN].on
    assert view.message_kind == "bad" and "\n" not in view.message and PLUGIN in view.message


def test_in_level_lines_take_a_climbing_group_away_at_once(app: SpokerApp) -> None:
    view = open_lab(app, climbing_board(), RuleSet("touching"))
    view.choose(Colour.RED)
    view.query_cell = Cell("3C3")
    climbing = [v for v in judged(view) if {str(c) for c in v.group.cells} == {"1A1", "2B2", "3C3"}]
    assert climbing and climbing[0].counts and climbing[0].best
    click(view, view.rules_panel.lines)
    assert view.lab.rules.lines == "in-level"
    again = [v for v in judged(view) if {str(c) for c in v.group.cells} == {"1A1", "2B2", "3C3"}]
    assert again and not again[0].counts
    assert "climbs" in again[0].text()
    assert any("climbs" in text for text, _ in view.info_lines())  # the "why not" words
    view._refresh()
    lit_blocked = [h for h in view.scene._highlights if set(h.cells) >= {Cell("1A1"), Cell("2B2")}]
    assert lit_blocked  # the marks follow: the group is shown as blocked, not formed


def test_three_kinds_off_takes_the_three_kinds_away(app: SpokerApp) -> None:
    view = open_lab(app, EXAMPLE2_CUT)
    view.choose(Colour.WHITE)
    view.query_cell = Cell("1G3")
    assert view.table_rows()[0][1].startswith("three_kinds@1")
    click(view, view.rules_panel.ranks["three_kinds"])
    assert view.lab.rules.off == ("three_kinds",)
    three = [v for v in judged(view) if v.group.rank.key == "three_kinds"]
    assert three and not any(v.counts for v in three)
    assert "off" in three[0].text()
    assert view.table_rows()[0][1] == "none"  # the table is judged under the items too


def test_a_bag_the_board_does_not_fit_is_refused_in_one_line(app: SpokerApp) -> None:
    view = open_lab(app, EXAMPLE2_CUT)  # 10 black balls on it
    before = view.lab.rules
    click(view, view.rules_panel.more[0])  # one white more: from black (the most, with red)
    assert view.lab.rules == before and view.rules_panel.rules == before
    assert view.message_kind == "bad" and "10 black balls" in view.message and "\n" not in view.message


def test_a_bigger_bag_lets_more_balls_of_a_colour_on(app: SpokerApp) -> None:
    board = Board()
    view = open_lab(app, board, RuleSet(bag=(12, 9, 9)))
    level1 = [c for c in board.playable()][:11]
    for cell in level1:
        assert view.place(cell), view.message
    assert view.lab.board.count(Colour.WHITE) == 11
    view.choose(Colour.BLACK)
    assert view.apply_rules(RuleSet(bag=(12, 3, 15)))
    assert view.place(board.playable()[11]) and view.place(board.playable()[12]) and view.place(board.playable()[13])
    assert not view.place(board.playable()[14])
    assert "No black ball is left" in view.message


def test_save_as_rules_file_writes_a_file_that_reads_back_equal(app: SpokerApp) -> None:
    rules = RuleSet.parse("touching, tie=none, bag=12-9-9")
    view = open_lab(app, None, rules)
    click(view, view.rules_panel.b_save)
    assert view.dialog is not None and view.dialog.field.text == "my-rules"
    view.on_text("fair-tie")  # replaces the chosen name
    view.on_key_press(keys.ENTER, 0)
    assert view.dialog is None
    found = list((Path(os.environ["SPOKER_HOME"]) / "rules").glob("*.toml"))
    assert [p.name for p in found] == ["fair-tie.toml"]
    kept = read_rules_file(found[0])
    assert kept.name == "fair-tie" and kept.rules == rules
    # A summary as a person writes one (the title's tip shows it): no "Rules:" label before it.
    assert kept.summary == "Every touching group counts, covered or cut; a tie scores nothing; " \
                           "the bag holds 12 white, 9 black, 9 red"
    assert view.message_kind == "good" and str(found[0]) in view.message


@pytest.mark.parametrize("name", ["My Rules", "../up", "", "x" * 41])
def test_a_bad_rules_file_name_is_refused_and_nothing_is_written(app: SpokerApp, name: str) -> None:
    view = open_lab(app)
    view.ask_save_rules()
    assert view.dialog is not None
    view.dialog.field.text = name
    view.on_key_press(keys.ENTER, 0)
    assert view.dialog is None and view.message_kind == "bad" and "\n" not in view.message
    assert not (Path(os.environ["SPOKER_HOME"]) / "rules").exists()


def test_esc_closes_the_name_box_without_saving(app: SpokerApp) -> None:
    view = open_lab(app)
    view.ask_save_rules()
    view.on_key_press(keys.ESCAPE, 0)
    assert view.dialog is None and view.window.current_view is view  # the lab stays, nothing said
    assert not view.message


def test_the_panel_draws_at_every_size(app: SpokerApp, window: Any) -> None:
    view = open_lab(app, EXAMPLE2_CUT, RuleSet.parse("lines=in-level, off=full_house, tie=none, bag=11-10-9"))
    view.query_cell = Cell("1G3")
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        view.on_resize(*size)
        view.on_draw()
        left, bottom, w, h = view.rules_panel.rect
        assert view.panel_rect[0] < left and left + w <= size[0]
        assert bottom > 0 and bottom + h < view.colour_top  # under the colour buttons, the query box between
        for widget in view.rules_panel.widgets:
            assert left - 1 <= widget.left and widget.left + widget.width <= left + w + 1
    view.on_resize(*window.get_size())


def test_spoker_lab_opens_on_a_rules_file_and_reads_the_board_under_its_bag(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    import spoker.gui.launch as launch_module
    from spoker.cli import main
    from spoker.engine.rules import RulesFile
    from spoker.records.rules_file import dumps_rules_file

    rules = RuleSet.parse("tie=none, bag=12-9-9")
    path = tmp_path / "fair.toml"
    path.write_text(dumps_rules_file(RulesFile("fair", "a try", rules)), encoding="utf-8")
    eleven_white = "WWWWWWWWWWW...../........./..../."  # refused under 10-10-10 before
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(launch_module, "run_lab", lambda *a, **window: calls.append(a) or 0)
    assert main(["lab", eleven_white, "--rules", str(path)]) == 0
    assert calls == [(parse_board(eleven_white, (12, 9, 9)), rules, None)]


def test_the_lab_window_opens_on_a_board_only_its_bag_allows(app: SpokerApp) -> None:
    board = parse_board("WWWWWWWWWWW...../........./..../.", (12, 9, 9))
    view = app.show_lab(board, RuleSet(bag=(12, 9, 9)))
    assert view.lab.board == board and view.rules_panel.open


def test_spoker_lab_refuses_a_failing_plug_in_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    import spoker.gui.launch as launch_module
    from spoker.cli import main

    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
    rules_module.register_variant(rules_module.Variant(PLUGIN, "breaks", lambda r: 1 / 0))
    monkeypatch.setattr(launch_module, "run_lab", lambda *a, **window: pytest.fail("the window opened"))
    assert main(["lab", "--rules", f"visible,{PLUGIN}"]) == 2
    err = capsys.readouterr().err.strip()
    assert PLUGIN in err and "\n" not in err


def test_the_controls_stay_under_the_mouse_as_the_words_grow(app: SpokerApp, window: Any) -> None:
    """A person clicks Lines, then Tie where it was: each click's lines of
    words must not move the controls (they moved up a row a line before)."""
    view = open_lab(app)
    for size in ((800, 600), (1280, 800), (1920, 1080)):
        view.on_resize(*size)
        view.apply_rules(RuleSet())
        view.on_draw()
        panel = view.rules_panel
        where = {widget: (widget.left, widget.bottom) for widget in panel.widgets}
        tie_at = panel.tie.center
        click(view, panel.lines)
        view.on_mouse_press(int(tie_at[0]), int(tie_at[1]), LEFT, 0)
        assert str(view.lab.rules) == "visible, lines=in-level, tie=none", size
        view.apply_rules(RuleSet.parse("touching, apex-free, lines=in-level, off=full_house, tie=none, bag=12-9-9"))
        view.on_draw()
        assert {widget: (widget.left, widget.bottom) for widget in panel.widgets} == where, size
    view.on_resize(*window.get_size())


def test_the_lab_reads_a_12_9_9_bag_an_11th_white_goes_on_a_10th_black_does_not(app: SpokerApp) -> None:
    """Every place the laboratory refuses a ball asks the rule set's bag,
    never 10 a colour: placing, the query, the model's words and the tip."""
    from spoker.gui.models.lab import ask, why_not_placed

    rules = RuleSet.parse("bag=12-9-9")
    board = parse_board("WWWWWWWWWWBBBBBB/BBB....../..../.", rules.counts)  # 10 white, 9 black
    free = [c for c in board.playable()]
    view = open_lab(app, board, rules)
    assert why_not_placed(board, free[0], Colour.WHITE, rules.counts) is None
    assert ask(board, free[0], Colour.WHITE, view.lab.rule_sets).move == f"W@{free[0]}"
    view.choose(Colour.BLACK)
    view.query_cell = free[0]
    assert view.query is None and view.query_error is not None and "black" in view.query_error.lower()
    assert why_not_placed(board, free[0], Colour.BLACK, rules.counts) is not None
    assert not view.place(free[0]) and "No black ball is left" in view.message
    assert view.lab.board == board
    view.choose(Colour.WHITE)
    view.query_cell = free[0]
    assert view.query is not None and view.query_error is None
    assert view.place(free[0]), view.message
    assert view.lab.board.count(Colour.WHITE) == 11


def words_of(view: LabView) -> list[str]:
    view._refresh()
    return [text for text, _ in view.info_lines()]


def test_the_explanation_says_ranks_and_items_in_words_and_wraps_at_spaces(app: SpokerApp) -> None:
    """Not ``three_kinds is off under these rules (off=three_kinds)``: the
    notation's keys are not a player's words, and a long key was broken
    mid-word to fit the box."""
    from spoker.gui.render.text import breakable

    rules = RuleSet.parse("lines=in-level, off=three_kinds, order=three_kinds<flush_three<flush_four<full_house, tie=none")
    view = open_lab(app, EXAMPLE2_CUT, rules)
    view.choose(Colour.WHITE)
    view.query_cell = Cell("1G3")
    off = words_of(view)
    assert any("three of three kinds is off here" in t for t in off), off
    climbing = open_lab(app, climbing_board(), RuleSet("touching", lines="in-level"))
    climbing.choose(Colour.RED)
    climbing.query_cell = Cell("3C3")
    climbs = words_of(climbing)
    assert any("a line that climbs does not count here" in t for t in climbs), climbs
    view.selected = Cell("1A1")  # a ball's groups: its heading names the rules too
    for text in off + climbs + words_of(view):
        assert "_" not in text and "=" not in text, text
        assert breakable(text) == text, text  # no word so long it is cut mid-word
    assert off[0] == "W@1G3 under the visible rules and 4 changed items:"


def test_a_short_query_box_shows_the_answer_cut_rather_than_nothing(app: SpokerApp, window: Any) -> None:
    """At 800x600 with the rules panel open the query box holds three lines
    of small print: an answer longer than that was not drawn at all."""
    from spoker.gui.render.text import recording_texts

    view = open_lab(app, climbing_board(), RuleSet.parse("touching, lines=in-level, off=flush_three"))
    view.on_resize(800, 600)
    view.choose(Colour.RED)
    view.query_cell = Cell("3C3")
    head, answer = view.info_lines()[:2]
    # A group held back by many covered balls and cut contacts: one long line.
    first = answer[0] + "; contact 1C3-1C5 is cut by 2B4 and 2D4" * 4
    view.info_lines = lambda: [head, (first, answer[1])]  # type: ignore[method-assign]
    with recording_texts() as texts:
        view.app.frame_cache.enabled = False
        view.on_draw()
    top, bottom = view.colour_top, view.table_top
    inside = [t.text for t in texts.values() if t.multiline and bottom <= t.bottom and t.top <= top + 1]
    assert any(t.replace("\u200b", "").startswith(first[:12]) for t in inside), (first, inside)
    view.on_resize(*window.get_size())



def test_a_short_query_box_shows_how_to_ask_cut_rather_than_nothing(app: SpokerApp, window: Any) -> None:
    """The same box before any query: its how-to line (three lines of
    print, no heading to drop) was not drawn at all at 800x600 under a rules
    file with two items; now its start shows, cut at a space."""
    from spoker.gui.render.text import recording_texts

    view = open_lab(app, None, RuleSet.parse("visible, lines=in-level, bag=12-9-9"))
    view.on_resize(800, 600)
    (how, _), = view.info_lines()
    assert how.startswith("Point at a lit cell")
    with recording_texts() as texts:
        view.app.frame_cache.enabled = False
        view.on_draw()
    top, bottom = view.colour_top, view.table_top
    inside = [t.text.replace("\u200b", "") for t in texts.values()
              if t.multiline and bottom <= t.bottom and t.top <= top + 1]
    assert any(t.startswith("Point at a lit cell") and t.endswith("\u2026") for t in inside), inside
    view.on_resize(*window.get_size())

def test_the_screenshots_laboratory_follows_the_rules_bag(app: SpokerApp) -> None:
    """``spoker play --screenshot --show lab --rules bag=12-9-9`` failed: the
    worked example holds ten black balls, more than that bag. It opens on the
    empty board instead; on a game's board, the query is judged under the bag
    (an 11th white ball is the richest placement the default bag refuses)."""
    from spoker.engine.state import GameState
    from spoker.gui.models.controller import GameController, GameSetup
    from spoker.gui.screenshot import show_lab

    rules = RuleSet(bag=(12, 9, 9))
    view = show_lab(app, GameController(GameSetup(rules=rules)))
    assert len(view.lab.board) == 0 and view.query_cell is None and view.lab.rule_sets[0] == rules
    ten_white = parse_board("WWWWWWWWWW....../........./..../.", (12, 9, 9))
    controller = GameController(GameSetup(rules=rules), GameState.from_board(ten_white, rules))
    view = show_lab(app, controller)
    assert view.lab.board == ten_white and view.query_cell is not None
    assert view.lab.colour == Colour.WHITE  # a white ball forms the most there: only this bag has an 11th
    as_written = show_lab(app, GameController(GameSetup()))
    assert as_written.query_cell == Cell("1G3")  # the worked example, as before
