"""The end of a game: result, score, every challenge; new game, save, replay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.engine.events import End
from spoker.engine.groups import Rank
from spoker.gui.models.controller import GameController
from spoker.gui.models.story import Counted, Mark, MarkRole
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, player_colour, ui_scale
from spoker.gui.views.base import BaseView
from spoker.gui.views.common import ROLE_COLOURS, highlights
from spoker.gui.views.save_dialog import SaveDialog
from spoker.gui.widgets.buttons import Button
from spoker.text.narrator import SHORT_RANKS, TINY_RANKS, challenge_row, score_line, summary_line

if TYPE_CHECKING:
    from spoker.gui.host import AppHost


def groups_by_player(counted: list[Counted]) -> list[list[int]]:
    """How many counting groups of each rank each player formed."""
    table = [[0] * 5 for _ in range(2)]
    for c in counted:
        table[c.player - 1][int(c.group.rank) - 1] += 1
    return table


class EndView(BaseView):
    """Results of a finished game, with the final pyramid."""

    def __init__(self, app: AppHost, controller: GameController) -> None:
        super().__init__(app)
        self.shown_highlights: list[object] = []  # what the scene was last told to light
        self.c = controller
        self.scene = app.scene
        self.dialog: SaveDialog | None = None
        ui = self.ui
        self.b_new = ui.add(Button("New game", self.app.show_title, "N", primary=True))
        self.b_save = ui.add(Button("Save record", self.ask_save, "S"))
        self.b_replay = ui.add(Button("Replay", self.replay, "R"))
        self.b_analyse = ui.add(Button("Analyse", self.analyse, "A",
                                       tooltip="Analyse this game: the replay viewer with its evaluation graph"))
        self.b_quit = ui.add(Button("Quit", self.app.quit, "Ctrl+Q"))
        self._result = Label("", 28, THEME.accent, bold=True, anchor_y="top")
        self._score = Label("", 18, THEME.text, anchor_y="top")
        self._how = Label("", 13, THEME.muted, anchor_y="top")
        self._head = Label("CHALLENGES", 12, THEME.muted, bold=True, anchor_y="top")
        self._rows: list[tuple[Label, ...]] = []
        self._heads = [Label("", 10, THEME.muted, anchor_y="baseline", anchor_x="right" if k == 3 else "left")
                       for k in range(4)]
        self._stats_head = Label("", 12, THEME.muted, bold=True, anchor_y="top")
        self._stat_cols = [Label("", 9, THEME.muted, anchor_x="center", anchor_y="center") for _ in range(5)]
        self._stat_names = [Label("", 12, bold=True, anchor_y="center") for _ in range(2)]
        self._stat_cells = [[Label("", 13, anchor_x="center", anchor_y="center") for _ in range(5)] for _ in range(2)]
        self._more = Label("", 11, THEME.muted, anchor_y="top")
        self.selected: int | None = None
        self.row_rects: list[tuple[float, float, float, float]] = []
        self.time = 0.0
        self.attach_labels()

    def on_show_view(self) -> None:
        super().on_show_view()
        self.scene.set_board(self.c.state.board, animate=False)
        self.scene.set_ghost(None, None)
        self.scene.set_hover(None)
        self._highlight()

    def _highlight(self) -> None:
        marks: list[Mark] = []
        if self.selected is not None and self.selected < len(self.c.challenges):
            ch = self.c.challenges[self.selected]
            marks.append(Mark(ch.challenge.cells, MarkRole.CHALLENGE, ch.challenger))
            if ch.response is not None:
                marks.append(Mark(ch.response.cells, MarkRole.RESPONSE, 3 - ch.challenger))
        elif self.c.state.end == End.STRAIGHT_FLUSH:
            marks.extend(m for m in self.c.moment.marks if m.role == MarkRole.FLUSH)
        self.shown_highlights = highlights(marks)
        self.scene.set_highlights(self.shown_highlights)  # type: ignore[arg-type]

    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        # The results need room more than the pyramid: in a small window the panel takes most of it.
        panel = max(min(width * 0.6, 470.0 * s), min(620.0 * s, width * 0.48))
        self.panel_x = width - panel
        self.panel_w = panel
        self.scene.set_viewport(10, 70 * s, width - panel - 20, height - 90 * s)
        buttons = (self.b_new, self.b_save, self.b_replay, self.b_analyse, self.b_quit)
        bw = (panel - 24 * s - (len(buttons) - 1) * 8 * s) / len(buttons)
        for i, b in enumerate(buttons):
            b.place(self.panel_x + 12 * s + i * (bw + 8 * s), 14 * s, bw, 46 * s)
        if self.dialog is not None:
            self.dialog.layout(width, height)

    def ask_save(self) -> None:
        self.dialog = SaveDialog("Save the record", self.app.default_record_path(self.c), self._save)
        self.dialog.layout(*self.size)

    def _save(self, path: str) -> None:
        if not path:
            return
        try:
            target = self.app.save_record(self.c, path)
        except (OSError, ValueError) as err:
            self.say(f"Not saved: {err}", "bad", 8)
            return
        self.say(f"Saved to {target}", "good", 6)

    def replay(self) -> None:
        self.app.replay_game(self.c)

    def analyse(self) -> None:
        """This game in the replay viewer, its analysis started."""
        self.app.replay_game(self.c, analyse=True)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.app.closed:
            return
        self.time += min(delta_time, 0.25)
        self.scene.update(delta_time)
        if self.dialog is not None:
            self.dialog.update(delta_time)
            if self.dialog.done:
                self.dialog = None

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        width, height = self.size
        self.scene.draw()
        x = self.panel_x
        arcade.draw_lrbt_rectangle_filled(x, width, 0, height, (28, 32, 41, 255))
        arcade.draw_line(x, 0, x, height, THEME.panel_border, 2)
        c = self.c
        s = c.state
        k = ui_scale()
        names = c.setup.names
        left = x + 18 * k
        w = self.panel_w - 36 * k
        colour = player_colour(s.winner) if s.winner else THEME.accent
        result = self._result
        # The largest size at which the headline fits, before it is cut.
        for size in (28, 22, 18):
            if result.set(c.result_text(), size=size).content_width <= w:
                break
        y = height - 18 * k
        result.draw_at(left, y, result.fitted(c.result_text(), w), colour)
        y -= result.content_height + 6 * k
        self._score.draw_at(left, y, self._score.fitted(score_line(names, s.score), w))
        y -= self._score.content_height + 6 * k
        self._how.draw_at(left, y, self._how.fitted(summary_line(s.end, len(c.challenges), s.move_number), w))
        y -= self._how.content_height + 14 * k
        self._head.draw_at(left, y)
        y = self._draw_rows(left, y - self._head.content_height - 6 * k, w)
        self._draw_stats(left, y - 14 * k, w)
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        self.draw_message(74 * k, (self.panel_x, self.panel_w))
        if self.dialog is not None:
            self.dialog.draw()
        super().on_draw()

    STATS_H = 110.0  # the groups table's height at scale 1

    def _draw_rows(self, left: float, top: float, width: float) -> float:
        names = self.c.setup.names
        rows = self.c.challenges
        k = ui_scale()
        while len(self._rows) < len(rows):
            self._rows.append(tuple(
                Label("", 12, anchor_y="center", layer=self.layer, bold=(j == 3),
                      anchor_x="right" if j == 3 else "left")
                for j in range(4)
            ))
        # Columns: who, challenge, answer, points (right aligned).
        points_w = self._heads[3].set("points").content_width
        cols = (left + 10 * k, left + width * 0.3, left + width * 0.3 + (width * 0.7 - points_w - 10 * k) / 2,
                left + width - 10 * k)
        widths = (cols[1] - cols[0] - 8 * k, cols[2] - cols[1] - 8 * k, cols[3] - points_w - 8 * k - cols[2])
        probe = self._rows[0][1] if self._rows else self._heads[1]
        tiny = probe.set("Three kinds L3").content_width > min(widths[1], widths[2])
        heads = ("move, by", "challenge", "answer", "points")
        for j, text in enumerate(heads):
            head = self._heads[j].set(self._heads[j].fitted(text, widths[j]) if j < 3 else text)
            head.draw_at(cols[j], top - head.content_height)
        y = top - self._heads[0].content_height - 8 * k
        row_h = 25.0 * k
        self.row_rects = []
        shown = 0
        more_h = self._more.set("M").content_height + 8 * k
        # The rows end above the buttons, and above the groups table if that
        # leaves room for four rows (or all of them): the challenges come first.
        limit = self.b_new.bottom + self.b_new.height + 12 * k
        stats = (self.STATS_H + 14) * k
        if (y - limit - more_h - stats) // row_h >= min(len(rows), 4):
            limit += stats
        for i, ch in enumerate(rows):
            last = i == len(rows) - 1
            if y - row_h < limit + (0 if last else more_h):  # keep a line for "... and N more"
                break
            cells = challenge_row(ch, names, tiny)
            fill = (52, 60, 80, 255) if i == self.selected else ((34, 39, 50, 255) if i % 2 else (30, 35, 45, 255))
            draw_box(left, y - row_h, width, row_h - 2 * k, fill, None, radius=4)
            arcade.draw_lrbt_rectangle_filled(left, left + 4 * k, y - row_h, y - 2 * k, player_colour(ch.challenger))
            labels = self._rows[i]
            cy = y - row_h / 2 - 1 * k
            for j in range(3):
                labels[j].draw_at(cols[j], cy, labels[j].fitted(cells[j], widths[j]))
            labels[3].draw_at(cols[3], cy, cells[3], ROLE_COLOURS["challenge"] if ch.points else THEME.muted)
            self.row_rects.append((left, y - row_h, width, row_h))
            y -= row_h
            shown += 1
        if not rows:
            text = "No challenge in this game."
        elif shown < len(rows):
            text = f"... and {len(rows) - shown} more: see them in the replay."
        else:
            text = "Click a challenge (or Up/Down) to see its groups on the pyramid."
        self._more.draw_at(left, y - 4 * k, self._more.fitted(text, width))
        return y - 4 * k - more_h

    def _draw_stats(self, left: float, top: float, width: float) -> None:
        """Counting groups formed by each player, by rank (when there is room)."""
        k = ui_scale()
        if top - self.STATS_H * k < self.b_new.bottom + self.b_new.height + 8 * k:
            return
        self._stats_head.draw_at(left, top, "GROUPS FORMED")
        table = groups_by_player(self.c.counted)
        col0 = left + 10 * k
        name_w = min(140.0 * k, width * 0.28)
        colw = (width - name_w) / 5
        y = top - 30 * k
        names = SHORT_RANKS if max(self._stat_cols[0].set(n).content_width for n in SHORT_RANKS.values()) <= colw - 2 * k \
            else TINY_RANKS
        for j, rank in enumerate(Rank):
            col = self._stat_cols[j]
            col.draw_at(left + name_w + colw * (j + 0.5), y, col.fitted(names[rank], colw - 4 * k))
        for p in range(2):
            y -= 22 * k
            self._stat_names[p].draw_at(col0, y, self._stat_names[p].fitted(self.c.setup.names[p], name_w - 14 * k),
                                        player_colour(p + 1))
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
        for i, (left, bottom, w, h) in enumerate(self.row_rects):
            if left <= x <= left + w and bottom <= y <= bottom + h:
                self.selected = None if self.selected == i else i
                self._highlight()
                return

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)

    def on_text(self, text: str) -> None:
        if self.dialog is not None:
            self.dialog.on_text(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.dialog is not None:
            self.dialog.on_key_press(symbol, modifiers)
            return
        super().on_key_press(symbol, modifiers)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.N, keys.ESCAPE):
            self.app.show_title()
        elif symbol == keys.S:
            self.ask_save()
        elif symbol == keys.R and not modifiers & keys.MOD_SHIFT:
            self.replay()
        elif symbol == keys.A:
            self.analyse()
        elif symbol in (keys.H, keys.F1):
            self.app.show_help()
        elif symbol in (keys.DOWN, keys.UP) and self.c.challenges:
            n = len(self.c.challenges)
            step = 1 if symbol == keys.DOWN else -1
            self.selected = 0 if self.selected is None else (self.selected + step) % n
            self._highlight()
        elif symbol == keys.E:
            self.scene.set_exploded(not self.scene.exploded)
        elif symbol == keys.LEFT:
            self.scene.rotate(1)
        elif symbol == keys.RIGHT:
            self.scene.rotate(-1)


