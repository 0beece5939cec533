"""What every reader of outside input checks first: the size limit and the
file name. Kept apart from :mod:`spoker.records.record` (which imports the whole
engine) so that the command line's readers can use them and start at once
(``bench/startup.py``)."""

from __future__ import annotations

import os

from shibumi.errors import expect, shown
from spoker.errors import SpokerError

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest input read whole (a record file, stdin) or line by line (a
batch line): a full game's record takes about 2 KB, so anything longer is
refused before it fills the memory."""


_UNITS = ((1024 * 1024, "MB"), (1024, "KB"))


def size_in_words(size: int) -> str:
    """``size`` bytes in the largest unit that holds at least one ("64 KB",
    "16 MB", "900 bytes"), to a tenth rounded down: a file "more than" a
    limit is more than what this says of it, never less (64 KB is not "0 MB")."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise TypeError(f"size {shown(size)}: expected a whole number of bytes")
    for unit, name in _UNITS:
        if size >= unit:
            whole, tenths = divmod(size * 10 // unit, 10)
            return f"{whole}.{tenths} {name}" if tenths else f"{whole} {name}"
    return "1 byte" if size == 1 else f"{size} bytes"


def expect_path(path: object) -> None:
    """A file name: text or a path object (an int would be an open file
    descriptor, closed afterwards; None would become a file named 'None'),
    and not empty (it would stand for the current folder), without a NUL
    character (no system takes one: open() would raise ValueError)."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path {shown(path)}: expected a file name (str or os.PathLike)")
    name = os.fspath(path)
    if not name:
        raise SpokerError("path '': the file name is empty")
    if ("\0" if isinstance(name, str) else b"\0") in name:  # the system's calls would raise ValueError
        raise SpokerError(f"path {shown(name)}: a file name cannot hold a NUL character")


SEED_LIMIT = 2**64
"""Seeds are whole numbers from 0 to 2^64-1 (a record's ``Seed`` header, ``--seed``, the title screen, a save)."""


def read_seed(text: str) -> int | None:
    """A ``Seed`` header's value as a seed; None for anything but a whole
    number from 0 to 2^64-1 in ASCII digits (not ``²``, not 5000 digits)."""
    expect(text, str, "seed")
    text = text.strip()
    if not (0 < len(text) <= 20 and text.isascii() and text.isdigit()):
        return None
    seed = int(text)
    return seed if seed < SEED_LIMIT else None


READ_CHUNK = 1 << 16
"""Inputs are read this much at a time, so binary data (``/dev/zero``) is
refused after its first chunk, not after 16 MB."""


def check_text(data: bytes, offset: int = 0, what: str = "a record") -> None:
    """:class:`~spoker.errors.NotationError` if ``data`` (read from byte ``offset`` of an input
    on) holds a NUL byte: no text input of Spoker does, so it is binary data
    (an image, ``/dev/zero``), refused at once, naming where it starts."""
    at = data.find(0)
    if at >= 0:
        from spoker.errors import NotationError

        raise NotationError(f"a NUL byte at byte {offset + at}: binary data, not {what}")


__all__ = ["MAX_INPUT_BYTES", "READ_CHUNK", "SEED_LIMIT", "check_text", "expect_path", "read_seed", "size_in_words"]
