"""Running simulations and tournaments on a Dask cluster (``--cluster``).

A run is a stream of seeded units (:mod:`spoker.runs.parallel`), so it gives the
same result on a cluster as in one process. This module only turns an
address into a :class:`concurrent.futures.Executor`:

- ``dask`` starts a local Dask cluster of worker processes, one thread each;
- ``tcp://HOST:PORT`` joins the Dask scheduler listening there.

Dask (the extra ``cluster``) is imported only when a cluster is asked for,
so the base install and every other command stay free of it. The workers
unpickle the units and :func:`spoker.runs.simulate.run_unit` by name: they must
import the same spoker (checked on connecting, by version).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Executor, Future
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit

from spoker.errors import ArgumentError, SpokerError, WorkerError
from spoker.runs.parallel import _term_as_interrupt as term_as_interrupt
from spoker.runs.parallel import cap_workers, cpu_count
from spoker.safe_text import printable

R = TypeVar("R")

LOCAL = "dask"
"""The address that starts a local Dask cluster."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler to answer before giving up: the TCP
connection, Dask's handshake and the workers' versions, all told."""

INSTALL_HINT = "pip install 'spoker[cluster]'"

NO_DASHBOARD: dict[str, Any] = {
    "dashboard_address": None,
    # The scheduler serves HTTP (health, metrics) even without a dashboard,
    # by default on port 8787, warning when another cluster holds it.
    "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"},
}
"""A local cluster's options: no dashboard, its HTTP server on loopback."""

MALLOC_TRIM = "MALLOC_TRIM_THRESHOLD_"


class _NotDask(OSError):
    """A server's reply that is not Dask's protocol. An ``OSError``, so that
    Dask closes the client it was starting, as for a refused connection."""


@dataclass(frozen=True)
class ClusterAddress:
    """A parsed ``--cluster`` address: a local cluster (``host`` empty) or
    a scheduler's host and port."""

    text: str
    host: str = ""
    port: int = 0

    @property
    def local(self) -> bool:
        return not self.host

    @property
    def url(self) -> str:
        """The scheduler's address as Dask spells it."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"


def parse_address(text: str) -> ClusterAddress:
    """``dask`` or ``tcp://HOST:PORT``; :class:`ArgumentError` quoting anything else."""
    if not isinstance(text, str):
        raise TypeError(f"cluster address {text!r}: expected a string")
    expected = f"expected '{LOCAL}' (a local Dask cluster) or tcp://HOST:PORT (a Dask scheduler)"
    if text.strip().lower() == LOCAL:
        return ClusterAddress(LOCAL)
    if not text.lower().startswith("tcp://"):
        raise ArgumentError(f"cluster address {text!r}: {expected}")
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ArgumentError(f"cluster address {text!r}: bad port; {expected}") from None
    host = parts.hostname or ""
    if not host or port is None or port == 0 or parts.path or parts.query or parts.fragment or parts.username:
        raise ArgumentError(f"cluster address {text!r}: {expected}")
    if any(c.isspace() or not c.isprintable() for c in host):
        raise ArgumentError(f"cluster address {text!r}: bad host; {expected}")
    return ClusterAddress(text, host, port)


def check_reachable(address: ClusterAddress, timeout: float = CONNECT_TIMEOUT) -> None:
    """:class:`WorkerError` at once if nothing listens at the scheduler's
    address (Dask itself would retry until its timeout)."""
    try:
        with socket.create_connection((address.host, address.port), timeout=timeout):
            pass
    except OSError as err:
        reason = err.strerror or err.__class__.__name__
        raise WorkerError(
            f"no Dask scheduler answers at {printable(address.text)} ({printable(str(reason))})"
        ) from None


