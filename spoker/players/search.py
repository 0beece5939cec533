"""Expectimax over the draw, on bit masks.

A *chance node* (a ball is about to be drawn) is worth the average, weighted
by the bag, of the best placement of each colour; a placement is worth what it
settles now (a response wins, ties or loses the challenge it answers; a
straight flush wins the game) and then, negated, what the position is worth to
the opponent, who moves next. Values are from the point of view of the player
to move, and the search carries that player's ``lead`` (score difference) so
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
        scale = self._scale[placed]
        return 0.5 * (math.erf((x - 0.5) * scale) + math.erf((x + 0.5) * scale))


class OutOfBudget(Exception):
    """The search used up its node budget (caught by the caller)."""


ROOT_MARGIN = 1e-6
"""A pruned root cell's bound lies this far below the best value, so bounds
never pass for ties (ties are broken within 1e-9)."""

MEMO_ENTRIES = 1_250_000
"""Entries the search's memos (the transposition table, the leaf table, the
best codes and the open cache) hold together before they start afresh: about
300 MB at some 210 bytes an entry, so that a search of any effort keeps to
it (``spoker hint --effort 100000000`` grew 7 MB a CPU-second). Far above
what the expert holds at its default effort, tables kept between moves
included (some 220,000 entries at most over a game, measured), so that its
play does not change."""

CHECK_EVERY = 1024
"""Nodes between two looks at the clock, the memos' size and the progress."""

_EXACT, _LOWER, _UPPER = 0, 1, 2  # what a table entry's value is: the value, or a bound

Entry = tuple[float, int]
Key = tuple[int, int, int, int, int, int]


def _best_codes(
    codes: Callable[[int, int, int, int, bool], tuple[int, int, int]],
    white: int, black: int, red: int, playable: int, responding: bool,
) -> tuple[int, int, int]:
    """The best code a ball of each colour can form on this board, by the
    judge's ``codes`` (``Expectimax.best_codes``, remembered)."""
    best_white = best_black = best_red = 0
    for cell in cells_of(playable):
        white_code, black_code, red_code = codes(white, black, red, cell, responding)
        if white_code > best_white:
            best_white = white_code
        if black_code > best_black:
            best_black = black_code
        if red_code > best_red:
            best_red = red_code
    return (best_white, best_black, best_red)


