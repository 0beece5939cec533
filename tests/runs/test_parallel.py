"""spoker.runs.parallel: units streamed to an executor, in order, a few at a time."""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.runs.parallel import (
    InlineExecutor,
    cap_workers,
    cpu_count,
    make_executor,
    running,
    stream,
)

R = TypeVar("R")


def square(x: int) -> int:
    return x * x


@given(st.lists(st.integers(-1000, 1000), max_size=40), st.integers(1, 6), st.sampled_from(["inline", "threads"]))
def test_results_come_in_the_units_order_whatever_the_executor(units: list[int], in_flight: int, kind: str) -> None:
    with (ThreadPoolExecutor(3) if kind == "threads" else InlineExecutor()) as executor:
        got = list(stream(square, units, executor, in_flight))
    assert got == [(u, u * u) for u in units]


def test_units_are_drawn_lazily_a_few_at_a_time() -> None:
    drawn = []

    def endless() -> Iterator[int]:
        for i in itertools.count():
            drawn.append(i)
            yield i

    with ThreadPoolExecutor(2) as executor:
        results = stream(square, endless(), executor, in_flight=4)
        first = [next(results) for _ in range(10)]
        results.close()  # the caller stops reading: what is pending is cancelled
    assert first == [(i, i * i) for i in range(10)]
    assert len(drawn) <= 10 + 4


def test_an_error_in_a_unit_reaches_the_caller() -> None:
    def fail(x: int) -> int:
        raise ValueError(f"unit {x}")

    with pytest.raises(ValueError, match="unit 0"), running(1) as executor:
        list(stream(fail, [0, 1], executor))


def test_workers_are_capped_at_the_cpus() -> None:
    assert cap_workers(10**6) == cpu_count() and cap_workers(1) == 1 and cap_workers(0) == 1
    assert isinstance(make_executor(1), InlineExecutor)
    with pytest.raises(TypeError):
        make_executor("2")  # type: ignore[arg-type]


def test_an_executor_that_cannot_finish_is_told_while_waiting() -> None:
    # A Dask client that lost its scheduler may leave a unit's future pending
    # for ever: the executor's check() is asked while the stream waits.
    class Stalled(Executor):
        checks = 0

        def submit(self, fn: Callable[..., R], /, *args: object, **kwargs: object) -> Future[R]:
            return Future()  # never done

        def check(self) -> None:
            self.checks += 1
            raise RuntimeError("lost")

    def tick() -> None:  # called after check(): without one, the stream waits for ever
        raise AssertionError("waited without asking the executor")

    stalled = Stalled()
    with pytest.raises(RuntimeError, match="lost"):
        list(stream(square, [1, 2], stalled, tick=tick))
    assert stalled.checks == 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_worker_forked_before_its_initialiser_stops_quietly_on_sigterm() -> None:
    """While workers run, SIGTERM is the parent's Ctrl-C; a worker forked with
    that handler (its initialiser not run yet) and stopped by the pool's
    SIGTERM must end as SIGTERM ends a process, not raise KeyboardInterrupt
    (which printed 'Process ForkProcess-2:' and a traceback on stderr)."""
    from spoker.runs.parallel import _term_as_interrupt

    with _term_as_interrupt(True):
        pid = os.fork()
        if pid == 0:  # the worker, before any initialiser
            try:
                os.kill(os.getpid(), signal.SIGTERM)  # the handler runs before the next line
            except KeyboardInterrupt:
                os._exit(3)
            os._exit(4)
        _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM, status
