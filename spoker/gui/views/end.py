"""The end of a game: result, score, luck and skill, every challenge; new
game, save, replay; retry my mistakes, export an animation.

Luck and skill come from the game's analysis (the session's
:class:`~spoker.gui.models.analysis_model.AnalysisCache`: the same job the
replay viewer's "Analyse" shows). In the window it starts by itself when the
screen shows, off the window's thread, and the figures appear when it is
done; where the analyses run at once (screenshots, tests) a click on the box
starts it, and a kept analysis shows at once."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.engine.challenges import ChallengeSummary
from spoker.engine.events import End
from spoker.engine.groups import Rank
from spoker.gui.models.analysis_model import DONE, FAILED, IDLE, RUNNING, AnalysisJob
from spoker.gui.models.controller import GameController
from spoker.gui.models.replay_model import ChallengePosition, challenge_position
from spoker.gui.models.story import Counted, Mark, MarkRole
from spoker.gui.render.film import challenge_moves
from spoker.gui.render.frame import clear_colour, pixel_rect
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, player_colour, ui_scale
from spoker.gui.views.analysis_panel import LuckBars, TipBox
from spoker.gui.views.common import highlights
from spoker.gui.views.game_actions import EXPORT_TIP, RETRY_TIP, GameActionsView
from spoker.gui.views.save_dialog import save_game_dialog
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.text_block import TextBlock
from spoker.records.record import GameRecord
from spoker.records.replay import Replay
from spoker.text.analysis_words import challenge_story, points_words, position_caption, short_name
from spoker.text.narrator import SHORT_RANKS, TINY_RANKS, challenge_row, score_line, summary_line

if TYPE_CHECKING:
    from spoker.gui.host import AppHost


def groups_by_player(counted: list[Counted]) -> list[list[int]]:
    """How many counting groups of each rank each player formed."""
    table = [[0] * 5 for _ in range(2)]
    for c in counted:
        table[c.player - 1][int(c.group.rank) - 1] += 1
    return table


class EndView(GameActionsView):
    """Results of a finished game, with the final pyramid."""

    def __init__(self, app: AppHost, controller: GameController) -> None:
        super().__init__(app)
        self.shown_highlights: list[object] = []  # what the scene was last told to light
        self.controller = controller
        self.scene = app.scene
        ui = self.ui
        self.b_new = ui.add(Button("New game", self.app.show_title, "N", primary=True))
        self.b_save = ui.add(Button("Save record", self.ask_save, "S"))
        self.b_replay = ui.add(Button("Replay", self.replay, "R"))
        self.b_analyse = ui.add(Button("Analyse", self.analyse, "A",
                                       tooltip="Analyse this game: the replay viewer with its evaluation graph"))
        self.b_quit = ui.add(Button("Quit", self.app.quit, "Ctrl+Q"))
        self.b_retry = ui.add(Button("Retry my mistakes", self.retry, "T", tooltip=RETRY_TIP))
        self.b_export = ui.add(Button("Export animation", self.ask_export, "X", tooltip=EXPORT_TIP))
        self.b_final = ui.add(Button("Final position", self.show_final, "Esc",
                                     tooltip="Back to the pyramid at the end of the game"))
        self.b_final.visible = False
        self._result = Label("", 28, THEME.accent, bold=True, anchor_y="top")
        self._result_wrapped = TextBlock(18, bold=True)  # a headline too long for one line
        self._score = TextBlock(18)
        self._score_small = TextBlock(13)  # a score line of long names
        self._how = TextBlock(13)
        self._head = Label("CHALLENGES", 12, THEME.muted, bold=True, anchor_y="top")
        self._rows: list[tuple[Label, ...]] = []
        self._heads = [Label("", 10, THEME.muted, anchor_y="baseline", anchor_x="right" if k == 3 else "left")
                       for k in range(4)]
        self._stats_head = Label("", 12, THEME.muted, bold=True, anchor_y="top")
        self._stat_cols = [Label("", 9, THEME.muted, anchor_x="center", anchor_y="center") for _ in range(5)]
        self._stat_names = [Label("", 12, bold=True, anchor_y="center") for _ in range(2)]
        self._stat_cells = [[Label("", 13, anchor_x="center", anchor_y="center") for _ in range(5)] for _ in range(2)]
        self._more = Label("", 11, THEME.muted, anchor_y="top")
        self._caption = TextBlock(11)  # over the board: the selected challenge, whole
        self._overlay_tip = TipBox(lambda: self.size)  # a row's whole text under the mouse
        self._luck = LuckBars()
        self._analysis: AnalysisJob | None = None
        self.mouse = (-1.0, -1.0)
        self.selected: int | None = None
        self.position: ChallengePosition | None = None  # the selected challenge's pyramid
        self.row_rects: list[tuple[float, float, float, float]] = []
        self.row_indices: list[int] = []  # the challenge each of row_rects shows
        self.stat_name_rects: list[tuple[float, float, float, float]] = []  # the groups table's names
        self.time = 0.0
        self.attach_labels()

    def on_show_view(self) -> None:
        super().on_show_view()
        if self.app.threaded:  # off the window's thread: the figures come while the player reads
            self.start_analysis()
        self.scene.set_ghost(None, None)
        self.scene.set_hover(None)
        self._highlight()

    def _highlight(self) -> None:
        """The final pyramid, or, with a challenge selected, the pyramid when
        it was answered (opened, if never answered), where later balls cannot
        hide its groups."""
        marks: list[Mark] = []
        self.position = None
        if self.selected is not None and self.selected < len(self.controller.challenges):
            s = self.controller.state
            self.position = challenge_position(s.history, s.rules, self.controller.challenges[self.selected])
            marks.extend(self.position.marks)
        elif self.controller.state.end == End.STRAIGHT_FLUSH:
            marks.extend(m for m in self.controller.moment.marks if m.role == MarkRole.FLUSH)
        self.scene.set_board(self.controller.state.board if self.position is None else self.position.board, animate=False)
        self.b_final.visible = self.position is not None
        self.shown_highlights = highlights(marks)
        self.scene.set_highlights(self.shown_highlights)  # type: ignore[arg-type]
        self._place_scene()

    def select(self, index: int | None) -> None:
        """Show challenge ``index`` (its position and groups), or the final position (None)."""
        self.selected = index
        self._highlight()

    def show_final(self) -> None:
        """Back to the pyramid at the end of the game."""
        self.select(None)

    def caption_lines(self) -> list[str]:
        """What the board's caption says of the selected challenge (none: no caption)."""
        if self.selected is None or self.selected >= len(self.controller.challenges):
            return []
        ch = self.controller.challenges[self.selected]
        names = self.controller.setup.names
        return [challenge_story(ch, names), position_caption(ch, self.controller.state.move_number)]

    def _caption_height(self) -> float:
        lines = self.caption_lines()
        if not lines:
            return 0.0
        k = ui_scale()
        return self._caption.height([(t, THEME.text) for t in lines], self._board_w - 24 * k) + 16 * k

    def _place_scene(self) -> None:
        """The board's viewport: under the caption when one shows, above the Final position button."""
        width, height = self.size
        k = ui_scale()
        if not hasattr(self, "panel_x"):
            return  # not laid out yet
        top = height - 20 * k - self._caption_height()
        self.scene.set_viewport(10, 70 * k, self._board_w, top - 70 * k)

    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        # The results need room more than the pyramid: in a small window the panel takes most of it.
        panel = max(min(width * 0.6, 470.0 * s), min(620.0 * s, width * 0.48))
        self.panel_x = width - panel
        self.panel_w = panel
        self._board_w = width - panel - 20
        self._place_scene()
        self.b_final.place(12 * s, 14 * s, min(180 * s, self._board_w - 4 * s), 46 * s)
        buttons = (self.b_new, self.b_save, self.b_replay, self.b_analyse, self.b_quit)
        bw = (panel - 24 * s - (len(buttons) - 1) * 8 * s) / len(buttons)
        for i, b in enumerate(buttons):
            b.place(self.panel_x + 12 * s + i * (bw + 8 * s), 14 * s, bw, 46 * s)
        # The second row, above: what to do next with this game.
        rw = (panel - 24 * s - 8 * s) / 2
        for i, b in enumerate((self.b_retry, self.b_export)):
            b.place(self.panel_x + 12 * s + i * (rw + 8 * s), (14 + 46 + 8) * s, rw, 46 * s)
        if self.dialog is not None:
            self.dialog.layout(width, height)

    def ask_save(self) -> None:
        self.open_dialog(save_game_dialog(self, self.controller))

    def replay(self) -> None:
        self.app.replay_game(self.controller)

    @property
    def buttons_top(self) -> float:
        """The top of the buttons' rows: the texts end above it."""
        return self.b_retry.bottom + self.b_retry.height

    # -- Retry my mistakes, Export animation (spoker.gui.views.game_actions) ------------
    def action_record(self) -> GameRecord:
        return self.analysis.record

    def action_job(self) -> AnalysisJob:
        return self.analysis

    def action_players(self) -> tuple[tuple[str, str], Sequence[str]]:
        return self.controller.setup.names, self.controller.setup.seats

    def film_base(self) -> str:
        """The game's record file, else a name in the data folder's games/ (as Save proposes)."""
        return self.app.default_record_path(self.controller)

    def challenge_at_hand(self) -> tuple[int, int] | None:
        """The challenge selected in the list, if any."""
        if self.selected is None or self.selected >= len(self.controller.challenges):
            return None
        return challenge_moves(Replay(self.analysis.record, self.controller.state.rules), self.selected)

    @property
    def analysis(self) -> AnalysisJob:
        """This game's analysis in the session's cache (kept ones included; not started)."""
        if self._analysis is None:
            record = GameRecord.from_state(self.controller.state, self.controller.headers())
            self._analysis = self.app.analyses.job(record)
        return self._analysis

    def start_analysis(self) -> None:
        """Measure this game's luck and skill (its analysis, run on the session's executor)."""
        job = self.analysis
        job.start(self.app.analyses.executor)
        job.poll()

    def luck_progress(self) -> str:
        """What the luck-and-skill box says until its figures are there."""
        job = self.analysis
        if job.state == IDLE:
            return "click here to measure it"
        if job.state == FAILED:
            return job.progress_text()
        if job.state == DONE:
            return ""
        if job.estimated():  # the figures shown are the quick pass's
            return f"estimate; refining\u2026 move {job.judged + 1} of {job.total}"
        return f"measuring\u2026 move {min(job.total, len(job.moves) + 1)} of {job.total}"

    def analyse(self) -> None:
        """This game in the replay viewer, its analysis started."""
        self.app.replay_game(self.controller, analyse=True)

    def on_update(self, delta_time: float) -> None:
        delta_time = self.actions_update(delta_time)
        super().on_update(delta_time)
        if self.app.closed:
            return
        self.time += min(delta_time, 0.25)
        self.scene.update(delta_time)
        if self._analysis is not None and self._analysis.state == RUNNING:
            self._analysis.poll()
        if self.dialog is not None:
            self.dialog.update(delta_time)
            if self.dialog.done:
                self.dialog = None

    def on_draw(self) -> None:
        """From the frame cache while the screen stands still: drawn whole
        every frame, this screen took a core (50 ms of CPU a frame under
        software OpenGL) from the analysis measuring its luck and skill."""
        glow = self.scene.glow_rect()
        pulses = [] if glow is None else [(pixel_rect(*glow, scale=self.window.get_pixel_ratio()), self.scene.pulse())]
        self.app.frame_cache.frame(self._frame_key(), self._draw_screen, pulses)

    def _frame_key(self) -> Hashable | None:
        """Equal while the picture is: input (counted by the window's pacer),
        the board, the widgets, the challenge shown, the analysis's progress
        and the message; None while the board moves or a box is open."""
        if self.scene.animating or self.dialog is not None:
            return None
        job = self._analysis
        progress = None if job is None else (job.state, job.judged, len(job.moves))
        return (id(self), self.size, self.app.frame_cache.pacer.events, self.ui.revision, self.scene.revision,
                self.selected, progress, self.message if self.message_time > 0 else None)

    def _draw_screen(self, level: float | None = None) -> None:
        """The whole screen; the board's glow at ``level`` if given (see FrameCache)."""
        clear_colour(THEME.background)
        width, height = self.size
        self.scene.draw(level)
        self._draw_caption()  # its words join the text layer, drawn over the shapes below
        x = self.panel_x
        arcade.draw_lrbt_rectangle_filled(x, width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(x, 0, x, height, THEME.panel_border, 2)
        c = self.controller
        s = c.state
        k = ui_scale()
        names = c.setup.names
        left = x + 18 * k
        w = self.panel_w - 36 * k
        colour = player_colour(s.winner) if s.winner else THEME.accent
        result = self._result
        # The largest size at which the headline fits on a line; wrapped (never cut) below that.
        y = height - 18 * k
        headline = c.result_text()
        for size in (28, 22, 18):
            if result.set(headline, size=size).content_width <= w:
                result.draw_at(left, y, headline, colour)
                y -= result.content_height + 6 * k
                break
        else:
            y = self._result_wrapped.draw([(headline, colour)], left, y, w, bottom_limit=y - 90 * k) - 4 * k
        # Long names wrap too: two lines rather than a cut.
        score = [(score_line(names, s.score), THEME.text)]
        block = self._score if self._score.height(score, w) <= 60 * k else self._score_small
        y = block.draw(score, left, y, w) - 4 * k
        y = self._how.draw([(summary_line(s.end, len(c.challenges), s.move_number), THEME.muted)],
                           left, y, w) - 12 * k
        y = self._draw_luck(left, y, w)
        self._head.draw_at(left, y)
        y = self._draw_rows(left, y - self._head.content_height - 6 * k, w)
        self._draw_stats(left, y - 14 * k, w)
        self.ui.draw()
        self.layer.draw()
        # The message over the pyramid's side, above Final position: the panel's table stays readable.
        self.ui.draw_tooltip()
        self.draw_message(self.b_final.bottom + self.b_final.height + 8 * k, (0.0, float(self.panel_x)))
        if self.dialog is not None:
            self.dialog.draw()
        else:
            self._overlay_tip.draw(self.tip_text(), *self.mouse)
        super().on_draw()

    LUCK_KEEPS = 3
    """Challenge rows the luck-and-skill box leaves room for under it (more scroll)."""

    def _draw_luck(self, left: float, top: float, width: float) -> float:
        """The luck-and-skill box under the summary line, above the challenges
        (its words only where they fit with :data:`LUCK_KEEPS` rows under it:
        the tip has them whole). Returns the y below it."""
        k = ui_scale()
        rows = min(len(self.controller.challenges), self.LUCK_KEEPS)
        limit = self.buttons_top + 12 * k + (24 + 20 + 25 * rows + 24) * k
        y = self._luck.draw(self.analysis.rough_balance(), self.controller.setup.names, self.controller.state.score, self.luck_progress(),
                            left, top, width, bottom_limit=limit)
        return y - 10 * k

    def _draw_caption(self) -> None:
        """Over the board, with a challenge selected: the challenge whole and which position this is."""
        lines = self.caption_lines()
        if not lines:
            return
        k = ui_scale()
        h = self._caption_height()
        top = self.size[1] - 10 * k
        left, w = 10.0, self._board_w
        draw_box(left, top - h, w, h, (22, 26, 34, 235), ROLE_COLOURS["challenge"], radius=8)
        colours = (THEME.text, THEME.muted)
        self._caption.draw(list(zip(lines, colours)), left + 12 * k, top - 8 * k, w - 24 * k)

    def tip_text(self) -> str:
        """What is under the mouse, whole: a challenge row's story (its cells
        may be cut), a name of the groups table."""
        mx, my = self.mouse
        if self._luck.contains(mx, my):
            return self._luck.tip_at(mx, my) or (
                "Click: measure how much the draws and the placements decided this game." if self.analysis.state == IDLE
                else "")
        for p, (left, bottom, w, h) in enumerate(self.stat_name_rects):
            if left <= mx <= left + w and bottom <= my <= bottom + h:
                return self.controller.setup.names[p]  # the name whole (the table may show its first word)
        for i, (left, bottom, w, h) in zip(self.row_indices, self.row_rects):
            if left <= mx <= left + w and bottom <= my <= bottom + h:
                return challenge_story(self.controller.challenges[i], self.controller.setup.names) + " Click: see it on the pyramid."
        return ""

    STATS_H = 110.0  # the groups table's height at scale 1

    def _draw_rows(self, left: float, top: float, width: float) -> float:
        names = self.controller.setup.names
        rows = self.controller.challenges
        k = ui_scale()
        while len(self._rows) < len(rows):
            self._rows.append(tuple(
                Label("", 12, anchor_y="center", layer=self.layer, bold=(j == 3),
                      anchor_x="right" if j == 3 else "left")
                for j in range(4)
            ))
        # Columns: who, challenge, answer, points with whose they are (right aligned).
        shorts = (short_name(names[0]), short_name(names[1]))
        probe_points = self._rows[0][3] if self._rows else self._heads[3]
        cap = width * 0.26
        # Whose points: by the whole names if they fit the column, else by their first words.
        points = [points_words(ch.points, names) for ch in rows]
        if any(probe_points.set(t).content_width > cap for t in points):
            points = [points_words(ch.points, shorts) for ch in rows]
        points_w = max([self._heads[3].set("points").content_width]
                       + [probe_points.set(t).content_width for t in points])
        points_w = min(points_w, cap)
        rest = width - 20 * k - points_w - 8 * k
        # The challengers' column as wide as they need, up to 41%: by their first
        # words in every row if one row's whole name does not fit.
        probe = self._rows[0][1] if self._rows else self._heads[1]
        most = rest * 0.41 - 8 * k
        need = max([self._heads[0].set("move, by").content_width]
                   + [probe.set(challenge_row(ch, names)[0]).content_width for ch in rows])
        short_who = need > most
        if short_who:
            need = max([need if not rows else 0.0] + [probe.set(challenge_row(ch, shorts)[0]).content_width for ch in rows])
        who_w = max(min(need, most) + 8 * k, rest * 0.27)  # never so narrow that the columns crowd
        cols = (left + 10 * k, left + 10 * k + who_w, left + 10 * k + who_w + (rest - who_w) / 2, left + width - 10 * k)
        widths = (cols[1] - cols[0] - 8 * k, cols[2] - cols[1] - 8 * k, cols[3] - points_w - 8 * k - cols[2])
        tiny = probe.set("Three kinds L3").content_width > min(widths[1], widths[2])
        heads = ("move, by", "challenge", "answer", "points")
        for j, text in enumerate(heads):
            head = self._heads[j].set(self._heads[j].fitted(text, widths[j]) if j < 3 else text)
            head.draw_at(cols[j], top - head.content_height)
        y = top - self._heads[0].content_height - 8 * k
        row_h = 25.0 * k
        self.row_rects = []
        self.row_indices = []
        more_h = self._more.set("M").content_height + 8 * k
        # The rows end above the buttons, and above the groups table if that
        # leaves room for four rows (or all of them): the challenges come first.
        limit = self.buttons_top + 12 * k
        stats = (self.STATS_H + 14) * k
        if (y - limit - more_h - stats) // row_h >= min(len(rows), 4):
            limit += stats
        # As many rows as fit; with more, a window of them that holds the selected one.
        count = len(rows) if (y - limit - more_h) // row_h >= len(rows) else max(1, int((y - limit - more_h) // row_h))
        first = 0
        if self.selected is not None and count < len(rows):
            first = max(0, min(self.selected - count // 2, len(rows) - count))
        for i in range(first, min(len(rows), first + count)):
            ch = rows[i]
            cells = challenge_row(ch, names, tiny)
            if short_who:
                cells = (challenge_row(ch, shorts, tiny)[0], *cells[1:])
            fill = (52, 60, 80, 255) if i == self.selected else ((34, 39, 50, 255) if i % 2 else (30, 35, 45, 255))
            draw_box(left, y - row_h, width, row_h - 2 * k, fill, None, radius=4)
            arcade.draw_lrbt_rectangle_filled(left, left + 4 * k, y - row_h, y - 2 * k, player_colour(ch.challenger))
            labels = self._rows[i]
            cy = y - row_h / 2 - 1 * k
            for j in range(3):
                labels[j].draw_at(cols[j], cy, labels[j].fitted(cells[j], widths[j]))
            labels[3].draw_at(cols[3], cy, labels[3].fitted(points[i], points_w), self._points_colour(ch))
            self.row_rects.append((left, y - row_h, width, row_h))
            self.row_indices.append(i)
            y -= row_h
        if not rows:
            texts: tuple[str, ...] = ("No challenge in this game.",)
        elif count < len(rows):
            shown = f"Challenges {first + 1}-{first + count} of {len(rows)}"
            texts = (f"{shown}: Up/Down shows the others.", f"{shown}: Up/Down.", shown)
        else:
            texts = ("Click a challenge (or Up/Down) to see it on the pyramid.",
                     "Click a challenge (Up/Down) to see it.", "Click a challenge.")
        self._more.draw_at(left, y - 4 * k, self._more.first_fitting(texts, width))
        return y - 4 * k - more_h

    @staticmethod
    def _points_colour(ch: ChallengeSummary) -> tuple[int, int, int, int]:
        """The scorer's colour (the challenge's for a tie; muted for none)."""
        if not ch.points or not any(ch.points):
            return THEME.muted
        p1, p2 = ch.points
        if p1 and p2:
            return ROLE_COLOURS["challenge"]
        return player_colour(1 if p1 else 2)

    def _draw_stats(self, left: float, top: float, width: float) -> None:
        """Counting groups formed by each player, by rank (when there is room)."""
        k = ui_scale()
        self.stat_name_rects = []
        if top - self.STATS_H * k < self.buttons_top + 8 * k:
            return
        self._stats_head.draw_at(left, top, "GROUPS FORMED")
        table = groups_by_player(self.controller.counted)
        col0 = left + 10 * k
        name_w = min(150.0 * k, width * 0.32)
        colw = (width - name_w) / 5
        y = top - 30 * k
        names = SHORT_RANKS if max(self._stat_cols[0].set(n).content_width for n in SHORT_RANKS.values()) <= colw - 4 * k \
            else TINY_RANKS
        for j, rank in enumerate(Rank):
            col = self._stat_cols[j]
            col.draw_at(left + name_w + colw * (j + 0.5), y, col.fitted(names[rank], colw - 4 * k))
        for p in range(2):
            y -= 22 * k
            label, name = self._stat_names[p], self.controller.setup.names[p]
            # A long name gets smaller, then its first word stands for it (whole in the score line).
            for size, text in ((12, name), (11, name), (10, name), (12, short_name(name))):
                if label.set(text, size=size).content_width <= name_w - 14 * k:
                    break
            label.draw_at(col0, y, label.fitted(text, name_w - 14 * k), player_colour(p + 1))
            self.stat_name_rects.append((col0, y - 11 * k, name_w - 14 * k, 22 * k))
            for j in range(5):
                n = table[p][j]
                self._stat_cells[p][j].draw_at(left + name_w + colw * (j + 0.5), y, str(n),
                                               THEME.text if n else THEME.muted)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.on_mouse_press(x, y, button)
            return
        if self.ui.on_mouse_press(x, y, button):
            return
        if self._luck.contains(x, y) and self.analysis.state == IDLE:
            self.start_analysis()
            return
        for i, (left, bottom, w, h) in zip(self.row_indices, self.row_rects):
            if left <= x <= left + w and bottom <= y <= bottom + h:
                self.select(None if self.selected == i else i)
                return

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        self.mouse = (float(x), float(y))
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol == keys.ESCAPE and self.selected is not None:
            self.show_final()  # Esc leaves the challenge's position first
        elif symbol in (keys.N, keys.ESCAPE):
            self.app.show_title()
        elif symbol == keys.S:
            self.ask_save()
        elif symbol == keys.R and not modifiers & keys.MOD_SHIFT:
            self.replay()
        elif symbol == keys.A:
            self.analyse()
        elif symbol == keys.T:
            self.retry()
        elif symbol == keys.X:
            self.ask_export()
        elif symbol in (keys.H, keys.F1):
            self.app.show_help()
        elif symbol in (keys.DOWN, keys.UP) and self.controller.challenges:
            n = len(self.controller.challenges)
            step = 1 if symbol == keys.DOWN else -1
            self.select(0 if self.selected is None else (self.selected + step) % n)
        elif symbol == keys.E:
            self.scene.set_exploded(not self.scene.exploded)
        elif symbol == keys.LEFT:
            self.scene.rotate(1)
        elif symbol == keys.RIGHT:
            self.scene.rotate(-1)


