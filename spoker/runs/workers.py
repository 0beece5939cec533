"""Where background work runs: the one executor abstraction of the program.

Everything that runs work off the caller's thread is a
:class:`concurrent.futures.Executor` (``submit`` gives a ``Future``):

- :class:`InlineExecutor`: at once, in the caller's thread (one worker, the
  tests, screenshots);
- :class:`ThreadExecutor`: one *daemon* thread, the work in the order
  submitted (the window's computer players, hints, the analysis's steps):
  closing the window never waits for it, the work's result is dropped;
- :class:`ProcessExecutor`: spawned processes (fresh interpreters, never a
  copy of the window's), started on first use; :meth:`ProcessExecutor.stop`
  ends the work running now (its futures are cancelled); a process that
  died fails its work with :class:`~spoker.errors.WorkerError` and the next
  work gets a new one;
- :func:`process_pool`: the pool of the command line's runs
  (:mod:`spoker.runs.parallel`).

Every worker process starts with :func:`worker_init`, which ties it to its
parent: a worker whose parent is killed outright (SIGKILL, no chance to stop
its workers) ends at once, and with the workers gone multiprocessing's
resource tracker, which they kept open, ends too.

Stopped work is a *cancelled* future (``future.cancelled()``), the way
``concurrent.futures`` says it; lost work (a process that died) is a
:class:`~spoker.errors.WorkerError`.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError
from typing import TYPE_CHECKING, Any, TypeVar

from spoker.errors import ArgumentError, WorkerError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# multiprocessing and ctypes are imported where a process starts: the
# window's start-up (which makes the executors) does not pay for them.

R = TypeVar("R")

PARENT_POLL = 0.5
"""Seconds between a worker's looks at its parent (where the system cannot tell it)."""

LOST = ("a worker process died during the run (killed, perhaps for want of memory); "
        "nothing was written: run again, with fewer workers if memory is short")
"""What lost work says (the command line's runs end with it)."""

_PR_SET_PDEATHSIG = 1  # linux/prctl.h


