"""bench/startup.py: where it measures (a virtual environment, or here) and what it prints."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.processes import FIRST_FRAME

ROOT = Path(__file__).resolve().parents[2]
BENCH = str(ROOT / "bench" / "startup.py")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, BENCH, *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def test_a_folder_that_is_no_environment_is_refused(tmp_path: Path) -> None:
    done = _run("--venv", str(tmp_path), "--cli-only", "--runs", "1")
    assert done.returncode == 1
    assert "not a virtual environment with spoker installed" in done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing made or installed in it


def test_install_needs_an_environment() -> None:
    done = _run("--install")
    assert done.returncode == 2
    assert "--install goes with --venv DIR" in done.stderr


@pytest.mark.slow
def test_here_times_every_command_against_the_bare_interpreter() -> None:
    done = _run("--here", "--cli-only", "--runs", "1")
    assert done.returncode == 0, done.stderr
    for name in ("python -c pass (baseline)", "spoker --help", "spoker groups ... --json",
                 "spoker show STATE", "spoker suite worked-examples", "python -m spoker --help"):
        assert name in done.stdout
    assert "target: command line within 4x the bare interpreter:" in done.stdout


def test_the_product_reads_no_environment_hook() -> None:
    """The benchmark's (and the tests') way into the window is
    ``bench/first_frame.py``, not an option or an environment variable of the
    product: the only SPOKER_ settings it reads are SPOKER_HOME, the user's
    data folder, and SPOKER_KERNEL (``python``: search without the compiler,
    docs/kernel.md), and no command takes ``--exit-after-first-frame``."""
    read = set()
    for path in (ROOT / "spoker").rglob("*.py"):
        read |= set(re.findall(r"SPOKER_[A-Z_]+", path.read_text(encoding="utf-8")))
    assert read == {"SPOKER_HOME", "SPOKER_KERNEL"}
    assert "first_frame.py" in Path(BENCH).read_text(encoding="utf-8")
    for path in (ROOT / "spoker").rglob("*.py"):
        assert "--exit-after-first-frame" not in path.read_text(encoding="utf-8"), path


@pytest.mark.slow
def test_the_laboratory_closes_after_its_first_frame_when_told(tmp_path: Path) -> None:
    # (play and replay: tests/gui/views/test_replay_viewer.py and tests/cli/test_play_cmd.py)
    env = dict(os.environ, ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path))
    done = subprocess.run([*FIRST_FRAME, "lab"],
                          env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
