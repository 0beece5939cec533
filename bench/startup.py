"""Start-up times: the command line, and ``spoker play`` to its first frame.

The command line (target: each within 4x a bare interpreter start): ``spoker
--help``, ``spoker groups BOARD MOVE --json``, ``spoker show STATE`` and
``spoker suite FILE`` on a shipped suite. Each imports only what its command
needs (``python3 -X importtime -m spoker groups ...`` shows what that is).

The window (target: under 2 s to the first frame): ``python -m spoker play``
(the title screen) and ``python -m spoker play --seed 1`` (straight into a
game), headless, with ``SPOKER_EXIT_AFTER_FIRST_FRAME=1``: the app closes its
window in the first update after the first frame has been drawn, so the wall
time of the process is the time to the first frame plus a clean exit.

All run as subprocesses. The baseline, measured in the same run and interleaved
with the others so that a shared machine disturbs all alike, is ``python -c
pass`` (the interpreter alone); ``python -c "import arcade"`` is shown too.
Compiled bytecode is kept in a temporary directory (``PYTHONPYCACHEPREFIX``)
and one warm-up round is not counted, as after an install, which compiles the
package once; ``--cold`` leaves the environment alone (with
``PYTHONDONTWRITEBYTECODE`` set, every run compiles every module). Prints the
median and worst of each and its ratio to the baseline::

    python3 bench/startup.py
    python3 bench/startup.py --runs 15
    python3 bench/startup.py --cli-only
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BOARD = "WB............../........./..../."
STATE = "WB..BB........../........./..../. 1 0-0 - R * visible"
SUITE = "assets/suites/worked-examples.txt"
SPOKER = [sys.executable, "-m", "spoker"]

BASELINE = ("python -c pass (baseline)", [sys.executable, "-c", "pass"])
CLI_CASES = (
    ("spoker --help", [*SPOKER, "--help"]),
    ("spoker groups ... --json", [*SPOKER, "groups", BOARD, "R@1E1", "--json"]),
    ("spoker show STATE", [*SPOKER, "show", STATE]),
    ("spoker suite worked-examples", [*SPOKER, "suite", SUITE]),
)
GUI_CASES = (
    ("python -c 'import arcade'", [sys.executable, "-c", "import arcade"]),
    ("spoker play (title screen)", [*SPOKER, "play"]),
    ("spoker play --seed 1 (game)", [*SPOKER, "play", "--seed", "1"]),
)
CLI_TARGET = 4.0
"""A command-line start within this many bare interpreter starts."""
GUI_TARGET = 2.0
"""Seconds to the first frame."""


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each command (default 9)")
    parser.add_argument("--cli-only", action="store_true", help="leave out the window's cases")
    parser.add_argument(
        "--cold", action="store_true", help="no bytecode cache: the environment as it is"
    )
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="spoker-startup-")
    env = dict(os.environ, SPOKER_EXIT_AFTER_FIRST_FRAME="1", SPOKER_HOME=home,
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if not args.cold:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "pycache")
    if not env.get("DISPLAY"):
        env["ARCADE_HEADLESS"] = "1"
    cases = (BASELINE, *CLI_CASES, *(() if args.cli_only else GUI_CASES))
    if not args.cold:
        for _name, argv in cases:  # warm-up: compiles and caches the bytecode
            run_once(argv, env)
    walls: dict[str, list[float]] = {name: [] for name, _ in cases}
    cpus: dict[str, list[float]] = {name: [] for name, _ in cases}
    order = random.Random(1)
    for _ in range(max(1, args.runs)):
        # Interleaved, in a new order each round: load changes hit every case alike.
        for name, argv in order.sample(cases, len(cases)):
            wall, cpu = run_once(argv, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    wall_base = statistics.median(walls[BASELINE[0]])
    cpu_base = statistics.median(cpus[BASELINE[0]])
    try:
        load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        load = "load average unknown"
    cache = "no bytecode cache" if args.cold else "bytecode cached"
    print(f"start-up, {args.runs} runs each, headless={env.get('ARCADE_HEADLESS') == '1'}, "
          f"{cache}; {load}")
    print("wall: time waited (median, worst); cpu: user + system time, steadier on a shared machine")
    print(f"{'command':32} {'wall':>9} {'worst':>9} {'x baseline':>11} {'cpu':>9} {'x baseline':>11}")
    for name, _ in cases:
        wall = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        print(f"{name:32} {wall * 1000:6.0f} ms {max(walls[name]) * 1000:6.0f} ms "
              f"{wall / wall_base:10.1f}x {cpu * 1000:6.0f} ms {cpu / cpu_base:10.1f}x")
    worst = max(CLI_CASES, key=lambda case: statistics.median(walls[case[0]]))
    ratio = statistics.median(walls[worst[0]]) / wall_base
    cpu_ratio = max(statistics.median(cpus[name]) for name, _ in CLI_CASES) / cpu_base
    verdict = "met" if ratio <= CLI_TARGET else "NOT met"
    print(f"target: command line within {CLI_TARGET:g}x the bare interpreter: {verdict} "
          f"(slowest: {worst[0]}, {ratio:.1f}x wall; slowest in cpu {cpu_ratio:.1f}x)")
    if not args.cli_only:
        title = statistics.median(walls[GUI_CASES[1][0]])
        game = statistics.median(walls[GUI_CASES[2][0]])
        verdict = "met" if max(game, title) < GUI_TARGET else "NOT met"
        print(f"target < {GUI_TARGET:g} s to the first frame: {verdict} "
              f"(title {title:.2f} s, game {game:.2f} s)")
    return 0

if __name__ == "__main__":
    sys.exit(main())
