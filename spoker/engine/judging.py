"""The rules of judging, once: the winning shapes, which group a ball forms,
which groups count (visibility, the apex, a variant's own rulings) and the
challenge code that compares them.

Every layer judges through this module: the state
(:meth:`spoker.engine.state.GameState.apply_place`), the players' search
(:mod:`spoker.players.bitboard`, :mod:`spoker.players.search`), the batch
simulator (its numpy form reads :attr:`Judge.through_rows` and
:attr:`Judge.apex_floor_code`), the explanations (:mod:`spoker.engine.groups`,
:mod:`spoker.gui.models.lab`) and the analysis.

A :class:`Rulings` is what a rule set decides; rule variants
(:mod:`spoker.engine.rules`) are changes to it. A :class:`Judge` is a rulings
compiled into the tables the hot paths read (one per rulings, built once:
:func:`judge_for`). The tables are plain tuples of ints so that the inner
loops unpack a pattern in one step.

A *challenge code* is ``rank * 8 + top level`` (:func:`challenge_code`,
:func:`split_code`): codes compare as challenges do, rank first, then level;
0 is no group.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import NamedTuple

from shibumi import APEX, Cell
from shibumi.errors import shown
from shibumi.geometry import (
    BRIDGES,
    COVER_MASK,
    LINES3,
    LINES4,
    PLATFORM,
    RESTING_ON,
    in_level_contacts,
)
from spoker.errors import NotationError, SpokerError

APEX_CELL = int(APEX)
STRAIGHT_FLUSH = 5
"""The rank of a straight flush (ranks: 1 three kinds ... 5 straight flush)."""
LEVEL_BITS = 3
"""A challenge code's low bits hold the top level (1-4), the rest the rank:
``code >> LEVEL_BITS`` is the rank (what numpy code uses)."""


def _challenge_code(rank: int, level: int) -> int:
    return rank << LEVEL_BITS | level


CODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_challenge_code(rank, level) for level in range(5)) for rank in range(6)
)
"""``CODES[rank][level]``: :func:`challenge_code` without its checks, for hot paths."""


def challenge_code(rank: int, level: int) -> int:
    """The code of a group of ``rank`` (1-5) topped on ``level`` (1-4): ``rank * 8 + level``."""
    for what, value, top in (("rank", rank, 5), ("level", level, 4)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{what} {shown(value)}: expected an int")
        if not 0 <= value <= top:
            raise SpokerError(f"{what} {shown(value)} is not between 0 and {top}")
    return _challenge_code(rank, level)


def split_code(code: int) -> tuple[int, int]:
    """(rank, top level) of a challenge code; (0, 0) for 0 (no group)."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise TypeError(f"code {shown(code)}: expected an int")
    if not 0 <= code <= STRAIGHT_FLUSH_CODE + 4:
        raise SpokerError(f"{shown(code)} is not a challenge code (rank * 8 + level)")
    return code >> LEVEL_BITS, code & ((1 << LEVEL_BITS) - 1)


STRAIGHT_FLUSH_CODE = _challenge_code(STRAIGHT_FLUSH, 0)
"""Codes at or above this one are straight flushes: they end the game."""


# -- the shapes -------------------------------------------------------------------
class Pattern(NamedTuple):
    """A shape in the pyramid with everything judging needs."""

    pid: int
    kind: int  # 3: line of three, 4: line of four, 5: pyramid
    cells: tuple[Cell, ...]
    mask: int
    top_level: int
    cover_mask: int
    bridges: tuple[int, ...]  # masks of the pairs of cells that would cut a contact
    pairings: tuple[tuple[int, int], ...]  # pyramid: (pair, other pair) platform masks


def _bit(cells: Iterable[int]) -> int:
    return sum(1 << c for c in cells)


def _or(masks: Iterable[int]) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def _make_patterns() -> tuple[Pattern, ...]:
    out: list[Pattern] = []
    for kind, shapes in ((3, LINES3), (4, LINES4)):
        for line in shapes:
            bridges = tuple(
                _bit(BRIDGES[pair]) for pair in in_level_contacts(line) if len(BRIDGES[pair]) == 2
            )
            out.append(
                Pattern(
                    len(out), kind, line, _bit(line), max(c.level for c in line),
                    _or(COVER_MASK[c] for c in line), bridges, (),
                )
            )
    for top in range(30):
        plat = PLATFORM[top]
        if not plat:
            continue
        cells = plat + (Cell(top),)
        # Platform order is front-left, front-right, back-left, back-right:
        # the two touching pairings are front/back rows and left/right columns.
        fl, fr, bl, br = (1 << c for c in plat)
        pairings = ((fl | fr, bl | br), (bl | br, fl | fr), (fl | bl, fr | br), (fr | br, fl | bl))
        out.append(
            Pattern(
                len(out), 5, cells, _bit(cells), Cell(top).level,
                _or(COVER_MASK[c] for c in cells), (), pairings,
            )
        )
    return tuple(out)


