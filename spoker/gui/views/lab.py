"""The Laboratory screen: set up any position and see what a ball would form.

A thin view over :class:`spoker.gui.models.lab.Lab` (the position, undo and redo, the
ball's colour, the rule set) and :class:`spoker.gui.models.lab.SuiteSteps` (an opened
group test suite): it draws the board with the game's scene, lights the
groups of the query and sends clicks to the model.

Mouse: a click on a lit cell places a ball of the chosen colour; hovering a
lit cell asks what that ball would form (it stays the query until another
cell is hovered); a click on a ball shows the groups through it; a right
click on a ball (or Delete on the chosen one) removes it.

The rules panel (U, :mod:`spoker.gui.views.rules_panel`) takes the place of
the table and the suite: every item of the rule set as a control, the
groups judged again at each change, "Save as rules file" (a name asked in
:class:`~spoker.gui.views.save_dialog.SaveDialog`, kept by
:func:`spoker.gui.models.rules_library.save`).
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Board, Cell, Colour
from spoker.engine.refusals import board_refusal
from spoker.engine.rules import RuleSet
from spoker.errors import IllegalActionError, SpokerError
from spoker.gui.models import rules_library
from spoker.gui.models.autosave import data_dir
from spoker.gui.models.lab import (
    RULE_SETS,
    JudgedGroup,
    Lab,
    Query,
    SuiteSteps,
    append_case,
    rules_file_for,
)
from spoker.gui.models.story import Mark, MarkRole
from spoker.gui.render.frame import Rect, clear_colour, pixel_rect
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP, BaseView
from spoker.gui.views.common import board_cell_at, highlights, toggle_plan
from spoker.gui.views.placing import step_through
from spoker.gui.views.rules_panel import RulesPanel
from spoker.gui.views.save_dialog import NO_NAME, SaveDialog
from spoker.gui.widgets.ball_tip import draw_ball_tip
from spoker.gui.widgets.buttons import Button, Choice
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import ENTER_KEYS, TextInput, one_line
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar
from spoker.text.narrator import COLOUR_NAMES, refusal_text
from spoker.text.rules_words import heading

if TYPE_CHECKING:
    from spoker.gui.host import AppHost

FIELD_ROW = 48  # the board string field above the toolbar
RIGHT = arcade.MOUSE_BUTTON_RIGHT
RULE_LABELS = ("visible", "touching", "visible+apex-free", "touching+apex-free")
"""The four rule sets compared (visibility and apex ruling), as the table names them."""
QUERY_BOX_MIN = 84
"""The least height the query box keeps beside the rules panel (scale 1)."""
RULES_PANEL_TIP = "The rules panel: every item of the rule set as a control (U)"
RULES_FILE_HELP = "Name of the rules file (a lower-case word such as fair-tie), kept in rules/:"
COLOUR_KEYS = {keys.W: Colour.WHITE, keys.B: Colour.BLACK, keys.R: Colour.RED}
ROW_COLOURS = {
    "best": ROLE_COLOURS["formed"],
    "counts": (150, 225, 160, 255),
    "not": (175, 175, 185, 255),
    "miss": (140, 150, 175, 255),
    "head": THEME.accent,
}


SUITE_FILENAME = "lab-suite.txt"

HELP_KEYS = (
    ("click, Enter", "place a ball on the lit cell"),
    ("point, Tab", "what a ball would form there"),
    ("click a ball", "its groups, and why each counts or not"),
    ("right-click, Del", "remove a ball"),
    ("W / B / R", "the ball's colour"),
    ("T / Shift+T", "the next / previous rule set"),
    ("U", "the rules panel: every item of the rule set"),
    ("Ctrl+Z, Ctrl+Y", "undo, redo (Ctrl+N: clear the board)"),
    ("Ctrl+C, Ctrl+V", "copy, paste the board string"),
    ("\u2190 \u2192, E", "rotate the pyramid; exploded view"),
    ("L", "the plan: the levels flat, side by side"),
    ("S", "save the query as a test case"),
    ("O, PgUp PgDn", "open the suite; previous / next case"),
    ("H, F1, ?", "this help"),
    ("Esc", "close a ball's groups; the title screen"),
)
"""The laboratory's keys, for its help (spoker.gui.views.help)."""


def rule_label(rules: RuleSet) -> str:
    """Which of the four ``rules`` is (its visibility and apex ruling)."""
    return RULE_LABELS[RULE_SETS.index(RuleSet(rules.visibility, rules.apex_free))]


