"""The strength ladder: each computer player against the one below it.

random < greedy < lookahead < expert. Each rung plays N games with seats
swapped every other game; the two games of a pair use the same draws (the
colours drawn do not depend on where balls go), which takes some of the luck
out of the comparison. Prints the upper player's score rate (wins + draws / 2
per game) with its 95% Wilson interval, and each player's median and worst
time per move (wall clock, and CPU time of the process that played it: the
machine may be shared, CPU time is what one core spends).

Targets: greedy >= 90% against random, lookahead >= 60% against greedy;
the expert's worst move <= 1 s of CPU time over whole games. The expert's
old target, 68% against lookahead, was shown out of reach (a best
response to lookahead scores 62.75%) and is replaced by its
luck-adjusted edge over lookahead and over the 600-simulation MCTS
(``--luck-adjusted``) and its exact loss a placement from the 18th ball
(``bench/exact_loss.py``), reported in docs/players.md.

``--luck-adjusted`` judges every draw with :mod:`spoker.runs.luck_judge`
(``--judge``: its default evaluator) and adds, for each rung, the plain and
the luck-adjusted score rate with 95% normal intervals over pairs of games
(the two games of a pair share their draws: pairs are independent, games are
not), the ratio of the widths and how many plain games the same width would
need (N x (plain width / adjusted width) squared)::

    python3 bench/ladder.py --rungs greedy,lookahead --games 300,400 --luck-adjusted
    python3 bench/ladder.py --rungs expert,mcts-expert --games 100,50 --chunk 2 --luck-adjusted
Two more rungs measure the expert and lookahead against an outside
yardstick, a plain random-rollout MCTS of 600 simulations
(``bench/mcts.py``), and the expert against OpenSpiel's Python ``MCTSBot``
at 600 random-rollout simulations (``bench/openspiel_mcts.py``)::

    python3 bench/ladder.py                       # greedy, lookahead, expert rungs
    python3 bench/ladder.py --rungs expert --games 1000 --seed 1
    python3 bench/ladder.py --rungs mcts-expert,mcts-lookahead --games 200
    python3 bench/ladder.py --rungs openspiel-expert --games 100
    python3 bench/ladder.py --rungs expert --games 200 --expert effort=40000,evaluation=learned
    python3 bench/ladder.py --rungs expert --games 400 --expert-balls 20-30
    python3 bench/ladder.py --rungs expert --games 400 --expert model=lookahead

``--expert model=lookahead`` gives the expert an exact model of lookahead's
replies (``bench/best_response.py``): a best response within its depth,
which measures what knowing this opponent could be worth.
``--expert evaluation=learned`` (or ``patterns``) and ``opening=K,opening_from=N``
give it the research leaves of ``bench/leaves.py``; the other options are
the product expert's own (``effort``, ``time_limit``, ``utility``, ``quiescence``).

``--expert-balls FIRST-LAST`` lets the expert choose only the balls numbered
FIRST to LAST (1 to 30) and plays ``lookahead`` (seeded like the expert) on
the others: what each phase of the game is worth.

Paired comparisons: ``--results FILE`` keeps each game's result (one rung);
``--paired FILE`` compares this run, game by game, with such a file of the same
rung and seed (the same deals and seats), which cancels most of the luck of the
draw: a variant that changes few games is measured far more precisely than by
two independent score rates::

    python3 bench/ladder.py --rungs expert --games 200 --seed 2 --results base.json
    python3 bench/ladder.py --rungs expert --games 200 --seed 2 --expert evaluation=patterns --paired base.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.leaves import research_search, take_options  # noqa: E402
from bench.mcts import MctsPlayer  # noqa: E402
from shibumi import Cell  # noqa: E402
from spoker import GameState  # noqa: E402
from spoker.players import Player, make_player  # noqa: E402
from spoker.records.files import read_bounded, write_text_atomic  # noqa: E402
from spoker.runs.luck_judge import DEFAULT_JUDGE, luck_judge  # noqa: E402
from spoker.runs.simulate import game_seeds  # noqa: E402
from spoker.runs.stats import wilson_interval  # noqa: E402
from spoker.runs.workers import process_pool  # noqa: E402

RUNGS = {
    "greedy": ("greedy", "random", 0.90, 0.0),
    "lookahead": ("lookahead", "greedy", 0.60, 0.0),
    "expert": ("expert", "lookahead", 0.0, 0.0),  # no share target: the luck-adjusted edge, reported
    "mcts-expert": ("expert", "mcts", 0.0, 0.0),
    "mcts-lookahead": ("lookahead", "mcts", 0.0, 0.0),
    "openspiel-expert": ("expert", "openspiel", 0.0, 0.0),
    "old-expert": ("expert", "expert-old", 0.0, 0.0),  # the expert against its settings before the kernel
}
"""Rung: (upper player, lower player, target score rate, target lower end of the interval)."""
DEFAULT_GAMES = {"greedy": 2000, "lookahead": 1000, "expert": 1000, "mcts-expert": 200, "mcts-lookahead": 200, "openspiel-expert": 100,
                 "old-expert": 1000}
OLD_EXPERT = {"effort": 100_000}
"""The expert's settings before the compiled search (``expert-old``, the
``old-expert`` rung's lower player: the same time limit, a third of the effort)."""
WORST_LIMIT = 1.0
"""The expert's worst move, in CPU seconds, over whole games."""

