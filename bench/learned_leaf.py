"""The learned leaf: a search leaf's expected game result, fitted on self-play.

Research code, not the product: it did not play measurably stronger than the
hand-made leaf (docs/players.md, "How they work", 6.). It plugs into the
expert through :class:`bench.leaves.ResearchSearch` (``bench/ladder.py
--expert evaluation=learned``).

The expert's search stops at a *leaf*, a position whose player is about to
draw. The hand-made leaf value (:meth:`spoker.players.search.Expectimax.leaf_terms`
with quiescence: the lead plus the best challenge each colour could open,
judged on the board, turned into a result through a normal spread) ignores
who moves when, and what the board offers next. This module corrects it with
a logistic model fitted on self-play positions (``scripts/train_eval.py``):

    value = tanh(z / 2),  z = sum_k w[phase, k] * feature_k

``value`` is the expected result for the player about to draw (+1 win, 0 draw,
-1 loss), ``phase`` the stage of the game (balls placed // 5), and the
features (:data:`FEATURES`) are the hand-made leaf as a log-odds, the lead, the
immediate exchange, whether the mover is the second player and whether it
answers a challenge. (Counts of open lines and pyramids, by colour share and
balls held, were tried and predicted nothing more: docs/players.md.) With the weight of ``base`` 1 and the others 0 the model
is the hand-made leaf, which is where the fit starts.

The fitted weights are ``bench/data/eval_weights.npz``.
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from spoker.players.search import Expectimax
from spoker.records.files import write_bytes_atomic

FEATURES: tuple[str, ...] = (
    "bias",        # 1
    "second",      # 1 when the player about to draw is the second player (balls placed is odd)
    "base",        # the hand-made leaf value as log-odds: 2 atanh(v), v clipped to +-0.995
    "lead",        # score of the mover minus the opponent's, over sqrt(31 - placed)
    "immediate",   # expected net points of the mover's coming placement (challenge or response)
    "sf_now",      # chance that the mover's ball makes a straight flush now
    "responding",  # 1 when the mover answers a challenge
)
PHASES = 6
"""Stages of the game, each with its own weights: balls placed // 5."""

BASE_CLIP = 0.995

WEIGHTS_FILE = "eval_weights.npz"
DATA = Path(__file__).resolve().parent / "data"
"""Where the fitted weights files are kept."""


class EvaluationError(ValueError):
    """A weights file that is missing, damaged or of the wrong shape."""


def phase_of(placed: int) -> int:
    return min(placed // 5, PHASES - 1)


def leaf_features(
    search: Expectimax, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int
) -> list[float]:
    """The features (:data:`FEATURES`) of a leaf: the player about to draw
    has lead ``d`` and answers challenge ``chal`` (0: none)."""
    base, immediate, sf_now = search.leaf_terms(m0, m1, m2, occ, pl, chal, d)
    placed = occ.bit_count()
    v = min(max(base, -BASE_CLIP), BASE_CLIP)
    return [
        1.0,
        float(placed & 1),
        2.0 * math.atanh(v),
        d / math.sqrt(31 - placed),
        immediate,
        sf_now,
        1.0 if chal else 0.0,
    ]


class LearnedEvaluation:
    """The fitted model: ``weights[phase]`` dotted with a leaf's features.
    A leaf of :class:`bench.leaves.ResearchSearch` (:attr:`gate`, :meth:`leaf_value`)."""

    gate = 0
    """It judges every leaf."""

    def __init__(self, weights: np.ndarray) -> None:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.shape != (PHASES, len(FEATURES)) or not np.all(np.isfinite(weights)):
            raise EvaluationError(
                f"evaluation weights of shape {weights.shape}: expected {(PHASES, len(FEATURES))}, all finite"
            )
        self.weights = weights
        self._rows = tuple(tuple(float(w) for w in row) for row in weights)

    @classmethod
    def identity(cls) -> LearnedEvaluation:
        """The model equal to the hand-made leaf (where fitting starts)."""
        w = np.zeros((PHASES, len(FEATURES)))
        w[:, FEATURES.index("base")] = 1.0
        return cls(w)

    def value(self, features: list[float], placed: int) -> float:
        """Expected result for the player about to draw."""
        z = 0.0
        for w, f in zip(self._rows[phase_of(placed)], features):
            z += w * f
        return math.tanh(0.5 * z)

    def leaf_value(
        self, search: Expectimax, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int
    ) -> float:
        """Expected result for the player about to draw at a leaf of ``search``."""
        return self.value(leaf_features(search, m0, m1, m2, occ, pl, chal, d), occ.bit_count())

    def save(self, path: Path, **meta: object) -> None:
        save_arrays(path, {"weights": self.weights, "features": np.array(FEATURES), **meta})


def save_arrays(path: Path, arrays: dict[str, object], compressed: bool = False) -> None:
    """``np.savez`` (``.npz`` added to the name as numpy does), written whole
    or not at all: a full disk or a kill leaves no torn weights file."""
    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **arrays)  # type: ignore[arg-type]
    name = str(path)
    write_bytes_atomic(name if name.endswith(".npz") else name + ".npz", buffer.getvalue())


@contextlib.contextmanager
def open_weights(path: Path | None, filename: str) -> Iterator[Any]:
    """The arrays of the weights file ``path``, or of the fitted ``filename``
    (:data:`DATA`); read them inside the block."""
    with np.load(DATA / filename if path is None else path, allow_pickle=False) as data:
        yield data


def load_weights(path: Path | None = None) -> LearnedEvaluation:
    """The fitted weights (or those in ``path``); a bad file raises
    :class:`EvaluationError` naming it."""
    try:
        with open_weights(path, WEIGHTS_FILE) as data:
            weights, names = data["weights"], data["features"]
    except (OSError, KeyError, ValueError) as exc:
        raise EvaluationError(f"cannot read evaluation weights {str(path or WEIGHTS_FILE)!r}: {exc}") from None
    if tuple(str(n) for n in names) != FEATURES:
        raise EvaluationError(f"evaluation weights {str(path or WEIGHTS_FILE)!r} are for other features")
    return LearnedEvaluation(weights)


@functools.cache
def fitted() -> LearnedEvaluation:
    """The fitted weights of :data:`DATA`, loaded once."""
    return load_weights()
