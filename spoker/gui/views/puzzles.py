"""The Puzzles screen, and "Retry my mistakes" on the same board.

A thin view over :class:`spoker.gui.models.puzzle_session.PuzzleSession` (or,
for a retry, :class:`~spoker.gui.models.retry_session.RetrySession`): the
board shows the position with the ball to place; the person clicks a cell
(or Tab to a cell and Enter); then each playable cell's value is written on
it, the best ringed, and the panel says right or wrong, the rating and the
streak. In the puzzles, the line that follows is stepped with the arrows or
the toolbar's buttons; the panel's buttons choose the rule set, the theme
and the source (the shipped puzzles, or those found in the person's games:
"Search my games" reads a folder's records, off the window's thread,
cancelable).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Cell
from spoker.gui.models.games_scan import GamesScan
from spoker.gui.models.puzzle_searches import LineStep
from spoker.gui.models.puzzle_session import PuzzleSession
from spoker.gui.models.retry_session import RetrySession
from spoker.gui.models.sounds import PLACE, WON
from spoker.gui.models.story import Mark, MarkRole
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_ball, draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP, BaseView
from spoker.gui.views.common import board_cell_at, highlights, toggle_plan
from spoker.gui.views.placing import GO_KEYS, HOW_TO_PLACE, Placing
from spoker.gui.widgets.buttons import Button, Choice
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import TextInput
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar
from spoker.notices import tell_all
from spoker.text import puzzles_text as words
from spoker.text.narrator import COLOUR_NAMES

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from spoker.gui.host import AppHost

KIND_COLOURS = {"good": THEME.good, "bad": THEME.bad, "info": THEME.text, "muted": THEME.muted}
BADGE_COLOURS = {"best": ROLE_COLOURS["hint"], "tried": (255, 150, 40, 255), "other": (70, 76, 92, 255)}

HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("click a cell", "place the ball there"),
    ("Tab, Shift+Tab", "choose a cell; Enter places the ball"),
    ("\u2190 \u2192", "after a try: step through the line that follows"),
    ("N, Enter", "the next puzzle (after a try)"),
    ("R, Shift+R", "rotate the pyramid"),
    ("L", "the plan: the levels flat, side by side"),
    ("F", "search my games for puzzles (Esc stops it)"),
    ("H, F1", "this help"),
    ("Esc", "the title screen (a retry: back)"),
)
"""The puzzles' keys, for the help (spoker.gui.views.help)."""
RETRY_HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("click a cell", "place the ball there again"),
    ("Tab, Shift+Tab", "choose a cell; Enter places the ball"),
    ("N, Enter", "the next mistake (after a try)"),
    ("R, Shift+R", "rotate the pyramid"),
    ("L", "the plan: the levels flat, side by side"),
    ("H, F1", "this help"),
    ("Esc", "back"),
)
"""Retry my mistakes' keys, for the help."""


