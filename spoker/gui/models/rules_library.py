"""The rules files of the data folder's ``rules/``: the one place that
finds them (the title screen's choice) and keeps a new one (the
laboratory's "Save as rules file").

A rules file is the person's own text: a damaged one is skipped with a
notice naming it and why, never moved or rewritten, so a file being edited
in another program is left alone.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from spoker.engine.rules import RulesFile
from spoker.errors import SpokerError
from spoker.gui.models.storage import data_dir, write_atomic
from spoker.notices import Notice, NoticeKind
from spoker.records.rules_file import dumps_rules_file, read_rules_file

RULES_FOLDER = "rules"
"""The data folder's sub-folder of rules files."""

MAX_RULES_FILES = 200
"""At most this many files are read (by name): a folder of thousands would
slow the title screen and fill no list a person reads."""


class FoundRules(NamedTuple):
    """A rules file found in the folder: where it is and what it says."""

    path: Path
    rules_file: RulesFile


class Scan(NamedTuple):
    """The readable rules files (by name, then file name) and a notice for
    each file that could not be read."""

    found: tuple[FoundRules, ...]
    notices: tuple[Notice, ...]


def rules_folder(folder: Path | None = None) -> Path | None:
    """The folder of rules files: ``folder/rules``, by default in the data
    folder (None when there is no data folder)."""
    root = data_dir() if folder is None else folder
    return None if root is None else root / RULES_FOLDER


def scan(folder: Path | None = None) -> Scan:
    """Every ``*.toml`` in the rules folder, read with the limits of any
    rules file. A missing folder is an empty scan, not an error."""
    where = rules_folder(folder)
    if where is None:
        return Scan((), ())
    try:
        names = sorted(e.name for e in os.scandir(where) if e.name.lower().endswith(".toml"))
    except (FileNotFoundError, NotADirectoryError):
        return Scan((), ())
    except OSError as err:
        return Scan((), (_unreadable(where, err.strerror or str(err)),))
    found: list[FoundRules] = []
    notices: list[Notice] = []
    for name in names[:MAX_RULES_FILES]:
        path = where / name
        try:
            found.append(FoundRules(path, read_rules_file(path)))
        except SpokerError as err:
            notices.append(_unreadable(path, str(err)))
    found.sort(key=lambda f: (f.rules_file.name, f.path.name))
    return Scan(tuple(found), tuple(notices))


def named(name: str, found: Sequence[FoundRules]) -> FoundRules | None:
    """The first of ``found`` whose rules file is called ``name`` (the one
    the title offers first under that name), or None."""
    return next((f for f in found if name and f.rules_file.name == name), None)


def save(found: RulesFile, folder: Path | None = None) -> Path:
    """Keep ``found`` as ``rules/NAME.toml`` (atomically; an existing file of
    that name is replaced, as a save is); the path written.

    :class:`spoker.errors.NotationError` when the name is not a lower-case
    word (a file's name must not lead out of ``rules/``);
    :class:`spoker.errors.StorageError` when there is no data folder or the
    file cannot be written."""
    from spoker.errors import NotationError, StorageError
    from spoker.plugins import is_name

    if not isinstance(found, RulesFile):
        raise TypeError(f"save({found!r}): expected a RulesFile")
    if not is_name(found.name):
        raise NotationError(f"a rules file's name must be a lower-case word, not {found.name!r}")
    where = rules_folder(folder)
    if where is None:
        raise StorageError("no data folder to keep a rules file in: set SPOKER_HOME to a folder", "")
    path = where / f"{found.name}.toml"
    try:
        write_atomic(path, dumps_rules_file(found))
    except OSError as err:
        raise StorageError(f"cannot write the rules file {str(path)!r}: {err.strerror or err}", str(path)) from None
    return path


def _unreadable(path: Path, reason: str) -> Notice:
    return Notice(NoticeKind.IGNORED, f"the rules file {str(path)!r} is not used: {reason}",
                  f"A rules file ({path.name}) could not be read", str(path))


__all__ = ["MAX_RULES_FILES", "RULES_FOLDER", "FoundRules", "Scan", "named", "rules_folder", "save", "scan"]
