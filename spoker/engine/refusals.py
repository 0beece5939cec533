"""Why a ball cannot go on a cell of a position: the rules' side that needs no
game around it (none of the colour left), on top of the pyramid's
(:func:`shibumi.blocked`). ``GameState.refusal`` asks the game's side first
(over, drawn) and then this; :func:`board_refusal` asks it of a position with
no game (the laboratory, ``spoker groups``, suites). Light: no engine tables,
so that the quick commands load nothing more for it.
"""

from __future__ import annotations

from shibumi import BALLS_PER_COLOUR, Board, Cell, Colour, as_cell, blocked
from shibumi.errors import expect
from spoker.errors import Refusal


def placement_refusal(
    occ: int, cell: Cell | None, count: int | None = None, held: int | None = None
) -> Refusal | None:
    """Why a ball cannot go on ``cell`` of the balls ``occ``: none of its
    colour left (``count`` of them on the board, if it is asked, of the
    ``held`` the bag holds: 10 as written), then the pyramid's reasons
    (:func:`shibumi.blocked`); None if it can."""
    if count is not None and count >= (BALLS_PER_COLOUR if held is None else held):
        return Refusal.NO_BALL_LEFT
    why = None if cell is None else blocked(occ, cell)
    return None if why is None else Refusal.of(why)


def board_refusal(
    board: Board, cell: object, colour: Colour | int | str, bag: tuple[int, int, int] | None = None
) -> Refusal | None:
    """Why a ball of ``colour`` cannot go on ``cell`` of a position with no
    game around it (the laboratory, ``spoker groups``), or None: the game's
    order of :meth:`GameState.refusal` without a turn. ``bag``: the rule
    set's (``RuleSet.counts``), 10 of each colour if not given."""
    expect(board, Board, "board")
    held = None if bag is None else bag[Colour.of(colour)]
    return placement_refusal(board.occupied, as_cell(cell), board.count(colour), held)


__all__ = ["board_refusal", "placement_refusal"]
