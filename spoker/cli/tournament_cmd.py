"""``spoker tournament``: a round robin between computer players."""

from __future__ import annotations

import argparse
import json
import random
import sys

from spoker.cli import positive_int, seed_int
from spoker.players import PLAYER_NAMES
from spoker.rules import RuleSet
from spoker.simulate import ProgressBar
from spoker.tournament import draw_chart, run_tournament

EXAMPLE = """\
examples:
  spoker tournament random greedy lookahead --games 200 --seed 1 --chart ladder.png
  spoker tournament greedy lookahead --games 100 --json
    {"players": ["greedy", "lookahead"], "games": 100, "seed": ..., "rules": "visible",
     "standings": [{"name": "lookahead", "games": 100, "wins": ..., "draws": ..., "losses": ...,
                    "score_rate": ..., "ci": [lo, hi]}, ...],
     "pairings": [{"players": ["greedy", "lookahead"], "games": 100, "wins": [.., ..],
                   "draws": .., "score_rate": .., "ci": [lo, hi]}]}

Every pair of players plays N games, changing seats every other game. A score
rate is (wins + draws / 2) / games, with its 95% Wilson confidence interval.
Without --seed a seed is chosen at random and shown.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "tournament",
        help="a round robin between computer players",
        description="Play a round robin (seats swapped) and report score rates with 95% intervals.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("players", nargs="+", metavar="PLAYER", help=f"two or more of: {', '.join(PLAYER_NAMES)}")
    p.add_argument("--games", type=positive_int, required=True, metavar="N", help="games a pairing")
    p.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed (whole number >= 0)")
    p.add_argument(
        "--rules", default="visible", metavar="RULES",
        help="visible (default) or touching, optionally with apex-free",
    )
    p.add_argument("--workers", type=positive_int, default=1, metavar="K", help="processes (default 1)")
    p.add_argument("--chart", metavar="FILE.png", help="also draw a bar chart of the score rates")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)




def run(args: argparse.Namespace) -> int:
    rules = RuleSet.parse(args.rules)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    bar = ProgressBar(sys.stderr)
    try:
        result = run_tournament(args.players, args.games, seed, rules, args.workers, progress=bar)
    finally:
        bar.close()
    if args.chart:
        draw_chart(result, args.chart)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(result.table())
        if args.chart:
            print(f"\nchart: {args.chart}")
    return 0
