"""Puzzle files (notation.md, "Puzzles"): one puzzle a line.

A puzzle is ``STATE => CELL[,CELL...] [THEME ...]``: a state string with its
``DRAWN`` field set (the ball to place), the answers (every playable cell
within 0.01 of the best, in cell order) and optional theme words
(``[a-z0-9-]+``). ``#`` starts a comment; blank lines are ignored. A comment
of exactly the form ``# difficulty N`` after a puzzle is its difficulty
(docs/decisions.md, "Puzzles"): any other comment is ignored.

This module reads and writes the lines only; whether a puzzle holds (its
answers are the exact best, by a clear margin) is :mod:`spoker.runs.puzzles`.
"""

from __future__ import annotations

import os
import re
import sysconfig
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from shibumi import Cell
from shibumi.cells import CELL_NAMES
from shibumi.errors import expect
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.errors import NotationError, SpokerError
from spoker.records.files import read_bounded
from spoker.records.inputs import expect_path

ARROW = "=>"
MAX_LINE_CHARS = 4096
"""A longer line is no puzzle (a state string takes under 100 characters)."""
QUOTED_CHARS = 200
"""A bad line is quoted whole up to this length, then cut (with ``...``)."""
_THEME = re.compile(r"[a-z0-9-]+")
_DIFFICULTY = re.compile(r"difficulty ([0-9])")
_CELLS = {name: Cell(i) for i, name in enumerate(CELL_NAMES)}


class Puzzle(NamedTuple):
    """One puzzle: the canonical state string (its ``DRAWN`` field set), the
    answers in cell order, the theme words, and the difficulty if known (how
    many wrong cells the simple players pick: :func:`spoker.runs.puzzles.make`)."""

    state: str
    answers: tuple[Cell, ...]
    themes: tuple[str, ...] = ()
    difficulty: int | None = None

    def game_state(self) -> GameState:
        """The position, with the ball drawn, ready for its placement."""
        return parse_state(self.state)

    def __str__(self) -> str:
        return format_puzzle(self)


def _quoted(line: str) -> str:
    return repr(line if len(line) <= QUOTED_CHARS else line[:QUOTED_CHARS] + "...")


def parse_puzzle(line: str) -> Puzzle | None:
    """A puzzle from a line; None for a blank or comment-only line.

    Raises :class:`NotationError`, quoting the line, when it is not a puzzle:
    no ``=>``, a state string that cannot be read, without a drawn ball or of
    a finished game, an answer that is not a playable cell (or named twice),
    a theme word outside ``[a-z0-9-]+``."""
    if not isinstance(line, str):
        raise NotationError(f"a puzzle line must be text, not {line!r}")
    bad = f"not a puzzle: {_quoted(line)}:"
    if len(line) > MAX_LINE_CHARS:
        raise NotationError(f"{bad} longer than {MAX_LINE_CHARS} characters")
    body, hash_mark, comment = line.partition("#")
    if not body.strip():
        return None
    state_text, arrow, rest = body.partition(ARROW)
    if not arrow:
        raise NotationError(f"{bad} expected 'STATE => CELL[,CELL...] [THEME ...]'")
    if ARROW in rest:
        raise NotationError(f"{bad} '=>' appears more than once")
    if not state_text.isascii() or not rest.isascii():
        raise NotationError(f"{bad} only ASCII text may come before a comment")
    try:
        state = parse_state(state_text.strip())
    except SpokerError as err:
        raise NotationError(f"{bad} {err}") from None
    if state.drawn is None or state.is_over:
        raise NotationError(f"{bad} the state string must have a drawn ball waiting to be placed")
    words = rest.split()
    if not words:
        raise NotationError(f"{bad} no answer after '=>'")
    answers: list[Cell] = []
    playable = state.playable_mask
    for name in words[0].split(","):
        cell = _CELLS.get(name.upper())
        if cell is None:
            raise NotationError(f"{bad} answer {name!r} is not a cell name such as '1A1'")
        if not playable >> int(cell) & 1:
            raise NotationError(f"{bad} answer {name!r} is not a playable cell")
        if cell in answers:
            raise NotationError(f"{bad} answer {name!r} is named twice")
        answers.append(cell)
    themes = words[1:]
    for word in themes:
        if not _THEME.fullmatch(word):
            raise NotationError(f"{bad} theme {word!r} is not a word of a-z, 0-9 and '-'")
    found = _DIFFICULTY.fullmatch(comment.strip()) if hash_mark else None
    difficulty = int(found.group(1)) if found else None
    return Puzzle(state.to_string(), tuple(sorted(answers)), tuple(themes), difficulty)