PATTERNS: tuple[Pattern, ...] = _make_patterns()
"""Every winning shape: the lines of three, of four, and the five-ball pyramids."""

FLUSH_RANK = {3: 2, 4: 4, 5: 5}
"""Per kind of shape, the rank it reaches when all its balls share one colour;
also an upper bound of what it can rank at all (a pyramid: straight flush,
else full house)."""

RANKS_OF_KIND = {3: (1, 2), 4: (4,), 5: (3, 5)}
"""Per kind of shape, the ranks it can form."""

PATTERN_OF: dict[tuple[tuple[Cell, ...], int], Pattern] = {
    (tuple(sorted(p.cells)), rank): p for p in PATTERNS for rank in RANKS_OF_KIND[p.kind]
}
"""The pattern of a group: keyed by (cells in cell order, rank)."""


def _scan_order(p: Pattern) -> tuple[int, int, tuple[Cell, ...]]:
    # Strongest possible first, then the higher top, then the cells: among equal
    # (rank, top level) the first one scanned wins, the same group that
    # groups_at lists first.
    return (-FLUSH_RANK[p.kind], -p.top_level, tuple(sorted(p.cells)))


THROUGH: tuple[tuple[Pattern, ...], ...] = tuple(
    tuple(
        sorted(
            (
                p for p in PATTERNS
                if p.mask >> c & 1 and (p.kind != 5 or p.cells[-1] == c)  # a pyramid's last ball is its top
            ),
            key=_scan_order,
        )
    )
    for c in range(30)
)
"""Per cell: the patterns containing it (a pyramid only as its top), in scan order."""

RESTING_MASK: tuple[int, ...] = tuple(_bit(RESTING_ON[c]) for c in range(30))
"""Per cell: the cells resting on it."""

COVER_OF: tuple[int, ...] = tuple(p.cover_mask for p in PATTERNS)
"""Per pattern id: its cover mask (for loops that index by id)."""
BRIDGES_OF: tuple[tuple[int, ...], ...] = tuple(p.bridges for p in PATTERNS)
"""Per pattern id: the masks of the cell pairs that would cut its contacts."""


def _full_house_table(p: Pattern) -> dict[int, int]:
    # Key: the top's colour mask within the pyramid (a touching pair and the
    # top); value: the other pair, which must be one other colour.
    top = 1 << p.cells[-1]
    return {pair | top: other for pair, other in p.pairings}


FULL_HOUSE_OTHER: tuple[dict[int, int], ...] = tuple(
    _full_house_table(p) if p.kind == 5 else {} for p in PATTERNS
)
"""Per pattern id (a pyramid): the top's colour within it (a touching pair and
the top) to the other pair, which must then be one other colour."""

Masks = tuple[int, int, int] | list[int]


def rank_of(p: Pattern, masks: Masks, colour: int) -> int:
    """Rank (0 for none) of the complete pattern ``p`` whose newest ball (for
    a pyramid: its top) has ``colour``; visibility is not judged."""
    try:
        m = p.mask
        if masks[colour] & m == m:
            return FLUSH_RANK[p.kind]
        if p.kind == 3:
            return 1 if masks[0] & m and masks[1] & m and masks[2] & m else 0
        if p.kind == 5:
            other = FULL_HOUSE_OTHER[p.pid].get(masks[colour] & m)
            if other is None:
                return 0
            # The other pair holds no ball of the top's colour: one colour for both?
            one = masks[0] & other == other or masks[1] & other == other or masks[2] & other == other
            return 3 if one else 0
        return 0
    except (AttributeError, IndexError, KeyError):
        raise SpokerError(f"rank_of: {shown(p)}, masks {shown(masks)}, colour {shown(colour)}: not a pattern on a position") from None


def visible(p: Pattern, occ: int) -> bool:
    """Geometric visibility of pattern ``p`` on the occupied cells ``occ``: no
    ball of it covered, no contact of it cut."""
    try:
        if occ & p.cover_mask:
            return False
        for b in p.bridges:
            if occ & b == b:
                return False
        return True
    except AttributeError:
        raise TypeError(f"visible: {shown(p)} is not a Pattern") from None


