"""The search, compiled: :class:`spoker.players.search.Expectimax` as numba
functions over bit masks and the arrays of :mod:`spoker.kernel.tables`.

Each function here mirrors a method of the Python search, in the same order
of colours, cells and moves, so that the values are the same (the tests hold
them equal): :func:`raw_codes` is ``Judge.colour_codes`` (:func:`apex_ruled`
the apex ruling), :func:`search` is ``Expectimax.chance`` with ``_moves`` and
``_decide`` inlined (Star1 windows as there), and ``place`` and
``analyse``, :func:`leaf_value` is ``leaf_terms`` (with quiescence:
``_open_gains`` and ``_challenge_value``).

The memos are one fixed block of numpy arrays (:class:`spoker.kernel.Memo`):
three open-addressed regions (chance nodes, leaves, challenge values), each
a power of two of slots in buckets of two; a new entry takes
an empty slot of its bucket, else pushes the older of the two out. An entry
is live while its generation is the memo's: emptying the memo is one
increment. So the memory is bounded whatever the search's effort.

Between every :data:`CHECK_EVERY` nodes the kernel calls back into Python
(through a C function pointer registered under :data:`HOOK_SYMBOL`, so that
the compiled code can be cached), which reads the caller's clock against
its deadline and tells its progress; the node limit is checked in the kernel.
A stop unwinds the search at once, storing nothing more.

Compiled with ``cache=True`` (numba's cache folder: beside this file, else
the user's cache, ``NUMBA_CACHE_DIR``) and ``nogil=True``, so that a search
in a background thread leaves the window's thread running.
"""

from __future__ import annotations

import ctypes
import math
import threading
from collections.abc import Callable

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import carray, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from spoker.kernel.memo import COUNTERS, R_CHANCE, R_LEAF, R_OPEN, SLOT_BYTES
from spoker.kernel.tables import (
    FLOAT_SCALE,
    FLOAT_SF,
    FLOAT_SF_POINTS,
    FLOAT_TOP,
    INT_APEX_CELL,
    INT_APEX_FLOOR,
    INT_CHECK_VISIBILITY,
    INT_FULL,
    INT_SF_CODE,
    INT_TOTAL_WHITE,
    INT_WIN,
    ROW_BRIDGES,
    ROW_COVER,
    ROW_FLUSH,
    ROW_KIND,
    ROW_MASK,
    ROW_MIXED,
    ROW_OTHERS,
    ROW_PAIRINGS,
)
from spoker.players.search import CHECK_EVERY, ROOT_MARGIN

# The counters array the caller passes (int64).
C_NODES, C_LIMIT, C_NEXT, C_STOP, C_HOOK, C_WINDOWS, C_QUIESCENCE, C_GEN = range(COUNTERS)

# What :func:`search` does.
CHANCE, PLACE, ANALYSE = range(3)

# What a chance node's entry holds (the low bits of its stamp, above them the generation).
EXACT, LOWER, UPPER = 0, 1, 2

LEAD_BIAS = 512  # a lead in a key is stored as lead + LEAD_BIAS (never negative)

HOOK_SYMBOL = "spoker_kernel_hook"

_ACTIVE = threading.local()
"""Per thread: the Python side of the search running (its ``check(nodes)``)."""


def _hook(nodes: int) -> int:
    """The kernel's call back: 1 to stop the search. An exception (a progress
    callback's) is kept for the caller to raise and stops the search."""
    check: Callable[[int], int] | None = getattr(_ACTIVE, "check", None)
    if check is None:
        return 0
    try:
        return check(nodes)
    except BaseException as error:  # noqa: BLE001 (handed to the caller: a C frame is between)
        _ACTIVE.error = error
        return 1


_HOOK_TYPE = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64)
_HOOK_POINTER = _HOOK_TYPE(_hook)  # kept alive for the process's life
llvm.add_symbol(HOOK_SYMBOL, ctypes.cast(_HOOK_POINTER, ctypes.c_void_p).value)
_call_hook = types.ExternalFunction(HOOK_SYMBOL, types.int64(types.int64))

_jit = njit(cache=True, nogil=True)


# -- the arrays ------------------------------------------------------------------
# The search reads its arrays through their addresses (``p``: per array its
# (address, three dimensions), in this order: the flat int64 array that
# ``tables.addresses`` makes, which :func:`run` reads into a tuple), made
# into arrays here with no owner: an array passed between compiled functions
# costs two atomic reference counts a call, which took a third of the time.
(
    A_ROWS, A_COUNTS, A_UP, A_GAIN, A_OPEN_VALUE, A_INTS, A_FLOATS, A_LINKED,
    A_KEYS, A_VALUES, A_REGIONS, A_COUNTERS, A_MOVES, A_ORDERS, A_OUT, A_CODES, A_INHERIT,
) = range(17)


