"""The desktop game: the window, its screens and how they hand over.

:func:`run_play` (``spoker play``) and :func:`run_replay` (``spoker replay
FILE`` without ``--json``) open the window. :class:`SpokerApp` holds what the
screens share: the window, the board scene, the settings, the autosave and
the record file, and it switches between the screens (title / new game, game,
end of game, help, replay viewer).

Environment: ``SPOKER_EXIT_AFTER_FIRST_FRAME=1`` closes the window right after
the first frame is drawn (the start-up benchmark); ``ARCADE_HEADLESS=1`` runs
without a display.
"""

from __future__ import annotations

import datetime
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import arcade

from spoker.gui import autosave
from spoker.gui.controller import PERSON, GameController, GameSetup, clean_name
from spoker.gui.settings import Settings, load_settings, save_settings
from spoker.rules import RuleSet

if TYPE_CHECKING:
    from shibumi import Board
    from spoker.gui.analysis_model import AnalysisCache
    from spoker.gui.frame import FrameCache
    from spoker.gui.scene import BoardScene
    from spoker.gui.views.game import GameView
    from spoker.gui.views.lab import LabView
    from spoker.record import GameRecord

TITLE = "Spoker - Shibumi meets poker"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 480)


class SpokerApp:
    """The screens of one window and what they share."""

    def __init__(
        self,
        window: arcade.Window,
        settings: Settings | None = None,
        *,
        threaded: bool = True,
        record_path: str | None = None,
        persist: bool = True,
        exit_after_first_frame: bool = False,
    ) -> None:
        self.window = window
        self.settings = settings if settings is not None else (load_settings() if persist else Settings())
        self.threaded = threaded
        self.record_path = record_path
        self.persist = persist
        self.exit_after_first_frame = exit_after_first_frame
        self._scene: BoardScene | None = None
        self._frame_cache: FrameCache | None = None
        self._analyses: AnalysisCache | None = None
        self._size = (int(window.width), int(window.height))
        self.first_frame_done = False
        self.closed = False
        self.on_quit: Callable[[], None] | None = None

    # -- shared things --------------------------------------------------------
    @property
    def scene(self) -> BoardScene:
        """The board renderer, made on first use (it needs the window's context)."""
        if self._scene is None:
            from spoker.gui.scene import BoardScene
            from spoker.gui.widgets import THEME

            self._scene = BoardScene()
            self._scene.colour_marks = self.settings.colour_marks
            # Every screen clears to the theme's background right before the
            # board: the scene may then copy its still pictures unblended.
            self._scene.background = THEME.background
        return self._scene

    @property
    def frame_cache(self) -> FrameCache:
        """The picture of a still screen (see spoker.gui.frame), shared by the screens."""
        if self._frame_cache is None:
            from spoker.gui.frame import FrameCache

            self._frame_cache = FrameCache()
        return self._frame_cache

    @property
    def analyses(self) -> AnalysisCache:
        """The records' analyses of this session (spoker.gui.analysis_model):
        worked out by a background process, or at once when not threaded."""
        if self._analyses is None:
            from spoker.gui.analysis_model import (
                AnalysisCache,
                InlineRunner,
                ProcessPool,
                ThreadRunner,
            )

            if self.threaded:
                self._analyses = AnalysisCache(ThreadRunner(), compute=ProcessPool())
            else:
                self._analyses = AnalysisCache(InlineRunner())
        return self._analyses

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    def resized(self, width: int, height: int) -> None:
        self._size = (max(1, int(width)), max(1, int(height)))

    def set_colour_marks(self, on: bool) -> None:
        self.settings.colour_marks = on
        if self._scene is not None:
            self._scene.colour_marks = on
        self.save_settings()

    def save_settings(self) -> None:
        if self.persist:
            save_settings(self.settings)

    def frame_drawn(self) -> None:
        """Called by every screen's on_draw (the start-up benchmark's mark)."""
        self.first_frame_done = True

    def tick(self) -> None:
        """Called by every screen's on_update: after the first frame has been
        shown, the start-up benchmark run ends here."""
        if self.exit_after_first_frame and self.first_frame_done and not self.closed:
            self.quit()

    def quit(self) -> None:
        """Close the window (``on_quit``, if set, is called instead: tests)."""
        self.save_settings()
        if self.on_quit is not None:
            self.on_quit()
            return
        self.closed = True
        if getattr(self.window, "headless", False):
            self.window.close()  # arcade's headless loop runs while the window lives
        else:
            arcade.exit()

    def show(self, view: arcade.View) -> None:
        self.window.show_view(view)

    # -- screens --------------------------------------------------------------
    def show_title(self, message: str = "", kind: str = "info") -> None:
        from spoker.gui.views.title import TitleView

        view = TitleView(self)
        if message:
            view.say(message, kind, 8.0)
        self.show(view)

    def new_game(self, setup: GameSetup) -> GameView:
        s = self.settings
        s.name1, s.name2 = setup.names
        s.seat1, s.seat2 = setup.seats
        s.visibility = setup.rules.visibility
        s.apex_free = setup.rules.apex_free
        s.hints = setup.hints
        self.save_settings()
        controller = GameController(setup)
        return self.play(controller)

    def play(self, controller: GameController) -> GameView:
        from spoker.gui.views.game import GameView

        view = GameView(self, controller)
        self.show(view)
        self.autosave(controller)
        return view

    def resume(self) -> GameView | None:
        """Continue the autosaved game; None (and a message) if there is none."""
        try:
            controller = autosave.load()
        except autosave.AutosaveError as err:
            self.show_title(str(err), "bad")
            return None
        return self.play(controller)

    def show_help(self) -> None:
        from spoker.gui.views.help import HelpView

        self.show(HelpView(self, self.window.current_view))

    def show_end(self, controller: GameController) -> None:
        from spoker.gui.views.end import EndView

        self.show(EndView(self, controller))

    def show_lab(
        self, board: Board | None = None, rules: RuleSet | None = None, suite: str | None = None,
    ) -> LabView:
        """The laboratory, on ``board`` (empty by default); with ``suite``, that
        suite opened on its first failing case."""
        from spoker.gui.views.lab import LabView
        from spoker.lab import Lab

        lab = Lab()
        if board is not None:
            lab.set_board(board)
            lab.undo_stack.clear()  # the starting position is not a change to undo
        if rules is not None:
            lab.rules = rules
        view = LabView(self, lab, suite)
        self.show(view)
        if suite:
            view.open_suite(suite)
        return view

    def open_replay(
        self, record: GameRecord, rules: RuleSet | None = None, source: str = "",
        back: Callable[[], None] | None = None, analyse: bool = False,
    ) -> None:
        """The replay viewer on ``record``; with ``analyse``, its analysis starts."""
        from spoker.gui.views.replay import ReplayView

        view = ReplayView(self, record, rules, source, back)
        self.show(view)
        if analyse:
            view.start_analysis()

    def replay_game(self, controller: GameController, analyse: bool = False) -> None:
        """The game just played, in the replay viewer; closing it returns here."""
        back = (lambda: self.show_end(controller)) if controller.over else None
        self.open_replay(self.record_of(controller), source="this game", back=back, analyse=analyse)

    # -- files ----------------------------------------------------------------
    def autosave(self, controller: GameController) -> None:
        """After every draw and move: the autosave, and the --record file if any."""
        if not self.persist:
            return
        try:
            autosave.save(controller)
            if self.record_path:
                self.save_record(controller, self.record_path)
        except OSError as err:
            print(f"spoker: cannot autosave: {err}", file=sys.stderr)

    def record_of(self, controller: GameController) -> GameRecord:
        from spoker.record import GameRecord

        headers = controller.headers()
        headers["Date"] = datetime.date.today().isoformat()
        return GameRecord.from_state(controller.state, headers)

    def default_record_path(self, controller: GameController | None = None) -> str:
        if self.record_path:
            return self.record_path
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        names = ""
        if controller is not None:
            a, b = (clean_name(n).replace(" ", "_") for n in controller.setup.names)
            names = f"-{a}-{b}"
        return str(autosave.data_dir() / "games" / f"spoker-{stamp}{names}.txt")

    def save_record(self, controller: GameController, path: str) -> Path:
        from spoker.record import save_record

        target = Path(os.path.expanduser(path))
        target.parent.mkdir(parents=True, exist_ok=True)
        save_record(target, self.record_of(controller))
        self.settings.last_record = str(target)
        return target

    def open_record_file(self, path: str, mode: str = "auto") -> str | None:
        """Open a record: replay it, or (unfinished, or mode "play") continue it.

        Returns an error message instead of raising, for the title screen."""
        from spoker.record import load_record

        try:
            record = load_record(os.path.expanduser(path))
        except (OSError, ValueError) as err:
            return f"Cannot open {path!r}: {err}"
        self.settings.last_record = path
        self.save_settings()
        state = record.play()
        if mode == "replay" or (mode == "auto" and state.is_over):
            self.open_replay(record, source=path)
            return None
        if state.is_over:
            return f"{path!r} is a finished game: open it in the replay viewer."
        self.play(GameController(setup_from_record(record.headers, record.rules), state))
        return None


