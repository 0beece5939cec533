"""The replay viewer: a record stepped forward and back, challenge by
challenge or on autoplay, each challenge narrated as in play."""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Cell
from spoker.engine.rules import RuleSet
from spoker.gui.models.analysis_model import DONE, FAILED, IDLE, RUNNING
from spoker.gui.models.controller import PERSON, GameSetup, rules_name_of
from spoker.gui.models.replay_model import ReplayPage, ReplayStory
from spoker.gui.models.settings import SPEEDS
from spoker.gui.models.story import Mark, MomentKind
from spoker.gui.render.film import challenge_moves
from spoker.gui.render.frame import clear_colour, pixel_rect
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, player_colour, ui_scale
from spoker.gui.views.analysis_panel import BestLabel, EvalGraph, LuckBars, TipBox, marked_log
from spoker.gui.views.common import PLAN_KEY, PLAN_TIP, highlights, toggle_plan
from spoker.gui.views.game_actions import EXPORT_TIP, RETRY_TIP, GameActionsView
from spoker.gui.widgets.banner import BANNER_SETTLE, Banner, draw_moment
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.log_box import LogBox
from spoker.gui.widgets.player_cards import PlayerCards
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar, toolbar_rows
from spoker.notices import tell_all
from spoker.records.replay import Replay
from spoker.runs.analysis import MoveAnalysis
from spoker.text.analysis_words import challenge_story
from spoker.text.narrator import short

if TYPE_CHECKING:
    from spoker.gui.host import AppHost
    from spoker.gui.models.analysis_model import AnalysisJob
    from spoker.records.record import GameRecord

BANNER_H = 104
STEP_SECONDS = 1.5  # one move per this many seconds at speed x1
PAUSING = (MomentKind.CHALLENGE, MomentKind.SETTLED, MomentKind.STRAIGHT_FLUSH)  # autoplay lingers on these


