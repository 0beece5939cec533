"""Workers die with their parent: the main process of a run with
``--workers 2`` (or the window's background process) killed outright leaves
no worker, and no multiprocessing resource tracker, behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support.processes import HAS_PROC, alive, descendants, wait_until

from spoker.runs.parallel import cpu_count

ROOT = Path(__file__).resolve().parents[2]
RECORD = str(ROOT / "assets" / "records" / "sample-game.txt")

RUNS = {
    # Each runs for minutes with two workers: the test kills it.
    "simulate": ["simulate", "--players", "lookahead,lookahead", "--games", "100000", "--workers", "2",
                 "--out", "out.json"],
    "analyse": ["analyse", RECORD, "--effort", "50000000", "--workers", "2"],
    "puzzles-make": ["puzzles", "make", "--games", "400", "--players", "random,random", "--workers", "2",
                     "--out", "p.txt"],
}

# The window's background process: one search handed to it, its pid said.
WINDOW = """
import os, sys
from spoker.runs.workers import ProcessExecutor
executor = ProcessExecutor()
executor.submit(os.getpid).result()
executor.submit(sum, range(10 ** 12))
print("ready", flush=True)
sys.stdin.read()
"""

needs_proc = pytest.mark.skipif(not HAS_PROC, reason="reads /proc")


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def _kill_and_wait(proc: subprocess.Popen[bytes], left: set[int]) -> None:
    """SIGKILL ``proc``; every process in ``left`` must then end by itself."""
    assert left, "no worker started"
    proc.kill()
    proc.wait()
    try:
        assert wait_until(lambda: not any(alive(p) for p in left), 30), \
            f"left running: {sorted(p for p in left if alive(p))}"
    finally:
        for pid in left:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


@needs_proc
@pytest.mark.skipif(cpu_count() < 2, reason="two workers need two CPUs")
@pytest.mark.parametrize("command", list(RUNS))
def test_a_killed_run_leaves_no_worker(command: str, tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "spoker", *RUNS[command]], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, cwd=tmp_path, env=_env(),
    )
    try:
        assert wait_until(lambda: len(descendants(proc.pid)) >= 2 or proc.poll() is not None, 60)
        assert proc.poll() is None, "the run ended before it was killed"
    except BaseException:
        proc.kill()
        raise
    _kill_and_wait(proc, descendants(proc.pid))


@needs_proc
def test_the_windows_background_process_dies_with_the_window(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", WINDOW], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=tmp_path, env=_env(),
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
        left = descendants(proc.pid)  # the worker and the resource tracker
        assert len(left) >= 2, left
    except BaseException:
        proc.kill()
        raise
    _kill_and_wait(proc, left)