Entry = tuple[int, int, int, int]
"""A pattern in the hot path: (mask, rank if one colour, top level, pattern id)."""

_NONE = (0, 0, -1)


N_LINES3 = len(LINES3)
"""Pattern ids below this are lines of three; from it to :data:`FIRST_PYRAMID`, lines of four."""
FIRST_PYRAMID = N_LINES3 + len(LINES4)
"""Pattern ids from this one on are five-ball pyramids."""

DEFAULT_ORDER = (1, 2, 3, 4)
"""The ranking of the four lower groups, lowest first (rules.md)."""
DEFAULT_BAG = (10, 10, 10)
"""The bag of rules.md: 10 white, 10 black, 10 red."""
RANK_KEYS = ("", "three_kinds", "flush_three", "full_house", "flush_four", "straight_flush")
"""Each rank's name in rule sets, JSON and records (``spoker.engine.groups.Rank.key``)."""


def _make_best_of(
    check_visibility: bool, strength: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
) -> Callable[[tuple[Entry, ...], Masks, int, int], tuple[int, int, int]]:
    """The group-judging loop for one visibility ruling and one ranking
    (``strength[rank]``: where the rank stands, 0 when it forms no group):
    its tables bound as closure cells, read faster than globals in the hot
    path. The loop compares strengths and answers the rank."""
    full_house_other = FULL_HOUSE_OTHER
    cover_of = COVER_OF
    bridges_of = BRIDGES_OF
    tk, f3, fh, f4, sf = strength[1:]
    flush_of = tuple(f3 if pid < N_LINES3 else f4 if pid < FIRST_PYRAMID else sf for pid in range(len(PATTERNS)))
    rank_of_strength = _rank_at(strength)
    n3, n34 = N_LINES3, FIRST_PYRAMID

    def best(entries: tuple[Entry, ...], masks: Masks, occ: int, colour: int) -> tuple[int, int, int]:
        try:
            best_rank = 0
            best_level = 0
            best_pid = -1
            own = masks[colour]
            for m, bound, level, pid in entries:
                if bound <= best_rank and (bound < best_rank or level <= best_level):
                    break  # scan order: no later pattern can rank higher, nor tie first
                if own & m == m:
                    rank = flush_of[pid]
                    if not rank:
                        continue
                elif pid < n3:  # a line of three: three kinds needs every colour
                    if not (tk and masks[0] & m and masks[1] & m and masks[2] & m):
                        continue
                    rank = tk
                elif pid >= n34:  # a pyramid: full house?
                    other = full_house_other[pid].get(own & m)
                    if not fh or other is None or not (
                        masks[0] & other == other or masks[1] & other == other or masks[2] & other == other
                    ):
                        continue
                    rank = fh
                else:
                    continue
                if rank < best_rank or (rank == best_rank and level <= best_level):
                    continue
                if check_visibility:
                    if occ & cover_of[pid]:
                        continue
                    cut = False
                    for b in bridges_of[pid]:
                        if occ & b == b:
                            cut = True
                            break
                    if cut:
                        continue
                best_rank = rank
                best_level = level
                best_pid = pid
        except (AttributeError, IndexError, KeyError, ValueError):
            raise SpokerError(
                f"best_of: entries {shown(entries)}, masks {shown(masks)}, colour {shown(colour)}: "
                "not patterns on a position"
            ) from None
        return rank_of_strength[best_rank], best_level, best_pid

    return best


def _rank_at(strength: tuple[int, ...]) -> tuple[int, ...]:
    """``strength[rank]`` turned round: the rank standing at each strength (0: none)."""
    rank_at = [0] * 6
    for rank, s in enumerate(strength):
        if s:
            rank_at[s] = rank
    return tuple(rank_at)


_BEST_OF = (_make_best_of(False), _make_best_of(True))


def best_of(
    entries: tuple[Entry, ...], masks: Masks, occ: int, colour: int, check_visibility: bool
) -> tuple[int, int, int]:
    """(rank, top level, pattern id) of the best counting group among the
    complete patterns ``entries`` (scan order) through a ball of ``colour``;
    (0, 0, -1) for none. The group-judging loop: every judgement of a placed
    ball comes here (:attr:`Judge.best_of` is the same loop with the
    visibility ruling bound); the apex ruling, about turns, is the caller's."""
    return _BEST_OF[bool(check_visibility)](entries, masks, occ, colour)