Options = dict[str, object]
GameResult = tuple[int, int, float]
"""A game of a rung: its index, the upper player's seat, its result for the
upper player (1 win, 0.5 draw, 0 loss)."""


class PhasedPlayer:
    """The expert on the balls of ``balls`` (numbered 1 to 30), lookahead on
    the others: measures what the expert's play in one phase is worth."""

    name = "expert"

    def __init__(self, seed: int, expert: Options, balls: range) -> None:
        self.expert = make_expert(seed, expert)
        self.lookahead = make_player("lookahead", seed)
        self.balls = balls

    def choose(self, state: GameState) -> Cell:
        ball = state.move_number + 1
        return (self.expert if ball in self.balls else self.lookahead).choose(state)


def parse_balls(text: str) -> range:
    """``FIRST-LAST`` (ball numbers, 1 to 30) as a range; ValueError naming the text."""
    first, sep, last = text.partition("-")
    try:
        balls = range(int(first), int(last) + 1)
    except ValueError:
        raise ValueError(f"--expert-balls {text!r}: expected FIRST-LAST, e.g. 20-30") from None
    if not sep or not 1 <= balls.start <= balls.stop - 1 <= 30:
        raise ValueError(f"--expert-balls {text!r}: expected FIRST-LAST with 1 <= FIRST <= LAST <= 30")
    return balls


MODELS = ("lookahead",)
"""Opponents the expert can be told about (``--expert model=lookahead``)."""


def make_expert(seed: int, expert: Options) -> Player:
    """The expert with these options: the product's expert, or with a research
    leaf (``bench/leaves.py``: ``evaluation``, ``opening``, ``opening_from``);
    with ``model=lookahead`` the best response to lookahead
    (``bench/best_response.py``). A bad option raises ValueError naming it."""
    options = dict(expert)
    model = options.pop("model", None)
    research = take_options(options)
    if model is None:
        if research is None:
            return make_player("expert", seed, **options)
        return make_player("expert", seed, search=research_search(research), **options)
    if model not in MODELS:
        raise ValueError(f"--expert model={model!r}: expected one of {', '.join(MODELS)}")
    from bench.best_response import BestResponsePlayer

    return BestResponsePlayer(seed, research=research, **options)


