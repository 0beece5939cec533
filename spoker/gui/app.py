"""The desktop game's screens: what they share and how they hand over.

:class:`SpokerApp` holds what the screens share: the window, the board scene,
the settings, the autosave and the record file, and it switches between the
screens (title / new game, game, end of game, help, laboratory, replay
viewer). Opening the window for a command (``spoker play``, ``lab``,
``replay``) is :mod:`spoker.gui.launch`'s job.

``exit_after_first_frame`` (the commands' hidden ``--exit-after-first-frame``)
closes the window right after the first frame is drawn (the start-up
benchmark, the tests).
"""

from __future__ import annotations

import datetime
import os
import re
import stat
import sys
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import arcade

from spoker.engine.rules import RuleSet
from spoker.errors import SpokerError
from spoker.gui.audio import SOUND_OFF_NOTICE, SoundPlayer
from spoker.gui.models import autosave, storage
from spoker.gui.models.controller import (
    PERSON,
    GameController,
    GameSetup,
    clean_name,
)
from spoker.gui.models.settings import Settings, load_settings, save_settings, settings_path
from spoker.records.inputs import read_seed

if TYPE_CHECKING:
    from shibumi import Board
    from spoker.gui.models.analysis_model import AnalysisCache
    from spoker.gui.models.puzzle_session import Worker
    from spoker.gui.render.frame import FrameCache
    from spoker.gui.render.scene import BoardScene
    from spoker.gui.views.game import GameView
    from spoker.gui.views.lab import LabView
    from spoker.records.record import GameRecord
    from spoker.runs.analysis import GameAnalysis

FILE_NAME_PART = 24  # characters of a player's name in a proposed record file name


