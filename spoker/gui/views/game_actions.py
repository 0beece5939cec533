"""Retry my mistakes and Export animation: one screen base for the two
screens of a whole game, the replay viewer and the end screen.

Each of them says what its game is (:meth:`GameActionsView.action_record`,
its analysis, its players), where a film's proposed name starts
(:meth:`GameActionsView.film_base`) and which challenge is at hand
(:meth:`GameActionsView.challenge_at_hand`); the questions, their words,
the file name, the export and its timing are here once.
"""

from __future__ import annotations

import abc
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from arcade import key as keys

from spoker.errors import SpokerError
from spoker.gui.models.analysis_model import DONE, FAILED, IDLE, RUNNING
from spoker.gui.models.controller import PERSON
from spoker.gui.render.film import export_animation
from spoker.gui.views.base import BaseView
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.save_dialog import SaveDialog
from spoker.gui.widgets.text_input import key_pressed
from spoker.notices import Notice, NoticeKind, tell
from spoker.records.files import animation_format

if TYPE_CHECKING:
    from spoker.gui.host import AppHost
    from spoker.gui.models.analysis_model import AnalysisJob
    from spoker.records.record import GameRecord

RETRY_TIP = "Retry my mistakes: the positions before a player's mistakes, to place again"
EXPORT_TIP = "Export an animation: GIF, APNG or WebP"
FILM_HELP = "File name of the animation (.gif, .png as APNG, or .webp):"
EXPORTING = "Exporting the animation\u2026"
ANALYSING = "Analysing the game first: press T when it is done."
NO_MOVES = "No move to animate in this game."


def people(seats: Sequence[str]) -> list[int]:
    """The seats (1, 2) a person played."""
    return [i for i, seat in enumerate(seats, 1) if seat == PERSON]


def whose_dialog(names: tuple[str, str], choose: Callable[[int], None]) -> ConfirmDialog:
    """The question "Retry whose mistakes?": a name each (keys 1 and 2); Esc chooses neither."""
    return ConfirmDialog(
        "Retry whose mistakes?", [f"1: {names[0]}", f"2: {names[1]}"],
        lambda: choose(1), lambda: choose(2), yes=names[0], no=names[1],
        yes_keys=(keys.KEY_1, keys.NUM_1), no_keys=(keys.KEY_2, keys.NUM_2), shortcuts=("1", "2"),
        cancel_keys=(keys.ESCAPE,), note="The positions before that player's mistakes, to place again. Esc: cancel.",
    )


def which_dialog(moves: tuple[int, int], choose: Callable[[tuple[int, int] | None], None]) -> ConfirmDialog:
    """The question "Export which?": the whole game (G) or the challenge of ``moves`` (C); Esc chooses neither."""
    first, last = moves
    span = f"move {first}" if first == last else f"moves {first}-{last}"
    return ConfirmDialog(
        "Export which?", f"An animation of the whole game, or of this challenge ({span}).",
        lambda: choose(None), lambda: choose(moves), yes="Whole game", no="This challenge",
        yes_keys=(keys.G,), no_keys=(keys.C,), shortcuts=("G", "C"), cancel_keys=(keys.ESCAPE,),
        note="Esc: cancel.",
    )


def film_path(base: str, moves: tuple[int, int] | None) -> str:
    """The animation's proposed file name: ``base`` (a record's path) as a
    ``.gif``, ``-moves-A-B`` added for a range of moves."""
    stem = os.path.splitext(base)[0]
    return stem + ("" if moves is None else f"-moves-{moves[0]}-{moves[1]}") + ".gif"


def export_film(
    record: GameRecord, path: str, moves: tuple[int, int] | None, job: AnalysisJob, names: tuple[str, str],
) -> tuple[str, str]:
    """Write the animation (the analysis's bars when it is done): what to
    say of it, one line, and its kind (``good`` or ``bad``); a failure's
    whole message goes to stderr."""
    target = os.path.expanduser(path)
    try:
        animation_format(target)
    except SpokerError as err:  # told before a folder is made; short: the screen's line is narrow
        return _not_exported(f"not exported: {err}", "Not exported: end the name .gif, .png or .webp", target)
    try:
        folder = os.path.dirname(target)
        if folder:
            os.makedirs(folder, exist_ok=True)  # as the records' Save does: games/ may not exist yet
        info = export_animation(record, target, moves=moves, analysis=job.result if job.state == DONE else None,
                                names=names)
    except SpokerError as err:
        return _not_exported(f"not exported: {err}", f"Not exported: {err}", target)
    except OSError as err:  # the whole path in the terminal, its file name on the screen
        reason = err.strerror or str(err)
        return _not_exported(f"not exported: cannot write {target!r}: {reason}",
                             f"Not exported: cannot write {os.path.basename(target)!r}: {reason}", target)
    kb = max(1, round(info.bytes / 1024))
    return f"Saved {os.path.basename(target)} ({info.frames} frames, {kb} KB).", "good"


def _not_exported(line: str, short: str, target: str) -> tuple[str, str]:
    """Tell that an animation was not written (the whole line on stderr); the
    screen's words and kind."""
    tell(Notice(NoticeKind.NOT_WRITTEN, line, short, target))
    return short, "bad"


