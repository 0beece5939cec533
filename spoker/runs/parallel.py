"""Running seeded units of work on a :class:`concurrent.futures.Executor`.

Simulations and tournaments are streams of small, self-contained units (a
few games seeded by the run's seed and the games' indices), so their result
does not depend on which process plays a unit, nor in what order the units
finish. This module is the one place that turns such a stream into results:

- :func:`make_executor` builds the executor (:mod:`spoker.runs.workers`):
  the caller's own thread for one worker, else a process pool whose workers
  die with their parent (any other ``Executor``, a Dask client's
  ``get_executor()`` for one, can be passed to :func:`stream` instead);
- :func:`stream` submits the units lazily, a bounded number in flight, so a
  run of any length never holds its whole plan in memory, and yields each
  unit's result in submission order;
- Ctrl-C (``KeyboardInterrupt``) cancels the pending units and stops the
  worker processes at once: workers ignore SIGINT themselves (a terminal
  sends it to the whole process group, and each would print a traceback),
  and the parent terminates them; SIGTERM does the same;
- a worker process that dies (killed, as by the system when memory runs
  out) ends the run with a :class:`~spoker.errors.WorkerError`, one line to show, the other
  workers stopped. The units are not played again: what killed a worker
  would most likely kill the next one too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from spoker.errors import WorkerError
from spoker.runs.workers import LOST, InlineExecutor, process_pool, terminate

U = TypeVar("U")
R = TypeVar("R")

TICK = 0.25
"""Seconds between calls of a stream's ``tick`` while it waits for a unit."""


def cpu_count() -> int:
    """The CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_workers(workers: int) -> int:
    """``workers`` capped at the number of CPUs: more processes than CPUs
    only add memory and switching, never speed."""
    return max(1, min(workers, cpu_count()))


def slots(executor: Executor, default: int) -> int:
    """How many units ``executor`` plays at once: a process pool's size, a
    cluster executor's ``slots`` (:class:`spoker.runs.cluster.DaskExecutor`),
    else ``default``."""
    for name in ("slots", "_max_workers"):
        value = getattr(executor, name, None)
        if isinstance(value, int) and value >= 1:
            return value
    return max(1, default)


def make_executor(workers: int) -> Executor:
    """The caller's thread for one worker, else a pool of ``workers`` processes
    (at most the number of CPUs)."""
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers {workers!r}: expected a whole number")
    workers = cap_workers(workers)
    if workers <= 1:
        return InlineExecutor()
    return process_pool(workers)


def stream(
    fn: Callable[[U], R],
    units: Iterable[U],
    executor: Executor,
    in_flight: int = 8,
    tick: Callable[[], None] | None = None,
) -> Iterator[tuple[U, R]]:
    """``(unit, fn(unit))`` for every unit, in the units' order.

    At most ``in_flight`` units are submitted and not yet yielded, so
    ``units`` may be a generator of any length. ``tick()`` is called about
    every :data:`TICK` seconds while waiting (a progress display), and so is
    the executor's ``check()`` if it has one: it raises once the executor can
    no longer finish its units (:meth:`spoker.runs.cluster.DaskExecutor.check`)."""
    if not isinstance(executor, Executor):
        raise TypeError(f"executor {executor!r}: expected a concurrent.futures.Executor")
    check = getattr(executor, "check", None)
    pending: deque[tuple[U, Future[R]]] = deque()
    source = iter(units)
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < max(1, in_flight):
                unit = next(source, _END)
                if unit is _END:
                    exhausted = True
                    break
                pending.append((unit, executor.submit(fn, unit)))  # type: ignore[arg-type]
            if not pending:
                return
            unit, future = pending.popleft()
            while not future.done():
                wait([future], timeout=TICK)
                if check is not None and not future.done():
                    check()
                if tick is not None:
                    tick()
            yield unit, future.result()
    finally:
        # Stopped early (Ctrl-C, an error, a caller that stops reading): the
        # units not started are not wanted, whatever the executor.
        for _, future in pending:
            future.cancel()


_END = object()


@contextlib.contextmanager
def running(workers: int) -> Iterator[Executor]:
    """An executor for ``workers`` workers, shut down on leaving; on Ctrl-C,
    SIGTERM or an error its workers are stopped at once, and a worker that
    died is a :class:`~spoker.errors.WorkerError`."""
    executor = make_executor(workers)
    with _term_as_interrupt(not isinstance(executor, InlineExecutor)):
        try:
            yield executor
        except BrokenProcessPool:
            terminate(executor)
            raise WorkerError(LOST) from None
        except BaseException:
            terminate(executor)
            raise
        executor.shutdown(wait=True)


@contextlib.contextmanager
def _term_as_interrupt(wanted: bool) -> Iterator[None]:
    """While workers run, SIGTERM stops the run as Ctrl-C does (else the
    parent would die at once and leave its workers behind)."""
    if not wanted or threading.current_thread() is not threading.main_thread():
        yield
        return

    parent = os.getpid()

    def interrupt(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            # A worker forked before its initialiser ran still has this
            # handler: it stops as SIGTERM's default would, quietly (raising
            # here printed a traceback from the worker as the pool stopped).
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            os.kill(os.getpid(), signal.SIGTERM)
            return
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
