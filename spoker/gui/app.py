"""The desktop game's screens: what they share and how they hand over.

:class:`SpokerApp` holds what the screens share: the window, the board scene,
the settings, the game files (:class:`spoker.gui.models.game_files.GameFiles`:
autosaves, records and the notices about them, told here by
:func:`spoker.notices.tell`), and it switches between the screens (title /
new game, game, end of game, help, laboratory, replay viewer). Opening the window for a command (``spoker play``, ``lab``,
``replay``) is :mod:`spoker.gui.launch`'s job.

``exit_after_first_frame`` (given by ``bench/first_frame.py``, no option)
closes the window right after the first frame is drawn (the start-up
benchmark, the tests).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import arcade

from spoker.engine.rules import RuleSet
from spoker.gui.audio import SOUND_OFF_NOTICE, SoundPlayer
from spoker.gui.models import autosave, storage
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.game_files import (
    GameFiles,
    continued_record_notices,
    record_of,
    setup_from_record,
)
from spoker.gui.models.settings import Settings, settings_file, settings_path
from spoker.notices import Notice, NoticeKind, tell_all

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from shibumi import Board
    from spoker.gui.models.analysis_model import AnalysisCache
    from spoker.gui.render.frame import FrameCache
    from spoker.gui.render.scene import BoardScene
    from spoker.gui.views.game import GameView
    from spoker.gui.views.lab import LabView
    from spoker.records.record import GameRecord
    from spoker.runs.analysis import GameAnalysis
    from spoker.runs.workers import Executors

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
        self.persist = persist
        self.data_folder = storage.data_dir() if persist else None
        # The autosaves and records, and the notices about the data folder and
        # its files (told on stderr and the next screen): no home folder,
        # damaged files moved aside, a game another window holds.
        self.files = GameFiles(self.data_folder, persist=persist, record_path=record_path)
        if persist and self.data_folder is None:
            self.files.note([Notice(NoticeKind.INFO, storage.NO_DATA_DIR)])
        # The preferences file: a damaged one that could not be moved aside is never written over.
        self.settings_file = settings_file(None if self.data_folder is None else settings_path())
        if settings is None:
            settings = self.settings_file.read()
            self.files.note(self.settings_file.take_notices())
        self.settings = settings
        self.threaded = threaded
        self._executors: Executors | None = None
        # The sound effects: none in a headless window or an unthreaded run
        # (tests, screenshots, benchmarks); loaded now, in the background.
        self.audio = SoundPlayer(
            lambda: self.settings, available=threaded and not getattr(window, "headless", False)
        )
        self.audio.warm_up()
        self._process_start: Callable[[], object] | None = None
        if threaded and not getattr(window, "headless", False):
            # The search compiles (the first time, in a process of its own) or
            # loads numba's cache in the background: until it is ready,
            # searches here are Python ones, so none waits for the compiler.
            # The worker processes only load the cache (the compile is said
            # once); the worker thread's memo is written once now, so that the
            # tutor's first search there pays no page faults.
            from spoker import kernel

            self._process_start = kernel.load_only
            kernel.warm_up_in_background()
            self.executors.process.submit(int)  # started now, loading the cache: the puzzles' first search does not wait
            self.executors.thread.submit(kernel.prepare_thread)
        self.exit_after_first_frame = exit_after_first_frame
        self._scene: BoardScene | None = None
        self._frame_cache: FrameCache | None = None
        self._analyses: AnalysisCache | None = None
        self._puzzles_warm = False
        self._size = (int(window.width), int(window.height))
        self.first_frame_done = False
        self.closed = False
        self._told: set[Notice] = set()  # by tell_once
        self.on_quit: Callable[[], None] | None = None

    # -- shared things --------------------------------------------------------
    @property
    def scene(self) -> BoardScene:
        """The board renderer, made on first use (it needs the window's context)."""
        if self._scene is None:
            from spoker.gui.render.scene import BoardScene

            self._scene = BoardScene()
            self._scene.colour_marks = self.settings.colour_marks
        return self._scene

    @property
    def frame_cache(self) -> FrameCache:
        """The picture of a still screen (see spoker.gui.render.frame), shared by the screens."""
        if self._frame_cache is None:
            from spoker.gui.render.frame import FrameCache

            self._frame_cache = FrameCache()
        return self._frame_cache

    @property
    def executors(self) -> Executors:
        """Where background work runs (spoker.runs.workers): one daemon thread
        and one process for the session (each started on first use), or at
        once when not threaded; made on first use (the title screen needs none)."""
        if self._executors is None:
            from spoker.runs.workers import Executors

            self._executors = Executors(self.threaded, self._process_start)
        return self._executors

    @property
    def analyses(self) -> AnalysisCache:
        """The records' analyses (spoker.gui.models.analysis_model): worked
        out by a background process, or at once when not threaded; kept in
        the data folder's analyses.json (spoker.gui.models.analysis_store)
        for the next sessions, when there is a data folder."""
        if self._analyses is None:
            from spoker.gui.models.analysis_model import QUICK_EFFORT, AnalysisCache, on
            from spoker.gui.models.analysis_store import FILENAME, AnalysisStore

            folder = self.data_folder
            store = None if folder is None else AnalysisStore(folder / FILENAME)
            ex = self.executors
            if self.threaded:  # its own thread and process; an estimate first (the person waits for it)
                self._analyses = AnalysisCache(ex.analysis_thread, compute=on(ex.analysis), store=store,
                                               quick_effort=QUICK_EFFORT)
            else:
                self._analyses = AnalysisCache(ex.analysis_thread, store=store)
        return self._analyses

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    def resized(self, width: int, height: int) -> None:
        self._size = (max(1, int(width)), max(1, int(height)))

    def play_sound(self, name: str) -> None:
        """Play a sound effect (spoker.gui.models.sounds' names; SILENCE, "",
        plays nothing). If sound cannot play here, it goes off for the session
        and that is said once, on stderr and the screen."""
        self.audio.play(name)
        line = self.audio.take_notice()
        if line is not None:
            self.tell([Notice(NoticeKind.INFO, line, SOUND_OFF_NOTICE)], self.window.current_view, 6)

    def set_colour_marks(self, on: bool) -> None:
        self.settings.colour_marks = on
        if self._scene is not None:
            self._scene.colour_marks = on
        self.save_settings()

    def save_settings(self) -> None:
        if self.data_folder is not None:
            self.settings_file.keep(self.settings)
            self.files.note(self.settings_file.take_notices())

    def tell(self, notices: Iterable[Notice], view: object = None, seconds: float = 10.0) -> Notice | None:
        """Tell ``notices`` (each whole line on stderr, by :func:`spoker.notices.tell_all`)
        and show the one that matters most on ``view``'s message line; that one."""
        shown = tell_all(notices)
        if shown is not None and view is not None and hasattr(view, "say"):
            view.say(screen_words(shown), "bad", seconds)
        return shown

    def tell_once(self, notices: Iterable[Notice], view: object = None) -> Notice | None:
        """:meth:`tell` the notices this window has not told yet: a damaged
        file met on every visit to a screen is told on the first."""
        fresh = [n for n in notices if n not in self._told]
        self._told.update(fresh)
        return self.tell(fresh, view)

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
        self.keep_board_view()
        self.save_settings()
        if self._executors is not None:
            self._executors.shutdown()  # a search or a computer thinking: closing never waits for it
        if self.on_quit is not None:
            self.on_quit()
            return
        self.closed = True
        if getattr(self.window, "headless", False):
            self.window.close()  # arcade's headless loop runs while the window lives
        else:
            arcade.exit()

    def show(self, view: arcade.View) -> None:
        """Switch screens; every screen but the title's (whose pyramid spins)
        shows the board in the person's view, kept from the screen left."""
        from spoker.gui.views.title import TitleView

        self.keep_board_view()
        if not isinstance(view, TitleView):
            self.scene.set_rotation(self.settings.board_view)
        if self._scene is not None:  # the title's showcase is always the pyramid
            self._scene.set_flat(self.settings.plan_view and not isinstance(view, TitleView))
        if self._scene is not None:
            self._scene.set_guides(False, None)  # the game screen's own: it sets them again
        self.window.show_view(view)

    def keep_board_view(self) -> None:
        """Remember the pyramid's orientation the person chose on this screen."""
        from spoker.gui.views.title import TitleView

        current = self.window.current_view
        if self._scene is not None and current is not None and not isinstance(current, TitleView):
            self.settings.board_view = self._scene.rotation

    # -- screens --------------------------------------------------------------
    def show_title(self, message: str = "", kind: str = "info") -> None:
        from spoker.gui.views.title import TitleView

        view = TitleView(self)
        shown = self.tell(self.files.take_notices())
        if shown is not None and not message:
            message, kind = screen_words(shown), "bad"
        if message:
            view.say(message, kind, 10.0)
        self.show(view)

    def unfinished_games(self) -> list[autosave.Entry]:
        """The unfinished games to offer, the last played first (damaged files
        are moved aside and a notice kept)."""
        return self.files.unfinished_games()

    def new_game(self, setup: GameSetup) -> GameView:
        s = self.settings
        s.name1, s.name2 = setup.names
        s.seat1, s.seat2 = setup.seats
        s.rules_name = setup.rules_name
        if not setup.rules_name:  # a rules file's rules leave the title's toggles as they were
            s.visibility = setup.rules.visibility
            s.apex_free = setup.rules.apex_free
            s.variants = ", ".join(setup.rules.variants)
        self.save_settings()
        controller = GameController(setup)
        return self.play(controller)

    def play(self, controller: GameController) -> GameView:
        """Show a game. A new game gets its own autosave file; a resumed one
        (:meth:`resume`) goes on writing the file it came from."""
        from spoker.gui.views.game import GameView

        view = GameView(self, controller)
        self.show(view)
        self.autosave(controller)
        self.tell(self.files.take_notices(), view)
        return view

    def resume(self, path: Path | None = None) -> GameView | None:
        """Continue an unfinished game (default: the last played); None, and
        the title screen with a message, if there is none or it is damaged."""
        if path is None:
            entries = self.unfinished_games()
            if not entries:
                self.show_title("No unfinished game to resume: start a new one.", "bad")
                return None
            path = entries[0].path
        resumed = self.files.resume(path)
        if isinstance(resumed, Notice):
            self.tell([resumed])
            self.show_title(screen_words(resumed), "bad")
            return None
        return self.play(resumed)

    def discard(self, path: Path) -> None:
        """Delete an unfinished game's autosave (the person asked, and confirmed)."""
        self.files.discard(path)

    def show_help(self) -> None:
        from spoker.gui.views.help import HelpView

        self.show(HelpView(self, self.window.current_view))

    def show_lessons(self, lesson: int | None = None) -> arcade.View:
        """Learn to play: the list of lessons, or lesson ``lesson`` (1-based)
        open; which are done is kept in the data folder's lessons.json."""
        from spoker.gui.models.lessons import LessonBook, LessonProgress, progress_path
        from spoker.gui.views.lessons import LessonsView

        view = LessonsView(self, LessonBook(LessonProgress(progress_path(self.data_folder))))
        if lesson is not None:
            view.open(lesson - 1)
        self.show(view)
        return view

    @property
    def puzzle_executor(self) -> Executor:
        """Where the puzzles' searches run: the app's process (warmed up on
        first use: the first search does not wait for a fresh interpreter)."""
        if not self._puzzles_warm:
            from spoker.gui.models.puzzle_searches import warm_up

            self._puzzles_warm = True
            self.executors.process.submit(warm_up)
        return self.executors.process

    def show_puzzles(self, number: int | None = None, seed: int | None = None) -> arcade.View:
        """The Puzzles screen: the next puzzle near the person's rating, or
        shipped puzzle ``number`` (1-based; ``seed`` seeds the choice); the rating, the streak and the
        puzzles found in the person's games are kept in the data folder
        (spoker.gui.models.puzzle_store)."""
        from spoker.gui.models.puzzle_session import PuzzleSession, load_shipped
        from spoker.gui.models.puzzle_store import (
            MineStore,
            ProgressStore,
            mine_path,
            progress_path,
        )
        from spoker.gui.views.puzzles import PuzzlesView

        folder = self.data_folder
        notices: list[Notice] = []
        shipped = load_shipped(notices=notices)
        tell_all(notices)
        session = PuzzleSession(shipped, ProgressStore(progress_path(folder)), MineStore(mine_path(folder)),
                                self.puzzle_executor, seed)
        if number is not None and 1 <= number <= len(shipped):
            session.open(shipped[number - 1])
        else:
            session.next()
        games = Path("games") if folder is None else folder / "games"
        view = PuzzlesView(self, session, self.puzzle_executor, games_folder=games)
        self.show(view)
        return view

    def show_retry(
        self, record: GameRecord, analysis: GameAnalysis, player: int, back: Callable[[], None] | None = None,
    ) -> arcade.View:
        """Retry my mistakes: the positions before ``player``'s mistakes and
        blunders in ``analysis`` (of ``record``), in turn; Back (Esc) calls
        ``back`` (None: the title screen)."""
        from spoker.gui.models.retry_session import RetrySession
        from spoker.gui.views.puzzles import PuzzlesView

        session = RetrySession(record, analysis, player, self.puzzle_executor)
        view = PuzzlesView(self, session, self.puzzle_executor, back=back)
        self.show(view)
        return view

    def show_my_games(self) -> arcade.View:
        """My games: the games kept in the data folder's games/ (read only
        where this window changes nothing: a screenshot)."""
        from spoker.gui.models.games_store import MyGames
        from spoker.gui.views.my_games import MyGamesView

        folder = self.data_folder if self.persist else storage.data_dir()
        view = MyGamesView(self, MyGames(folder, writable=self.persist))
        self.show(view)
        return view

    def show_settings(self) -> None:
        """The settings screen; Done (Esc) goes back to the screen it came from."""
        from spoker.gui.views.settings_view import SettingsView

        self.show(SettingsView(self, self.window.current_view))

    def show_end(self, controller: GameController) -> None:
        from spoker.gui.views.end import EndView

        self.show(EndView(self, controller))

    def show_lab(
        self, board: Board | None = None, rules: RuleSet | None = None, suite: str | None = None,
    ) -> LabView:
        """The laboratory, on ``board`` (empty by default); with ``suite``, that
        suite opened on its first failing case."""
        from spoker.gui.models.lab import Lab
        from spoker.gui.views.lab import LabView

        lab = Lab() if rules is None else Lab(rules=rules)  # first: the board is read under its bag
        if board is not None:
            lab.set_board(board)
            lab.undo_stack.clear()  # the starting position is not a change to undo
        view = LabView(self, lab, suite)
        self.show(view)
        if suite:
            view.open_suite(suite)
        return view

    def open_replay(
        self, record: GameRecord, rules: RuleSet | None = None, source: str = "",
        back: Callable[[], None] | None = None, analyse: bool = False, back_to: str = "the title screen",
    ) -> None:
        """The replay viewer on ``record``; with ``analyse``, its analysis
        starts. Close calls ``back`` (else shows the title), ``back_to`` its words."""
        from spoker.gui.views.replay import ReplayView

        view = ReplayView(self, record, rules, source, back, back_to)
        self.show(view)
        if analyse:
            view.start_analysis()

    def replay_game(self, controller: GameController, analyse: bool = False) -> None:
        """The game just played, in the replay viewer; closing it returns here."""
        back = (lambda: self.show_end(controller)) if controller.over else None
        self.open_replay(record_of(controller), source="this game", back=back, analyse=analyse,
                         back_to="the end screen" if back is not None else "the title screen")

    # -- files: the game files' service (spoker.gui.models.game_files) ---------
    def autosave(self, controller: GameController) -> None:
        """After every draw and move: the game's autosave, and the --record
        file if any; a failure is told once (stderr and the screen)."""
        failed = self.files.autosave(controller)
        kept = self.files.kept_file(controller)
        if kept is not None and self.settings.last_record != str(kept):
            self.settings.last_record = str(kept)  # the title's record file: this game, in My games
            self.save_settings()
        self.tell(self.files.take_notices() + ([] if failed is None else [failed]), self.window.current_view, 8)

    def default_record_path(self, controller: GameController | None = None) -> str:
        return self.files.default_record_path(controller)

    def save_record(self, controller: GameController, path: str) -> Path:
        """Save the game's record (the Save dialog: see GameFiles.save_record);
        the file is the next Open's proposal."""
        target = self.files.save_record(controller, path)
        self.settings.last_record = str(target)
        return target

    def open_record_file(self, path: str, mode: str = "auto") -> str | None:
        """Open a record: replay it, or (unfinished, or mode "play") continue it.

        Returns an error message instead of raising, for the title screen."""
        from spoker.records.record import load_record

        full = os.path.expanduser(path)
        try:
            if not stat.S_ISREG(os.stat(full).st_mode):
                return f"Cannot open {path!r}: not a regular file"
            record = load_record(full)
        except OSError as err:
            return f"Cannot open {path!r}: {err.strerror or err}"
        except ValueError as err:
            return f"Cannot open {path!r}: {err}"
        self.settings.last_record = path
        self.save_settings()
        return self.open_record(record, path, mode)

    def open_record(self, record: GameRecord, path: str, mode: str = "auto") -> str | None:
        """Replay a record read from ``path``, or continue it (see open_record_file)."""
        state = record.play()
        if mode == "replay" or (mode == "auto" and state.is_over):
            self.open_replay(record, source=path)
            return None
        if state.is_over:
            return f"{path!r} is a finished game: open it in the replay viewer."
        self.files.note(continued_record_notices(record))
        self.play(GameController(setup_from_record(record.headers, record.rules), state))
        return None


def screen_words(notice: Notice) -> str:
    """A notice's words on a screen: its short form (else its line), capitalised."""
    words = notice.screen
    return words[:1].upper() + words[1:]
