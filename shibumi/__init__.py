"""The Shibumi system: the 30-cell pyramid, its geometry and board strings.

Game-agnostic and pure: cells, support, touching, straight lines, five-ball
pyramids, visibility (covered, cut) and board strings. Games build on it.
"""

from shibumi.board import BALLS_PER_COLOUR, COLOURS, FULL_MASK, Board, Colour, playable_mask
from shibumi.cells import (
    APEX,
    CELL_NAMES,
    CELLS,
    LEVEL_CELLS,
    NUM_CELLS,
    POINTS,
    Cell,
    as_cell,
    cells_of,
    mask_of,
    parse_cell,
)
from shibumi.errors import BoardStringError, CellError, PlacementError, ShibumiError
from shibumi.geometry import (
    BRIDGES,
    COVER,
    COVERABLE,
    CUTTABLE,
    LINES,
    LINES3,
    LINES4,
    PLATFORM,
    PYRAMIDS,
    RESTING_ON,
    TOUCHING,
)
from shibumi.notation import EMPTY_BOARD_STRING, canonical_board_string, format_board, parse_board
from shibumi.patterns import Pattern, Shape, patterns_through
from shibumi.visibility import (
    Visibility,
    covered_mask,
    cut_contacts,
    is_covered,
    is_cut,
    is_visible,
    visibility,
)

__version__ = "0.1.0"

__all__ = [
    "APEX", "BALLS_PER_COLOUR", "BRIDGES", "CELLS", "CELL_NAMES", "COLOURS", "COVER",
    "COVERABLE", "CUTTABLE", "EMPTY_BOARD_STRING", "FULL_MASK", "LEVEL_CELLS", "LINES",
    "LINES3", "LINES4", "NUM_CELLS", "PLATFORM", "POINTS", "PYRAMIDS", "RESTING_ON",
    "TOUCHING", "Board", "BoardStringError", "Cell", "CellError", "Colour", "Pattern",
    "PlacementError", "Shape", "ShibumiError", "Visibility", "as_cell", "canonical_board_string",
    "cells_of", "covered_mask", "cut_contacts", "format_board", "is_covered", "is_cut",
    "is_visible", "mask_of", "parse_board", "parse_cell", "patterns_through", "playable_mask", "visibility",
]
