"""Random and greedy games in bulk: thousands of games at once with numpy.

A *block* of games advances one ball at a time: every game still going has
the same number of balls on the board, so one step draws a ball for each game
(vectorised over the bag), chooses its cell (``random``: the j-th playable
cell; ``greedy``: the best group over every playable cell, ties broken by
random keys), judges the group it forms and settles challenges, all on arrays
of bit masks. Groups are judged cell by cell: the games whose ball went to a
cell are taken together and that cell's patterns (the rules' own tables,
:attr:`spoker.engine.judging.Judge.through_rows`, with their challenge codes) are
tested on all of them at once; the apex ruling is the judge's
(:attr:`~spoker.engine.judging.Judge.apex_floor_code`).

The rules are the engine's (rules.md); the tests replay blocks move by move
through :class:`spoker.engine.state.GameState` and compare every result. Blocks have
a fixed size and their own seed, so results do not depend on how blocks are
shared among processes.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from shibumi import LEVEL_CELLS
from shibumi.geometry import PLATFORM_MASK
from spoker.engine.events import End
from spoker.engine.judging import APEX_CELL, LEVEL_BITS, STRAIGHT_FLUSH_CODE, Judge
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.settling import CODE_COUNT
from spoker.engine.settling import tables as settling_tables
from spoker.runs.tally import GameOutcome, Tally

BATCH_PLAYERS = ("random", "greedy")
"""The players the batch simulator implements (vectorised, below): the one
place that says which runs can be played in bulk."""


def plays(players: tuple[str, ...] | list[str]) -> bool:
    """Whether the batch simulator can play every one of ``players``."""
    return all(p in BATCH_PLAYERS for p in players)

BLOCK_SIZE = 32768
"""Games per block: a block's results depend only on the seed and its index."""

_SF = STRAIGHT_FLUSH_CODE  # codes at or above it are straight flushes
_I64 = np.int64


def _select_table() -> np.ndarray:
    """SEL[m, j]: the j-th set bit of the 15-bit mask m (0 when none)."""
    table = np.zeros((1 << 15, 15), dtype=np.int8)
    for m in range(1 << 15):
        bits = [i for i in range(15) if m >> i & 1]
        table[m, : len(bits)] = bits
    return table.reshape(-1)


def _support_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Supported cells of levels 2, 3 and 4 from the occupancy of the level below."""

    def table(below: tuple[int, ...], above: tuple[int, ...]) -> np.ndarray:
        first = min(below)
        out = np.zeros(1 << len(below), dtype=_I64)
        for sub in range(1 << len(below)):
            occ = sub << first
            for cell in above:
                pm = PLATFORM_MASK[cell]
                if occ & pm == pm:
                    out[sub] |= 1 << cell
        return out

    lv = [tuple(int(c) for c in LEVEL_CELLS[k]) for k in (1, 2, 3, 4)]
    return table(lv[0], lv[1]), table(lv[1], lv[2]), table(lv[2], lv[3])


@functools.cache
def _points_tables(tie_scores: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The rule set's settling points (:attr:`spoker.engine.rules.RuleSet.settling`,
    under its tie) as two flat arrays, the challenger's and the responder's
    points, indexed ``challenge * CODE_COUNT + response``."""
    flat = np.array(settling_tables(tie_scores).points, dtype=_I64).reshape(-1, 2)
    return flat[:, 0].copy(), flat[:, 1].copy()


@functools.cache
def _tables() -> dict[str, np.ndarray]:
    """The bit tables, built on first use (they take a moment: not at import)."""
    sup2, sup3, sup4 = _support_tables()
    return {"select": _select_table(), "sup2": sup2, "sup3": sup3, "sup4": sup4}


def _codes(
    judge: Judge, cell: int, own: np.ndarray, a: np.ndarray, b: np.ndarray, occ: np.ndarray
) -> np.ndarray:
    """Challenge codes (0: none) of balls just placed on ``cell`` in many
    games: ``own`` holds the placed ball's colour (it included), ``a`` and
    ``b`` the other two colours, ``occ`` every ball. The vectorised form of
    :meth:`spoker.engine.judging.Judge.colour_codes`, on the same rows."""
    best = np.zeros(len(occ), dtype=_I64)
    check_vis = judge.check_visibility
    for mask, others, kind, flush, mixed, cover, bridges, pairings in judge.through_rows[cell]:
        if kind == 3:
            complete = (occ & mask) == mask
            mono = (own & mask) == mask
            kinds = complete & ((a & mask) != 0) & ((b & mask) != 0)
            val = mono * flush + kinds * mixed
        elif kind == 4:
            val = ((own & mask) == mask) * flush
        else:
            sf = (own & others) == others
            fh = np.zeros(len(occ), dtype=bool)
            for pair, other in pairings:
                fh |= ((own & pair) == pair) & (((a & other) == other) | ((b & other) == other))
            val = sf * flush + fh * mixed
        if check_vis and (cover or bridges):
            visible = (occ & cover) == 0 if cover else np.ones(len(occ), dtype=bool)
            for br in bridges:
                visible &= (occ & br) != br
            val = val * visible
        np.maximum(best, val, out=best)
    return best


