"""Mutation testing over one module or package: does a deliberate mistake fail a test?

    python scripts/mutation.py shibumi                     # a package
    python scripts/mutation.py spoker.engine.judging       # a module (or spoker/engine/judging.py)
    python scripts/mutation.py spoker.engine --survivors   # ... and name each survivor
    python scripts/mutation.py spoker.engine --report      # only the table of the last run
    python scripts/mutation.py spoker.engine --every 4     # a sample: every 4th mutant of each module
    python scripts/mutation.py spoker.engine --every 4 --again     # rerun the sample's survivors

mutmut (the ``dev`` extra) copies the code into ``mutants/``, runs the fast tests
of each package once to learn which test calls which function, then runs, for
each mutant of the targets, the tests that call its function (configuration:
``[tool.mutmut]`` in pyproject.toml). This prints, per module and per target,
the mutants, how many a test killed, how many survived, and the score, killed
out of all. ``mutmut show NAME`` prints a survivor's change, ``mutmut browse``
walks them. How long a run takes and when to run one: docs/testing.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"

# mutmut's exit codes of a mutant's test run (mutmut/stats.py) as four verdicts:
# 0 survived; 5 and 33 no test calls the function; None, 2 and 34 not run (not
# yet, interrupted, skipped); any other is a kill: a test failed (1, 3), the
# run timed out or was stopped (24, 36, 152, 255, a signal) or crashed.
SURVIVED = {0}
NO_TESTS = {5, 33}
NOT_RUN = {None, 2, 34}


def verdict(code: int | None) -> str:
    """``killed``, ``survived``, ``no tests`` or ``not run``."""
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    if code in NOT_RUN:
        return "not run"
    return "killed"


def dotted(target: str) -> str:
    """``spoker/engine/judging.py`` and ``spoker.engine.judging`` alike."""
    name = target.strip().rstrip("/").removesuffix(".py")
    return name.replace("/", ".").replace(os.sep, ".")


def results() -> dict[str, dict[str, str]]:
    """Every mutant's verdict of the last runs, by module: {module: {mutant: verdict}}."""
    found: dict[str, dict[str, str]] = {}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        module = dotted(meta.relative_to(MUTANTS).as_posix().removesuffix(".meta"))
        data = json.loads(meta.read_text(encoding="utf-8"))
        found[module] = {k: verdict(v) for k, v in data["exit_code_by_key"].items()}
    return found


def within(module: str, target: str) -> bool:
    return module == target or module.startswith(target + ".")


def table(targets: list[str], survivors: bool) -> int:
    """Print the verdicts of the targets' mutants; the number of survivors."""
    found = results()
    left = 0
    for target in targets:
        total: Counter[str] = Counter()
        for module, verdicts in found.items():
            if not within(module, target):
                continue
            counts = Counter(verdicts.values())
            total.update(counts)
            print(line(module, counts))
            if survivors:
                for name, v in sorted(verdicts.items()):
                    if v in ("survived", "no tests"):
                        print(f"    {v}: {name}")
        print(line(f"= {target}", total))
        left += total["survived"] + total["no tests"]
    return left


def line(name: str, counts: Counter[str]) -> str:
    """Mutants, how many were run, killed, survived, met no test; the score, killed
    out of those run."""
    n = sum(counts.values())
    run = n - counts["not run"]
    score = f"{100 * counts['killed'] / run:5.1f}%" if run else "    -"
    return (f"{name:30} mutants {n:5}  run {run:5}  killed {counts['killed']:5}  survived "
            f"{counts['survived']:4}  no tests {counts['no tests']:4}  score {score}")


def chosen(targets: list[str], every: int, again: bool) -> list[str]:
    """The mutants to run: every ``every``-th of each module of the targets (in
    the order of its source); ``again``, only those of them not killed (a
    survivor, or one whose verdict a change of the tests has cleared)."""
    names = []
    for module, verdicts in results().items():
        if any(within(module, t) for t in targets):
            sample = list(verdicts)[::every]
            names += [n for n in sample if not again or verdicts[n] != "killed"]
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+", help="packages or modules: shibumi, spoker.engine.rules")
    parser.add_argument("--survivors", action="store_true", help="name every mutant not killed")
    parser.add_argument("--report", action="store_true", help="no run: the table of the last run")
    parser.add_argument("--every", type=int, default=1, metavar="K",
                        help="a sample: every K-th mutant of each module (needs one run's mutants)")
    parser.add_argument("--again", action="store_true",
                        help="rerun only the mutants (of the sample) not killed")
    parser.add_argument("--max-children", type=int, help="parallel mutants (default: the CPUs)")
    args = parser.parse_args(argv)
    targets = [dotted(t) for t in args.targets]
    if not args.report:
        mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or "mutmut"
        if args.every > 1 or args.again:
            names = chosen(targets, args.every, args.again)
            if not names:
                print("no mutants to run (a first run makes them: without --every/--again)")
                return 0
        else:
            names = [f"{t}.*" for t in targets]
        command = [mutmut, "run", *names]
        if args.max_children:
            command += ["--max-children", str(args.max_children)]
        env = dict(os.environ, ARCADE_HEADLESS="1")
        start = time.monotonic()
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
        print(f"mutmut run, {len(names)} names: {time.monotonic() - start:.0f} s, "
              f"exit {done.returncode}")
        if done.returncode != 0:
            return done.returncode
    table(targets, args.survivors)
    return 0


if __name__ == "__main__":
    sys.exit(main())
