"""The autosave: each game in progress, written after every move.

Every game has its own JSON file in the folder ``unfinished/`` of the data
folder (:func:`spoker.gui.models.storage.data_dir`): the setup (names, seats, rules,
seed), the moves, the ball drawn and not yet placed and the state of the draw
generator, so a resumed game continues with exactly the draws it would have
had. Starting a new game never touches another game's file: the title screen
lists every unfinished game (:func:`unfinished`). A file is written
atomically (a temporary file in the same directory, then ``os.replace``), so a
crash never leaves half a file, and it is deleted when its game ends.

The single ``autosave.json`` of earlier versions is still listed and resumed.
A file that cannot be read back is moved aside (see
:func:`spoker.gui.models.storage.set_aside`), never deleted.
"""

from __future__ import annotations

import datetime
import errno
import json
import math
import os
import random
import secrets
from dataclasses import dataclass
from pathlib import Path

from shibumi import Colour
from spoker.engine.moves import Move
from spoker.engine.state import GameState
from spoker.errors import StorageError
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.storage import data_dir, read_json, set_aside, write_atomic
from spoker.notices import Notice, NoticeKind
from spoker.text.rules_words import named

FORMAT = "spoker-autosave-1"
FILENAME = "autosave.json"  # the one autosave of earlier versions
FOLDER = "unfinished"
MT_WORDS = 625  # random.getstate(): 624 words of the Mersenne Twister and its position

__all__ = [
    "FILENAME", "FOLDER", "FORMAT", "LOCKS", "Entry", "Summary", "autosave_path", "clear",
    "data_dir", "load", "lock_game", "lock_path", "new_autosave_path", "not_locked", "peek", "played_elsewhere",
    "release_game", "save", "to_json", "unfinished", "unfinished_dir", "write_atomic",
]


def autosave_path() -> Path | None:
    """The single autosave file of earlier versions (None: no data folder)."""
    folder = data_dir()
    return None if folder is None else folder / FILENAME


def unfinished_dir() -> Path | None:
    folder = data_dir()
    return None if folder is None else folder / FOLDER


def new_autosave_path(folder: Path | None = None) -> Path | None:
    """A fresh file name for a new game's autosave (None: no data folder)."""
    base = folder or unfinished_dir()
    if base is None:
        return None
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    while True:
        candidate = base / f"game-{stamp}-{secrets.token_hex(3)}.json"
        if not os.path.lexists(candidate):
            return candidate


def to_json(controller: GameController) -> dict[str, object]:
    s = controller.state
    rng_state = controller.rng.getstate()
    return {
        "format": FORMAT,
        "setup": controller.setup.to_json(),
        "moves": [str(m) for m in s.history],
        "drawn": None if s.drawn is None else s.drawn.char,
        "state": s.to_string(),
        "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
        "redraws": "".join(c.char for c in controller.redraws),
        "takebacks": controller.takebacks,
    }


def save(controller: GameController, path: Path | None = None) -> Path:
    """Write the game to ``path`` (default: the old single autosave); an ended
    game removes its file instead."""
    target = path or autosave_path()
    if target is None:
        raise StorageError("no data folder: the game cannot be autosaved")
    if controller.state.is_over:
        clear(target)
        return target
    write_atomic(target, json.dumps(to_json(controller), indent=1) + "\n")
    return target


def clear(path: Path | None = None) -> None:
    """Remove a game's autosave (its game ended, or the person discarded it),
    and this process's lock on it."""
    target = path or autosave_path()
    if target is None:
        return
    try:
        target.unlink()
    except FileNotFoundError:
        pass
    release_game(target)


# -- one window a game ------------------------------------------------------------
LOCKS = "locks"
"""The folder of the data folder holding a lock file for each game being
played (outside ``unfinished/``, which holds the games only)."""

_HELD: dict[Path, int] = {}
"""The games this process plays: lock file -> its open descriptor (held
until the game ends or the process exits, when the system releases it)."""


def lock_path(path: Path) -> Path:
    """The lock file of an autosave: ``locks/NAME.lock`` in the data folder."""
    base = path.parent.parent if path.parent.name == FOLDER else path.parent
    return base / LOCKS / f"{path.name}.lock"


