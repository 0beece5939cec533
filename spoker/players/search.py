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
the drawn ball could open (:data:`OPEN_VALUE`, measured from play).

When the depth reaches the end of the game the search is exact. A
transposition table keyed by the position, the lead and the depth left shares
work between transposed move orders.
"""

from __future__ import annotations

import math
import time

from spoker.players.kernel import APEX_CELL, FULL, after_place, cached_codes3, cells_of
from spoker.rules import RuleSet

SF_POINTS = 8.0
"""A straight flush, in points, for score-difference values: a game win,
worth more than any lead a game ever sees."""

_SF_CODE = 40  # rank 5 (straight flush) * 8: codes at or above it end the game


def _open_values() -> tuple[float, ...]:
    """Expected net points (challenger minus responder) of opening a challenge
    with each code ``rank * 8 + level``: stronger groups are harder to beat.
    Measured in games between lookahead players (docs/players.md)."""
    measured = {
        1: (-0.05, -0.15, -0.05, 0.0),
        2: (0.1, 0.25, 0.5, 0.6),
        3: (0.4, 0.4, 0.85, 0.9),
        4: (0.93, 0.95, 1.0, 1.0),
    }
    table = [0.0] * 48
    for rank, values in measured.items():
        for level, value in enumerate(values, start=1):
            table[rank * 8 + level] = value
    return tuple(table)


OPEN_VALUE = _open_values()


class Utility:
    """What outcomes are worth: expected score difference.

    ``sf`` is a straight flush for the player who forms it; ``terminal`` the
    final lead of a complete pyramid; ``leaf`` an estimated lead ``x`` with
    ``placed`` balls on the board.
    """

    sf: float = SF_POINTS
    top: float | None = None
    """The highest value anything can have, if there is one (for cut-offs)."""

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

    def __init__(self) -> None:
        self._scale = tuple(1 / (max(0.45 * math.sqrt(30 - n), 0.3) * math.sqrt(2)) for n in range(31))

    def terminal(self, lead: int) -> float:
        return float((lead > 0) - (lead < 0))

    def leaf(self, x: float, placed: int) -> float:
        s = self._scale[placed]
        return 0.5 * (math.erf((x - 0.5) * s) + math.erf((x + 0.5) * s))


class OutOfBudget(Exception):
    """The search used up its node budget (caught by the caller)."""


class Expectimax:
    """Depth-limited expectimax (see the module doc).

    ``nodes`` counts positions judged (one per cell examined), for effort
    limits and benchmarks; past ``limit`` nodes, or the clock past
    ``deadline`` (a :func:`time.perf_counter` value), the search raises
    :class:`OutOfBudget`.
    """

    def __init__(
        self,
        rules: RuleSet,
        utility: Utility | None = None,
        limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        self.rules = rules
        self.check_vis = rules.check_visibility
        self.apex_free = rules.apex_free
        self.utility = utility if utility is not None else Utility()
        self.sf = self.utility.sf
        self.limit = limit if limit is not None else 1 << 62
        self.deadline = deadline  # time.perf_counter() past which the search gives up
        self._next_clock = 0
        self.nodes = 0
        self.table: dict[tuple[int, int, int, int, int, int], float] = {}
        self.best_cache: dict[tuple[int, int, int, bool], tuple[int, int, int]] = {}

    def _codes(
        self, m0: int, m1: int, m2: int, occ: int, cell: int, responding: bool
    ) -> tuple[int, int, int]:
        codes = cached_codes3(m0, m1, m2, cell, self.check_vis)
        if cell == APEX_CELL and not responding and not self.apex_free:
            # the apex on a normal turn forms only a straight flush
            return tuple(c if c >= _SF_CODE else 0 for c in codes)  # type: ignore[return-value]
        return codes

    # -- the tree ---------------------------------------------------------
    def place(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int,
        colour: int, cell: int, code: int, d: int, depth: int,
    ) -> float:
        """Value for the mover (lead ``d``) of placing ``colour`` on ``cell``,
        which forms ``code``, looking ``depth`` placements ahead, this one
        included."""
        if code >= _SF_CODE:
            return self.sf
        if chal:
            d += 1 if code > chal else 0 if code == chal else -1
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
        if occ == FULL:
            return self.utility.terminal(d + (1 if chal else 0))  # bag empty: challenger scores
        pl = after_place(occ, pl, cell)
        if depth <= 1:
            return -self.leaf(m0, m1, m2, occ, pl, chal, -d)
        return -self.chance(m0, m1, m2, occ, pl, chal, -d, depth - 1)

    def chance(
        self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int, depth: int
    ) -> float:
        """Value for the player about to draw (lead ``d``), ``depth`` placements deep."""
        left = 30 - occ.bit_count()
        if depth > left:
            depth = left  # the game ends first: deeper searches are the same search
        key = (m0, m1, m2, chal, d, depth)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        counts = (10 - m0.bit_count(), 10 - m1.bit_count(), 10 - m2.bit_count())
        best = [-2.0 * self.sf - 99.0] * 3
        # A colour whose best cell reaches the highest value there is needs no more cells.
        open_colours = [k for k in (0, 1, 2) if counts[k]]
        utility = self.utility
        top = utility.top
        sf = self.sf
        check_vis = self.check_vis
        apex_rule = chal == 0 and not self.apex_free
        chance = self.chance
        leaf = self.leaf
        reached_top = False
        for cell in cells_of(pl):
            self.nodes += 1
            codes = cached_codes3(m0, m1, m2, cell, check_vis)
            if apex_rule and cell == APEX_CELL:
                # the apex on a normal turn forms only a straight flush
                codes = tuple(c if c >= _SF_CODE else 0 for c in codes)  # type: ignore[assignment]
            bit = 1 << cell
            occ2 = occ | bit
            full = occ2 == FULL
            pl2 = 0 if full else after_place(occ2, pl, cell)
            for colour in open_colours:
                code = codes[colour]
                if code >= _SF_CODE:
                    v = sf
                else:
                    if chal:
                        d2 = d + (1 if code > chal else 0 if code == chal else -1)
                        nchal = 0
                    else:
                        d2 = d
                        nchal = code
                    if full:
                        v = utility.terminal(d2 + (1 if nchal else 0))  # bag empty: challenger scores
                    else:
                        n0, n1, n2 = m0, m1, m2
                        if colour == 0:
                            n0 |= bit
                        elif colour == 1:
                            n1 |= bit
                        else:
                            n2 |= bit
                        if depth <= 1:
                            v = -leaf(n0, n1, n2, occ2, pl2, nchal, -d2)
                        else:
                            v = -chance(n0, n1, n2, occ2, pl2, nchal, -d2, depth - 1)
                if v > best[colour]:
                    best[colour] = v
                    if top is not None and v >= top:
                        reached_top = True
            if reached_top:
                reached_top = False
                open_colours = [k for k in open_colours if best[k] < top]  # type: ignore[operator]
                if not open_colours:
                    break
        if self.nodes > self.limit:
            raise OutOfBudget
        if self.deadline is not None and self.nodes >= self._next_clock:
            self._next_clock = self.nodes + 2048
            if time.perf_counter() > self.deadline:
                raise OutOfBudget
        value = sum(n * b for n, b in zip(counts, best) if n) / left
        self.table[key] = value
        return value

    def best_codes(self, m0: int, m1: int, m2: int, pl: int, responding: bool) -> tuple[int, int, int]:
        """The best code a ball of each colour can form on this board."""
        key = (m0, m1, m2, responding)
        best = self.best_cache.get(key)
        if best is not None:
            return best
        b0 = b1 = b2 = 0
        check_vis = self.check_vis
        for cell in cells_of(pl):
            c0, c1, c2 = cached_codes3(m0, m1, m2, cell, check_vis)
            if cell == APEX_CELL and not responding and not self.apex_free:
                c0, c1, c2 = (c if c >= _SF_CODE else 0 for c in (c0, c1, c2))
            if c0 > b0:
                b0 = c0
            if c1 > b1:
                b1 = c1
            if c2 > b2:
                b2 = c2
        best = self.best_cache[key] = (b0, b1, b2)
        return best

    def leaf(self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int) -> float:
        """Static value for the player about to draw: one placement deep."""
        key = (m0, m1, m2, chal, d, -1)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        counts = (10 - m0.bit_count(), 10 - m1.bit_count(), 10 - m2.bit_count())
        responding = chal != 0
        self.nodes += 1
        b0, b1, b2 = self.best_codes(m0, m1, m2, pl, responding)
        placed = occ.bit_count()
        utility = self.utility
        total = 0.0
        for n, b in zip(counts, (b0, b1, b2)):
            if not n:
                continue
            if b >= _SF_CODE:
                v = self.sf
            elif responding:
                v = utility.leaf(d + (1 if b > chal else 0 if b == chal else -1), placed + 1)
            else:
                v = utility.leaf(d + OPEN_VALUE[b], placed)
            total += n * v
        value = self.table[key] = total / (30 - placed)
        return value

    # -- the root ---------------------------------------------------------
    def analyse(
        self, masks: tuple[int, int, int], occ: int, pl: int, chal: int, colour: int,
        d: int, depth: int,
    ) -> list[tuple[int, float]]:
        """(cell, value) of every playable cell for the drawn ``colour``."""
        m0, m1, m2 = masks
        out = []
        for cell in cells_of(pl):
            code = self._codes(m0, m1, m2, occ, cell, chal != 0)[colour]
            self.nodes += 1
            out.append((cell, self.place(m0, m1, m2, occ, pl, chal, colour, cell, code, d, depth)))
        return out
