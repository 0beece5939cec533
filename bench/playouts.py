"""Random playouts per second: the engine against the plain reference model.

Plays complete random games (draw a ball with the caller's ``random.Random``,
put it on a uniformly random playable cell, until the game ends; rules
``visible``) on one core, first through the engine's public API
(``GameState.draw`` / ``legal_cells`` / ``apply_place``), then with the slow,
plain model of ``tests/support/reference_rules.py``, and prints games per second for
each and their ratio. Both consume the generator the same way, so the same
seed plays the same games: the script checks that they end alike.

The machine may be shared, so the two models play the same short batches of
games back to back, timed in CPU time of this process, and the script prints
the medians over the batches (and the median of the two models' ratio on each
batch)::

    python3 bench/playouts.py                # about 20 s
    python3 bench/playouts.py --seconds 60 --seed 7
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker import GameState  # noqa: E402

TARGET_GAMES_PER_SECOND = 10_000
TARGET_RATIO = 20.0
BATCH = 10  # games per batch: some 7 ms in the reference model, 0.5 ms in the engine
REPEATS = 3  # each model plays each batch this often; its best time counts


def load_reference() -> ModuleType:
    """tests/support/reference_rules.py, imported by path (tests/ is no package)."""
    path = ROOT / "tests" / "support" / "reference_rules.py"
    spec = importlib.util.spec_from_file_location("reference_rules", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def engine_game(rng: random.Random) -> tuple[tuple[int, int], str]:
    """One random game through the public API: (final score, how it ended)."""
    state = GameState()
    while state.end is None:
        state.draw(rng)
        cells = state.legal_cells()
        state.apply_place(cells[int(rng.random() * len(cells))])
    return state.score, state.end


def reference_game_factory(reference: ModuleType) -> Callable[[random.Random], tuple[tuple[int, int], str]]:
    def reference_game(rng: random.Random) -> tuple[tuple[int, int], str]:
        game = reference.play_random_game(rng)
        return (game.scores[0], game.scores[1]), game.end

    return reference_game


def batch_time(play: Callable[[random.Random], object], games: int, seed: int, repeats: int) -> float:
    """CPU seconds to play the ``games`` games of ``seed`` (best of ``repeats``).

    CPU time of this process, not wall time: other programs on a shared
    machine then slow neither model down (beyond what they do to the caches)."""
    best = float("inf")
    for _ in range(repeats):
        rng = random.Random(seed)
        start = time.process_time()
        for _ in range(games):
            play(rng)
        best = min(best, time.process_time() - start)
    return best


def check_same_games(
    engine: Callable[[random.Random], object], reference: Callable[[random.Random], object], seed: int
) -> int:
    """Play 50 games with each from the same seed: they must end alike."""
    a, b = random.Random(seed), random.Random(seed)
    for n in range(50):
        mine, theirs = engine(a), reference(b)
        if mine != theirs:
            raise SystemExit(f"game {n + 1} of seed {seed}: engine {mine} but reference {theirs}")
    return 50


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="about how long to measure (default 20)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    reference_game = reference_game_factory(load_reference())
    checked = check_same_games(engine_game, reference_game, args.seed)
    print(f"same outcome in engine and reference for {checked} games of seed {args.seed}")
    # Batches of the same games for both models, back to back, so that both see
    # the same load; each plays a batch REPEATS times and its best time counts.
    engine_rates: list[float] = []
    reference_rates: list[float] = []
    ratios: list[float] = []
    deadline = time.perf_counter() + args.seconds
    batch = 0
    while time.perf_counter() < deadline or batch < 3:
        seed = args.seed + batch
        t_engine = batch_time(engine_game, BATCH, seed, REPEATS)
        t_reference = batch_time(reference_game, BATCH, seed, REPEATS)
        engine_rates.append(BATCH / t_engine)
        reference_rates.append(BATCH / t_reference)
        ratios.append(t_reference / t_engine)
        batch += 1
    e_median, r_median = statistics.median(engine_rates), statistics.median(reference_rates)
    e_top = statistics.quantiles(engine_rates, n=10)[-1]
    print(f"{batch} batches of the same {BATCH} games in both models (median over the batches)")
    print(f"engine:    {e_median:9,.0f} games/s (target {TARGET_GAMES_PER_SECOND:,}); "
          f"fastest tenth of the batches {e_top:,.0f}")
    print(f"reference: {r_median:9,.0f} games/s")
    print(f"ratio:     {statistics.median(ratios):9.1f}x (target {TARGET_RATIO:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
