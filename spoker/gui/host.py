"""What a screen needs from the app that shows it: :class:`AppHost`.

The views (spoker.gui.views) type against this protocol, never against
:class:`spoker.gui.app.SpokerApp`, so the app imports the views and nothing
imports back: a view can be made with any object that has these members
(the app; a stand-in in a test).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import arcade

    from shibumi import Board
    from spoker.engine.rules import RuleSet
    from spoker.gui.models.analysis_model import AnalysisCache
    from spoker.gui.models.autosave import Entry
    from spoker.gui.models.controller import GameController, GameSetup
    from spoker.gui.models.settings import Settings
    from spoker.gui.render.frame import FrameCache
    from spoker.gui.render.scene import BoardScene
    from spoker.notices import Notice
    from spoker.records.record import GameRecord
    from spoker.runs.analysis import GameAnalysis
    from spoker.runs.workers import Executors


@runtime_checkable
class AppHost(Protocol):
    """The window and what the screens share, and the way from one screen to another."""

    # -- the window and what the screens share ---------------------------------
    window: arcade.Window
    settings: Settings
    threaded: bool  # False: the computer's moves and analyses run at once (tests, screenshots)
    closed: bool  # the window is closing: screens stop updating

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def scene(self) -> BoardScene: ...

    @property
    def frame_cache(self) -> FrameCache: ...

    @property
    def executors(self) -> Executors: ...  # where background work runs (spoker.runs.workers), the app's own

    @property
    def analyses(self) -> AnalysisCache: ...

    def resized(self, width: int, height: int) -> None: ...

    def tick(self) -> None: ...

    def frame_drawn(self) -> None: ...

    def quit(self) -> None: ...

    def set_colour_marks(self, on: bool) -> None: ...

    def save_settings(self) -> None: ...

    def tell_once(self, notices: Iterable[Notice], view: object = None) -> Notice | None: ...  # each notice once a window

    def play_sound(self, name: str) -> None: ...  # spoker.gui.models.sounds' names; silent where sound cannot play

    # -- going to another screen ---------------------------------------------
    def show(self, view: arcade.View) -> None: ...

    def show_title(self, message: str = "", kind: str = "info") -> None: ...

    def show_help(self) -> None: ...

    def show_lessons(self, lesson: int | None = None) -> arcade.View: ...  # Learn to play; lesson N open (1-based)

    def show_puzzles(self, number: int | None = None, seed: int | None = None) -> arcade.View: ...  # Puzzles; shipped puzzle N (1-based) open

    def show_retry(
        self, record: GameRecord, analysis: GameAnalysis, player: int, back: Callable[[], None] | None = None,
    ) -> arcade.View: ...  # Retry my mistakes: ``player``'s (1 or 2) mistakes and blunders of the analysis

    def show_my_games(self) -> arcade.View: ...  # My games: the games kept in the data folder's games/

    def show_settings(self) -> None: ...

    def show_end(self, controller: GameController) -> None: ...

    def show_lab(
        self, board: Board | None = None, rules: RuleSet | None = None, suite: str | None = None,
    ) -> arcade.View: ...

    def new_game(self, setup: GameSetup) -> arcade.View: ...

    def resume(self, path: Path | None = None) -> arcade.View | None: ...

    def replay_game(self, controller: GameController, analyse: bool = False) -> None: ...

    def open_replay(
        self, record: GameRecord, rules: RuleSet | None = None, source: str = "",
        back: Callable[[], None] | None = None, analyse: bool = False, back_to: str = "the title screen",
    ) -> None: ...

    def open_record_file(self, path: str, mode: str = "auto") -> str | None: ...

    # -- games and files -------------------------------------------------------
    def unfinished_games(self) -> list[Entry]: ...

    def discard(self, path: Path) -> None: ...

    def autosave(self, controller: GameController) -> None: ...

    def default_record_path(self, controller: GameController | None = None) -> str: ...

    def save_record(self, controller: GameController, path: str) -> Path: ...
