"""Expectimax over the draw, on bit masks.

A *chance node* (a ball is about to be drawn) is worth the average, weighted
by the bag, of the best placement of each colour; a placement is worth what it
settles now (a response wins, ties or loses the challenge it answers; a
straight flush wins the game) and then, negated, what the position is worth to
the opponent, who moves next. Values are from the point of view of the player
to move, and the search carries that player's lead ``d`` (score difference) so
that a :class:`Utility` can turn final leads into values.

Below the search depth a *leaf* is judged by one more placement, looking no
further: a pending challenge is answered by the best immediate response;
otherwise the player to move is credited with the value of the best challenge
the drawn ball could open (:data:`OPEN_VALUE`, measured from play). A
subclass may judge leaves otherwise by overriding :meth:`Expectimax.leaf_value`
(the research leaves of ``bench/leaves.py`` do).

When the depth reaches the end of the game the search is exact. A
transposition table keyed by the position, the lead and the depth left shares
work between transposed move orders.

With a bounded utility (the game result, in [-1, 1]) the search prunes as
alpha-beta does, adapted to chance nodes (Ballard's Star1): a colour's best
placement is searched in the window that could still change the average, and
the rest of a chance node is skipped once the average is settled outside its
window; a placement whose value cannot change its parent is skipped. The
values of the root's placements stay exact.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable

from spoker.engine.judging import STRAIGHT_FLUSH_CODE, challenge_code
from spoker.engine.rules import RuleSet
from spoker.engine.settling import GAIN
from spoker.players.bitboard import FULL, after_place, cells_of

SF_POINTS = 8.0
"""A straight flush, in points, for score-difference values: a game win,
worth more than any lead a game ever sees."""

_SF_CODE = STRAIGHT_FLUSH_CODE  # codes at or above it end the game


def _open_values() -> tuple[float, ...]:
    """Expected net points (challenger minus responder) of opening a challenge
    with each challenge code: stronger groups are harder to beat.
    Measured in games between lookahead players (docs/players.md)."""
    measured = {
        1: (-0.05, -0.15, -0.05, 0.0),
        2: (0.1, 0.25, 0.5, 0.6),
        3: (0.4, 0.4, 0.85, 0.9),
        4: (0.93, 0.95, 1.0, 1.0),
    }
    table = [0.0] * STRAIGHT_FLUSH_CODE
    for rank, values in measured.items():
        for level, value in enumerate(values, start=1):
            table[challenge_code(rank, level)] = value
    return tuple(table)


OPEN_VALUE = _open_values()


class Utility:
    """What outcomes are worth: expected score difference.

    ``sf`` is a straight flush for the player who forms it; ``terminal`` the
    final lead of a complete pyramid; ``leaf`` an estimated lead ``x`` with
    ``placed`` balls on the board.
    """

    sf: float = SF_POINTS
    top: float = math.inf
    """The highest value anything can have (the lowest is ``-top``)."""

    def terminal(self, lead: int) -> float:
        return float(lead)

    def leaf(self, x: float, placed: int) -> float:
        return x


class WinUtility(Utility):
    """Expected game result: +1 a win, 0 a draw, -1 a loss.

    An estimated lead ``x`` with ``n`` balls placed is worth E[sign(x + X)],
    X being what the rest of the game adds, about normal with standard
    deviation 0.45 sqrt(30 - n) points (measured in games between lookahead
    players); the result is a whole number of points, hence the half-point
    continuity correction.
    """

    sf = 1.0
    top = 1.0

    def __init__(self, spread: float = 0.45) -> None:
        self._scale = tuple(
            1 / (max(spread * math.sqrt(30 - n), 0.3) * math.sqrt(2)) for n in range(31)
        )

    def terminal(self, lead: int) -> float:
        return float((lead > 0) - (lead < 0))

    def leaf(self, x: float, placed: int) -> float:
        s = self._scale[placed]
        return 0.5 * (math.erf((x - 0.5) * s) + math.erf((x + 0.5) * s))


class OutOfBudget(Exception):
    """The search used up its node budget (caught by the caller)."""


ROOT_MARGIN = 1e-6
"""A pruned root cell's bound lies this far below the best value, so bounds
never pass for ties (ties are broken within 1e-9)."""

_EXACT, _LOWER, _UPPER = 0, 1, 2  # what a table entry's value is: the value, or a bound

Entry = tuple[float, int]
Key = tuple[int, int, int, int, int, int]


def _best_codes(
    codes: Callable[[int, int, int, int, bool], tuple[int, int, int]],
    m0: int, m1: int, m2: int, pl: int, responding: bool,
) -> tuple[int, int, int]:
    """The best code a ball of each colour can form on this board, by the
    judge's ``codes`` (``Expectimax.best_codes``, remembered)."""
    b0 = b1 = b2 = 0
    for cell in cells_of(pl):
        c0, c1, c2 = codes(m0, m1, m2, cell, responding)
        if c0 > b0:
            b0 = c0
        if c1 > b1:
            b1 = c1
        if c2 > b2:
            b2 = c2
    return (b0, b1, b2)


