"""Batch simulator speed: random (and greedy) games a second on one core.

Plays random-against-random games three ways in the same run, all on one core
of this process:

- ``scalar``: the engine one game at a time, as ``spoker simulate --engine
  scalar`` plays them (:class:`spoker.engine.state.GameState`, fresh seeded players);
- ``batch``: :func:`spoker.runs.batch.play_block`, a block of games at once with
  numpy (the engine ``spoker simulate`` picks for random and greedy players);
- greedy against greedy in both engines as well (no target, for the record).

The machine may be shared, so rounds alternate the engines and each figure is
the median over rounds, timed in CPU time of this process (wall time is printed
too). Targets: at least 100,000 random games a second, aim 200,000::

    python3 bench/batch.py              # about 30 s
    python3 bench/batch.py --rounds 5 --block 32768
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker.engine.rules import DEFAULT_RULES  # noqa: E402
from spoker.runs.batch import BLOCK_SIZE, play_block  # noqa: E402
from spoker.runs.simulate import Unit, run_unit  # noqa: E402

TARGET = 100_000
AIM = 200_000


def _timed(fn: object) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of calling ``fn``."""
    c0, w0 = time.process_time(), time.perf_counter()
    fn()  # type: ignore[operator]
    return time.process_time() - c0, time.perf_counter() - w0


def scalar_rate(players: tuple[str, str], games: int, seed: int) -> tuple[float, float]:
    unit = Unit(players, seed, 0, games, -1, DEFAULT_RULES, False)
    cpu, wall = _timed(lambda: run_unit(unit))
    return games / cpu, games / wall


def batch_rate(players: tuple[str, str], games: int, seed: int, block: int) -> tuple[float, float]:
    cpu, wall = _timed(lambda: play_block(players, seed, block, games))
    return games / cpu, games / wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (median counts)")
    parser.add_argument("--block", type=int, default=BLOCK_SIZE, help="games a batch block")
    parser.add_argument("--scalar-games", type=int, default=2000, help="scalar games a round")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    play_block(("random", "random"), 0, 0, 64)  # build the tables outside the timing
    rows: dict[str, list[tuple[float, float]]] = {}
    for r in range(args.rounds):
        seed = args.seed + r
        rows.setdefault("scalar random", []).append(
            scalar_rate(("random", "random"), args.scalar_games, seed)
        )
        rows.setdefault("batch random", []).append(
            batch_rate(("random", "random"), args.block, seed, r)
        )
        rows.setdefault("scalar greedy", []).append(
            scalar_rate(("greedy", "greedy"), args.scalar_games // 4, seed)
        )
        rows.setdefault("batch greedy", []).append(
            batch_rate(("greedy", "greedy"), args.block // 4, seed, r)
        )
    med = {k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v)) for k, v in rows.items()}
    print(f"{'engine':16s}{'games/s (CPU)':>16s}{'games/s (wall)':>16s}")
    for name, (cpu, wall) in med.items():
        print(f"{name:16s}{cpu:16,.0f}{wall:16,.0f}")
    ratio_random = med["batch random"][0] / med["scalar random"][0]
    ratio_greedy = med["batch greedy"][0] / med["scalar greedy"][0]
    rate = med["batch random"][0]
    print()
    print(f"batch / scalar, random games: {ratio_random:.1f}x; greedy games: {ratio_greedy:.1f}x")
    outcome = "aim met" if rate >= AIM else "target met" if rate >= TARGET else "BELOW TARGET"
    print(
        f"random games on one core: {rate:,.0f}/s (target {TARGET:,}, aim {AIM:,}): {outcome}"
        f" [block of {args.block:,} games, median of {args.rounds} rounds]"
    )
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