def _address_codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
    """An int64 address as a pointer of the intrinsic's return type."""
    return builder.inttoptr(args[0], context.get_value_type(sig.return_type))


@intrinsic
def _int_pointer(typingctx, address):  # type: ignore[no-untyped-def]
    """The int64 pointer at an address."""
    return types.CPointer(types.int64)(types.int64), _address_codegen


@intrinsic
def _float_pointer(typingctx, address):  # type: ignore[no-untyped-def]
    """The float64 pointer at an address."""
    return types.CPointer(types.float64)(types.int64), _address_codegen


PREFETCH = "llvm.prefetch.p0" if llvm.llvm_version_info >= (17,) else "llvm.prefetch.p0i8"
"""The name of LLVM's prefetch (its pointer type in the name: opaque from LLVM 17)."""


@intrinsic
def _prefetch(typingctx, address):  # type: ignore[no-untyped-def]
    """A hint to fetch the cache line at an address (for reading, kept close)."""
    signature = types.void(types.int64)

    def codegen(context, builder, sig, args):  # type: ignore[no-untyped-def]
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        hint = cgutils.get_or_insert_function(
            builder.module, ir.FunctionType(ir.VoidType(), [byte, word, word, word]), PREFETCH
        )
        builder.call(hint, [builder.inttoptr(args[0], byte), word(0), word(3), word(1)])
        return context.get_dummy_value()

    return signature, codegen


@_jit
def _i1(a):  # type: ignore[no-untyped-def]
    return carray(_int_pointer(a[0]), (a[1],))


@_jit
def _i2(a):  # type: ignore[no-untyped-def]
    return carray(_int_pointer(a[0]), (a[1], a[2]))


@_jit
def _i3(a):  # type: ignore[no-untyped-def]
    return carray(_int_pointer(a[0]), (a[1], a[2], a[3]))


@_jit
def _f1(a):  # type: ignore[no-untyped-def]
    return carray(_float_pointer(a[0]), (a[1],))


@_jit
def _f2(a):  # type: ignore[no-untyped-def]
    return carray(_float_pointer(a[0]), (a[1], a[2]))


# -- bits ------------------------------------------------------------------------
@_jit
def popcount(x: int) -> int:
    """Balls in a mask of up to 32 bits."""
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@_jit
def lowest_cell(mask: int) -> int:
    """The index of the lowest set bit of a non-zero mask."""
    return popcount((mask & -mask) - 1)


@_jit
def after_place(up: np.ndarray, occupied: int, playable: int, cell: int) -> int:
    """``bitboard.after_place``: the playable mask once ``cell`` is filled."""
    playable &= ~(1 << cell)
    for i in range(up[cell, 0]):
        platform = up[cell, 2 + 2 * i]
        if occupied & platform == platform:
            playable |= up[cell, 1 + 2 * i]
    return playable


# -- judging ---------------------------------------------------------------------
@_jit
def raw_codes(rows: np.ndarray, counts: np.ndarray, ints: np.ndarray, m0: int, m1: int, m2: int, cell: int) -> tuple[int, int, int]:
    """``Judge.colour_codes``: the code a ball of each colour forms on the
    empty ``cell`` (no apex ruling: :func:`apex_ruled` applies it). Read
    straight from the rows (no row views: a view costs a reference count)."""
    occ = m0 | m1 | m2 | (1 << cell)
    check_vis = ints[INT_CHECK_VISIBILITY] != 0
    c0 = c1 = c2 = 0
    for i in range(counts[cell]):
        mask = rows[cell, i, ROW_MASK]
        if occ & mask != mask:
            continue
        if check_vis:
            if occ & rows[cell, i, ROW_COVER]:
                continue
            cut = False
            for j in range(rows[cell, i, ROW_BRIDGES]):
                bridge = rows[cell, i, ROW_BRIDGES + 1 + j]
                if occ & bridge == bridge:
                    cut = True
                    break
            if cut:
                continue
        others = rows[cell, i, ROW_OTHERS]
        kind = rows[cell, i, ROW_KIND]
        flush = rows[cell, i, ROW_FLUSH]
        if kind == 3:
            if m0 & others == others:
                k, v = 0, flush
            elif m1 & others == others:
                k, v = 1, flush
            elif m2 & others == others:
                k, v = 2, flush
            else:  # two balls of two colours: three of three kinds for the third
                k = 0 if not m0 & others else 1 if not m1 & others else 2
                v = rows[cell, i, ROW_MIXED]
            if k == 0:
                if v > c0:
                    c0 = v
            elif k == 1:
                if v > c1:
                    c1 = v
            elif v > c2:
                c2 = v
        elif kind == 4:
            if m0 & others == others:
                if flush > c0:
                    c0 = flush
            elif m1 & others == others:
                if flush > c1:
                    c1 = flush
            elif m2 & others == others and flush > c2:
                c2 = flush
        else:
            if m0 & others == others:
                c0 = flush
                continue
            if m1 & others == others:
                c1 = flush
                continue
            if m2 & others == others:
                c2 = flush
                continue
            mixed = rows[cell, i, ROW_MIXED]
            for j in range(4):
                pair = rows[cell, i, ROW_PAIRINGS + 2 * j]
                other = rows[cell, i, ROW_PAIRINGS + 2 * j + 1]
                one = m0 & other == other or m1 & other == other or m2 & other == other
                if not one:
                    continue
                if m0 & pair == pair and not m0 & other:
                    c0 = max(c0, mixed)
                if m1 & pair == pair and not m1 & other:
                    c1 = max(c1, mixed)
                if m2 & pair == pair and not m2 & other:
                    c2 = max(c2, mixed)
    return c0, c1, c2