class PuzzlesView(BaseView):
    """The Puzzles screen (``session`` a PuzzleSession) or Retry my mistakes (a RetrySession)."""

    help_keys = HELP_KEYS
    help_name = "the puzzles"

    def __init__(
        self, app: AppHost, session: PuzzleSession | RetrySession, executor: Executor,
        back: Callable[[], None] | None = None, games_folder: Path | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.executor = executor  # where a folder's search runs (the app's process)
        self.back_to = back
        self.retry = isinstance(session, RetrySession)
        if self.retry:
            self.help_name = "retry my mistakes"
            self.help_keys = RETRY_HELP_KEYS
        self.scene = app.scene
        self.scan: GamesScan | None = None
        self.placing = Placing()  # the pointer's cell, the keyboard's, the ghost, the tip
        self.board_rect = (0.0, 0.0, 1.0, 1.0)
        self.panel_rect = (0.0, 0.0, 1.0, 1.0)
        self.row_rects: list[tuple[float, float, float, float]] = []
        ui = self.ui
        self.b_prev = ui.add(Button("\u2039 Line", lambda: self.step_line(-1), "\u2190",
                                    tooltip="The line that follows: a step back"))
        self.b_line = ui.add(Button("Line \u203a", lambda: self.step_line(1), "\u2192",
                                    tooltip="The line that follows: the best placement, then the likeliest draw"))
        self.b_next = ui.add(Button("Next", self.next, "N", primary=True,
                                    tooltip="The next mistake" if self.retry else "The next puzzle, near your rating"))
        self.b_help = ui.add(Button("Help", self.app.show_help, "H", tooltip="The rules in short and these keys"))
        self.b_back = ui.add(Button("Back", self.leave, "Esc",
                                    tooltip="Back" if self.retry else f"The title screen ({TITLE_TIP})"))
        self.toolbar = [self.b_next, self.b_help, self.b_back] if self.retry else \
            [self.b_prev, self.b_line, self.b_next, self.b_help, self.b_back]
        self.filters: list[Choice] = []
        self.filter_tips: dict[Choice, str] = {}
        self.folder: TextInput | None = None
        self.b_scan: Button | None = None
        if isinstance(session, PuzzleSession):
            rules = [("", words.ALL_RULES)] + [(r, r) for r in session.rule_sets()]
            self.c_rules = ui.add(Choice("Rules", rules, 0, self._filter_changed,
                                         tooltip="The rule set of the puzzles (click: the next)"))
            self.c_rules.select(session.rules)  # the lessons' rules at first
            themes = [("", words.ALL_THEMES)] + [(t, t.replace("-", " ")) for t in session.theme_words()]
            self.c_theme = ui.add(Choice("Theme", themes, 0, self._filter_changed,
                                         tooltip="Only puzzles of this theme (click: the next)"))
            self.c_source = ui.add(Choice("Puzzles", [("shipped", words.SHIPPED), ("mine", words.MINE)], 0,
                                          self._filter_changed, tooltip="The shipped puzzles, or those of your games"))
            self.filters = [self.c_rules, self.c_theme, self.c_source]
            # Their tips beside them, over the board (drawn here): above, one would hide the filter above it.
            self.filter_tips = {choice: choice.tooltip for choice in self.filters}
            for choice in self.filters:
                choice.tooltip = ""
            self.folder = ui.add(TextInput(str(games_folder or ""), "folder of records", 300,
                                           caption="Folder of your records"))
            self.b_scan = ui.add(Button("Search", self.toggle_scan, "F",
                                        tooltip="Find puzzles in the folder's records (F; Esc stops)"))
        self._heading = Label(words.RETRY_HEADING if self.retry else words.HEADING, 12, THEME.muted, bold=True,
                              anchor_y="top")
        self._rating = Label("", 11, THEME.text, anchor_y="top")
        self._count = Label("", 10, THEME.muted, anchor_y="top")
        self._task = TextBlock(13, bold=True)
        self._task_small = TextBlock(11, bold=True)
        self._ball = Label("", 11, THEME.muted, anchor_y="center")
        self._try = TextBlock(12)
        self._try_small = TextBlock(10)
        self._notes = TextBlock(11)
        self._notes_small = TextBlock(9.5)
        self._scan_words = Label("", 10, THEME.muted, anchor_y="top")
        self._badges = [Label("", 9, (10, 12, 16, 255), bold=True, anchor_x="center", anchor_y="center")
                        for _ in range(32)]
        self.attach_labels()
        self._filter_tip = Label("", 11, THEME.text, anchor_y="center")  # an overlay: in no layer
        self._tell_notices()

    # -- the model's notices ----------------------------------------------------------
    def _tell_notices(self) -> None:
        session = self.session
        if not isinstance(session, PuzzleSession):
            return
        shown = tell_all([*session.store.take_notices(), *session.mine.take_notices()])
        if shown is not None:
            self.say("A puzzles file was damaged: set aside (see the terminal)" if shown.damaged
                     else "Cannot keep the puzzles' progress (see the terminal)", "bad", 8)

    # -- actions ------------------------------------------------------------------------
    def leave(self) -> None:
        if self.scan is not None and self.scan.running:
            self.toggle_scan()
            return
        if self.back_to is not None:
            self.back_to()
        else:
            self.app.show_title()

    def place(self, cell: Cell) -> bool:
        """The ball on ``cell``: the try, said on the board and in the panel."""
        session = self.session
        if cell not in session.playable():
            return False
        placed = session.place(cell)
        if not placed:
            return False
        self.placing.reset()
        if isinstance(session, PuzzleSession) and session.attempt is not None:
            self.app.play_sound(WON if session.attempt.right else PLACE)
        else:
            self.app.play_sound(PLACE)
        self._tell_notices()
        self._show_position(animate=True)
        self.layout(*self.size)
        return True

    def next(self) -> None:
        session = self.session
        if isinstance(session, RetrySession):
            if session.finished:
                self.leave()
                return
            if session.result is None:
                self.say("Place the ball first: click a cell, or Tab and Enter.", "info", 4)
                return
            session.next()
        else:
            if session.puzzle is not None and session.attempt is None:
                self.say("Place the ball first: click a cell, or Tab and Enter.", "info", 4)
                return
            if session.next() is None:
                self.say(words.NO_PUZZLES, "bad", 6)
        self.placing.reset()
        self._show_position(animate=False)
        self.layout(*self.size)

    def step_line(self, delta: int) -> None:
        session = self.session
        if isinstance(session, PuzzleSession) and session.step_line(delta):
            self._show_position(animate=True)

    def _filter_changed(self, _value: str) -> None:
        session = self.session
        assert isinstance(session, PuzzleSession)
        session.rules, session.theme, session.source = self.c_rules.value, self.c_theme.value, self.c_source.value
        if session.next() is None:
            self.say(words.NO_PUZZLES, "bad", 6)
        self.placing.reset()
        self._show_position(animate=False)
        self.layout(*self.size)

    def toggle_scan(self) -> None:
        """Search the folder's records for puzzles, or stop the search."""
        session = self.session
        if not isinstance(session, PuzzleSession) or self.folder is None or self.b_scan is None:
            return
        if self.scan is not None and self.scan.running:
            self.scan.cancel()
            self.app.executors.stop()  # the position being searched is let go
            self.say("Search stopped: the records searched whole are kept.", "info", 5)
            self.b_scan.label = "Search"
            self.changed()
            return
        text = self.folder.text.strip()
        if not text:
            self.say("Type the folder of your records first.", "bad", 5)
            return
        folder = Path(text).expanduser()
        if not folder.is_dir():
            self.say(f"{text!r} is not a folder", "bad", 6)
            return
        self.scan = GamesScan(folder, session.mine, self.executor)
        if self.scan.error:
            self.say(self.scan.error[:1].upper() + self.scan.error[1:], "bad", 6)
        self._scan_moved()

    def _scan_moved(self) -> None:
        scan = self.scan
        if scan is None or self.b_scan is None:
            return
        self.b_scan.label = "Stop" if scan.running else "Search"
        if not scan.running and not scan.cancelled:
            self._tell_notices()
            session = self.session
            assert isinstance(session, PuzzleSession)
            self.say(scan.words(), "good" if scan.found else "info", 6)
            if scan.found:
                self.c_source.select("mine")
                self._filter_changed("mine")
        self.changed()

    # -- the board ----------------------------------------------------------------------
    def _playing(self) -> bool:
        return bool(self.session.playable())

    def _show_position(self, animate: bool) -> None:
        session = self.session
        board = session.shown_board()
        if board != self.scene.board:
            self.scene.set_board(board, animate=animate)
        marks: list[Mark] = []
        state = session.state
        if state is not None and state.challenge is not None and self._at_puzzle():
            marks.append(Mark(state.challenge.group.cells, MarkRole.CHALLENGE))
        best = [c for c, _, kind in session.badges() if kind == "best"]
        if best:
            marks.append(Mark(tuple(best), MarkRole.HINT))
        step = self._line_step()
        if step is not None:
            marks.append(Mark((step.cell,), MarkRole.SELECTED))
        self.scene.set_highlights(highlights(marks))  # type: ignore[arg-type]
        playing = self._playing()
        self.scene.set_guides(playing, None)
        ghost = self.placing.ghost(session.playable()) if playing else None
        self.placing.show(self.scene, ghost, state.drawn if state is not None else None, ring=playing)
        self.changed()

    def _at_puzzle(self) -> bool:
        session = self.session
        return not isinstance(session, PuzzleSession) or session.line_index == 0

    def _line_step(self) -> LineStep | None:
        session = self.session
        if isinstance(session, PuzzleSession) and session.line_index:
            return session.line[session.line_index - 1]
        return None

    # -- layout -------------------------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        panel_w = max(300.0, min(470.0 * s, width * 0.4))
        board_w = width - panel_w
        self.panel_rect = (board_w, 0.0, panel_w, float(height))
        bar = TOOLBAR_H * s
        toolbar = [b for b in self.toolbar if b not in (self.b_prev, self.b_line) or self._line_shown()]
        for b in (*self.toolbar, self.b_prev, self.b_line):
            b.visible = False
        place_toolbar(toolbar, [self.b_help], board_w, bar, gap=6 * s, min_width=70 * s, max_width=150 * s)
        self.board_rect = (0.0, bar, board_w, height - bar)
        self.scene.set_viewport(10, bar + 4 * s, board_w - 20, height - bar - 16 * s)
        x, w = board_w + 14 * s, panel_w - 28 * s
        y = 12 * s
        if self.folder is not None and self.b_scan is not None:
            self.b_scan.place(x + w - 90 * s, y, 90 * s, 34 * s)
            self.folder.place(x, y, w - 98 * s, 34 * s)
            y += 34 * s + 24 * s  # the field's caption sits above it
        self.filters_top = y
        for choice in reversed(self.filters):
            choice.place(x, y, w, 32 * s)
            y += 36 * s
        self.text_bottom = y + 4 * s
        self.changed()

    def _line_shown(self) -> bool:
        session = self.session
        return isinstance(session, PuzzleSession) and session.attempt is not None and bool(session.line)

    # -- frame loop ---------------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        self._show_position(animate=False)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.app.closed:
            return
        if self.session.poll():
            self._show_position(animate=False)
            self.layout(*self.size)
        if self.scan is not None and self.scan.running and self.scan.poll():
            self._scan_moved()
        self.scene.update(min(delta_time, 0.25))

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        self.scene.draw()
        self.row_rects = []
        self._draw_badges()
        self._draw_panel()
        self.b_next.enabled = self._may_go_on()
        self.ui.draw()
        self.layer.draw()
        self._draw_board_tip()
        self.ui.draw_tooltip()
        self._draw_filter_tip()
        left, _, width, _ = self.board_rect
        self.draw_message((TOOLBAR_H + 8) * ui_scale(), (left, width))
        super().on_draw()

    def _draw_filter_tip(self) -> None:
        """The tip of the filter under the mouse, to its left over the board,
        level with it (the filters are stacked: a tip above one hid the next)."""
        mx, my = self.ui.mouse
        for choice, tip in self.filter_tips.items():
            if not (choice.visible and choice.contains(mx, my)):
                continue
            s = ui_scale()
            edge = self.panel_rect[0] - 8 * s
            label = self._filter_tip
            text = label.fitted(tip, edge - 8 * s - 14 * s)
            tw, th = label.set(text).content_width + 14 * s, label.content_height + 8 * s
            bottom = choice.bottom + (choice.height - th) / 2
            draw_box(edge - tw, bottom, tw, th, (10, 12, 16, 235), THEME.accent, radius=5)
            label.draw_at(edge - tw + 7 * s, bottom + th / 2)
            return

    def _may_go_on(self) -> bool:
        session = self.session
        if isinstance(session, RetrySession):
            return session.finished or session.result is not None
        return session.puzzle is None or session.attempt is not None

    def _draw_badges(self) -> None:
        """Each playable cell's value, on a pill where the ball would go (the best ringed)."""
        s = ui_scale()
        for label, (cell, text, kind) in zip(self._badges, self.session.badges()):
            x, y, r = self.scene.screen_position(cell)
            size = max(8.0, min(13.0, 0.3 * r / s))
            label.set(text, size=size)
            w, h = label.content_width + 10 * s, label.content_height + 4 * s
            if kind == "best":
                draw_box(x - w / 2 - 3 * s, y - h / 2 - 3 * s, w + 6 * s, h + 6 * s, None,
                         BADGE_COLOURS["best"], radius=h / 2 + 3 * s, border_width=2)
            draw_box(x - w / 2, y - h / 2, w, h, BADGE_COLOURS[kind], (10, 12, 16, 255), radius=h / 2)
            colour = (250, 250, 250, 255) if kind == "other" else (10, 12, 16, 255)
            label.draw_at(x, y - 0.5, text, colour, size=size)

    def _draw_panel(self) -> None:
        s = ui_scale()
        session = self.session
        left, _, width, height = self.panel_rect
        arcade.draw_lrbt_rectangle_filled(left, left + width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(left, 0, left, height, THEME.panel_border, 2)
        x, w = left + 14 * s, width - 28 * s
        y = height - 12 * s
        self._heading.draw_at(x, y)
        y -= self._heading.content_height + 4 * s
        if isinstance(session, PuzzleSession):
            p = session.progress
            r = p.rating
            self._rating.draw_at(x, y, self._rating.fitted(
                words.rating_words(r.rating, r.deviation, p.streak, p.best_streak), w))
            y -= self._rating.content_height + 3 * s
        self._count.draw_at(x, y, self._count.fitted(self._count_text(), w))
        y -= self._count.content_height + 8 * s
        bottom = self.text_bottom
        if self.scan is not None and (self.scan.running or self.scan.done):
            self._scan_words.draw_at(x, bottom + self._scan_words.content_height + 2 * s,
                                     self._scan_words.fitted(self.scan.words(), w))
            bottom += self._scan_words.content_height + 6 * s
        situation = session.situation() if isinstance(session, PuzzleSession) else ""
        task = [(session.task(), THEME.text)] + ([(situation, THEME.muted)] if situation else [])
        lines = [(t, KIND_COLOURS[k]) for t, k in session.try_lines()]
        notes = [(t, THEME.muted) for t in self._notes_lines() if t]
        inner = w - 16 * s
        ball_h = 30 * s
        blocks = [(self._task, self._try, self._notes), (self._task_small, self._try_small, self._notes_small)]
        for task_block, vblock, nblock in blocks:
            need = (task_block.height(task, inner) + ball_h + 20 * s + (vblock.height(lines, inner) + 18 * s
                    if lines else 0) + nblock.height(notes, w))
            if need <= y - bottom:
                break
        # The task in a box, with the ball to place.
        task_h = task_block.height(task, inner) + (ball_h if session.state is not None else 0) + 12 * s
        box_bottom = max(bottom, y - task_h)
        draw_box(x, box_bottom, w, y - box_bottom, (22, 26, 34, 240), THEME.accent, radius=8)
        self.row_rects.append((x, box_bottom, w, y - box_bottom))
        task_block.draw(task, x + 8 * s, y - 6 * s, inner, bottom_limit=box_bottom)
        state = session.state
        if state is not None and state.drawn is not None:
            by = box_bottom + 6 * s + ball_h / 2
            draw_ball(x + 20 * s, by, 11 * s, state.drawn, mark=self.app.settings.colour_marks)
            self._ball.draw_at(x + 38 * s, by, self._ball.fitted(f"Your ball: {COLOUR_NAMES[state.drawn]}", w - 46 * s))
        y = box_bottom - 8 * s
        if lines and y - bottom > 20 * s:
            h = min(vblock.height(lines, inner) + 10 * s, y - bottom)
            first = lines[0][1]  # the box says right (green), wrong (red) or still to come
            fill, border = ((22, 30, 26, 240), THEME.good) if first == THEME.good else (
                ((34, 24, 24, 240), THEME.bad) if first == THEME.bad else ((22, 26, 34, 240), THEME.panel_border))
            draw_box(x, y - h, w, h, fill, border, radius=8)
            vblock.draw(lines, x + 8 * s, y - 5 * s, inner, bottom_limit=y - h)
            self.row_rects.append((x, y - h, w, h))
            y -= h + 8 * s
        if notes:
            nblock.draw(notes, x, y, w, bottom_limit=bottom)
            self.row_rects.append((x, bottom, w, max(1.0, y - bottom)))

    def _count_text(self) -> str:
        session = self.session
        if isinstance(session, RetrySession):
            names = (session.record.headers.get("Player1") or "Player 1",
                     session.record.headers.get("Player2") or "Player 2")
            return f"{names[session.player - 1]} \u00b7 {len(session.items)} to retry"
        pool = session.puzzles()
        p = session.progress
        return words.count_words(len(pool), session.source == "mine", p.solved, p.tried)

    def _notes_lines(self) -> list[str]:
        session = self.session
        if isinstance(session, RetrySession):
            return [words.RETRY_UNIT] if session.badges() else []
        out: list[str] = []
        if session.attempt is not None and session.solved is not None:
            out.append(words.UNIT if session.line_index == 0 else "")
            out.append(session.line_words())
        if session.puzzle is not None:  # the themes after the try: before, they would give it away
            themes = words.themes_words(session.puzzle.themes) if session.attempt is not None else ""
            out.append(" \u00b7 ".join(t for t in (themes, words.difficulty_words(session.puzzle.difficulty)) if t))
        return out

    def _draw_board_tip(self) -> None:
        session = self.session
        board = session.shown_board()
        self.placing.draw_tip(self.placing.tip(board, session.playable()), self.scene, self.panel_rect[0], self.size[1])

    # -- input --------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self.placing.point(board_cell_at(self, x, y)):
            self._show_position(animate=True)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.ui.on_mouse_press(x, y, button):
            return
        if button != arcade.MOUSE_BUTTON_LEFT:
            return
        cell = board_cell_at(self, x, y)
        if cell is not None:
            self.place(cell)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.H, keys.F1) or (symbol == keys.SLASH and modifiers & keys.MOD_SHIFT):
            self.app.show_help()
        elif symbol == keys.R:
            self.scene.rotate(-1 if modifiers & keys.MOD_SHIFT else 1)
        elif symbol == keys.L:
            toggle_plan(self)
        elif symbol in (keys.LEFT, keys.RIGHT):
            self.step_line(-1 if symbol == keys.LEFT else 1)
        elif symbol == keys.ESCAPE:
            self.leave()
        elif symbol == keys.TAB:
            self._cycle(-1 if modifiers & keys.MOD_SHIFT else 1)
        elif symbol in GO_KEYS:
            cell = self.placing.chosen(self.session.playable())
            if cell is not None:
                self.place(cell)
            elif self._may_go_on():
                self.next()
            else:
                self.say(HOW_TO_PLACE, "info", 4)
        elif symbol == keys.N:
            self.next()
        elif symbol == keys.F and not self.retry:
            self.toggle_scan()

    def _cycle(self, step: int) -> None:
        """Tab: the keyboard's cell walks through the playable cells."""
        cell = self.placing.step(self.session.playable(), step)
        if cell is not None:
            self.placing.tell(self, cell)
            self._show_position(animate=True)