# -- the worker processes' start ------------------------------------------------------------
def worker_init(parent: int) -> None:
    """Every worker process's initialiser (``parent``: the pid that started it).

    The parent alone handles Ctrl-C, and SIGTERM (the parent's way to stop a
    worker) ends a worker quietly: a forked worker would otherwise inherit
    the parent's SIGTERM-as-Ctrl-C handler and print a traceback as it stops.
    And the worker dies with its parent (:func:`die_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def _worker_start(parent: int, start: Callable[[], object]) -> None:
    """:func:`worker_init`, then ``start`` (a pool's own first work in each process)."""
    worker_init(parent)
    start()


def die_with_parent(parent: int) -> None:
    """End this process when ``parent`` ends: at once on Linux (the kernel's
    parent-death signal), and everywhere by a daemon thread that looks every
    :data:`PARENT_POLL` seconds whether this process has been handed to
    another parent. The kernel's signal follows the *thread* that started the
    process: every pool here is started from a thread that lives as long as
    the pool (the main thread, or the window's daemon thread)."""
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # gone already, before the signal was asked for
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="spoker-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while not _parent_gone.wait(PARENT_POLL):
        if os.getppid() != parent:
            os._exit(1)  # no parent to give results to: nothing to clean up either


_parent_gone = threading.Event()  # never set: the watch's clock


# -- the executors -------------------------------------------------------------------------
class InlineExecutor(Executor):
    """Runs each piece of work in the caller's thread when it is submitted
    (what it raises is kept in its future, as another thread's would be)."""

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as err:
            if not isinstance(err, Exception):
                raise  # KeyboardInterrupt, SystemExit: stop now
            future.set_exception(err)
        return future


class ThreadExecutor(Executor):
    """One daemon thread running the work in the order submitted, started on
    first use. A daemon: the program's end never waits for the work running
    (a computer player thinking for minutes), whose result is dropped;
    ``concurrent.futures.ThreadPoolExecutor`` would join it at exit."""

    def __init__(self, name: str = "spoker-background") -> None:
        self.name = name
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._shut = False

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        future: Future[R] = Future()
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot run work after shutdown")
            self._queue.put((future, lambda: fn(*args, **kwargs)))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self._thread.start()
        return future

    def _run(self) -> None:
        while True:
            future, work = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited
            try:
                result = work()
            except BaseException as err:  # told by the future: the thread goes on
                future.set_exception(err)
            else:
                future.set_result(result)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more work; with ``cancel_futures`` the work not started is
        dropped. Never waits for the work running (a daemon's)."""
        with self._lock:
            self._shut = True
        if cancel_futures:
            while True:
                try:
                    future, _ = self._queue.get_nowait()
                except queue.Empty:
                    break
                future.cancel()


MAX_POOL = 1024
"""Processes a pool holds at most (the system's limits come long before)."""


def process_pool(workers: int, context: Any = None, start: Callable[[], object] | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes, each started by :func:`worker_init`,
    then ``start`` (a top-level function: it is sent to the process by name)."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_POOL:
        raise ArgumentError(f"workers {workers!r}: expected a whole number from 1 to {MAX_POOL}")
    if context is not None and not hasattr(context, "get_start_method"):
        raise TypeError(f"context {context!r}: expected a multiprocessing context")
    from concurrent.futures import ProcessPoolExecutor

    if start is not None:
        return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_start,
                                   initargs=(os.getpid(), start))
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=worker_init,
                               initargs=(os.getpid(),))


class ProcessExecutor(Executor):
    """``workers`` spawned processes, started on first use (see the module
    doc): :meth:`stop` ends the work running and waiting at once (cancelled),
    and the executor goes on with new processes; :meth:`shutdown` ends it.
    ``start`` runs first in each new process (:func:`process_pool`)."""

    def __init__(self, workers: int = 1, start: Callable[[], object] | None = None) -> None:
        self.workers = workers
        self.start = start
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._waiting: set[Future[Any]] = set()
        self._shut = False

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot run work after shutdown")
            if self._pool is None:
                import multiprocessing

                self._pool = process_pool(self.workers, multiprocessing.get_context("spawn"), self.start)
            pool = self._pool
            outer: Future[R] = Future()
            self._waiting.add(outer)
        from concurrent.futures.process import BrokenProcessPool

        try:
            inner = pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:  # its process died since the last work: a new one
            with self._lock:
                self._waiting.discard(outer)
                if self._pool is pool:
                    self._pool = None
            return self.submit(fn, *args, **kwargs)
        inner.add_done_callback(lambda done: self._settle(pool, outer, done))
        return outer

    def warm_up(self, fn: Callable[[], Any] | None = None) -> None:
        """Start the process now (running ``fn`` there: imports), so the
        first work the person waits for does not wait for a fresh interpreter too."""
        self.submit(fn if fn is not None else int)

    def _settle(self, pool: ProcessPoolExecutor, outer: Future[Any], inner: Future[Any]) -> None:
        from concurrent.futures.process import BrokenProcessPool

        with self._lock:
            self._waiting.discard(outer)
        with contextlib.suppress(InvalidStateError):  # stopped (cancelled) meanwhile
            if inner.cancelled():
                outer.cancel()
            elif isinstance(inner.exception(), BrokenProcessPool):
                with self._lock:
                    if self._pool is pool:
                        self._pool = None  # the next work gets a new process
                outer.set_exception(WorkerError(LOST))
            elif inner.exception() is not None:
                outer.set_exception(inner.exception())  # type: ignore[arg-type]
            else:
                outer.set_result(inner.result())

    def stop(self) -> None:
        """End the work running and waiting now: its futures are cancelled."""
        with self._lock:
            pool, self._pool = self._pool, None
            waiting, self._waiting = self._waiting, set()
        for future in waiting:
            future.cancel()
        if pool is not None:
            terminate(pool)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """End the processes now (the program is closing: nothing waits for them)."""
        with self._lock:
            self._shut = True
        self.stop()


class Executors:
    """The window's executors, owned by its app: ``thread`` (one daemon
    thread: computer players, hints) and ``process`` (one spawned process for
    the puzzles' searches: the window keeps its interpreter lock), and the
    analyses' own pair, ``analysis_thread`` (waiting on each step) and
    ``analysis`` (the steps' searches), so that an analysis never waits
    behind a computer player's turn or a puzzle's search and a puzzle let go
    (:meth:`stop`) never ends one of its steps; all at once, in the caller's
    thread, when not ``threaded`` (tests, screenshots). Each thread and
    process starts on first use; ``process_start`` runs first in each process."""

    def __init__(self, threaded: bool, process_start: Callable[[], object] | None = None) -> None:
        self.threaded = threaded
        self.thread: Executor = ThreadExecutor() if threaded else InlineExecutor()
        self.process: Executor = ProcessExecutor(start=process_start) if threaded else InlineExecutor()
        self.analysis_thread: Executor = ThreadExecutor("spoker-analysis") if threaded else InlineExecutor()
        self.analysis: Executor = ProcessExecutor(start=process_start) if threaded else InlineExecutor()

    def stop(self) -> None:
        """End the work of ``process`` now (a search let go); its futures are cancelled."""
        if isinstance(self.process, ProcessExecutor):
            self.process.stop()

    def shutdown(self) -> None:
        """The window closes: the processes end now, the threads' work is
        dropped (nothing is waited for)."""
        for executor in (self.thread, self.process, self.analysis_thread, self.analysis):
            executor.shutdown(wait=False, cancel_futures=True)


def terminate(pool: Executor) -> None:
    """Cancel what is pending and stop a process pool's processes without
    waiting for the work they are doing (Ctrl-C, an error, a stop)."""
    if not isinstance(pool, Executor):
        raise TypeError(f"pool {pool!r}: expected a concurrent.futures.Executor")
    # ProcessPoolExecutor keeps its processes in ``_processes``; shutdown()
    # alone would wait for the work being done, which may take minutes.
    workers = list(dict(getattr(pool, "_processes", None) or {}).values())
    try:
        pool.shutdown(wait=False, cancel_futures=True)
    except TypeError:  # an executor without cancel_futures (older or foreign)
        pool.shutdown(wait=False)
    for proc in workers:
        with contextlib.suppress(Exception):
            proc.terminate()
    for proc in workers:
        with contextlib.suppress(Exception):
            proc.join(timeout=2)
    # Let the pool's manager thread see its dead workers and close down now:
    # left running, it races Python's exit hook, which may then write to the
    # pipe the thread has just closed ("Bad file descriptor" traceback).
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(timeout=2)


__all__ = [
    "LOST", "Executors", "InlineExecutor", "ProcessExecutor", "ThreadExecutor", "die_with_parent", "process_pool",
    "terminate", "worker_init",
]
