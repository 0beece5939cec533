"""The strongest player: deeper expectimax for the game result, exact at the end."""

from __future__ import annotations

import contextlib
import gc
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import spoker.kernel
from shibumi import CELLS, Cell
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.players.base import check_can_move, pick_best
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax, OutOfBudget, Utility, WinUtility

DEFAULT_EFFORT = 300_000
"""Positions a move plans to judge: 0.1 to 0.2 s of one core with the compiled
search (its exact solution, up to :data:`MAX_FACTOR` times this, fits in the
time limit); three times the effort of the pure-Python days (docs/players.md)."""

MAX_FACTOR = 2.5
"""A search may run to this many times the effort before it is cut short; an
exact solution of the rest of the game may use all of it (it happens about
once a game, and the following moves reuse it)."""

DEFAULT_TIME_LIMIT = 0.8
"""Seconds of CPU time (of the searching thread) after which a move stops
searching, whatever the effort: a safety net, so that no move takes more
than a second on one core (after the deadline the search still unwinds and
frees its memos, and the young objects are collected: 0.02 to 0.03 s
measured, more on a busy machine, hence the margin). CPU time, not the wall clock, so that a busy
machine neither cuts the search short nor makes play depend on it."""

SearchFactory = Callable[..., Any]
"""What makes the expert's search of one depth: called as :class:`Expectimax`
is, ``(rules, utility, limit=, deadline=, quiescence=, clock=)``. The default
is :func:`spoker.kernel.new_search` (the compiled search, else
:class:`Expectimax`); a subclass of :class:`Expectimax` searches another tree
or judges leaves otherwise (the research searches of ``bench/``: docs/players.md)."""

TABLE_LIMIT = 1_000_000
"""Positions the player remembers between moves before it starts afresh."""


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector kept off for the span of a search.

    A search makes hundreds of thousands of short-lived containers (the
    memo's keys, move lists, new table keys); a full collection in the middle
    of it walks them all and took up to 1.1 s of CPU time on its own, which the
    search's deadline (read between nodes) cannot cut. The search makes no
    reference cycles, so reference counting frees all of it; once the search's
    temporaries are gone a collection is cheap again (about 10 ms)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class ExpertPlayer:
    """Iterative deepening expectimax that plays for the game's result.

    Values are the expected result (+1 win, 0 draw, -1 loss: the score rate is
    what counts, not the margin; ``utility="score"``: the expected score
    difference), estimated at the search's leaves by the hand-made leaf
    (:meth:`~spoker.players.search.Expectimax.leaf_value`; ``search``: a
    :data:`SearchFactory` may make another search). The search deepens
    while the next depth is predicted to fit in ``effort`` nodes; once the
    depth reaches the last ball it is an exact solver of the rest of the game
    (allowed :data:`MAX_FACTOR` times the effort). The transposition table is
    kept from move to move, so the moves after an exact solution are quick.
    ``effort`` makes the play deterministic for a seed; ``time_limit``
    (seconds of ``clock()``, by default the CPU time of the searching thread;
    None for none) is a safety net: a search still running then is cut short
    (its depth is dropped; one placement deep always completes), which makes
    play depend on the machine's speed when it strikes.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        effort: int = DEFAULT_EFFORT,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        utility: str = "win",
        quiescence: bool = True,
        clock: Callable[[], float] = time.thread_time,
        search: SearchFactory | None = None,
    ) -> None:
        if isinstance(effort, bool) or not isinstance(effort, int) or effort < 1:
            raise ArgumentError(f"effort {effort!r} must be a positive number of nodes")
        if time_limit is not None and not time_limit > 0:
            raise ArgumentError(f"time limit {time_limit!r} must be a positive number of seconds")
        if utility not in ("win", "score"):
            raise ArgumentError(f"utility {utility!r}: expected 'win' or 'score'")
        self.rng = random.Random(seed)
        self.effort = effort
        self.time_limit = time_limit
        self.utility: Utility = WinUtility() if utility == "win" else Utility()
        self.quiescence = quiescence
        self.clock = clock
        # the factory (private: not a method of the player)
        self._search: SearchFactory = search if search is not None else spoker.kernel.new_search
        self.tables: dict[RuleSet, spoker.kernel.Kept] = {}
        self.last_depth = 0
        self.last_nodes = 0

    def _tables(self, rules: RuleSet) -> spoker.kernel.Kept:
        """The work kept between moves under ``rules`` (the compiled search's
        memo is bounded; the Python search's tables start afresh past
        :data:`TABLE_LIMIT` entries)."""
        kept = self.tables.get(rules)
        if kept is None:
            kept = self.tables[rules] = spoker.kernel.Kept()
        for table in (kept.table, kept.leaf_table):
            if len(table) > TABLE_LIMIT:
                table.clear()
        return kept

    def analyse(self, state: GameState, prune: bool = False) -> list[tuple[int, float]]:
        """(cell, value) for every playable cell, from the deepest search done;
        with ``prune`` only the best cells' values are exact (the others are
        bounds below them), which is quicker and enough to choose."""
        with _no_cycle_collection():
            return self._analyse(state, prune)

    def _analyse(self, state: GameState, prune: bool) -> list[tuple[int, float]]:
        check_can_move(state)
        left = 30 - state.move_number
        start = self.clock()
        args = root_args(state)
        kept = self._tables(state.rules)
        result: list[tuple[int, float]] = []
        costs: list[int] = []
        used = 0
        depth = 0
        cap = int(self.effort * MAX_FACTOR)
        deadline = None if self.time_limit is None else start + self.time_limit
        memo: tuple[Any, dict[tuple[int, int, int, int], float]] | None = None
        while depth < left:
            exact = depth + 1 >= left
            budget = cap if exact else self.effort
            if costs:
                # The next depth costs about the last one times the last growth,
                # which shrinks as the pyramid fills: at most three colours
                # times the cells playable now.
                growth = 3.0 * len(result)
                if len(costs) > 1:
                    growth = min(growth, costs[-1] / costs[-2])
                if used + costs[-1] * growth > budget:
                    break
            first = not costs  # one placement deep always completes: a move is needed
            search = self._search(
                state.rules, self.utility, limit=None if first else cap - used,
                deadline=None if first else deadline, quiescence=self.quiescence, clock=self.clock,
            )
            kept.attach(search)
            if isinstance(search, Expectimax):
                # The memos of group codes and challenge values depend on the
                # board alone: one pair serves every depth of the move (less
                # work, and less to free once the move is chosen).
                if memo is None:
                    memo = (search.best_codes, search.open_cache)
                else:
                    search.best_codes, search.open_cache = memo
            try:
                result = search.analyse(*args, depth + 1, prune=prune)
            except OutOfBudget:
                used += search.nodes
                break
            used += search.nodes
            costs.append(max(search.nodes, 1))
            depth += 1
        self.last_depth = depth
        self.last_nodes = used
        return result

    def choose(self, state: GameState) -> Cell:
        return CELLS[pick_best(self.analyse(state, prune=True), self.rng)]
