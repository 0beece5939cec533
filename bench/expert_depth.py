"""From which ball the expert is exact, and what its moves cost, at given efforts.

Plays seeded games of the expert against lookahead (seats swapped every
other game) and records, for each of the expert's moves, the ball number
(1 to 30), the depth its search reached, whether that depth reached the end
of the game (an exact solution), and the CPU time the move took. Prints, per
effort, the first ball from which every move of every game was exact, the
ball from which half the games' moves were exact (the median first exact
ball), and the median and worst CPU time of a move::

    python3 bench/expert_depth.py --efforts 100000,400000,1000000 --games 20 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import spoker.kernel  # noqa: E402
from spoker import GameState  # noqa: E402
from spoker.players import make_player  # noqa: E402
from spoker.players.expert import ExpertPlayer  # noqa: E402
from spoker.runs.simulate import game_seeds  # noqa: E402

Move = tuple[int, int, bool, float]
"""An expert move: ball number, depth reached, exact, CPU seconds."""


def play(effort: int, seed: int, index: int, time_limit: float | None) -> list[Move]:
    """One game of the expert (at ``effort``) against lookahead; the expert's moves."""
    draw_seed, seed_e, seed_l = game_seeds(seed, index)
    expert = ExpertPlayer(seed_e, effort=effort, time_limit=time_limit)
    lookahead = make_player("lookahead", seed_l)
    seats = (expert, lookahead) if index % 2 == 0 else (lookahead, expert)
    rng = random.Random(draw_seed)
    state = GameState()
    moves: list[Move] = []
    while not state.is_over:
        state.draw(rng)
        player = seats[state.to_move - 1]
        if player is expert:
            ball = state.move_number + 1
            c0 = time.process_time()
            cell = expert.choose(state)
            spent = time.process_time() - c0
            moves.append((ball, expert.last_depth, expert.last_depth >= 31 - ball, spent))
        else:
            cell = player.choose(state)
        state.apply_place(cell)
    return moves


def first_exact(moves: list[Move]) -> int:
    """The ball from which every later move of the game was exact (31: none)."""
    first = 31
    for ball, _, exact, _ in sorted(moves, reverse=True):
        if not exact:
            break
        first = ball
    return first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--efforts", default="100000", help="comma-separated efforts (nodes a move)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-time-limit", action="store_true", help="no safety net: what each effort costs")
    args = parser.parse_args()
    limit = None if args.no_time_limit else 0.8
    spoker.kernel.warm_up()  # the compilation (or loading from the cache) is no move's cost
    for effort in (int(e) for e in args.efforts.split(",")):
        firsts: list[int] = []
        times: list[float] = []
        depths: dict[int, list[int]] = {}
        for index in range(args.games):
            moves = play(effort, args.seed, index, limit)
            firsts.append(first_exact(moves))
            times.extend(t for *_, t in moves)
            for ball, depth, _, _ in moves:
                depths.setdefault(ball, []).append(depth)
        worst = max(times)
        by_phase = ", ".join(
            f"{lo}-{lo + 4}: {statistics.median(d for b in range(lo, lo + 5) for d in depths.get(b, [])):g}"
            for lo in range(1, 31, 5))
        print(f"effort {effort}: {args.games} games; exact from ball {max(firsts)} in every game, "
              f"median {statistics.median(firsts):g}, earliest {min(firsts)}; move CPU median "
              f"{statistics.median(times) * 1000:.0f} ms, worst {worst:.3f} s; median depth by balls {by_phase}",
              flush=True)


if __name__ == "__main__":
    main()
