"""``spoker simulate``: many games between two computer players, with statistics."""

from __future__ import annotations

import argparse
import json
import random
import sys

from spoker.cli import CliError, cluster_arg, positive_int, seed_int
from spoker.cli.streams import check_output
from spoker.engine.groups import Rank
from spoker.engine.rules import RuleSet
from spoker.players import player_entries, player_names
from spoker.records.files import write_text_atomic
from spoker.records.rules_file import rules_of
from spoker.runs.luck_judge import DEFAULT_JUDGE
from spoker.runs.simulate import ENGINES, MAX_GAMES, ProgressBar, Tally, check_players, simulate
from spoker.runs.stats import score_rates

EXAMPLE = """\
players:
{player_lines}

examples:
  spoker simulate --games 1000 --players random,greedy --seed 1 --json
    {{"games": 1000, "players": ["random", "greedy"], "wins": [..., ...], "draws": ...,
     "ends": {{"straight_flush": ..., "complete": ...}}, "groups": {{"three_kinds": ..., ...}},
     "challenges": ..., "points": [..., ...]}}
  spoker simulate --games 100 --players lookahead,greedy --swap --workers 2 --json --out run.json
  spoker simulate --games 400 --players lookahead,greedy --swap --luck-adjusted --seed 1 --json
    {{..., "score_rates": [{{"name": "lookahead", "plain": [rate, low, high],
                           "luck_adjusted": [rate, low, high]}}, {{"name": "greedy", ...}}]}}
  spoker simulate --games 10000000 --players random,greedy --seed 1 --cluster dask
  spoker simulate --games 100000 --players expert,lookahead --seed 1 --cluster tcp://10.0.0.5:8786

Player A sits first in every game; with --swap the players change seats every
other game (A first in game 1) and the JSON also holds "by_player". With
--swap --luck-adjusted every draw's luck is judged (what the colour drawn was
worth against an average draw, by a fixed search: docs/players.md) and each
player's luck-adjusted score rate is shown beside the plain one: it estimates
the same rate (each draw's luck averages 0 over the bag), with a narrower
95% interval between good players; the games are then played one by one. 'wins' and
'points' are by seat. The same --seed gives the same result whatever --workers.
Random and greedy games are played in bulk with numpy (--engine batch); other
players one game at a time (--engine scalar). Without --seed a seed is chosen
at random and shown in the table. --workers is capped at the number of CPUs;
the games are played as a stream of small seeded units, so a run of any
length uses little memory. Ctrl-C stops the run and its workers at once
(exit status 130) and writes no --out file; the progress bar shows on a
terminal only (stderr).

{cluster}
"""


