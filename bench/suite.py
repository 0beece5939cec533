"""How fast ``spoker suite`` runs a large suite, against plain board parsing.

Writes a suite of N cases (default 100,000) in a temporary directory: random
legal positions and balls (from empty to 29 balls), every rule set, most
expectations right and some deliberately wrong, some refusals, comments and
blank lines among them. Then times, in CPU time of this process:

- the baseline: reading the file and parsing every line's board string with
  ``shibumi.parse_board`` (what any runner must do at least);
- ``spoker suite FILE`` and ``spoker suite FILE --json``, in this process,
  their output thrown away.

It prints seconds, cases per second and the ratio to the baseline. The target
is a 100,000-case suite in under 10 s on one core::

    python3 bench/suite.py                 # some 30 s in all
    python3 bench/suite.py --cases 20000 --seed 3
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shibumi import BALLS_PER_COLOUR, Board, Colour, parse_board  # noqa: E402
from spoker.cli import main  # noqa: E402
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.records.suite import Case, expect_of, format_case  # noqa: E402

TARGET_SECONDS = 10.0
RULE_SETS = [RuleSet("visible"), RuleSet("touching"), RuleSet("visible", True), RuleSet("touching", True)]
WRONG = ["none", "error", "three_kinds@1", "flush_three@2", "full_house@2 1A1 1A3 1C1 1C3 2B2"]


def random_case(rng: random.Random) -> str:
    """One case line: a random legal position and ball, its answer (or a wrong one)."""
    board = Board()
    for _ in range(rng.randint(0, 29)):
        left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
        board = board.place(rng.choice(board.playable()), rng.choice(left))
    left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
    colour = rng.choice(left)
    cell = rng.choice(board.playable())
    if rng.random() < 0.05:  # a refusal: an occupied or unsupported cell
        cell = rng.choice(range(30))
    move = f"{colour.char}@{cell}"
    rules = rng.choice(RULE_SETS)
    expect = expect_of(board, move, rules)
    if rng.random() < 0.1:
        expect = rng.choice(WRONG)
    elif rng.random() < 0.3 and expect not in ("none", "error"):
        expect = expect.split()[0]  # rank and level only
    return format_case(Case(str(board), move, rules, expect))


def write_suite(path: Path, cases: int, seed: int) -> None:
    rng = random.Random(seed)
    pool = [random_case(rng) for _ in range(cases)]
    with open(path, "w", encoding="utf-8") as f:
        f.write("# a generated suite for bench/suite.py\n")
        for i in range(cases):
            if i % 100 == 0:
                f.write("\n# a comment line and a blank line every hundred cases\n")
            f.write(pool[i] + "\n")


def baseline(path: Path) -> int:
    """Read the file and parse every case line's board string."""
    n = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            body = line.split("#", 1)[0]
            if body.strip():
                parse_board(body.split()[0])
                n += 1
    return n


def run_suite(path: Path, *more: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        return main(["suite", str(path), *more])


def cpu(fn: object, *args: object) -> tuple[float, object]:
    start = time.process_time()
    result = fn(*args)  # type: ignore[operator]
    return time.process_time() - start, result


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench-suite.txt"
        write_suite(path, args.cases, args.seed)
        base, n = cpu(baseline, path)
        plain, code = cpu(run_suite, path)
        as_json, code_json = cpu(run_suite, path, "--json")
    assert n == args.cases and code == code_json == 1  # some cases are wrong on purpose
    print(f"{args.cases} cases (seed {args.seed}), CPU seconds on one core:")
    print(f"  baseline: read + parse_board     {base:6.2f} s  {n / base:9.0f} cases/s")
    for label, t in (("spoker suite", plain), ("spoker suite --json", as_json)):
        print(f"  {label:32} {t:6.2f} s  {n / t:9.0f} cases/s  ratio {t / base:4.1f}x baseline")
    outcome = "met" if plain < TARGET_SECONDS and as_json < TARGET_SECONDS else "NOT met"
    print(f"target: {args.cases} cases under {TARGET_SECONDS:.0f} s: {outcome}")


if __name__ == "__main__":
    main_bench()
