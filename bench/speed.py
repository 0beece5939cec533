"""The speed figures of the compiled search in one run, each against its target.

- ``lookahead`` against ``lookahead``: games a second on one core (target
  at least 300);
- the expert at the settings it had before the compiled search (effort
  100,000, ``bench/ladder.py``'s ``OLD_EXPERT``) against ``lookahead``: games
  a second on one core (target at least 5);
- the tutor's worst decision: the worst CPU time of one of its searches over
  whole games (``bench/tutor.py``'s measure; target under 50 ms);
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
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.gui.models.tutor import DEFAULT_THRESHOLD  # noqa: E402
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
    cpu: list[float] = []
    for g in range(args.tutor_games):
        cpu.extend(tutor_game(args.seed + g, "lookahead", RuleSet.parse("visible"), DEFAULT_THRESHOLD, 0.0, 0.0,
                              True)["cpu"])
    worst = max(cpu) * 1000
    ok.append(worst < 50)
    print(line(f"tutor's worst search ({args.tutor_games} games, {len(cpu)} searches)", worst, "ms CPU", 50, False),
          flush=True)
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