def setup_from_record(headers: dict[str, str], rules: RuleSet) -> GameSetup:
    """Names, seats and seed of a recorded game, to continue it."""
    from spoker.players import PLAYER_NAMES

    names = (headers.get("Player1", "Player 1"), headers.get("Player2", "Player 2"))
    seats = tuple(
        headers.get(f"Player{i}Type", PERSON) if headers.get(f"Player{i}Type") in PLAYER_NAMES else PERSON
        for i in (1, 2)
    )
    seed_text = headers.get("Seed", "")
    seed = int(seed_text) if seed_text.isdigit() else None
    return GameSetup(names, (seats[0], seats[1]), rules, seed)


def make_window(visible: bool = True) -> arcade.Window:
    window = arcade.Window(
        DEFAULT_SIZE[0], DEFAULT_SIZE[1], TITLE, resizable=True, visible=visible, vsync=False
    )
    window.set_minimum_size(*MIN_SIZE)
    return window


def _exit_after_first_frame() -> bool:
    return os.environ.get("SPOKER_EXIT_AFTER_FIRST_FRAME", "") not in ("", "0")


def setup_from_options(options: Any, settings: Settings) -> GameSetup:
    """The new-game setup from ``spoker play`` options (the rest from the settings)."""
    rules_text = getattr(options, "rules", None)
    rules = RuleSet.parse(rules_text) if rules_text else RuleSet(settings.visibility, settings.apex_free)
    given = [getattr(options, f"player{i}", None) for i in (1, 2)]
    wanted = [settings.seat1, settings.seat2]
    names_known: tuple[str, ...] = ()
    if any(v is not None for v in given) or any(s != PERSON for s in wanted):
        from spoker.players import PLAYER_NAMES  # only then: the players' tables take a while

        names_known = PLAYER_NAMES
    seats = []
    names = []
    for i, default_name in ((1, settings.name1), (2, settings.name2)):
        value = given[i - 1]
        if value is None:
            names.append(default_name)
            seats.append(wanted[i - 1])
        elif value.lower() in names_known:
            names.append(f"Computer ({value.lower()})")
            seats.append(value.lower())
        else:
            names.append(value)
            seats.append(PERSON)
    seats = [s if s == PERSON or s in names_known else PERSON for s in seats]
    seed = getattr(options, "seed", None)
    hints = not getattr(options, "no_hints", False) and settings.hints
    return GameSetup((names[0], names[1]), (seats[0], seats[1]), rules, seed, hints)


