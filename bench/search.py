"""The compiled search against the Python reference, in one run.

- nodes a second of both on the same positions (random games, 6 to 22 balls
  placed) at the same depth, the values checked equal (1e-9): target 30x;
- the compile cost: the first use after installing (an empty numba cache
  folder) and a later start (the cache read), each in a fresh interpreter;
- the memory of the tables and of the memo block;
- games a second on one core: ``lookahead`` v ``lookahead`` (target 300) and
  the expert's default settings v ``lookahead`` (target 5).

    python3 bench/search.py                 # about a minute or two
    python3 bench/search.py --depth 4 --positions 8 --games 200
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker import GameState  # noqa: E402
from spoker.kernel import kernel_path, new_search, warm_up  # noqa: E402
from spoker.kernel.memo import Memo  # noqa: E402
from spoker.kernel.tables import build_tables  # noqa: E402
from spoker.players import make_player  # noqa: E402
from spoker.players.bitboard import root_args  # noqa: E402
from spoker.players.search import Expectimax, WinUtility  # noqa: E402

START = (
    "import time; t = time.perf_counter(); from spoker.kernel import warm_up; warm_up(); "
    "print(time.perf_counter() - t)"
)


def positions(count: int) -> list[GameState]:
    """Positions of random games, 6 to 22 balls placed, their next ball drawn."""
    rng = random.Random(7)
    out = []
    while len(out) < count:
        state = GameState()
        stop = rng.randrange(6, 23)
        while not state.is_over and state.move_number < stop:
            state.draw(rng)
            state.apply_place(rng.choice(state.legal_cells()))
        if not state.is_over:
            state.draw(rng)
            out.append(state)
    return out


def nodes_per_second(states: list[GameState], depth: int, python: bool) -> tuple[float, list[list]]:
    """Nodes a CPU second of one search kind over ``states`` at ``depth``, and the values found."""
    nodes = 0
    values = []
    start = time.process_time()
    for state in states:
        search = Expectimax(state.rules, WinUtility(), quiescence=True) if python else new_search(
            state.rules, WinUtility(), quiescence=True)
        values.append(search.analyse(*root_args(state), depth))
        nodes += search.nodes
    return nodes / (time.process_time() - start), values


def start_seconds(cache: str) -> float:
    """Wall seconds of a fresh interpreter's first search (import, compile or cache read)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", START], env=env, capture_output=True, text=True, cwd=ROOT, check=True)
    return float(done.stdout.split()[-1])


def games_per_second(first: str, second: str, games: int) -> float:
    """Games a CPU second between two players (seats alternating), draws seeded."""
    start = time.process_time()
    for seed in range(games):
        players = [make_player(first, seed=seed), make_player(second, seed=seed + 1)]
        if seed % 2:
            players.reverse()
        rng = random.Random(seed)
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            state.apply_place(players[state.to_move - 1].choose(state))
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--games", type=int, default=300, help="lookahead v lookahead games (the expert plays a tenth)")
    parser.add_argument("--no-start", action="store_true", help="skip the compile and start figures")
    args = parser.parse_args()
    print(f"search: {kernel_path()}")
    if not args.no_start:
        with tempfile.TemporaryDirectory() as cache:
            first = start_seconds(cache)
            later = start_seconds(cache)
        print(f"start, first use (compiling): {first:.1f} s; later (numba's cache): {later:.1f} s")
    warm_up()
    states = positions(args.positions)
    python, expected = nodes_per_second(states, args.depth, python=True)
    start = time.process_time()
    nodes_per_second(states[:1], args.depth, python=False)
    print(f"first search of a thread (its memo block's pages touched): {time.process_time() - start:.3f} s CPU")
    kernel, found = nodes_per_second(states, args.depth, python=False)
    for a, b in zip(found, expected, strict=True):
        assert [c for c, _ in a] == [c for c, _ in b] and all(abs(x - y) <= 1e-9 for (_, x), (_, y) in zip(a, b, strict=True))
    print(f"nodes a second at depth {args.depth}, {len(states)} positions (values equal): "
          f"python {python:,.0f}, kernel {kernel:,.0f}: {kernel / python:.0f}x (target 30x)")
    tables = build_tables(states[0].rules, WinUtility())
    print(f"memory: tables {tables.nbytes / 1024:.0f} KiB a rule set; memo block {Memo().nbytes / 2**20:.0f} MiB "
          "(one a thread, one an expert and rule set)")
    rate = games_per_second("lookahead", "lookahead", args.games)
    print(f"lookahead v lookahead: {rate:.0f} games a second (target 300)")
    rate = games_per_second("expert", "lookahead", max(args.games // 10, 2))
    print(f"expert (default settings) v lookahead: {rate:.1f} games a second (target 5)")


if __name__ == "__main__":
    main()