@_jit
def apex_ruled(ints: np.ndarray, cell: int, responding: bool, c0: int, c1: int, c2: int) -> tuple[int, int, int]:
    """The apex ruling on the codes of ``cell`` for this turn (``Judge.turn_colour_codes``)."""
    if cell == ints[INT_APEX_CELL] and not responding:
        floor = ints[INT_APEX_FLOOR]
        if floor:
            if c0 < floor:
                c0 = 0
            if c1 < floor:
                c1 = 0
            if c2 < floor:
                c2 = 0
    return c0, c1, c2


# -- the memo --------------------------------------------------------------------
@_jit
def _bucket(regions: np.ndarray, region: int, k1: int, k2: int) -> int:
    h = k1 * 0x1E3779B97F4A7C15 + k2 * 0x2545F4914F6CDD1D
    h ^= h >> 29
    h *= 0x3F1B873593A2B8C5
    h ^= h >> 32
    return regions[region, 0] + ((h & (regions[region, 1] - 1)) & ~1)


@_jit
def probe(keys: np.ndarray, regions: np.ndarray, region: int, k1: int, k2: int, gen: int) -> int:
    """The slot holding the live entry (k1, k2), or -1 (its value: column 3 of ``values``)."""
    at = _bucket(regions, region, k1, k2)
    for slot in range(at, at + 2):
        if keys[slot, 0] == k1 and keys[slot, 1] == k2 and keys[slot, 2] >> 2 == gen:
            return slot
    return -1


@_jit
def _prefetch_slot(base, regions, region, k1, k2):  # type: ignore[no-untyped-def]
    """Ask the processor for the bucket of (k1, k2) (``base``: the block's address), without waiting for it."""
    _prefetch(base + _bucket(regions, region, k1, k2) * SLOT_BYTES)


@_jit
def store(
    keys: np.ndarray, values: np.ndarray, regions: np.ndarray, region: int, k1: int, k2: int,
    gen: int, value: float, kind: int,
) -> None:
    """Keep (k1, k2) -> value: in its own or an empty slot of its bucket,
    else in the first slot, the entry there moving to the second."""
    at = _bucket(regions, region, k1, k2)
    slot = at
    for s in range(at, at + 2):
        if keys[s, 2] >> 2 != gen or (keys[s, 0] == k1 and keys[s, 1] == k2):
            slot = s
            break
    else:
        for column in range(4):  # the key, the stamp and the value's bits
            keys[at + 1, column] = keys[at, column]
    keys[slot, 0] = k1
    keys[slot, 1] = k2
    keys[slot, 2] = gen << 2 | kind
    values[slot, 3] = value


# -- the leaf --------------------------------------------------------------------
@_jit
def best_codes(p, w: int, b: int, r: int, playable: int, responding: bool, level: int, known: int) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """``_best_codes``: the best code a ball of each colour forms on this
    board; the raw codes of the cells of ``known`` are read from
    ``codes[level]`` (judged on a board differing in none of their shapes).
    Not remembered: with the codes carried, judging the few other cells
    costs less than a probe of the memo (a miss of the processor's cache)."""
    rows = _i3(p[A_ROWS])
    counts = _i1(p[A_COUNTS])
    ints = _i1(p[A_INTS])
    codes = _i3(p[A_CODES])
    best0 = best1 = best2 = 0
    rest = playable
    while rest:
        cell = lowest_cell(rest)
        rest &= rest - 1
        if known >> cell & 1:
            c0, c1, c2 = codes[level, cell, 0], codes[level, cell, 1], codes[level, cell, 2]
        else:
            c0, c1, c2 = raw_codes(rows, counts, ints, w, b, r, cell)
        c0, c1, c2 = apex_ruled(ints, cell, responding, c0, c1, c2)
        if c0 > best0:
            best0 = c0
        if c1 > best1:
            best1 = c1
        if c2 > best2:
            best2 = c2
    return best0, best1, best2