class ReplayView(GameActionsView):
    """Steps through a :class:`~spoker.records.record.GameRecord`."""

    def __init__(
        self, app: AppHost, record: GameRecord, rules: RuleSet | None = None, source: str = "",
        back: Callable[[], None] | None = None, back_to: str = "the title screen",
    ) -> None:
        """``back`` is called by Close (else the title screen shows);
        ``back_to`` names where it goes, for Close's tooltip."""
        super().__init__(app)
        self.shown_highlights: list[object] = []  # what the scene was last told to light
        self.replay = Replay(record, rules)
        self.source = source
        self.back = back
        h = record.headers
        self.setup = GameSetup(
            (h.get("Player1", "Player 1"), h.get("Player2", "Player 2")),
            (h.get("Player1Type", PERSON), h.get("Player2Type", PERSON)),
            self.replay.rules, 0, rules_name=rules_name_of(h),
        )
        self.story = ReplayStory(self.replay, self.setup.names)  # every position told once
        self.scene = app.scene
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.clock = 0.0
        self.moment_time = 10.0
        self.selected: Cell | None = None
        self.info: list[str] = []
        self.hover_cell: Cell | None = None
        self._cards = PlayerCards()
        self._banner = Banner()
        self._log = LogBox()
        self._info = TextBlock(11)
        self._header = TextBlock(12, bold=True)
        self._pos = Label("", 16, bold=True, anchor_y="top")
        self._move = TextBlock(12)
        self._overlay_tip = TipBox(lambda: self.size)  # a whole text under the mouse (drawn last, over everything)
        self.header_rect = (0.0, 0.0, 0.0, 0.0)
        self.mouse = (-1.0, -1.0)
        self._ch_title = Label("CHALLENGES", 11, THEME.muted, bold=True, anchor_y="top")
        self._ch_rows: list[Label] = []
        self.ch_rects: list[tuple[float, float, float, float, int]] = []  # (x, y, w, h, its move)
        self.toolbar_top = float(TOOLBAR_H)  # the toolbar's height (one or two rows), from layout
        self.progress_rect = (0.0, 0.0, 0.0, 0.0)
        # The analysis (computed elsewhere: the session's cache) and its drawing.
        self.analysis = app.analyses.job(record, rules)  # the kept one, if analysed before
        self._tell_notices()
        self.show_best = False
        self._graph = EvalGraph()
        self._luck = LuckBars()  # the luck-and-skill summary, once the analysis is done
        self._best = BestLabel()
        ui = self.ui
        self.b_start = ui.add(Button("|<", self.replay_start, "Home", tooltip="To the start"))
        self.b_prev_ch = ui.add(Button("<< Chal.", self.prev_challenge, "PgUp", tooltip="Previous challenge"))
        self.b_back = ui.add(Button("< Back", self.step_back, "\u2190", tooltip="One move back"))
        self.b_play = ui.add(Button("Play", self.toggle_play, "Space", primary=True, tooltip="Autoplay"))
        self.b_fwd = ui.add(Button("Next >", self.step_forward, "\u2192", tooltip="One move forward"))
        self.b_next_ch = ui.add(Button("Chal. >>", self.next_challenge, "PgDn", tooltip="Next challenge"))
        self.b_end = ui.add(Button(">|", self.replay_end, "End", tooltip="To the end"))
        self.b_slower = ui.add(Button("-", lambda: self.change_speed(-1), "-", tooltip="Slower autoplay"))
        self.b_faster = ui.add(Button("+", lambda: self.change_speed(1), "+", tooltip="Faster autoplay"))
        self.b_turn = ui.add(Button("Turn", lambda: self.scene.rotate(-1), "R", tooltip="Rotate (Shift+R: the other way)"))
        self.b_explode = ui.add(Button("Exploded", self.toggle_exploded, "E", tooltip="Levels apart"))
        self.b_plan = ui.add(Button("Plan", lambda: toggle_plan(self), PLAN_KEY, tooltip=PLAN_TIP))
        self.b_retry = ui.add(Button("Retry", self.retry, "T", tooltip=RETRY_TIP))
        self.b_export = ui.add(Button("Export", self.ask_export, "X", tooltip=EXPORT_TIP))
        self.b_help = ui.add(Button("Help", self.app.show_help, "H"))
        self.b_exit = ui.add(Button("Close", self.close, "Esc", tooltip=f"Back to {back_to}"))
        self.attach_labels()
        self.toolbar = [self.b_start, self.b_prev_ch, self.b_back, self.b_play, self.b_fwd, self.b_next_ch,
                        self.b_end, self.b_slower, self.b_faster, self.b_turn, self.b_explode, self.b_plan, self.b_retry,
                        self.b_export, self.b_help, self.b_exit]

    # -- the cursor ----------------------------------------------------------
    @property
    def position(self) -> int:
        return self.replay.position

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def page(self, n: int | None = None) -> ReplayPage:
        """The story of the game up to position ``n`` (default: the current one)."""
        return self.story.at(self.replay.position if n is None else n)

    def _mark_last_move(self) -> None:
        """The ball of the move that led here carries the last move's ring."""
        move = self.replay.move
        self.scene.set_guides(False, None if move is None else move.cell)

    def _moved(self, forward: bool = False) -> None:
        self.changed()
        self.scene.set_board(self.replay.state.board, animate=forward)
        self._mark_last_move()
        self.selected = None
        self.info = []
        self.moment_time = 0.0
        self._refresh_highlights()
        self._refresh_ghost()

    def step_forward(self) -> bool:
        moved = self.replay.forward()
        if moved:
            self._moved(True)
        else:
            self.playing = False
            self.changed()
        return moved

    def step_back(self) -> bool:
        moved = self.replay.back()
        if moved:
            self._moved()
        return moved

    def replay_start(self) -> None:
        self.replay.start()
        self._moved()

    def replay_end(self) -> None:
        self.replay.end()
        self._moved()

    def next_challenge(self) -> None:
        if self.replay.next_challenge():
            self._moved()
        else:
            self.say("No challenge after this move.", "info", 2)

    def prev_challenge(self) -> None:
        if self.replay.prev_challenge():
            self._moved()
        else:
            self.say("No challenge before this move.", "info", 2)

    def goto(self, n: int) -> None:
        self.replay.goto(max(0, min(self.replay.length, n)))
        self._moved()

    def toggle_play(self) -> None:
        if not self.playing and self.position >= self.replay.length:
            self.replay.start()
            self._moved()
        self.playing = not self.playing
        self.clock = 0.0
        self.changed()

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        self.say(f"Autoplay speed x{self.speed:g}", "info", 2)

    def toggle_exploded(self) -> None:
        self.scene.set_exploded(not self.scene.exploded)

    def close(self) -> None:
        self.playing = False
        self.changed()
        if self.back is not None:
            self.back()
        else:
            self.app.show_title()

    # -- the analysis --------------------------------------------------------------
    def start_analysis(self) -> None:
        """Start the game's analysis (in the background when the app is threaded)."""
        job = self.analysis
        if job.state == DONE:
            self.say("This game is analysed: the graph is in the panel, B shows a best cell.", "info", 4)
            return
        if job.state == FAILED:
            self.say(job.progress_text(), "bad", 6)
            return
        job.start(self.app.analyses.executor)
        self.changed()  # the graph says it is analysing
        self._poll_analysis()
        if job.state == RUNNING:
            self.say("Analysing the game: the graph fills in as the moves are judged.", "info", 4)

    def _poll_analysis(self) -> None:
        if self.analysis.poll():
            self.changed()  # more moves judged: the graph and the marks grow
            self._refresh_ghost()
            self._tell_notices()  # a finished analysis is kept on disk: did that work?

    def _tell_notices(self) -> None:
        """What the kept analyses' file said (damaged, not writable): the whole
        line on stderr, the gist on the screen."""
        shown = tell_all(self.app.analyses.take_notices())
        if shown is not None:
            self.say("The kept analyses were damaged: set aside (see the terminal)" if shown.damaged
                     else "Cannot keep this analysis on disk (see the terminal)", "bad", 8)

    def toggle_best(self) -> None:
        """Show or hide the best placement of the current move as a ghost."""
        if not self.analysis.moves:
            self.say("Analyse the game first (A): then B shows the best placements.", "info", 4)
            return
        self.show_best = not self.show_best
        self.changed()
        self._refresh_ghost()
        m = self.analysis.at(self.position)
        if self.show_best and m is not None and m.best == m.cell:
            self.say(f"Move {m.n} is a best placement.", "good", 3)

    def best_shown(self) -> MoveAnalysis | None:
        """The move whose better cell the ghost shows now, if any."""
        if not self.show_best:
            return None
        m = self.analysis.at(self.position)
        return m if m is not None and m.best != m.cell else None

    def _refresh_ghost(self) -> None:
        m = self.best_shown()
        self.scene.set_ghost(None if m is None else m.best, None if m is None else m.ball)

    def _refresh_highlights(self) -> None:
        self.changed()  # a selection, its explanation, or a new position
        c = self.page()
        marks: list[Mark] = []
        if self.selected is not None:
            marks.extend(c.explain_marks(self.selected))
        marks.extend(c.moment.marks)
        self.shown_highlights = highlights(marks)
        self.scene.set_highlights(self.shown_highlights)  # type: ignore[arg-type]

    # -- Retry my mistakes, Export animation (spoker.gui.views.game_actions) ------------
    def action_record(self) -> GameRecord:
        return self.replay.record

    def action_job(self) -> AnalysisJob:
        return self.analysis

    def action_players(self) -> tuple[tuple[str, str], Sequence[str]]:
        return self.setup.names, self.setup.seats

    def pause(self) -> None:
        self.playing = False

    # -- Export animation ---------------------------------------------------------------
    def challenge_here(self) -> int | None:
        """The challenge the current position lies in (its opening move to its answer), if any."""
        p = self.position
        inside = [i for i, ch in enumerate(self.replay.challenges)
                  if ch.move <= p <= (ch.move if ch.response_move is None else ch.response_move)]
        return inside[-1] if inside else None

    def challenge_at_hand(self) -> tuple[int, int] | None:
        i = self.challenge_here()
        return None if i is None else challenge_moves(self.replay, i)

    def film_base(self) -> str:
        """The record's file, else a name in the data folder's games/ (as Save proposes)."""
        return self.source if self.source and os.path.isfile(self.source) else self.app.default_record_path()

    # -- layout, frames ------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        self.app.frame_cache.invalidate()
        self.scene.set_board(self.replay.state.board, animate=False)
        self._mark_last_move()
        self.scene.set_ghost(None, None)
        self.scene.set_hover(None)
        self._refresh_highlights()
        self._refresh_ghost()

    def layout(self, width: int, height: int) -> None:
        self.changed()
        s = ui_scale()
        # The analysis' words need room: at least 300 pixels, a third of a small window.
        panel_w = max(300.0, min(400.0 * s, width * 0.31))
        board_w = width - panel_w
        # Every button reachable: in a narrow window the toolbar takes two rows (Help alone may go: H).
        rows = toolbar_rows(len(self.toolbar) - 1, board_w, 5 * s, 62 * s)
        bar = (TOOLBAR_H + (rows - 1) * (TOOLBAR_H - 12)) * s
        self.panel_rect = (board_w, 0.0, panel_w, float(height))
        self.board_rect = (0.0, bar, board_w, height - bar - 8.0 * s)
        optional = [self.b_help, self.b_explode, self.b_turn, self.b_plan, self.b_slower, self.b_faster, self.b_export,
                    self.b_retry, self.b_start, self.b_end]
        place_toolbar(self.toolbar, optional, board_w, bar, gap=5 * s, min_width=62 * s, max_width=96 * s, keep=7,
                      rows=rows)
        self.toolbar_top = bar
        self.scene.set_viewport(10, bar + 4 * s, board_w - 20, height - bar - BANNER_H * s)
        if self.dialog is not None:
            self.dialog.layout(width, height)

    def on_update(self, delta_time: float) -> None:
        delta_time = self.actions_update(delta_time)
        super().on_update(delta_time)
        if self.app.closed:
            return
        dt = min(delta_time, 0.25)
        self.moment_time += dt
        self.scene.update(dt)
        if self.analysis.state == RUNNING:
            self._poll_analysis()
        if self.dialog is not None:
            self.dialog.update(dt)
            if self.dialog.done:
                self.dialog = None
                self.changed()
            return  # the box holds the screen still
        if self.playing:
            self.clock += dt
            pause = 1.0 if self.page().moment.kind in PAUSING else 0.0
            if self.clock >= (STEP_SECONDS + pause) / self.speed:
                self.clock = 0.0
                self.step_forward()

    def on_draw(self) -> None:
        self.b_play.label = "Pause" if self.playing else "Play"
        self.b_explode.active = self.scene.exploded
        self.b_plan.active = self.scene.flat
        self.b_back.enabled = self.b_start.enabled = self.position > 0
        self.b_fwd.enabled = self.b_end.enabled = self.position < self.replay.length
        self._fit_plan_under_banner()
        glow = self.scene.glow_rect()
        pulses = [] if glow is None else [(pixel_rect(*glow, scale=self.window.get_pixel_ratio()), self.scene.pulse())]
        self.app.frame_cache.frame(self._frame_key(), self._draw_screen, pulses)
        super().on_draw()

    def _fit_plan_under_banner(self) -> None:
        """The plan fills the board to its top, where a tall banner (a
        challenge settled, at 800x600) would hide level 1's title and top
        row: while one shows, the plan keeps below it. The pyramid leaves
        room above itself and stays where it is."""
        s = ui_scale()
        left, bottom, width, height = self.board_rect
        top = self.size[1] - BANNER_H * s
        if self.scene.flat:
            banner = self._banner.height(self.page().moment, width - 20)
            if banner:
                top = min(top, self.size[1] - 8.0 * s - banner - 6 * s)
        self.scene.set_viewport(10, bottom + 4 * s, width - 20, top - bottom - 4 * s)

    def _draw_screen(self, level: float | None = None) -> None:
        """The whole screen; the glow at ``level`` if given (see FrameCache)."""
        clear_colour(THEME.background)
        self.scene.draw(level)
        self._draw_best()
        c = self.page()
        draw_moment(self._banner, c.moment, self.scene, self.board_rect, self.size[1] - 8.0 * ui_scale(),
                    self.moment_time)
        self._draw_panel(c)
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        self.draw_message(self.toolbar_top + 8 * ui_scale(), (self.board_rect[0], self.board_rect[2]))
        if self.dialog is not None:
            self.dialog.draw()
        else:
            self._overlay_tip.draw(self.tip_text(), *self.mouse)

    def _frame_key(self) -> Hashable | None:
        """The picture's revision: the screen's own (``changed()``), the board's
        and the widgets'; None while something moves."""
        moment = self.page().moment
        if (self.scene.animating or moment.kind == "straight_flush" or self.moment_time < BANNER_SETTLE
                or self.dialog is not None):  # a box's caret blinks
            return None
        return (id(self), self.revision, self.scene.revision, self.ui.revision)

    def _draw_panel(self, c: ReplayPage) -> None:
        left, _, width, height = self.panel_rect
        k = ui_scale()
        arcade.draw_lrbt_rectangle_filled(left, left + width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(left, 0, left, height, THEME.panel_border, 2)
        x, w = left + 12 * k, width - 24 * k
        # The file's name (its whole path in the tip), wrapped rather than cut.
        top = height - 10 * k
        name, rules = self.source_name, self.setup.rules_name or self.replay.rules  # a rules file's own name
        whole = f"REPLAY  \u00b7  {name}  \u00b7  {rules}"
        header = whole if self._header.height([(whole, THEME.muted)], w) < 24 * k else f"{name}  \u00b7  {rules}"
        y = self._header.draw([(header, THEME.muted)], x, top, w, bottom_limit=top - 40 * k)
        self.header_rect = (x, y, w, top - y)
        s = c.state
        y = self._cards.draw(x, y - 6 * k, w, self.setup.names, ("", ""), s.score,
                             None if s.is_over else s.to_move, "TO MOVE", card_h=50 if height >= 700 * k else 44)
        pos = f"Move {self.position} / {self.replay.length}"
        speed = f"\u25b6 x{self.speed:g}" if self.playing else f"speed x{self.speed:g}"
        self._pos.draw_at(x, y - 2 * k, self._pos.first_fitting(
            (f"{pos}   {speed}", f"{pos}   x{self.speed:g}", pos), w))
        y -= 2 * k + self._pos.content_height + 4 * k
        # Progress bar: click to jump; ticks at the challenges.
        bar = 12 * k
        self.progress_rect = (x, y - bar, w, bar)
        draw_box(x, y - bar, w, bar, (20, 24, 30, 255), THEME.panel_border, radius=5)
        if self.replay.length:
            frac = self.position / self.replay.length
            draw_box(x, y - bar, max(8.0, w * frac), bar, (70, 120, 200, 255), None, radius=5)
            for ch in self.replay.challenges:
                tx = x + 1 + (w - 2) * ch.move / self.replay.length
                arcade.draw_line(tx, y - bar - 2 * k, tx, y + 2 * k, ROLE_COLOURS["challenge"], 2)
        y -= bar + 10 * k
        move = self.replay.move
        text = "The empty pyramid." if move is None else c.last_move_text()
        if s.is_over:
            text += "   " + c.result_text()
        y = self._move.draw([(text, THEME.text)], x, y, w) - 2 * k
        box_h = self._graph.height(self.analysis, height)
        # At the end the whole game's luck and skill come before the last move's lines.
        last = self.position == self.replay.length and self.analysis.balance() is not None
        y = self._graph.draw(self.analysis, self.replay.length, self.position, self.setup.names,
                             x, y, w, box_h, self.show_best, [ch.move for ch in self.replay.challenges],
                             bottom_limit=10 * k, lines=not last)
        y = self._draw_luck(x, y, w)
        if last:
            y = self._graph.draw_lines(self.analysis, self.position, self.setup.names, x, y, w, self.show_best,
                                       bottom_limit=60 * k)
        if self.info:
            lines = [(t, THEME.text) for t in self.info]
            h = min(self._info.height(lines, w - 16 * k) + 12 * k, max(60.0 * k, y - 90 * k))
            draw_box(x, y - h, w, h, (22, 26, 34, 240), THEME.accent, radius=8)
            self._info.draw(lines, x + 8 * k, y - 6 * k, w - 16 * k, bottom_limit=y - h)
            y -= h + 8 * k
        y = self._draw_challenges(x, y, w)
        self._log.draw(marked_log(c.log, self.analysis.verdicts(), self.analysis.luck_marks()), x, 10 * k, w, y - 14 * k)

    LUCK_ROOM = 260.0
    """Panel height (at scale 1) the challenges and the story keep under the luck-and-skill box."""
    LUCK_ROOM_WHOLE = 60.0
    """The same at the start and at the end, where the whole game's summary comes first."""

    def _draw_luck(self, x: float, top: float, w: float) -> float:
        """The game's luck and skill under the analysis, when it is done: at
        the first and the last position always (the whole game's summary
        first), elsewhere where there is room (its words only where they fit:
        the tip has them whole)."""
        k = ui_scale()
        balance = self.analysis.balance()
        self._luck.rect = (0.0, 0.0, 0.0, 0.0)
        whole = self.position in (0, self.replay.length)
        room = (self.LUCK_ROOM_WHOLE if whole else self.LUCK_ROOM) * k
        if balance is None or top - room < 80 * k:
            return top
        final = self.replay.state_at(self.replay.length).score
        return self._luck.draw(balance, self.setup.names, final, "", x, top, w, bottom_limit=room) - 6 * k

    @property
    def source_name(self) -> str:
        """The record's file name without its folders (the header's; the tip has the path)."""
        src = self.source or "record"
        return os.path.basename(src.rstrip("/\\")) or src

    def tip_text(self) -> str:
        """The whole text of what is under the mouse, where the screen shows it cut or short."""
        mx, my = self.mouse
        hx, hy, hw, hh = self.header_rect
        if hx <= mx <= hx + hw and hy <= my <= hy + hh and self.source and self.source_name != self.source:
            named = f" ({self.setup.rules_name})" if self.setup.rules_name else ""
            return f"{self.source}  \u00b7  rules: {self.replay.rules}{named}"
        if self._graph.contains(mx, my) and self.analysis.moves:
            return self._graph.tip_at(self.analysis, self.setup.names, mx, my)
        if self._luck.contains(mx, my):
            return self._luck.tip_at(mx, my)
        for rx, ry, rw, rh, move in self.ch_rects:
            if rx <= mx <= rx + rw and ry <= my <= ry + rh:
                ch = next(c for c in self.replay.challenges if c.move == move)
                return challenge_story(ch, self.setup.names)
        return ""

    def _draw_best(self) -> None:
        """The label over the best cell's ghost."""
        m = self.best_shown()
        if m is not None:
            x, y, r = self.scene.screen_position(m.best)
            self._best.draw(m, x, y + r + 16 * ui_scale())

    def _draw_challenges(self, x: float, top: float, w: float) -> float:
        k = ui_scale()
        y = top - self._ch_title.set("CHALLENGES").content_height - 2 * k
        self.ch_rects = []
        rows = self.replay.challenges
        while len(self._ch_rows) < len(rows):
            self._ch_rows.append(Label("", 11, anchor_y="center", layer=self.layer))
        row_h, step = 20 * k, 22 * k
        # About half of what is left, the story the rest; never below the panel.
        limit = max(3, int((top - 200 * k) / step / 2))
        limit = min(limit, int((y - 10 * k) / step))
        if limit < 1:  # no room under the analysis: the progress bar's ticks show the challenges
            return top
        self._ch_title.draw_at(x, top)
        # Show a window of rows around the current position.
        current = max((i for i, ch in enumerate(rows) if ch.move <= self.position), default=0)
        first = max(0, min(current - limit // 2, len(rows) - limit))
        for i in range(first, min(len(rows), first + limit)):
            ch = rows[i]
            done = ch.response_move is not None and ch.response_move <= self.position
            active = ch.move <= self.position
            name = self.setup.names[ch.challenger - 1]
            result = ""
            if done and ch.points is not None:
                result = f"  \u2192 {ch.points[0]}-{ch.points[1]}"
            here = ch.move == self.position or ch.response_move == self.position
            fill = (52, 60, 80, 255) if here else (30, 35, 45, 255)
            draw_box(x, y - row_h, w, row_h, fill, None, radius=4)
            arcade.draw_lrbt_rectangle_filled(x, x + 4 * k, y - row_h, y, player_colour(ch.challenger))
            row = self._ch_rows[i]
            room = w - 14 * k
            # The group in full if it fits, else in short; the name gives way first, the result never.
            text = row.first_fitting([
                f"{ch.move}. {name}: {ch.challenge.describe()}{result}",
                f"{ch.move}. {name}: {short(ch.challenge)}{result}",
                f"{ch.move}. {short(ch.challenge)}{result}",
            ], room)
            row.draw_at(x + 10 * k, y - row_h / 2, text, THEME.text if active else THEME.muted)
            self.ch_rects.append((x, y - row_h, w, row_h, ch.move))
            y -= step
        return y - 6 * k

    # -- input ------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)
            return
        super().on_mouse_motion(x, y, dx, dy)
        tip = self.tip_text()
        self.mouse = (float(x), float(y))
        if tip or self.tip_text():
            self.changed()  # a tip appears, moves or goes
        left, bottom, w, h = self.board_rect
        inside = left <= x <= left + w and bottom <= y <= bottom + h
        self.hover_cell = self.scene.pick(x, y) if inside else None
        cell = self.hover_cell
        self.scene.set_hover(cell if cell is not None and cell in self.replay.state.board else None)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.on_mouse_press(x, y, button)
            return
        if self.ui.on_mouse_press(x, y, button):
            return
        px, py, pw, ph = self.progress_rect
        if px <= x <= px + pw and py - 6 <= y <= py + ph + 6 and self.replay.length:
            self.goto(round((x - px) / pw * self.replay.length))
            return
        if self._graph.contains(x, y):
            move = self._graph.move_at(x, y)
            if self.analysis.state == IDLE:
                self.start_analysis()
            elif move is not None:
                self.goto(move)
            return
        for rx, ry, rw, rh, move in self.ch_rects:
            if rx <= x <= rx + rw and ry <= y <= ry + rh:
                self.goto(move)
                return
        left, bottom, w, h = self.board_rect
        if left <= x <= left + w and bottom <= y <= bottom + h:
            cell = self.scene.pick(x, y)
            if cell is not None and cell in self.replay.state.board:
                self.selected = cell
                self.info = self.page().explain_cell(cell)
            else:
                self.selected = None
                self.info = []
            self._refresh_highlights()

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        shift = modifiers & keys.MOD_SHIFT
        if symbol == keys.RIGHT:
            self.step_forward()
        elif symbol == keys.LEFT:
            self.step_back()
        elif symbol == keys.HOME:
            self.replay_start()
        elif symbol == keys.END:
            self.replay_end()
        elif symbol in (keys.PAGEDOWN, keys.DOWN):
            self.next_challenge()
        elif symbol in (keys.PAGEUP, keys.UP):
            self.prev_challenge()
        elif symbol in (keys.SPACE, keys.P):
            self.toggle_play()
        elif symbol in (keys.PLUS, keys.EQUAL, keys.NUM_ADD):
            self.change_speed(1)
        elif symbol in (keys.MINUS, keys.NUM_SUBTRACT):
            self.change_speed(-1)
        elif symbol == keys.R:
            self.scene.rotate(1 if shift else -1)
        elif symbol == keys.E:
            self.toggle_exploded()
        elif symbol == keys.L:
            toggle_plan(self)
        elif symbol == keys.A:
            self.start_analysis()
        elif symbol == keys.B:
            self.toggle_best()
        elif symbol == keys.T:
            self.retry()
        elif symbol == keys.X:
            self.ask_export()
        elif symbol in (keys.H, keys.F1) or (symbol == keys.SLASH and shift):
            self.app.show_help()
        elif symbol == keys.ESCAPE:
            if self.info:
                self.selected = None
                self.info = []
                self._refresh_highlights()
            else:
                self.close()
