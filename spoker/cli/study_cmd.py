"""``spoker study``: one match under several rule sets, compared."""

from __future__ import annotations

import argparse
import json
import random
import sys

from spoker.cli import CliError, cluster_arg, positive_int, seed_int
from spoker.cli.simulate_cmd import PlayersHelp
from spoker.cli.streams import check_output
from spoker.engine.rules import RuleSet, RulesFile
from spoker.records.rules_file import read_rules
from spoker.runs.charts import draw_explore_chart, draw_study_chart
from spoker.runs.explore import explore, parse_space, schedule
from spoker.runs.simulate import ProgressBar
from spoker.runs.study import ALL_RULES, Study, run_study

EXAMPLE = """\
examples:
  spoker study --players lookahead,lookahead --games 400 --seed 1 --chart study.png
  spoker study --players greedy,greedy --games 2000 --rules visible touching --json
    {"players": ["greedy", "greedy"], "games": 2000, "seed": ..., "rules": [
      {"rules": "visible", "games": 2000, "first": {"wins": .., "win_rate": ..,
       "score_rate": .., "ci": [lo, hi]}, "second": {...}, "by_player": [...],
       "draws": {...}, "length": {"mean": .., "ci": [..]}, "straight_flush_ends": {...},
       "challenges_per_game": {...}, "ranks": {"three_kinds": {"formed": ..,
       "formed_per_game": .., "challenges": .., "share": {...}, "won": {...},
       "tied": {...}}, ...}}, ...]}
  spoker study --players random,random --players lookahead,lookahead --games 100
  spoker study --players lookahead,lookahead --games 10000 --seed 1 --cluster dask

With --luck-adjusted every draw's luck is judged (docs/players.md) and each
rule set also reports how much of the results the draws decide (the share of
the variance of A's results that removing each draw's luck takes away, with a
bootstrap 95% interval) and the skill the variant leaves: A's luck-adjusted
score rate over B with its 95% interval ("luck" in the JSON; docs/study.md):
  spoker study --players lookahead,greedy --games 400 --seed 1 --luck-adjusted

Each pair of players plays N games under each rule set (default: all four,
visible, touching, 'visible, apex-free', 'touching, apex-free'), A and B
changing seats every other game. Rates are given with 95% Wilson intervals,
means (length, challenges) with 95% normal intervals. --players may be given
more than once: one study a pair (--json prints one object a line), one chart.
The same seed gives the same figures, whatever --workers or --cluster.
Without --seed a seed is chosen at random and shown.

""" + cluster_arg.CLUSTER_HELP + "\n"


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "study",
        help="compare rule variants: seat advantage, challenges, ranks",
        description="Play N games per rule set between two players and compare the variants.",
        epilog=EXAMPLE,
        formatter_class=PlayersHelp,
    )
    p.add_argument(
        "--players", action="append", required=True, metavar="A,B",
        help="two players, comma-separated ({players}); may be repeated",
    )
    p.add_argument("--games", type=positive_int, required=True, metavar="N",
                   help="games a rule set (with --explore: the games in all)")
    p.add_argument(
        "--rules", action="extend", nargs="+", metavar="R",
        help="rule sets to compare, each items such as visible or 'touching, tie=none' or a "
        "FILE.toml; may be repeated (default: the four of rules.md; with --explore: the one base)",
    )
    p.add_argument(
        "--explore", metavar="SPACE",
        help="vary these items and find the fairest rule set, e.g. 'tie=both|none bag=10-10-10|12-9-9 "
        "apex-free=on|off' (successive halving over --games games in all)",
    )
    p.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed (whole number >= 0)")
    cluster_arg.add_arguments(p)
    p.add_argument(
        "--luck-adjusted", action="store_true",
        help="judge each draw's luck: how much of the results the draws decide, and the skill left",
    )
    p.add_argument("--chart", metavar="FILE.png", help="also draw a bar chart")
    p.add_argument("--json", action="store_true", help="print one JSON object a pair of players")
    p.set_defaults(func=run)


def _pair(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise CliError(f"--players {text!r}: expected two players, such as 'greedy,random'")
    return names[0], names[1]


def _rule_sets(values: list[str] | None) -> tuple[list[RuleSet], list[str]]:
    """The rule sets ``--rules`` names, and their rows' names (a rules file's
    ``name``, else "" for the canonical items)."""
    if not values:
        return list(ALL_RULES), [""] * len(ALL_RULES)
    found = [read_rules(value) for value in values]
    return ([f.rules if isinstance(f, RulesFile) else f for f in found],
            [f.name if isinstance(f, RulesFile) else "" for f in found])


def run(args: argparse.Namespace) -> int:
    pairs = [_pair(text) for text in args.players]
    rule_sets, labels = _rule_sets(args.rules)
    if args.chart is not None:
        check_output(args.chart, "--chart", ".png")  # before the games, not after them
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    if args.explore is not None:
        return _explore(args, pairs, rule_sets if args.rules else [], seed)
    studies: list[Study] = []
    bar = ProgressBar(sys.stderr)
    try:
        with cluster_arg.executor_for("study", args) as (workers, executor):
            for pair in pairs:
                studies.append(
                    run_study(pair, args.games, seed, rule_sets, workers, progress=bar, executor=executor,
                              luck_adjusted=args.luck_adjusted, labels=labels)
                )
    finally:
        bar.close()
    if args.chart is not None:
        draw_study_chart(studies, args.chart)
    if args.json:
        for study in studies:
            print(json.dumps(study.to_json()))
    else:
        print("\n\n".join(study.table() for study in studies))
        if args.chart is not None:
            print(f"\nchart: {args.chart}")
    return 0


def _explore(args: argparse.Namespace, pairs: list[tuple[str, str]], bases: list[RuleSet], seed: int) -> int:
    """``--explore SPACE``: one pair, at most one base rule set."""
    if len(pairs) != 1:
        raise CliError(f"--explore plays one pair of players, not {len(pairs)}")
    if len(bases) > 1:
        raise CliError(f"--explore varies one base rule set: --rules named {len(bases)}")
    base = bases[0] if bases else RuleSet()
    schedule(args.games, len(parse_space(args.explore, base)))  # told before anything starts
    bar = ProgressBar(sys.stderr)
    try:
        with cluster_arg.executor_for("study", args) as (workers, executor):
            found = explore(pairs[0], args.games, args.explore, base, seed, workers, executor,
                            luck_adjusted=args.luck_adjusted, progress=bar)
    finally:
        bar.close()
    if args.chart is not None:
        draw_explore_chart(found, args.chart)
    if args.json:
        print(json.dumps(found.to_json()))
    else:
        print(found.table())
        if args.chart is not None:
            print(f"\nchart: {args.chart}")
    return 0