@_jit
def challenge_value(p, w: int, b: int, r: int, occupied: int, playable: int, colour: int, cell: int, code: int, level: int) -> float:  # type: ignore[no-untyped-def]
    """``_challenge_value``: the challenger's expected net points of a
    challenge ``code`` opened by ``colour`` on ``cell`` (the responder's best
    immediate answer to each colour of the bag), remembered. ``codes[level]``
    holds the raw codes of every cell of ``playable`` on the board before."""
    up = _i2(p[A_UP])
    gain = _i2(p[A_GAIN])
    ints = _i1(p[A_INTS])
    floats = _f1(p[A_FLOATS])
    linked = _i1(p[A_LINKED])
    keys = _i2(p[A_KEYS])
    values = _f2(p[A_VALUES])
    regions = _i2(p[A_REGIONS])
    counters = _i1(p[A_COUNTERS])
    bit = 1 << cell
    if colour == 0:
        w |= bit
    elif colour == 1:
        b |= bit
    else:
        r |= bit
    gen = counters[C_GEN]
    k1 = w | (b << 30)
    k2 = r | (np.int64(code) << 30)
    slot = probe(keys, regions, R_OPEN, k1, k2, gen)
    if slot >= 0:
        return values[slot, 3]
    occupied |= bit
    if occupied == ints[INT_FULL]:  # the bag is empty: settled with no response
        return float(-gain[code, 0])
    known = playable & ~linked[cell]  # the cells whose codes the new ball leaves as they were
    a0, a1, a2 = best_codes(p, w, b, r, after_place(up, occupied, playable, cell), True, level, known)
    n0 = ints[INT_TOTAL_WHITE] - popcount(w)
    n1 = ints[INT_TOTAL_WHITE + 1] - popcount(b)
    n2 = ints[INT_TOTAL_WHITE + 2] - popcount(r)
    sf_code = ints[INT_SF_CODE]
    sf_points = floats[FLOAT_SF_POINTS]
    total = 0.0
    if n0:
        total += n0 * (-sf_points if a0 >= sf_code else -gain[code, a0])
    if n1:
        total += n1 * (-sf_points if a1 >= sf_code else -gain[code, a1])
    if n2:
        total += n2 * (-sf_points if a2 >= sf_code else -gain[code, a2])
    value = total / (n0 + n1 + n2)
    store(keys, values, regions, R_OPEN, k1, k2, gen, value, EXACT)
    return value


@_jit
def utility_leaf(ints: np.ndarray, floats: np.ndarray, x: float, placed: int) -> float:
    """``Utility.leaf`` / ``WinUtility.leaf``: an estimated lead ``x`` with ``placed`` balls placed."""
    if not ints[INT_WIN]:
        return x
    scale = floats[FLOAT_SCALE + placed]
    return 0.5 * (math.erf((x - 0.5) * scale) + math.erf((x + 0.5) * scale))


@_jit
def terminal(ints: np.ndarray, lead: int) -> float:
    """``Utility.terminal``: the final lead, or its sign for the game result."""
    if not ints[INT_WIN]:
        return float(lead)
    return float((lead > 0) - (lead < 0))


