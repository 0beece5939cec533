"""The speed figures of the compiled search in one run, each against its target.

- ``lookahead`` against ``lookahead``: games a second on one core (target
  at least 300);
- the expert at the settings it had before the compiled search (effort
  100,000, ``bench/ladder.py``'s ``OLD_EXPERT``) against ``lookahead``: games
  a second on one core (target at least 5);
- the tutor's worst decision: the worst CPU time of one of its searches over
  whole games (``bench/tutor.py``'s measure; target under 50 ms), each game
  in a new worker thread prepared at start as the window's is (so each
  game's first search is a window's first), and, for the ratio, the same
  games in workers not prepared; the memory the preparation holds;
- the end screen's luck-and-skill box: the CPU time of the analysis of the
  sample record with luck at the analysis's default effort, which the box
  waits for after the last placement (target within 3 s).

Times are CPU time of this process (the machine may be shared: CPU time is
what one core spends); games are seeded, seats swapped every other game. The
search is compiled (or loaded from its cache) first: that is the program's
start, not a game's cost::

    python3 bench/speed.py
    python3 bench/speed.py --lookahead-games 1000 --expert-games 50 --tutor-games 5 --seed 2
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import spoker.kernel  # noqa: E402
from bench.analysis_effort import SAMPLE, exact_from  # noqa: E402
from bench.ladder import OLD_EXPERT  # noqa: E402
from bench.tutor import play as tutor_game  # noqa: E402
from bench.tutor import worker as tutor_worker  # noqa: E402
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.gui.models.tutor import DEFAULT_THRESHOLD  # noqa: E402
from spoker.kernel.memo import thread_memo  # noqa: E402
from spoker.players import make_player  # noqa: E402
from spoker.records.record import parse_record  # noqa: E402
from spoker.runs.analysis import DEFAULT_EFFORT, analyse_record  # noqa: E402
from spoker.runs.simulate import game_seeds, play_game  # noqa: E402


def games_a_second(upper: str, games: int, seed: int, **options: object) -> float:
    """Games of ``upper`` (with ``options``) against lookahead a CPU second."""
    c0 = time.process_time()
    for index in range(games):
        draw_seed, seed_u, seed_l = game_seeds(seed, index)
        a, b = make_player(upper, seed_u, **options), make_player("lookahead", seed_l)
        play_game(*((a, b) if index % 2 == 0 else (b, a)), random.Random(draw_seed))
    return games / (time.process_time() - c0)


def resident() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def tutor_worst(games: int, seed: int) -> dict[bool, tuple[float, int, int, int]]:
    """The tutor over ``games`` whole games, each game in a new worker thread
    (each game's first search is the window's first: the worst case), once
    prepared as the window's worker is at start and once not (the window
    before), alternating so that a shared machine disturbs both alike. Per
    way (prepared or not): the worst search in ms of CPU, the searches, the
    worker's memo's bytes, and how much preparing one grew this process's
    resident memory (the most over the games)."""
    out: dict[bool, tuple[float, int, int, int]] = {}
    for g in range(games):
        for prepared in (False, True) if g % 2 == 0 else (True, False):
            before = resident()
            executor = tutor_worker(prepared)
            grown = resident() - before
            cpu = tutor_game(seed + g, "lookahead", RuleSet.parse("visible"), DEFAULT_THRESHOLD, 0.0, 0.0, True,
                             executor)["cpu"]
            memo = executor.submit(thread_memo).result().nbytes
            worst, searches, _, most = out.get(prepared, (0.0, 0, 0, 0))
            out[prepared] = (max(worst, max(cpu) * 1000), searches + len(cpu), memo, max(most, grown))
    return out


def line(what: str, value: float, unit: str, target: float, higher: bool) -> str:
    met = value >= target if higher else value < target
    ratio = value / target
    return (f"{what}: {value:.2f} {unit}; target {'>=' if higher else '<'} {target:g}: "
            f"{ratio:.2f}x the target, {'met' if met else 'NOT MET'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lookahead-games", type=int, default=300)
    parser.add_argument("--expert-games", type=int, default=20)
    parser.add_argument("--tutor-games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"search: {spoker.kernel.warm_up()}", flush=True)
    ok = []
    rate = games_a_second("lookahead", args.lookahead_games, args.seed)
    ok.append(rate >= 300)
    print(line(f"lookahead v lookahead ({args.lookahead_games} games)", rate, "games/s of one core", 300, True),
          flush=True)
    rate = games_a_second("expert", args.expert_games, args.seed, **OLD_EXPERT)
    ok.append(rate >= 5)
    print(line(f"expert (effort {OLD_EXPERT['effort']}) v lookahead ({args.expert_games} games)", rate,
               "games/s of one core", 5, True), flush=True)
    worst = tutor_worst(args.tutor_games, args.seed)
    ok.append(worst[True][0] < 50)
    print(line(f"tutor's worst search ({args.tutor_games} games, {worst[True][1]} searches, each game in a "
               f"new worker thread prepared at start as the window's)", worst[True][0], "ms CPU", 50, False), flush=True)
    print(f"  the same games in workers not prepared (the window before): {worst[False][0]:.2f} ms CPU; "
          f"prepared / not: {worst[True][0] / worst[False][0]:.2f}; the prepared worker's memo: "
          f"{worst[True][2] / 2**20:.1f} MiB resident from the window's start (this process's RSS grew "
          f"{worst[True][3] / 2**20:.1f} MiB as one was prepared)", flush=True)
    record = parse_record(SAMPLE.read_text(encoding="utf-8"))
    c0 = time.process_time()
    analysis = analyse_record(record, effort=DEFAULT_EFFORT, luck=True)
    spent = time.process_time() - c0
    ok.append(spent < 3)
    print(line(f"end screen's box: the sample record analysed with luck at effort {DEFAULT_EFFORT} "
               f"(exact from {exact_from(analysis)} balls left)", spent, "s CPU", 3, False), flush=True)
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main())
