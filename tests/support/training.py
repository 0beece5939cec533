"""Running a training script's short run, for the tests that check it reproduces its fixture."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
"""Where the fixtures live."""


def run_quick(script: str, out: Path) -> None:
    """``scripts/SCRIPT --quick --out OUT``, from the repository's root."""
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), "--quick", "--out", str(out)],
        check=True, capture_output=True, cwd=ROOT,
    )
