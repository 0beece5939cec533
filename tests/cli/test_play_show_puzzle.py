"""``spoker play --screenshot FILE --show puzzle:N``: N must be a shipped
puzzle (it used to picture another one, exit 0)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.gui
def test_a_puzzle_number_past_the_shipped_ones_is_refused(tmp_path: Path) -> None:
    from spoker.gui.models.puzzle_session import load_shipped

    count = len(load_shipped())
    out = tmp_path / "s.png"
    done = subprocess.run(
        [sys.executable, "-m", "spoker", "play", "--screenshot", str(out), "--show", "puzzle:100000"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**os.environ, "ARCADE_HEADLESS": "1", "SPOKER_HOME": str(tmp_path / "home"),
             "PYTHONPATH": str(ROOT)},
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == (
        f"spoker play: error: --show puzzle:100000: there are {count} shipped puzzles "
        f"(puzzle:1 to puzzle:{count})\n"
    )
    assert not out.exists()
