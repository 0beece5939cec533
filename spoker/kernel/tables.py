"""The search's rules as flat numpy arrays, read by the compiled kernel.

Everything the kernel knows about the rules comes from here, built from the
rule set's :class:`~spoker.engine.judging.Judge` (its ``through_rows`` and
``apex_floor_code``), the settling table (:data:`spoker.engine.settling.GAIN`),
the bag (:func:`bag_totals`), the playable-after table
(:data:`spoker.players.bitboard.UP`) and the search's constants
(:data:`spoker.players.search.OPEN_VALUE`, ``SF_POINTS``): the kernel never
holds its own copy of a ruling, so every rule set and plug-in variant (shapes
excluded, touching, apex-free) is searched by its own tables. Built once per
judge (and utility), cached.

No numba here: the tables are plain numpy, so that the Python side (and a
machine without numba) can build and inspect them.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from shibumi import FULL_MASK
from spoker.engine.judging import APEX_CELL, STRAIGHT_FLUSH_CODE, Judge
from spoker.engine.rules import RuleSet
from spoker.players.bitboard import UP
from spoker.players.search import OPEN_VALUE, SF_POINTS, Utility, WinUtility

# Columns of a row of ``Tables.rows`` (one row per shape through a cell, in
# the judge's scan order): the shape's mask, its other cells, its kind (3, 4,
# 5), its code in one colour, its mixed code, its cover mask, then its
# bridges (count, masks) and a pyramid's four pairings (pair, other pair).
ROW_MASK, ROW_OTHERS, ROW_KIND, ROW_FLUSH, ROW_MIXED, ROW_COVER, ROW_BRIDGES = range(7)
MAX_BRIDGES = 4
ROW_PAIRINGS = ROW_BRIDGES + 1 + MAX_BRIDGES
ROW_WIDTH = ROW_PAIRINGS + 8

# Entries of ``Tables.ints``.
(
    INT_CHECK_VISIBILITY, INT_APEX_FLOOR, INT_APEX_CELL, INT_SF_CODE, INT_FULL, INT_WIN,
    INT_TOTAL_WHITE, INT_TOTAL_BLACK, INT_TOTAL_RED,
) = range(9)
# Entries of ``Tables.floats`` (then the win utility's scale by balls placed).
FLOAT_SF, FLOAT_TOP, FLOAT_SF_POINTS, FLOAT_SCALE = range(4)


class Tables(NamedTuple):
    """A rule set and a utility as the arrays the kernel reads."""

    rows: np.ndarray
    """int64 [30, rows, ROW_WIDTH]: per cell, the shapes a ball there completes
    (``Judge.through_rows``); ``row_counts`` says how many."""
    row_counts: np.ndarray
    """int64 [30]."""
    up: np.ndarray
    """int64 [30, 1 + 2 * most]: per cell, how many cells rest on it, then (bit, platform) of each."""
    gain: np.ndarray
    """int64 [codes, codes]: the settling table, ``GAIN[challenge][response]``."""
    open_value: np.ndarray
    """float64 [STRAIGHT_FLUSH_CODE]: :data:`~spoker.players.search.OPEN_VALUE`."""
    ints: np.ndarray
    """int64: the rulings and the bag (the ``INT_`` entries)."""
    floats: np.ndarray
    """float64: the utility (the ``FLOAT_`` entries, then its scale table)."""
    linked: np.ndarray
    """int64 [30]: per cell, the cells whose codes a ball there may change
    (it lies in one of their shapes, covers or bridges): the kernel judges
    the other cells once per board and carries their codes down the tree."""

    @property
    def nbytes(self) -> int:
        return sum(int(a.nbytes) for a in self)


ARRAYS = 17
"""Arrays the kernel reads (the tables' eight, then the memo's nine)."""


def addresses(arrays: tuple[np.ndarray, ...]) -> np.ndarray:
    """Per array its address and three dimensions, flat (int64): the kernel
    reads them so (the caller keeps the arrays alive while it runs)."""
    out: list[int] = []
    for array in arrays:
        if not array.flags.c_contiguous:
            raise ValueError(f"array of shape {array.shape}: the kernel reads C-contiguous arrays only")
        out += (array.__array_interface__["data"][0], *array.shape, *(1,) * (3 - array.ndim))
    return np.array(out, dtype=np.int64)


def bag_totals(rules: RuleSet) -> tuple[int, int, int]:
    """Balls of each colour (white, black, red) in a full bag under ``rules``:
    the one place the kernel reads the bag from."""
    white, black, red = rules.counts  # the rule set's bag (bag=W-B-R)
    return (white, black, red)


def settling_table(rules: RuleSet) -> np.ndarray:
    """The settling table under ``rules`` (``GAIN[challenge][response]``) as an array."""
    return np.array(rules.gain, dtype=np.int64)  # the rule set's settling (tie=both|none)


def _rows(judge: Judge) -> tuple[np.ndarray, np.ndarray]:
    width = max(len(row) for row in judge.through_rows)
    rows = np.zeros((30, max(width, 1), ROW_WIDTH), dtype=np.int64)
    counts = np.zeros(30, dtype=np.int64)
    for cell, cell_rows in enumerate(judge.through_rows):
        counts[cell] = len(cell_rows)
        for i, (mask, others, kind, flush, mixed, cover, bridges, pairings) in enumerate(cell_rows):
            if len(bridges) > MAX_BRIDGES or len(pairings) > 4:
                raise ValueError(f"shape {mask:#x}: more bridges or pairings than the kernel's rows hold")
            row = rows[cell, i]
            row[:ROW_BRIDGES] = (mask, others, kind, flush, mixed, cover)
            row[ROW_BRIDGES] = len(bridges)
            row[ROW_BRIDGES + 1:ROW_BRIDGES + 1 + len(bridges)] = bridges
            for j, (pair, other) in enumerate(pairings):
                row[ROW_PAIRINGS + 2 * j] = pair
                row[ROW_PAIRINGS + 2 * j + 1] = other
    return rows, counts


def _linked(judge: Judge) -> np.ndarray:
    """Per cell ``x``, the mask of cells ``c`` whose codes read ``x`` (any row through ``c``)."""
    reads = [0] * 30
    for cell, cell_rows in enumerate(judge.through_rows):
        for mask, _others, _kind, _flush, _mixed, cover, bridges, _pairings in cell_rows:
            reads[cell] |= mask | cover
            for bridge in bridges:
                reads[cell] |= bridge
    linked = np.zeros(30, dtype=np.int64)
    for x in range(30):
        linked[x] = sum(1 << cell for cell in range(30) if reads[cell] >> x & 1) | 1 << x
    return linked


def _up() -> np.ndarray:
    up = np.zeros((30, 1 + 2 * max(len(resting) for resting in UP)), dtype=np.int64)
    for cell, resting in enumerate(UP):
        up[cell, 0] = len(resting)
        for i, (bit, platform) in enumerate(resting):
            up[cell, 1 + 2 * i] = bit
            up[cell, 2 + 2 * i] = platform
    return up


def utility_kind(utility: Utility) -> int | None:
    """1 for the game result (:class:`WinUtility`), 0 for the score
    difference (:class:`Utility`), None for a utility the kernel does not know."""
    if type(utility) is WinUtility:
        return 1
    if type(utility) is Utility:
        return 0
    return None


@functools.lru_cache(maxsize=32)
def _judge_tables(judge: Judge) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    rows, counts = _rows(judge)
    return rows, counts, _up(), _linked(judge)


def build_tables(rules: RuleSet, utility: Utility) -> Tables:
    """The kernel's arrays for ``rules`` searched for ``utility`` (a
    :class:`Utility` or :class:`WinUtility`); the judge's part cached."""
    kind = utility_kind(utility)
    if kind is None:
        raise TypeError(f"utility {utility!r}: the kernel knows Utility and WinUtility only")
    judge = rules.judge
    rows, counts, up, linked = _judge_tables(judge)
    totals = bag_totals(rules)
    ints = np.array(
        [
            judge.check_visibility, judge.apex_floor_code, APEX_CELL, STRAIGHT_FLUSH_CODE, FULL_MASK,
            kind, *totals,
        ],
        dtype=np.int64,
    )
    scale = getattr(utility, "_scale", (0.0,) * 31)
    floats = np.array([utility.sf, utility.top, SF_POINTS, *scale], dtype=np.float64)
    return Tables(
        rows, counts, up, settling_table(rules), np.array(OPEN_VALUE, dtype=np.float64), ints, floats, linked
    )


__all__ = ["ARRAYS", "Tables", "addresses", "bag_totals", "build_tables", "settling_table", "utility_kind"]
