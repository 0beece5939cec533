"""What the analysis's effort buys: CPU time of a whole record with luck, and
from how many balls left its values are exact.

Times :func:`spoker.runs.analysis.analyse_record` with ``luck`` (what
``spoker analyse`` and the end screen's luck-and-skill box run) of a record
(default: the sample record, ``assets/records/sample-game.txt``) at each
effort, in CPU time of this process on one core, after the search is
compiled (or loaded from the cache: that is the window's start, not the
box's wait). For each effort it prints the time, the ratio to the first
effort's, and the balls left before the earliest placement from which every
value is exact::

    python3 bench/analysis_effort.py --efforts 200000,1000000
    SPOKER_KERNEL=python python3 bench/analysis_effort.py --efforts 200000   # the pure-Python search

The end screen's box waits for this whole analysis (one worker process):
its target is 3 s of one core after the last placement.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import spoker.kernel  # noqa: E402
from spoker.records.record import parse_record  # noqa: E402
from spoker.runs.analysis import GameAnalysis, analyse_record  # noqa: E402

SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"


def exact_from(analysis: GameAnalysis) -> int:
    """Balls left before the earliest placement from which every later one is exact."""
    total = 30
    left = 0
    for move in sorted(analysis.moves, key=lambda m: -m.n):
        if not move.exact:
            break
        left = total - move.n + 1
    return left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--efforts", default="200000", help="comma-separated efforts (positions a placement)")
    parser.add_argument("--record", type=Path, default=SAMPLE)
    args = parser.parse_args()
    record = parse_record(args.record.read_text(encoding="utf-8"))
    print(f"search: {spoker.kernel.warm_up()}", flush=True)
    base = None
    for effort in (int(e) for e in args.efforts.split(",")):
        c0 = time.process_time()
        analysis = analyse_record(record, effort=effort, luck=True)
        spent = time.process_time() - c0
        base = base or spent
        print(f"effort {effort}: {spent:.2f} s CPU ({spent / base:.2f}x the first), exact from "
              f"{exact_from(analysis)} balls left ({sum(m.exact for m in analysis.moves)} of "
              f"{len(analysis.moves)} placements exact)", flush=True)


if __name__ == "__main__":
    main()