@_jit
def leaf_value(p, w: int, b: int, r: int, occupied: int, playable: int, challenge: int, lead: int, ply: int) -> float:  # type: ignore[no-untyped-def]
    """``leaf_terms``' value: the hand-made leaf for the player about to draw.
    The raw codes of the cells of ``inherit[ply]`` are those of ``codes[ply - 1]``."""
    rows = _i3(p[A_ROWS])
    counts = _i1(p[A_COUNTS])
    gain = _i2(p[A_GAIN])
    open_value = _f1(p[A_OPEN_VALUE])
    ints = _i1(p[A_INTS])
    floats = _f1(p[A_FLOATS])
    counters = _i1(p[A_COUNTERS])
    codes = _i3(p[A_CODES])
    inherit = _i1(p[A_INHERIT])
    regions = _i2(p[A_REGIONS])
    base = p[A_KEYS][0]
    n0 = ints[INT_TOTAL_WHITE] - popcount(w)
    n1 = ints[INT_TOTAL_WHITE + 1] - popcount(b)
    n2 = ints[INT_TOTAL_WHITE + 2] - popcount(r)
    responding = challenge != 0
    placed = popcount(occupied)
    left = n0 + n1 + n2
    sf_code = ints[INT_SF_CODE]
    g0 = g1 = g2 = 0.0
    s0 = s1 = s2 = False
    if not responding and counters[C_QUIESCENCE]:
        # _open_gains: the best challenge each colour could open, judged on this
        # board (every cell's raw codes first, in codes[ply], for the answers)
        known = inherit[ply]
        rest = playable
        while rest:
            cell = lowest_cell(rest)
            rest &= rest - 1
            if known >> cell & 1:
                codes[ply, cell, 0] = codes[ply - 1, cell, 0]
                codes[ply, cell, 1] = codes[ply - 1, cell, 1]
                codes[ply, cell, 2] = codes[ply - 1, cell, 2]
            else:
                codes[ply, cell, 0], codes[ply, cell, 1], codes[ply, cell, 2] = raw_codes(
                    rows, counts, ints, w, b, r, cell
                )
            # the challenges' memo lines, asked for all at once (their misses overlap)
            c0, c1, c2 = apex_ruled(ints, cell, False, codes[ply, cell, 0], codes[ply, cell, 1], codes[ply, cell, 2])
            bit = 1 << cell
            if c0 and n0 and c0 < sf_code:
                _prefetch_slot(base, regions, R_OPEN, (w | bit) | (b << 30), r | (np.int64(c0) << 30))
            if c1 and n1 and c1 < sf_code:
                _prefetch_slot(base, regions, R_OPEN, w | ((b | bit) << 30), r | (np.int64(c1) << 30))
            if c2 and n2 and c2 < sf_code:
                _prefetch_slot(base, regions, R_OPEN, w | (b << 30), (r | bit) | (np.int64(c2) << 30))
        rest = playable
        while rest:
            cell = lowest_cell(rest)
            rest &= rest - 1
            c0, c1, c2 = apex_ruled(ints, cell, False, codes[ply, cell, 0], codes[ply, cell, 1], codes[ply, cell, 2])
            if c0 and n0:
                if c0 >= sf_code:
                    s0 = True
                else:
                    v = challenge_value(p, w, b, r, occupied, playable, 0, cell, c0, ply)
                    if v > g0:
                        g0 = v
            if c1 and n1:
                if c1 >= sf_code:
                    s1 = True
                else:
                    v = challenge_value(p, w, b, r, occupied, playable, 1, cell, c1, ply)
                    if v > g1:
                        g1 = v
            if c2 and n2:
                if c2 >= sf_code:
                    s2 = True
                else:
                    v = challenge_value(p, w, b, r, occupied, playable, 2, cell, c2, ply)
                    if v > g2:
                        g2 = v
    else:
        b0, b1, b2 = best_codes(p, w, b, r, playable, responding, ply - 1, inherit[ply])
        s0, s1, s2 = b0 >= sf_code, b1 >= sf_code, b2 >= sf_code
        if responding:
            g0, g1, g2 = float(gain[challenge, b0]), float(gain[challenge, b1]), float(gain[challenge, b2])
        else:
            g0 = open_value[b0] if b0 < sf_code else 0.0
            g1 = open_value[b1] if b1 < sf_code else 0.0
            g2 = open_value[b2] if b2 < sf_code else 0.0
    at = placed + 1 if responding else placed
    x = float(lead)
    sf = floats[FLOAT_SF]
    value = 0.0
    if n0:
        value += n0 * sf if s0 else n0 * utility_leaf(ints, floats, x + g0, at)
    if n1:
        value += n1 * sf if s1 else n1 * utility_leaf(ints, floats, x + g1, at)
    if n2:
        value += n2 * sf if s2 else n2 * utility_leaf(ints, floats, x + g2, at)
    return value / left


@_jit
def leaf(p, w: int, b: int, r: int, occupied: int, playable: int, challenge: int, lead: int, ply: int) -> float:  # type: ignore[no-untyped-def]
    """``Expectimax.leaf``: the leaf's value, remembered; a node when judged
    (the codes it may carry: ``inherit[ply]``, see :func:`leaf_value`)."""
    keys = _i2(p[A_KEYS])
    values = _f2(p[A_VALUES])
    regions = _i2(p[A_REGIONS])
    counters = _i1(p[A_COUNTERS])
    gen = counters[C_GEN]
    k1 = w | (b << 30)
    k2 = r | (np.int64(challenge) << 30) | (np.int64(lead + LEAD_BIAS) << 36)
    slot = probe(keys, regions, R_LEAF, k1, k2, gen)
    if slot >= 0:
        return values[slot, 3]
    counters[C_NODES] += 1
    value = leaf_value(p, w, b, r, occupied, playable, challenge, lead, ply)
    store(keys, values, regions, R_LEAF, k1, k2, gen, value, EXACT)
    return value


