"""The per-user data folder and the JSON files the game keeps in it.

The folder is ``$SPOKER_HOME``, else ``$XDG_DATA_HOME/spoker``, else
``$HOME/.local/share/spoker``; with none of them (a container with an
arbitrary user id and no ``HOME``) there is no folder and the game runs
without autosave or preferences.

Files read from it may be damaged: :func:`read_json` refuses anything but a
small, well-formed JSON document (no ``NaN``/``Infinity``, bounded size and
depth) with :class:`~spoker.errors.StorageError`, and :func:`set_aside`
renames a damaged file beside itself (``name.damaged-YYYYmmdd-HHMMSS``) so it
is kept, never deleted, and returns the :class:`~spoker.notices.Notice` that
tells the person where it went.

Links: nothing below the data folder is followed through a symbolic link
(:func:`inside_data_folder`; docs/decisions.md, "Links in the data folder").
A link where a kept file should be is read as damage: set aside (the link
itself is renamed, its target is never touched) with one notice, and a
regular file is written in its place. The data folder itself may be a link:
where it is, is the person's choice.
"""

from __future__ import annotations

import datetime
import errno
import json
import math
import os
from pathlib import Path

from spoker.errors import StorageError
from spoker.notices import Notice, NoticeKind
from spoker.records.files import open_regular, read_bounded, write_text_atomic

MAX_JSON_BYTES = 1024 * 1024  # an autosave is about 10 KB, the preferences less than 1 KB
MAX_JSON_DEPTH = 32  # the files written are 3 levels deep
DAMAGED = ".damaged-"


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


def inside_data_folder(path: Path, folder: Path | None = None) -> Path:
    """``path``, checked to be a place in the data folder ``folder`` (by
    default :func:`data_dir`) reached without a symbolic link: every part of
    it below the folder that exists is a real folder or file, never a link
    (a dangling one included), so what is written there stays in the folder.

    :class:`~spoker.errors.StorageError` (``path``: the link or the path)
    otherwise; a part that does not exist yet is fine (it is made as a folder
    or file, not followed)."""
    root = folder if folder is not None else data_dir()
    if root is None:
        raise StorageError(f"{str(path)!r}: there is no data folder", str(path))
    try:
        rest = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
    except ValueError:
        raise StorageError(f"{str(path)!r} is not in the data folder {str(root)!r}", str(path)) from None
    here = Path(os.path.abspath(root))
    for part in rest.parts:
        here = here / part
        if os.path.islink(here):
            raise StorageError(f"{str(here)!r} is a symbolic link: not followed out of the data folder",
                               str(here))
        if not os.path.lexists(here):
            break
    return path


def make_folder(folder: Path) -> None:
    """Create ``folder`` and its parents if needed. A file where a folder of
    the path should be (``SPOKER_HOME=/dev/null``) is NotADirectoryError
    naming it (the system says only "File exists")."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        raise NotADirectoryError(errno.ENOTDIR, f"{err.filename!r} is a file, not a folder", err.filename) from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, creating its folder if needed.

    A file where a folder of the path should be (``SPOKER_HOME=/dev/null``)
    is NotADirectoryError naming it (the system says only "File exists").
    A symbolic link at ``path`` is refused (:class:`StorageError`), never
    written through."""
    make_folder(path.parent)
    if os.path.islink(path):
        raise StorageError(f"{str(path)!r} is a symbolic link: not written through", str(path))
    write_text_atomic(path, text)


def read_json(path: Path, limit: int = MAX_JSON_BYTES) -> object:
    """The JSON document in ``path``.

    FileNotFoundError if there is no such file (nor its folder);
    :class:`StorageError` (never anything else) if it cannot be read, is not
    a regular file (a symbolic link included: never followed) or is not
    small, plain JSON."""
    try:
        with open_regular(path, no_links=True) as f:
            data = read_bounded(f, limit, "this file")
    except FileNotFoundError:
        raise
    except NotADirectoryError:  # a file where a folder of the path should be: no such file
        raise FileNotFoundError(str(path)) from None
    except StorageError as err:
        raise StorageError(_what_it_is(err), str(path)) from None
    except (OSError, ValueError) as err:
        raise StorageError(_reason(err), str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise StorageError(f"not UTF-8 text (byte {err.start})", str(path)) from None
    depth = _depth(text)
    if depth > MAX_JSON_DEPTH:
        raise StorageError(f"nested more than {MAX_JSON_DEPTH} levels deep", str(path))
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, too many digits, NaN
        raise StorageError(f"not JSON: {err}", str(path)) from None


def _what_it_is(err: StorageError) -> str:
    """open_regular's refusal without the path (the notice names the file)."""
    text, named = str(err), f"{err.path!r} "
    return text[len(named):] if err.path is not None and text.startswith(named) else text


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


def set_aside(path: Path, what: str, reason: str) -> Notice:
    """Move a damaged file beside itself (kept, never deleted; a symbolic
    link is renamed itself, its target untouched); the notice telling the
    person what happened and where the file is now (kind SET_ASIDE, its short
    form naming the new name inside the data folder)."""
    target = aside_path(path)
    try:
        os.rename(path, target)
    except FileNotFoundError:
        return Notice(NoticeKind.SET_ASIDE, f"{what} {str(path)!r} was damaged ({_short(reason)}) and is gone",
                      f"A damaged file ({path.name}) is gone", str(path))
    except OSError as err:
        return Notice(NoticeKind.SET_ASIDE,
                      f"{what} {str(path)!r} is damaged ({_short(reason)}) and cannot be moved aside "
                      f"({err.strerror or err}): it is left as it is and not used",
                      f"A damaged file ({path.name}) is left as it is", str(path))
    return Notice(NoticeKind.SET_ASIDE, f"{what} was damaged ({_short(reason)}): moved to {str(target)!r}",
                  f"A damaged file was kept as {_in_folder(target)!r}", str(target))


def _in_folder(path: Path) -> str:
    """``path`` relative to the data folder when it is in it (the screen's
    short form), else whole."""
    root = data_dir()
    if root is not None:
        try:
            return str(Path(os.path.abspath(path)).relative_to(os.path.abspath(root)))
        except ValueError:
            pass
    return str(path)


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