def run_play(options: Any) -> int:
    """``spoker play``: the title screen, or straight into a game."""
    screenshot = getattr(options, "screenshot", None)
    if screenshot:
        from spoker.gui.screenshot import take_screenshot

        return take_screenshot(options)
    window = make_window()
    app = SpokerApp(
        window, record_path=getattr(options, "record", None),
        exit_after_first_frame=_exit_after_first_frame(),
    )
    start(app, options)
    arcade.run()
    return 0


def start(app: SpokerApp, options: Any) -> None:
    """The first screen for the command's options."""
    if getattr(options, "resume", False):
        if autosave.peek() is None:
            app.show_title("No game to resume: start a new one.", "bad")
        else:
            app.resume()
        return
    load = getattr(options, "load", None)
    if load:
        error = app.open_record_file(load, "play")
        if error:
            app.show_title(error, "bad")
        return
    explicit = any(
        getattr(options, name, None) is not None for name in ("seed", "rules", "player1", "player2")
    )
    if explicit:
        app.new_game(setup_from_options(options, app.settings))
    else:
        app.show_title()


def run_lab(board: Board | None, rules: RuleSet | None, suite: str | None) -> int:
    """``spoker lab``: the window on the laboratory."""
    window = make_window()
    app = SpokerApp(window, exit_after_first_frame=_exit_after_first_frame())
    app.show_lab(board, rules, suite)
    arcade.run()
    return 0


def run_replay(path: str, rules: RuleSet | None, analyse: bool = False, effort: int | None = None) -> int:
    """``spoker replay FILE``: the record in the replay viewer (``analyse``:
    its analysis starts at once, at ``effort`` if given)."""
    from spoker.record import load_record

    record = load_record(path)  # errors reach the command line before a window opens
    if rules is not None:
        record.play(rules)  # same: a record the overriding rules refuse fails here
    window = make_window()
    app = SpokerApp(window, exit_after_first_frame=_exit_after_first_frame())
    if effort is not None:
        app.analyses.effort = effort
    app.open_replay(record, rules, path, analyse=analyse)
    arcade.run()
    return 0