def lock_game(path: Path) -> bool:
    """Take the advisory lock (``fcntl.flock``) of a game's autosave: True if
    this process now holds it (or already did), False if another process
    does (the game is open in another window); True where the system has no
    ``flock``. OSError naming the file if it cannot be taken: ``locks`` is a
    file or cannot be written, the lock file is a folder, or either is a
    symbolic link (never followed: a lock elsewhere locks nothing here).

    A lock file is removed only by its holder, when the game ends; a process
    that opened it just before takes the lock of a removed file, so the lock
    is taken again until the file locked is the one at the path."""
    target = lock_path(path)
    if target in _HELD:
        return True
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, as before
        return True
    _no_link(target.parent)
    target.parent.mkdir(parents=True, exist_ok=True)
    _no_link(target.parent)  # made a link since the check above
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    while True:
        try:
            fd = os.open(target, flags, 0o666)
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise _link_error(target) from None
            raise OSError(err.errno, err.strerror, str(target)) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError as err:
            os.close(fd)
            raise OSError(err.errno, err.strerror, str(target)) from None
        try:
            same = os.stat(target).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            _HELD[target] = fd
            return True
        os.close(fd)  # its holder removed it meanwhile: lock the file now at the path


def _no_link(path: Path) -> None:
    """OSError if ``path`` is a symbolic link (a dangling one too)."""
    if os.path.islink(path):
        raise _link_error(path)


def _link_error(path: Path) -> OSError:
    return OSError(errno.ELOOP, "a symbolic link: a lock is never taken through one", str(path))


def release_game(path: Path) -> None:
    """Give up this process's lock on a game (its game ended): the lock file
    is removed while still locked, then closed."""
    target = lock_path(path)
    fd = _HELD.pop(target, None)
    if fd is None:
        return
    try:
        target.unlink()
    except OSError:
        pass
    os.close(fd)


def played_elsewhere(path: Path) -> Notice:
    """The notice that a game is open in another window, which keeps it."""
    return Notice(
        NoticeKind.IN_USE,
        f"the game in {str(path)!r} is open in another Spoker window: that window keeps its "
        "autosave, this one does not write it (moves made here are not kept)",
        "Open in another window: not autosaved here",
        str(path),
    )


def not_locked(path: Path, err: Exception) -> Notice:
    """The notice that a game's lock cannot be taken (``err`` names the lock
    file), so it is not autosaved: another window could be writing it too."""
    reason = getattr(err, "strerror", None) or str(err)
    where = getattr(err, "filename", None) or str(lock_path(path))
    return Notice(
        NoticeKind.NOT_WRITTEN,
        f"cannot autosave the game in {str(path)!r}: its lock {where!r} cannot be taken ({reason}), and "
        "without it another window playing the game could overwrite it (moves made here are not kept)",
        "Cannot autosave: the game's lock cannot be taken",
        str(path),
    )


@dataclass(frozen=True)
class Summary:
    """What the title screen says about an autosave it offers to resume."""

    names: tuple[str, str]
    move_number: int
    score: tuple[int, int]
    rules: str = ""
    """The rules it is played under, named (:func:`spoker.text.rules_words.named`); "": as written."""

    def text(self) -> str:
        a, b = self.names
        rules = f", rules {self.rules}" if self.rules else ""
        return f"{a} vs {b}, after move {self.move_number}, score {self.score[0]}-{self.score[1]}{rules}"


def load(path: Path | None = None) -> GameController:
    """Rebuild the game: replays the moves and checks the saved state string.

    :class:`~spoker.errors.StorageError` (never another exception) if it cannot."""
    target = path or autosave_path()
    if target is None:
        raise StorageError("no data folder: there is no autosave")
    try:
        data = read_json(target)
    except (OSError, StorageError) as err:
        raise StorageError(f"cannot read the autosave {str(target)!r}: {_reason(err)}", str(target)) from None
    try:
        return _controller(data)
    except (ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError) as err:
        raise StorageError(f"the autosave {str(target)!r} is damaged: {_cut(str(err))}", str(target)) from None


def _reason(err: Exception) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err)
    return str(err)


