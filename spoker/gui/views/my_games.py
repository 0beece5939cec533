"""The My games screen: the games kept in the data folder's ``games/``.

A thin view over :class:`spoker.gui.models.games_store.MyGames`: the list,
newest first (date, players, opponent, result, length), filtered by
opponent and by result; the game chosen opens in the replay viewer (Enter),
is analysed there (A; the analysis is kept with the others, in
``analyses.json``, and shows here), has its mistakes retried (T) or is
exported as an animation (X), the flows of
:mod:`spoker.gui.views.game_actions`; Delete removes its file after a
question. Keyboard and mouse; Esc goes back to the title screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.gui.models.analysis_model import DONE, RUNNING
from spoker.gui.models.controller import rules_name_of
from spoker.gui.models.games_store import OUTCOME_WORDS, GameEntry, MyGames, Outcome
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.game_actions import EXPORT_TIP, RETRY_TIP, GameActionsView
from spoker.gui.widgets.buttons import Button, Choice
from spoker.gui.widgets.text_input import ENTER_KEYS
from spoker.gui.widgets.toolbar import TOOLBAR_H, place_toolbar
from spoker.notices import tell_all
from spoker.text.rules_words import named

if TYPE_CHECKING:
    from spoker.gui.host import AppHost
    from spoker.gui.models.analysis_model import AnalysisJob
    from spoker.records.record import GameRecord

ANY = ""
COLUMNS = (("DATE", 0.17), ("PLAYERS", 0.36), ("OPPONENT", 0.16), ("RESULT", 0.21), ("MOVES", 0.1))
"""The list's columns and their shares of its width."""
MAX_ROWS = 40  # rows drawn at most (a tall window); more scroll
EMPTY = "No games yet: every game you finish is kept here, in the data folder's games/."
NONE_SHOWN = "No game matches the filters: F and R change them."
NO_GAME = "Choose a game first (\u2191 \u2193 or a click)."
DAMAGED_WORDS = "This file is damaged: it can only be deleted (Del)."

HELP_KEYS = (
    ("\u2191 \u2193", "choose a game (PgUp, PgDn: a page)"),
    ("Enter", "open it in the replay viewer (or click it again)"),
    ("A", "analyse it (in the replay viewer)"),
    ("T", "retry my mistakes"),
    ("X", "export an animation"),
    ("Del", "delete it (asks first)"),
    ("F, R", "the opponent and result filters (Shift: back)"),
    ("Esc", "the title screen"),
)
"""My games' keys, for the help (spoker.gui.views.help)."""


def columns(entry: GameEntry) -> tuple[str, ...]:
    """What a row says in each column (a damaged file: its name, then why, across the rest)."""
    if entry.damaged:
        return (entry.date_text(), f"Damaged: {entry.path.name}", entry.damaged)
    return (entry.date_text(), entry.players_text(), entry.opponent, entry.result_text(), entry.length_text())