def _distributed() -> Any:
    """The ``distributed`` package, or :class:`WorkerError` saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise WorkerError(f"--cluster needs Dask's distributed package: {INSTALL_HINT}") from None
    return distributed


@functools.cache
def _client_class(distributed: Any) -> Any:
    """Dask's ``Client``, its connecting bounded by its timeout as a whole.

    Dask bounds the TCP connection and some replies, but not the handshake:
    a server that accepts and never answers holds ``Client()`` for ever. Any
    other failure of the exchange (an echo, random bytes: an
    ``AssertionError``, "Maximum allowed dimension exceeded") is
    :class:`_NotDask`."""

    class Client(distributed.Client):  # type: ignore[misc]
        async def _ensure_connected(self, timeout: float | None = None) -> None:
            if timeout is None:  # not ours: a client always has one here
                await super()._ensure_connected(timeout=timeout)
                return
            try:
                await asyncio.wait_for(super()._ensure_connected(timeout=timeout), timeout)
            except OSError:  # TimeoutError, refused, reset: Dask's own way out
                raise
            except Exception as err:
                raise _NotDask(err.__class__.__name__) from err

    return Client


def _connect(distributed: Any, where: ClusterAddress, timeout: float) -> Any:
    """A client of the scheduler at ``where``, or :class:`WorkerError` within
    ``timeout`` seconds saying why not."""
    deadline = time.monotonic() + timeout
    check_reachable(where, timeout)
    what = printable(where.text)
    left = max(0.1, deadline - time.monotonic())
    try:
        return _client_class(distributed)(where.url, timeout=left, set_as_default=False)
    except _NotDask as err:
        raise WorkerError(
            f"the server at {what} does not answer as a Dask scheduler ({printable(str(err))}): "
            "is it one, of a Dask version that can talk to this one?"
        ) from None
    except TimeoutError:
        raise WorkerError(
            f"no Dask scheduler answers at {what} (connected, but no answer in {timeout:g} s)"
        ) from None
    except OSError as err:
        raise WorkerError(
            f"no Dask scheduler answers at {what} ({printable(err.__class__.__name__)})"
        ) from None


def spoker_version() -> str:
    """The version of spoker a worker imports (run on each worker)."""
    import spoker

    return spoker.__version__


class DaskExecutor(Executor):
    """A Dask client's ``concurrent.futures`` executor that also tells how
    many units the cluster plays at once (:attr:`slots`), and whether it can
    still play them (:meth:`check`). ``address``: the ``--cluster`` value,
    for the messages."""

    def __init__(self, client: Any, address: str = LOCAL) -> None:
        self.client = client
        self.address = address
        # pure=False: a unit is not hashed to look for a cached result.
        self._inner = client.get_executor(pure=False)

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        return self._inner.submit(fn, *args, **kwargs)  # type: ignore[no-any-return]

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        try:
            self._inner.shutdown(wait=wait and not cancel_futures)
        except Exception:
            if self.client.status == "running":
                raise
            # A client that lost its scheduler has nothing left to cancel
            # (and says so with ClosedClientError).

    @property
    def slots(self) -> int:
        """Threads across the cluster's workers now (at least 1)."""
        return max(1, sum(self.client.nthreads().values()))

    def check(self) -> None:
        """:class:`WorkerError` once the client has lost its scheduler
        (called by :func:`spoker.runs.parallel.stream` while it waits): Dask then
        cancels every unit, but the future of a unit may never say so."""
        if self.client.status != "running":
            raise self.lost()

    @property
    def which(self) -> str:
        """The cluster, for a message."""
        where = parse_address(self.address)
        return "the local Dask cluster" if where.local else f"the Dask scheduler at {printable(where.text)}"

    def lost(self) -> WorkerError:
        """The error for a run whose scheduler went away."""
        return WorkerError(
            f"lost {self.which} during the run (the connection closed, the units were cancelled); "
            "nothing was written: check that the scheduler runs and run again"
        )


def _check_workers(client: Any, address: ClusterAddress, timeout: float) -> None:
    """Every worker imports the spoker this process runs, so that the units
    are played by the same rules and players; the scheduler answers within
    ``timeout`` seconds."""
    import spoker

    try:
        # callback_timeout is Client.sync's, which run() calls: the question
        # is cancelled at the deadline (a frozen scheduler never answers).
        versions = client.run(spoker_version, on_error="return", callback_timeout=timeout)
    except TimeoutError:
        raise WorkerError(
            f"the Dask scheduler at {printable(address.text)} did not answer in {timeout:g} s"
        ) from None
    if not versions:
        raise WorkerError(f"the Dask scheduler at {printable(address.text)} has no workers")
    for worker, version in sorted(versions.items()):
        if version != spoker.__version__:
            found = (
                f"spoker {printable(str(version))}"
                if isinstance(version, str)
                else "no spoker it can import"
            )
            raise WorkerError(
                f"Dask worker {printable(worker)} has {found}, this is spoker "
                f"{spoker.__version__}: install the same spoker on every worker"
            )