def _make(name: str, seed: int, expert: Options, balls: range | None = None) -> Player:
    if name == "expert" and balls is not None and balls != range(1, 31):
        return PhasedPlayer(seed, expert, balls)
    if name == "mcts":
        return MctsPlayer(seed)
    if name == "expert-old":
        return make_player("expert", seed, **OLD_EXPERT)
    if name == "openspiel":
        from bench.openspiel_mcts import OpenSpielMctsPlayer  # needs OpenSpiel (the rl extra)

        return OpenSpielMctsPlayer(seed)
    return make_expert(seed, expert) if name == "expert" else make_player(name, seed)


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
    args: tuple[str, str, int, int, int, Options, range | None],
) -> tuple[list[GameResult], dict[str, list[tuple[float, float]]]]:
    """Games ``first``..``first + count - 1`` of a rung: each game's result,
    and per-player move times as (wall, CPU) seconds."""
    games, times, _ = play_judged_games((*args, ""))
    return games, times


def play_judged_games(
    args: tuple[str, str, int, int, int, Options, range | None, str],
) -> tuple[list[GameResult], dict[str, list[tuple[float, float]]], dict[int, float]]:
    """:func:`play_games`, and with a judge (the last argument, an evaluator
    of :mod:`spoker.runs.luck_judge`; "" for none) each game's luck-adjusted
    result for the upper player on the same scale (1 win, 0 loss) by index."""
    upper, lower, seed, first, count, expert, balls, judge_name = args
    judge = luck_judge(judge_name) if judge_name else None
    games: list[GameResult] = []
    adjusted: dict[int, float] = {}
    times: dict[str, list[tuple[float, float]]] = {upper: [], lower: []}
    for index in range(first, first + count):
        draw_seed, seed_u, seed_l = game_seeds(seed, index)
        pair_seed, _, _ = game_seeds(seed, index // 2)
        players = {upper: _make(upper, seed_u, expert, balls), lower: _make(lower, seed_l, expert, balls)}
        seats = (upper, lower) if index % 2 == 0 else (lower, upper)
        rng = random.Random(pair_seed)
        state = GameState()
        luck = 0.0  # the upper player's luck less the lower one's
        while not state.is_over:
            before = state.copy() if judge is not None else None
            state.draw(rng)
            name = seats[state.to_move - 1]
            if before is not None and judge is not None:
                drawn = judge.luck(before, int(state.drawn))  # type: ignore[arg-type]
                luck += drawn if name == upper else -drawn
            w0, c0 = time.perf_counter(), time.process_time()
            cell = players[name].choose(state)
            times[name].append((time.perf_counter() - w0, time.process_time() - c0))
            state.apply_place(cell)
        upper_seat = seats.index(upper) + 1
        result = 1.0 if state.winner == upper_seat else 0.5 if state.winner is None else 0.0
        games.append((index, upper_seat, result))
        if judge is not None:
            adjusted[index] = result - luck / 2  # luck is in results of +-1: half of it in score
    return games, times, adjusted


def run_rung(
    name: str, games: int, seed: int, workers: int, chunk: int, expert: Options, balls: range | None = None,
    judge: str = "",
) -> dict[str, object]:
    upper, lower, target, target_low = RUNGS[name]
    jobs = [(upper, lower, seed, first, min(chunk, games - first), expert, balls, judge)
            for first in range(0, games, chunk)]
    games_played: list[GameResult] = []
    adjusted: dict[int, float] = {}
    times: dict[str, list[tuple[float, float]]] = {upper: [], lower: []}
    started = time.perf_counter()
    pool = process_pool(workers) if workers > 1 else None  # workers that die with this process
    results = pool.map(play_judged_games, jobs) if pool is not None else map(play_judged_games, jobs)
    for part, t, adj in results:
        games_played.extend(part)
        adjusted.update(adj)
        played = len(games_played)
        score = sum(r for _, _, r in games_played)
        for k, v in t.items():
            times[k].extend(v)
        lo, hi = wilson_interval(score, played)
        upper_times = times[upper]
        # A run stopped early still tells its luck-adjusted rate so far.
        so_far = "" if not adjusted or played < 4 else (
            "; luck-adjusted {:.1%} [{:.1%}, {:.1%}]".format(*pair_interval(adjusted)))
        print(f"  {upper} v {lower}: {played}/{games} games, score rate {score / played:.1%} "
              f"[{lo:.1%}, {hi:.1%}]{so_far}, {upper} worst move {max(c for _, c in upper_times):.3f} s CPU "
              f"({max(w for w, _ in upper_times):.3f} s wall)", file=sys.stderr, flush=True)
    if pool is not None:
        pool.shutdown()
    lo, hi = wilson_interval(score, played)
    return {
        "rung": f"{upper} v {lower}", "upper": upper, "lower": lower, "games": played,
        "rate": score / played, "ci": (lo, hi), "target": target, "target_low": target_low, "times": times,
        "seconds": time.perf_counter() - started, "results": games_played, "adjusted": adjusted,
    }


def pair_interval(values: dict[int, float]) -> tuple[float, float, float]:
    """Mean and 95% normal interval of per-game values, the two games of a
    pair (2k, 2k + 1: the same draws, seats swapped) averaged first: pairs,
    not games, are independent."""
    pairs: dict[int, list[float]] = {}
    for index, v in values.items():
        pairs.setdefault(index // 2, []).append(v)
    means = [sum(v) / len(v) for v in pairs.values()]
    n = len(means)
    m = sum(means) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in means) / (n - 1)) if n > 1 else 0.0
    half = 1.959963984540054 * sd / math.sqrt(n)
    return m, m - half, m + half


