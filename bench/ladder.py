"""The strength ladder: each computer player against the one below it.

random < greedy < lookahead < expert. Each rung plays N games with seats
swapped every other game; the two games of a pair use the same draws (the
colours drawn do not depend on where balls go), which takes some of the luck
out of the comparison. Prints the upper player's score rate (wins + draws / 2
per game) with its 95% Wilson interval, and each player's median and worst
time per move (wall clock, and CPU time of the process that played it: the
machine may be shared, CPU time is what one core spends).

Targets: greedy >= 90% against random, lookahead >= 60% against greedy,
expert >= 68% against lookahead with the interval's lower end >= 65%
(issue 11); the expert's worst move <= 1 s of CPU time over whole games.
Two more rungs measure the expert and lookahead against an outside
yardstick, a plain random-rollout MCTS of 600 simulations
(``bench/mcts.py``), and the expert against OpenSpiel's Python ``MCTSBot``
at 600 random-rollout simulations (``bench/openspiel_mcts.py``)::

    python3 bench/ladder.py                       # greedy, lookahead, expert rungs
    python3 bench/ladder.py --rungs expert --games 1000 --seed 1
    python3 bench/ladder.py --rungs mcts-expert,mcts-lookahead --games 200
    python3 bench/ladder.py --rungs openspiel-expert --games 100
    python3 bench/ladder.py --rungs expert --games 200 --expert effort=40000,evaluation=learned
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.mcts import MctsPlayer  # noqa: E402
from spoker import GameState  # noqa: E402
from spoker.players import Player, make_player  # noqa: E402
from spoker.simulate import game_seeds  # noqa: E402
from spoker.tournament import wilson_interval  # noqa: E402

RUNGS = {
    "greedy": ("greedy", "random", 0.90, 0.0),
    "lookahead": ("lookahead", "greedy", 0.60, 0.0),
    "expert": ("expert", "lookahead", 0.68, 0.65),
    "mcts-expert": ("expert", "mcts", 0.0, 0.0),
    "mcts-lookahead": ("lookahead", "mcts", 0.0, 0.0),
    "openspiel-expert": ("expert", "openspiel", 0.0, 0.0),
}
"""Rung: (upper player, lower player, target score rate, target lower end of the interval)."""
DEFAULT_GAMES = {"greedy": 2000, "lookahead": 1000, "expert": 1000, "mcts-expert": 200, "mcts-lookahead": 200, "openspiel-expert": 100}
WORST_LIMIT = 1.0
"""The expert's worst move, in CPU seconds, over whole games."""

Options = dict[str, object]


def _make(name: str, seed: int, expert: Options) -> Player:
    if name == "mcts":
        return MctsPlayer(seed)
    if name == "openspiel":
        from bench.openspiel_mcts import OpenSpielMctsPlayer  # needs OpenSpiel (the rl extra)

        return OpenSpielMctsPlayer(seed)
    return make_player(name, seed, **(expert if name == "expert" else {}))


def parse_options(text: str) -> Options:
    """``key=value,...`` into player options (numbers, None, or words)."""
    out: Options = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        key, _, value = item.partition("=")
        parsed: object = value
        if value == "None":
            parsed = None
        else:
            for kind in (int, float):
                try:
                    parsed = kind(value)
                    break
                except ValueError:
                    continue
        out[key.strip()] = parsed
    return out