# -- what a rule set decides ------------------------------------------------------

class _RulingFields(NamedTuple):
    check_visibility: bool = True
    apex_free: bool = False
    excluded: tuple[tuple[int, str], ...] = ()
    order: tuple[int, ...] = DEFAULT_ORDER
    off: tuple[int, ...] = ()
    tie_scores: bool = True
    bag: tuple[int, int, int] = DEFAULT_BAG


class Rulings(_RulingFields):
    """What a rule set decides about judging and scoring; variants change it.

    ``check_visibility``: covered balls and cut contacts spoil a group (the
    ``visible`` rules) or not (``touching``). ``apex_free``: the apex counts
    on any turn, or (False) on a normal turn only for a straight flush.
    ``excluded``: (pattern id, why) of the shapes that form no group at all.
    ``order``: the four lower ranks, lowest first (the straight flush stays
    above them). ``off``: the ranks that form no group at all. ``tie_scores``:
    a tied challenge scores one point to each player (True) or to neither.
    ``bag``: the white, black and red balls the bag holds (30 in all).

    A checked named tuple rather than a dataclass: importing ``dataclasses``
    costs a command-line start about 8 ms (``bench/startup.py``).
    """

    __slots__ = ()

    def __new__(
        cls,
        check_visibility: bool = True,
        apex_free: bool = False,
        excluded: tuple[tuple[int, str], ...] = (),
        order: tuple[int, ...] = DEFAULT_ORDER,
        off: tuple[int, ...] = (),
        tie_scores: bool = True,
        bag: tuple[int, int, int] = DEFAULT_BAG,
    ) -> Rulings:
        for what, value in (
            ("check_visibility", check_visibility), ("apex_free", apex_free), ("tie_scores", tie_scores)
        ):
            if not isinstance(value, bool):
                raise TypeError(f"{what} {shown(value)}: expected True or False")
        if not isinstance(excluded, tuple) or not all(
            isinstance(e, tuple) and len(e) == 2 and isinstance(e[0], int)
            and 0 <= e[0] < len(PATTERNS) and isinstance(e[1], str)
            for e in excluded
        ):
            raise TypeError(f"excluded {shown(excluded)}: expected (pattern id, reason) pairs")
        if not isinstance(order, tuple) or sorted(order) != list(DEFAULT_ORDER) or not all(
            type(r) is int for r in order
        ):
            raise TypeError(f"order {shown(order)}: expected the ranks 1-4 in some order, lowest first")
        if not isinstance(off, tuple) or not all(type(r) is int and 1 <= r <= 5 for r in off) or (
            list(off) != sorted(set(off))
        ):
            raise TypeError(f"off {shown(off)}: expected ranks 1-5, each once, in ascending order")
        if not isinstance(bag, tuple) or len(bag) != 3 or not all(
            type(n) is int and 0 <= n <= 30 for n in bag
        ) or sum(bag) != 30:
            raise TypeError(f"bag {shown(bag)}: expected (white, black, red), whole numbers adding up to 30")
        return super().__new__(cls, check_visibility, apex_free, excluded, order, off, tie_scores, bag)

    @property
    def strength(self) -> tuple[int, ...]:
        """``strength[rank]``: where each rank (0-5) stands when groups
        compare, 1 lowest; a straight flush is 5; a rank that is off, 0."""
        out = [0, 0, 0, 0, 0, 5]
        for place, rank in enumerate(self.order, start=1):
            out[rank] = place
        for rank in self.off:
            out[rank] = 0
        return tuple(out)

    def but(self, **changes: object) -> Rulings:
        """A copy with some rulings changed: ``rulings.but(apex_free=True)``."""
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise TypeError(f"but({', '.join(sorted(unknown))}=...): Rulings has no such field")
        return Rulings(**{**self._asdict(), **changes})  # type: ignore[arg-type]

    def without(self, shapes: Callable[[Pattern], bool], why: str) -> Rulings:
        """A copy in which the patterns ``shapes`` accepts form no group; ``why``
        is the sentence the explanations give."""
        if not callable(shapes) or not isinstance(why, str):
            raise TypeError(f"without({shown(shapes)}, {shown(why)}): expected a test of a Pattern and a sentence")
        gone = {pid for pid, _ in self.excluded}
        more = tuple((p.pid, why) for p in PATTERNS if p.pid not in gone and shapes(p))
        return self.but(excluded=tuple(sorted(self.excluded + more)))


