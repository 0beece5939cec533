"""An executor for the tests that step background work by hand."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any


class StepExecutor(Executor):
    """Keeps the work submitted: nothing runs until the test runs it, one
    piece (:meth:`run_one`) or all (:meth:`run_all`, work submitted meanwhile too)."""

    def __init__(self) -> None:
        self.work: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.work.append((future, lambda: fn(*args, **kwargs)))
        return future

    def run_one(self) -> None:
        future, work = self.work.pop(0)
        try:
            future.set_result(work())
        except Exception as err:
            future.set_exception(err)

    def run_all(self) -> None:
        while self.work:
            self.run_one()
