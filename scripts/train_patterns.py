"""Fit the pattern leaf (research: :mod:`bench.pattern_leaf`).

Stage by stage, latest first:

1. positions from seeded games between lookahead players (a share of random
   moves, so that the positions a search meets off the beaten path are
   there too), stopped with 20 to 24 balls placed, each valued *exactly*
   (exhaustive expectimax over every later draw and placement);
2. positions with 15 to 19 balls placed, each valued by a search whose
   leaves (20 balls placed) the first stage judges.

Each stage is fitted by Gauss-Newton on the squared error of tanh(z / 2), a
ridge pulling the pattern weights to 0 and the globals to the hand-made leaf,
a fixed number of steps: the same seed gives the same weights::

    python3 scripts/train_patterns.py --workers 2          # bench/data/pattern_weights.npz
    python3 scripts/train_patterns.py --quick --out q.npz  # the test fixture's run
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.learned_leaf import DATA, leaf_features  # noqa: E402
from bench.leaves import ResearchSearch  # noqa: E402
from bench.openings import opening_parity  # noqa: E402
from bench.pattern_leaf import GLOBALS, PatternEvaluation, Stage, keys  # noqa: E402
from spoker import GameState  # noqa: E402
from spoker.engine.rules import DEFAULT_RULES  # noqa: E402
from spoker.players.bitboard import pending_code, score_diff  # noqa: E402
from spoker.players.lookahead import LookaheadPlayer  # noqa: E402
from spoker.players.search import Expectimax, WinUtility  # noqa: E402
from spoker.runs.workers import process_pool  # noqa: E402

# (gate, balls placed in the positions, positions): latest stage first; the
# first is valued exactly, each later one by searching to the previous gate.
FULL_PLAN = ((20, (20, 24), 5000), (15, (15, 19), 2500))
QUICK_PLAN = ((24, (24, 26), 40), (22, (22, 23), 20))
EXPLORE = (0.0, 0.15, 0.3)
"""Shares of random moves; each game takes one."""
RIDGE = 1.0
STEPS = 30
CHUNK = 50
Sample = tuple[list[float], list[int], float, tuple[int, int, int, int, int]]
"""Globals, pattern keys, value, and the board (masks, occupancy, playable)."""


def _position(rng: random.Random, placed: tuple[int, int]) -> GameState | None:
    a, b = LookaheadPlayer(rng.randrange(1 << 30)), LookaheadPlayer(rng.randrange(1 << 30))
    want = rng.randint(*placed)
    explore = rng.choice(EXPLORE)
    state = GameState()
    while not state.is_over and state.move_number < want:
        state.draw(rng)
        player = a if state.to_move == 1 else b
        state.apply_place(rng.choice(state.legal_cells()) if rng.random() < explore else player.choose(state))
    return None if state.is_over else state


def _chunk(job: tuple[int, int, tuple[int, int], int, list[Stage]]) -> list[Sample]:
    """``count`` positions of one chunk, valued: exactly without ``later``
    stages, else by a search to the latest one's gate."""
    seed, chunk, placed, count, later = job
    rng = random.Random(seed * 1_000_003 + chunk)
    model = PatternEvaluation(later) if later else None
    probe = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True)  # the leaf's features
    out: list[Sample] = []
    while len(out) < count:
        state = _position(rng, placed)
        if state is None:
            continue
        m0, m1, m2 = state.masks
        occ, pl, chal, d = state.occupied, state.playable_mask, pending_code(state), score_diff(state)
        n = occ.bit_count()
        if model is None:
            value = Expectimax(state.rules, WinUtility()).chance(m0, m1, m2, occ, pl, chal, d, 30 - n)
        else:
            search = ResearchSearch(state.rules, WinUtility(), quiescence=True, leaf=model)
            value = search.chance(m0, m1, m2, occ, pl, chal, d, max(1, model.gate - n))
        g = leaf_features(probe, m0, m1, m2, occ, pl, chal, d) + [float(opening_parity(occ, pl))]
        out.append((g, keys(m0, m1, m2, occ, pl), value, (m0, m1, m2, occ, pl)))
    return out


