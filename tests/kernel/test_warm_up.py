"""The kernel's start in the window: the first compile in a process of its
own (the window's interpreter lock stays free), said once, the worker
processes only loading numba's cache; a failed compile falls back to the
Python search, said once; the worker thread's memo written ahead of its
first search (no page faults there)."""

from __future__ import annotations

import random
import resource
import sys
import threading
from collections.abc import Callable

import pytest

import spoker.kernel
from spoker import GameState, RuleSet
from spoker.kernel import kernel_path, new_search
from spoker.kernel.memo import PAGE, Memo, thread_memo
from spoker.kernel.search import KernelSearch
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax
from spoker.runs.workers import ProcessExecutor, ThreadExecutor

COMPILING = f"spoker: {spoker.kernel.COMPILING.line}\n"


@pytest.fixture
def not_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as if the kernel were not warmed up yet (fresh flags, nothing failed)."""
    for name in ("_READY", "_BACKGROUND", "_LOAD_ONLY"):
        monkeypatch.setattr(spoker.kernel, name, threading.Event())
    monkeypatch.setattr(spoker.kernel, "_FAILED", [])


def _cold_until(monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> list[int]:
    """numba's cache empty until ``command`` (the compile run aside) has run:
    then the real one, loaded. The runs of the command, counted."""
    runs: list[int] = []
    real = spoker.kernel._compile_aside

    def compile_aside() -> str | None:
        runs.append(1)
        return real()

    monkeypatch.setattr(spoker.kernel, "COMPILE_ASIDE", command)
    monkeypatch.setattr(spoker.kernel, "_compile_aside", compile_aside)
    monkeypatch.setattr(spoker.kernel, "_cached", lambda: bool(runs))
    return runs


def _position(seed: int = 3, placed: int = 8) -> GameState:
    rng = random.Random(seed)
    state = GameState()
    while state.move_number < placed:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    state.draw(rng)
    return state


def _in_a_thread(work: Callable[[], object]) -> object:
    out: list[object] = []
    thread = threading.Thread(target=lambda: out.append(work()))
    thread.start()
    thread.join()
    return out[0]


def _slow_warm_up(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """A warm-up that finishes only when its gate opens: (gate, done)."""
    gate, done = threading.Event(), threading.Event()

    def warm_up(**options: object) -> str:
        assert gate.wait(60)
        spoker.kernel._READY.set()
        done.set()
        return kernel_path()

    monkeypatch.setattr(spoker.kernel, "warm_up", warm_up)
    return gate, done


@pytest.mark.usefixtures("not_ready")
def test_the_window_searches_in_python_until_the_kernel_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    gate, done = _slow_warm_up(monkeypatch)
    spoker.kernel.warm_up_in_background()  # returns at once: the warm-up waits on its gate
    assert type(new_search(RuleSet())) is Expectimax
    assert not spoker.kernel.ready()
    gate.set()
    assert done.wait(60)
    assert spoker.kernel.ready()
    assert type(new_search(RuleSet())) is KernelSearch


@pytest.mark.usefixtures("not_ready")
def test_the_command_line_warms_up_at_its_first_search(monkeypatch: pytest.MonkeyPatch) -> None:
    gate, done = _slow_warm_up(monkeypatch)
    gate.set()
    assert type(new_search(RuleSet())) is KernelSearch
    assert done.is_set()


@pytest.mark.usefixtures("not_ready")
def test_a_first_compile_is_announced_once(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(spoker.kernel, "_cached", lambda: False)
    assert type(new_search(RuleSet())) is KernelSearch  # the real warm-up: loaded already, quick
    assert type(new_search(RuleSet("touching", False, ()))) is KernelSearch
    assert capsys.readouterr().err == COMPILING


@pytest.mark.usefixtures("not_ready")
def test_the_window_compiles_aside_says_so_once_then_loads(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
) -> None:
    runs = _cold_until(monkeypatch, (sys.executable, "-c", "print('compiled')"))
    spoker.kernel.warm_up_in_background()
    spoker.kernel.warm_up_in_background()  # a second start: the same warm-up
    assert spoker.kernel.warm_up() == kernel_path()  # waits for the background one
    assert spoker.kernel.ready() and len(runs) == 1
    assert type(new_search(GameState().rules)) is KernelSearch
    assert capfd.readouterr().err == COMPILING


@pytest.mark.usefixtures("not_ready")
def test_a_failed_compile_falls_back_to_python_said_once(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
) -> None:
    _cold_until(monkeypatch, (sys.executable, "-c", "import sys; sys.exit('LLVM ERROR: no such target')"))
    monkeypatch.setattr(spoker.kernel, "_cached", lambda: False)  # the compile left nothing behind
    spoker.kernel.warm_up_in_background()
    spoker.kernel.warm_up()  # waits for it
    assert not spoker.kernel.ready()
    assert kernel_path() == f"python (numba {spoker.kernel._numba_version()} failed: LLVM ERROR: no such target)"
    assert type(new_search(GameState().rules)) is Expectimax
    assert type(new_search(GameState().rules)) is Expectimax
    spoker.kernel.warm_up()
    assert capfd.readouterr().err == (
        f"{COMPILING}spoker: {spoker.kernel.NOT_COMPILED}: LLVM ERROR: no such target\n")


@pytest.mark.usefixtures("not_ready")
def test_a_compile_that_leaves_no_cache_is_not_done_again_here(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
) -> None:
    """A cache that cannot be written at all: the window does not compile in
    its own process (its frames would wait); the Python search serves."""
    _cold_until(monkeypatch, (sys.executable, "-c", "pass"))
    monkeypatch.setattr(spoker.kernel, "_cached", lambda: False)
    spoker.kernel.warm_up(aside=True)
    assert not spoker.kernel.ready()
    assert "nothing in numba's cache" in capfd.readouterr().err


def test_a_window_worker_process_with_no_cache_neither_compiles_nor_says_so(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str],
) -> None:
    """The window's worker processes start by :func:`load_only`: with numba's
    cache still empty (the window compiling it), a real one searches in
    Python and says nothing: the window says it once."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # empty: cold, for the spawned process
    workers = ProcessExecutor(start=spoker.kernel.load_only)
    try:
        # a search's warm-up there: loads nothing, compiles nothing (before, it compiled, saying so)
        assert workers.submit(spoker.kernel.warm_up).result(timeout=300).startswith("compiled")
        assert not workers.submit(spoker.kernel.ready).result(timeout=60)
    finally:
        workers.shutdown()
    assert capfd.readouterr().err == ""


