"""The rules on raw bit masks, for search: what a placement forms.

Search explores hundreds of thousands of placements a move, too many for
:class:`spoker.state.GameState` (which records history and builds events), so
the players work on plain ints: three colour masks, the occupancy mask and the
playable mask. :func:`strength` is the engine's judgement
(:func:`spoker.groups.best_code` plus the apex ruling); :func:`codes3` judges a
ball of each colour in one pass with the same pattern tables, and the tests
hold it against ``best_code`` on random positions.

Conventions: a *challenge code* is ``rank * 8 + top level`` of a pending
challenge's group (0: none), so codes compare as challenges do. Values are from
the point of view of the player about to move.
"""

from __future__ import annotations

from shibumi import APEX, FULL_MASK
from shibumi.geometry import PLATFORM_MASK, RESTING_ON
from spoker.groups import THROUGH, best_code
from spoker.rules import RuleSet
from spoker.state import GameState

STRAIGHT_FLUSH = 5
APEX_CELL = int(APEX)
FULL = FULL_MASK

# The cells of a 30-bit mask as a tuple of ints, in two lookups of 15 bits.
_LOW = tuple(tuple(i for i in range(15) if m >> i & 1) for m in range(1 << 15))
_HIGH = tuple(tuple(15 + i for i in range(15) if m >> i & 1) for m in range(1 << 15))

UP: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((1 << int(u), PLATFORM_MASK[u]) for u in RESTING_ON[c]) for c in range(30)
)
"""Per cell: (bit, platform mask) of each cell resting on it."""


PatternRow = tuple[int, int, int, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]


def _through_table() -> tuple[tuple[PatternRow, ...], ...]:
    """Per cell, the patterns a ball there completes, as plain tuples:
    (mask, other cells' mask, kind, top level, cover mask, cut bridges, pairings)."""
    out = []
    for cell in range(30):
        row = []
        for p in THROUGH[cell]:
            others = p.mask & ~(1 << cell)
            row.append((p.mask, others, p.kind, p.top_level, p.cover_mask, p.bridges, p.pairings))
        out.append(tuple(row))
    return tuple(out)


THROUGH_ROWS = _through_table()
"""Per cell: the patterns (:data:`PatternRow`) a ball placed there can complete."""
_THROUGH = THROUGH_ROWS


def codes3(m0: int, m1: int, m2: int, occ: int, cell: int, check_vis: bool) -> tuple[int, int, int]:
    """Challenge codes (0: nothing) of a ball of each colour (W, B, R) placed on
    the empty ``cell``, apex ruling not applied; ``occ`` does not hold it.

    The same judgement as :func:`spoker.groups.best_code`, for the three
    colours in one pass: a pattern's rank follows from its other balls.
    """
    occ |= 1 << cell
    c0 = c1 = c2 = 0
    for mask, others, kind, level, cover, bridges, pairings in _THROUGH[cell]:
        if occ & mask != mask:
            continue
        if check_vis:
            if occ & cover:
                continue
            cut = False
            for b in bridges:
                if occ & b == b:
                    cut = True
                    break
            if cut:
                continue
        if kind == 3:
            if m0 & others == others:
                k, v = 0, 16
            elif m1 & others == others:
                k, v = 1, 16
            elif m2 & others == others:
                k, v = 2, 16
            else:  # two balls of two colours: three of three kinds for the third
                k = 0 if not m0 & others else 1 if not m1 & others else 2
                v = 8
            v += level
            if k == 0:
                if v > c0:
                    c0 = v
            elif k == 1:
                if v > c1:
                    c1 = v
            elif v > c2:
                c2 = v
        elif kind == 4:
            v = 32 + level
            if m0 & others == others:
                if v > c0:
                    c0 = v
            elif m1 & others == others:
                if v > c1:
                    c1 = v
            elif m2 & others == others and v > c2:
                c2 = v
        else:
            sf = 40 + level
            if m0 & others == others:
                c0 = sf
                continue
            if m1 & others == others:
                c1 = sf
                continue
            if m2 & others == others:
                c2 = sf
                continue
            fh = 24 + level
            for pair, other in pairings:
                for k, mk in ((0, m0), (1, m1), (2, m2)):
                    if mk & pair == pair and not mk & other and (
                        m0 & other == other or m1 & other == other or m2 & other == other
                    ):
                        if k == 0:
                            c0 = max(c0, fh)
                        elif k == 1:
                            c1 = max(c1, fh)
                        else:
                            c2 = max(c2, fh)
    return c0, c1, c2


def _neighbourhoods() -> tuple[int, ...]:
    """Per cell: every cell whose ball can change what a ball there forms
    (the patterns through it, the cells that cover or cut them)."""
    out = []
    for rows in THROUGH_ROWS:
        n = 0
        for mask, _, _, _, cover, bridges, _ in rows:
            n |= mask | cover
            for b in bridges:
                n |= b
        out.append(n)
    return tuple(out)


NEIGHBOURHOOD = _neighbourhoods()

_CACHES: dict[bool, dict[int, tuple[int, int, int]]] = {True: {}, False: {}}
CACHE_LIMIT = 400_000


def cached_codes3(m0: int, m1: int, m2: int, cell: int, check_vis: bool) -> tuple[int, int, int]:
    """:func:`codes3`, remembered by the colours of the cell's neighbourhood
    (all it depends on), so a search re-judging similar boards mostly looks up."""
    n = NEIGHBOURHOOD[cell]
    key = (m0 & n) | (m1 & n) << 30 | (m2 & n) << 60 | cell << 90
    cache = _CACHES[check_vis]
    codes = cache.get(key)
    if codes is None:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        codes = cache[key] = codes3(m0, m1, m2, m0 | m1 | m2, cell, check_vis)
    return codes


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells (ints) of a mask, in index order."""
    return _LOW[mask & 0x7FFF] + _HIGH[mask >> 15]


def after_place(occ: int, playable: int, cell: int) -> int:
    """The playable mask once ``cell`` is filled (``occ`` already holds it)."""
    playable &= ~(1 << cell)
    for bit, pm in UP[cell]:
        if occ & pm == pm:
            playable |= bit
    return playable


def strength(
    masks: list[int], occ: int, cell: int, colour: int, responding: bool, rules: RuleSet
) -> int:
    """Challenge code (``rank * 8 + level``, 0: nothing) of the best counting
    group the ball just placed on ``cell`` forms; ``masks`` and ``occ`` hold it.

    Applies the apex ruling: on a normal turn the apex forms only a straight flush.
    """
    rank, level, _ = best_code(masks, occ, cell, colour, rules.check_visibility)
    if (
        rank
        and cell == APEX_CELL
        and not responding
        and rank != STRAIGHT_FLUSH
        and not rules.apex_free
    ):
        return 0
    return rank * 8 + level if rank else 0


def challenge_code(state: GameState) -> int:
    """The pending challenge of a state as a code (0: none)."""
    ch = state.challenge
    return 0 if ch is None else int(ch.group.rank) * 8 + ch.group.top_level


def score_diff(state: GameState) -> int:
    """Score of the player to move minus the opponent's."""
    s1, s2 = state.scores
    return s1 - s2 if state.to_move == 1 else s2 - s1
