"""Rule sets from the command line and from rules files (notation.md, "Rule
sets"): the one reader of every ``--rules`` value.

A value ending in ``.toml`` is a rules file, read with the limits of any
input (a regular file, at most :data:`MAX_RULES_BYTES`, text without NUL
bytes, UTF-8, then TOML); its keys become a rule set in
:func:`spoker.engine.rules.rules_from_table`, the one place that reads
them. Any other value is a list of items (:meth:`RuleSet.parse`).
"""

from __future__ import annotations

import os

from shibumi.errors import shown
from spoker.engine.rules import RuleSet, RulesFile, rules_from_table
from spoker.errors import NotationError, StorageError

MAX_RULES_BYTES = 64 * 1024
"""A rules file holds a dozen short keys: anything larger is not one."""


def is_rules_path(value: str) -> bool:
    """Whether a ``--rules`` value names a rules file (it ends in ``.toml``)."""
    return isinstance(value, str) and value.strip().lower().endswith(".toml")


def read_rules_file(path: str | os.PathLike[str]) -> RulesFile:
    """The rules file at ``path``: its name, summary and rule set.

    :class:`StorageError` if it cannot be read (missing, a folder, ...),
    :class:`NotationError` naming the file if it is too large, binary, not
    UTF-8 or not TOML, or if a key is unknown, of a wrong type or invalid."""
    import tomllib  # only for a file: a list of items starts no sooner for it

    from spoker.records.files import open_regular, read_bounded

    name = os.fspath(path)
    try:
        with open_regular(name) as f:
            data = read_bounded(f, MAX_RULES_BYTES, "a rules file", text=True)
    except NotationError as err:
        raise NotationError(f"rules file {name!r}: {err}") from None
    except StorageError:
        if os.path.isdir(name):
            raise StorageError(f"{name!r} is a folder, not a rules file", name) from None
        raise
    except FileNotFoundError:
        raise StorageError(f"rules file {name!r}: no such file", name) from None
    except OSError as err:
        raise StorageError(f"cannot read the rules file {name!r}: {err.strerror or err}", name) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise NotationError(f"rules file {name!r}: not UTF-8 text (byte {err.start})") from None
    try:
        table = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        raise NotationError(f"rules file {name!r}: not TOML ({err})") from None
    return rules_from_table(table, repr(name))


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's for the
    printable one-line texts a rules file holds)."""
    import json

    return json.dumps(text, ensure_ascii=False)


def dumps_rules_file(found: RulesFile) -> str:
    """The rules file text naming ``found`` (notation.md, "Rules files"):
    every key, in the spec's order, so reading it back gives the same name,
    summary and rule set (:func:`read_rules_file`)."""
    if not isinstance(found, RulesFile):
        raise TypeError(f"dumps_rules_file({shown(found)}): expected a RulesFile")
    rules = found.rules

    def names(values: tuple[str, ...]) -> str:
        return "[" + ", ".join(_toml_string(v) for v in values) + "]"

    lines = [
        f"name = {_toml_string(found.name)}",
        f"summary = {_toml_string(found.summary)}",
        f"visibility = {_toml_string(rules.visibility)}",
        f"apex_free = {'true' if rules.apex_free else 'false'}",
        f"lines = {_toml_string(rules.lines)}",
        f"off = {names(rules.off)}",
        f"order = {names(rules.order)}",
        f"tie = {_toml_string(rules.tie)}",
        "bag = [" + ", ".join(str(n) for n in rules.bag) + "]",
        f"variants = {names(rules.variants)}",
    ]
    return "\n".join(lines) + "\n"


def read_rules(value: str) -> RulesFile | RuleSet:
    """A ``--rules`` value: the rules file it names (``*.toml``) or the rule
    set its items name; one-line errors either way."""
    if not isinstance(value, str):
        raise NotationError(f"rules must be text, not {shown(value)}")
    if is_rules_path(value):
        return read_rules_file(value.strip())
    try:
        return RuleSet.parse(value)
    except NotationError as err:
        raise _not_items(value, err) from None


TAKES = "--rules takes items such as 'touching, tie=none' or a FILE.toml"
"""What a ``--rules`` value is, told to a person who gave something else."""


def _not_items(value: str, err: NotationError) -> NotationError | StorageError:
    """The error for a ``--rules`` value that is no rule set: a folder, a
    file without ``.toml`` or a path to nothing is told as such (a person
    who gave one meant a file, not a variant); a single unknown word is the
    items' error, saying a FILE.toml would do too; anything else, as it was."""
    name = value.strip()
    if os.path.isdir(name):
        return StorageError(f"{name!r} is a folder, not a rules file: {TAKES}", name)
    if os.path.exists(name):
        return StorageError(f"{name!r} is not a rules file (a rules file's name ends in .toml)", name)
    if any(mark in name for mark in _PATH_MARKS) or name.startswith(("~", ".")):
        return StorageError(f"{name!r}: no such file, nor a rule set: {TAKES}", name)
    if "," not in name and "=" not in name:
        return NotationError(f"{err}, items such as 'lines=in-level', or a FILE.toml")
    return err


_PATH_MARKS = tuple({"/", os.sep, os.altsep or "/"})
"""What no item holds but a path does."""


def rules_of(value: str) -> RuleSet:
    """The rule set a ``--rules`` value names (items, or a rules file)."""
    read = read_rules(value)
    return read.rules if isinstance(read, RulesFile) else read


__all__ = ["MAX_RULES_BYTES", "TAKES", "dumps_rules_file", "is_rules_path", "read_rules", "read_rules_file", "rules_of"]