def luck_report(res: dict[str, object]) -> str:
    """The rung's plain and luck-adjusted rates with intervals over pairs, the
    width ratio and the plain games the same width would need."""
    plain = pair_interval({i: r for i, _, r in cast(list[GameResult], res["results"])})
    adjusted = pair_interval(cast(dict[int, float], res["adjusted"]))
    n = cast(int, res["games"])
    ratio = (adjusted[2] - adjusted[1]) / (plain[2] - plain[1]) if plain[2] > plain[1] else math.inf
    need = n / ratio ** 2 if ratio > 0 else math.inf
    return (f"    plain {plain[0]:.1%} [{plain[1]:.1%}, {plain[2]:.1%}] (over pairs); luck-adjusted "
            f"{adjusted[0]:.1%} [{adjusted[1]:.1%}, {adjusted[2]:.1%}]; width ratio {ratio:.3f}; "
            f"plain games for the same width {need:.0f}")


def save_results(path: Path, rung: str, seed: int, expert: str, balls: str | None, games: list[GameResult]) -> None:
    """Each game's result, for a later ``--paired`` run."""
    data = {"rung": rung, "seed": seed, "expert": expert, "expert_balls": balls,
            "games": [{"game": i, "seat": seat, "result": r} for i, seat, r in games]}
    write_text_atomic(path, json.dumps(data, indent=1) + "\n")  # a stopped run leaves no half file


def load_results(path: Path, rung: str, seed: int) -> dict[int, float]:
    """The results of an earlier run of ``rung`` and ``seed`` by game index;
    ValueError naming the file when it cannot be read or is of another run."""
    try:
        with path.open("rb") as f:  # bounded: a huge file or a device is refused, not swallowed
            data = json.loads(read_bounded(f, what="a results file"))
        if data["rung"] != rung or data["seed"] != seed:
            raise ValueError(f"it holds rung {data['rung']!r} with seed {data['seed']!r}, not {rung!r} with seed {seed}")
        out = {int(g["game"]): float(g["result"]) for g in data["games"]}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise ValueError(f"--paired {str(path)!r}: {exc}") from None
    if not all(r in (0.0, 0.5, 1.0) for r in out.values()):
        raise ValueError(f"--paired {str(path)!r}: results must be 0, 0.5 or 1")
    return out