def _placed_codes(
    judge: Judge, cell: int, sub: np.ndarray, own: np.ndarray, oa: np.ndarray, ob: np.ndarray,
    occ: np.ndarray, responding: np.ndarray,
) -> np.ndarray:
    """Codes of a ball of each game's drawn colour on ``cell`` in games ``sub``,
    the apex ruling applied."""
    bit = 1 << cell
    val = _codes(judge, cell, own[sub] | bit, oa[sub], ob[sub], occ[sub] | bit)
    floor = judge.apex_floor_code
    if floor and cell == APEX_CELL:
        # the apex on a normal turn counts only from the floor up (a straight flush)
        val = np.where(~responding[sub] & (val < floor), 0, val)
    return val


@dataclass
class BlockMoves:
    """Every move of a block: ``cells`` and ``colours`` per game and ball
    (-1 after the game ended), and each game's :class:`GameOutcome`."""

    cells: np.ndarray
    colours: np.ndarray
    outcomes: list[GameOutcome]

    def moves(self, game: int) -> list[tuple[int, int]]:
        """(colour, cell) of each ball of a game, in order."""
        return [
            (int(k), int(c))
            for c, k in zip(self.cells[game], self.colours[game])
            if c >= 0
        ]


class _Block:
    """The state of the games of one block still going (arrays by game)."""

    def __init__(self, count: int, greedy_seat: tuple[np.ndarray, np.ndarray]) -> None:
        self.gid = np.arange(count)
        self.m = [np.zeros(count, dtype=_I64) for _ in range(3)]
        self.occ = np.zeros(count, dtype=_I64)
        self.pl = np.full(count, 0xFFFF, dtype=_I64)
        self.chal = np.zeros(count, dtype=_I64)
        self.score = [np.zeros(count, dtype=_I64), np.zeros(count, dtype=_I64)]
        self.greedy = list(greedy_seat)

    def keep(self, which: np.ndarray) -> None:
        self.gid = self.gid[which]
        self.m = [x[which] for x in self.m]
        self.occ = self.occ[which]
        self.pl = self.pl[which]
        self.chal = self.chal[which]
        self.score = [x[which] for x in self.score]
        self.greedy = [x[which] for x in self.greedy]