DEFAULT_RULINGS = Rulings()
_DEFAULT_STRENGTH = DEFAULT_RULINGS.strength


_SHAPE_WORDS = ("", "three of three kinds", "a flush three", "a full house", "a flush four", "a straight flush")


def off_sentence(rank: int) -> str:
    """Why a group of ``rank`` forms nothing under ``off=``, said plainly as
    :data:`CLIMBING` says its item: "a full house does not count under off=full_house"."""
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= STRAIGHT_FLUSH:
        raise TypeError(f"rank {shown(rank)}: expected a rank, 1-5")
    return f"{_SHAPE_WORDS[rank]} does not count under off={RANK_KEYS[rank]}"


CLIMBING = "a line that climbs does not count under lines=in-level"
"""Why a line over two levels or more forms nothing under ``lines=in-level``."""


def climbs(p: Pattern) -> bool:
    """Whether ``p`` is a line whose balls lie on more than one level."""
    _pid(p)
    return p.kind != 5 and len({c.level for c in p.cells}) > 1


class Judge:
    """A :class:`Rulings` compiled into the tables the hot paths read; get one
    with :func:`judge_for` (or ``RuleSet.judge``), which builds each once."""

    def __init__(self, rulings: Rulings) -> None:
        if not isinstance(rulings, Rulings):
            raise TypeError(f"rulings {shown(rulings)}: expected a Rulings")
        self.rulings = rulings
        self.check_visibility = rulings.check_visibility
        self.apex_free = rulings.apex_free
        strength = rulings.strength
        self.strength = strength
        """``strength[rank]``: where each rank stands (0: it is off)."""
        self.rank_at = _rank_at(strength)
        """The rank at each strength (a challenge code's ``code >> LEVEL_BITS``)."""
        self.codes: tuple[tuple[int, ...], ...] = tuple(
            tuple(_challenge_code(s, level) if s else 0 for level in range(5)) for s in strength
        )
        """``codes[rank][level]``: the challenge code of a group (0 if its rank is off)."""
        self.best_of = (
            _BEST_OF[rulings.check_visibility] if strength == _DEFAULT_STRENGTH
            else _make_best_of(rulings.check_visibility, strength)
        )
        """:func:`best_of` with this visibility ruling and ranking: (entries, masks, occupied, colour)."""
        self.apex_floor = 0 if rulings.apex_free else STRAIGHT_FLUSH
        """The lowest rank the apex counts for on a normal turn."""
        self.apex_floor_code = _challenge_code(self.apex_floor, 0)
        """The same as a code: a normal turn's apex code below it counts for nothing."""
        self.excluded: dict[int, str] = dict(rulings.excluded)
        tables = _tables(frozenset(self.excluded), strength)
        self.through: tuple[tuple[Pattern, ...], ...] = tables.through
        self.scan = tables.scan
        self.complete = tables.complete
        self.neighbours = tables.neighbours
        self.through_rows = tables.rows
        self.neighbourhood = tables.neighbourhood
        self._codes_cache: dict[int, tuple[int, int, int]] = {}

    def __repr__(self) -> str:
        return f"Judge({self.rulings!r})"

    # -- the rulings ------------------------------------------------------------
    def counts_shape(self, p: Pattern) -> bool:
        """Whether the shape ``p`` forms groups at all under these rulings."""
        return _pid(p) not in self.excluded

    def why_not_a_group(self, p: Pattern, rank: int | None = None) -> str | None:
        """Why the shape ``p`` (as a group of ``rank``, if given) forms no
        group under these rulings (None: it does)."""
        why = self.excluded.get(_pid(p))
        if rank is not None and rank in self.rulings.off:
            # The off= item first: it holds back the rank wherever it lies; a
            # climb (lines=in-level) or a variant's exclusion is said after it,
            # never instead of it.
            why = off_sentence(rank) if why is None else f"{off_sentence(rank)}; {why}"
        return why

    def outranks(self, higher: int, lower: int) -> bool:
        """Whether the rank ``higher`` beats ``lower`` here."""
        ranks = range(len(self.strength))
        for rank in (higher, lower):
            if isinstance(rank, bool) or not isinstance(rank, int) or rank not in ranks:
                raise TypeError(f"outranks({shown(higher)}, {shown(lower)}): expected two ranks, 0 to {ranks[-1]}")
        return self.strength[higher] > self.strength[lower]

    def apex_counts(self, cell: int, rank: int, responding: bool) -> bool:
        """The apex ruling: a group of ``rank`` formed by a ball on ``cell``
        counts on this turn (a response, or a normal turn)."""
        if not isinstance(rank, int):
            raise TypeError(f"rank {shown(rank)}: expected an int")
        return cell != APEX_CELL or bool(responding) or rank >= self.apex_floor

    def counts_seen(self, p: Pattern, occ: int) -> bool:
        """The visibility ruling: whether the complete pattern ``p`` counts on
        the occupied cells ``occ`` (always, under the touching rules)."""
        if not isinstance(occ, int):
            raise TypeError(f"occupied {shown(occ)}: expected an int mask")
        return not self.check_visibility or visible(p, occ)

    # -- judging a placed ball --------------------------------------------------
    def best_code(self, masks: Masks, occ: int, cell: int, colour: int) -> tuple[int, int, int]:
        """(rank, top level, pattern id) of the best counting group through
        the ball just placed on ``cell`` (``masks`` and ``occ`` hold it);
        (0, 0, -1) for none. The apex ruling, about turns, is not applied.
        Among groups of equal rank and level, the first in :data:`THROUGH` order."""
        try:
            if occ & RESTING_MASK[cell]:
                entries = tuple(e for e in self.scan[cell] if occ & e[0] == e[0])
            else:
                entries = self.complete[cell][occ & self.neighbours[cell]]
            if not entries:
                return _NONE
            return self.best_of(entries, masks, occ, colour)
        except (IndexError, KeyError, AttributeError, TypeError, OverflowError):
            raise SpokerError(
                f"best_code: masks {shown(masks)}, occupied {shown(occ)}, cell {shown(cell)}, "
                f"colour {shown(colour)}: not a position and a ball on it"
            ) from None

    def placed_code(self, masks: Masks, occ: int, cell: int, colour: int, responding: bool) -> int:
        """Challenge code (0: nothing) of the best counting group the ball just
        placed on ``cell`` forms on this turn, the apex ruling applied."""
        try:  # best_code, inlined (greedy's hot path)
            if occ & RESTING_MASK[cell]:
                entries = tuple(e for e in self.scan[cell] if occ & e[0] == e[0])
            else:
                entries = self.complete[cell][occ & self.neighbours[cell]]
        except (IndexError, KeyError, TypeError):
            raise SpokerError(f"placed_code: cell {shown(cell)}, occupied {shown(occ)}: not a position") from None
        if not entries:
            return 0
        rank, level, _ = self.best_of(entries, masks, occ, colour)
        if not rank or (cell == APEX_CELL and not responding and rank < self.apex_floor):
            return 0  # nothing, or the apex ruling (apex_counts, inlined: greedy's hot path)
        return self.codes[rank][level]

    def colour_codes(self, m0: int, m1: int, m2: int, occ: int, cell: int) -> tuple[int, int, int]:
        """Challenge codes (0: nothing) of a ball of each colour (W, B, R) placed
        on the empty ``cell``, apex ruling not applied; ``occ`` does not hold it.

        The judgement of :meth:`best_code` for the three colours in one pass:
        a pattern's rank follows from its other balls.
        """
        try:
            rows = self.through_rows[cell]
        except (IndexError, TypeError):
            raise SpokerError(f"colour_codes: {shown(cell)} is not a cell") from None
        occ |= 1 << cell
        check_vis = self.check_visibility
        c0 = c1 = c2 = 0
        for mask, others, kind, flush, mixed, cover, bridges, pairings in rows:
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
                    k, v = 0, flush
                elif m1 & others == others:
                    k, v = 1, flush
                elif m2 & others == others:
                    k, v = 2, flush
                else:  # two balls of two colours: three of three kinds for the third
                    k = 0 if not m0 & others else 1 if not m1 & others else 2
                    v = mixed
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
                # One colour: a straight flush, above all (or nothing when it is off).
                if m0 & others == others:
                    if flush > c0:
                        c0 = flush
                    continue
                if m1 & others == others:
                    if flush > c1:
                        c1 = flush
                    continue
                if m2 & others == others:
                    if flush > c2:
                        c2 = flush
                    continue
                for pair, other in pairings:
                    for k, mk in ((0, m0), (1, m1), (2, m2)):
                        if mk & pair == pair and not mk & other and (
                            m0 & other == other or m1 & other == other or m2 & other == other
                        ):
                            if not mixed:
                                continue
                            if k == 0:
                                c0 = max(c0, mixed)
                            elif k == 1:
                                c1 = max(c1, mixed)
                            else:
                                c2 = max(c2, mixed)
        return c0, c1, c2

    def cached_colour_codes(self, m0: int, m1: int, m2: int, cell: int) -> tuple[int, int, int]:
        """:meth:`colour_codes`, remembered by the colours of the cell's neighbourhood
        (all it depends on), so a search re-judging similar boards mostly looks
        up. The memory is bounded: it starts again past :data:`CACHE_LIMIT`
        entries (a search's working set, not a plain memo)."""
        try:
            n = self.neighbourhood[cell]
        except (IndexError, TypeError):
            raise SpokerError(f"cached_colour_codes: {shown(cell)} is not a cell") from None
        key = (m0 & n) | (m1 & n) << 30 | (m2 & n) << 60 | cell << 90
        cache = self._codes_cache
        codes = cache.get(key)
        if codes is None:
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            codes = cache[key] = self.colour_codes(m0, m1, m2, m0 | m1 | m2, cell)
        return codes

    def turn_colour_codes(
        self, m0: int, m1: int, m2: int, cell: int, responding: bool
    ) -> tuple[int, int, int]:
        """:meth:`cached_colour_codes` with the apex ruling applied for this turn."""
        codes = self.cached_colour_codes(m0, m1, m2, cell)
        if cell == APEX_CELL and not responding:
            floor = self.apex_floor_code
            if floor:
                return tuple(c if c >= floor else 0 for c in codes)  # type: ignore[return-value]
        return codes


