"""How long ``spoker analyse`` takes on a whole 30-move record, on one core.

Plays complete games between lookahead players (seeds 0, 1, ...; games
ended early by a straight flush are skipped, to time full records), then
times :func:`spoker.runs.analysis.analyse_record` at the given effort (default:
the command's) on each, in CPU time of this process. Target: a
whole record under 20 s at the default effort.

Two baselines are measured in the same run, so the figures can be read on any
machine:

- the plain exhaustive solver of ``tests/support/reference_solver.py`` on the
  placements with :data:`TAIL` balls left or fewer of the same records
  (every cell valued), against the analysis's exact search on the same
  placements (the values are checked to agree to 1e-6): the exact search's
  speed-up;
- 1000 random playouts through the engine: the machine's speed, so that a
  record's time can be given in playouts.

    python3 bench/analyse.py               # three records, about a minute
    python3 bench/analyse.py --records 5 --effort 50000
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker import GameState  # noqa: E402
from spoker.kernel import ENV, kernel_path, warm_up  # noqa: E402
from spoker.players import make_player  # noqa: E402
from spoker.records.record import GameRecord  # noqa: E402
from spoker.runs.analysis import DEFAULT_EFFORT, analyse_record, placement_values  # noqa: E402

TARGET_SECONDS = 20.0
TAIL = 6  # balls left at which the plain solver still takes well under a minute a record


def load_reference() -> ModuleType:
    """tests/support/reference_solver.py, imported by path (tests/ is no package)."""
    path = ROOT / "tests" / "support" / "reference_solver.py"
    spec = importlib.util.spec_from_file_location("reference_solver", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def full_records(count: int) -> list[tuple[int, GameRecord]]:
    """``count`` complete 30-move games between lookahead players, with their seeds."""
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        players = (make_player("lookahead", seed * 2 + 1), make_player("lookahead", seed * 2 + 2))
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            state.apply_place(players[state.to_move - 1].choose(state.copy()))
        if state.move_number == 30:
            out.append((seed, GameRecord.from_state(state)))
        seed += 1
    return out


def tail_states(record: GameRecord) -> list[GameState]:
    """The positions of the record's placements with TAIL balls left or fewer, ball drawn."""
    state = GameState(record.rules)
    out = []
    for move in record.moves:
        if 30 - state.move_number <= TAIL:
            drawn = state.copy()
            drawn.apply_draw(move.colour)
            out.append(drawn)
        state.apply_move(move)
    return out


def playouts_seconds(games: int = 1000) -> float:
    """CPU seconds for ``games`` random playouts through the engine."""
    rng = random.Random(0)
    start = time.process_time()
    for _ in range(games):
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            cells = state.legal_cells()
            state.apply_place(cells[int(rng.random() * len(cells))])
    return time.process_time() - start


def kernel_against_python(record: GameRecord, effort: int) -> None:
    """One record with luck (as ``spoker analyse`` does) by the search in use
    and by the Python reference (``SPOKER_KERNEL=python``), in one run."""
    print(f"search in use: {kernel_path()}")
    warm_up()  # the compile (or numba's cache read) is bench/search.py's figure, not the analysis's
    start = time.process_time()
    analyse_record(record, effort=effort, luck=True)
    kernel = time.process_time() - start
    os.environ[ENV] = "python"
    try:
        start = time.process_time()
        analyse_record(record, effort=effort, luck=True)
        python = time.process_time() - start
    finally:
        del os.environ[ENV]
    print(f"record with luck: kernel {kernel:.2f} s, python {python:.2f} s CPU: "
          f"{python / kernel:.1f}x (target 15x)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=3, help="records to analyse (default 3)")
    parser.add_argument("--effort", type=int, default=DEFAULT_EFFORT, help="analysis effort")
    args = parser.parse_args()
    reference = load_reference()
    playouts = playouts_seconds()
    print(f"machine: 1000 random playouts in {playouts:.2f} s CPU")
    times = []
    luck_times = []
    solver_time = exact_time = 0.0
    for seed, record in full_records(args.records):
        start = time.process_time()
        analysis = analyse_record(record, effort=args.effort)
        spent = time.process_time() - start
        times.append(spent)
        exact_from = next((m.n for m in analysis.moves if m.exact), None)
        print(f"record of seed {seed}: {spent:.2f} s CPU at effort {args.effort} "
              f"({spent / playouts * 1000:.0f} playouts); exact from move {exact_from}")
        start = time.process_time()
        analyse_record(record, effort=args.effort, luck=True)  # as spoker analyse does: each draw judged too
        luck_times.append(time.process_time() - start)
        print(f"  with luck: {luck_times[-1]:.2f} s CPU ({luck_times[-1] / spent:.2f}x the placements alone)")
        for state in tail_states(record):
            start = time.process_time()
            found = placement_values(state, args.effort, prune=False)
            exact_time += time.process_time() - start
            start = time.process_time()
            solver = reference.ReferenceSolver()
            truth = {c: solver.placement_value(state, c) for c in state.legal_cells()}
            solver_time += time.process_time() - start
            assert found.exact and all(abs(found.values[c] - v) <= 1e-6 for c, v in truth.items())
    worst = max(times)
    print(f"whole record: median {statistics.median(times):.2f} s, worst {worst:.2f} s CPU "
          f"(target < {TARGET_SECONDS:.0f} s: {'met' if worst < TARGET_SECONDS else 'MISSED'})")
    luck_worst = max(luck_times)
    print(f"whole record with luck (spoker analyse): median {statistics.median(luck_times):.2f} s, "
          f"worst {luck_worst:.2f} s CPU (target < {TARGET_SECONDS:.0f} s: "
          f"{'met' if luck_worst < TARGET_SECONDS else 'MISSED'})")
    print(f"exact search, placements with {TAIL} balls left or fewer: {exact_time:.3f} s; "
          f"plain solver: {solver_time:.2f} s; ratio {solver_time / max(exact_time, 1e-9):.0f}x "
          "(values agree to 1e-6)")
    kernel_against_python(full_records(args.records)[0][1], args.effort)
    return 0 if worst < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
