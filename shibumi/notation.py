"""Board strings (docs/formats.md): four levels from the bottom, ``/``-separated."""

from __future__ import annotations

from shibumi.board import Board, Colour
from shibumi.cells import LEVEL_CELLS, LEVEL_SIZES
from shibumi.errors import BoardStringError, expect

EMPTY_BOARD_STRING = "................/........./..../."
_CHARS = {"W": 0, "B": 1, "R": 2}


def parse_board(text: str) -> Board:
    """Parse a board string; :class:`BoardStringError` says what and where.

    Colour letters are read in either case; surrounding white space is ignored.
    """
    if not isinstance(text, str):
        raise BoardStringError(f"a board string must be text, not {text!r}")
    parts = text.strip().split("/")
    if len(parts) != 4:
        raise BoardStringError(
            f"board string {text!r} has {len(parts)} level(s): expected 4 separated by '/'"
        )
    masks = [0, 0, 0]
    for level, (part, size) in enumerate(zip(parts, LEVEL_SIZES), start=1):
        if len(part) != size:
            raise BoardStringError(
                f"board string {text!r}: level {level} {part!r} has {len(part)} "
                f"character(s), expected {size}"
            )
        for ch, cell in zip(part, LEVEL_CELLS[level]):
            if ch == ".":
                continue
            k = _CHARS.get(ch.upper())
            if k is None:
                raise BoardStringError(
                    f"board string {text!r}: {ch!r} on {cell} is not W, B, R or '.'"
                )
            masks[k] |= 1 << cell
    board = Board((masks[0], masks[1], masks[2]))
    try:
        board.validate()
    except BoardStringError as err:
        raise BoardStringError(f"board string {text!r}: {err}") from None
    return board


def format_board(board: Board) -> str:
    """The canonical board string: upper-case letters, ``.`` for empty."""
    expect(board, Board, "board")
    w, b, r = board.masks
    out = []
    for level in (1, 2, 3, 4):
        chars = []
        for cell in LEVEL_CELLS[level]:
            bit = 1 << cell
            chars.append("W" if w & bit else "B" if b & bit else "R" if r & bit else ".")
        out.append("".join(chars))
    return "/".join(out)


def canonical_board_string(text: str) -> str:
    """The canonical spelling of a valid board string."""
    return format_board(parse_board(text))


__all__ = ["EMPTY_BOARD_STRING", "Colour", "canonical_board_string", "format_board", "parse_board"]