class Expectimax:
    """Depth-limited expectimax with Star1 pruning (see the module doc).

    ``nodes`` counts positions judged (one per cell examined), for effort
    limits and benchmarks; past ``limit`` nodes, or ``clock()`` past
    ``deadline`` (read every 1,024 nodes; by default the CPU time of the
    calling thread, which a busy machine does not inflate), the search raises
    :class:`OutOfBudget`. ``table`` (chance nodes) and ``leaf_table`` may be
    shared between searches with the same rules, utility and leaf.
    """

    def __init__(
        self,
        rules: RuleSet,
        utility: Utility | None = None,
        limit: int | None = None,
        deadline: float | None = None,
        quiescence: bool = False,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.rules = rules
        self.clock = clock
        self.quiescence = quiescence
        # What a ball forms, the apex ruling applied: the rules' judge.
        self._codes = rules.judge.turn_codes3
        self.utility = utility if utility is not None else Utility()
        self.sf = self.utility.sf
        self.top = self.utility.top
        # With windows off every chance node is searched whole (no alpha-beta
        # bounds): slower, and what an exhaustive analysis relies on. (The
        # bounded search once stored a few wrong exact entries, rounded bounds
        # taken for values: fixed, tests/players/test_expert.py checks it.)
        self.windows = True
        self.limit = limit if limit is not None else 1 << 62
        self.deadline = deadline  # clock() past which the search gives up
        self._next_clock = 0
        self.nodes = 0
        self.table: dict[Key, Entry] = {}
        self.leaf_table: dict[Key, float] = {}
        # A plain memo of this search's positions (the judge's rulings are
        # fixed). It holds the judge, not the search: a memo holding the
        # search would make a reference cycle, which only the cycle collector
        # frees (the expert turns it off while searching).
        self.best_codes = functools.lru_cache(maxsize=None)(functools.partial(_best_codes, self._codes))
        self.open_cache: dict[tuple[int, int, int, int], float] = {}

    def _tick(self) -> None:
        if self.nodes > self.limit:
            raise OutOfBudget
        if self.deadline is not None and self.nodes >= self._next_clock:
            self._next_clock = self.nodes + 1024
            if self.clock() > self.deadline:
                raise OutOfBudget

    # -- the tree ---------------------------------------------------------
    def place(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int,
        colour: int, cell: int, code: int, d: int, depth: int,
        alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """Value for the mover (lead ``d``) of placing ``colour`` on ``cell``,
        which forms ``code``, looking ``depth`` placements ahead, this one
        included; exact inside the window (``alpha``, ``beta``), else a bound
        on the side it fell."""
        if code >= _SF_CODE:
            return self.sf
        if chal:
            d += GAIN[chal][code]  # the response settles the challenge
            chal = 0
        else:
            chal = code
        bit = 1 << cell
        occ |= bit
        if colour == 0:
            m0 |= bit
        elif colour == 1:
            m1 |= bit
        else:
            m2 |= bit
        if occ == FULL:  # the bag is empty: a challenge opened now is settled with no response
            return self.utility.terminal(d - GAIN[chal][0])
        pl = after_place(occ, pl, cell)
        if depth <= 1:
            return -self.leaf(m0, m1, m2, occ, pl, chal, -d)
        return -self.chance(m0, m1, m2, occ, pl, chal, -d, depth - 1, -beta, -alpha)

    def chance(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int, depth: int,
        alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """Value for the player about to draw (lead ``d``), ``depth`` placements
        deep: exact inside (``alpha``, ``beta``), else a bound on that side."""
        if not self.windows:
            alpha, beta = -math.inf, math.inf
        left = 30 - occ.bit_count()
        if depth > left:
            depth = left  # the game ends first: deeper searches are the same search
        key = (m0, m1, m2, chal, d, depth)
        hit = self.table.get(key)
        if hit is not None:
            value, kind = hit
            if kind == _EXACT or (kind == _LOWER and value >= beta) or (
                kind == _UPPER and value <= alpha
            ):
                return value
        top = self.top
        bottom = -top
        counts = (10 - m0.bit_count(), 10 - m1.bit_count(), 10 - m2.bit_count())
        moves = self._moves(m0, m1, m2, occ, pl, chal)
        self.nodes += len(moves)
        self._tick()
        done = 0.0  # sum of count * value over the colours searched
        rest = left  # balls of the colours not searched yet
        for colour in (0, 1, 2):
            n = counts[colour]
            if not n:
                continue
            rest -= n
            # The window in which this colour's value can still move the average
            # past alpha or beta, the other colours being anything possible.
            if rest:
                low = (alpha * left - done - rest * top) / n if top != math.inf else -math.inf
                high = (beta * left - done - rest * bottom) / n if top != math.inf else math.inf
            else:
                low = (alpha * left - done) / n if alpha != -math.inf else -math.inf
                high = (beta * left - done) / n if beta != math.inf else math.inf
            if low >= top or high <= bottom:
                # settled whatever this colour gives: fail low (or high) at once
                v = top if low >= top else bottom
            else:
                v = self._decide(moves, chal, colour, d, depth, max(low, bottom), min(high, top))
            if v <= low:
                value = (done + n * v + (rest * top if rest else 0.0)) / left
                # Rounding may put the bound a hair above alpha, where the
                # parent would take it for an exact value: it is <= alpha.
                value = min(value, alpha)
                self.table[key] = (value, _UPPER)
                return value
            if v >= high:
                value = (done + n * v + (rest * bottom if rest else 0.0)) / left
                value = max(value, beta)  # >= beta, whatever the rounding
                self.table[key] = (value, _LOWER)
                return value
            done += n * v
        value = done / left
        self.table[key] = (value, _EXACT)
        return value

    def _moves(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int
    ) -> list[tuple[int, tuple[int, int, int], int, int, int, int, int, int]]:
        """Per playable cell: (cell, codes by colour, the masks and occupancy
        with a ball there (colour to add), playable mask after), strongest
        groups first."""
        out = []
        responding = chal != 0
        for cell in cells_of(pl):
            codes = self._codes(m0, m1, m2, cell, responding)
            occ2 = occ | 1 << cell
            out.append((cell, codes, m0, m1, m2, occ2, 0 if occ2 == FULL else after_place(occ2, pl, cell), 1 << cell))
        return out

    def _decide(
        self,
        moves: list[tuple[int, tuple[int, int, int], int, int, int, int, int, int]],
        chal: int, colour: int, d: int, depth: int, alpha: float, beta: float,
    ) -> float:
        """The best placement of ``colour``: exact inside (``alpha``,
        ``beta``), else a bound on the side it fell (fail-soft)."""
        best = -math.inf
        order = sorted(moves, key=lambda mv: -mv[1][colour])
        for _, codes, m0, m1, m2, occ2, pl2, bit in order:
            code = codes[colour]
            if code >= _SF_CODE:
                v = self.sf
            else:
                if chal:
                    d2 = d + GAIN[chal][code]  # the response settles the challenge
                    nchal = 0
                else:
                    d2 = d
                    nchal = code
                if occ2 == FULL:  # the bag is empty: a challenge opened now is settled with no response
                    v = self.utility.terminal(d2 - GAIN[nchal][0])
                else:
                    if colour == 0:
                        m0 |= bit
                    elif colour == 1:
                        m1 |= bit
                    else:
                        m2 |= bit
                    if depth <= 1:
                        v = -self.leaf(m0, m1, m2, occ2, pl2, nchal, -d2)
                    else:
                        a = alpha if alpha > best else best
                        v = -self.chance(m0, m1, m2, occ2, pl2, nchal, -d2, depth - 1, -beta, -a)
            if v > best:
                best = v
                if best >= beta:
                    return best
        return best

    def leaf(self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int) -> float:
        """Static value for the player about to draw (:meth:`leaf_value`),
        remembered in ``leaf_table``."""
        key = (m0, m1, m2, chal, d, -1)
        hit = self.leaf_table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        value = self.leaf_table[key] = self.leaf_value(m0, m1, m2, occ, pl, chal, d)
        return value

    def leaf_value(self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int) -> float:
        """The leaf's value: the hand-made one (:meth:`leaf_terms`). The seam
        for other leaves: a subclass overrides this (``bench/leaves.py``)."""
        return self.leaf_terms(m0, m1, m2, occ, pl, chal, d)[0]

    def leaf_terms(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: float
    ) -> tuple[float, float, float]:
        """The hand-made leaf for the player about to draw, whose lead is
        ``d`` (an estimate may be fractional): (its value, the expected net
        points of the coming placement, the chance that it makes a straight
        flush)."""
        counts = (10 - m0.bit_count(), 10 - m1.bit_count(), 10 - m2.bit_count())
        responding = chal != 0
        placed = occ.bit_count()
        left = 30 - placed
        utility = self.utility
        if not responding and self.quiescence:
            gains, sf_colour = self._open_gains(m0, m1, m2, occ, pl, counts)
        else:
            best = self.best_codes(m0, m1, m2, pl, responding)
            sf_colour = [b >= _SF_CODE for b in best]
            if responding:  # (a straight flush's gain is not used: sf_colour)
                row = GAIN[chal]
                gains = [float(row[b]) for b in best]
            else:
                gains = [OPEN_VALUE[b] if b < _SF_CODE else 0.0 for b in best]
        at = placed + 1 if responding else placed
        lead = float(d)
        value = immediate = sf_now = 0.0
        for colour in (0, 1, 2):
            n = counts[colour]
            if not n:
                continue
            if sf_colour[colour]:
                value += n * self.sf
                sf_now += n
            else:
                value += n * utility.leaf(lead + gains[colour], at)
                immediate += n * gains[colour]
        return value / left, immediate / left, sf_now / left

    def _open_gains(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, counts: tuple[int, int, int]
    ) -> tuple[list[float], list[bool]]:
        """Quiescence: for each colour, the best challenge the mover could
        open judged on this board (the opponent's best immediate answer to
        it, for each colour of the bag) rather than by :data:`OPEN_VALUE`;
        and whether that colour makes a straight flush."""
        best = [0.0, 0.0, 0.0]
        sf_colour = [False, False, False]
        for cell in cells_of(pl):
            codes = self._codes(m0, m1, m2, cell, False)
            for colour in (0, 1, 2):
                code = codes[colour]
                if not code or not counts[colour]:
                    continue
                if code >= _SF_CODE:
                    sf_colour[colour] = True
                    continue
                v = self._challenge_value(m0, m1, m2, occ, pl, colour, cell, code)
                if v > best[colour]:
                    best[colour] = v
        return best, sf_colour

    def _challenge_value(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, colour: int, cell: int, code: int
    ) -> float:
        """Expected net points for the challenger of a challenge ``code``
        opened by a ball of ``colour`` on ``cell``: the responder's best
        immediate answer to each colour (a straight flush counts as losing
        :data:`SF_POINTS`)."""
        bit = 1 << cell
        if colour == 0:
            m0 |= bit
        elif colour == 1:
            m1 |= bit
        else:
            m2 |= bit
        key = (m0, m1, m2, code)
        hit = self.open_cache.get(key)
        if hit is not None:
            return hit
        occ |= bit
        if occ == FULL:  # the bag is empty: settled with no response
            return float(-GAIN[code][0])
        answers = self.best_codes(m0, m1, m2, after_place(occ, pl, cell), True)
        counts = (10 - m0.bit_count(), 10 - m1.bit_count(), 10 - m2.bit_count())
        total = 0.0
        row = GAIN[code]
        for n, b in zip(counts, answers):
            if n:
                total += n * (-SF_POINTS if b >= _SF_CODE else -row[b])
        value = self.open_cache[key] = total / (30 - occ.bit_count())
        return value

    # -- the root ---------------------------------------------------------
    def analyse(
        self, masks: tuple[int, int, int], occ: int, pl: int, chal: int, colour: int,
        d: int, depth: int, prune: bool = False,
    ) -> list[tuple[int, float]]:
        """(cell, value) of every playable cell for the drawn ``colour``.

        With ``prune``, a cell found worse than the best so far gets only an
        upper bound below the best (enough to choose a move); without it every
        value is exact (for hints).
        """
        m0, m1, m2 = masks
        out = []
        best = -math.inf
        moves = sorted(
            ((cell, self._codes(m0, m1, m2, cell, chal != 0)[colour]) for cell in cells_of(pl)),
            key=lambda cc: -cc[1],
        )
        for cell, code in moves:
            self.nodes += 1
            alpha = best - ROOT_MARGIN if prune else -math.inf
            v = self.place(m0, m1, m2, occ, pl, chal, colour, cell, code, d, depth, alpha, math.inf)
            best = max(best, v)
            out.append((cell, v))
        out.sort()
        return out
