"""The per-user data folder and the JSON files the game keeps in it.

The folder is ``$SPOKER_HOME``, else ``$XDG_DATA_HOME/spoker``, else
``$HOME/.local/share/spoker``; with none of them (a container with an
arbitrary user id and no ``HOME``) there is no folder and the game runs
without autosave or preferences.

Files read from it may be damaged: :func:`read_json` refuses anything but a
small, well-formed JSON document (no ``NaN``/``Infinity``, bounded size and
depth) with :class:`DamagedFileError`, and :func:`set_aside` renames a damaged
file beside itself (``name.damaged-YYYYmmdd-HHMMSS``) so it is kept, never
deleted, and returns the line that tells the person where it went.
"""

from __future__ import annotations

import datetime
import errno
import json
import math
import os
import stat
from pathlib import Path

from spoker.errors import SpokerError
from spoker.records.files import read_bounded, write_text_atomic

MAX_JSON_BYTES = 1024 * 1024  # an autosave is about 10 KB, the preferences less than 1 KB
MAX_JSON_DEPTH = 32  # the files written are 3 levels deep
DAMAGED = ".damaged-"


class DamagedFileError(SpokerError):
    """A data file that exists but cannot be used as it is."""


def data_dir() -> Path | None:
    """$SPOKER_HOME, else $XDG_DATA_HOME/spoker, else $HOME/.local/share/spoker.

    None if none is set: then nothing is saved. A relative $XDG_DATA_HOME or
    $HOME is ignored (the XDG rule), so the folder never depends on where the
    command is started."""
    home = os.environ.get("SPOKER_HOME")
    if home:
        return Path(home).expanduser().absolute()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "spoker"
    user = os.environ.get("HOME")
    if user and os.path.isabs(user):
        return Path(user) / ".local" / "share" / "spoker"
    return None


NO_DATA_DIR = (
    "no home folder ($HOME is not set): autosave and preferences are off; "
    "set SPOKER_HOME to a folder to keep them"
)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, creating its folder if needed.

    A file where a folder of the path should be (``SPOKER_HOME=/dev/null``)
    is NotADirectoryError naming it (the system says only "File exists")."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        raise NotADirectoryError(errno.ENOTDIR, f"{err.filename!r} is a file, not a folder", err.filename) from None
    write_text_atomic(path, text)


def read_json(path: Path, limit: int = MAX_JSON_BYTES) -> object:
    """The JSON document in ``path``.

    FileNotFoundError if there is no such file (nor its folder);
    :class:`DamagedFileError` (never
    anything else) if it cannot be read or is not small, plain JSON."""
    try:
        data = _read_regular(path, limit)
    except FileNotFoundError:
        raise
    except NotADirectoryError:  # a file where a folder of the path should be: no such file
        raise FileNotFoundError(str(path)) from None
    except (OSError, ValueError) as err:
        raise DamagedFileError(_reason(err)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DamagedFileError(f"not UTF-8 text (byte {err.start})") from None
    depth = _depth(text)
    if depth > MAX_JSON_DEPTH:
        raise DamagedFileError(f"nested more than {MAX_JSON_DEPTH} levels deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, too many digits, NaN
        raise DamagedFileError(f"not JSON: {err}") from None


def _read_regular(path: Path, limit: int) -> bytes:
    """The bytes of a regular file; opened without blocking, so a FIFO put in
    the data folder cannot hang the game (it is refused, like a device)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedFileError("not a regular file")
        return read_bounded(f, limit, "this file")


def _reason(err: Exception) -> str:
    if isinstance(err, OSError):
        return err.strerror or str(err)
    return str(err)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a save holds")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999: Python reads it as infinity
        raise ValueError(f"{text[:20]!r} is too large a number")
    return value


def _depth(text: str) -> int:
    """How deeply brackets nest, strings skipped: checked before parsing, as
    the parser recurses and very deep nesting would exhaust Python's stack."""
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def aside_path(path: Path, now: datetime.datetime | None = None) -> Path:
    """A free name beside ``path`` for a damaged copy: ``name.damaged-STAMP[-n]``."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}{DAMAGED}{stamp}")
    n = 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{path.name}{DAMAGED}{stamp}-{n}")
        n += 1
    return candidate


def set_aside(path: Path, what: str, reason: str) -> str:
    """Move a damaged file beside itself (kept, never deleted); the one line
    telling the person what happened and where the file is now."""
    target = aside_path(path)
    try:
        os.rename(path, target)
    except FileNotFoundError:
        return f"{what} {str(path)!r} was damaged ({reason}) and is gone"
    except OSError as err:
        return (f"{what} {str(path)!r} is damaged ({reason}) and cannot be moved aside "
                f"({err.strerror or err}): it is left as it is and not used")
    return f"{what} was damaged ({_short(reason)}): moved to {str(target)!r}"


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
