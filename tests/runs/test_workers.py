"""spoker.runs.workers: the executors background work runs on."""

from __future__ import annotations

import functools
import os
import signal
import threading
import time

import pytest

from spoker.errors import WorkerError
from spoker.runs.workers import Executors, InlineExecutor, ProcessExecutor, ThreadExecutor


def test_the_thread_runs_the_work_in_order_and_tells_a_failure() -> None:
    executor = ThreadExecutor()
    seen: list[int] = []
    futures = [executor.submit(functools.partial(seen.append, i)) for i in range(5)]
    failed = executor.submit(int, "x")
    assert failed.exception(timeout=30) is not None  # told by its future: the thread goes on
    assert executor.submit(len, "abc").result(timeout=30) == 3
    assert all(f.done() for f in futures) and seen == [0, 1, 2, 3, 4]


def test_the_thread_is_a_daemon_and_shutdown_drops_what_waits() -> None:
    executor = ThreadExecutor()
    gate = threading.Event()
    blocked = executor.submit(gate.wait)
    waiting = executor.submit(int)
    executor.shutdown(wait=False, cancel_futures=True)  # returns with the work still running
    assert waiting.cancelled() and not blocked.done()
    assert all(t.daemon for t in threading.enumerate() if t.name == executor.name)
    with pytest.raises(RuntimeError):
        executor.submit(int)
    gate.set()
    assert blocked.result(timeout=30) is True


def test_the_process_answers_stops_at_once_and_starts_again() -> None:
    executor = ProcessExecutor()
    try:
        assert executor.submit(abs, -3).result(timeout=60) == 3
        long = executor.submit(time.sleep, 600)
        executor.stop()
        assert long.cancelled()  # stopped: its future cancelled, nothing waited for
        assert executor.submit(abs, -4).result(timeout=60) == 4  # a new process after a stop
    finally:
        executor.shutdown()


def test_a_process_that_dies_fails_its_work_and_the_next_gets_a_new_one() -> None:
    executor = ProcessExecutor()
    try:
        pid = executor.submit(os.getpid).result(timeout=60)
        dying = executor.submit(time.sleep, 600)
        os.kill(pid, signal.SIGKILL)  # as the system's out-of-memory killer would
        with pytest.raises(WorkerError, match="a worker process died"):
            dying.result(timeout=60)
        assert executor.submit(os.getpid).result(timeout=60) != pid
    finally:
        executor.shutdown()


def test_unthreaded_the_windows_executors_run_at_once() -> None:
    executors = Executors(threaded=False)
    assert isinstance(executors.thread, InlineExecutor) and isinstance(executors.process, InlineExecutor)
    assert executors.process.submit(abs, -2).result(timeout=0) == 2
    executors.stop()
    executors.shutdown()


def test_an_idle_process_that_died_is_replaced_at_the_next_work() -> None:
    from support.processes import wait_until

    executor = ProcessExecutor()
    try:
        pid = executor.submit(os.getpid).result(timeout=60)
        os.kill(pid, signal.SIGKILL)  # no work in flight: nothing is told of it
        assert wait_until(lambda: bool(getattr(executor._pool, "_broken", False)), 60)
        assert executor.submit(os.getpid).result(timeout=60) != pid
    finally:
        executor.shutdown()