CACHE_LIMIT = 400_000
"""Entries :meth:`Judge.cached_colour_codes` keeps before starting again."""


class _Tables(NamedTuple):
    through: tuple[tuple[Pattern, ...], ...]
    scan: tuple[tuple[Entry, ...], ...]
    complete: tuple[dict[int, tuple[Entry, ...]], ...]
    neighbours: tuple[int, ...]
    rows: tuple[tuple[PatternRow, ...], ...]
    neighbourhood: tuple[int, ...]


PatternRow = tuple[int, int, int, int, int, int, tuple[int, ...], tuple[tuple[int, int], ...]]
"""A pattern for :meth:`Judge.colour_codes` and the batch simulator: (mask, other
cells' mask, kind, code if one colour, code of its mixed form (three kinds,
full house; 0 for a line of four), cover mask, cut bridges, pyramid pairings)."""


def _mixed_code(p: Pattern, strength: tuple[int, ...]) -> int:
    mixed = strength[{3: 1, 4: 0, 5: 3}[p.kind]]
    return _challenge_code(mixed, p.top_level) if mixed else 0


def _flush_code(p: Pattern, strength: tuple[int, ...]) -> int:
    flush = strength[FLUSH_RANK[p.kind]]
    return _challenge_code(flush, p.top_level) if flush else 0


