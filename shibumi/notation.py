"""Board strings (docs/formats.md): four levels from the bottom, ``/``-separated.

The reading and writing live with :class:`~shibumi.board.Board` (which
prints itself as one); this module is their public face."""

from __future__ import annotations

from shibumi.board import Board, Colour, read_board_string
from shibumi.errors import expect

EMPTY_BOARD_STRING = "................/........./..../."


def parse_board(text: str, bag: tuple[int, int, int] | None = None) -> Board:
    """Parse a board string; :class:`BoardStringError` says what and where.

    Colour letters are read in either case; surrounding white space is
    ignored. ``bag``: the most balls of each colour, white, black, red (a
    rule set's bag; 10 each if not given).
    """
    return read_board_string(text, bag)


def format_board(board: Board) -> str:
    """The canonical board string: upper-case letters, ``.`` for empty."""
    expect(board, Board, "board")
    return board.to_string()


def canonical_board_string(text: str) -> str:
    """The canonical spelling of a valid board string."""
    return format_board(parse_board(text))


__all__ = ["EMPTY_BOARD_STRING", "Colour", "canonical_board_string", "format_board", "parse_board"]
