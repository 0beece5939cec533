"""Fit the learned leaf (research: bench/learned_leaf.py) on self-play positions.

Plays games between lookahead players (a small share of random moves for
variety), records every position where a player is about to draw with the
game's final result from that player's point of view, computes the leaf
features of :mod:`bench.learned_leaf` and fits one logistic model per
phase of the game (Newton's method, a ridge pulling towards the hand-made
leaf). Deterministic for a seed: the positions come from seeded games, the fit
has a fixed number of steps::

    python3 scripts/train_eval.py                       # bench/data/eval_weights.npz
    python3 scripts/train_eval.py --quick --out quick.npz   # the test fixture's run
    python3 scripts/train_eval.py --games 400 --positions positions.npz  # keep positions
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.learned_leaf import DATA, FEATURES, PHASES, LearnedEvaluation, leaf_features, phase_of  # noqa: E402
from spoker import GameState  # noqa: E402
from spoker.engine.rules import DEFAULT_RULES  # noqa: E402
from spoker.players.bitboard import pending_code, score_diff  # noqa: E402
from spoker.players.lookahead import LookaheadPlayer  # noqa: E402
from spoker.players.search import Expectimax, WinUtility  # noqa: E402
from spoker.runs.simulate import game_seeds  # noqa: E402

DEFAULT_GAMES = 6000
QUICK_GAMES = 12
EXPLORE = 0.05
"""Share of moves played at random, so positions a search meets off the
players' own paths are represented."""
RIDGE = 20.0
"""Pull of each weight towards the hand-made leaf (in log-likelihood units)."""
STEPS = 15

Position = tuple[int, int, int, int, int, int, int, int]
"""(m0, m1, m2, occupied, playable, challenge code, lead, result) for the
player about to draw; result +1 win, 0 draw, -1 loss."""


def play(seed: int, index: int) -> list[Position]:
    """One self-play game's positions."""
    draw_seed, seed_a, seed_b = game_seeds(seed, index)
    rng = random.Random(draw_seed)
    explore = random.Random(seed_a ^ seed_b)
    players = (LookaheadPlayer(seed_a), LookaheadPlayer(seed_b))
    state = GameState()
    rows: list[tuple[int, int, int, int, int, int, int, int]] = []
    while not state.is_over:
        m0, m1, m2 = state.masks
        rows.append((m0, m1, m2, state.occupied, state.playable_mask, pending_code(state),
                     score_diff(state), state.to_move))
        state.draw(rng)
        if explore.random() < EXPLORE:
            cell = explore.choice(state.legal_cells())
        else:
            cell = players[state.to_move - 1].choose(state)
        state.apply_place(cell)
    winner = state.winner
    return [
        (*row[:7], 0 if winner is None else 1 if winner == row[7] else -1)  # type: ignore[misc]
        for row in rows
    ]


def positions(games: int, seed: int) -> np.ndarray:
    out: list[Position] = []
    started = time.perf_counter()
    for index in range(games):
        out.extend(play(seed, index))
        if (index + 1) % 200 == 0:
            print(f"  {index + 1}/{games} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return np.array(out, dtype=np.int64).reshape(-1, 8)


def features(pos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(features, phase) of every position."""
    search = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True)
    feats = []
    phases = []
    for m0, m1, m2, occ, pl, chal, d, _ in pos.tolist():
        feats.append(leaf_features(search, m0, m1, m2, occ, pl, chal, d))
        phases.append(phase_of(occ.bit_count()))
    return np.array(feats, dtype=np.float64), np.array(phases, dtype=np.int64)


def fit_phase(x: np.ndarray, y: np.ndarray, prior: np.ndarray) -> np.ndarray:
    """Logistic regression with soft targets ``y`` in [0, 1] and a ridge
    towards ``prior``, by a fixed number of Newton steps."""
    w = prior.copy()
    ridge = RIDGE * np.eye(len(w))
    ridge[0, 0] = ridge[1, 1] = 1e-3 * RIDGE  # the biases are free
    for _ in range(STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + ridge @ (w - prior)
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        w = w - np.linalg.solve(hess, grad)
    return w


def fit(x: np.ndarray, phase: np.ndarray, result: np.ndarray) -> LearnedEvaluation:
    prior = LearnedEvaluation.identity().weights
    y = (result + 1) / 2.0
    weights = np.array(prior)
    for ph in range(PHASES):
        rows = phase == ph
        if rows.sum() > len(FEATURES):
            weights[ph] = fit_phase(x[rows], y[rows], prior[ph])
    return LearnedEvaluation(weights)


def log_loss(model: LearnedEvaluation, x: np.ndarray, phase: np.ndarray, result: np.ndarray) -> float:
    z = np.einsum("ij,ij->i", x, model.weights[phase])
    p = np.clip(1.0 / (1.0 + np.exp(-z)), 1e-9, 1 - 1e-9)
    y = (result + 1) / 2.0
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help=f"self-play games (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help=f"a short run of {QUICK_GAMES} games (the test fixture)")
    parser.add_argument("--out", type=Path, default=DATA / "eval_weights.npz")
    parser.add_argument("--positions", type=Path, default=None,
                        help="an .npz of positions: read it if it exists, else write it")
    args = parser.parse_args()
    games = args.games if args.games is not None else QUICK_GAMES if args.quick else DEFAULT_GAMES
    if args.positions is not None and args.positions.exists():
        with np.load(args.positions) as data:
            pos = data["positions"]
            games, args.seed = int(data["games"]), int(data["seed"])
    else:
        pos = positions(games, args.seed)
        if args.positions is not None:
            np.savez_compressed(args.positions, positions=pos, games=games, seed=args.seed)
    x, phase = features(pos)
    result = pos[:, 7].astype(np.float64)
    # every fifth position held out to report the fit, then the model refitted on all
    held = np.arange(len(pos)) % 5 == 0
    model = fit(x[~held], phase[~held], result[~held])
    base = LearnedEvaluation.identity()
    print(f"{len(pos)} positions; held-out log loss: hand-made leaf {log_loss(base, x[held], phase[held], result[held]):.4f}, "
          f"learned {log_loss(model, x[held], phase[held], result[held]):.4f}")
    model = fit(x, phase, result)
    model.save(args.out, games=np.int64(games), seed=np.int64(args.seed))
    print(f"weights written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