def _bound(p: Pattern, strength: tuple[int, ...]) -> int:
    """The highest strength the shape ``p`` can reach (0: it forms nothing)."""
    return max(strength[r] for r in RANKS_OF_KIND[p.kind])


def _cells_above(c: int) -> set[int]:
    above: set[int] = set()
    todo = list(RESTING_ON[c])
    while todo:
        u = todo.pop()
        if u not in above:
            above.add(u)
            todo.extend(RESTING_ON[u])
    return above


def _submasks(mask: int) -> list[int]:
    subs = [mask]
    s = mask
    while s:
        s = (s - 1) & mask
        subs.append(s)
    return subs


def _complete_table(c: int, last: tuple[Entry, ...]) -> tuple[int, dict[int, tuple[Entry, ...]]]:
    """The other cells of the patterns a last ball on ``c`` can complete, and
    for every way of filling them, the patterns then complete (one shared
    tuple for each set of patterns), keyed in :func:`_submasks` order.

    Built a cell of ``others`` at a time, in list operations rather than a
    test of every pattern on every filling (five times slower, the larger
    part of a command line's start): each filling's patterns are held as bits
    over ``last``; adding a cell doubles the fillings, those with it first."""
    others = _or(m for m, _, _, _ in last) & ~(1 << c)
    subs = [0]
    codes = [(1 << len(last)) - 1]  # no other cell yet, so no pattern misses one
    bit = 1
    while bit <= others:
        if others & bit:
            needing = _or(1 << i for i, e in enumerate(last) if e[0] & bit)
            subs = [s | bit for s in subs] + subs
            codes = codes + [code & ~needing for code in codes]  # without it, those are not complete
        bit <<= 1
    done = {code: tuple(e for i, e in enumerate(last) if code >> i & 1) for code in set(codes)}
    return others, dict(zip(subs, map(done.__getitem__, codes), strict=True))


