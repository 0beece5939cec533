"""``spoker tournament``: a round robin between computer players."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from spoker.cli import CliError, cluster_arg, positive_int, seed_int
from spoker.cli.simulate_cmd import PlayersHelp, write_result
from spoker.cli.streams import check_output
from spoker.records.rules_file import rules_of
from spoker.runs.simulate import MAX_GAMES, ProgressBar, check_players
from spoker.runs.tournament import run_tournament
from spoker.safe_text import printable

EXAMPLE = """\
examples:
  spoker tournament random greedy lookahead --games 200 --seed 1 --chart ladder.png
  spoker tournament random greedy lookahead expert --games 10000 --seed 1 --cluster dask
  spoker tournament greedy lookahead --games 100 --json
    {"players": ["greedy", "lookahead"], "games": 100, "seed": ..., "rules": "visible",
     "standings": [{"name": "lookahead", "games": 100, "wins": ..., "draws": ..., "losses": ...,
                    "score_rate": ..., "ci": [lo, hi]}, ...],
     "pairings": [{"players": ["greedy", "lookahead"], "games": 100, "wins": [.., ..],
                   "draws": .., "score_rate": .., "ci": [lo, hi]}]}

Every pair of players plays N games, changing seats every other game. A score
rate is (wins + draws / 2) / games, with its 95% Wilson confidence interval.
--luck-adjusted judges each draw's luck (docs/players.md) and adds each
player's luck-adjusted score rate with its 95% interval (a column of the
standings, a second cross table; "luck_adjusted" in the JSON's standings and
pairings): the same rate estimated with less of the draws' noise.
Without --seed a seed is chosen at random and shown. --workers is capped at
the number of CPUs; a progress bar shows on a terminal (stderr). --chart and
--out are checked before the games start; Ctrl-C stops the run and its
workers at once (exit status 130) and writes neither file.

""" + cluster_arg.CLUSTER_HELP + "\n"


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "tournament",
        help="a round robin between computer players",
        description="Play a round robin (seats swapped) and report score rates with 95% intervals.",
        epilog=EXAMPLE,
        formatter_class=PlayersHelp,
    )
    p.add_argument("players", nargs="+", metavar="PLAYER", help="two or more of: {players}")
    p.add_argument("--games", type=positive_int, required=True, metavar="N", help="games a pairing")
    p.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed (whole number >= 0)")
    p.add_argument(
        "--rules", default="visible", metavar="RULES",
        help="visible (default) or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)",
    )
    cluster_arg.add_arguments(p)
    p.add_argument(
        "--luck-adjusted", action="store_true",
        help="judge each draw's luck and add luck-adjusted score rates (narrower intervals)",
    )
    p.add_argument("--chart", metavar="FILE.png", help="also draw a bar chart of the score rates")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--out", metavar="FILE", help="write the result to FILE instead of stdout")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_of(args.rules)
    check_players(args.players)
    if args.games > MAX_GAMES:
        raise CliError(f"--games {args.games}: at most {MAX_GAMES} games a pairing")
    if args.chart is not None:
        check_output(args.chart, "--chart", ".png")
    if args.out is not None:
        check_output(args.out, "--out")
        if args.chart is not None and os.path.realpath(args.chart) == os.path.realpath(args.out):
            raise CliError(f"--chart and --out name the same file {args.out!r}: one would overwrite the other")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    bar = ProgressBar(sys.stderr)
    try:
        with cluster_arg.executor_for("tournament", args) as (workers, executor):
            result = run_tournament(
                args.players, args.games, seed, rules, workers, progress=bar, executor=executor,
                luck_adjusted=args.luck_adjusted,
            )
    finally:
        bar.close()
    if args.chart:
        from spoker.runs.charts import draw_tournament_chart  # it loads the study too: only to draw

        draw_tournament_chart(result, args.chart)
    if args.json:
        text = json.dumps(result.to_json())
    else:
        text = result.table()
        if args.chart:
            text += f"\n\nchart: {printable(args.chart)}"
    write_result(text, args.out)
    return 0
