"""Local worker processes under faults: a worker killed (as by the OOM
killer) is one line and exit 2, SIGTERM and Ctrl-C stop the workers of
every command that runs them (``analyse --workers`` as ``simulate``), and
``--workers`` is capped at the CPUs in one line for every command."""

from __future__ import annotations

import os
import pty
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from support.processes import HAS_PROC, alive, children, wait_until
from support.terminal import as_on_a_terminal

from spoker.cli import main
from spoker.runs.parallel import cpu_count

ROOT = Path(__file__).resolve().parents[2]
RECORD = str(ROOT / "assets" / "records" / "sample-game.txt")

LONG_RUNS = {
    # Each runs for minutes with two workers: the test stops it.
    "simulate": ["simulate", "--players", "lookahead,lookahead", "--games", "100000", "--workers", "2",
                 "--out", "out.json"],
    "tournament": ["tournament", "lookahead", "greedy", "--games", "100000", "--workers", "2",
                   "--out", "out.json"],
    "study": ["study", "--players", "lookahead,lookahead", "--games", "100000", "--workers", "2",
              "--chart", "out.png"],
    "analyse": ["analyse", RECORD, "--effort", "50000000", "--workers", "2"],
}

needs_workers = pytest.mark.skipif(
    not HAS_PROC or cpu_count() < 2, reason="reads /proc; two workers need two CPUs"
)


def _start(argv: list[str], cwd: Path, stderr: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    """``spoker ARGV`` in its own session (so that a terminal's Ctrl-C can be
    sent to its process group), once its two workers have started."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "spoker", *argv], stdout=subprocess.PIPE, stderr=stderr,
        cwd=cwd, env=env, start_new_session=True, preexec_fn=as_on_a_terminal,
    )
    if not wait_until(lambda: len(children(proc.pid)) >= 2 or proc.poll() is not None, 30):
        proc.kill()
        pytest.fail("the workers did not start")
    assert proc.poll() is None, proc.communicate()
    return proc


def _finish(proc: subprocess.Popen[bytes], timeout: float) -> tuple[int, bytes, bytes]:
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    return proc.returncode, out, err


@needs_workers
@pytest.mark.parametrize("command", list(LONG_RUNS))
def test_a_killed_worker_is_one_line_and_exit_2(command: str, tmp_path: Path) -> None:
    proc = _start(LONG_RUNS[command], tmp_path)
    workers = children(proc.pid)
    os.kill(min(workers), signal.SIGKILL)  # as the OOM killer would
    code, out, err = _finish(proc, 20)
    text = err.decode("utf-8", "replace")
    assert code == 2 and "Traceback" not in text, text
    assert text.count("\n") == 1 and text.startswith(f"spoker {command}: error: a worker process"), text
    assert "run again" in text
    assert out == b"" and list(tmp_path.iterdir()) == []  # no result, no file
    assert wait_until(lambda: not any(alive(w) for w in workers), 3)  # the other worker too


@needs_workers
@pytest.mark.parametrize(
    ("command", "sig"),
    [("analyse", signal.SIGTERM), ("analyse", signal.SIGINT), ("study", signal.SIGTERM),
     ("tournament", signal.SIGTERM)],
    ids=["analyse-sigterm", "analyse-ctrl-c", "study-sigterm", "tournament-sigterm"],
)
def test_a_signal_stops_the_run_and_its_workers_at_once(command: str, sig: int, tmp_path: Path) -> None:
    master, slave = pty.openpty()  # stderr on a terminal, as when typed
    try:
        proc = _start(LONG_RUNS[command], tmp_path, stderr=slave)
        os.close(slave)
        workers = children(proc.pid)
        if sig == signal.SIGINT:
            os.killpg(proc.pid, sig)  # a terminal's Ctrl-C reaches the whole group
        else:
            proc.send_signal(sig)  # SIGTERM to the command alone, as kill does
        code, out, _ = _finish(proc, 10)  # the long run would take minutes: an exit is a stop
    finally:
        os.close(master)
    assert code == 130, code
    assert out == b"" and list(tmp_path.iterdir()) == []
    assert wait_until(lambda: not any(alive(w) for w in workers), 3), "workers left running"


@pytest.mark.parametrize(
    "argv",
    [
        ["analyse", RECORD, "--effort", "1"],
        ["study", "--players", "random,random", "--games", "2", "--rules", "visible"],
        ["tournament", "random", "greedy", "--games", "2"],
    ],
    ids=["analyse", "study", "tournament"],
)
def test_workers_are_capped_at_the_cpus_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    many = cpu_count() + 1
    seed = [] if argv[0] == "analyse" else ["--seed", "1"]
    assert main([*argv, *seed, "--workers", str(many)]) == 0
    err = capsys.readouterr().err
    assert err == f"spoker {argv[0]}: --workers {many} capped at {cpu_count()} (the number of CPUs)\n"