class Expectimax:
    """Depth-limited expectimax with Star1 pruning (see the module doc).

    ``nodes`` counts positions judged (one per cell examined), for effort
    limits and benchmarks; past ``limit`` nodes, or ``clock()`` past
    ``deadline`` (read every 1,024 nodes; by default the CPU time of the
    calling thread, which a busy machine does not inflate), the search raises
    :class:`OutOfBudget`. ``table`` (chance nodes) and ``leaf_table`` may be
    shared between searches with the same rules, utility and leaf; the memos
    together hold at most ``memo_entries`` (:data:`MEMO_ENTRIES`) entries, read
    every :data:`CHECK_EVERY` nodes: past it they start afresh, which costs
    work again, never a value. ``progress(nodes)``, if set, is called as often.
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
        self._codes = rules.judge.turn_colour_codes
        # The bag (W, B, R at the start) and what settling a challenge adds
        # to the responder's lead: the rule set's (RuleSet.counts, RuleSet.gain).
        self._bag = rules.counts
        self._gain = rules.gain
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
        self._next_check = 0
        self.memo_entries = MEMO_ENTRIES
        self.progress: Callable[[int], None] | None = None
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
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + CHECK_EVERY
            if self.deadline is not None and self.clock() > self.deadline:
                raise OutOfBudget
            if self.memo_size() > self.memo_entries:
                self.forget()
            if self.progress is not None:
                self.progress(self.nodes)

    def memo_size(self) -> int:
        """Entries the memos hold together (bounded by ``memo_entries``)."""
        return (
            len(self.table) + len(self.leaf_table) + len(self.open_cache)
            + self.best_codes.cache_info().currsize
        )

    def forget(self) -> None:
        """Empty the memos (shared tables too): work to redo, values unchanged."""
        self.table.clear()
        self.leaf_table.clear()
        self.open_cache.clear()
        self.best_codes.cache_clear()

    # -- the tree ---------------------------------------------------------
    def place(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        colour: int, cell: int, code: int, lead: int, depth: int,
        alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """Value for the mover (whose score difference is ``lead``) of placing
        ``colour`` on ``cell``, which forms ``code``, looking ``depth`` placements ahead, this one
        included; exact inside the window (``alpha``, ``beta``), else a bound
        on the side it fell."""
        if code >= _SF_CODE:
            return self.sf
        if challenge:
            lead += self._gain[challenge][code]  # the response settles the challenge
            challenge = 0
        else:
            challenge = code
        bit = 1 << cell
        occupied |= bit
        if colour == 0:
            white |= bit
        elif colour == 1:
            black |= bit
        else:
            red |= bit
        if occupied == FULL:  # the bag is empty: a challenge opened now is settled with no response
            return self.utility.terminal(lead - self._gain[challenge][0])
        playable = after_place(occupied, playable, cell)
        if depth <= 1:
            return -self.leaf(white, black, red, occupied, playable, challenge, -lead)
        return -self.chance(
            white, black, red, occupied, playable, challenge, -lead, depth - 1, -beta, -alpha
        )

    def chance(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int, depth: int, alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """Value for the player about to draw (whose score difference is
        ``lead``), ``depth`` placements deep: exact inside (``alpha``,
        ``beta``), else a bound on that side."""
        if not self.windows:
            alpha, beta = -math.inf, math.inf
        left = 30 - occupied.bit_count()
        if depth > left:
            depth = left  # the game ends first: deeper searches are the same search
        key = (white, black, red, challenge, lead, depth)
        hit = self.table.get(key)
        if hit is not None:
            value, kind = hit
            if kind == _EXACT or (kind == _LOWER and value >= beta) or (
                kind == _UPPER and value <= alpha
            ):
                return value
        top = self.top
        bottom = -top
        bag = self._bag
        counts = (bag[0] - white.bit_count(), bag[1] - black.bit_count(), bag[2] - red.bit_count())
        moves = self._moves(white, black, red, occupied, playable, challenge)
        self.nodes += len(moves)
        self._tick()
        done = 0.0  # sum of count * value over the colours searched
        rest = left  # balls of the colours not searched yet
        for colour in (0, 1, 2):
            count = counts[colour]
            if not count:
                continue
            rest -= count
            # The window in which this colour's value can still move the average
            # past alpha or beta, the other colours being anything possible.
            if rest:
                low = (alpha * left - done - rest * top) / count if top != math.inf else -math.inf
                high = (beta * left - done - rest * bottom) / count if top != math.inf else math.inf
            else:
                low = (alpha * left - done) / count if alpha != -math.inf else -math.inf
                high = (beta * left - done) / count if beta != math.inf else math.inf
            if low >= top or high <= bottom:
                # settled whatever this colour gives: fail low (or high) at once
                colour_value = top if low >= top else bottom
            else:
                colour_value = self._decide(
                    moves, challenge, colour, lead, depth, max(low, bottom), min(high, top)
                )
            if colour_value <= low:
                value = (done + count * colour_value + (rest * top if rest else 0.0)) / left
                # Rounding may put the bound a hair above alpha, where the
                # parent would take it for an exact value: it is <= alpha.
                value = min(value, alpha)
                self.table[key] = (value, _UPPER)
                return value
            if colour_value >= high:
                value = (done + count * colour_value + (rest * bottom if rest else 0.0)) / left
                value = max(value, beta)  # >= beta, whatever the rounding
                self.table[key] = (value, _LOWER)
                return value
            done += count * colour_value
        value = done / left
        self.table[key] = (value, _EXACT)
        return value

    def _moves(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int
    ) -> list[tuple[int, tuple[int, int, int], int, int, int, int, int, int]]:
        """Per playable cell: (cell, codes by colour, the masks and occupancy
        with a ball there (colour to add), playable mask after), strongest
        groups first."""
        out = []
        responding = challenge != 0
        for cell in cells_of(playable):
            codes = self._codes(white, black, red, cell, responding)
            occupied_after = occupied | 1 << cell
            out.append((
                cell, codes, white, black, red, occupied_after,
                0 if occupied_after == FULL else after_place(occupied_after, playable, cell),
                1 << cell,
            ))
        return out

    def _decide(
        self,
        moves: list[tuple[int, tuple[int, int, int], int, int, int, int, int, int]],
        challenge: int, colour: int, lead: int, depth: int, alpha: float, beta: float,
    ) -> float:
        """The best placement of ``colour``: exact inside (``alpha``,
        ``beta``), else a bound on the side it fell (fail-soft)."""
        best = -math.inf
        order = sorted(moves, key=lambda move: -move[1][colour])
        for _, codes, white, black, red, occupied_after, playable_after, bit in order:
            code = codes[colour]
            if code >= _SF_CODE:
                value = self.sf
            else:
                if challenge:
                    lead_after = lead + self._gain[challenge][code]  # the response settles the challenge
                    next_challenge = 0
                else:
                    lead_after = lead
                    next_challenge = code
                if occupied_after == FULL:  # the bag is empty: a challenge opened now is unanswered
                    value = self.utility.terminal(lead_after - self._gain[next_challenge][0])
                else:
                    if colour == 0:
                        white |= bit
                    elif colour == 1:
                        black |= bit
                    else:
                        red |= bit
                    if depth <= 1:
                        value = -self.leaf(
                            white, black, red, occupied_after, playable_after, next_challenge,
                            -lead_after,
                        )
                    else:
                        floor = alpha if alpha > best else best
                        value = -self.chance(
                            white, black, red, occupied_after, playable_after, next_challenge,
                            -lead_after, depth - 1, -beta, -floor,
                        )
            if value > best:
                best = value
                if best >= beta:
                    return best
        return best

    def leaf(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int,
    ) -> float:
        """Static value for the player about to draw (:meth:`leaf_value`),
        remembered in ``leaf_table``."""
        key = (white, black, red, challenge, lead, -1)
        hit = self.leaf_table.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        value = self.leaf_table[key] = self.leaf_value(
            white, black, red, occupied, playable, challenge, lead
        )
        return value

    def leaf_value(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int,
    ) -> float:
        """The leaf's value: the hand-made one (:meth:`leaf_terms`). The seam
        for other leaves: a subclass overrides this (``bench/leaves.py``)."""
        return self.leaf_terms(white, black, red, occupied, playable, challenge, lead)[0]

    def leaf_terms(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: float,
    ) -> tuple[float, float, float]:
        """The hand-made leaf for the player about to draw, whose lead is
        ``lead`` (an estimate may be fractional): (its value, the expected net
        points of the coming placement, the chance that it makes a straight
        flush)."""
        bag = self._bag
        counts = (bag[0] - white.bit_count(), bag[1] - black.bit_count(), bag[2] - red.bit_count())
        responding = challenge != 0
        placed = occupied.bit_count()
        left = 30 - placed
        utility = self.utility
        if not responding and self.quiescence:
            gains, sf_colour = self._open_gains(white, black, red, occupied, playable, counts)
        else:
            best = self.best_codes(white, black, red, playable, responding)
            sf_colour = [code >= _SF_CODE for code in best]
            if responding:  # (a straight flush's gain is not used: sf_colour)
                row = self._gain[challenge]
                gains = [float(row[code]) for code in best]
            else:
                gains = [OPEN_VALUE[code] if code < _SF_CODE else 0.0 for code in best]
        at = placed + 1 if responding else placed
        lead = float(lead)
        value = immediate = sf_now = 0.0
        for colour in (0, 1, 2):
            count = counts[colour]
            if not count:
                continue
            if sf_colour[colour]:
                value += count * self.sf
                sf_now += count
            else:
                value += count * utility.leaf(lead + gains[colour], at)
                immediate += count * gains[colour]
        return value / left, immediate / left, sf_now / left

    def _open_gains(
        self, white: int, black: int, red: int, occupied: int, playable: int,
        counts: tuple[int, int, int],
    ) -> tuple[list[float], list[bool]]:
        """Quiescence: for each colour, the best challenge the mover could
        open judged on this board (the opponent's best immediate answer to
        it, for each colour of the bag) rather than by :data:`OPEN_VALUE`;
        and whether that colour makes a straight flush."""
        best = [0.0, 0.0, 0.0]
        sf_colour = [False, False, False]
        for cell in cells_of(playable):
            codes = self._codes(white, black, red, cell, False)
            for colour in (0, 1, 2):
                code = codes[colour]
                if not code or not counts[colour]:
                    continue
                if code >= _SF_CODE:
                    sf_colour[colour] = True
                    continue
                value = self._challenge_value(
                    white, black, red, occupied, playable, colour, cell, code
                )
                if value > best[colour]:
                    best[colour] = value
        return best, sf_colour

    def _challenge_value(
        self, white: int, black: int, red: int, occupied: int, playable: int, colour: int,
        cell: int, code: int,
    ) -> float:
        """Expected net points for the challenger of a challenge ``code``
        opened by a ball of ``colour`` on ``cell``: the responder's best
        immediate answer to each colour (a straight flush counts as losing
        :data:`SF_POINTS`)."""
        bit = 1 << cell
        if colour == 0:
            white |= bit
        elif colour == 1:
            black |= bit
        else:
            red |= bit
        key = (white, black, red, code)
        hit = self.open_cache.get(key)
        if hit is not None:
            return hit
        occupied |= bit
        if occupied == FULL:  # the bag is empty: settled with no response
            return float(-self._gain[code][0])
        answers = self.best_codes(white, black, red, after_place(occupied, playable, cell), True)
        bag = self._bag
        counts = (bag[0] - white.bit_count(), bag[1] - black.bit_count(), bag[2] - red.bit_count())
        total = 0.0
        row = self._gain[code]
        for count, answer in zip(counts, answers):
            if count:
                total += count * (-SF_POINTS if answer >= _SF_CODE else -row[answer])
        value = self.open_cache[key] = total / (30 - occupied.bit_count())
        return value

    # -- the root ---------------------------------------------------------
    def analyse(
        self, masks: tuple[int, int, int], occupied: int, playable: int, challenge: int,
        colour: int, lead: int, depth: int, prune: bool = False,
    ) -> list[tuple[int, float]]:
        """(cell, value) of every playable cell for the drawn ``colour``.

        With ``prune``, a cell found worse than the best so far gets only an
        upper bound below the best (enough to choose a move); without it every
        value is exact (for hints).
        """
        white, black, red = masks
        out = []
        best = -math.inf
        moves = sorted(
            (
                (cell, self._codes(white, black, red, cell, challenge != 0)[colour])
                for cell in cells_of(playable)
            ),
            key=lambda cell_code: -cell_code[1],
        )
        for cell, code in moves:
            self.nodes += 1
            alpha = best - ROOT_MARGIN if prune else -math.inf
            value = self.place(
                white, black, red, occupied, playable, challenge, colour, cell, code, lead, depth,
                alpha, math.inf,
            )
            best = max(best, value)
            out.append((cell, value))
        out.sort()
        return out
