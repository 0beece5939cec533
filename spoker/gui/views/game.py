"""The game screen: the pyramid, the side panel, the toolbar, the turn loop.

A person draws (Space or a click on the bag), sees the ball, hovers a playable cell
to see its ghost and clicks to place it. Computer seats play through the
same controller, paced by timers in ``on_update`` (never ``sleep``); their
choice (and hints) are computed in a worker thread so the window stays live.
Against the computer, the tutor (a setting) asks before a placement that
gives away too much (:mod:`spoker.gui.models.tutor`), from the hints' values.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import APEX, Cell
from spoker.engine.previews import Preview
from spoker.errors import SpokerError
from spoker.gui.models.computer_turns import ComputerTurns
from spoker.gui.models.controller import PERSON, GameController
from spoker.gui.models.sounds import END, effect_for
from spoker.gui.models.story import NO_MOMENT, Mark, MarkRole
from spoker.gui.models.tutor import CellValues, Decision, tutor_applies, tutor_watches
from spoker.gui.render.frame import Rect, clear_colour, pixel_rect
from spoker.gui.render.shapes import draw_box, draw_disc
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP, BaseView
from spoker.gui.views.common import PLAN_KEY, PLAN_TIP, board_cell_at, highlights, toggle_plan
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.placing import Placing
from spoker.gui.views.save_dialog import SaveDialog, save_game_dialog
from spoker.gui.widgets.bag_box import BagBox
from spoker.gui.widgets.banner import BANNER_SETTLE, Banner, draw_moment
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.log_box import LogBox
from spoker.gui.widgets.player_cards import PlayerCards
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import ENTER_KEYS
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar
from spoker.text.narrator import COLOUR_NAMES, TUTOR_NO_TIME, refusal_text
from spoker.text.rules_words import differences, one_line

if TYPE_CHECKING:
    from spoker.gui.host import AppHost
    from spoker.runs.hints import Hint

BANNER_H = 104  # room kept above the pyramid for the banner
END_DELAY = 3.5  # seconds the last moment shows before the results screen
MOMENT_PAUSE = 1.6  # extra seconds a computer waits after a challenge or its settlement

class GameView(BaseView):
    """One game being played."""

    def __init__(self, app: AppHost, controller: GameController) -> None:
        super().__init__(app)
        self.shown_highlights: list[object] = []  # what the scene was last told to light
        self.controller = controller
        self.scene = app.scene
        self.placing = Placing()  # the pointer's cell, the keyboard's (Tab), the ghost, the tip
        self.selected: Cell | None = None
        self.info: list[str] = []
        self.hints: list[Hint] = []
        # Every playable cell's value, for the hints and the tutor: one search a position.
        self.values = CellValues(app.executors.thread)
        self.clock = time.perf_counter  # the tutor's wait is real time, not frames
        self.tutor_asked = 0  # placements the tutor asked about in this game
        self.turns = ComputerTurns(app.executors.thread, app.settings.computer_delays[0])
        self.end_timer: float | None = None
        self.moment_time = 10.0
        # The banner's moment: a challenge's result stays up until a person draws
        # the next ball, even when the computer's quiet placement comes between.
        self.banner = controller.moment
        self.time = 0.0
        self.dialog: SaveDialog | ConfirmDialog | None = None
        self.board_rect = (0.0, 0.0, 1.0, 1.0)
        self.panel_rect = (0.0, 0.0, 1.0, 1.0)
        self._cards = PlayerCards()
        self._bag = BagBox()
        self._banner = Banner()
        self._log = LogBox()
        self._info = TextBlock(11)
        self._phase = TextBlock(13, bold=True)
        self._prompt = TextBlock(12, bold=True)
        self._last = Label("", 11, THEME.muted, anchor_y="top")
        self._header = Label("SPOKER", 12, THEME.muted, bold=True, anchor_y="top")
        self._rules_line = TextBlock(10)  # what the rules change, when they are not the rules as written
        # The hinted cells' numbers on the board, 1 the best (as in the panel's list).
        self._badges = [Label(str(i), 10, (24, 20, 8, 255), bold=True, anchor_x="center", anchor_y="center")
                        for i in (1, 2, 3)]
        self._build_toolbar()
        self.scene.set_board(self.controller.state.board, animate=False)
        self.scene.set_ghost(None, None)
        self.scene.set_hover(None)
        self._refresh_highlights()
        self.moment_seen = self.controller.moment
        self.attach_labels()

    # -- widgets -------------------------------------------------------------
    def _build_toolbar(self) -> None:
        ui = self.ui
        self.b_draw = ui.add(Button("Draw", self.act_draw, "Space", primary=True, tooltip="Draw a ball from the bag"))
        self.b_left = ui.add(Button("\u21ba Turn", lambda: self.rotate(1), "Shift+R", tooltip="Rotate the pyramid a quarter turn"))
        self.b_right = ui.add(Button("Turn \u21bb", lambda: self.rotate(-1), "R", tooltip="Rotate the pyramid the other way"))
        self.b_explode = ui.add(Button("Exploded", self.toggle_exploded, "E", tooltip="Lift the levels apart to see every ball"))
        self.b_view = ui.add(Button("View", self.reset_view, "V", tooltip="Back to the standard view of the pyramid"))
        self.b_plan = ui.add(Button("Plan", lambda: toggle_plan(self), PLAN_KEY, tooltip=PLAN_TIP))
        self.b_hint = ui.add(Button("Hints", self.toggle_hints, "I", tooltip="Show the best cells for the drawn ball"))
        self.b_marks = ui.add(Button("Marks", self.toggle_marks, "M", tooltip="Marks on red and black balls (colour-blind aid)"))
        self.b_undo = ui.add(Button("Undo", self.act_takeback, "Ctrl+Z",
                                    tooltip="Take back your last placement (the same balls come again)"))
        self.b_save = ui.add(Button("Save", self.ask_save, "S", tooltip="Save the game as a record"))
        self.b_help = ui.add(Button("Help", self.app.show_help, "H", tooltip="Rules, groups and keys"))
        self.b_menu = ui.add(Button("Menu", self.to_menu, "Esc", tooltip=f"Back to the title screen, the game autosaved ({TITLE_TIP})"))
        self.b_results = ui.add(Button("Results", self.show_results, "Enter", primary=True, tooltip="The end-of-game screen"))
        self.toolbar = [self.b_draw, self.b_undo, self.b_left, self.b_right, self.b_view, self.b_explode, self.b_plan,
                        self.b_hint, self.b_marks, self.b_save, self.b_help, self.b_menu]

    # -- what the picture shows -------------------------------------------
    _pointed: tuple[Cell | None, Cell | None] = (None, None)  # hover cell, keyboard cursor

    def layout(self, width: int, height: int) -> None:
        self.changed()
        s = ui_scale()
        panel_w = max(280.0, min(400.0 * s, width * 0.31))
        board_w = width - panel_w
        self.panel_rect = (board_w, 0.0, panel_w, float(height))
        bar = TOOLBAR_H * s
        # The least needed first: all but Draw, Turn, Help and Menu go when the window is narrow.
        optional = [self.b_marks, self.b_view, self.b_left, self.b_hint, self.b_save, self.b_explode, self.b_undo,
                    self.b_plan]
        place_toolbar(self.toolbar, optional, board_w, bar, gap=6 * s, min_width=66 * s, max_width=118 * s)
        self.b_results.place(board_w - 150 * s, bar + 10 * s, 140 * s, 42 * s)
        self.board_rect = (0.0, bar, board_w, height - bar - 8.0 * s)
        self.scene.set_viewport(10, bar + 4 * s, board_w - 20, height - bar - BANNER_H * s)
        if self.dialog is not None:
            self.dialog.layout(width, height)

    def on_show_view(self) -> None:
        super().on_show_view()
        self.app.frame_cache.invalidate()
        self.scene.set_board(self.controller.state.board, animate=False)
        self._refresh_highlights()

    # -- the turn ------------------------------------------------------------
    @property
    def person_turn(self) -> bool:
        return self.controller.person_to_move and self.dialog is None

    def act_draw(self) -> None:
        if not self.controller.can_draw:
            if self.controller.over:
                self.say("The game is over.", "info")
            elif self.controller.state.drawn is not None:
                self.say(f"A {COLOUR_NAMES[self.controller.state.drawn]} ball is drawn: place it first.", "info")
            return
        if not self.person_turn:
            self.say("Wait: the computer is playing.", "info")
            return
        self._draw()

    def _draw(self) -> None:
        self.controller.draw()
        self.app.play_sound(effect_for(self.controller.last_events, self.controller.setup))
        self.app.autosave(self.controller)
        if not self.controller.setup.is_computer(self.controller.state.to_move) and self.banner.kind in ("settled", "blocked"):
            self.banner = NO_MOMENT  # a person draws the next ball: the last result has been seen
        self._after_change()
        self._update_ghost()

    def act_place(self, cell: Cell) -> bool:
        """Place the drawn ball on ``cell`` for the person to move (when the
        tutor is on, once it has judged the placement: it may ask first)."""
        if not self.person_turn or self.controller.state.drawn is None:
            return False
        if not self.controller.is_playable(cell):
            self.say(self._why_not(cell), "bad")
            return False
        if self.tutor_on:
            decision = self.values.click(self.controller, cell, self.app.settings.tutor_threshold, self.clock())
            if decision is not None:
                self._decide(decision)
            return True
        self._place(cell)
        return True

    # -- the tutor ---------------------------------------------------------------
    @property
    def tutor_on(self) -> bool:
        """The tutor watches the person's placement now (see ``tutor_applies``)."""
        return tutor_applies(self.controller, self.app.settings.tutor)

    def _decide(self, decision: Decision) -> None:
        """Place the ball, or ask first (Rethink: R or Esc; Play it: Enter or P)."""
        if decision.warning is None:
            self._place(decision.cell)
            if decision.late:
                self.say(TUTOR_NO_TIME, "info", 4)
            return
        cell = decision.cell
        self.tutor_asked += 1
        self.dialog = ConfirmDialog(
            decision.warning.question, decision.warning.lines, lambda: self._play_anyway(cell), self._rethink,
            yes="Play it", no="Rethink", yes_keys=(*ENTER_KEYS, keys.P),
            no_keys=(keys.R, keys.ESCAPE), shortcuts=("Enter", "R, Esc"), no_first=True,
            note="R or Esc: rethink, the ball stays in hand. Enter: play it.")
        self.dialog.layout(*self.size)
        self._refresh_highlights()

    def _play_anyway(self, cell: Cell) -> None:
        self.dialog = None
        self._place(cell)

    def _rethink(self) -> None:
        self.dialog = None
        self._refresh_highlights()
        self._update_ghost()
        drawn = self.controller.state.drawn
        ball = f"the {COLOUR_NAMES[drawn]} ball" if drawn is not None else "the ball"
        self.say(f"Rethink: {ball} is still yours to place.", "info", 4)

    def _place(self, cell: Cell) -> None:
        try:
            self.controller.place(cell)
        except SpokerError as err:  # the engine has the last word
            self.say(str(err), "bad")
            return
        self.app.autosave(self.controller)
        self.app.play_sound(effect_for(self.controller.last_events, self.controller.setup))
        self.scene.set_board(self.controller.state.board)
        self.placing.reset()
        self.selected = None
        self.info = []
        self.hints = []
        self.moment_time = 0.0
        self._after_change()
        s = self.app.settings
        self.turns.wait = s.computer_delays[0] + (
            MOMENT_PAUSE / max(0.1, s.computer_speed) if self.controller.moment.kind != "none" else 0.0
        )
        if self.controller.over:
            self.end_timer = END_DELAY

    # -- taking back -------------------------------------------------------------
    def act_takeback(self) -> None:
        """Ctrl+Z: take back the last placement (the person's own against a
        computer); in hot-seat the other person is asked first."""
        if self.dialog is not None:
            return
        if not getattr(self.app.settings, "takebacks", True):
            self.say("Takebacks are off (Settings).", "info")
            return
        c = self.controller
        keep = c.takeback_point()
        asker = c.takeback_asker
        if keep is None or asker is None:
            self.say("There is no placement of yours to take back." if asker else "Nothing to take back.", "info")
            return
        move = c.state.history[keep]
        if c.setup.is_computer(3 - asker):
            self._take_back()
            return
        self.dialog = ConfirmDialog(
            f"Take back {move.cell}?",
            f"{c.name(3 - asker)}: let {c.name(asker)} take back {move.cell}? The {COLOUR_NAMES[move.colour]} "
            f"ball goes back to {c.name(asker)}, to place again; the balls drawn since come again in the same order.",
            self._take_back, lambda: self.say("Takeback refused.", "info"), yes="Allow", no="Refuse")
        self.dialog.layout(*self.size)

    def _take_back(self) -> None:
        move = self.controller.take_back()
        self.app.autosave(self.controller)
        self.turns = ComputerTurns(self.app.executors.thread, self.app.settings.computer_delays[0])
        self.end_timer = None
        self.placing.reset()
        self.selected = None
        self.info = []
        self.hints = []
        self.values.reset()
        self.scene.set_board(self.controller.state.board, animate=False)
        self.moment_seen = self.banner = self.controller.moment
        self.moment_time = 10.0
        self._refresh_highlights()
        self._update_ghost()
        self.say(f"Taken back: {move.cell}. Place the {COLOUR_NAMES[move.colour]} ball again.", "good")

    def _why_not(self, cell: Cell) -> str:
        """The rules' refusal of the drawn ball on ``cell``, as a sentence."""
        refusal = self.controller.state.refusal(cell)
        return f"{refusal_text(refusal, cell)}." if refusal is not None else ""

    def _after_change(self) -> None:
        if self.controller.moment is not self.moment_seen:
            self.moment_seen = self.controller.moment
            if self.controller.moment.kind != "none":
                self.banner = self.controller.moment
                self.moment_time = 0.0
        self._refresh_highlights()

    def rotate(self, turns: int) -> None:
        self.scene.rotate(turns)
        self.app.settings.board_view = self.scene.rotation  # the person's view, kept (app.show)

    def reset_view(self) -> None:
        """V: the standard view, levels together (turned back the short way)."""
        turn = self.scene.rotation
        self.rotate(-turn if turn <= 2 else 4 - turn)
        self.scene.set_exploded(False)

    def toggle_exploded(self) -> None:
        self.scene.set_exploded(not self.scene.exploded)

    def toggle_marks(self) -> None:
        self.app.set_colour_marks(not self.app.settings.colour_marks)

    def toggle_hints(self) -> None:
        if not self.controller.setup.hints:
            self.say("Hints are off for this game (spoker play --no-hints).", "info")
            return
        s = self.app.settings
        s.show_hints = not s.show_hints
        self.app.save_settings()
        self.hints = []  # shown again from the values at the next frame (_poll_values)
        self._refresh_highlights()
        self.say("Hints on: the best cells show when you draw." if s.show_hints else "Hints off.", "info")

    def ask_save(self) -> None:
        self.dialog = save_game_dialog(self, self.controller)
        self.dialog.layout(*self.size)

    def to_menu(self) -> None:
        self.app.autosave(self.controller)
        self.app.show_title()

    def show_results(self) -> None:
        if self.controller.over:
            self.app.play_sound(END)
            self.app.show_end(self.controller)

    # -- highlights and ghost --------------------------------------------------
    def _refresh_highlights(self) -> None:
        self.changed()  # every change of the game, a selection or hints comes here
        marks: list[Mark] = []
        if self.selected is not None:
            marks.extend(self.controller.explain_marks(self.selected))
        marks.extend(self.banner.marks)
        if self.hints and self.person_turn:
            marks.extend(Mark((h.cell,), MarkRole.HINT) for h in self.hints)
        preview = self._ghost_preview()
        if preview is not None and preview.formed is not None:
            # The group the ghost ball would form, outlined before the click.
            marks.append(Mark(preview.formed.cells, MarkRole.FORMED, self.controller.state.to_move))
        self.shown_highlights = highlights(marks)
        self.scene.set_highlights(self.shown_highlights)  # type: ignore[arg-type]
        history = self.controller.state.history
        self.scene.set_guides(self.person_turn and self.controller.state.drawn is not None,
                              history[-1].cell if history else None)

    def _ghost_cell(self) -> Cell | None:
        """Where the ghost ball is (None: nowhere, or not the person's turn)."""
        return self.placing.ghost(self.controller.playable()) if self.person_turn else None

    def _ghost_preview(self) -> Preview | None:
        """What the drawn ball would do under the ghost (None: no ghost)."""
        if not self.person_turn:
            return None
        return self.controller.preview(self._ghost_cell())

    def _update_ghost(self) -> None:
        pointed = (self.placing.hover, self.placing.cursor)
        if pointed != self._pointed:
            self._pointed = pointed
            self._refresh_highlights()  # the pointer's cell, the keyboard cursor: the ghost, its group, the tip
        self.placing.show(self.scene, self._ghost_cell(), self.controller.state.drawn)

    # -- frame loop ------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)  # a message going away is a change (BaseView)
        if self.app.closed:
            return
        dt = min(delta_time, 0.25)
        self.time += dt
        self.moment_time += dt
        self.scene.update(dt)
        if self.dialog is not None:
            self.dialog.update(dt)
            if self.dialog.done:
                self.dialog = None
        self._computer(dt)
        self._poll_values()
        if self.end_timer is not None:
            self.end_timer -= dt
            if self.end_timer <= 0:
                self.end_timer = None
                self.show_results()

    def _computer(self, dt: float) -> None:
        delays = self.app.settings.computer_delays
        action = self.turns.step(dt, self.controller, delays)
        if action is None:
            return
        if action.kind == "draw":
            self._draw()
            self.turns.drawn(self.controller, delays)
            return
        if action.error:
            self.say(f"The computer player failed ({action.error}); it plays the lowest cell.", "bad", 8)
        assert action.cell is not None
        self._place(action.cell)

    def _poll_values(self) -> None:
        """The values of the person's position, found while they think: the
        first three are the hints; a click waiting for them is decided.
        Before the person draws, the draws' positions are searched already."""
        c = self.controller
        settings = self.app.settings
        hints_wanted = settings.show_hints and c.hints_allowed
        if not (hints_wanted or tutor_watches(c, settings.tutor) or self.values.pending is not None):
            return
        if not c.person_to_move:
            self.values.pending = None
            return
        if c.state.drawn is None:
            if self.app.threaded:  # not at once in the window's own thread (tests, screenshots)
                self.values.prefetch(c)
            return
        had = self.values.found
        found = self.values.values(c)
        if found is not None and self.values.found is not had and self.values.error and hints_wanted:
            self.say(f"No hint: {self.values.error}", "bad")
        top = found[:3] if hints_wanted and found is not None else []
        if self.dialog is None and (len(top) != len(self.hints) or any(a is not b for a, b in zip(top, self.hints))):
            self.hints = top
            self._refresh_highlights()
        decision = self.values.poll(c, settings.tutor_threshold, self.clock())
        if decision is not None and self.dialog is None and self.person_turn:
            self._decide(decision)

    # -- drawing ----------------------------------------------------------------
    def on_draw(self) -> None:
        self.b_draw.enabled = self.person_turn and self.controller.can_draw
        self.b_explode.active = self.scene.exploded
        self.b_plan.active = self.scene.flat
        for turning in (self.b_left, self.b_right, self.b_view, self.b_explode):
            turning.enabled = not self.scene.flat  # the plan neither turns nor explodes
        self.b_hint.active = self.app.settings.show_hints and self.controller.setup.hints
        self.b_marks.active = self.app.settings.colour_marks
        self.b_results.visible = self.controller.over
        self.b_undo.enabled = (self.dialog is None and getattr(self.app.settings, "takebacks", True)
                               and self.controller.takeback_point() is not None)
        self.app.frame_cache.frame(self._frame_key(), self._draw_screen, self._pulses(), self._live_rect())
        super().on_draw()

    def _draw_screen(self, level: float | None = None) -> None:
        """The whole screen; the pulsing parts at ``level`` if given (see FrameCache)."""
        clear_colour(THEME.background)
        self.scene.draw(level)
        self._draw_hint_badges()
        self._draw_banner()
        inside = self.app.frame_cache.inside
        ratio = self.window.get_pixel_ratio()
        if inside is None or inside[2] > self.panel_rect[0] * ratio:
            self._draw_panel(level)  # not when only the board's column is drawn again
        # Nor the toolbar's buttons when the part drawn again is above them.
        self.ui.draw(None if inside is None else (inside[0] / ratio, inside[1] / ratio, inside[2] / ratio,
                                                  inside[3] / ratio))
        self.layer.draw()
        self._draw_board_tip()
        self.ui.draw_tooltip()
        self.draw_message((TOOLBAR_H + 8) * ui_scale(), (self.board_rect[0], self.board_rect[2]))
        if self.dialog is not None:
            self.dialog.draw()

    def _moving(self) -> bool:
        """Only the board's column moves: the pyramid or a new banner."""
        return self.scene.animating or self.moment_time < BANNER_SETTLE

    def _live_rect(self) -> Rect | None:
        """While only the board's column moves, the part drawn in every frame
        (the rest is copied from the cache): the column above the toolbar."""
        if not self._moving():
            return None
        s = ui_scale()
        ratio = self.window.get_pixel_ratio()
        x0, y0, _, y1 = pixel_rect(0, TOOLBAR_H * s, self.panel_rect[0], self.size[1], ratio)
        # Short of the panel and its border line (2 pixels wide, centred on its
        # edge): the panel is then not drawn again.
        column = (x0, y0, math.floor((self.panel_rect[0] - 2) * ratio), y1)
        drop = self.scene.drop_rect() if self.moment_time >= BANNER_SETTLE else None
        if drop is None:
            return column
        # Only balls fall: their path is all that changes (the glow's pulse
        # around it is blended from the pictures, see FrameCache).
        a, b, c, d = pixel_rect(*drop, scale=ratio)
        return (max(a, column[0]), max(b, column[1]), min(c, column[2]), min(d, column[3]))

    def _frame_key(self) -> Hashable | None:
        """The picture's revision: the screen's own, the board's (not while
        it moves: the live part, see ``_live_rect``) and the widgets'; None
        while the whole screen moves (a straight flush's sparks, a dialog's caret)."""
        if self.dialog is not None or self.banner.kind == "straight_flush":
            return None
        return (id(self), self.revision, None if self._moving() else self.scene.revision, self.ui.revision)

    def _pulses(self) -> list[tuple[Rect, float]]:
        """The rectangles that pulse on a still screen: the glow, the bag."""
        scale = self.window.get_pixel_ratio()
        out: list[tuple[Rect, float]] = []
        glow = self.scene.glow_rect()
        if glow is not None:
            out.append((pixel_rect(*glow, scale=scale), self.scene.pulse()))
        if self.person_turn and self.controller.can_draw:
            left, bottom, w, h = self._bag.rect
            out.append((pixel_rect(left, bottom, left + w, bottom + h, scale), self._bag.pulse(self.time)))
        return out

    def _draw_hint_badges(self) -> None:
        """Each hinted cell's number, on a small disc where the ball would go."""
        if not (self.hints and self.person_turn):
            return
        colour = ROLE_COLOURS["hint"]
        for badge, h in zip(self._badges, self.hints):
            x, y, r = self.scene.screen_position(h.cell)
            size = max(7.0 * ui_scale(), 0.3 * r)
            draw_disc(x, y, size, colour)  # where the ball would go: the ghost shows it on hover
            badge.draw_at(x, y - 0.5, size=max(7.0, 0.95 * size / ui_scale()))

    def _draw_banner(self) -> None:
        draw_moment(self._banner, self.banner, self.scene, self.board_rect, self.size[1] - 8.0 * ui_scale(),
                    self.moment_time)

    def _draw_panel(self, level: float | None = None) -> None:
        left, _, width, height = self.panel_rect
        s = ui_scale()
        arcade.draw_lrbt_rectangle_filled(left, left + width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(left, 0, left, height, THEME.panel_border, 2)
        x = left + 12 * s
        w = width - 24 * s
        status = self.controller.status()
        rules = self.controller.rules
        move = f"move {status.move_number}/30  \u00b7  {self.controller.setup.rules_name or rules}"
        self._header.draw_at(x, height - 10 * s, self._header.first_fitting((f"SPOKER  \u00b7  {move}", move), w))
        y = height - 34 * s
        if differences(rules):
            top = self._header.box().bottom - 2 * s  # under the header, however tall it is drawn
            y = self._rules_line.draw([(one_line(rules), THEME.muted)], x, top, w) - 4 * s
        seats = [self._seat_text(i) for i in (1, 2)]
        turn_text = "" if status.over else ("ANSWERS" if self.controller.state.challenge else "TO MOVE")
        y = self._cards.draw(x, y, w, status.names, seats, status.scores,
                             None if status.over else status.to_move, turn_text)
        phase_colour = ROLE_COLOURS["challenge"] if self.controller.state.challenge else THEME.text
        y = self._phase.draw([(status.phase, phase_colour)], x, y - 2 * s, w) - 2 * s
        can_draw = self.person_turn and self.controller.can_draw
        y = self._bag.draw(x, y, w, status.bag, status.drawn, can_draw, self.time, self.app.settings.colour_marks,
                           pulse=level, full=rules.counts)
        y = self._prompt.draw([(status.prompt, THEME.accent if can_draw or status.drawn else THEME.text)], x, y, w)
        self._last.draw_at(x, y - 2 * s, self._last.fitted(f"Last move: {status.last_move}", w))
        y -= 2 * s + self._last.content_height + 4 * s
        info = self._info_lines()
        if info:
            h = self._info.height(info, w - 16 * s) + 12 * s
            # What was asked for first; the story gets the rest. Hints take the
            # story's room too (in a small window three hints need it all).
            reserve = 24 * s if self.hints and not self.info else 70 * s
            h = min(h, max(60.0 * s, y - reserve))
            draw_box(x, y - h, w, h, (22, 26, 34, 240), THEME.accent, radius=8)
            self._info.draw(info, x + 8 * s, y - 6 * s, w - 16 * s, bottom_limit=y - h)
            y -= h + 8 * s
        self._log.draw(self.controller.log, x, 10 * s, w, y - 14 * s)

    def _seat_text(self, player: int) -> str:
        seat = self.controller.setup.seats[player - 1]
        if seat == PERSON:
            return "person"
        from spoker.players import (  # "Computer (Club)" names its level already
            level_label,
            names_level,
        )

        return "computer" if names_level(self.controller.name(player), seat) else f"computer: {level_label(seat)}"

    def _info_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        out: list[tuple[str, tuple[int, int, int, int]]] = []
        if self.info:
            out.extend((t, THEME.text) for t in self.info)
            out.append(("(click elsewhere or Esc to close)", THEME.muted))
        elif self.hints and self.person_turn:
            head, *cells = self.controller.hint_lines(self.hints)
            out.append((head, ROLE_COLOURS["hint"]))
            out.extend((line, THEME.text) for line in cells)
        elif self.app.settings.show_hints and self.controller.hints_allowed and self.controller.state.drawn is not None:
            out.append(("Hint: thinking...", ROLE_COLOURS["hint"]))
        return out

    def _draw_board_tip(self) -> None:
        """A tooltip by the pointer on the board: the cell, and the apex ruling."""
        cell = self.placing.hover
        if cell is None or self.dialog is not None:
            return
        text = str(cell)
        board = self.controller.state.board
        colour = board[cell]
        if colour is not None:
            text = f"{Placing.ball_words(cell, colour)}. Click to see its groups."
        elif self.controller.is_playable(cell) and self.person_turn:
            preview = self.controller.preview(cell)
            text = self.controller.preview_text(preview) if preview is not None else text + ": place the ball here."
        note = self.controller.apex_note(cell) if cell == APEX and colour is None else None
        if note:
            text = f"{cell}: {note}"
        self.placing.draw_tip(text, self.scene, self.panel_rect[0], self.size[1])

    # -- input -------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)
            return
        self.placing.point(board_cell_at(self, x, y))
        self._update_ghost()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.changed()
        if self.dialog is not None:
            self.dialog.on_mouse_press(x, y, button)
            return
        if self.ui.on_mouse_press(x, y, button):
            return
        if self._bag.contains(x, y):
            self.act_draw()
            return
        cell = board_cell_at(self, x, y)
        if cell is None:
            self._select(None)
            return
        if self.controller.is_playable(cell) and self.person_turn:
            self.act_place(cell)
        elif cell in self.controller.state.board:
            self._select(cell)
        elif self.person_turn and self.controller.can_draw:
            self.say("Draw a ball first: Space or click the bag.", "info")
        else:
            self._select(None)
        self._update_ghost()

    def _select(self, cell: Cell | None) -> None:
        self.selected = cell
        self.info = self.controller.explain_cell(cell) if cell is not None else []
        self._refresh_highlights()

    def on_text(self, text: str) -> None:
        self.changed()
        if self.dialog is not None:
            self.dialog.on_text(text)
            return
        if text == "?":
            self.app.show_help()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.changed()
        if self.dialog is not None:
            self.dialog.on_key_press(symbol, modifiers)
            return
        super().on_key_press(symbol, modifiers)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        shift = modifiers & keys.MOD_SHIFT
        if symbol == keys.Z and modifiers & (keys.MOD_CTRL | keys.MOD_COMMAND):
            self.act_takeback()
        elif symbol == keys.SPACE:
            self.act_draw()
        elif symbol == keys.R:
            self.rotate(1 if shift else -1)
        elif symbol == keys.LEFT:
            self.rotate(1)
        elif symbol == keys.RIGHT:
            self.rotate(-1)
        elif symbol == keys.E:
            self.toggle_exploded()
        elif symbol == keys.V:
            self.reset_view()
        elif symbol == keys.I:
            self.toggle_hints()
        elif symbol == keys.M:
            self.toggle_marks()
        elif symbol == keys.L:
            toggle_plan(self)
        elif symbol in (keys.H, keys.F1) or (symbol == keys.SLASH and shift):
            self.app.show_help()
        elif symbol == keys.F2:
            self.app.show_settings()
        elif symbol == keys.S:
            self.ask_save()
        elif symbol == keys.N:
            self.to_menu()
        elif symbol == keys.TAB:
            self._cycle_cursor(-1 if shift else 1)
        elif symbol in ENTER_KEYS:
            if self.controller.over:
                self.show_results()
            elif (cell := self.placing.chosen(self.controller.playable())) is not None:
                self.act_place(cell)
                self._update_ghost()
        elif symbol == keys.ESCAPE:
            if self.info or self.selected is not None:
                self._select(None)
            elif self.placing.cursor is not None:
                self.placing.reset()
                self._update_ghost()
            else:
                self.to_menu()
        elif symbol in (keys.PLUS, keys.EQUAL, keys.NUM_ADD):
            self._speed(2.0)
        elif symbol in (keys.MINUS, keys.NUM_SUBTRACT):
            self._speed(0.5)

    def _cycle_cursor(self, step: int) -> None:
        """Tab: walk the keyboard cursor through the playable cells."""
        cell = self.placing.step(self.controller.playable() if self.person_turn else (), step)
        self._update_ghost()
        if cell is not None:
            self.placing.tell(self, cell)
        elif self.person_turn and self.controller.can_draw:
            self.say("Draw a ball first: Space.", "info")

    def _speed(self, factor: float) -> None:
        s = self.app.settings
        s.computer_speed = max(0.25, min(8.0, s.computer_speed * factor))
        self.app.save_settings()
        self.say(f"Computer pace: x{s.computer_speed:g}", "info", 2)