class GameActionsView(BaseView, metaclass=abc.ABCMeta):
    """A screen of a whole game with *Retry my mistakes* (T) and *Export
    animation* (X). A subclass gives its game, its analysis and its players
    (:meth:`action_record`, :meth:`action_job`, :meth:`action_players`) and
    calls :meth:`actions_update` first in ``on_update``; the hooks are
    abstract, so a screen that misses one cannot be made."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        self.dialog: SaveDialog | ConfirmDialog | None = None  # a modal box has the keys and the mouse
        self.exporting: tuple[str, tuple[int, int] | None] | None = None  # (file, moves) once "Exporting" shows
        self._export_frame = 0  # the frames drawn when the export was asked for
        self._exported = False  # an export just ran (the next update's time is its)

    # -- what the screen gives -----------------------------------------------------
    @abc.abstractmethod
    def action_record(self) -> GameRecord:
        """The game retried and exported."""

    @abc.abstractmethod
    def action_job(self) -> AnalysisJob:
        """Its analysis (started by retry when idle)."""

    @abc.abstractmethod
    def action_players(self) -> tuple[tuple[str, str], Sequence[str]]:
        """Its players' names and seats (PERSON or a computer player's name)."""

    @abc.abstractmethod
    def film_base(self) -> str:
        """Where the animation's proposed file name starts (a record's path)."""

    @abc.abstractmethod
    def start_analysis(self) -> None:
        """Start the game's analysis."""

    @abc.abstractmethod
    def challenge_at_hand(self) -> tuple[int, int] | None:
        """The moves (first, last) of the challenge the screen is at, if any:
        Export then asks whether to film it or the whole game."""

    def pause(self) -> None:
        """Stop what moves on the screen by itself (the viewer's autoplay)."""

    # -- Retry my mistakes -----------------------------------------------------------
    def retry(self) -> None:
        """Retry my mistakes of the person's seat (asked when both or neither
        are people); the analysis is started first when it is not done."""
        job = self.action_job()
        if job.state == IDLE:
            self.start_analysis()  # at once where the analyses run at once; else in the background
        if job.state == RUNNING:
            self.say(ANALYSING, "info", 5)  # the screen shows how far
            return
        if job.state == FAILED or job.result is None:
            self.say(job.progress_text(), "bad", 6)
            return
        names, seats = self.action_players()
        mine = people(seats)
        if len(mine) == 1:
            self.open_retry(mine[0])
        else:
            self.open_dialog(whose_dialog(names, self.open_retry))

    def open_retry(self, player: int) -> None:
        """Retry ``player``'s mistakes; Back returns to this screen as it was."""
        self.dialog = None
        result = self.action_job().result
        if result is None:
            return
        self.pause()
        self.app.show_retry(self.action_record(), result, player, back=lambda: self.app.show(self))

    # -- Export animation --------------------------------------------------------------
    def ask_export(self) -> None:
        """Export an animation: of the whole game, or of the challenge at hand
        if asked so; then its file name."""
        if not self.action_record().moves:
            self.say(NO_MOVES, "info", 4)
            return
        moves = self.challenge_at_hand()
        if moves is None:
            self.ask_film_name(None)
        else:
            self.open_dialog(which_dialog(moves, self.ask_film_name))

    def ask_film_name(self, moves: tuple[int, int] | None) -> None:
        title = "Export the animation" if moves is None else f"Export moves {moves[0]}-{moves[1]}"
        self.open_dialog(SaveDialog(title, film_path(self.film_base(), moves),
                                    lambda path: self.export(path, moves), help_text=FILM_HELP))

    def export(self, path: str, moves: tuple[int, int] | None) -> None:
        """Export after one frame saying so: the export holds the window's thread."""
        self.dialog = None
        if not path:
            return
        self.pause()
        self.exporting = (path, moves)
        self._export_frame = self.frames
        self.say(EXPORTING, "info", 60)

    def run_export(self) -> None:
        """The export asked for (after the frame saying so), and what came of it."""
        if self.exporting is None:
            return
        path, moves = self.exporting
        self.exporting = None
        self._exported = True
        text, kind = export_film(self.action_record(), path, moves, self.action_job(), self.action_players()[0])
        self.say(text, kind, 8)

    # -- the modal box has the keys and the text while it is open ------------------------
    def dialog_took(self, x: float, y: float, button: int) -> bool:
        """A press goes to the open box (True), else to the screen's widgets
        (True if one took it); False: the screen's own."""
        if self.dialog is not None:
            self.dialog.on_mouse_press(x, y, button)
            return True
        return self.ui.on_mouse_press(x, y, button)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.dialog is not None:
            with key_pressed(symbol, modifiers):  # a box opened by this key drops its text
                self.dialog.on_key_press(symbol, modifiers)
            self.changed()
            return
        super().on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> None:
        if self.dialog is not None:
            self.dialog.on_text(text)
            return
        super().on_text(text)

    def open_dialog(self, dialog: SaveDialog | ConfirmDialog) -> None:
        self.dialog = dialog
        dialog.layout(*self.size)
        self.changed()

    def actions_update(self, delta_time: float) -> float:
        """The frame's time, 0 right after an export (that time was the
        export's, not the message's); runs an export once "Exporting" was drawn."""
        if self._exported:
            delta_time, self._exported = 0.0, False
        if self.exporting is not None and self.frames > self._export_frame:
            self.run_export()
        return delta_time


__all__ = [
    "ANALYSING", "EXPORTING", "NO_MOVES", "EXPORT_TIP", "FILM_HELP", "RETRY_TIP", "GameActionsView", "export_film", "film_path",
    "people", "which_dialog", "whose_dialog",
]
