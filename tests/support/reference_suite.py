"""A slow, plain reference runner of group test suites, from notation.md alone.

Nothing here imports :mod:`shibumi` or :mod:`spoker`: it reads a case line with
its own small parser and answers it with :mod:`reference_rules`. The tests
hold :mod:`spoker.records.suite` against it, and ``scripts/make_suites.py`` computes
the shipped suites' answers with it.

Decisions it shares with the engine (docs/decisions.md, "Group test suites"):
fields are separated by ASCII white space; keywords, ranks, cells, colours and
boards are read in either case; a line is a case when it has ``=>`` once, two
or three fields before it, a known RULES value and a well-formed EXPECT; a
board or move that cannot be read is a refusal (``error``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from support import reference_rules as ref

RANK_NAMES = ref.RANKS
LEVEL_SIZES = (16, 9, 4, 1)
_WS = re.compile("[ \t\r\n\x0b\x0c]+")


class NotACase(Exception):
    """The line is not a case (the runner stops with status 2)."""


@dataclass(frozen=True)
class RefCase:
    board: str
    move: str
    touching: bool
    apex_free: bool
    kind: str  # none, error or group
    rank: str | None = None
    level: int = 0
    cells: frozenset[str] | None = None


def _words(text: str) -> list[str]:
    return [w for w in _WS.split(text) if w]


def _printable_ascii(text: str) -> bool:
    return all(" " <= ch <= "~" for ch in text)


def parse_line(line: str) -> RefCase | None:
    """A case, None for a blank or comment line; NotACase otherwise."""
    body = line.split("#", 1)[0]
    if not _words(body):
        return None
    if body.count("=>") != 1:
        raise NotACase(line)
    left, right = body.split("=>")
    fields = _words(left)
    if len(fields) not in (2, 3):
        raise NotACase(line)
    touching, apex_free = False, False
    if len(fields) == 3:
        names = fields[2].lower().split(",")
        if not _printable_ascii(fields[2]) or any(
            n not in ("visible", "touching", "apex-free") for n in names
        ):
            raise NotACase(line)
        if "visible" in names and "touching" in names:
            raise NotACase(line)
        touching = "touching" in names
        apex_free = "apex-free" in names
    words = _words(right)
    if not words:
        raise NotACase(line)
    head = words[0].lower() if words[0].isascii() else words[0]
    if head in ("none", "error"):
        if len(words) != 1:
            raise NotACase(line)
        return RefCase(fields[0], fields[1], touching, apex_free, head)
    match = re.fullmatch(r"([a-z_]+)@([1-4])", head)
    if not match or match.group(1) not in RANK_NAMES:
        raise NotACase(line)
    cells = None
    if len(words) > 1:
        names = [w.upper() for w in words[1:] if w.isascii()]
        if len(names) != len(words) - 1 or any(n not in ref.SPOT for n in names):
            raise NotACase(line)
        if len(set(names)) != len(names):
            raise NotACase(line)
        cells = frozenset(names)
    return RefCase(
        fields[0], fields[1], touching, apex_free, "group", match.group(1), int(match.group(2)), cells
    )


def read_board(text: str) -> dict[str, str] | None:
    """The board of a board string, or None when it is not a valid one."""
    if not _printable_ascii(text):
        return None
    parts = text.split("/")
    if len(parts) != 4 or tuple(len(p) for p in parts) != LEVEL_SIZES:
        return None
    board = {}
    for name, ch in zip(ref.CELL_NAMES, "".join(parts).upper()):
        if ch == ".":
            continue
        if ch not in ref.COLOURS:
            return None
        board[name] = ch
    if any(not all(p in board for p in ref.platform(c)) for c in board):
        return None
    if any(list(board.values()).count(k) > ref.BALLS_PER_COLOUR for k in ref.COLOURS):
        return None
    return board


def read_move(board: dict[str, str], text: str) -> tuple[str, str] | None:
    """(colour, cell) of a legal move, or None when it is refused."""
    if not _printable_ascii(text) or text.count("@") != 1:
        return None
    colour, cell = text.upper().split("@")
    if len(colour) != 1 or colour not in ref.COLOURS:
        return None
    if cell not in ref.SPOT:
        # A point without its level: the lowest empty cell at that point.
        stack = [c for c in ref.CELL_NAMES if c[1:] == cell]
        empty = [c for c in stack if c not in board]
        if not empty:
            return None
        cell = empty[0]
    if cell in board or not all(p in board for p in ref.platform(cell)):
        return None
    if list(board.values()).count(colour) >= ref.BALLS_PER_COLOUR:
        return None
    return colour, cell


@dataclass(frozen=True)
class Answer:
    kind: str  # none, error or group
    rank: str | None = None
    level: int = 0
    best: tuple[frozenset[str], ...] = ()  # the cells of every best group (equal strength)


def answer(board_text: str, move_text: str, touching: bool, apex_free: bool) -> Answer:
    """What a ball placed on a normal turn forms (the apex ruling applied)."""
    board = read_board(board_text)
    move = read_move(board, move_text) if board is not None else None
    if board is None or move is None:
        return Answer("error")
    colour, cell = move
    after = dict(board)
    after[cell] = colour
    counting = [g for g in ref.groups_with(after, cell) if touching or g.visible]
    if not counting:
        return Answer("none")
    top = max(g.strength for g in counting)
    best = [g for g in counting if g.strength == top]
    rank, level = best[0].rank, best[0].top_level
    if cell == ref.APEX and not apex_free and rank != "straight_flush":
        return Answer("none")
    return Answer("group", rank, level, tuple(frozenset(g.cells) for g in best))


def passes(case: RefCase) -> bool:
    got = answer(case.board, case.move, case.touching, case.apex_free)
    if got.kind != case.kind:
        return False
    if got.kind != "group":
        return True
    if (got.rank, got.level) != (case.rank, case.level):
        return False
    return case.cells is None or case.cells in got.best


def expect_text(got: Answer, cells: frozenset[str] | None = None) -> str:
    """An answer in EXPECT syntax (``cells``: which best group, default the first)."""
    if got.kind != "group":
        return got.kind
    chosen = cells if cells is not None else got.best[0]
    return f"{got.rank}@{got.level} " + " ".join(sorted(chosen))