def _tables(excluded: frozenset[int], strength: tuple[int, ...] = (0, 1, 2, 3, 4, 5)) -> _Tables:
    """The judging tables over the shapes that are not ``excluded`` and can
    form a rank that is not off, strongest first by ``strength`` (shared by
    every rulings excluding the same shapes and ranking alike)."""
    return _built_tables(excluded, strength)


@functools.cache
def _built_tables(excluded: frozenset[int], strength: tuple[int, ...]) -> _Tables:
    def scan_order(p: Pattern) -> tuple[int, int, tuple[Cell, ...]]:
        return (-_bound(p, strength), -p.top_level, tuple(sorted(p.cells)))

    through = tuple(
        tuple(sorted((p for p in THROUGH[c] if p.pid not in excluded and _bound(p, strength)), key=scan_order))
        for c in range(30)
    )
    scan = tuple(tuple((p.mask, _bound(p, strength), p.top_level, p.pid) for p in row) for row in through)
    # While nothing rests on c, no pattern holding a cell that rests on c
    # (directly or up a cross-level line) is complete: skip those.
    last = tuple(
        tuple(e for e, p in zip(scan[c], through[c]) if not any(p.mask >> u & 1 for u in _cells_above(c)))
        for c in range(30)
    )
    complete = tuple(_complete_table(c, last[c]) for c in range(30))
    rows = tuple(
        tuple(
            (
                p.mask, p.mask & ~(1 << c), p.kind, _flush_code(p, strength),
                _mixed_code(p, strength), p.cover_mask, p.bridges, p.pairings,
            )
            for p in through[c]
        )
        for c in range(30)
    )
    # Per cell: every cell whose ball can change what a ball there forms (the
    # patterns through it, the cells that cover or cut them).
    neighbourhood = tuple(
        _or(mask | cover | _or(bridges) for mask, _, _, _, _, cover, bridges, _ in row) for row in rows
    )
    return _Tables(
        through, scan, tuple(t[1] for t in complete), tuple(t[0] for t in complete), rows, neighbourhood
    )


@functools.cache
def _judge_for(rulings: Rulings) -> Judge:
    return Judge(rulings)


def _pid(p: object) -> int:
    pid = getattr(p, "pid", None)
    if not isinstance(p, Pattern) or not isinstance(pid, int):
        raise TypeError(f"{shown(p)} is not a Pattern")
    return pid


def judge_for(rulings: Rulings) -> Judge:
    """The (shared) :class:`Judge` of ``rulings``, built on first use."""
    if not isinstance(rulings, Rulings):
        raise TypeError(f"rulings {shown(rulings)}: expected a Rulings")
    return _judge_for(rulings)


DEFAULT_JUDGE = judge_for(DEFAULT_RULINGS)
"""The judge of the default rules (visible, apex on a normal turn for a straight flush only)."""


def pattern_of(cells: Iterable[Cell], rank: int) -> Pattern:
    """The pattern a group of ``rank`` on ``cells`` fills."""
    try:
        return PATTERN_OF[(tuple(sorted(cells)), int(rank))]
    except (KeyError, TypeError, ValueError, OverflowError):  # int(inf) overflows
        raise NotationError(f"no winning shape of rank {shown(rank)} has cells {shown(cells)}") from None


__all__ = [
    "APEX_CELL", "BRIDGES_OF", "CLIMBING", "DEFAULT_BAG", "DEFAULT_ORDER", "FIRST_PYRAMID",
    "N_LINES3", "RANK_KEYS", "climbs", "off_sentence", "CACHE_LIMIT", "CODES", "COVER_OF", "FULL_HOUSE_OTHER",
    "LEVEL_BITS", "DEFAULT_JUDGE", "DEFAULT_RULINGS", "FLUSH_RANK",
    "Judge", "PATTERNS", "PATTERN_OF", "Pattern", "PatternRow", "RANKS_OF_KIND", "RESTING_MASK",
    "Rulings", "STRAIGHT_FLUSH", "STRAIGHT_FLUSH_CODE", "THROUGH", "best_of", "challenge_code",
    "judge_for", "pattern_of", "rank_of", "split_code", "visible",
]
