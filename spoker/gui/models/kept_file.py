"""One JSON file of the data folder, kept: the one place for the policy every
such file follows (the preferences, the lessons' and the puzzles' progress,
the puzzles from the person's games, the kept analyses).

- **Read** bounded, plain JSON (:func:`spoker.gui.models.storage.read_json`),
  then checked by the caller's ``parse``, which returns the usable part and
  what was wrong ("" if nothing), or raises
  :class:`~spoker.errors.StorageError` when nothing is usable. A file that is
  not there is the empty value; anything else, ``null`` and a symbolic link
  included, is damage.
- **Damage** is set aside (renamed beside itself, never deleted) with one
  notice; the usable part is still used. A damaged file that cannot be moved
  is never written over (told once, then left alone).
- **Written** atomically, with the caller's ``merge`` of what is on disk and
  what this window has, all under an exclusive lock on a sidecar
  ``NAME.lock``: two windows or processes on one data folder never lose each
  other's entries.
- **A failed write** is one notice, told again only after a write succeeded.

Notices are :class:`~spoker.notices.Notice` objects, taken once with
:meth:`KeptFile.take_notices`. No arcade here.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, TypeVar

from spoker.errors import StorageError
from spoker.gui.models.storage import (
    MAX_JSON_BYTES,
    make_folder,
    read_json,
    set_aside,
    write_atomic,
)
from spoker.notices import Notice, NoticeKind

T = TypeVar("T")

LOCK_SUFFIX = ".lock"
"""The sidecar a kept file is locked by: ``settings.json.lock`` beside
``settings.json`` (never the file itself, which a write replaces)."""


class KeptFile(Generic[T]):
    """The JSON file ``path`` (None: nothing is kept, this session only).

    ``what`` names it in notices ("the lessons' progress file");
    ``parse(json) -> (value, what was wrong)`` reads it, ``text(value)`` writes
    it, ``empty()`` is the value of no file. ``writable`` False (a screenshot,
    a read-only viewer) reads and never changes anything on disk."""

    def __init__(
        self, path: Path | None, what: str, parse: Callable[[object], tuple[T, str]],
        text: Callable[[T], str], empty: Callable[[], T], *, limit: int = MAX_JSON_BYTES,
        writable: bool = True,
    ) -> None:
        self.path = path
        self.what = what
        self.parse = parse
        self.text = text
        self.empty = empty
        self.limit = limit
        self.writable = writable
        self._notices: list[Notice] = []
        self._write_failed = False
        self._held = False  # a damaged file stayed in place: never written over

    # -- reading -----------------------------------------------------------------
    def read(self) -> T:
        """What the file holds (its usable part); damage set aside, told once."""
        if self.path is None:
            return self.empty()
        value, bad, _ = self._load()
        if bad:
            # Again under the lock (another window may have just written it),
            # and set aside under it; a read-only store takes no lock (it
            # would make the lock file).
            with self._locked(required=False) if self.writable else contextlib.nullcontext():
                value, bad, _ = self._load()
                if bad:
                    self._damaged(bad)
        return value

    def _load(self) -> tuple[T, str, bool]:
        """The file's usable value, what was wrong ("" if nothing), and
        whether anything was usable (False: no file, or nothing to merge)."""
        assert self.path is not None
        try:
            data = read_json(self.path, self.limit)
        except FileNotFoundError:
            return self.empty(), "", False
        except StorageError as err:
            return self.empty(), str(err), False
        try:
            value, bad = self.parse(data)
        except StorageError as err:
            return self.empty(), str(err), False
        return value, bad, True

    def _damaged(self, reason: str) -> None:
        assert self.path is not None
        if not self.writable:
            self._note(Notice(NoticeKind.SET_ASIDE, f"{self.what} {str(self.path)!r} is damaged ({reason}): not used",
                              f"A damaged file ({self.path.name}) is not used", str(self.path)))
            self._held = True
            return
        self._note(set_aside(self.path, self.what, reason))
        self._held = os.path.lexists(self.path)  # it could not be moved: never write over it

    # -- writing -----------------------------------------------------------------
    def keep(self, value: T, merge: Callable[[T, T], T] | None = None) -> T:
        """Write ``value``, first merged with what the file holds now
        (``merge(on_disk, value)``; None: ``value`` replaces it), all under
        the file's lock. Returns what was written (``value`` itself when
        nothing is written). Never raises for the file: a failure is one
        notice."""
        if self.path is None or not self.writable or self._held:
            return value
        try:
            with self._locked(required=True):
                disk, bad, usable = self._load()
                if bad:
                    self._damaged(bad)  # its usable part is merged still
                if self._held:
                    return value
                if merge is not None and usable:  # nothing on disk: this window's value as it is
                    value = merge(disk, value)
                write_atomic(self.path, self.text(value))
        except (OSError, StorageError) as err:
            if not self._write_failed:
                reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
                self._note(Notice(NoticeKind.NOT_WRITTEN, f"cannot keep {self.what} in {str(self.path)!r}: {reason}",
                                  f"Cannot keep {self.what}: {reason}", str(self.path)))
            self._write_failed = True
        else:
            self._write_failed = False
        return value

    @contextlib.contextmanager
    def _locked(self, required: bool) -> Iterator[None]:
        """Hold the exclusive lock of the file (blocking until the other
        window is done). Not ``required`` (a read): without the lock if it
        cannot be taken (a read-only folder)."""
        assert self.path is not None
        lock = self.path.with_name(self.path.name + LOCK_SUFFIX)
        try:
            make_folder(self.path.parent)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                         | getattr(os, "O_CLOEXEC", 0), 0o666)
        except OSError:
            if required:
                raise
            yield
            return
        try:
            _lock(fd)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    # -- notices -------------------------------------------------------------------
    def _note(self, notice: Notice) -> None:
        self._notices.append(notice)

    @property
    def notices(self) -> list[Notice]:
        """The notices not yet told, left to tell."""
        return list(self._notices)

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        out, self._notices = self._notices, []
        return out


def _lock(fd: int) -> None:
    """An exclusive lock on the open file ``fd``, waiting for it: ``flock``
    (POSIX); on Windows ``msvcrt.locking`` of the first byte, which gives up
    after ten seconds, so it is asked again until it is had."""
    if sys.platform == "win32":
        import msvcrt

        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX)


__all__ = ["LOCK_SUFFIX", "KeptFile"]
