"""Scale of big studies: games a second per core, and what a cluster costs.

In one run:

- games a second on one core (CPU time of this process, one worker) for
  each player against itself, seats swapped: random and greedy (played in
  batch blocks), lookahead and expert (one game at a time);
- the same mixed run (random blocks and lookahead games) on a local process
  pool and on a local Dask cluster with as many workers (``--cluster dask``),
  in wall time: the ratio is Dask's overhead (scheduler, pickling, its
  event loop), the cluster's start-up timed apart; the two results must be
  equal;
- the arithmetic: core-hours for 10^8 random games and 10^6 expert games.

Figures on a shared machine vary with its load; CPU time is steadier than wall
time, so the per-core rates use it::

    python3 bench/cluster.py                  # about 1 minute
    python3 bench/cluster.py --expert-games 4 --workers 2
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker.runs.cluster import cluster_executor  # noqa: E402
from spoker.runs.parallel import cap_workers, cpu_count, running  # noqa: E402
from spoker.runs.simulate import Tally, simulate  # noqa: E402

STUDIES = {"random": 10**8, "expert": 10**6}
"""Games of each big study whose cost is worked out."""


def per_core(player: str, games: int, seed: int) -> tuple[float, float]:
    """(games a CPU second, games a wall second) of ``player`` against itself,
    in this process alone."""
    c0, w0 = time.process_time(), time.perf_counter()
    simulate((player, player), games, seed, swap=True)
    return games / (time.process_time() - c0), games / (time.perf_counter() - w0)


def mixed_run(executor: object, blocks: int, scalar_games: int, seed: int) -> list[Tally]:
    """The overhead workload: random batch blocks, then lookahead games."""
    return [
        simulate(("random", "random"), blocks * 32768, seed, swap=True, executor=executor),  # type: ignore[arg-type]
        simulate(("lookahead", "greedy"), scalar_games, seed, swap=True, executor=executor),  # type: ignore[arg-type]
    ]


def warm_up() -> None:
    """Import and build what the players need (a worker's first unit would
    pay for it: pool workers are forked from this warm process, Dask's are
    new programs)."""
    simulate(("greedy", "greedy"), 64, 0)
    simulate(("lookahead", "greedy"), 1, 0)


def timed_run(executor: object, args: argparse.Namespace) -> tuple[list[Tally], float, float]:
    """The overhead run's results, wall seconds and this process's CPU seconds."""
    c0, w0 = time.process_time(), time.perf_counter()
    results = mixed_run(executor, args.blocks, args.scalar_games, args.seed)
    return results, time.perf_counter() - w0, time.process_time() - c0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-games", type=int, default=4 * 32768)
    parser.add_argument("--greedy-games", type=int, default=32768)
    parser.add_argument("--lookahead-games", type=int, default=40)
    parser.add_argument("--expert-games", type=int, default=2)
    parser.add_argument("--workers", type=int, default=cpu_count(), help="workers of the pool and of the Dask cluster")
    parser.add_argument("--blocks", type=int, default=8, help="random batch blocks in the overhead run")
    parser.add_argument("--scalar-games", type=int, default=64, help="lookahead games in the overhead run")
    args = parser.parse_args()

    warm_up()  # build the batch tables outside the timing
    sizes = {
        "random": args.random_games, "greedy": args.greedy_games,
        "lookahead": args.lookahead_games, "expert": args.expert_games,
    }
    rates: dict[str, float] = {}
    print(f"{'player (itself)':18s}{'games':>10s}{'games/s/core (CPU)':>20s}{'(wall)':>12s}")
    for player, games in sizes.items():
        cpu, wall = per_core(player, games, args.seed)
        rates[player] = cpu
        print(f"{player:18s}{games:10,d}{cpu:20,.2f}{wall:12,.2f}")

    workers = cap_workers(args.workers)
    print(f"\noverhead run: {args.blocks} random blocks + {args.scalar_games} lookahead-greedy games, {workers} workers")
    warm_up()
    t0 = time.perf_counter()
    with running(workers) as pool:
        for _ in range(workers):
            pool.submit(warm_up).result()
        local, pool_wall, pool_cpu = timed_run(pool, args)
    t0 = time.perf_counter()
    with cluster_executor("dask", workers) as dask:
        started = time.perf_counter() - t0
        dask.client.run(warm_up)  # on every worker
        on_dask, dask_wall, dask_cpu = timed_run(dask, args)
    same = on_dask == local
    print(f"{'':18s}{'wall s':>10s}{'parent CPU s':>14s}")
    print(f"{'process pool':18s}{pool_wall:10.2f}{pool_cpu:14.2f}")
    print(f"{'dask LocalCluster':18s}{dask_wall:10.2f}{dask_cpu:14.2f}   (start-up {started:.2f} s apart)")
    print(f"dask / pool, wall: {dask_wall / pool_wall:.2f}x; results equal: {same}")
    print("\ncost of a big study (CPU time a core, games spread evenly):")
    for player, games in STUDIES.items():
        hours = games / rates[player] / 3600
        print(f"  {games:.0e} {player} games: {hours:,.2f} core-hours")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