@_jit
def _prefetch_children(p, w: int, b: int, r: int, challenge: int, lead: int, colour: int, ply: int, count: int, depth: int, left: int) -> None:  # type: ignore[no-untyped-def]
    """Ask the processor for the memo's line of each child (a leaf at the
    last ply, else a chance node) that a placement of ``colour`` reaches, all
    at once, before they are probed one by one: their cache misses overlap
    instead of following each other."""
    gain = _i2(p[A_GAIN])
    ints = _i1(p[A_INTS])
    regions = _i2(p[A_REGIONS])
    moves = _i3(p[A_MOVES])
    base = p[A_KEYS][0]
    sf_code = ints[INT_SF_CODE]
    full = ints[INT_FULL]
    for move in range(count):
        code = moves[ply, move, 1 + colour]
        if code >= sf_code or moves[ply, move, 4] == full:
            continue
        if challenge:
            lead_after, next_challenge = lead + gain[challenge, code], 0
        else:
            lead_after, next_challenge = lead, code
        bit = 1 << moves[ply, move, 0]
        w2 = w | bit if colour == 0 else w
        b2 = b | bit if colour == 1 else b
        r2 = r | bit if colour == 2 else r
        k1 = w2 | (b2 << 30)
        k2 = r2 | (np.int64(next_challenge) << 30) | (np.int64(-lead_after + LEAD_BIAS) << 36)
        if depth <= 1:
            _prefetch_slot(base, regions, R_LEAF, k1, k2)
        else:  # the child's key: its depth as it clamps it (to its balls left)
            _prefetch_slot(base, regions, R_CHANCE, k1, k2 | (np.int64(min(depth - 1, left - 1)) << 48))


# -- the tree --------------------------------------------------------------------
@_jit
def _tick(counters: np.ndarray) -> bool:
    """Past the node limit, or the Python side says stop: True (and the stop flag set)."""
    nodes = counters[C_NODES]
    if nodes > counters[C_LIMIT]:
        counters[C_STOP] = 1
        return True
    if nodes >= counters[C_NEXT]:
        counters[C_NEXT] = nodes + CHECK_EVERY
        if counters[C_HOOK] and _call_hook(nodes):
            counters[C_STOP] = 1
            return True
    return False