def default_suite_path() -> Path:
    """Where "Save as test case" writes unless told otherwise: the data
    folder, or the current folder when there is none (no home directory)."""
    return (data_dir() or Path.cwd()) / SUITE_FILENAME


def clipboard_text(window: arcade.Window) -> str | None:
    """The system clipboard's text, or None where there is none (headless)."""
    try:
        return str(window.get_clipboard_text())
    except Exception:  # pyglet has no clipboard headless (it raises), X errors elsewhere
        return None


def set_clipboard_text(window: arcade.Window, text: str) -> bool:
    try:
        window.set_clipboard_text(text)
    except Exception:
        return False
    return True


class LabView(BaseView):
    """The laboratory: a position being set up and the query on it."""

    help_keys = HELP_KEYS
    help_name = "the laboratory"

    def __init__(self, app: AppHost, lab: Lab | None = None, suite_path: str | None = None) -> None:
        super().__init__(app)
        self.lab = lab if lab is not None else Lab()
        self.scene = app.scene
        self.hover_cell: Cell | None = None
        self.query_cell: Cell | None = None  # the last playable cell pointed at
        self.selected: Cell | None = None  # a ball clicked on
        self.steps: SuiteSteps | None = None
        self.board_rect = (0.0, 0.0, 1.0, 1.0)
        self.panel_rect = (0.0, 0.0, 1.0, 1.0)
        self.row_rects: list[tuple[float, float, float, float]] = []  # the panel's text boxes, last frame
        self._query: tuple[tuple[Board, Cell, Colour, RuleSet], Query | str] | None = None
        self.dialog: SaveDialog | None = None
        self._build_widgets(suite_path or str(default_suite_path()))
        self._header = Label("", 12, THEME.muted, bold=True, anchor_y="top")
        self._section = [Label(t, 11, THEME.muted, bold=True, anchor_y="top") for t in ("ALL FOUR RULE SETS", "TEST SUITE")]
        self._table = [(Label("", 11, anchor_y="top"), Label("", 11, anchor_y="top")) for _ in RULE_SETS]
        self._info = TextBlock(11)
        self._info_small = TextBlock(9.5)
        self._case = TextBlock(11)
        self._overlay_tip = Label("", 11, anchor_y="center")
        self.rules_panel.sync(self.lab.rules)
        self.rules_panel.show(not self.lab.rules.is_standard)  # rules given with items: shown
        self._refresh()
        self.attach_labels()

    # -- widgets -------------------------------------------------------------
    def _build_widgets(self, suite_path: str) -> None:
        ui = self.ui
        self.b_undo = ui.add(Button("Undo", self.undo, "Ctrl+Z", tooltip="Take back the last change"))
        self.b_redo = ui.add(Button("Redo", self.redo, "Ctrl+Y", tooltip="Do again what was undone"))
        self.b_clear = ui.add(Button("Clear", self.clear_board, "Ctrl+N", tooltip="An empty board (undo brings it back)"))
        self.b_turn = ui.add(Button("Turn \u21bb", lambda: self.scene.rotate(-1), "\u2190 \u2192", tooltip="Rotate the pyramid a quarter turn"))
        self.b_explode = ui.add(Button("Exploded", self.toggle_exploded, "E", tooltip="Lift the levels apart to see every ball"))
        self.b_help = ui.add(Button("Help", self.app.show_help, "F1", tooltip="Rules, groups and the laboratory's keys"))
        self.b_menu = ui.add(Button("Menu", self.app.show_title, "Esc", tooltip=f"Back to the title screen ({TITLE_TIP})"))
        self.toolbar = [self.b_undo, self.b_redo, self.b_clear, self.b_turn, self.b_explode, self.b_help, self.b_menu]
        self.board_field = ui.add(TextInput(
            self.lab.copy(), "board string", 200, on_submit=self.paste_text,
            tooltip="The position as a board string: type or paste one, then Enter",
        ))
        self.b_copy = ui.add(Button("Copy", self.copy, "Ctrl+C", tooltip="Copy the board string"))
        self.b_paste = ui.add(Button("Paste", self.paste, "Ctrl+V", tooltip="Set the board from the clipboard"))
        self.colour_buttons = [
            ui.add(Button(COLOUR_NAMES[k].capitalize(), lambda k=k: self.choose(k), k.char,  # type: ignore[misc]
                          tooltip=f"Place {COLOUR_NAMES[k]} balls"))
            for k in Colour
        ]
        self.rules_choice = ui.add(Choice(
            "Rules", list(zip(RULE_LABELS, RULE_LABELS)), RULE_LABELS.index(rule_label(self.lab.rules)),
            on_change=self._rules_changed, tooltip="The rule set the groups are judged by (T)",
        ))
        self.b_rules = ui.add(Button("Items", self.toggle_rules_panel, "U", tooltip=RULES_PANEL_TIP))
        self.rules_panel = RulesPanel(ui, self.apply_rules, self.ask_save_rules)
        self.suite_field = ui.add(TextInput(suite_path, "suite file", 400, caption="Suite file",
                                           tooltip="Where test cases are saved, or the suite to open"))
        self.b_save_case = ui.add(Button("Save as test case", self.save_case, "S",
                                          tooltip="Append the query and its answer to the suite file"))
        self.b_open = ui.add(Button("Open suite", self.open_suite, "O", tooltip="Step through the suite's cases, failing first"))
        self.b_prev = ui.add(Button("\u25c0 Case", lambda: self.step_case(-1), "PgUp"))
        self.b_next = ui.add(Button("Case \u25b6", lambda: self.step_case(1), "PgDn"))

    def layout(self, width: int, height: int) -> None:
        if self.dialog is not None:
            self.dialog.layout(width, height)
        s = ui_scale()
        panel_w = max(260.0, min(440.0 * s, width * 0.34))
        board_w = width - panel_w
        self.panel_rect = (board_w, 0.0, panel_w, float(height))
        bar = TOOLBAR_H * s
        gap = 6.0 * s
        place_toolbar(self.toolbar, [self.b_help, self.b_explode], board_w, bar,
                      gap=gap, min_width=66 * s, max_width=118 * s)
        y = bar + 6 * s
        small = (64.0 if board_w < 700 * s else 90.0) * s
        self.board_field.place(8 * s, y, board_w - 24 * s - 2 * (small + gap), 34 * s)
        self.b_copy.place(board_w - 16 * s - 2 * small - gap, y, small, 34 * s)
        self.b_paste.place(board_w - 16 * s - small, y, small, 34 * s)
        low = bar + FIELD_ROW * s
        self.board_rect = (0.0, low, board_w, height - low)
        self.scene.set_viewport(10, low + 4 * s, board_w - 20, height - low - 12 * s)
        self._layout_panel(board_w + 12 * s, panel_w - 24 * s, height)

    def _layout_panel(self, x: float, w: float, height: int) -> None:
        """The panel from its top (header, colours, rules) and from its
        bottom (case buttons, case, suite, table); the query box between.
        Text rows are spaced by their fonts' heights, which grow with the scale."""
        s = ui_scale()
        self.row_h = self._table[0][0].set("Ag").content_height + 1 * s
        section_h = self._section[0].content_height
        top = height - 10 * s - self._header.set("LABORATORY").content_height - 6 * s
        third = (w - 12 * s) / 3
        for i, b in enumerate(self.colour_buttons):
            b.place(x + i * (third + 6 * s), top - 38 * s, third, 38 * s)
        opened = self.rules_panel.open
        button_w = 40 * s if opened else min(96 * s, w * 0.32)
        self.rules_choice.visible = not opened
        self.rules_choice.place(x, top - 82 * s, w - button_w - 6 * s, 36 * s)
        self.rules_panel.place_top(x, top - 82 * s, w - button_w - 6 * s, 36 * s)
        self.b_rules.place(x + w - button_w, top - 82 * s, button_w, 36 * s)
        self.b_rules.label = "\u2715" if opened else "Items"
        self.b_rules.tooltip = "Close the rules panel (U)" if opened else RULES_PANEL_TIP
        self.b_rules.active = opened
        self.colour_top = top - 92 * s  # where the query box starts
        for widget in (self.suite_field, self.b_save_case, self.b_open):
            widget.visible = not opened
        if opened:
            self.b_prev.visible = self.b_next.visible = False
            # The query box keeps room for its best group's lines.
            self.table_top = self.rules_panel.layout(x, 10 * s, w, self.colour_top - QUERY_BOX_MIN * s) + 4 * s
            return
        half = (w - 6 * s) / 2
        self.b_prev.place(x, 10 * s, half, 32 * s)
        self.b_next.place(x + half + 6 * s, 10 * s, half, 32 * s)
        self.case_bottom = 46 * s  # the case's lines stay above the case buttons
        case_room = 3 * (self.row_h + 3 * s) + 8 * s if self.steps is not None else 0.0
        self.case_y = self.case_bottom + 4 * s + case_room
        self.b_save_case.place(x, self.case_y, half, 36 * s)
        self.b_open.place(x + half + 6 * s, self.case_y, half, 36 * s)
        field_y = self.case_y + 44 * s
        self.suite_field.place(x, field_y, w, 32 * s)
        caption_h = self.suite_field._caption.set("Suite file").content_height
        # The "TEST SUITE" title's top: above the field's caption.
        self.suite_top = field_y + 32 * s + 3 * s + caption_h + 4 * s + section_h
        self.table_top = self.suite_top + 10 * s + section_h + 2 * s + len(RULE_SETS) * self.row_h
        self.b_prev.visible = self.b_next.visible = self.steps is not None

    def on_show_view(self) -> None:
        super().on_show_view()
        self.scene.set_board(self.lab.board, animate=False)
        self._refresh()

    # -- the model's actions -------------------------------------------------
    def choose(self, colour: Colour) -> None:
        self.lab.colour = colour
        self._refresh()

    def _rules_changed(self, label: str) -> None:
        self.apply_rules(self.lab.rule_sets[RULE_LABELS.index(label)])

    def set_rules(self, rules: RuleSet) -> bool:
        return self.apply_rules(rules)

    def apply_rules(self, rules: RuleSet) -> bool:
        """Judge by ``rules`` from now on (a control of the panel, T, a suite's
        case): the groups, the marks and the words follow at once. A rule set
        the position or a plug-in refuses is told in one line; the rules stay."""
        try:
            self.lab.set_rules(rules)
        except SpokerError as err:
            self.say(f"Not these rules: {err}", "bad", 8)
        self.rules_choice.select(rule_label(self.lab.rules))
        self.rules_panel.sync(self.lab.rules)
        self.layout(*self.size)  # the summary's lines may be more or fewer
        self.changed()
        self._refresh()
        return self.lab.rules == rules

    def toggle_rules_panel(self) -> None:
        """U, the Items button: the rules panel, or the table and the suite again."""
        self.rules_panel.show(not self.rules_panel.open)
        self.rules_panel.sync(self.lab.rules)
        self.layout(*self.size)
        self.changed()

    # -- Save as rules file ---------------------------------------------------------
    def ask_save_rules(self) -> None:
        """The box asking the rules file's name."""
        self.dialog = SaveDialog("Save as rules file", "my-rules", self.save_rules, RULES_FILE_HELP)
        self.dialog.layout(*self.size)
        self.changed()

    def save_rules(self, name: str) -> Path | None:
        """Keep the rule set as ``rules/NAME.toml`` with its summary in words;
        where, or why not, in one line."""
        if not name:
            self.say(NO_NAME, "bad")
            return None
        try:
            path = rules_library.save(rules_file_for(name, self.lab.rules))
        except SpokerError as err:
            self.say(f"Not saved: {err}", "bad", 8)
            return None
        self.say(f"Saved the rules to {path}", "good", 6)
        return path

    def place(self, cell: Cell) -> bool:
        try:
            self.lab.place(cell)
        except IllegalActionError as err:
            self.say(_sentence(str(err)), "bad")
            return False
        self._board_changed()
        return True

    def remove(self, cell: Cell) -> bool:
        try:
            self.lab.remove(cell)
        except IllegalActionError as err:
            self.say(_sentence(str(err)), "bad", 6)
            return False
        if self.selected == cell:
            self.selected = None
        self._board_changed()
        return True

    def undo(self) -> None:
        if self.lab.undo():
            self._board_changed()
        else:
            self.say("Nothing to undo.", "info", 2)

    def redo(self) -> None:
        if self.lab.redo():
            self._board_changed()
        else:
            self.say("Nothing to redo.", "info", 2)

    def clear_board(self) -> None:
        self.lab.clear()
        self.selected = None
        self._board_changed()

    def copy(self) -> None:
        text = self.lab.copy()
        if set_clipboard_text(self.window, text):
            self.say(f"Copied: {text}", "good", 3)
        else:
            self.say("No clipboard here: the board string is in the field under the board.", "info")

    def paste(self) -> None:
        text = clipboard_text(self.window)
        if text is None:
            self.board_field.focus(True)
            self.say("No clipboard here: type the board string in the field, then Enter.", "info")
            return
        self.paste_text(text)

    def paste_text(self, text: str) -> bool:
        """Set the position from a board string (the field's Enter, Paste)."""
        try:
            self.lab.paste(text)
        except ValueError as err:
            self.say(_sentence(_short_quote(str(err), text)), "bad", 8)
            return False
        self.selected = None
        self._board_changed()
        self.say("Board set.", "good", 2)
        return True

    def toggle_exploded(self) -> None:
        self.scene.set_exploded(not self.scene.exploded)

    # -- test suites -----------------------------------------------------------
    def save_case(self) -> None:
        query = self.query
        if query is None:
            self.say("Point at a lit cell first: the query is what is saved.", "bad")
            return
        path = self.suite_field.text.strip()
        if not path:
            self.say("Type the suite file's name first.", "bad")
            self.suite_field.focus(True)
            return
        try:
            line, target = append_case(path, query, self.lab.rules)
        except OSError as err:  # a full disk, a read-only folder: the file is as it was
            self.say(f"Not saved: {err.strerror or err}; {path} is unchanged", "bad", 8)
            return
        except ValueError as err:
            self.say(f"Not saved: {err}", "bad", 8)
            return
        self.say(f"Saved to {target}: {line}", "good", 6)

    def open_suite(self, path: str | None = None) -> bool:
        path = (path if path is not None else self.suite_field.text).strip()
        if not path:
            self.say("Type the suite file's name first.", "bad")
            self.suite_field.focus(True)
            return False
        try:
            steps = SuiteSteps.open(path)
        except (OSError, ValueError) as err:
            self.say(f"Cannot open the suite: {err}", "bad", 8)
            return False
        if not steps.cases:
            self.say(f"{path}: no cases in this suite.", "bad")
            return False
        self.suite_field.text = path
        self.steps = steps
        self.layout(*self.size)
        self._show_case()
        return True

    def step_case(self, delta: int) -> None:
        if self.steps is None:
            self.say("Open a suite first.", "info")
            return
        self.steps.step(delta)
        self._show_case()

    def _show_case(self) -> None:
        assert self.steps is not None
        shown = self.steps.current
        board, cell, colour, rules = shown.position()
        if board is not None:
            self.lab.rules = rules  # the case's board is read under its rules (their bag)
            self.lab.set_board(board)
        if colour is not None:
            self.lab.colour = colour
        self.apply_rules(rules)
        self.selected = None
        self._board_changed()
        self.query_cell = cell if cell is not None and self.lab.board.is_playable(cell) else None
        self._refresh()

    # -- the query ---------------------------------------------------------------
    @property
    def query(self) -> Query | None:
        """What the ball would form on the cell pointed at last (None: no cell,
        or a reason it cannot go there, in :attr:`query_error`)."""
        answer = self._answer()
        return answer if isinstance(answer, Query) else None

    @property
    def query_error(self) -> str | None:
        answer = self._answer()
        return answer if isinstance(answer, str) else None

    def _answer(self) -> Query | str | None:
        cell = self.query_cell
        if cell is None:
            return None
        key = (self.lab.board, cell, self.lab.colour, self.lab.rules)
        if self._query is None or self._query[0] != key:
            try:
                result: Query | str = self.lab.ask(cell)
            except IllegalActionError as err:
                result = str(err)
            self._query = (key, result)
        return self._query[1]

    def _board_changed(self) -> None:
        self.scene.set_board(self.lab.board)
        if self.query_cell is not None and not self.lab.board.is_playable(self.query_cell):
            self.query_cell = None
        if self.selected is not None and self.selected not in self.lab.board:
            self.selected = None
        if not self.board_field.focused:
            self.board_field.text = self.lab.copy()
            self.board_field.cursor = len(self.board_field.text)
        self._refresh()

    def _refresh(self) -> None:
        """Highlights, ghost and buttons for the model's state."""
        for b, k in zip(self.colour_buttons, Colour):
            b.active = self.lab.colour == k
        self.b_undo.enabled = self.lab.can_undo
        self.b_redo.enabled = self.lab.can_redo
        self.b_explode.active = self.scene.exploded
        marks: list[Mark] = []
        if self.selected is not None:
            marks.append(Mark((self.selected,), MarkRole.SELECTED))
            for v in self.lab.ball(self.selected):
                marks.append(Mark(v.group.cells, MarkRole.FORMED if v.counts else MarkRole.BLOCKED))
        else:
            query = self.query
            if query is not None:
                answer = query.answer(self.lab.rules)
                for v in answer.judged:
                    role = MarkRole.FORMED if v.best else (MarkRole.HINT if v.counts else MarkRole.BLOCKED)
                    marks.append(Mark(v.group.cells, role))
                marks.extend(Mark(m.cells, MarkRole.BLOCKED) for m in query.near_misses)
        self.scene.set_highlights(highlights(marks))  # type: ignore[arg-type]
        ghost = self.query_cell if self.query is not None else None
        self.scene.set_ghost(ghost, self.lab.colour if ghost is not None else None)
        self.scene.set_hover(self.hover_cell)
        self.scene.set_guides(True, None)  # the lab always holds a ball: its playable cells are the lit ones

    # -- what the panel says -----------------------------------------------------
    def info_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The query's (or the chosen ball's) groups, each counting or not, coloured."""
        if self.selected is not None:
            return self._ball_lines(self.selected)
        query = self.query
        if query is None:
            error = self.query_error
            if error is not None:
                return [(f"{self.lab.colour.word.capitalize()} on {self.query_cell}: {error}.", ROW_COLOURS["not"])]
            return [(
                f"Point at a lit cell to see what a {self.lab.colour.word} ball would form there; "
                "click places it. Click a ball to see its groups; right-click removes it.",
                THEME.muted,
            )]
        answer = query.answer(self.lab.rules)
        lines = [(f"{query.move} under {heading(self.lab.rules)}:", ROW_COLOURS["head"])]
        if not answer.judged:
            lines.append(("It forms no winning group.", THEME.text))
        # The best first: a short box still shows the answer.
        ordered = sorted(answer.judged, key=lambda v: not v.best)
        lines.extend((("\u2605 " if v.best else "\u2022 ") + v.text(), ROW_COLOURS[_row(v)]) for v in ordered)
        lines.extend(("\u2022 " + m.text(), ROW_COLOURS["miss"]) for m in query.near_misses)
        return lines

    def _ball_lines(self, cell: Cell) -> list[tuple[str, tuple[int, int, int, int]]]:
        colour = self.lab.board[cell]
        name = COLOUR_NAMES[colour] if colour is not None else "no"
        judged = self.lab.ball(cell)
        lines = [(f"{name.capitalize()} ball on {cell}, under {heading(self.lab.rules)}:", ROW_COLOURS["head"])]
        if not judged:
            lines.append(("It belongs to no complete winning group.", THEME.text))
        lines.extend(("\u2022 " + v.text(), ROW_COLOURS["counts" if v.counts else "not"]) for v in judged)
        lines.append(("Right-click or Delete removes it; Esc closes.", THEME.muted))
        return lines

    def table_rows(self) -> list[tuple[str, str]]:
        """(rule set, best group in EXPECT syntax) for the four rule sets
        (with the chosen rule set's other items)."""
        query = self.query
        return [(label, query.answers[i].expect if query is not None else "-") for i, label in enumerate(RULE_LABELS)]

    # -- frame loop ----------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.app.closed:
            return
        if self.dialog is not None:
            self.dialog.update(delta_time)
            if self.dialog.done:
                self.dialog = None
                self.changed()
        self.scene.update(min(delta_time, 0.25))

    def on_draw(self) -> None:
        self._refresh()
        pulses: list[tuple[Rect, float]] = []
        glow = self.scene.glow_rect()
        if glow is not None:
            pulses.append((pixel_rect(*glow, scale=self.window.get_pixel_ratio()), self.scene.pulse()))
        self.app.frame_cache.frame(self._frame_key(), self._draw_screen, pulses)
        super().on_draw()

    def _frame_key(self) -> Hashable | None:
        """Equal while the picture is: the lab changes on input (counted by the
        window's pacer) and shows it on its board (highlights, ghost, hover)
        and its widgets; None while the board moves."""
        if self.scene.animating or self.dialog is not None:
            return None
        return (
            id(self), self.size, self.app.frame_cache.pacer.events, self.ui.revision, self.scene.revision,
            self.revision, self.lab.board, self.lab.rules, self.hover_cell, self.selected,
            self.message if self.message_time > 0 else None,
        )

    def _draw_screen(self, level: float | None = None) -> None:
        """The whole screen; the board's glow at ``level`` if given (see FrameCache)."""
        clear_colour(THEME.background)
        self.scene.draw(level)
        self._draw_panel()
        self.ui.draw()
        self.layer.draw()
        if self.dialog is not None:
            self.dialog.draw()
        else:
            self._draw_board_tip()
            self.ui.draw_tooltip()
        self.draw_message((TOOLBAR_H + FIELD_ROW + 6) * ui_scale(), (0.0, self.panel_rect[0]))

    def _draw_panel(self) -> None:
        left, _, width, height = self.panel_rect
        s = ui_scale()
        arcade.draw_lrbt_rectangle_filled(left, left + width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(left, 0, left, height, THEME.panel_border, 2)
        x, w = left + 12 * s, width - 24 * s
        n, (white, black, red) = len(self.lab.board), self.lab.board.counts()
        counts = f"W {white}  B {black}  R {red}"
        self._header.draw_at(x, height - 10 * s, self._header.first_fitting((
            f"LABORATORY  \u00b7  {n} balls  \u00b7  {counts}", f"{n} balls  \u00b7  {counts}", f"{n} balls"), w))
        rects: list[tuple[float, float, float, float]] = []
        # The query box between the rules choice and the table.
        box_top, box_bottom = self.colour_top, self.table_top + 8 * s
        if box_top - box_bottom > 40 * s:
            draw_box(x, box_bottom, w, box_top - box_bottom, (22, 26, 34, 240), THEME.accent, radius=8)
            self._draw_info(x + 8 * s, box_top - 6 * s, w - 16 * s, box_bottom + 4 * s)
            rects.append((x, box_bottom, w, box_top - box_bottom))
        if self.rules_panel.open:
            self.row_rects = rects + self.rules_panel.draw()
            return
        heading = self._section[0]
        heading.draw_at(x, self.table_top, heading.first_fitting(
            ("ALL FOUR RULE SETS",) if self.lab.rules.is_standard
            else ("ALL FOUR, WITH THE OTHER ITEMS", "ALL FOUR, SAME ITEMS"), w))
        y = self.table_top - self._section[0].content_height - 2 * s
        col = min(w * 0.48, 175.0 * s)
        for i, ((rule, expect), (a, b)) in enumerate(zip(self.table_rows(), self._table)):
            colour = THEME.accent if self.lab.rule_sets[i] == self.lab.rules else THEME.text
            a.draw_at(x, y, a.fitted(rule, col - 6 * s), colour)
            if b.fitted(expect, w - col) != expect:
                expect = expect.split(" ")[0]  # rank@level; the board lights the cells
            b.draw_at(x + col, y, b.fitted(expect, w - col), colour)
            rects.append((x, y - self.row_h, w, self.row_h))
            y -= self.row_h
        self._section[1].draw_at(x, self.suite_top)
        if self.steps is not None:
            self._case.draw(self.case_lines(), x, self.case_y - 4 * s, w, bottom_limit=self.case_bottom)
            rects.append((x, self.case_bottom, w, self.case_y - self.case_bottom))
        self.row_rects = rects

    def _draw_info(self, left: float, top: float, width: float, bottom: float) -> None:
        """The query's lines; in a short box (a low window, a suite open)
        without their heading, then the first in smaller print, cut at a
        space, rather than nothing (the answer, or how to ask)."""
        lines = self.info_lines()
        block = self._info
        room = top - bottom
        if block.height(lines, width) > room:
            if len(lines) > 1 and lines[0][1] == ROW_COLOURS["head"]:
                lines = lines[1:]  # the move and the rules are in the table too
            if block.height(lines[:1], width) > room:  # the answer, or the how-to line
                block = self._info_small
                lines[0] = (_cut_to(block, lines[0][0], width, room), lines[0][1])
        block.draw(lines, left, top, width, bottom_limit=bottom)

    def case_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        if self.steps is None:
            return []
        shown = self.steps.current
        colour = THEME.good if shown.passed else THEME.bad
        return [(shown.title(self.steps), colour), (shown.detail(), THEME.text)]

    def _draw_board_tip(self) -> None:
        cell = self.hover_cell
        if cell is None:
            return
        board = self.lab.board
        colour = board[cell]
        if colour is not None:
            text = f"{cell}: {COLOUR_NAMES[colour]} ball. Click: its groups; right-click: remove."
        else:
            refusal = board_refusal(board, cell, self.lab.colour, self.lab.rules.counts)
            if refusal is None:
                text = f"{cell}: click to place a {COLOUR_NAMES[self.lab.colour]} ball."
            else:
                text = _sentence(refusal_text(refusal, cell, self.lab.colour))
        draw_ball_tip(self._overlay_tip, text, self.scene, cell, self.panel_rect[0], self.size[1])

    # -- input ---------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)
            return
        super().on_mouse_motion(x, y, dx, dy)
        self.hover_cell = board_cell_at(self, x, y)
        if self.hover_cell is not None and self.hover_cell not in self.lab.board:
            self.query_cell = self.hover_cell
            self.selected = None
        self._refresh()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.on_mouse_press(x, y, button)
            self._close_done_dialog()
            return
        if self.ui.on_mouse_press(x, y, button):
            return
        cell = board_cell_at(self, x, y)
        if cell is None:
            self.selected = None
        elif cell in self.lab.board:
            if button == RIGHT or modifiers & keys.MOD_SHIFT:
                self.remove(cell)
            else:
                self.selected = None if self.selected == cell else cell
        elif button != RIGHT:
            self.query_cell = cell
            self.place(cell)
        self._refresh()

    def on_text(self, text: str) -> None:
        if self.dialog is not None:
            self.dialog.on_text(text)
            return
        super().on_text(text)

    def _close_done_dialog(self) -> None:
        if self.dialog is not None and self.dialog.done:
            self.dialog = None
        self.changed()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.dialog is not None:  # the box has the keys: Enter saves, Esc cancels
            self.dialog.on_key_press(symbol, modifiers)
            self._close_done_dialog()
            return
        ctrl = modifiers & (keys.MOD_CTRL | keys.MOD_COMMAND)
        field = self.ui.focused
        if ctrl and symbol == keys.V:
            text = clipboard_text(self.window)
            if field is not None and text is not None:
                field.insert(one_line(text))  # over the field's selection
            elif field is None:
                self.paste()
            return
        if ctrl and symbol == keys.C:
            if field is not None and not set_clipboard_text(self.window, field.selected_text or field.text):
                self.say("No clipboard here.", "info", 2)
            elif field is None:
                self.copy()
            return
        super().on_key_press(symbol, modifiers)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        ctrl = modifiers & (keys.MOD_CTRL | keys.MOD_COMMAND)
        shift = modifiers & keys.MOD_SHIFT
        if ctrl and (symbol == keys.Y or (symbol == keys.Z and shift)):
            self.redo()
        elif ctrl and symbol == keys.Z:
            self.undo()
        elif ctrl and symbol == keys.N:
            self.clear_board()
        elif ctrl:
            return
        elif symbol in COLOUR_KEYS:
            self.choose(COLOUR_KEYS[symbol])
        elif symbol == keys.T:
            self.rules_choice.step(-1 if shift else 1)
        elif symbol == keys.U:
            self.toggle_rules_panel()
        elif symbol == keys.LEFT:
            self.scene.rotate(1)
        elif symbol == keys.RIGHT:
            self.scene.rotate(-1)
        elif symbol == keys.E:
            self.toggle_exploded()
        elif symbol == keys.L:
            toggle_plan(self)
        elif symbol == keys.S:
            self.save_case()
        elif symbol == keys.O:
            self.open_suite()
        elif symbol == keys.PAGEDOWN:
            self.step_case(1)
        elif symbol == keys.PAGEUP:
            self.step_case(-1)
        elif symbol in (keys.DELETE, keys.BACKSPACE) and self.selected is not None:
            self.remove(self.selected)
        elif symbol == keys.TAB:
            self._cycle_query(-1 if shift else 1)
        elif symbol in ENTER_KEYS and self.query_cell is not None:
            self.place(self.query_cell)
        elif symbol in (keys.F1, keys.H) or (symbol == keys.SLASH and shift):
            self.app.show_help()
        elif symbol == keys.ESCAPE:
            if self.selected is not None:
                self.selected = None
            else:
                self.app.show_title()
        self._refresh()

    def _cycle_query(self, step: int) -> None:
        """Tab: the query walks through the playable cells (keyboard only)."""
        cell = step_through(self.lab.board.playable(), self.query_cell, step)
        if cell is not None:
            self.query_cell = cell
            self.selected = None


def _sentence(text: str) -> str:
    """``cannot remove ...`` as a sentence (cell names keep their case)."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _short_quote(message: str, text: str, keep: int = 24) -> str:
    """``message`` with a long quoted ``text`` shortened: the one-line
    message box then still shows why the text was refused."""
    if len(text) <= keep + 8 or text not in message:
        return message
    return message.replace(text, text[:keep] + "\u2026")


def _cut_to(block: TextBlock, text: str, width: float, room: float) -> str:
    """``text`` cut at a space (an ellipsis after it) to the lines that fit
    ``room`` at ``block``'s size: the first of an answer rather than none."""
    words = text.split(" ")
    cut = text
    while len(words) > 1 and block.height([(cut, THEME.text)], width) > room:
        words.pop()
        cut = " ".join(words).rstrip(",;:") + "\u2026"
    return cut


def _row(v: JudgedGroup) -> str:
    return "best" if v.best else ("counts" if v.counts else "not")