def fit(samples: list[Sample], gate: int) -> Stage:
    """Least squares on tanh(z / 2) by Gauss-Newton, ridge-regularised."""
    vocab = sorted({k for _, ks, _, _ in samples for k in ks})
    index = {k: i for i, k in enumerate(vocab)}
    ng, nk = len(GLOBALS), len(vocab)
    x = np.zeros((len(samples), ng + 2 * nk))
    y = np.array([v for _, _, v, _ in samples])
    par_col = GLOBALS.index("parity")
    for row, (g, ks, _, _) in enumerate(samples):
        x[row, :ng] = g
        for k in ks:
            x[row, ng + index[k]] += 1.0
            x[row, ng + nk + index[k]] += g[par_col]
    free = np.ones(ng + 2 * nk, dtype=bool)
    free[[GLOBALS.index("bias"), GLOBALS.index("second")]] = False  # the seat: the same at every leaf of a search
    prior = np.zeros(ng + 2 * nk)
    prior[GLOBALS.index("base")] = 1.0
    ridge = np.full(ng + 2 * nk, RIDGE)
    ridge[:ng] = 1e-3
    a, w, r, p = x[:, free], prior[free].copy(), ridge[free], prior[free]
    for _ in range(STEPS):
        t = np.tanh(0.5 * (a @ w))
        j = a * (0.5 * (1.0 - t * t))[:, None]
        w -= np.linalg.solve(j.T @ j + np.diag(r), j.T @ (t - y) + r * (w - p))
    full = prior.copy()
    full[free] = w
    return Stage(gate, tuple(float(v) for v in full[:ng]), tuple(vocab),
                 tuple(float(v) for v in full[ng:ng + nk]), tuple(float(v) for v in full[ng + nk:]))


def rmse(stage: Stage, samples: list[Sample]) -> tuple[float, float]:
    """Root mean square error of the stage (as the search computes it) and of
    the hand-made leaf."""
    err = hand = 0.0
    base = GLOBALS.index("base")
    for g, _, v, board in samples:
        err += (math.tanh(0.5 * stage.z(g[:-1], *board)) - v) ** 2
        hand += (math.tanh(0.5 * g[base]) - v) ** 2
    return math.sqrt(err / len(samples)), math.sqrt(hand / len(samples))


def train(plan: tuple[tuple[int, tuple[int, int], int], ...], seed: int, workers: int, log: bool = True) -> PatternEvaluation:
    stages: list[Stage] = []
    for number, (gate, placed, count) in enumerate(plan):
        start = time.time()
        jobs = [(seed + 7919 * number, c, placed, min(CHUNK, count - c * CHUNK), list(stages))
                for c in range(math.ceil(count / CHUNK))]
        if workers > 1:
            with process_pool(workers) as pool:  # ignore Ctrl-C, die with this process
                parts = list(pool.map(_chunk, jobs))
        else:
            parts = [_chunk(job) for job in jobs]
        samples = [s for part in parts for s in part]
        held = [s for i, s in enumerate(samples) if i % 5 == 0]
        check = fit([s for i, s in enumerate(samples) if i % 5], gate)
        stage = fit(samples, gate)
        stages.append(stage)
        if log:
            err, hand = rmse(check, held)
            print(f"stage {gate}+: {len(samples)} positions with {placed[0]} to {placed[1]} balls placed, "
                  f"{len(stage.keys)} pattern keys; held-out error {err:.3f} (hand-made leaf {hand:.3f}); "
                  f"{time.time() - start:.0f} s", flush=True)
    return PatternEvaluation(stages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the short run the tests reproduce")
    parser.add_argument("--out", type=Path, default=DATA / "pattern_weights.npz")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error(f"--workers {args.workers}: expected at least 1")
    plan = QUICK_PLAN if args.quick else FULL_PLAN
    model = train(plan, args.seed, args.workers, log=not args.quick)
    model.save(args.out, seed=np.array(args.seed), plan=np.array([[g, lo, hi, n] for g, (lo, hi), n in plan]))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("interrupted: no weights written", file=sys.stderr)
        sys.exit(130)