@_jit
def search(p, mode: int, w: int, b: int, r: int, occupied: int, playable: int, challenge: int, colour: int, cell: int, code: int, lead: int, depth: int, alpha: float, beta: float, ply: int, prune: bool) -> float:  # type: ignore[no-untyped-def]
    """The search's one entry, by ``mode``: :data:`CHANCE` is
    ``Expectimax.chance`` (the value for the player about to draw, exact
    inside (alpha, beta), else a bound on that side); :data:`PLACE` is
    ``Expectimax.place`` (``colour`` on ``cell``, forming ``code``);
    :data:`ANALYSE` is ``Expectimax.analyse`` (the rows (cell, value, code)
    of the memo's ``out``, in search order; returns how many). 0.0 once stopped.

    One function for the three, with one signature (it calls itself): numba's
    cache loses the link from a cached function to another overload or
    function it calls recursively (the loaded code jumps to a null address).
    Python calls it with int64, float64 and bool arguments only."""
    rows = _i3(p[A_ROWS])
    counts = _i1(p[A_COUNTS])
    up = _i2(p[A_UP])
    gain = _i2(p[A_GAIN])
    ints = _i1(p[A_INTS])
    floats = _f1(p[A_FLOATS])
    linked = _i1(p[A_LINKED])
    keys = _i2(p[A_KEYS])
    values = _f2(p[A_VALUES])
    regions = _i2(p[A_REGIONS])
    counters = _i1(p[A_COUNTERS])
    moves = _i3(p[A_MOVES])
    orders = _i2(p[A_ORDERS])
    out = _f2(p[A_OUT])
    codes = _i3(p[A_CODES])
    inherit = _i1(p[A_INHERIT])
    # The recursive calls pass typed values, never literals: numba would make
    # an overload per literal, and its cache loses the links between overloads.
    zero = np.int64(0)
    chance_mode = np.int64(CHANCE)
    if mode == PLACE:
        if code >= ints[INT_SF_CODE]:
            return floats[FLOAT_SF]
        if challenge:
            lead += gain[challenge, code]  # the response settles the challenge
            challenge = 0
        else:
            challenge = code
        bit = 1 << cell
        occupied |= bit
        if colour == 0:
            w |= bit
        elif colour == 1:
            b |= bit
        else:
            r |= bit
        if occupied == ints[INT_FULL]:  # the bag is empty: a challenge opened now is settled with no response
            return terminal(ints, lead - gain[challenge, 0])
        playable = after_place(up, occupied, playable, cell)
        # the node below carries the codes the caller left: inherit[ply] of codes[ply - 1]
        if depth <= 1:
            return -leaf(p, w, b, r, occupied, playable, challenge, -lead, ply)
        return -search(
            p, chance_mode, w, b, r, occupied, playable, challenge, zero, zero, zero, -lead, depth - 1,
            -beta, -alpha, ply, prune,
        )
    if mode == ANALYSE:
        responding = challenge != 0
        found = 0
        rest = playable
        while rest:  # cells in index order, then a stable sort by code, strongest first
            at = lowest_cell(rest)
            rest &= rest - 1
            codes[ply, at, 0], codes[ply, at, 1], codes[ply, at, 2] = raw_codes(rows, counts, ints, w, b, r, at)
            formed = apex_ruled(ints, at, responding, codes[ply, at, 0], codes[ply, at, 1], codes[ply, at, 2])[colour]
            j = found
            while j > 0 and out[j - 1, 2] < formed:
                out[j, 0] = out[j - 1, 0]
                out[j, 2] = out[j - 1, 2]
                j -= 1
            out[j, 0] = at
            out[j, 2] = formed
            found += 1
        best = -math.inf
        for i in range(found):
            counters[C_NODES] += 1
            floor = best - ROOT_MARGIN if prune else -math.inf
            inherit[ply + 1] = playable & ~linked[np.int64(out[i, 0])]  # the root's codes, carried below
            value = search(
                p, np.int64(PLACE), w, b, r, occupied, playable, challenge, colour, np.int64(out[i, 0]),
                np.int64(out[i, 2]), lead, depth, floor, math.inf, ply + 1, prune,
            )
            if counters[C_STOP]:
                return 0.0
            best = max(best, value)
            out[i, 1] = value
        return float(found)
    if not counters[C_WINDOWS]:
        alpha, beta = -math.inf, math.inf
    n = (
        ints[INT_TOTAL_WHITE] - popcount(w),
        ints[INT_TOTAL_WHITE + 1] - popcount(b),
        ints[INT_TOTAL_WHITE + 2] - popcount(r),
    )
    left = n[0] + n[1] + n[2]
    if depth > left:
        depth = left  # the game ends first: deeper searches are the same search
    gen = counters[C_GEN]
    k1 = w | (b << 30)
    k2 = r | (np.int64(challenge) << 30) | (np.int64(lead + LEAD_BIAS) << 36) | (np.int64(depth) << 48)
    slot = probe(keys, regions, R_CHANCE, k1, k2, gen)
    if slot >= 0:
        value = values[slot, 3]
        kind = keys[slot, 2] & 3
        if kind == EXACT or (kind == LOWER and value >= beta) or (kind == UPPER and value <= alpha):
            return value
    top = floats[FLOAT_TOP]
    bottom = -top
    sf_code = ints[INT_SF_CODE]
    full = ints[INT_FULL]
    sf = floats[FLOAT_SF]
    responding = challenge != 0
    # _moves: per playable cell, in cell order, its codes and what follows it.
    # The raw codes go to codes[ply] (carried from the ply above where the
    # last ball touches none of the cell's shapes) for the plies below.
    count = 0
    known = inherit[ply]
    rest_cells = playable
    while rest_cells:
        cell = lowest_cell(rest_cells)
        rest_cells &= rest_cells - 1
        if known >> cell & 1:
            c0, c1, c2 = codes[ply - 1, cell, 0], codes[ply - 1, cell, 1], codes[ply - 1, cell, 2]
        else:
            c0, c1, c2 = raw_codes(rows, counts, ints, w, b, r, cell)
        codes[ply, cell, 0] = c0
        codes[ply, cell, 1] = c1
        codes[ply, cell, 2] = c2
        c0, c1, c2 = apex_ruled(ints, cell, responding, c0, c1, c2)
        after = occupied | (1 << cell)
        moves[ply, count, 0] = cell
        moves[ply, count, 1] = c0
        moves[ply, count, 2] = c1
        moves[ply, count, 3] = c2
        moves[ply, count, 4] = after
        moves[ply, count, 5] = 0 if after == full else after_place(up, after, playable, cell)
        count += 1
    counters[C_NODES] += count
    if _tick(counters):
        return 0.0
    done = 0.0  # sum of count * value over the colours searched
    rest = left  # balls of the colours not searched yet
    for colour in range(3):
        number = n[colour]
        if not number:
            continue
        rest -= number
        # The window in which this colour's value can still move the average
        # past alpha or beta, the other colours being anything possible.
        if rest:
            if top != math.inf:
                low = (alpha * left - done - rest * top) / number
                high = (beta * left - done - rest * bottom) / number
            else:
                low, high = -math.inf, math.inf
        else:
            low = (alpha * left - done) / number if alpha != -math.inf else -math.inf
            high = (beta * left - done) / number if beta != math.inf else math.inf
        if low >= top or high <= bottom:
            colour_value = top if low >= top else bottom  # settled whatever this colour gives
        else:
            # _decide: the best placement of this colour, strongest groups first
            a = max(low, bottom)
            z = min(high, top)
            for i in range(count):  # a stable insertion sort: ties keep cell order
                j = i
                code = moves[ply, i, 1 + colour]
                while j > 0 and moves[ply, orders[ply, j - 1], 1 + colour] < code:
                    orders[ply, j] = orders[ply, j - 1]
                    j -= 1
                orders[ply, j] = i
            _prefetch_children(p, w, b, r, challenge, lead, colour, ply, count, depth, left)
            best = -math.inf
            for i in range(count):
                move = orders[ply, i]
                code = moves[ply, move, 1 + colour]
                if code >= sf_code:
                    value = sf
                else:
                    if challenge:
                        lead_after = lead + gain[challenge, code]  # the response settles the challenge
                        next_challenge = 0
                    else:
                        lead_after = lead
                        next_challenge = code
                    after = moves[ply, move, 4]
                    if after == full:  # the bag is empty: a challenge opened now is unanswered
                        value = terminal(ints, lead_after - gain[next_challenge, 0])
                    else:
                        bit = 1 << moves[ply, move, 0]
                        inherit[ply + 1] = playable & ~linked[moves[ply, move, 0]]
                        w2, b2, r2 = w, b, r
                        if colour == 0:
                            w2 |= bit
                        elif colour == 1:
                            b2 |= bit
                        else:
                            r2 |= bit
                        if depth <= 1:
                            value = -leaf(
                                p, w2, b2, r2, after, moves[ply, move, 5], next_challenge, -lead_after, ply + 1
                            )
                        else:
                            floor = a if a > best else best
                            value = -search(
                                p, chance_mode, w2, b2, r2, after, moves[ply, move, 5], next_challenge,
                                zero, zero, zero, -lead_after, depth - 1, -z, -floor, ply + 1, prune,
                            )
                            if counters[C_STOP]:
                                return 0.0
                if value > best:
                    best = value
                    if best >= z:
                        break
            colour_value = best
        if colour_value <= low:
            value = (done + number * colour_value + (rest * top if rest else 0.0)) / left
            value = min(value, alpha)  # <= alpha, whatever the rounding
            store(keys, values, regions, R_CHANCE, k1, k2, gen, value, UPPER)
            return value
        if colour_value >= high:
            value = (done + number * colour_value + (rest * bottom if rest else 0.0)) / left
            value = max(value, beta)  # >= beta, whatever the rounding
            store(keys, values, regions, R_CHANCE, k1, k2, gen, value, LOWER)
            return value
        done += number * colour_value
    value = done / left
    store(keys, values, regions, R_CHANCE, k1, k2, gen, value, EXACT)
    return value


