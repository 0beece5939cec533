"""Start-up times, as a user installs Spoker: the command line, and ``spoker play`` to its first frame.

Measured where a user would run it: a fresh virtual environment with a
regular install of this working tree, made as the README says (``python3 -m
venv DIR``, then ``DIR/bin/python -m pip install .``; the working tree is
copied first, so the install builds nothing inside it and no stale
``build/`` folder leaks into the wheel). The base dependencies (numpy,
arcade, pillow) are installed into it from the package index, not borrowed
with ``--system-site-packages``: the system's site-packages may hold an
editable install of Spoker (whose import hook would load the working tree
instead of the installed copy) and other packages' ``.pth`` start-up hooks,
which would slow the baseline and the commands alike and hide the ratio a
user sees. ``--venv DIR`` keeps that environment in DIR for later runs
(made and installed there if DIR does not exist; reused as it is if it
does; ``--install`` installs the working tree into it again, without its
dependencies); without it, one is made in a temporary folder and removed
afterwards.
``--here`` measures the interpreter running this script with the working
tree on ``PYTHONPATH`` instead: a quick loop while changing imports, whose
ratios are not the target's (that interpreter's own site-packages and their
start-up hooks slow its bare start as much as the commands' imports).

The command line (target: each within 4x the bare interpreter of the same
environment), each run as the installed ``spoker`` console script: ``spoker
--help``, ``spoker groups BOARD MOVE --json``, ``spoker show STATE`` and
``spoker suite FILE`` on a shipped suite. Each imports only what its command
needs (``DIR/bin/python -X importtime DIR/bin/spoker groups ...`` shows what
that is). ``python -m spoker --help`` is timed too, to show what the console
script's wrapper costs (pip's wrapper imports ``re`` and ``spoker.cli``, no
``importlib.metadata``).

The window (target: under 2 s to the first frame): ``spoker play`` (the title
screen) and ``spoker play --seed 1`` (straight into a game), headless, with
``bench/first_frame.py`` (the command, its app told to exit after its first
frame): the app closes its window in the first update after the first frame
has been drawn, so the wall time of
the process is the time to the first frame plus a clean exit.

All run as subprocesses, from an empty folder (so no ``spoker`` folder of the
working tree can be imported by accident). The baseline, measured in the same
run and interleaved with the others so that a shared machine disturbs all
alike, is that environment's ``python -c pass`` (the interpreter alone);
``python -c "import arcade"`` is shown too. The bytecode is what pip compiled
at install; one warm-up round is not counted. ``--cold`` runs with no bytecode
at all (an empty ``PYTHONPYCACHEPREFIX`` and ``PYTHONDONTWRITEBYTECODE``:
every run compiles every module). Prints the median and worst of each and
its ratio to the baseline::

    python3 bench/startup.py
    python3 bench/startup.py --runs 15 --cli-only
    python3 bench/startup.py --venv ~/spoker-venv         # keep the environment for next time
    python3 bench/startup.py --venv ~/spoker-venv --install      # after changing the code
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BOARD = "WB............../........./..../."
STATE = "WB..BB........../........./..../. 1 0-0 - R * visible"
SUITE = ROOT / "assets" / "suites" / "worked-examples.txt"
CLI_TARGET = 4.0
"""A command-line start within this many bare interpreter starts."""
GUI_TARGET = 2.0
FIRST_FRAME = str(Path(__file__).resolve().with_name("first_frame.py"))
"""The script that runs a window command up to its first frame."""
"""Seconds to the first frame."""
_NOT_COPIED = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", ".venv",
    "venv", "out",
)


class Setup:
    """Where the commands run: an interpreter and the ``spoker`` command."""

    def __init__(self, python: list[str], spoker: list[str], where: str) -> None:
        self.python = python
        self.spoker = spoker
        self.where = where

    def cases(self, gui: bool) -> tuple[list[tuple[str, list[str]]], list[tuple[str, list[str]]]]:
        """The command-line cases (the baseline first) and the window's."""
        py, sp = self.python, self.spoker
        cli = [
            ("python -c pass (baseline)", [*py, "-c", "pass"]),
            ("spoker --help", [*sp, "--help"]),
            ("spoker groups ... --json", [*sp, "groups", BOARD, "R@1E1", "--json"]),
            ("spoker show STATE", [*sp, "show", STATE]),
            ("spoker suite worked-examples", [*sp, "suite", str(SUITE)]),
            ("python -m spoker --help", [*py, "-m", "spoker", "--help"]),
        ]
        window = [
            ("python -c 'import arcade'", [*py, "-c", "import arcade"]),
            ("spoker play (title screen)", [*py, FIRST_FRAME, "play"]),
            ("spoker play --seed 1 (game)", [*py, FIRST_FRAME, "play", "--seed", "1"]),
        ]
        return cli, window if gui else []


TARGETED = ("spoker --help", "spoker groups ... --json", "spoker show STATE", "spoker suite worked-examples")
"""The commands the 4x target is about (``python -m spoker`` is shown for comparison)."""


