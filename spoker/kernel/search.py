"""The compiled search as the callers see it: :class:`KernelSearch` has the
interface of :class:`spoker.players.search.Expectimax` (``analyse``,
``place``, ``chance``, ``nodes``, ``limit``, ``deadline``, ``progress``,
``windows``) and keeps its memos in a :class:`~spoker.kernel.memo.Memo`
that the caller may keep between searches (``memo``). Importing this module
imports numba (:mod:`spoker.kernel.compiled`)."""

from __future__ import annotations

import functools
import math
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import spoker.kernel.compiled as compiled
from spoker.engine.rules import RuleSet
from spoker.kernel.compiled import (
    ANALYSE,
    C_NEXT,
    C_NODES,
    C_STOP,
    CHANCE,
    PLACE,
)
from spoker.kernel.memo import Memo, thread_memo
from spoker.kernel.tables import Tables, addresses, build_tables, utility_kind
from spoker.players.search import OutOfBudget, Utility

NO_LIMIT = 1 << 62


# A Ctrl-C must not reach the kernel's call back as an exception: Python
# runs a signal's handler on entering a function, the call back's first line,
# where ctypes prints the KeyboardInterrupt and drops it (the search went on,
# or gave its answer as if never interrupted). While the kernel runs with its
# call back, the main thread's handler only notes the signal; the call back
# then stops the search, and the handler is called once the kernel returns.
def _hold_ctrl_c(pressed: list[tuple[int, Any]]) -> object:
    """Note SIGINT in ``pressed`` instead of handling it; the handler it
    replaced (None if none was replaced: not the main thread, or no Python
    handler)."""
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous) or threading.current_thread() is not threading.main_thread():
        return None
    del pressed[:]
    signal.signal(signal.SIGINT, lambda signum, frame: pressed.append((signum, frame)))
    return previous


def _release_ctrl_c(previous: object, pressed: list[tuple[int, Any]]) -> None:
    """Put ``previous`` back and hand it the SIGINT noted meanwhile, if any."""
    if previous is None:
        return
    signal.signal(signal.SIGINT, previous)  # type: ignore[arg-type]
    if pressed:
        signum, frame = pressed[0]
        del pressed[:]
        previous(signum, frame)  # type: ignore[operator]


@functools.lru_cache(maxsize=64)
def _tables(
    rules: RuleSet, kind: int, scale: tuple[float, ...], quiescence: bool
) -> tuple[Tables, bool, np.ndarray]:
    """The arrays of ``rules`` and a utility (by kind and scale), and their
    addresses for the kernel, cached (which keeps the arrays alive): the
    returned triple is also the memo's context (compared by identity)."""
    from spoker.players.search import WinUtility

    utility = WinUtility() if kind else Utility()
    if kind:
        utility._scale = scale  # type: ignore[attr-defined]  # the utility's own table (any spread)
    tables = build_tables(rules, utility)
    return tables, quiescence, addresses(tuple(tables))


class KernelSearch:
    """Expectimax with Star1 pruning, compiled (see :mod:`spoker.players.search`
    for the search itself: the values are the same). ``memo`` holds the
    memos (by default this thread's, emptied for each new search): give a
    :class:`Memo` of your own to keep them between searches."""

    def __init__(
        self,
        rules: RuleSet,
        utility: Utility | None = None,
        limit: int | None = None,
        deadline: float | None = None,
        quiescence: bool = False,
        clock: Callable[[], float] = time.thread_time,
        memo: Memo | None = None,
    ) -> None:
        self.rules = rules
        self.utility = utility if utility is not None else Utility()
        kind = utility_kind(self.utility)
        if kind is None:
            raise TypeError(f"utility {self.utility!r}: the kernel knows Utility and WinUtility only")
        self.sf = self.utility.sf
        self.top = self.utility.top
        self.quiescence = quiescence
        self.clock = clock
        self.limit = limit if limit is not None else NO_LIMIT
        self.deadline = deadline
        self.progress: Callable[[int], None] | None = None
        self.windows = True
        self.nodes = 0
        self._next_check = 0
        self._pressed: list[tuple[int, Any]] = []
        scale = tuple(getattr(self.utility, "_scale", ()))
        self._context = _tables(rules, kind, scale, quiescence)
        if memo is None:
            memo = thread_memo()
            memo.clear()
        self.memo = memo

    def _check(self, nodes: int) -> int:
        """The kernel's look at the clock and the progress (every CHECK_EVERY nodes)."""
        if self._pressed:
            return 1  # Ctrl-C: raised by _run once the kernel has returned
        if self.deadline is not None and self.clock() > self.deadline:
            return 1
        if self.progress is not None:
            self.progress(nodes)
        return 0

    def _run(self, mode: int, *args: Any) -> float:
        memo = self.memo
        memo.adopt(self._context)
        view = self._view(memo)
        counters = memo.counters
        hook = self.deadline is not None or self.progress is not None
        active = compiled._ACTIVE
        if hook:
            outer = getattr(active, "check", None), getattr(active, "error", None)
            active.check, active.error = self._check, None
            held = _hold_ctrl_c(self._pressed)
        try:
            result: float = compiled.run(
                view, self.nodes, self.limit, self._next_check, hook, self.windows, self.quiescence,
                memo.generation, mode, *args,
            )
        finally:
            self.nodes = int(counters[C_NODES])
            self._next_check = int(counters[C_NEXT])
            if hook:
                error = active.error
                active.check, active.error = outer
                _release_ctrl_c(held, self._pressed)  # a Ctrl-C held meanwhile is raised here
        if counters[C_STOP]:
            if hook and error is not None:
                raise error
            raise OutOfBudget
        return result

    def _view(self, memo: Memo) -> np.ndarray:
        """The addresses the kernel reads: the tables', then the memo's (kept in the memo for this context)."""
        if memo.view is None or memo.view_of is not self._context:
            memo.view = np.concatenate((self._context[2], addresses((
                memo.keys, memo.values, memo.regions, memo.counters, memo.moves, memo.orders, memo.out, memo.codes,
                memo.inherit,
            ))))
            memo.view_of = self._context
        return memo.view

    def place(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        colour: int, cell: int, code: int, lead: int, depth: int,
        alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """:meth:`Expectimax.place <spoker.players.search.Expectimax.place>`, compiled."""
        return float(self._run(
            PLACE, white, black, red, occupied, playable, challenge, colour, cell, code, lead, depth,
            float(alpha), float(beta), False,
        ))

    def chance(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int, depth: int, alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        """:meth:`Expectimax.chance <spoker.players.search.Expectimax.chance>`, compiled."""
        return float(self._run(
            CHANCE, white, black, red, occupied, playable, challenge, 0, 0, 0, lead, depth,
            float(alpha), float(beta), False,
        ))

    def analyse(
        self, masks: tuple[int, int, int], occupied: int, playable: int, challenge: int,
        colour: int, lead: int, depth: int, prune: bool = False,
    ) -> list[tuple[int, float]]:
        """:meth:`Expectimax.analyse <spoker.players.search.Expectimax.analyse>`, compiled:
        (cell, value) of every playable cell for the drawn ``colour``."""
        white, black, red = masks
        count = int(self._run(
            ANALYSE, white, black, red, occupied, playable, challenge, colour, 0, 0, lead, depth,
            -math.inf, math.inf, bool(prune),
        ))
        rows = self.memo.out[:count, :2].tolist()  # one conversion: an item at a time costs a microsecond each
        return sorted((int(cell), value) for cell, value in rows)


__all__ = ["KernelSearch"]