def play_block(
    players: tuple[str, str],
    seed: int,
    block: int,
    count: int,
    first_game: int = 0,
    rules: RuleSet = DEFAULT_RULES,
    swap: bool = False,
    record: bool = False,
) -> tuple[Tally, BlockMoves | None]:
    """Play ``count`` games (game indices ``first_game`` on) between two batch
    players, A = ``players[0]`` first unless ``swap`` (then A is first in the
    even-numbered games). The generator is seeded by (``seed``, ``block``).

    Returns the tally and, with ``record``, every move.
    """
    if not isinstance(players, tuple | list) or len(players) != 2:
        raise TypeError(f"players {players!r}: expected two player names")
    for name in players:
        if name not in BATCH_PLAYERS:
            raise ValueError(f"the batch simulator cannot play {name!r}")
    for what, value in (("seed", seed), ("block", block), ("count", count), ("first_game", first_game)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TypeError(f"{what} {value!r}: expected a whole number >= 0")
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules {rules!r}: expected a RuleSet")
    rng = np.random.default_rng(np.random.SeedSequence([seed, block]))
    tables = _tables()
    select, sup2, sup3, sup4 = tables["select"], tables["sup2"], tables["sup3"], tables["sup4"]
    challenger_points, responder_points = _points_tables(rules.rulings.tie_scores)
    judge = rules.judge
    held = rules.counts  # the bag at the start, W-B-R
    rank_at = np.array(judge.rank_at, dtype=np.intp)  # a code's strength -> its rank

    index = first_game + np.arange(count)
    a_seat = (index % 2 == 1) if swap else np.zeros(count, dtype=bool)  # True: A sits second
    a_greedy, b_greedy = (p == "greedy" for p in players)
    greedy_seat = (
        np.where(a_seat, b_greedy, a_greedy).astype(bool),
        np.where(a_seat, a_greedy, b_greedy).astype(bool),
    )
    g = _Block(count, greedy_seat)

    groups = np.zeros(6, dtype=_I64)
    challenges = 0
    final = np.zeros((2, count), dtype=_I64)
    winner = np.full(count, -1, dtype=np.int8)  # seat 0/1, or -1 a draw
    ended_sf = np.zeros(count, dtype=bool)
    rec_cells = np.full((count, 30), -1, dtype=np.int8) if record else None
    rec_colours = np.full((count, 30), -1, dtype=np.int8) if record else None

    for t in range(30):
        n = len(g.gid)
        if n == 0:
            break
        mover = t & 1
        m0, m1, m2 = g.m
        occ, pl, chal = g.occ, g.pl, g.chal
        # -- draw: the bag holds the rule set's balls of each colour minus those placed
        c0 = held[0] - np.bitwise_count(m0).astype(_I64)
        c1 = held[1] - np.bitwise_count(m1).astype(_I64)
        u = rng.integers(0, 30 - t, size=n)
        colour = (u >= c0).astype(_I64) + (u >= c0 + c1)
        own = np.where(colour == 0, m0, np.where(colour == 1, m1, m2))
        oa = np.where(colour == 0, m1, m0)
        ob = np.where(colour == 2, m1, m2)
        responding = chal > 0
        # -- choose
        cell = np.zeros(n, dtype=_I64)
        code = np.zeros(n, dtype=_I64)
        greedy = g.greedy[mover]
        ridx = np.flatnonzero(~greedy)
        if len(ridx):
            p = pl[ridx]
            low, high = p & 0x7FFF, p >> 15
            in_low = np.bitwise_count(low).astype(_I64)
            j = rng.integers(0, in_low + np.bitwise_count(high), size=len(ridx))
            pick_low = select[low * 15 + np.minimum(j, 14)]
            pick_high = select[high * 15 + np.maximum(j - in_low, 0)] + 15
            cr = np.where(j < in_low, pick_low, pick_high).astype(_I64)
            cell[ridx] = cr
            order = np.argsort(cr.astype(np.int8), kind="stable")
            bounds = np.searchsorted(cr[order], np.arange(31))
            for c in range(30):
                lo, hi = bounds[c], bounds[c + 1]
                if lo == hi:
                    continue
                sub = ridx[order[lo:hi]]
                code[sub] = _placed_codes(judge, c, sub, own, oa, ob, occ, responding)
        gidx = np.flatnonzero(greedy)
        if len(gidx):
            best_key = np.full(len(gidx), -1, dtype=_I64)
            p = pl[gidx]
            union = int(np.bitwise_or.reduce(p))
            for c in range(30):
                if not union >> c & 1:
                    continue
                here = np.flatnonzero((p >> c) & 1)
                sub = gidx[here]
                val = _placed_codes(judge, c, sub, own, oa, ob, occ, responding)
                key = (val << 20) | rng.integers(0, 1 << 20, size=len(sub))
                better = key > best_key[here]
                best_key[here] = np.where(better, key, best_key[here])
                cell[sub] = np.where(better, c, cell[sub])
            code[gidx] = best_key >> 20
        # -- place
        bit = np.left_shift(1, cell)
        g.m = [m0 | bit * (colour == 0), m1 | bit * (colour == 1), m2 | bit * (colour == 2)]
        occ = occ | bit
        supported = (
            0xFFFF | sup2[occ & 0xFFFF] | sup3[(occ >> 16) & 0x1FF] | sup4[(occ >> 25) & 0xF]
        )
        g.occ = occ
        g.pl = supported & ~occ
        if rec_cells is not None and rec_colours is not None:
            rec_cells[g.gid, t] = cell
            rec_colours[g.gid, t] = colour
        # -- groups, challenges, points
        formed = code > 0
        np.add.at(groups, rank_at, np.bincount(code[formed] >> LEVEL_BITS, minlength=6))
        sf = code >= _SF
        mine, theirs = g.score[mover], g.score[1 - mover]
        settled = chal * CODE_COUNT + code  # spoker.engine.settling's rule (no challenge: nothing)
        mine += responder_points[settled]
        theirs += challenger_points[settled]
        opened = ~responding & formed & ~sf
        challenges += int(np.count_nonzero(opened))
        g.chal = np.where(opened, code, 0)
        if t == 29:
            # apex-free: a challenge from the 30th ball finds the bag empty (no response)
            mine += challenger_points[g.chal * CODE_COUNT]
            g.chal = np.zeros(n, dtype=_I64)
        # -- endings
        done = sf | (t == 29)
        if done.any():
            ids = g.gid[done]
            s0, s1 = g.score[0][done], g.score[1][done]
            final[0, ids], final[1, ids] = s0, s1
            by_score = np.where(s0 > s1, 0, np.where(s1 > s0, 1, -1))
            winner[ids] = np.where(sf[done], mover, by_score)
            ended_sf[ids] = sf[done]
            g.keep(~done)

    tally = Tally.from_arrays(players, a_seat, winner, final, ended_sf, groups, challenges)
    moves = None
    if rec_cells is not None and rec_colours is not None:
        outcomes = [
            GameOutcome(
                None if winner[i] < 0 else int(winner[i]) + 1,
                (int(final[0, i]), int(final[1, i])),
                End.STRAIGHT_FLUSH if ended_sf[i] else End.COMPLETE,
            )
            for i in range(count)
        ]
        moves = BlockMoves(rec_cells, rec_colours, outcomes)
    return tally, moves