@contextlib.contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log lines (workers starting, connections closing on
    Ctrl-C, a lost scheduler with its tracebacks) kept off the command's
    stderr: what matters reaches this process as an exception, told in one
    line."""
    roots = ("distributed", "tornado", "asyncio")
    # Dask's logging configuration gives some of its loggers levels of their
    # own (distributed.client: warning): each is set, not just the roots.
    named = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in roots]
    loggers = [logging.getLogger(name) for name in sorted({*roots, *named})]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


@contextlib.contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Start processes that ignore SIGINT: a terminal's Ctrl-C reaches the
    whole process group, and each Dask worker would print a traceback; this
    process closes the cluster instead. (An ignored signal stays ignored in
    a new program; a Ctrl-C while the cluster starts is lost.)"""
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can be set in the main thread only
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def _no_malloc_trim() -> Iterator[None]:
    """Start Dask workers without the ``MALLOC_TRIM_THRESHOLD_`` their nanny
    sets: a fixed trim threshold turns off glibc's adaptive mmap threshold, and
    every large numpy temporary of a batch block is then mapped and unmapped
    anew (batch games run about 2.5 times slower; bench/cluster.py)."""
    import dask

    key = "distributed.nanny.pre-spawn-environ"
    environ = dict(dask.config.get(key, {}))
    dask_value = environ.pop(MALLOC_TRIM, None)
    # A nanny also writes its settings into this process's os.environ, which
    # later workers inherit: hide Dask's value (not one a person set) meanwhile.
    inherited = os.environ.get(MALLOC_TRIM)
    hide = inherited is not None and inherited == str(dask_value)
    if hide:
        del os.environ[MALLOC_TRIM]
    try:
        with dask.config.set({key: environ}):
            yield
    finally:
        if hide and inherited is not None:
            os.environ[MALLOC_TRIM] = inherited


@contextlib.contextmanager
def cluster_executor(
    address: str, workers: int | None = None, timeout: float | None = None
) -> Iterator[DaskExecutor]:
    """An executor on the Dask cluster at ``address``, closed on leaving.

    ``dask``: a local cluster of ``workers`` processes (default: one a CPU,
    capped at the number of CPUs). ``tcp://HOST:PORT``: the scheduler there,
    with its own workers (``workers`` must then be None), which must answer
    within ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`). On Ctrl-C
    or an error the pending units are cancelled and the cluster closed; the
    scheduler lost during the run is :class:`WorkerError`."""
    where = parse_address(address)
    if not where.local and workers is not None:
        raise WorkerError(
            f"--workers sets the size of a local cluster; the scheduler at "
            f"{printable(address)} has its own workers"
        )
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    distributed = _distributed()
    with contextlib.ExitStack() as stack:
        # SIGTERM closes the cluster as Ctrl-C does (as in spoker.runs.parallel).
        stack.enter_context(term_as_interrupt(True))
        stack.enter_context(_quiet_dask())
        if where.local:
            n = cap_workers(workers if workers is not None else cpu_count())
            # The workers' own logs are silenced: a cluster closed while they
            # play a unit (Ctrl-C) makes them log the lost scheduler with
            # tracebacks; a unit's error reaches this process as an exception.
            with _workers_ignore_ctrl_c(), _no_malloc_trim():
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=n, threads_per_worker=1, processes=True,
                        silence_logs=logging.CRITICAL, **NO_DASHBOARD,
                    )
                )
            deadline = time.monotonic() + timeout
            client = stack.enter_context(distributed.Client(cluster, timeout=timeout))
        else:
            deadline = time.monotonic() + timeout
            client = stack.enter_context(_connect(distributed, where, timeout))
        _check_workers(client, where, max(0.1, deadline - time.monotonic()))
        executor = DaskExecutor(client, address)
        try:
            yield executor
        except Exception as err:
            executor.shutdown(wait=False, cancel_futures=True)
            lost = _lost(distributed, executor, err)
            if lost is not None:
                raise lost from None
            raise
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        executor.shutdown(wait=True)


def _lost(distributed: Any, executor: DaskExecutor, err: Exception) -> WorkerError | None:
    """The :class:`WorkerError` to tell for ``err``, raised during a run, if
    the cluster failed the run, not a unit: the units cancelled (Dask cancels
    them all when the scheduler goes), the client disconnected, or workers
    dying one after another on a unit."""
    if isinstance(err, SpokerError):
        return None
    if isinstance(err, distributed.KilledWorker):
        return WorkerError(
            f"workers of {executor.which} died one after another playing one unit (out of memory?); "
            "nothing was written: check the workers and run again"
        )
    if isinstance(err, CancelledError) or executor.client.status != "running":
        return executor.lost()
    return None
