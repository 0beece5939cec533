"""The Shibumi system: the 30-cell pyramid, its geometry and board strings.

Game-agnostic and pure: cells, support, touching, straight lines, five-ball
pyramids, visibility (covered, cut) and board strings. Games build on it.
"""

from shibumi.board import (
    BALLS_PER_COLOUR,
    COLOURS,
    FULL_MASK,
    Blocked,
    Board,
    Colour,
    blocked,
    playable_mask,
)
from shibumi.cells import (
    APEX,
    CELL_NAMES,
    CELLS,
    COLUMNS,
    LEVEL_CELLS,
    LEVEL_MASK,
    LEVELS,
    NUM_CELLS,
    POINTS,
    Cell,
    as_cell,
    cells_of,
    mask_of,
    names_of,
    parse_cell,
)
from shibumi.errors import BoardStringError, CellError, ColourError, PlacementError, ShibumiError
from shibumi.geometry import (
    BRIDGES,
    COVER,
    COVER_MASK,
    COVERABLE,
    COVERS,
    CUTTABLE,
    IN_LEVEL_CONTACTS,
    LINES,
    LINES3,
    LINES3_THROUGH,
    LINES4,
    LINES4_THROUGH,
    LINES_THROUGH,
    PLATFORM,
    PLATFORM_MASK,
    PYRAMIDS,
    PYRAMIDS_THROUGH,
    RESTING_ON,
    TOUCHING,
    TOUCHING_MASK,
    bridge,
    cover,
    in_level_contacts,
    is_line,
    lines_through,
    platform,
    pyramids_through,
    resting_on,
    touches,
    touching,
)
from shibumi.notation import EMPTY_BOARD_STRING, canonical_board_string, format_board, parse_board
from shibumi.shapes import FilledShape, Shape, filled_shapes_through
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
    "APEX", "BALLS_PER_COLOUR", "BRIDGES", "CELLS", "CELL_NAMES", "COLOURS", "COLUMNS", "COVER",
    "COVERABLE", "COVERS", "COVER_MASK", "CUTTABLE", "EMPTY_BOARD_STRING", "FULL_MASK",
    "IN_LEVEL_CONTACTS", "LEVELS", "LEVEL_CELLS", "LEVEL_MASK", "LINES", "LINES3", "LINES3_THROUGH",
    "LINES4", "LINES4_THROUGH", "LINES_THROUGH", "NUM_CELLS", "PLATFORM", "PLATFORM_MASK", "POINTS",
    "PYRAMIDS", "PYRAMIDS_THROUGH", "RESTING_ON", "TOUCHING", "TOUCHING_MASK", "Blocked", "Board",
    "BoardStringError", "Cell", "CellError", "Colour", "ColourError", "FilledShape",
    "PlacementError", "Shape", "ShibumiError", "Visibility", "as_cell", "blocked", "bridge",
    "canonical_board_string", "cells_of", "cover", "covered_mask", "cut_contacts",
    "filled_shapes_through", "format_board", "in_level_contacts", "is_covered", "is_cut", "is_line",
    "is_visible", "lines_through", "mask_of", "names_of", "parse_board", "parse_cell", "platform",
    "playable_mask", "pyramids_through", "resting_on", "touches", "touching", "visibility",
]
