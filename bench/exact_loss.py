"""What the expert's choices cost, measured against the exact solution.

Plays games between lookahead players (seeded) up to a given ball, draws
it, and solves the position exactly: every playable cell's value (expected
result for the mover, +1 win, -1 loss) by exhaustive expectimax to the end
of the game. Then each player (or fixed-depth search) chooses a cell in the
same positions, and its *loss* is the exact value of the best cell minus the
exact value of its choice. A loss of 0.02 in expected result is a point of
score rate (the score rate is (1 + result) / 2).

This is the expert's training signal (positions where the expert
and exhaustive search disagree) and a fast, low-noise yardstick for leaf
evaluations: a few dozen positions separate what a few hundred games cannot.
Solving costs seconds a position from the 20th ball (minutes from the
17th), so positions can be kept in a JSON file (``--cache``), which is
checked on reading (damaged, or made for another ball or seed: exit 2).

    python3 bench/exact_loss.py                        # 40 positions at ball 20
    python3 bench/exact_loss.py --ball 21 --positions 100 --depths 2,3,4,5,6
    python3 bench/exact_loss.py --players "expert;expert:opening=0.25;depth:4,evaluation=patterns"
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ladder import make_expert, parse_options  # noqa: E402
from bench.leaves import ResearchSearch, take_options  # noqa: E402
from spoker import GameState, parse_state  # noqa: E402
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.players import Player, make_player  # noqa: E402
from spoker.players.bitboard import root_args  # noqa: E402
from spoker.players.search import Expectimax, WinUtility  # noqa: E402

Position = tuple[str, dict[int, float]]  # state string, exact value of each playable cell


def solve(state: GameState) -> dict[int, float]:
    """The exact value of every playable cell for the drawn ball."""
    search = Expectimax(state.rules, WinUtility())
    values = search.analyse(*root_args(state), 30 - state.move_number, prune=False)
    return dict(values)


class CacheError(ValueError):
    """A cache file that is damaged, or was made for other positions."""


def write_cache(path: Path, ball: int, seed: int, found: list[Position]) -> None:
    """Keep the solved positions (JSON, written whole then renamed into place)."""
    data = {"ball": ball, "seed": seed, "positions": [[s, {str(c): v for c, v in e.items()}] for s, e in found]}
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data), encoding="utf-8")
    part.replace(path)


def read_cache(path: Path, ball: int, seed: int) -> list[Position]:
    """The positions kept by :func:`write_cache` for this ball and seed; a
    damaged file, or one made for other positions, raises :class:`CacheError`."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["ball"] != ball or data["seed"] != seed:
            raise CacheError(
                f"cache {str(path)!r} holds ball {data['ball']!r}, seed {data['seed']!r}, not ball {ball}, seed {seed}"
            )
        found = []
        for string, exact in data["positions"]:
            parse_state(string)  # a damaged state string raises here
            found.append((str(string), {int(c): float(v) for c, v in exact.items()}))
    except CacheError:
        raise
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CacheError(f"cache {str(path)!r} is damaged: {exc}") from None
    return found


def positions(ball: int, count: int, seed: int, cache: Path | None) -> list[Position]:
    """``count`` solved positions whose ``ball``-th ball is drawn, from
    lookahead games (games ended before it are skipped); only positions where
    the choice matters (the cells' exact values differ) are kept."""
    found = read_cache(cache, ball, seed) if cache is not None and cache.exists() else []
    rng = random.Random(f"{seed}/{ball}")
    made = 0
    started = time.process_time()
    while len(found) < count:
        players = [make_player("lookahead", rng.randrange(1 << 30)) for _ in range(2)]
        state = GameState()
        while not state.is_over and state.move_number < ball - 1:
            state.draw(rng)
            state.apply_place(players[state.to_move - 1].choose(state))
        if state.is_over:
            continue
        state.draw(rng)
        made += 1
        if made <= len(found):
            continue  # solved in an earlier run (the same seed makes the same positions)
        values = solve(state)
        if max(values.values()) - min(values.values()) < 1e-9:
            found.append((state.to_string(), {}))  # kept in the cache, skipped below
        else:
            found.append((state.to_string(), values))
        if cache is not None:
            write_cache(cache, ball, seed, found)
        print(f"  solved {len(found)}/{count} ({time.process_time() - started:.0f} s CPU)",
              file=sys.stderr, flush=True)
    return [p for p in found[:count] if p[1]]


