"""The reinforcement-learning interfaces' speed, against the raw engine in the same run.

1. PettingZoo's own ``performance_benchmark`` on the wrapped AEC environment
   (``pettingzoo_env.env()``): turns per second over 5 s of wall time, as
   PettingZoo reports it, and converted to CPU time of this process (on a
   busy machine the wall-time figure mostly measures the other programs).
2. Our measure of the same loop (``last()``, a random legal action from the
   mask, ``step()``) in CPU time, for the wrapped and the raw environment,
   against random turns of the raw engine (``GameState.draw`` +
   ``apply_place``, no observation): turns/s and the engine's lead.
3. OpenSpiel: ``state.clone()`` of ``python_spoker`` mid-game, in µs, against
   the engine's ``GameState.copy()`` of the same position.

The machine may be shared: 2 and 3 time short batches back to back in CPU
time of this process and print medians over the batches::

    python3 bench/interop.py               # about 25 s
    python3 bench/interop.py --seconds 5 --skip-pettingzoo-benchmark
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from pettingzoo.test import performance_benchmark  # noqa: E402

import spoker.interop.openspiel_game  # noqa: E402,F401 (registers python_spoker)
from spoker import GameState  # noqa: E402
from spoker.interop import pettingzoo_env  # noqa: E402

TARGET_WRAPPED_TURNS = 20_000
TARGET_CLONE_US = 20.0
TURNS = 3_000  # turns a batch
CLONES = 20_000  # clones a batch


def pettingzoo_reported() -> tuple[float, float]:
    """Turns per second as PettingZoo's performance_benchmark prints them (wall
    time), and the same turns per second of this process's CPU time."""
    out = io.StringIO()
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        performance_benchmark(pettingzoo_env.env())
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    found = re.search(r"([0-9.]+) turns per second", out.getvalue())
    if found is None:
        raise SystemExit(f"performance_benchmark printed no turns per second: {out.getvalue()!r}")
    reported = float(found.group(1))
    return reported, reported * wall / cpu


def env_turns(env: Any, turns: int, seed: int) -> float:
    """CPU seconds for ``turns`` turns of performance_benchmark's loop."""
    pick = random.Random(seed)
    env.reset(seed=seed)
    start = time.process_time()
    done = 0
    while done < turns:
        for _ in env.agent_iter(env.num_agents):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = pick.choice(np.flatnonzero(obs["action_mask"]).tolist())
            env.step(action)
            done += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
    return time.process_time() - start


def engine_turns(turns: int, seed: int) -> float:
    """CPU seconds for ``turns`` random turns of the raw engine."""
    rng = random.Random(seed)
    state = GameState()
    start = time.process_time()
    for _ in range(turns):
        if state.end is not None:
            state = GameState()
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    return time.process_time() - start


def mid_game(seed: int) -> Any:
    """A python_spoker state after 15 random balls, a ball drawn."""
    game = pyspiel.load_game("python_spoker")
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.engine.move_number < 15 or state.is_chance_node():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def per_call_us(call: Callable[[], object], n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        call()
    return (time.process_time() - start) / n * 1e6


def median_report(label: str, values: list[float], unit: str, fmt: str = ",.0f") -> float:
    m = statistics.median(values)
    print(f"{label:<30} {m:>10{fmt}} {unit}")
    return m


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="about how long parts 2 and 3 measure (default 20)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--skip-pettingzoo-benchmark", action="store_true", help="leave out part 1 (5 s of wall time)"
    )
    args = parser.parse_args(argv)

    if not args.skip_pettingzoo_benchmark:
        reported, per_cpu = pettingzoo_reported()
        print(f"PettingZoo performance_benchmark, wrapped env(): {reported:,.0f} turns/s of wall time, "
              f"{per_cpu:,.0f} turns/s of CPU time (target {TARGET_WRAPPED_TURNS:,})")

    wrapped, raw = pettingzoo_env.env(), pettingzoo_env.raw_env()
    rates: dict[str, list[float]] = {"wrapped": [], "raw": [], "engine": []}
    leads: list[float] = []
    deadline = time.perf_counter() + args.seconds / 2
    batch = 0
    while time.perf_counter() < deadline or batch < 3:
        seed = args.seed + batch
        t_wrapped = env_turns(wrapped, TURNS, seed)
        t_raw = env_turns(raw, TURNS, seed)
        t_engine = engine_turns(TURNS, seed)
        rates["wrapped"].append(TURNS / t_wrapped)
        rates["raw"].append(TURNS / t_raw)
        rates["engine"].append(TURNS / t_engine)
        leads.append(t_wrapped / t_engine)
        batch += 1
    print(f"\nTurns per second, CPU time, median of {batch} batches of {TURNS:,} turns:")
    median_report("PettingZoo env() (wrapped)", rates["wrapped"], "turns/s")
    median_report("PettingZoo raw_env()", rates["raw"], "turns/s")
    median_report("engine (draw + apply_place)", rates["engine"], "turns/s")
    print(f"{'engine / wrapped':<30} {statistics.median(leads):>10.1f}x")

    state = mid_game(args.seed)
    engine = state.engine
    clones: list[float] = []
    copies: list[float] = []
    deadline = time.perf_counter() + args.seconds / 2
    batch = 0
    while time.perf_counter() < deadline or batch < 3:
        clones.append(per_call_us(state.clone, CLONES))
        copies.append(per_call_us(engine.copy, CLONES))
        batch += 1
    print(f"\nOpenSpiel python_spoker, mid-game ({engine.move_number} balls), median of {batch} "
          f"batches of {CLONES:,}:")
    clone = median_report("state.clone()", clones, f"us (target under {TARGET_CLONE_US:.0f})", ".2f")
    copy = median_report("GameState.copy()", copies, "us", ".2f")
    print(f"{'clone / copy':<30} {clone / copy:>10.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
