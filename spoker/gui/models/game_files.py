"""The window's game files: autosaves, records, and what is told about them.

:class:`GameFiles` is the file service of one window (no window library
here): each game's autosave (a new file for a new game, the same one for a
resumed game, never written while another window holds the game's lock, nor
when the lock cannot be taken), the ``--record`` file and the Save dialog's
records (never replacing a file this game did not write without a second
save), the unfinished games the title screen offers, and the notices about
all of these (:class:`spoker.notices.Notice`), each told once by the screens.
"""

from __future__ import annotations

import datetime
import os
import re
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from spoker.engine.rules import RuleSet
from spoker.errors import StorageError
from spoker.gui.models import autosave, games_store, storage
from spoker.gui.models.controller import (
    PERSON,
    GameController,
    GameSetup,
    clean_name,
    rules_name_of,
)
from spoker.notices import Notice, NoticeKind
from spoker.records.files import same_file
from spoker.records.inputs import read_seed

if TYPE_CHECKING:
    from spoker.records.record import GameRecord

FILE_NAME_PART = 24  # characters of a player's name in a proposed record file name


class GameFiles:
    """One window's autosaves and record files, and the notices about them.

    ``data_folder`` None: no autosave (no data folder, or ``persist`` False:
    a screenshot, a test); ``record_path`` the ``--record`` file, if any."""

    def __init__(self, data_folder: Path | None, *, persist: bool = True, record_path: str | None = None) -> None:
        self.data_folder = data_folder
        self.persist = persist
        self.record_path = record_path
        self.read_unfinished = data_folder is not None  # the title screen lists the saved games
        self.notices: list[Notice] = []
        self._autosaves: weakref.WeakKeyDictionary[GameController, Path] = weakref.WeakKeyDictionary()
        self._records: weakref.WeakKeyDictionary[GameController, Path] = weakref.WeakKeyDictionary()
        # Each finished game's record in My games (games/), and how many moves it held.
        self._kept: weakref.WeakKeyDictionary[GameController, tuple[Path, int]] = weakref.WeakKeyDictionary()
        self._failing = False  # the last autosave failed: told once, not at every move
        # Games this window never writes: another process holds their lock, or none can be taken.
        self._not_kept: weakref.WeakSet[GameController] = weakref.WeakSet()
        self._replace_asked: Path | None = None

    @property
    def autosave_on(self) -> bool:
        return self.data_folder is not None

    # -- notices --------------------------------------------------------------
    def note(self, notices: Iterable[Notice]) -> None:
        """Keep notices to be told."""
        self.notices.extend(notices)

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        out, self.notices = self.notices, []
        return out

    # -- unfinished games -----------------------------------------------------
    def unfinished_games(self) -> list[autosave.Entry]:
        """The unfinished games to offer, the last played first (damaged files
        are moved aside and a notice kept)."""
        if not self.read_unfinished:
            return []
        lines: list[Notice] = []
        entries = autosave.unfinished(lines, set_damaged_aside=self.persist)
        self.note(lines)
        return entries

    def resume(self, path: Path) -> GameController | Notice:
        """The game of an autosave, to go on playing it (and writing it); a
        damaged one is set aside and the notice saying so returned instead."""
        try:
            controller = autosave.load(path)
        except StorageError as err:
            return storage.set_aside(path, "the autosave", str(err).split(": ", 1)[-1])
        self._autosaves[controller] = path
        return controller

    def discard(self, path: Path) -> None:
        """Delete an unfinished game's autosave (the person asked, and confirmed)."""
        autosave.clear(path)

    # -- after every draw and move ---------------------------------------------
    def autosave(self, controller: GameController) -> Notice | None:
        """The game's autosave, and its --record file if any. A failure is
        returned once (a NOT_WRITTEN notice naming the file), not at every move."""
        if not self.persist:
            return None
        target: Path | None = None
        try:
            if self.autosave_on:
                target = self.autosave_file(controller)
                if target is not None and self._may_autosave(controller, target):
                    autosave.save(controller, target)
            target = self.record_file(controller)
            if target is not None:
                self._write_record(controller, target)
            if controller.over and self.data_folder is not None:
                target = self._keep_path(controller, self.data_folder)
                self.keep_finished(controller)
        except (OSError, ValueError) as err:
            told = None if self._failing else not_written(target, err)
            self._failing = True
            return told
        self._failing = False
        return None

    def _may_autosave(self, controller: GameController, path: Path) -> bool:
        """Whether this window writes the game's autosave: only while it holds
        the game's lock. Another process holding it (a second ``spoker play
        --resume``), or a lock that cannot be taken (``locks`` a file, a
        folder that cannot be written, a link), is told once (a notice) and
        the game is not written here: two windows never overwrite each other."""
        if controller in self._not_kept:
            return False
        try:
            if autosave.lock_game(path):
                return True
            notice = autosave.played_elsewhere(path)
        except OSError as err:
            notice = autosave.not_locked(path, err)
        self._not_kept.add(controller)
        self.notices.append(notice)
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

    # -- My games: every finished game kept --------------------------------------
    def keep_finished(self, controller: GameController) -> Path | None:
        """Keep the finished game's record in the data folder's ``games/``
        (:mod:`spoker.gui.models.games_store`), once (again only if a takeback
        changed it): in the file the Save dialog wrote there, else a new one.
        None: nothing kept (no data folder, not over). OSError or StorageError
        if it cannot be written."""
        if self.data_folder is None or not self.persist or not controller.over:
            return None
        kept = self._kept.get(controller)
        length = len(controller.state.history)
        if kept is not None and kept[1] == length:
            return kept[0]
        target = games_store.keep_game(self.data_folder, record_of(controller),
                                       self._keep_path(controller, self.data_folder))
        self._kept[controller] = (target, length)
        return target

    def kept_file(self, controller: GameController) -> Path | None:
        """The record of the finished game in My games, once kept."""
        kept = self._kept.get(controller)
        return None if kept is None else kept[0]

    def _keep_path(self, controller: GameController, data_folder: Path) -> Path:
        """Where the finished game is kept: its file so far, the Save dialog's
        record if it is in ``games/``, else a new ``game-STAMP-NAME1-NAME2.txt``."""
        kept = self._kept.get(controller)
        if kept is not None:
            return kept[0]
        folder = games_store.games_dir(data_folder)
        saved = self._records.get(controller)
        if saved is not None and os.path.abspath(saved.parent) == os.path.abspath(folder):
            return saved
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        a, b = (file_name_part(n) for n in controller.setup.names)
        target = folder / f"{games_store.KEPT_PREFIX}{stamp}-{a}-{b}{games_store.SUFFIX}"
        return free_name(target) if os.path.lexists(target) else target

    # -- records --------------------------------------------------------------
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

    def default_record_path(self, controller: GameController | None = None) -> str:
        """The file name the Save dialog proposes: the game's --record file,
        else ``games/spoker-STAMP-NAME1-NAME2.txt`` in the data folder (the
        current folder without one). Names are reduced to letters, digits,
        '-' and '_', so the name never leads out of that folder."""
        if self.record_path:
            own = self.record_file(controller) if controller is not None else None
            return str(own or self.record_path)
        kept = None if controller is None else self.kept_file(controller)
        if kept is not None:
            return str(kept)  # the finished game's own file in My games
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
        twice in a row: the first time a :class:`StorageError` asks (the
        dialogs tell it as they tell a failed write, so it needs no type of
        its own)."""
        target = Path(os.path.expanduser(path))
        if self._would_replace(controller, target) and self._replace_asked != target:
            self._replace_asked = target
            raise StorageError(f"{str(target)!r} exists: save again to the same name to replace it", str(target))
        self._replace_asked = None
        target.parent.mkdir(parents=True, exist_ok=True)
        self._write_record(controller, target)
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

        save_record(target, record_of(controller))
        if self.record_file(controller) is None:
            self._records[controller] = target  # later saves of this game to it ask nothing

    def _would_replace(self, controller: GameController, target: Path) -> bool:
        if not os.path.lexists(target):
            return False
        own = [p for p in (self._records.get(controller), self.kept_file(controller)) if p is not None]
        return not any(same_file(p, target) for p in own)


def record_of(controller: GameController) -> GameRecord:
    """The game so far as a record, dated today, with its comments."""
    from spoker.records.record import GameRecord

    headers = controller.headers()
    headers["Date"] = datetime.date.today().isoformat()
    record = GameRecord.from_state(controller.state, headers)
    record.comments = controller.record_comments()
    return record


def not_written(path: Path | None, err: Exception) -> Notice:
    """The notice that a game's file could not be written, naming the file
    (and the one in the way, when another: a data folder that is a file)."""
    reason = getattr(err, "strerror", None) or str(err)
    culprit = getattr(err, "filename", None)
    where = "" if path is None else f" {str(path)!r}"
    if culprit is not None and os.fspath(culprit) not in (str(path), *reason.split("'")):
        where += f" ({os.fspath(culprit)!r})"
    return Notice(NoticeKind.NOT_WRITTEN, f"cannot autosave{where}: {reason}",
                  f"Cannot autosave: {reason}", None if path is None else str(path))


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


def continued_record_notices(record: GameRecord) -> list[Notice]:
    """What to tell about a record a game continues from: its ``Seed``
    header, if it cannot be read (the draws then start afresh)."""
    from spoker.records.record import seed_notice

    notice = seed_notice(record.headers, continued=True)
    return [] if notice is None else [notice]


def setup_from_record(headers: dict[str, str], rules: RuleSet) -> GameSetup:
    """Names, seats, seed and rules file's name of a recorded game, to continue it."""
    from spoker.players import PLAYER_NAMES

    names = (headers.get("Player1", "Player 1"), headers.get("Player2", "Player 2"))
    seats = tuple(
        headers.get(f"Player{i}Type", PERSON) if headers.get(f"Player{i}Type") in PLAYER_NAMES else PERSON
        for i in (1, 2)
    )
    return GameSetup(names, (seats[0], seats[1]), rules, read_seed(headers.get("Seed", "")),
                     rules_name=rules_name_of(headers))