@_jit
def run(a: np.ndarray, nodes: int, limit: int, next_check: int, hook: bool, windows: bool, quiescence: bool, generation: int, mode: int, w: int, b: int, r: int, occupied: int, playable: int, challenge: int, colour: int, cell: int, code: int, lead: int, depth: int, alpha: float, beta: float, prune: bool) -> float:  # type: ignore[no-untyped-def]
    """The entry from Python: :func:`search` at ply 0 (``mode`` and the
    position as there) with the arrays of ``a`` (``tables.addresses``: 17
    arrays) and the counters set from the arguments (one call: a Python
    tuple of tuples or a numpy store per counter costs microseconds)."""
    p = (
        (a[0], a[1], a[2], a[3]), (a[4], a[5], a[6], a[7]), (a[8], a[9], a[10], a[11]),
        (a[12], a[13], a[14], a[15]), (a[16], a[17], a[18], a[19]), (a[20], a[21], a[22], a[23]),
        (a[24], a[25], a[26], a[27]), (a[28], a[29], a[30], a[31]), (a[32], a[33], a[34], a[35]),
        (a[36], a[37], a[38], a[39]), (a[40], a[41], a[42], a[43]), (a[44], a[45], a[46], a[47]),
        (a[48], a[49], a[50], a[51]), (a[52], a[53], a[54], a[55]), (a[56], a[57], a[58], a[59]),
        (a[60], a[61], a[62], a[63]), (a[64], a[65], a[66], a[67]),
    )
    counters = _i1(p[A_COUNTERS])
    counters[C_NODES] = nodes
    counters[C_LIMIT] = limit
    counters[C_NEXT] = next_check
    counters[C_STOP] = 0
    counters[C_HOOK] = hook
    counters[C_WINDOWS] = windows
    counters[C_QUIESCENCE] = quiescence
    counters[C_GEN] = generation
    inherit = _i1(p[A_INHERIT])
    inherit[0] = 0  # the root's codes: judged afresh
    return search(
        p, mode, w, b, r, occupied, playable, challenge, colour, cell, code, lead, depth, alpha, beta,
        np.int64(0), prune,
    )