class RecordExistsError(SpokerError):
    """Saving would replace a file this game did not write: save again to confirm."""


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
        # Lines for the person about the data folder and its files (stderr and
        # the first screen): no home folder, damaged files moved aside.
        self.notices: list[str] = []
        self.data_folder = storage.data_dir() if persist else None
        if persist and self.data_folder is None:
            self.notices.append(storage.NO_DATA_DIR)
        self._settings_kept = True  # False: a damaged preferences file stayed in place
        if settings is None:
            settings = Settings()
            if self.data_folder is not None:
                before = len(self.notices)
                settings = load_settings(notices=self.notices)
                # Damaged but not moved aside (a read-only folder...): never write over it.
                self._settings_kept = len(self.notices) == before or not os.path.lexists(settings_path() or "")
        self.settings = settings
        self.threaded = threaded
        # The sound effects: none in a headless window or an unthreaded run
        # (tests, screenshots, benchmarks); loaded now, in the background.
        self.audio = SoundPlayer(
            lambda: self.settings, available=threaded and not getattr(window, "headless", False)
        )
        self.audio.warm_up()
        self.record_path = record_path
        self.read_unfinished = self.data_folder is not None  # the title screen lists the saved games
        self._autosaves: weakref.WeakKeyDictionary[GameController, Path] = weakref.WeakKeyDictionary()
        self._records: weakref.WeakKeyDictionary[GameController, Path] = weakref.WeakKeyDictionary()
        self._autosave_failing = False
        # Games whose autosave another process writes (its lock is taken): never written here.
        self._played_elsewhere: weakref.WeakSet[GameController] = weakref.WeakSet()
        self._replace_asked: Path | None = None
        self.exit_after_first_frame = exit_after_first_frame
        self._scene: BoardScene | None = None
        self._frame_cache: FrameCache | None = None
        self._analyses: AnalysisCache | None = None
        self._puzzle_worker: Worker | None = None
        self._size = (int(window.width), int(window.height))
        self.first_frame_done = False
        self.closed = False
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
    def analyses(self) -> AnalysisCache:
        """The records' analyses (spoker.gui.models.analysis_model): worked
        out by a background process, or at once when not threaded; kept in
        the data folder's analyses.json (spoker.gui.models.analysis_store)
        for the next sessions, when there is a data folder."""
        if self._analyses is None:
            from spoker.gui.models.analysis_model import (
                AnalysisCache,
                InlineRunner,
                ProcessPool,
                ThreadRunner,
            )
            from spoker.gui.models.analysis_store import FILENAME, AnalysisStore

            folder = self.data_folder
            store = None if folder is None else AnalysisStore(folder / FILENAME)
            if self.threaded:
                self._analyses = AnalysisCache(ThreadRunner(), compute=ProcessPool(), store=store)
            else:
                self._analyses = AnalysisCache(InlineRunner(), store=store)
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
        notice = self.audio.take_notice()
        if notice is not None:
            print(f"spoker: {notice}", file=sys.stderr)
            view = self.window.current_view
            if view is not None and hasattr(view, "say"):
                view.say(SOUND_OFF_NOTICE, "bad", 6)

    def set_colour_marks(self, on: bool) -> None:
        self.settings.colour_marks = on
        if self._scene is not None:
            self._scene.colour_marks = on
        self.save_settings()

    @property
    def autosave_on(self) -> bool:
        return self.data_folder is not None

    def save_settings(self) -> None:
        if self.autosave_on and self._settings_kept:
            save_settings(self.settings)

    def take_notices(self) -> list[str]:
        """The notices not yet shown (each is shown once)."""
        out, self.notices = self.notices, []
        return out

    def screen_text(self, line: str) -> str:
        """A notice for the screen: short (stderr has the whole line), paths
        inside the data folder relative to it."""
        if " is open in another Spoker window" in line:
            # The file's name is on stderr; the screen's words fit at 800x600.
            line = "Open in another window: not autosaved here"
        moved = re.fullmatch(r".* was damaged \(.*\): moved to '(.*)'", line)
        if moved:
            line = f"A damaged file was kept as '{moved.group(1)}'"
        if line.startswith("header 'Seed' ") and ": ignored, " in line:
            # The whole line is on stderr; the screen's fits at 800x600.
            line = "Seed header unreadable: the draws start afresh"
        if self.data_folder is not None:
            line = line.replace(str(self.data_folder) + os.sep, "")
        return line[:1].upper() + line[1:]

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
        stop = getattr(self._puzzle_worker, "stop", None)
        if stop is not None:
            stop()  # a puzzle search running ends now: closing never waits for it
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
        notices = self.take_notices()
        for line in notices:
            print(f"spoker: {line}", file=sys.stderr)
        if notices and not message:
            message, kind = self.screen_text(notices[-1]), "bad"
        if message:
            view.say(message, kind, 10.0)
        self.show(view)

    def unfinished_games(self) -> list[autosave.Entry]:
        """The unfinished games to offer, the last played first (damaged files
        are moved aside and a notice added)."""
        if not self.read_unfinished:
            return []
        return autosave.unfinished(self.notices, set_damaged_aside=self.persist)

    def new_game(self, setup: GameSetup) -> GameView:
        s = self.settings
        s.name1, s.name2 = setup.names
        s.seat1, s.seat2 = setup.seats
        s.visibility = setup.rules.visibility
        s.apex_free = setup.rules.apex_free
        s.variants = ", ".join(setup.rules.variants)
        self.save_settings()
        controller = GameController(setup)
        return self.play(controller)

    def play(self, controller: GameController, autosave_path: Path | None = None) -> GameView:
        """Show a game. A new game gets its own autosave file; a resumed one
        (``autosave_path``) goes on writing the file it came from."""
        from spoker.gui.views.game import GameView

        if autosave_path is not None:
            self._autosaves[controller] = autosave_path
        view = GameView(self, controller)
        self.show(view)
        self.autosave(controller)
        notices = self.take_notices()
        for line in notices:
            print(f"spoker: {line}", file=sys.stderr)
        if notices:
            view.say(self.screen_text(notices[-1]), "bad", 10)
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
        try:
            controller = autosave.load(path)
        except autosave.AutosaveError as err:
            line = storage.set_aside(path, "the autosave", str(err).split(": ", 1)[-1])
            self.show_title(self.screen_text(line), "bad")
            print(f"spoker: {line}", file=sys.stderr)
            return None
        return self.play(controller, path)

    def discard(self, path: Path) -> None:
        """Delete an unfinished game's autosave (the person asked, and confirmed)."""
        autosave.clear(path)

    def show_help(self) -> None:
        from spoker.gui.views.help import HelpView

        self.show(HelpView(self, self.window.current_view))

    def show_lessons(self, lesson: int | None = None) -> arcade.View:
        """Learn to play: the list of lessons, or lesson ``lesson`` (1-based)
        open; which are done is kept in the data folder's lessons.json."""
        from spoker.gui.models.lessons import LessonBook, Progress, progress_path
        from spoker.gui.views.lessons import LessonsView

        view = LessonsView(self, LessonBook(Progress(progress_path(self.data_folder))))
        if lesson is not None:
            view.open(lesson - 1)
        self.show(view)
        return view

    @property
    def puzzle_worker(self) -> Worker:
        """Where the puzzles' searches run: one spawned process for the
        session, or at once when not threaded (tests, screenshots)."""
        if self._puzzle_worker is None:
            from spoker.gui.models.puzzle_session import InlineWorker, ProcessWorker

            if self.threaded:
                worker = ProcessWorker()
                worker.warm_up()
                self._puzzle_worker = worker
            else:
                self._puzzle_worker = InlineWorker()
        return self._puzzle_worker

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
        notices: list[str] = []
        shipped = load_shipped(notices=notices)
        for line in notices:
            print(f"spoker: {line}", file=sys.stderr)
        session = PuzzleSession(shipped, ProgressStore(progress_path(folder)), MineStore(mine_path(folder)),
                                self.puzzle_worker, seed)
        if number is not None and 1 <= number <= len(shipped):
            session.open(shipped[number - 1])
        else:
            session.next()
        games = Path("games") if folder is None else folder / "games"
        view = PuzzlesView(self, session, self.puzzle_worker, games_folder=games)
        self.show(view)
        return view

    def show_retry(
        self, record: GameRecord, analysis: GameAnalysis, player: int, back: Callable[[], None] | None = None,
    ) -> arcade.View:
        """Retry my mistakes: the positions before ``player``'s mistakes and
        blunders in ``analysis`` (of ``record``), in turn; Back (Esc) calls
        ``back`` (None: the title screen)."""
        from spoker.gui.models.puzzle_session import RetrySession
        from spoker.gui.views.puzzles import PuzzlesView

        session = RetrySession(record, analysis, player, self.puzzle_worker)
        view = PuzzlesView(self, session, self.puzzle_worker, back=back)
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
        """After every draw and move: the game's autosave, and the --record file if any.

        A failure is told once (stderr and the screen), not at every move."""
        if not self.persist:
            return
        try:
            if self.autosave_on:
                path = self.autosave_file(controller)
                if path is not None and self._may_autosave(controller, path):
                    autosave.save(controller, path)
            record = self.record_file(controller)
            if record is not None:
                self._write_record(controller, record)
        except (OSError, ValueError) as err:
            if not self._autosave_failing:
                line = f"cannot autosave: {getattr(err, 'strerror', None) or err}"
                print(f"spoker: {line}", file=sys.stderr)
                view = self.window.current_view
                if view is not None and hasattr(view, "say"):
                    view.say(line[:1].upper() + line[1:], "bad", 8)
            self._autosave_failing = True
        else:
            self._autosave_failing = False

    def _may_autosave(self, controller: GameController, path: Path) -> bool:
        """Whether this window writes the game's autosave: not when another
        process (a second ``spoker play --resume``) holds the game's lock;
        that is told once, on stderr and the screen (:attr:`notices`)."""
        if controller in self._played_elsewhere:
            return False
        try:
            if autosave.lock_game(path):
                return True
        except OSError:
            return True  # no lock file can be made (a read-only folder): the save itself tells
        self._played_elsewhere.add(controller)
        self.notices.append(autosave.played_elsewhere(path))
        return False

    def autosave_file(self, controller: GameController) -> Path | None:
        """The game's own autosave file (a new one for a new game)."""
        path = self._autosaves.get(controller)
        if path is None:
            folder = self.data_folder
            path = autosave.new_autosave_path(None if folder is None else folder / autosave.FOLDER)
            if path is None:
                return None
            self._autosaves[controller] = path
        return path

    def record_file(self, controller: GameController) -> Path | None:
        """The --record file of a game: the first game played gets FILE, a
        later one FILE-2, FILE-3 ... (a name not taken), so no game's record
        replaces another's."""
        if not self.record_path:
            return None
        path = self._records.get(controller)
        if path is None:
            first = Path(os.path.expanduser(self.record_path))
            path = first if not self._records else free_name(first)
            self._records[controller] = path
        return path

    def record_of(self, controller: GameController) -> GameRecord:
        from spoker.records.record import GameRecord

        headers = controller.headers()
        headers["Date"] = datetime.date.today().isoformat()
        record = GameRecord.from_state(controller.state, headers)
        record.comments = controller.record_comments()
        return record

    def default_record_path(self, controller: GameController | None = None) -> str:
        """The file name the Save dialog proposes: the game's --record file,
        else ``games/spoker-STAMP-NAME1-NAME2.txt`` in the data folder (the
        current folder without one). Names are reduced to letters, digits,
        '-' and '_', so the name never leads out of that folder."""
        if self.record_path:
            own = self.record_file(controller) if controller is not None else None
            return str(own or self.record_path)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        names = ""
        if controller is not None:
            a, b = (file_name_part(n) for n in controller.setup.names)
            names = f"-{a}-{b}"
        folder = Path("games") if self.data_folder is None else self.data_folder / "games"
        return str(folder / f"spoker-{stamp}{names}.txt")

    def save_record(self, controller: GameController, path: str) -> Path:
        """Save the game's record to ``path`` (the Save dialog). A file this
        game did not write is replaced only when the same name is saved to
        twice in a row: the first time :class:`RecordExistsError` asks."""
        target = Path(os.path.expanduser(path))
        if self._would_replace(controller, target) and self._replace_asked != target:
            self._replace_asked = target
            raise RecordExistsError(f"{str(target)!r} exists: save again to the same name to replace it")
        self._replace_asked = None
        target.parent.mkdir(parents=True, exist_ok=True)
        self._write_record(controller, target)
        self.settings.last_record = str(target)
        return target

    def write_record_file(self, controller: GameController) -> Path | None:
        """Write the game's --record file now (:meth:`record_file`; None: no
        --record): what the autosave does after every move, for a screenshot."""
        target = self.record_file(controller)
        if target is not None:
            self._write_record(controller, target)
        return target

    def _write_record(self, controller: GameController, target: Path) -> None:
        from spoker.records.record import save_record

        save_record(target, self.record_of(controller))
        if self.record_file(controller) is None:
            self._records[controller] = target  # later saves of this game to it ask nothing

    def _would_replace(self, controller: GameController, target: Path) -> bool:
        if not os.path.lexists(target):
            return False
        own = self._records.get(controller)
        return own is None or not _same_file(own, target)

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
        self.notices.extend(continued_record_notices(record))
        self.play(GameController(setup_from_record(record.headers, record.rules), state))
        return None