def _cut(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _controller(data: object) -> GameController:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("unknown format")
    setup = GameSetup.from_json(data["setup"])
    state = GameState(setup.rules)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise ValueError(f"moves {moves!r} are not a list")
    for token in moves:
        state.apply_move(Move.from_str(str(token)))
    drawn = data.get("drawn")
    if drawn is not None:
        state.apply_draw(Colour.from_char(str(drawn)))
    if state.is_over:
        raise ValueError("the game is over: nothing to resume")
    if state.to_string() != data["state"]:
        raise ValueError(f"the moves give {state.to_string()!r}, not {data['state']!r}")
    rng = random.Random()
    rng.setstate(_generator_state(data["rng"]))
    controller = GameController(setup, state, rng)
    controller.redraws, controller.takebacks = _taken_back(data, state)
    return controller


def _taken_back(data: dict[str, object], state: GameState) -> tuple[list[Colour], int]:
    """The balls to draw again and the takebacks so far (none in files of
    earlier versions), checked: the balls must be in the bag, in order."""
    redraws = data.get("redraws", "")
    count = data.get("takebacks", 0)
    if not isinstance(redraws, str) or len(redraws) > 30:
        raise ValueError(f"the balls to draw again {_cut(repr(redraws))} are not up to 30 letters")
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 10**6:
        raise ValueError(f"the takebacks {_cut(repr(count))} are not a count")
    colours = [Colour.from_char(ch) for ch in redraws]
    bag = list(state.bag())
    for colour in colours:
        if bag[colour] <= 0:
            raise ValueError(f"the balls to draw again {redraws!r} are not in the bag")
        bag[colour] -= 1
    return colours, count


def _generator_state(saved: object) -> tuple[int, tuple[int, ...], float | None]:
    """The draw generator's state as saved, checked word by word (setstate
    itself fails with OverflowError or quietly accepts nonsense)."""
    if not (isinstance(saved, list) and len(saved) == 3 and isinstance(saved[1], list)):
        raise ValueError("the draw generator's state is missing")
    version, words, gauss = saved
    if version != 3 or isinstance(version, bool):
        raise ValueError(f"unknown generator version {version!r}")
    if len(words) != MT_WORDS or not all(
        isinstance(w, int) and not isinstance(w, bool) and 0 <= w < 2**32 for w in words
    ):
        raise ValueError("the draw generator's state is not 625 words of 32 bits")
    if not 0 <= words[-1] <= 624:
        raise ValueError(f"bad generator position {words[-1]!r}")
    if gauss is not None and not (isinstance(gauss, float) and math.isfinite(gauss)):
        raise ValueError(f"bad generator state {gauss!r}")
    return (3, tuple(words), gauss)


def peek(path: Path | None = None) -> Summary | None:
    """A summary of a resumable autosave, or None (missing or damaged)."""
    try:
        c = load(path)
    except StorageError:
        return None
    return summary_of(c)


def summary_of(c: GameController) -> Summary:
    return Summary(c.setup.names, c.state.move_number, c.state.score, named(c.setup.rules, c.setup.rules_name))


@dataclass(frozen=True)
class Entry:
    """An unfinished game the title screen offers: its file and its summary."""

    path: Path
    summary: Summary
    saved: float  # when it was last written (seconds since the epoch)

    def text(self) -> str:
        when = datetime.datetime.fromtimestamp(self.saved).strftime("%d %b %H:%M")
        return f"{self.summary.text()} ({when})"


def unfinished(notices: list[Notice] | None = None, set_damaged_aside: bool = True) -> list[Entry]:
    """Every unfinished game in the data folder, the last played first.

    A file that cannot be resumed is moved aside (kept) and a line saying where
    it went is appended to ``notices``; with ``set_damaged_aside`` False it is
    only skipped (a screenshot reads, it never moves a person's files)."""
    folder = unfinished_dir()
    if folder is None:
        return []
    paths = []
    try:
        paths = [p for p in folder.iterdir() if p.name.endswith(".json") and not p.name.startswith(".")]
    except (FileNotFoundError, NotADirectoryError):
        pass
    except OSError as err:
        line = f"cannot list the unfinished games in {str(folder)!r}: {err.strerror or err}"
        _note(notices, Notice(NoticeKind.INFO, line, path=str(folder)))
    legacy = autosave_path()
    if legacy is not None and os.path.lexists(legacy):
        paths.append(legacy)
    entries = []
    for path in paths:
        try:
            controller = load(path)
            saved = path.stat().st_mtime
        except (StorageError, OSError) as err:
            if set_damaged_aside:
                _note(notices, set_aside(path, "an unfinished game's autosave", _why(err)))
            continue
        entries.append(Entry(path, summary_of(controller), saved))
    entries.sort(key=lambda e: (e.saved, e.path.name), reverse=True)
    return entries


def _why(err: Exception) -> str:
    text = str(err)
    return text.split(": ", 1)[1] if text.startswith(("cannot read the autosave", "the autosave")) else text


def _note(notices: list[Notice] | None, notice: Notice) -> None:
    if notices is not None:
        notices.append(notice)
