"""What every reader of outside input checks first: the size limit and the
file name. Kept apart from :mod:`spoker.record` (which imports the whole
engine) so that the command line's readers can use them and start at once
(``bench/startup.py``)."""

from __future__ import annotations

import os

from shibumi.errors import shown
from spoker.errors import SpokerError

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest input read whole (a record file, stdin) or line by line (a
batch line): a full game's record takes about 2 KB, so anything longer is
refused before it fills the memory."""


def expect_path(path: object) -> None:
    """A file name: text or a path object (an int would be an open file
    descriptor, closed afterwards; None would become a file named 'None'),
    and not empty (it would stand for the current folder)."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path {shown(path)}: expected a file name (str or os.PathLike)")
    if not os.fspath(path):
        raise SpokerError("path '': the file name is empty")


__all__ = ["MAX_INPUT_BYTES", "expect_path"]
