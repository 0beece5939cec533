"""The compiled search's memos: one fixed block of numpy arrays, kept by the
caller between searches (of one move, of one game) and bounded whatever the
search's effort. No numba here (see :mod:`spoker.kernel.compiled` for how
the kernel reads it)."""

from __future__ import annotations

import threading

import numpy as np

# The regions of the block (rows of ``Memo.regions``: first slot, slots).
R_CHANCE, R_LEAF, R_OPEN = range(3)

COUNTERS = 8
"""The kernel's counters (nodes, limit, next check, stop, ...: ``compiled.C_*``)."""

MAX_PLY = 32
"""Plies of work space (``moves``, ``orders``): more than a game's 30 balls."""

SLOTS = (1 << 20, 1 << 18, 1 << 17)
"""Slots of each region by default: chance nodes (the transposition table),
leaves, challenge values. At 32 bytes a slot, 44 MiB in all. (The best codes
of a board are not remembered: with each cell's codes carried down the tree,
judging them again costs less than a probe, a miss of the processor's cache.)"""

SLOT_BYTES = 4 * 8
"""A slot: its key (two words and a stamp: generation and kind), its value.
Slots are 32 bytes and the block starts on a 64-byte line, so a bucket of
two is one cache line: a probe touches memory once."""

LINE = 64

PAGE = 4096
"""Bytes of a memory page (the smallest; a huge page is touched through its small ones)."""


def _lined(slots: int) -> np.ndarray:
    """Zeroed int64 [slots, 4] starting on a cache line."""
    raw = np.zeros(slots * 4 + LINE // 8, dtype=np.int64)
    skip = (-raw.ctypes.data % LINE) // 8
    return raw[skip:skip + slots * 4].reshape(slots, 4)


class Memo:
    """The kernel's transposition table, leaf table and challenge-value
    memo: open addressing in fixed arrays (``slots`` per region, each a
    power of two). Entries from another context (rules,
    utility, quiescence) are never read: :meth:`adopt` empties the memo
    when the context changes. Emptying is one increment of the generation."""

    def __init__(self, slots: tuple[int, int, int] = SLOTS) -> None:
        if len(slots) != 3 or any(s < 2 or s & (s - 1) for s in slots):
            raise ValueError(f"slots {slots!r}: expected three powers of two")
        starts = np.cumsum((0, *slots[:-1]))
        self.regions = np.array(list(zip(starts, slots, strict=True)), dtype=np.int64)
        total = sum(slots)
        # zeros: pages are touched as the search fills them; stamp 0 is no generation's
        self.keys = _lined(total)  # per slot: k1, k2, stamp, the value's bits
        self.values = self.keys.view(np.float64)  # the same block: the value is column 3
        self.moves = np.zeros((MAX_PLY, 30, 6), dtype=np.int64)
        self.orders = np.zeros((MAX_PLY, 30), dtype=np.int64)
        # The raw codes (no apex ruling) of each cell, per ply of the tree (and
        # one more for the leaves), and per ply the cells whose codes are the
        # ply above's: a board's cells are judged once, then carried down.
        self.codes = np.zeros((MAX_PLY + 2, 30, 3), dtype=np.int64)
        self.inherit = np.zeros(MAX_PLY + 2, dtype=np.int64)
        self.out = np.zeros((30, 3), dtype=np.float64)  # a root's (cell, value, code) rows
        self.generation = 1
        self.context: object = None
        self.counters = np.zeros(COUNTERS, dtype=np.int64)  # the running search's
        self.view: np.ndarray | None = None
        """The addresses the kernel reads (the context's tables', then this
        block's), made by :meth:`KernelSearch <spoker.kernel.search.KernelSearch>` for ``view_of``."""
        self.view_of: object = None

    @property
    def nbytes(self) -> int:
        """The memory the memo holds at most."""
        return sum(int(a.nbytes) for a in (self.regions, self.keys, self.moves, self.orders, self.out, self.codes, self.inherit, self.counters))

    def touch(self) -> None:
        """Write every page of the block once, its values unchanged: the
        system maps a zeroed block's pages only when first written, and a
        search that writes them at random pays 6 to 90 ms of page faults
        (the 44 MiB of :data:`SLOTS`). numpy leaves the interpreter lock
        while it writes, so another thread (the window's) runs meanwhile."""
        flat = self.keys.reshape(-1)  # a view: the block is contiguous
        for part in (flat[:: PAGE // flat.itemsize], flat[-1:]):  # a word a page, and the last page
            part += 0

    def clear(self) -> None:
        """Forget every entry (work to redo, never a value)."""
        self.generation += 1

    def adopt(self, context: object) -> None:
        """Serve searches of ``context`` (compared by identity): emptied if it changes."""
        if context is not self.context:
            self.clear()
            self.context = context


_THREAD = threading.local()


def thread_memo() -> Memo:
    """This thread's memo, made on first use: for the searches that start
    afresh each time (they :meth:`Memo.clear` it), so that no search pays for
    allocating the block."""
    memo: Memo | None = getattr(_THREAD, "memo", None)
    if memo is None:
        memo = _THREAD.memo = Memo()
    return memo


def touch_thread_memo() -> Memo:
    """This thread's memo (:func:`thread_memo`), every page of it written
    once (:meth:`Memo.touch`): its first search pays no page faults."""
    memo = thread_memo()
    memo.touch()
    return memo


__all__ = ["COUNTERS", "MAX_PLY", "Memo", "R_CHANCE", "R_LEAF", "R_OPEN", "SLOTS", "thread_memo", "touch_thread_memo"]