def format_puzzle(puzzle: Puzzle) -> str:
    """The puzzle's line: answers in cell order, then its themes, then its
    difficulty as a ``# difficulty N`` comment when known."""
    expect(puzzle, Puzzle, "puzzle")
    line = f"{puzzle.state} {ARROW} {','.join(str(c) for c in sorted(puzzle.answers))}"
    if puzzle.themes:
        line += " " + " ".join(puzzle.themes)
    if puzzle.difficulty is not None:
        line += f" # difficulty {puzzle.difficulty}"
    return line


class PuzzleLine(NamedTuple):
    """A puzzle read from a file, with where it stands."""

    puzzle: Puzzle
    file: str
    line: int


def parse_puzzles(text: str, name: str = "<text>") -> list[PuzzleLine]:
    """Every puzzle of a file's text; :class:`NotationError` names the file and
    the line number of the first line that is not a puzzle."""
    expect(text, str, "text")
    found: list[PuzzleLine] = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            puzzle = parse_puzzle(line)
        except NotationError as err:
            raise NotationError(f"{name}: line {number}: {err}") from None
        if puzzle is not None:
            found.append(PuzzleLine(puzzle, name, number))
    return found


def read_puzzles(path: str | os.PathLike[str]) -> list[PuzzleLine]:
    """Every puzzle of a file, read whole but bounded (the input size limit,
    no binary data, UTF-8); OSError as ``open`` raises it."""
    expect_path(path)
    name = os.fsdecode(path)
    with open(path, "rb") as f:
        try:
            data = read_bounded(f, what="a puzzle file", text=True)
        except SpokerError as err:
            raise NotationError(f"{name}: {err}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise NotationError(f"{name}: not UTF-8 text (byte {err.start})") from None
    return parse_puzzles(text, name)


# -- the project's own puzzles -------------------------------------------------------
SHIPPED_DATA = ("share", "spoker", "puzzles")
"""Where an installation puts ``assets/puzzles/*.txt`` under its data folder
(pyproject.toml's ``[tool.setuptools.data-files]``): outside the package, as
``assets/`` is outside it in the source tree."""


def shipped_puzzle_files() -> list[Path]:
    """The project's own puzzle files, in name order: ``assets/puzzles/`` of
    the source tree when this module runs from one (a checkout, an editable
    install), else the copies an installation put in its data folder (found
    through the distribution's file list, so a ``--user`` or ``--prefix``
    install is found too). Empty when neither is there."""
    tree = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
    if tree.is_dir():
        return sorted(tree.glob("*.txt"))
    return installed_puzzle_files()


def installed_puzzle_files() -> list[Path]:
    """The installation's copies of the shipped puzzle files (see :func:`shipped_puzzle_files`)."""
    found: set[Path] = set()
    try:
        dist = metadata.distribution("spoker")
    except metadata.PackageNotFoundError:
        dist = None
    for entry in (dist.files or []) if dist is not None else []:
        if entry.parts[-4:-1] == SHIPPED_DATA and entry.name.endswith(".txt"):
            found.add(Path(str(dist.locate_file(entry))).resolve())  # type: ignore[union-attr]
    folder = Path(sysconfig.get_path("data")).joinpath(*SHIPPED_DATA)  # an install without a file list
    if not found and folder.is_dir():
        found.update(folder.glob("*.txt"))
    return sorted((f for f in found if f.is_file()), key=lambda f: f.name)


__all__ = [
    "SHIPPED_DATA", "Puzzle", "PuzzleLine", "format_puzzle", "installed_puzzle_files",
    "parse_puzzle", "parse_puzzles", "read_puzzles", "shipped_puzzle_files",
]