def file_name_part(name: str) -> str:
    """A player's name as part of a file name: letters, digits, '-' and '_'
    only (so no '/', no '..', no leading dot), at most FILE_NAME_PART long."""
    text = re.sub(r"[^\w-]+", "_", clean_name(name)).strip("_-")
    return text[:FILE_NAME_PART] or "player"


def free_name(path: Path) -> Path:
    """``path`` with -2, -3 ... added before the suffix: the first name not taken."""
    n = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def continued_record_notices(record: GameRecord) -> list[str]:
    """What to tell about a record a game continues from: its ``Seed``
    header, if it cannot be read (the draws then start afresh)."""
    from spoker.records.record import seed_warning

    warning = seed_warning(record.headers, continued=True)
    return [] if warning is None else [warning]


def setup_from_record(headers: dict[str, str], rules: RuleSet) -> GameSetup:
    """Names, seats and seed of a recorded game, to continue it."""
    from spoker.players import PLAYER_NAMES

    names = (headers.get("Player1", "Player 1"), headers.get("Player2", "Player 2"))
    seats = tuple(
        headers.get(f"Player{i}Type", PERSON) if headers.get(f"Player{i}Type") in PLAYER_NAMES else PERSON
        for i in (1, 2)
    )
    return GameSetup(names, (seats[0], seats[1]), rules, read_seed(headers.get("Seed", "")))