class PlayersHelp(argparse.RawDescriptionHelpFormatter):
    """Help in which ``{players}`` (the names) and ``{player_lines}`` (a line
    a player) are filled in when it is shown: listing the players loads the
    installed plug-ins, which only ``--help`` needs (a run loads the ones it plays)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text is not None and "{players}" in text:
            text = text.replace("{players}", ", ".join(player_names()))
        return text

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "{player_lines}" in text:
            lines = "\n".join(f"  {e.name:10s} {e.description}" for e in player_entries())
            text = text.replace("{player_lines}", lines)
        return super()._fill_text(text, width, indent)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "simulate",
        help="play many games between two computer players",
        description="Play N games between two computer players and print statistics.",
        epilog=EXAMPLE.format(player_lines="{player_lines}", cluster=cluster_arg.CLUSTER_HELP),
        formatter_class=PlayersHelp,
    )
    p.add_argument("--games", type=positive_int, required=True, metavar="N", help="games to play")
    p.add_argument("--players", required=True, metavar="A,B", help="two of: {players}")
    p.add_argument("--seed", type=seed_int, default=None, metavar="S", help="seed (whole number >= 0)")
    p.add_argument(
        "--rules", default="visible", metavar="RULES",
        help="visible (default) or touching, optionally with apex-free: 'touching,apex-free'"
        " (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)",
    )
    cluster_arg.add_arguments(p)
    p.add_argument("--swap", action="store_true", help="players change seats every other game")
    p.add_argument(
        "--luck-adjusted", action="store_true",
        help="with --swap: judge each draw's luck and add luck-adjusted score rates (narrower intervals)",
    )
    p.add_argument("--engine", choices=ENGINES, default="auto", help="auto (default), batch or scalar")
    p.add_argument("--json", action="store_true", help="print one JSON object (docs/formats.md)")
    p.add_argument("--out", metavar="FILE", help="write the result to FILE instead of stdout")
    p.set_defaults(func=run)


def parse_pair(text: str) -> tuple[str, str]:
    """``A,B`` to two known player names."""
    names = [n for n in text.split(",")]
    if len(names) != 2 or not all(n.strip() for n in names):
        raise CliError(f"--players {text!r}: expected two names separated by a comma, e.g. random,greedy")
    a, b = check_players(names)
    return a, b


def run(args: argparse.Namespace) -> int:
    players = parse_pair(args.players)
    rules = rules_of(args.rules)
    if args.luck_adjusted and not args.swap:
        raise CliError("--luck-adjusted needs --swap: each player must draw first in half the games")
    if args.luck_adjusted and args.engine == "batch":
        raise CliError("--luck-adjusted with --engine batch: the batch engine keeps no positions to judge")
    if args.games > MAX_GAMES:
        raise CliError(f"--games {args.games}: at most {MAX_GAMES} games a run")
    if args.out is not None:
        check_output(args.out, "--out")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)
    bar = ProgressBar(sys.stderr)
    try:
        with cluster_arg.executor_for("simulate", args) as (workers, executor):
            tally = simulate(
                players, args.games, seed, rules, workers, args.swap, args.engine,
                progress=bar, executor=executor, luck_adjusted=args.luck_adjusted,
            )
    finally:
        bar.close()
    if args.json:
        out = tally.to_json(by_player=args.swap)
        if args.luck_adjusted:
            out["score_rates"] = score_rates_json(tally)
        text = json.dumps(out)
    else:
        text = table(tally, seed, rules, args.swap)
        if args.luck_adjusted:
            text += "\n\n" + luck_table(tally)
    write_result(text, args.out)
    return 0


def write_result(text: str, out: str | None) -> None:
    """Print the result, or write it whole to ``out`` (never half a file)."""
    if out is None:
        print(text)
    else:
        write_text_atomic(out, text + "\n")


def score_rates_json(tally: Tally) -> list[dict[str, object]]:
    """``score_rates`` of ``spoker simulate --swap --luck-adjusted --json`` (notation.md)."""
    return [
        {"name": name, "plain": [_r(x) for x in plain], "luck_adjusted": [_r(x) for x in adjusted]}
        for name, (plain, adjusted) in zip(tally.players, score_rates(tally), strict=True)
    ]


def _r(x: float) -> float:
    """A rate in JSON: six decimals (no -0.0)."""
    return round(x, 6) + 0.0


def luck_table(tally: Tally) -> str:
    """Both score rates of each player with their 95% intervals, and how much
    narrower the luck-adjusted one is."""
    lines = [
        f"score rates with 95% intervals; each draw's luck judged by the {DEFAULT_JUDGE} evaluator (docs/players.md):",
        f"{'':14s}{'plain':>26s}{'luck-adjusted':>26s}",
    ]
    rates = score_rates(tally)
    for name, (plain, adjusted) in zip(tally.players, rates, strict=True):
        lines.append(f"{name:14s}{_rate_text(plain):>26s}{_rate_text(adjusted):>26s}")
    (plain, adjusted), _ = rates
    width, narrow = plain[2] - plain[1], adjusted[2] - adjusted[1]
    if width > 0:
        lines.append(f"the luck-adjusted interval is {narrow / width:.2f} times as wide as the plain one: "
                     f"as wide as the plain one of {width * width / max(narrow * narrow, 1e-12):.1f} times the games")
    return "\n".join(lines)


def _rate_text(rate: tuple[float, float, float]) -> str:
    return f"{rate[0]:.1%} [{rate[1]:.1%}, {rate[2]:.1%}]"


def table(tally: Tally, seed: int, rules: RuleSet, swap: bool) -> str:
    """The readable report of a simulation."""
    a, b = tally.players
    n = tally.games
    seats = "seats swapped every other game" if swap else f"{a} always first"
    lines = [
        f"{n} games, {a} (A) against {b} (B), {seats}; rules {rules}, seed {seed}",
        "",
        f"{'':14s}{'player 1':>16s}{'player 2':>16s}",
        f"{'wins':14s}{tally.wins[0]:16d}{tally.wins[1]:16d}",
        f"{'points':14s}{tally.points[0]:16d}{tally.points[1]:16d}",
        f"{'draws':14s}{tally.draws:16d}",
        "",
        f"{'':14s}{a + ' (A)':>16s}{b + ' (B)':>16s}",
        f"{'wins':14s}{tally.player_wins[0]:16d}{tally.player_wins[1]:16d}",
        f"{'score rate':14s}{tally.score_rate(0):16.1%}{tally.score_rate(1):16.1%}",
        f"{'points':14s}{tally.player_points[0]:16d}{tally.player_points[1]:16d}",
        "",
        f"ends: {tally.ends['complete']} complete pyramids, "
        f"{tally.ends['straight_flush']} straight flushes",
        f"challenges: {tally.challenges} ({tally.challenges / n:.2f} a game)",
        "groups formed:",
    ]
    for rank in Rank:
        count = tally.groups[int(rank)]
        lines.append(f"  {rank.title:22s}{count:10d}{count / n:10.2f} a game")
    return "\n".join(lines)
