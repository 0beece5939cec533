"""Forced openings: who must be the first to make a new cell playable.

Research code, not the product (docs/players.md, "Forced openings"): a level-2
or level-3 cell opens only when its supports are filled, and its first ball
goes to the opener's opponent. The forced-opening term of
:class:`bench.leaves.ResearchSearch` (the expert's options ``opening`` and
``opening_from`` in ``bench/ladder.py`` and ``bench/exact_loss.py``) and the
pattern leaf (:mod:`bench.pattern_leaf`) read this parity.
"""

from __future__ import annotations

import functools

from spoker.players.bitboard import FULL, after_place, cells_of


@functools.lru_cache(maxsize=1 << 18)
def must_open(occ: int, pl: int) -> bool:
    """Whether the player to move is the first who must make a new cell
    playable, when both players fill only cells that open nothing while they
    can (the colours ignored). ``pl`` is the playable mask of ``occ``.

    A new cell is a first chance at what forms there (a pyramid's top, a line
    up a level), and it goes to the opener's opponent. Memoised on the
    occupancy: 3,438 positions from the empty board, far fewer later."""
    for cell in cells_of(pl):
        bit = 1 << cell
        rest = pl & ~bit
        if after_place(occ | bit, pl, cell) == rest and must_open(occ | bit, rest):
            return False  # a quiet cell that leaves the opponent to open
    return True


def opening_parity(occ: int, pl: int) -> int:
    """+1 if the opponent of the player about to draw must open a closed cell
    first (:func:`must_open`), -1 if that player must, 0 if no cell is closed."""
    if not FULL & ~occ & ~pl:
        return 0
    return -1 if must_open(occ, pl) else 1
