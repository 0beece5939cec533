"""``spoker study``: one match under several rule sets, compared."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any, TypeVar

from spoker.cli import CliError, cluster_arg, positive_int, seed_int
from spoker.cli.simulate_cmd import PlayersHelp
from spoker.cli.streams import check_output
from spoker.engine.rules import RuleSet, RulesFile
from spoker.records.rules_file import read_rules
from spoker.runs.charts import draw_explore_chart, draw_study_chart
from spoker.runs.explore import Exploration, explore, parse_space, schedule
from spoker.runs.simulate import ProgressBar
from spoker.runs.study import ALL_RULES, Study, run_study

T = TypeVar("T")

EXAMPLE = """\
examples:
  spoker study --players lookahead,lookahead --games 400 --seed 1 --chart study.png
  spoker study --players greedy,greedy --games 2000 --rules visible touching --json
    {"players": ["greedy", "greedy"], "games": 2000, "seed": ..., "rules": [
      {"rules": "visible", "name": "visible", "games": 2000, "first": {"wins": .., "win_rate": ..,
       "score_rate": .., "ci": [lo, hi]}, "second": {...}, "by_player": [...],
       "draws": {...}, "length": {"mean": .., "ci": [..]}, "straight_flush_ends": {...},
       "challenges_per_game": {...}, "lead_changes": {"mean": .., "ci": [..]},
       "decided_at": {"games": .., "mean": .., "ci": [..]}, "ranks": {"three_kinds": {"formed": ..,
       "formed_per_game": .., "challenges": .., "share": {...}, "won": {...},
       "tied": {...}}, ...}}, ...]}
  spoker study --players random,random --players lookahead,lookahead --games 100
  spoker study --players lookahead,lookahead --games 10000 --seed 1 --cluster dask
  spoker study --players greedy,greedy --games 1000 --rules visible --rules level-lines.toml \\
      --rules 'tie=none, bag=12-9-9'
  spoker study --players lookahead,lookahead --games 12000 --seed 2026 --luck-adjusted \\
      --explore 'lines=any|in-level bag=10-10-10|11-10-9|12-9-9' --chart explore.png

Each rule set also gets the figures a game designer reads (docs/study.md):
balance (the second seat's score rate), draws, length, straight-flush
endings, challenges and lead changes a game, and when the winner took the
lead for good ("decided at", a share of the game, over the games won); a
summary table shows them one row a rule set, a rules file's row under its
name. --rules may be repeated, each value items or a FILE.toml.

--explore SPACE varies the items SPACE lists (KEY=A|B... for lines, off
(none for no shape), order, tie, bag, apex-free=on|off or a plug-in
variant=on|off, and visible|touching), the cross product of the
alternatives, each other item as the one --rules base has it (default: the
rules as written). --games is then the budget in all, spent by successive
halving (Karnin et al. 2013): ceil(log2 n) rounds of equal budget, the
better half by |second seat - 50%| (then the skill share, with
--luck-adjusted) kept each round. It prints the fairest five with
intervals (the JSON ranks them all); --chart draws the fairest ten.

With --luck-adjusted every draw's luck is judged (docs/players.md) and each
rule set also reports how much of the results the draws decide (the share of
the variance of A's results that removing each draw's luck takes away, with a
bootstrap 95% interval) and the skill the variant leaves: A's luck-adjusted
score rate over B with its 95% interval ("luck" in the JSON; docs/study.md):
  spoker study --players lookahead,greedy --games 400 --seed 1 --luck-adjusted

Each pair of players plays N games under each rule set (default: the four,
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
        help="compare rule sets (seat advantage, draws, drama, ranks) or find a fairer one",
        description="Play N games per rule set between two players and compare the rule sets, "
        "or (--explore) search a space of rule sets for the fairest.",
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
    p.add_argument("--json", action="store_true", help="print one JSON object a pair of players (with --explore: one in all)")
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

    def play(workers: int, executor: Executor | None, bar: ProgressBar) -> list[Study]:
        return [run_study(pair, args.games, seed, rule_sets, workers, progress=bar, executor=executor,
                          luck_adjusted=args.luck_adjusted, labels=labels) for pair in pairs]

    studies = _played(args, play)
    if args.chart is not None:
        draw_study_chart(studies, args.chart)
    return _report(args, [study.to_json() for study in studies], "\n\n".join(study.table() for study in studies))


def _played(args: argparse.Namespace, play: Callable[[int, Executor | None, ProgressBar], T]) -> T:
    """``play(workers, executor, bar)`` on the run's workers or cluster, with
    a progress bar on stderr."""
    bar = ProgressBar(sys.stderr)
    try:
        with cluster_arg.executor_for("study", args) as (workers, executor):
            return play(workers, executor, bar)
    finally:
        bar.close()


def _report(args: argparse.Namespace, objects: list[dict[str, Any]], text: str) -> int:
    """Print one JSON object a line (``--json``), else the text and the chart's name."""
    if args.json:
        for found in objects:
            print(json.dumps(found))
    else:
        print(text)
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

    def play(workers: int, executor: Executor | None, bar: ProgressBar) -> Exploration:
        return explore(pairs[0], args.games, args.explore, base, seed, workers, executor,
                       luck_adjusted=args.luck_adjusted, progress=bar)

    found = _played(args, play)
    if args.chart is not None:
        draw_explore_chart(found, args.chart)
    return _report(args, [found.to_json()], found.table())