def paired(this: list[GameResult], other: dict[int, float]) -> str:
    """This run against another on the games both played: the difference of
    score rates with its 95% interval (from the spread of the per-game
    differences), and how many games changed."""
    pairs = [(r, other[i]) for i, _, r in this if i in other]
    if not pairs:
        return "paired: no game in common"
    n = len(pairs)
    diffs = [a - b for a, b in pairs]
    mean = sum(diffs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    changed = sum(1 for x in diffs if x)
    return (f"paired on {n} games: this {sum(a for a, _ in pairs) / n:.1%}, that {sum(b for _, b in pairs) / n:.1%}, "
            f"difference {100 * mean:+.1f} points +-{100 * half:.1f} (95%); {changed} games changed")


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
    parser.add_argument("--expert-balls", default=None, metavar="FIRST-LAST",
                        help="the expert chooses these balls only (1-30), lookahead the others")
    parser.add_argument("--luck-adjusted", action="store_true",
                        help="judge each draw's luck (spoker.runs.luck_judge) and report luck-adjusted rates")
    parser.add_argument("--judge", default=DEFAULT_JUDGE, help="the evaluator of luck (with --luck-adjusted)")
    parser.add_argument("--results", type=Path, default=None, metavar="FILE",
                        help="keep each game's result here (one rung)")
    parser.add_argument("--paired", type=Path, default=None, metavar="FILE",
                        help="compare game by game with the results of an earlier run (one rung)")
    args = parser.parse_args()
    balls = None
    if args.expert_balls is not None:
        try:
            balls = parse_balls(args.expert_balls)
        except ValueError as exc:
            parser.error(str(exc))
    rungs = [r.strip() for r in args.rungs.split(",")]
    for r in rungs:
        if r not in RUNGS:
            parser.error(f"unknown rung {r!r}: expected {', '.join(RUNGS)}")
    counts = [DEFAULT_GAMES[r] for r in rungs]
    if args.games:
        try:
            given = [int(x) for x in args.games.split(",")]
        except ValueError:
            given = []
        counts = given * len(rungs) if len(given) == 1 else given
        if len(counts) != len(rungs) or min(counts) < 1:
            parser.error(f"--games {args.games!r}: one number of games (at least 1), or one per rung")
    expert = parse_options(args.expert)
    try:
        make_expert(0, expert)  # a bad option fails now, not in the workers
    except ValueError as exc:
        parser.error(str(exc))
    if (args.results or args.paired) and len(rungs) != 1:
        parser.error("--results and --paired need exactly one rung")
    if args.results is not None:
        # Checked before the games: a long run should not end unable to write.
        if args.paired is not None and args.results.resolve() == args.paired.resolve():
            parser.error(f"--results and --paired name the same file {str(args.results)!r}: "
                         "the new results would replace the ones compared with")
        if not args.results.resolve().parent.is_dir():
            parser.error(f"--results {str(args.results)!r}: no such folder")
    other = None
    if args.paired is not None:
        try:
            other = load_results(args.paired, rungs[0], args.seed)
        except ValueError as exc:
            parser.error(str(exc))

    ok = True
    worst: list[tuple[float, float]] = []
    for rung, games in zip(rungs, counts):
        res = run_rung(rung, games, args.seed, args.workers, args.chunk, expert, balls,
                       luck_judge(args.judge).name if args.luck_adjusted else "")
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
        if args.luck_adjusted:
            print(luck_report(res), flush=True)
        for player, samples in res["times"].items():  # type: ignore[attr-defined]
            print(f"    {player:10s} time a move: {_timing(samples)}", flush=True)
        played = cast(list[GameResult], res["results"])
        if args.results is not None:
            save_results(args.results, rung, args.seed, args.expert, args.expert_balls, played)
        if other is not None:
            print(f"    {paired(played, other)}", flush=True)
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
