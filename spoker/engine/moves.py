"""A move: a drawn colour and the cell it was placed on, ``R@1C3``."""

from __future__ import annotations

from typing import NamedTuple

from shibumi import Board, Cell, Colour, ShibumiError, as_cell
from spoker.errors import NotationError


class Move(NamedTuple):
    """``colour@cell``; ``str(move)`` is canonical, ``Move.from_str`` reads
    any case and the short cell form (given a board to resolve it)."""

    colour: Colour
    cell: Cell

    def __str__(self) -> str:
        # Colour.of and as_cell: a Move built by hand from bad values raises
        # ColourError or CellError here, not AttributeError.
        return f"{Colour.of(self.colour).char}@{as_cell(self.cell)}"

    @classmethod
    def from_str(cls, text: str, board: Board | None = None) -> Move:
        """Parse ``R@1C3`` or ``w@d4``. A short cell (``D4``) means the lowest
        empty cell at that point on ``board`` (the lowest cell if no board)."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {text!r}")
        colour_text, sep, cell_text = text.strip().partition("@")
        if not sep:
            raise NotationError(f"{text!r} is not a move: expected colour@cell, such as 'R@1C3'")
        try:
            colour = Colour.from_char(colour_text)
        except ShibumiError:
            raise NotationError(f"{text!r}: {colour_text!r} is not a colour (W, B or R)") from None
        try:
            cell = board.resolve(cell_text) if board is not None else as_cell(cell_text)
        except ShibumiError as err:
            raise NotationError(f"{text!r}: {err}") from None
        return cls(colour, cell)

    def to_json(self) -> dict[str, str]:
        return {"ball": Colour.of(self.colour).char, "cell": str(as_cell(self.cell))}
