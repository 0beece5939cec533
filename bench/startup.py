"""Time from launching ``spoker play`` to its first frame on screen.

Runs ``python -m spoker play`` (the title screen) and ``python -m spoker play
--seed 1`` (straight into a game) as subprocesses, headless, with
``SPOKER_EXIT_AFTER_FIRST_FRAME=1``: the app closes its window in the first
update after the first frame has been drawn, so the wall time of the process
is the time to the first frame plus a clean exit. The baseline, measured in the
same run and interleaved with the others so that a shared machine disturbs all
alike, is ``python -c pass`` (the interpreter alone); ``python -c "import
arcade"`` is shown too. Prints the median and worst of each and the ratios::

    python3 bench/startup.py
    python3 bench/startup.py --runs 15

Target: under 2 s to the first frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = (
    ("python -c pass (baseline)", [sys.executable, "-c", "pass"]),
    ("python -c 'import arcade'", [sys.executable, "-c", "import arcade"]),
    ("spoker play (title screen)", [sys.executable, "-m", "spoker", "play"]),
    ("spoker play --seed 1 (game)", [sys.executable, "-m", "spoker", "play", "--seed", "1"]),
)


def run_once(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each command (default 9)")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="spoker-startup-")
    env = dict(os.environ, SPOKER_EXIT_AFTER_FIRST_FRAME="1", SPOKER_HOME=home,
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if not env.get("DISPLAY"):
        env["ARCADE_HEADLESS"] = "1"
    times: dict[str, list[float]] = {name: [] for name, _ in CASES}
    for _ in range(max(1, args.runs)):
        for name, argv in CASES:  # interleaved: load changes hit every case alike
            times[name].append(run_once(argv, env))
    base = statistics.median(times[CASES[0][0]])
    try:
        load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        load = "load average unknown"
    print(f"start-up to the first frame, {args.runs} runs each, headless={env.get('ARCADE_HEADLESS') == '1'}; {load}")
    print(f"{'command':32} {'median':>9} {'worst':>9} {'x baseline':>11}")
    for name, _ in CASES:
        med = statistics.median(times[name])
        print(f"{name:32} {med * 1000:7.0f} ms {max(times[name]) * 1000:7.0f} ms {med / base:10.1f}x")
    game = statistics.median(times[CASES[3][0]])
    title = statistics.median(times[CASES[2][0]])
    verdict = "met" if max(game, title) < 2.0 else "NOT met"
    print(f"target < 2 s to the first frame: {verdict} (title {title:.2f} s, game {game:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