def test_a_worker_process_loads_the_cache_when_it_is_there() -> None:
    workers = ProcessExecutor(start=spoker.kernel.load_only)
    try:
        assert workers.submit(spoker.kernel.ready).result(timeout=120)
    finally:
        workers.shutdown()


def test_touching_a_memo_keeps_its_entries() -> None:
    state = _position()
    memo = Memo()
    values = new_search(state.rules, memo=memo).analyse(*root_args(state), 2)
    before = memo.keys.copy()
    memo.touch()
    assert (memo.keys == before).all()
    assert new_search(state.rules, memo=memo).analyse(*root_args(state), 2) == values
    assert memo.keys.nbytes > 1000 * PAGE


@pytest.mark.skipif(not hasattr(resource, "RUSAGE_THREAD"), reason="a thread's page faults: Linux only")
def test_a_prepared_thread_searches_without_page_faults() -> None:
    """The window prepares its worker thread at start: the tutor's first
    search there writes into a memo already in memory (a fresh one costs
    page faults: 6 to 90 ms)."""
    state = _position()

    def first_search(prepare: bool) -> int:
        if prepare:
            spoker.kernel.prepare_thread()
        faults = resource.getrusage(resource.RUSAGE_THREAD).ru_minflt
        new_search(state.rules).analyse(*root_args(state), 3)
        assert thread_memo() is not None
        return resource.getrusage(resource.RUSAGE_THREAD).ru_minflt - faults

    fresh = _in_a_thread(lambda: first_search(False))
    prepared = _in_a_thread(lambda: first_search(True))
    assert isinstance(fresh, int) and isinstance(prepared, int)
    assert prepared <= 8 < fresh


def test_the_python_path_prepares_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOKER_KERNEL", "python")
    worker = ThreadExecutor("prepare")
    worker.submit(spoker.kernel.prepare_thread).result(timeout=60)
    assert worker.submit(lambda: getattr(spoker.kernel.memo._THREAD, "memo", None)).result(timeout=60) is None