def make_venv(folder: Path) -> None:
    """A new virtual environment in ``folder`` with this working tree installed (not editable)."""
    print(f"making a virtual environment in {folder} ...", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    install(folder, again=False)


def install(folder: Path, again: bool) -> None:
    """``pip install .`` of a copy of the working tree into the environment
    ``folder``; ``again``: only Spoker itself, over the copy installed before."""
    with tempfile.TemporaryDirectory(prefix="spoker-source-") as tmp:
        source = Path(tmp) / "spoker"
        shutil.copytree(ROOT, source, ignore=_NOT_COPIED)
        print(f"installing {ROOT} into {folder} ...", file=sys.stderr, flush=True)
        options = ["--force-reinstall", "--no-deps"] if again else []
        subprocess.run(
            [str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", *options, str(source)],
            check=True,
        )


def venv_setup(folder: Path) -> Setup:
    """The interpreter and console script of the environment ``folder``."""
    python, spoker = folder / "bin" / "python", folder / "bin" / "spoker"
    if not (python.exists() and spoker.exists()):
        raise SystemExit(f"{folder}: not a virtual environment with spoker installed "
                         "(give a folder that does not exist to make one there)")
    return Setup([str(python)], [str(spoker)], f"virtual environment {folder}, regular install")


def run_once(argv: list[str], env: dict[str, str], cwd: str) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
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
    parser.add_argument("--cold", action="store_true", help="no bytecode: every run compiles")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--venv", type=Path, metavar="DIR",
                       help="the virtual environment to measure in (made there if DIR does not exist)")
    where.add_argument("--here", action="store_true",
                       help="this interpreter with the working tree on PYTHONPATH, no install")
    parser.add_argument("--install", action="store_true",
                        help="with --venv: install the working tree into DIR again first")
    args = parser.parse_args()
    if args.install and args.venv is None:
        parser.error("--install goes with --venv DIR")
    home = tempfile.mkdtemp(prefix="spoker-startup-")
    try:
        return measure(args, Path(home))
    finally:
        shutil.rmtree(home, ignore_errors=True)


def measure(args: argparse.Namespace, home: Path) -> int:
    env = dict(os.environ, SPOKER_HOME=str(home / "spoker-home"))
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE",
                 "PYTHONSTARTUP", "PYTHONPROFILEIMPORTTIME"):
        env.pop(name, None)
    if args.here:
        env["PYTHONPATH"] = str(ROOT)
        setup = Setup([sys.executable], [sys.executable, "-m", "spoker"],
                      f"{sys.executable} with {ROOT} on PYTHONPATH")
    elif args.venv is not None:
        folder = args.venv.resolve()
        if not folder.exists():
            make_venv(folder)
        elif args.install:
            install(folder, again=True)
        setup = venv_setup(folder)
    else:
        make_venv(home / "venv")
        setup = venv_setup(home / "venv")
    if args.cold:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = str(home / "no-bytecode")  # empty: no .pyc is read
    elif args.here:
        env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")  # the tree's own caches left alone
    if not env.get("DISPLAY"):
        env["ARCADE_HEADLESS"] = "1"
    cwd = home / "empty"
    cwd.mkdir()
    cli_cases, gui_cases = setup.cases(gui=not args.cli_only)
    cases = [*cli_cases, *gui_cases]
    baseline = cli_cases[0][0]
    for _name, argv in cases:  # warm-up: file caches (and with --here, the bytecode)
        run_once(argv, env, str(cwd))
    walls: dict[str, list[float]] = {name: [] for name, _ in cases}
    cpus: dict[str, list[float]] = {name: [] for name, _ in cases}
    order = random.Random(1)
    for _ in range(max(1, args.runs)):
        # Interleaved, in a new order each round: load changes hit every case alike.
        for name, argv in order.sample(cases, len(cases)):
            wall, cpu = run_once(argv, env, str(cwd))
            walls[name].append(wall)
            cpus[name].append(cpu)
    wall_base = statistics.median(walls[baseline])
    cpu_base = statistics.median(cpus[baseline])
    try:
        load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        load = "load average unknown"
    cache = "no bytecode" if args.cold else "bytecode compiled"
    print(f"start-up in {setup.where}")
    print(f"{args.runs} runs each, headless={env.get('ARCADE_HEADLESS') == '1'}, {cache}; {load}")
    print("wall: time waited (median, worst); cpu: user + system time, steadier on a shared machine")
    print(f"{'command':32} {'wall':>9} {'worst':>9} {'x baseline':>11} {'cpu':>9} {'x baseline':>11}")
    for name, _ in cases:
        wall = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        print(f"{name:32} {wall * 1000:6.0f} ms {max(walls[name]) * 1000:6.0f} ms "
              f"{wall / wall_base:10.1f}x {cpu * 1000:6.0f} ms {cpu / cpu_base:10.1f}x")
    worst = max(TARGETED, key=lambda name: statistics.median(walls[name]))
    ratio = statistics.median(walls[worst]) / wall_base
    cpu_ratio = max(statistics.median(cpus[name]) for name in TARGETED) / cpu_base
    outcome = "met" if ratio <= CLI_TARGET else "NOT met"
    print(f"target: command line within {CLI_TARGET:g}x the bare interpreter: {outcome} "
          f"(slowest: {worst}, {ratio:.1f}x wall; slowest in cpu {cpu_ratio:.1f}x)")
    if gui_cases:
        title = statistics.median(walls[gui_cases[1][0]])
        game = statistics.median(walls[gui_cases[2][0]])
        outcome = "met" if max(game, title) < GUI_TARGET else "NOT met"
        print(f"target < {GUI_TARGET:g} s to the first frame: {outcome} "
              f"(title {title:.2f} s, game {game:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