class MyGamesView(GameActionsView):
    """My games: the list of kept games, and what can be done with one."""

    help_keys = HELP_KEYS
    help_name = "My games"

    def __init__(self, app: AppHost, games: MyGames) -> None:
        super().__init__(app)
        self.games = games
        self.shown: list[GameEntry] = []
        self.chosen = 0  # index in ``shown``
        self.top = 0  # the first row drawn
        self.rows_fit = 1
        self.row_rects: list[tuple[float, float, float, float]] = []  # the rows drawn, last frame
        ui = self.ui
        self.b_opponent = ui.add(Choice("Opponent", [(ANY, "all")], 0, lambda _: self.refilter(),
                                        tooltip="Show the games against one opponent (F; Shift+F: back)"))
        self.b_result = ui.add(Choice("Result", [(ANY, "all")], 0, lambda _: self.refilter(),
                                      tooltip="Show the games of one result (R; Shift+R: back)"))
        self.b_open = ui.add(Button("Open", self.open_chosen, "Enter", primary=True,
                                    tooltip="Watch the game in the replay viewer"))
        self.b_analyse = ui.add(Button("Analyse", self.analyse_chosen, "A",
                                       tooltip="The game's analysis, in the replay viewer (kept for next time)"))
        self.b_retry = ui.add(Button("Retry", lambda: self._with_game(self.retry), "T", tooltip=RETRY_TIP))
        self.b_export = ui.add(Button("Export", lambda: self._with_game(self.ask_export), "X", tooltip=EXPORT_TIP))
        self.b_delete = ui.add(Button("Delete", self.ask_delete, "Del", tooltip="Delete the game's file (asks first)"))
        self.b_help = ui.add(Button("Help", self.app.show_help, "H", tooltip="These keys"))
        self.b_back = ui.add(Button("Back", self.app.show_title, "Esc", tooltip=f"The title screen ({TITLE_TIP})"))
        self.toolbar = [self.b_open, self.b_analyse, self.b_retry, self.b_export, self.b_delete, self.b_help,
                        self.b_back]
        self._heading = Label("MY GAMES", 12, THEME.muted, bold=True, anchor_y="top")
        self._count = Label("", 11, THEME.muted, anchor_x="right", anchor_y="top")
        self._heads = [Label(name, 10, THEME.muted, bold=True, anchor_y="center") for name, _ in COLUMNS]
        self._cells = [[Label("", 12, anchor_y="center") for _ in COLUMNS] for _ in range(MAX_ROWS)]
        self._empty = Label("", 12, THEME.muted, anchor_y="top")
        self._detail = Label("", 11, THEME.muted, anchor_y="center")
        self.list_rect = (0.0, 0.0, 1.0, 1.0)
        self.row_h = 28.0
        self.detail_y = 0.0
        self.attach_labels()
        self.refresh()

    # -- the list --------------------------------------------------------------------
    @property
    def entry(self) -> GameEntry | None:
        """The game chosen (None: the list is empty)."""
        return self.shown[self.chosen] if 0 <= self.chosen < len(self.shown) else None

    @property
    def record(self) -> GameRecord | None:
        entry = self.entry
        return None if entry is None else entry.record

    def refresh(self) -> None:
        """Read the folder again (a game kept or deleted meanwhile); the game chosen stays chosen."""
        chosen = self.entry
        self.games.refresh()
        self._tell_notices()
        self._set_options(self.b_opponent, [(o, o) for o in self.games.opponents()])
        self._set_options(self.b_result, [(o.value, OUTCOME_WORDS[o]) for o in self.games.outcomes()])
        self.refilter(None if chosen is None else chosen.path)

    @staticmethod
    def _set_options(choice: Choice, options: Sequence[tuple[str, str]]) -> None:
        """A filter's options: all, then those of the games listed (the one set stays, if still there)."""
        value = choice.value
        choice.options = [(ANY, "all"), *options]
        choice.index = 0
        choice.select(value)
        choice.label = choice._text()

    def refilter(self, keep: object = None) -> None:
        """The list again under the filters, the game ``keep`` (a path) chosen if shown."""
        outcome = Outcome(self.b_result.value) if self.b_result.value else None
        self.shown = self.games.filtered(self.b_opponent.value, outcome)
        paths = [e.path for e in self.shown]
        self.chosen = paths.index(keep) if keep in paths else 0  # type: ignore[arg-type]
        self.top = 0
        self._scroll_to_chosen()
        self.changed()

    def choose(self, index: int) -> None:
        if self.shown:
            self.chosen = max(0, min(len(self.shown) - 1, index))
            self._scroll_to_chosen()
            self.changed()

    def _scroll_to_chosen(self) -> None:
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.rows_fit:
            self.top = self.chosen - self.rows_fit + 1
        self.top = max(0, min(self.top, max(0, len(self.shown) - self.rows_fit)))

    def _tell_notices(self) -> None:
        """The list's notices (a damaged file set aside): the whole line on stderr, the gist here."""
        shown = tell_all(self.games.take_notices())
        if shown is not None:
            self.say(shown.screen[:1].upper() + shown.screen[1:], "bad", 8)

    # -- what to do with the game chosen ------------------------------------------------
    def _with_game(self, action: object) -> bool:
        """Call ``action`` if a readable game is chosen; else say why not."""
        entry = self.entry
        if entry is None or entry.record is None:
            self.say(DAMAGED_WORDS if entry is not None else NO_GAME, "bad", 4)
            return False
        if callable(action):
            action()
        return True

    def open_chosen(self, analyse: bool = False) -> None:
        """The game chosen in the replay viewer (its analysis started with
        ``analyse``); closing it comes back here."""
        if not self._with_game(None):
            return
        entry = self.entry
        assert entry is not None and entry.record is not None
        self.app.open_replay(entry.record, source=str(entry.path), back=lambda: self.app.show(self), analyse=analyse,
                           back_to="My games")

    def analyse_chosen(self) -> None:
        self.open_chosen(analyse=True)

    def ask_delete(self) -> None:
        """Delete the game chosen, once the question is answered yes (Y; N or Esc keeps it)."""
        entry = self.entry
        if entry is None:
            self.say(NO_GAME, "bad", 4)
            return
        what = [f"{entry.players_text()}, {entry.date_text()}: {entry.result_text()}." if not entry.damaged
                else f"The damaged file {entry.path.name}.", f"Its file {entry.path.name} is deleted for good."]
        self.open_dialog(ConfirmDialog("Delete this game?", what, lambda: self.delete(entry), yes="Delete",
                                       no="Keep it", yes_keys=(keys.Y,), no_first=True))

    def delete(self, entry: GameEntry) -> None:
        self.dialog = None
        index = self.chosen
        try:
            self.games.delete(entry)
        except OSError as err:
            self.say(f"Not deleted: {err.strerror or err}", "bad", 8)
            return
        except ValueError as err:  # StorageError: a window that changes nothing (a screenshot)
            self.say(f"Not deleted: {err}", "bad", 8)
            return
        self.refresh()
        self.choose(index)
        self.say(f"Deleted {entry.path.name}.", "info", 4)

    # -- Retry my mistakes, Export animation (spoker.gui.views.game_actions) ------------
    def action_record(self) -> GameRecord:
        record = self.record
        assert record is not None, "an action on no game"  # _with_game asks first
        return record

    def action_job(self) -> AnalysisJob:
        return self.app.analyses.job(self.action_record())

    def action_players(self) -> tuple[tuple[str, str], Sequence[str]]:
        entry = self.entry
        assert entry is not None
        return entry.names, entry.seats

    def film_base(self) -> str:
        """Beside the game's record: ``games/NAME.gif``."""
        entry = self.entry
        return str(entry.path) if entry is not None else self.app.default_record_path()

    def start_analysis(self) -> None:
        """The game's analysis, here (Retry asked for it): the line under the list says how far."""
        job = self.action_job()
        job.start(self.app.analyses.executor)
        job.poll()
        self.changed()

    def challenge_at_hand(self) -> tuple[int, int] | None:
        return None  # the whole game: a challenge is chosen in the replay viewer

    def analysis_words(self, entry: GameEntry) -> str:
        """What the line under the list says of the game's analysis."""
        if entry.record is None:
            return DAMAGED_WORDS
        job = self.app.analyses.job(entry.record)
        if job.state == DONE:
            return f"Analysed: {job.progress_text()}"
        if job.state == RUNNING:
            return job.progress_text()
        return "Not analysed yet: A analyses it" if not job.kept else f"Analysis: {job.progress_text()}"

    # -- layout, frames ------------------------------------------------------------
    def on_show_view(self) -> None:
        super().on_show_view()
        self.refresh()

    def layout(self, width: int, height: int) -> None:
        s = ui_scale()
        margin = 20 * s
        bar = TOOLBAR_H * s
        place_toolbar(self.toolbar, [self.b_help], width, bar, gap=6 * s, min_width=70 * s, max_width=170 * s)
        top = height - 16 * s - self._heading.content_height - 10 * s
        half = min(300 * s, (width - 2 * margin - 10 * s) / 2)
        self.b_opponent.place(margin, top - 34 * s, half, 34 * s)
        self.b_result.place(margin + half + 10 * s, top - 34 * s, half, 34 * s)
        self.row_h = 28 * s
        self.detail_y = bar + 18 * s  # the line under the list: the game's file and analysis, or a message
        bottom = bar + 36 * s
        list_top = top - 34 * s - 12 * s - 22 * s  # the columns' heads above the rows
        self.list_rect = (margin, bottom, width - 2 * margin, list_top - bottom)
        self.rows_fit = max(1, min(MAX_ROWS, int(self.list_rect[3] // self.row_h)))
        self._scroll_to_chosen()
        if self.dialog is not None:
            self.dialog.layout(width, height)
        self.changed()

    def on_update(self, delta_time: float) -> None:
        delta_time = self.actions_update(delta_time)
        super().on_update(delta_time)
        if self.app.closed:
            return
        record = self.record
        if record is not None:
            job = self.app.analyses.job(record)
            if job.state == RUNNING and job.poll():
                self.changed()
        if self.dialog is not None and self.dialog.done:
            self.dialog = None

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        width, height = self.size
        s = ui_scale()
        left, bottom, w, h = self.list_rect
        self._heading.draw_at(left, height - 16 * s)
        total = sum(1 for e in self.games.entries if not e.damaged)
        count = f"{total} game{'s' if total != 1 else ''}" + (
            f", {len(self.shown)} shown" if len(self.shown) != len(self.games.entries) else "")
        self._count.draw_at(left + w, height - 16 * s, self._count.fitted(count, w / 2))
        top = bottom + h
        x = left
        for label, (_, share) in zip(self._heads, COLUMNS):
            label.draw_at(x + 8 * s, top + 11 * s, label.fitted(label.text, w * share - 12 * s))
            x += w * share
        draw_box(left, bottom, w, h, THEME.panel, THEME.panel_border, radius=8)
        self._draw_rows(left, top, w)
        entry = self.entry
        showing = bool(self.message) and self.message_time > 0
        if entry is not None and not showing:
            line = "  \u00b7  ".join(w for w in (entry.path.name, rules_words(entry), self.analysis_words(entry)) if w)
            self._detail.draw_at(left + 4 * s, self.detail_y, self._detail.fitted(line, w - 8 * s))
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        self.draw_message(self.detail_y - 16 * s)  # in the line under the list, never over a row
        if self.dialog is not None:
            self.dialog.draw()
        super().on_draw()

    def _draw_rows(self, left: float, top: float, w: float) -> None:
        s = ui_scale()
        self.row_rects = []
        if not self.shown:
            text = EMPTY if not self.games.entries else NONE_SHOWN
            self._empty.draw_at(left + 12 * s, top - 12 * s, self._empty.fitted(text, w - 24 * s))
            return
        y = top
        for i in range(self.top, min(len(self.shown), self.top + self.rows_fit)):
            entry = self.shown[i]
            y -= self.row_h
            rect = (left + 2 * s, y, w - 4 * s, self.row_h)
            self.row_rects.append(rect)
            if i == self.chosen:
                draw_box(*rect, (52, 70, 96, 255), THEME.accent, radius=6)
            texts = columns(entry)
            shares = [share for _, share in COLUMNS[:len(texts)]]
            shares[-1] = 1.0 - sum(shares[:-1])  # the last text takes the rest of the row
            colours = [THEME.text] * len(texts) if not entry.damaged else [THEME.muted, THEME.bad, THEME.muted]
            x = left
            for label, text, share, colour in zip(self._cells[i - self.top], texts, shares, colours):
                label.draw_at(x + 8 * s, y + self.row_h / 2, label.fitted(text, w * share - 12 * s), colour)
                x += w * share

    # -- input --------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.dialog_took(x, y, button):
            return
        for i, (rx, ry, rw, rh) in enumerate(self.row_rects):
            if rx <= x <= rx + rw and ry <= y <= ry + rh and button == arcade.MOUSE_BUTTON_LEFT:
                index = self.top + i
                if index == self.chosen:
                    self.open_chosen()  # a click on the game chosen opens it
                else:
                    self.choose(index)
                return

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        if self.dialog is None and scroll_y:
            self.top = max(0, min(max(0, len(self.shown) - self.rows_fit), self.top - int(scroll_y)))
            self.changed()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        super().on_mouse_motion(x, y, dx, dy)
        if self.dialog is not None:
            self.dialog.on_mouse_motion(x, y)

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        back = -1 if modifiers & keys.MOD_SHIFT else 1
        moves = {keys.UP: -1, keys.DOWN: 1, keys.PAGEUP: -self.rows_fit, keys.PAGEDOWN: self.rows_fit}
        if symbol in moves:
            self.choose(self.chosen + moves[symbol])
        elif symbol == keys.HOME:
            self.choose(0)
        elif symbol == keys.END:
            self.choose(len(self.shown) - 1)
        elif symbol in ENTER_KEYS:
            self.open_chosen()
        elif symbol == keys.A:
            self.analyse_chosen()
        elif symbol == keys.T:
            self._with_game(self.retry)
        elif symbol == keys.X:
            self._with_game(self.ask_export)
        elif symbol in (keys.DELETE, keys.BACKSPACE):
            self.ask_delete()
        elif symbol == keys.F:
            self.b_opponent.step(back)
        elif symbol == keys.R:
            self.b_result.step(back)
        elif symbol in (keys.H, keys.F1):
            self.app.show_help()
        elif symbol == keys.ESCAPE:
            self.app.show_title()


def rules_words(entry: GameEntry) -> str:
    """The rules a game was played under, as the replay viewer names them:
    its rules file's name, else its items; "" for the rules as written."""
    record = entry.record
    if record is None:
        return ""
    return named(record.rules, rules_name_of(record.headers))


__all__ = ["HELP_KEYS", "MyGamesView", "columns", "rules_words"]
