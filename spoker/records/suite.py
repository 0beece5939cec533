"""Group test suites (notation.md, "Group test suites"): one case a line.

A case is ``BOARD MOVE [RULES] => EXPECT``: place MOVE's ball on BOARD as a
normal turn (the apex ruling applies) and compare its best counting group
under RULES with EXPECT, which is ``none``, ``error`` (the query must be
refused), ``RANK@LEVEL`` or ``RANK@LEVEL CELL CELL ...``.

What makes a line a case is its shape: the ``=>``, two or three fields before
it, a rules value and a well-formed EXPECT. BOARD and MOVE are the query under
test: a board or move that cannot be read is a refusal (``error``), exactly as
an unplayable cell or a colour no longer in the bag is (docs/decisions.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO, NamedTuple

from shibumi import Board, Cell, ShibumiError, parse_board
from shibumi.cells import CELL_NAMES
from spoker.engine.groups import Group, Rank, group_of, groups_at, standing, strength
from spoker.engine.judging import PATTERNS, visible
from spoker.engine.moves import Move
from spoker.engine.refusals import board_refusal
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.errors import IllegalActionError, NotationError, SpokerError, StorageError
from spoker.records.files import open_regular
from spoker.records.inputs import check_text, expect_path, size_in_words

if TYPE_CHECKING:
    from pathlib import Path  # in annotations only: pathlib takes as long to import as this module

ARROW = "=>"
NONE = "none"
ERROR = "error"
MAX_LINE_BYTES = 65536
"""A longer line is not a case (a damaged or hostile file): read_suite stops."""

_SEPARATORS = " \t\r\n\x0b\x0c"
"""Fields are separated by runs of ASCII white space only."""
_RANKS = {r.key: r for r in Rank}
_CELLS = {name: Cell(i) for i, name in enumerate(CELL_NAMES)}
_LEVELS = {"1": 1, "2": 2, "3": 3, "4": 4}


_SPLIT = re.compile("[" + _SEPARATORS + "]+").split


def _fields(text: str) -> list[str]:
    """``text`` split at runs of ASCII white space (never at other spaces)."""
    return [f for f in _SPLIT(text) if f]


def _plain(text: str) -> bool:
    """Printable ASCII only: what a board, move or rules field may hold (the
    readers under them would quietly strip other white space)."""
    return text.isascii() and text.isprintable()


# Named tuples rather than dataclasses: importing ``dataclasses`` costs a
# command-line start about 8 ms (bench/startup.py).
class Expectation(NamedTuple):
    """A parsed EXPECT: ``kind`` is ``none``, ``error`` or ``group``; a group
    expectation has a rank, a top level and optionally exact cells."""

    kind: str
    rank: Rank | None = None
    level: int = 0
    cells: frozenset[Cell] | None = None

    def __str__(self) -> str:
        if self.kind != "group":
            return self.kind
        assert self.rank is not None
        head = f"{self.rank.key}@{self.level}"
        if self.cells is None:
            return head
        return " ".join([head, *sorted(str(c) for c in self.cells)])


def parse_expect(text: str) -> Expectation:
    """Parse an EXPECT (any case); :class:`NotationError` says what is wrong."""
    words = _fields(text)
    text = " ".join(words)  # quoted in messages as read, without the padding
    if not words:
        raise NotationError(f"empty expectation {text!r}: expected none, error or RANK@LEVEL")
    head = words[0].lower() if words[0].isascii() else words[0]
    if head in (NONE, ERROR):
        if len(words) > 1:
            raise NotationError(f"expectation {text!r}: nothing may follow {head!r}")
        return Expectation(head)
    rank_text, at, level_text = head.partition("@")
    rank = _RANKS.get(rank_text)
    if not at or rank is None:
        raise NotationError(
            f"expectation {text!r}: {words[0]!r} is not none, error or RANK@LEVEL "
            "(RANK one of " + ", ".join(_RANKS) + ")"
        )
    level = _LEVELS.get(level_text)
    if level is None:
        raise NotationError(f"expectation {text!r}: level {level_text!r} is not 1, 2, 3 or 4")
    if len(words) == 1:
        return Expectation("group", rank, level)
    cells: set[Cell] = set()
    for word in words[1:]:
        cell = _CELLS.get(word.upper()) if word.isascii() else None
        if cell is None:
            raise NotationError(
                f"expectation {text!r}: {word!r} is not a cell name with its level, such as '1A1'"
            )
        if cell in cells:
            raise NotationError(f"expectation {text!r}: {word!r} is named twice")
        cells.add(cell)
    return Expectation("group", rank, level, frozenset(cells))


class _CaseFields(NamedTuple):
    board: str
    move: str
    rules: RuleSet = DEFAULT_RULES
    expect: str = NONE
    file: str | None = None
    line: int | None = None


class Case(_CaseFields):
    """One case of a suite. ``board`` and ``move`` are canonical when they can
    be read (a short cell resolved on the board), else kept as written;
    ``expect`` is the canonical EXPECT text. ``file`` and ``line`` say where
    the case was read, and take no part in comparisons."""

    # No __slots__: the parsed expectation is cached on the instance.

    def _compared(self) -> tuple[str, str, RuleSet, str]:
        return (self.board, self.move, self.rules, self.expect)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Case):
            return NotImplemented
        return self._compared() == other._compared()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._compared())

    def __getstate__(self) -> None:
        return None  # the fields travel as the tuple; the cache is rebuilt

    @functools.cached_property
    def expectation(self) -> Expectation:
        return parse_expect(self.expect)

    def __str__(self) -> str:
        return format_case(self)


class CaseResult(NamedTuple):
    """A case run: whether it passed, and EXPECT and the answer got, both in
    canonical EXPECT syntax."""

    passed: bool
    expected: str
    got: str


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0]


def parse_case(line: str) -> Case | None:
    """A case from a suite line; None for a blank or comment-only line.

    Raises :class:`NotationError`, quoting the line, when the line is not a case.
    """
    if not isinstance(line, str):
        raise NotationError(f"a suite line must be text, not {line!r}")
    body = _strip_comment(line)
    if not _fields(body):
        return None
    query, arrow, expect_text = body.partition(ARROW)
    if not arrow:
        raise NotationError(f"not a case: {line!r}: expected 'BOARD MOVE [RULES] => EXPECT'")
    if ARROW in expect_text:
        raise NotationError(f"not a case: {line!r}: '=>' appears more than once")
    words = _fields(query)
    if not 2 <= len(words) <= 3:
        raise NotationError(
            f"not a case: {line!r}: {len(words)} field(s) before '=>', "
            "expected BOARD MOVE [RULES]"
        )
    try:
        rules = _parse_rules(words[2]) if len(words) == 3 else DEFAULT_RULES
        expectation = parse_expect(expect_text)
    except SpokerError as err:
        raise NotationError(f"not a case: {line!r}: {err}") from None
    board, move = _canonical_query(words[0], words[1], rules)
    return Case(board, move, rules, str(expectation))


def _parse_rules(text: str) -> RuleSet:
    """RULES: the ``Rules`` value without spaces, such as ``touching,apex-free``
    (a registered or installed variant too: ``visible,level-lines``)."""
    if _plain(text):
        try:
            return RuleSet.parse(text)
        except SpokerError as err:  # it names the item at fault, quoting the rules
            raise NotationError(str(err)) from None
    raise NotationError(
        f"rules {text!r}: expected a rule set's items (visible or touching, apex-free, lines=, off=, "
        "order=, tie=, bag=, or an installed variant), comma-separated without spaces"
    )


def _canonical_query(board_text: str, move_text: str, rules: RuleSet = DEFAULT_RULES) -> tuple[str, str]:
    """Board and move spelled canonically where they can be read."""
    try:
        board = _read_board(board_text, rules)
    except ShibumiError:
        return board_text, move_text
    try:
        move = _read_move(board, move_text)
    except ShibumiError:
        return str(board), move_text
    return str(board), str(move)


def _read_board(text: str, rules: RuleSet = DEFAULT_RULES) -> Board:
    if not _plain(text):
        raise NotationError(f"board string {text!r} holds characters other than W, B, R, '.', '/'")
    return parse_board(text, rules.counts)


def _read_move(board: Board, text: str) -> Move:
    if not _plain(text):
        raise NotationError(f"{text!r} is not a move: expected colour@cell, such as 'R@1C3'")
    return Move.from_str(text, board)


def case_for(board: str, move: str, rules: RuleSet = DEFAULT_RULES) -> Case:
    """The case that a query passes: its answer (:func:`expect_of`) as EXPECT.

    :class:`NotationError` when the board or move cannot be written as one field
    of a suite line (empty, or holding white space, ``#`` or ``=>``).
    """
    for what, text in (("board", board), ("move", move)):
        if not text or _fields(text) != [text] or "#" in text or ARROW in text:
            raise NotationError(f"the {what} {text!r} cannot be written as a field of a suite line")
    canonical_board, canonical_move = _canonical_query(board, move, rules)
    return Case(canonical_board, canonical_move, rules, expect_of(board, move, rules))


def format_case(case: Case) -> str:
    """The canonical line of a case (RULES only when not the default)."""
    rules = f" {case.rules.token}" if case.rules != DEFAULT_RULES else ""
    return f"{case.board} {case.move}{rules} {ARROW} {case.expect}"


# -- answering -----------------------------------------------------------------


def place(board: Board | str, move: Move | str, rules: RuleSet = DEFAULT_RULES) -> tuple[Board, Cell]:
    """The board after a legal ball, and its cell. Raises a ``ValueError``
    (the project's errors) for a refusal: bad board or move, unplayable cell,
    colour no longer in ``rules``' bag."""
    b = board if isinstance(board, Board) else _read_board(board, rules)
    m = move if isinstance(move, Move) else _read_move(b, move)
    refusal = board_refusal(b, m.cell, m.colour, rules.counts)
    if refusal is not None:
        from spoker.text.narrator import (
            refusal_text,  # the sentences load the game: only for a refusal
        )

        words = refusal_text(refusal, m.cell, m.colour)
        raise IllegalActionError(f"{str(m)!r}: {words}", refusal, m.cell, m.colour)
    return b.place(m.cell, m.colour), m.cell


def counting_best(after: Board, cell: Cell, rules: RuleSet) -> Group | None:
    """The best counting group of a ball just placed on a normal turn: the
    apex counts only for a straight flush unless the rules are apex-free."""
    colour = after[cell]
    assert colour is not None
    judge = rules.judge
    rank, _, pid = judge.best_code(after.masks, after.occupied, cell, colour)
    if not rank or not judge.apex_counts(cell, rank, responding=False):
        return None
    return group_of(pid, rank, visible(PATTERNS[pid], after.occupied))


def group_text(group: Group) -> str:
    """A group in EXPECT syntax: ``three_kinds@1 1A1 1C1 1E1`` (cells sorted)."""
    return " ".join([f"{group.rank.key}@{group.top_level}", *sorted(str(c) for c in group.cells)])


def expect_of(board: Board | str, move: Move | str, rules: RuleSet | str = DEFAULT_RULES) -> str:
    """The answer to a query in EXPECT syntax: ``none``, ``error`` or
    ``RANK@LEVEL CELL ...`` (the engine's best group, cells sorted)."""
    rule_set = rules if isinstance(rules, RuleSet) else RuleSet.parse(rules)
    try:
        after, cell = place(board, move, rule_set)
    except ShibumiError:
        return ERROR
    best = counting_best(after, cell, rule_set)
    return NONE if best is None else group_text(best)


def _equal_best(after: Board, cell: Cell, rules: RuleSet, best: Group) -> Iterator[Group]:
    """Every counting group through ``cell`` as strong as ``best`` (counting:
    :func:`spoker.engine.groups.standing`, the one cascade)."""
    for g in groups_at(after, cell, rules):
        if strength(g, rules) == strength(best, rules) and standing(after, g, rules, placed=cell).counts:
            yield g


def run_case(case: Case) -> CaseResult:
    """Run one case. When several best groups tie (rank and top level) and
    EXPECT names cells, any of them may match; ``got`` is then the one that
    matched, else the engine's best group."""
    want = case.expectation
    expected = str(want)
    try:
        after, cell = place(case.board, case.move, case.rules)
    except ShibumiError:
        return CaseResult(want.kind == ERROR, expected, ERROR)
    best = counting_best(after, cell, case.rules)
    if best is None:
        return CaseResult(want.kind == NONE, expected, NONE)
    got = group_text(best)
    if want.kind != "group" or (want.rank, want.level) != (best.rank, best.top_level):
        return CaseResult(False, expected, got)
    if want.cells is None or want.cells == frozenset(best.cells):
        return CaseResult(True, expected, got)
    for g in _equal_best(after, cell, case.rules, best):
        if want.cells == frozenset(g.cells):
            return CaseResult(True, expected, group_text(g))
    return CaseResult(False, expected, got)


# -- files ---------------------------------------------------------------------


def iter_suite(path: str | Path, regular: bool = False) -> Iterator[Case]:
    """The cases of a suite file, in order, each with its file and line.

    Raises :class:`NotationError` naming the file and line for a line that is not
    a case (or not UTF-8 text, or too long), ``OSError`` if it cannot be read.
    With ``regular`` (the window), a FIFO or a device is refused at once
    instead of waiting for a writer or reading forever.
    """
    expect_path(path)
    name = str(path)
    with _open_suite(path, regular) as f:
        number = 0
        offset = 0  # bytes of the lines before this one
        while True:
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            try:  # binary data (/dev/zero, an image) is no suite: told at its first NUL byte
                check_text(raw, offset, "a suite")
            except SpokerError as err:
                raise NotationError(f"{name}: line {number}: {err}") from None
            offset += len(raw)
            if len(raw) > MAX_LINE_BYTES:
                raise NotationError(f"{name}: line {number} is longer than {size_in_words(MAX_LINE_BYTES)}")
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]  # a byte order mark some editors write
            try:
                text = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError:
                raise NotationError(f"{name}: line {number} is not UTF-8 text") from None
            try:
                case = parse_case(text)
            except NotationError as err:
                raise NotationError(f"{name}: line {number}: {err}") from None
            if case is not None:
                yield Case(case.board, case.move, case.rules, case.expect, name, number)


def read_suite(path: str | Path, regular: bool = False) -> list[Case]:
    """Every case of a suite file (see :func:`iter_suite`)."""
    return list(iter_suite(path, regular))


def _open_suite(path: str | Path, regular: bool) -> BinaryIO:
    if not regular:
        return open(path, "rb")
    try:
        return open_regular(path)  # type: ignore[return-value]
    except StorageError as err:
        what = "is a folder, not a suite file" if "is a folder" in str(err) else "not a regular file"
        raise NotationError(f"{path}: {what}") from None


__all__ = [
    "Case", "CaseResult", "Expectation", "case_for", "expect_of", "format_case",
    "group_text", "iter_suite", "parse_case", "parse_expect", "read_suite", "run_case",
]