def depth_search(text: str, rules: RuleSet) -> tuple[Expectimax, int]:
    """The search and depth of a ``depth:N[,OPTIONS]`` chooser (``text`` is
    what follows ``depth:``): the expert's search, hand-made leaf
    (``evaluation=patterns``: the pattern leaf; ``opening=K,opening_from=N``:
    the forced-opening term, ``bench/leaves.py``)."""
    depth, _, rest = text.partition(",")
    if int(depth) < 1:
        raise ValueError("the depth must be at least 1")
    options = parse_options(rest)
    if options.get("evaluation", "hand") not in ("hand", "patterns"):
        raise ValueError(f"evaluation {options['evaluation']!r}: expected hand or patterns")
    research = take_options(options)
    if research is None:
        search = Expectimax(rules, WinUtility(), quiescence=True, **options)  # type: ignore[arg-type]
    else:
        search = ResearchSearch(rules, WinUtility(), quiescence=True, **research, **options)  # type: ignore[arg-type]
    return search, int(depth)


def make_chooser(name: str, text: str) -> Player:
    """A player chooser by name and ``key=value`` options; the expert takes
    the research options too (:func:`bench.ladder.make_expert`)."""
    options = parse_options(text)
    return make_expert(1, options) if name == "expert" else make_player(name, 1, **options)


def check_chooser(chooser: str) -> None:
    """Raise ValueError, naming ``chooser``, unless :func:`losses` can use it."""
    name, _, text = chooser.partition(":")
    try:
        if name == "depth":
            depth_search(text, GameState().rules)
        else:
            make_chooser(name, text)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"chooser {chooser!r}: {exc}") from None


def losses(chooser: str, solved: list[Position]) -> tuple[list[float], float]:
    """The loss of each choice, and the worst CPU seconds a choice took.
    ``chooser`` is ``depth:N`` (the expert's search at a fixed depth, hand-made
    leaf; ``depth:N,opening=0.25``: with search options; ``depth:N,evaluation=patterns``: the pattern leaf), or a player name with options (``expert:opening=0.25,effort=50000``)."""
    name, _, text = chooser.partition(":")
    out = []
    worst = 0.0
    for string, exact in solved:
        state = parse_state(string)
        started = time.process_time()
        if name == "depth":
            search, depth = depth_search(text, state.rules)
            values = search.analyse(*root_args(state), depth, prune=False)
            top = max(v for _, v in values)
            best = [c for c, v in values if v >= top - 1e-9]
            chosen = statistics.fmean(exact[c] for c in best)  # ties: their average
        else:
            player = make_chooser(name, text)
            chosen = exact[int(player.choose(state))]
        worst = max(worst, time.process_time() - started)
        out.append(max(exact.values()) - chosen)
    return out, worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ball", type=int, default=20, help="the ball drawn (1..30)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depths", default="2,3,4,5", help="fixed-depth searches to measure")
    parser.add_argument("--players", default="lookahead;expert", help="players, ';' between them")
    parser.add_argument("--cache", type=Path, default=None, help="file keeping the solved positions")
    args = parser.parse_args()
    if not 1 <= args.ball <= 30:
        parser.error(f"ball {args.ball} is not between 1 and 30")
    choosers = [f"depth:{d}" for d in filter(None, args.depths.split(","))]
    choosers += [p for p in args.players.split(";") if p]
    for chooser in choosers:
        try:
            check_chooser(chooser)  # before the costly solving
        except ValueError as exc:
            parser.error(str(exc))
    try:
        solved = positions(args.ball, args.positions, args.seed, args.cache)
    except CacheError as exc:
        print(f"exact_loss: {exc}", file=sys.stderr)
        return 2
    print(f"ball {args.ball}: {len(solved)} positions where the choice matters "
          f"(of {args.positions}), seed {args.seed}")
    print(f"{'chooser':32} {'mean loss':>9} {'points':>7} {'best found':>10} {'worst loss':>10} {'worst CPU':>9}")
    for chooser in choosers:
        found, cpu = losses(chooser, solved)
        mean = statistics.fmean(found)
        best = sum(x < 1e-9 for x in found)
        print(f"{chooser:32} {mean:9.4f} {50 * mean:7.2f} {best:>5}/{len(found):<4} {max(found):10.3f} {cpu:8.2f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