def play_games(
    args: tuple[str, str, int, int, int, Options],
) -> tuple[float, int, dict[str, list[tuple[float, float]]]]:
    """Games ``first``..``first + count - 1`` of a rung: (upper player's
    score, games, per-player move times as (wall, CPU) seconds)."""
    upper, lower, seed, first, count, expert = args
    score = 0.0
    times: dict[str, list[tuple[float, float]]] = {upper: [], lower: []}
    for index in range(first, first + count):
        draw_seed, seed_u, seed_l = game_seeds(seed, index)
        pair_seed, _, _ = game_seeds(seed, index // 2)
        players = {upper: _make(upper, seed_u, expert), lower: _make(lower, seed_l, expert)}
        seats = (upper, lower) if index % 2 == 0 else (lower, upper)
        rng = random.Random(pair_seed)
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            name = seats[state.to_move - 1]
            w0, c0 = time.perf_counter(), time.process_time()
            cell = players[name].choose(state)
            times[name].append((time.perf_counter() - w0, time.process_time() - c0))
            state.apply_place(cell)
        upper_seat = seats.index(upper) + 1
        score += 1.0 if state.winner == upper_seat else 0.5 if state.winner is None else 0.0
    return score, count, times


def run_rung(name: str, games: int, seed: int, workers: int, chunk: int, expert: Options) -> dict[str, object]:
    upper, lower, target, target_low = RUNGS[name]
    jobs = [(upper, lower, seed, first, min(chunk, games - first), expert) for first in range(0, games, chunk)]
    score = 0.0
    played = 0
    times: dict[str, list[tuple[float, float]]] = {upper: [], lower: []}
    started = time.perf_counter()
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    results = pool.map(play_games, jobs) if pool is not None else map(play_games, jobs)
    for s, n, t in results:
        score += s
        played += n
        for k, v in t.items():
            times[k].extend(v)
        lo, hi = wilson_interval(score, played)
        upper_times = times[upper]
        print(f"  {upper} v {lower}: {played}/{games} games, score rate {score / played:.1%} "
              f"[{lo:.1%}, {hi:.1%}], {upper} worst move {max(c for _, c in upper_times):.3f} s CPU "
              f"({max(w for w, _ in upper_times):.3f} s wall)", file=sys.stderr, flush=True)
    if pool is not None:
        pool.shutdown()
    lo, hi = wilson_interval(score, played)
    return {
        "rung": f"{upper} v {lower}", "upper": upper, "lower": lower, "games": played,
        "rate": score / played, "ci": (lo, hi), "target": target, "target_low": target_low, "times": times,
        "seconds": time.perf_counter() - started,
    }


def _timing(samples: list[tuple[float, float]]) -> str:
    if not samples:
        return "-"
    wall = sorted(w for w, _ in samples)
    cpu = sorted(c for _, c in samples)
    return (
        f"median {statistics.median(wall):.3f} s, worst {wall[-1]:.3f} s "
        f"(CPU median {statistics.median(cpu):.3f} s, worst {cpu[-1]:.3f} s; {len(samples)} moves)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rungs", default="greedy,lookahead,expert", help="rungs to play, by upper player")
    parser.add_argument("--games", default=None, help="games a rung, one number or one per rung")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes (the machine may be shared)")
    parser.add_argument("--chunk", type=int, default=10, help="games a job for the workers")
    parser.add_argument("--expert", default="", help="expert options, e.g. effort=30000,evaluation=hand")
    args = parser.parse_args()
    rungs = [r.strip() for r in args.rungs.split(",")]
    for r in rungs:
        if r not in RUNGS:
            parser.error(f"unknown rung {r!r}: expected {', '.join(RUNGS)}")
    counts = [DEFAULT_GAMES[r] for r in rungs]
    if args.games:
        given = [int(x) for x in args.games.split(",")]
        counts = given * len(rungs) if len(given) == 1 else given
        if len(counts) != len(rungs):
            parser.error("--games: one number, or one per rung")
    expert = parse_options(args.expert)

    ok = True
    worst: list[tuple[float, float]] = []
    for rung, games in zip(rungs, counts):
        res = run_rung(rung, games, args.seed, args.workers, args.chunk, expert)
        lo, hi = cast(tuple[float, float], res["ci"])
        rate, target, target_low = (cast(float, res[k]) for k in ("rate", "target", "target_low"))
        met = rate >= target and lo >= target_low
        ok &= met
        goal = f"target >= {target:.0%}" + (f", lower end >= {target_low:.0%}" if target_low else "")
        print(
            f"{res['rung']:22s} {res['games']:5d} games  score rate {rate:6.1%}  "
            f"95% CI [{lo:.1%}, {hi:.1%}]  "
            + (f"{goal}: {'met' if met else 'NOT MET'}  " if target else "")
            + f"({res['seconds']:.0f} s)",
            flush=True,
        )
        for player, samples in res["times"].items():  # type: ignore[attr-defined]
            print(f"    {player:10s} time a move: {_timing(samples)}", flush=True)
        worst.extend(res["times"].get("expert", []))  # type: ignore[attr-defined]
    if worst:
        wall = max(w for w, _ in worst)
        cpu = max(c for _, c in worst)
        timed = cpu <= WORST_LIMIT
        ok &= timed
        print(
            f"expert worst move: {cpu:.3f} s CPU (limit {WORST_LIMIT} s): {'met' if timed else 'NOT MET'}; "
            f"{wall:.3f} s wall clock; {len(worst)} moves"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
