"""Which evaluator of luck narrows the interval most per second?

Plays N games between two players exactly as ``spoker simulate --swap`` does
(the same seeds: :func:`spoker.runs.simulate.game_seeds`, A first in the even
games) and judges every draw of every game with each evaluator of
:data:`spoker.runs.luck_judge.JUDGES`, so that all of them are compared on the
same games. For each evaluator: the luck-adjusted score rate of A with its 95%
interval, the ratio of its width to the plain interval's (normal intervals
both, from the per-game spread), and the CPU seconds it spent a game judging
(the games themselves are timed apart)::

    python3 bench/luck_judges.py --players lookahead,greedy --games 200 --seed 1
    python3 bench/luck_judges.py --players greedy,random --games 400 --judges leaf,lookahead
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.mcts import MctsPlayer  # noqa: E402
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.engine.state import GameState  # noqa: E402
from spoker.players import Player, make_player  # noqa: E402
from spoker.runs.luck_judge import JUDGES, luck_judge  # noqa: E402
from spoker.runs.simulate import game_seeds  # noqa: E402
from spoker.runs.stats import Z95  # noqa: E402


def _make(name: str, seed: int) -> Player:
    return MctsPlayer(seed) if name == "mcts" else make_player(name, seed)


def play(players: tuple[str, str], index: int, seed: int, rules: RuleSet, judges: list[str]
         ) -> tuple[float, dict[str, float], dict[str, float], float]:
    """Game ``index``: A's result (+1, 0, -1), each judge's luck of A less
    B's, each judge's CPU seconds, and the game's own CPU seconds."""
    draw_seed, seed_a, seed_b = game_seeds(seed, index)
    a, b = _make(players[0], seed_a), _make(players[1], seed_b)
    a_second = index % 2 == 1
    seats = (b, a) if a_second else (a, b)
    a_seat = 2 if a_second else 1
    rng = random.Random(draw_seed)
    state = GameState(rules)
    luck = dict.fromkeys(judges, 0.0)
    cost = dict.fromkeys(judges, 0.0)
    play_cost = 0.0
    while not state.is_over:
        before = state.copy()
        state.draw(rng)
        sign = 1.0 if state.to_move == a_seat else -1.0
        for name in judges:
            t = time.process_time()
            luck[name] += sign * luck_judge(name).luck(before, int(state.drawn))  # type: ignore[arg-type]
            cost[name] += time.process_time() - t
        t = time.process_time()
        state.apply_place(seats[state.to_move - 1].choose(state))
        play_cost += time.process_time() - t
    result = 0.0 if state.winner is None else (1.0 if state.winner == a_seat else -1.0)
    return result, luck, cost, play_cost


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean of the rates (x + 1) / 2 and its 95% normal interval."""
    n = len(xs)
    rates = [(x + 1) / 2 for x in xs]
    m = math.fsum(rates) / n
    sd = math.sqrt(math.fsum((r - m) ** 2 for r in rates) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return m, m - half, m + half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="lookahead,greedy", help="A,B (mcts: bench/mcts.py at 600)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="visible")
    parser.add_argument("--judges", default=",".join(JUDGES), help="evaluators to compare")
    args = parser.parse_args()
    pair = tuple(args.players.split(","))
    judges = args.judges.split(",")
    for name in judges:
        luck_judge(name)
    rules = RuleSet.parse(args.rules)
    results: list[float] = []
    adjusted: dict[str, list[float]] = {j: [] for j in judges}
    costs = dict.fromkeys(judges, 0.0)
    played = 0.0
    for index in range(args.games):
        r, luck, cost, c = play((pair[0], pair[1]), index, args.seed, rules, judges)
        results.append(r)
        played += c
        for j in judges:
            adjusted[j].append(r - luck[j])
            costs[j] += cost[j]
        if (index + 1) % 50 == 0:
            print(f"  {index + 1}/{args.games} games", file=sys.stderr, flush=True)
    n = len(results)
    m, lo, hi = interval(results)
    print(f"{pair[0]} v {pair[1]}, {n} games, seed {args.seed}, rules {rules}: "
          f"plain {m:.1%} [{lo:.1%}, {hi:.1%}] (width {hi - lo:.3f}); play {played / n:.3f} s CPU a game")
    for j in judges:
        am, alo, ahi = interval(adjusted[j])
        ratio = (ahi - alo) / (hi - lo) if hi > lo else float("nan")
        print(f"  {j:10s} luck-adjusted {am:.1%} [{alo:.1%}, {ahi:.1%}] width ratio {ratio:.3f}; "
              f"{costs[j] / n:.3f} s CPU a game judging; plain games for the same width x{1 / ratio ** 2:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
