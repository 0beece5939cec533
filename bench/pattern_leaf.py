"""The pattern leaf: the expected game result fitted on exact end-game values.

Research code, not the product: it chose better against the exact solution
and did not play better (docs/players.md, "The pattern leaf"). It plugs into
the expert through :class:`bench.leaves.ResearchSearch` (``bench/ladder.py
--expert evaluation=patterns``, ``bench/exact_loss.py``).

The hand-made leaf judges the coming placement; it cannot see the race for the
upper levels (a level-3 cell opens only when its four supports are filled, and
its first ball goes to the opener's opponent) or what the shapes already
begun could become. This model adds, for the player about to draw:

- for every straight line and five-ball pyramid not yet complete, a weight
  for its *configuration*: each cell empty and playable, empty and closed, or
  holding a colour, the colours named in order of appearance (a colour-blind
  key: ``WWB`` and ``RRW`` are the same shape);
- a weight for the occupancy of levels 2 and 3 together with the parity of
  the balls placed (who fills the next supporting cell);
- each of these weights again times the *parity* of the forced opening
  (:func:`bench.openings.opening_parity`: +1 when the opponent must open
  a new cell first, -1 when the mover must, 0 when nothing is closed);
- the hand-made leaf's features (:mod:`bench.learned_leaf`).

``value = tanh(z / 2)``, ``z`` the sum of the weights that apply. A model has
*stages*: one set of weights for leaves with at least ``gate`` balls placed,
tried from the latest stage down; below the lowest gate the hand-made leaf
judges. ``scripts/train_patterns.py`` fits the stages: the latest on exact
values (exhaustive expectimax to the end of the game), the earlier ones on
searches whose leaves reach the later stage. The fitted weights are
``bench/data/pattern_weights.npz``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bench.learned_leaf import EvaluationError, leaf_features, open_weights, save_arrays
from bench.openings import opening_parity
from shibumi import geometry
from spoker.players.search import Expectimax

GLOBALS: tuple[str, ...] = (
    "bias", "second", "base", "lead", "immediate", "sf_now", "responding", "parity",
)
"""The global features: those of :data:`bench.learned_leaf.FEATURES`,
then the forced-opening parity."""

WEIGHTS_FILE = "pattern_weights.npz"

_UPPER_SHIFT = 16  # levels 2 and 3: cells 16 to 28
_UPPER_BITS = 0x1FFF
OCC_BASE = 1 << 20
"""Keys at or above it are occupancy keys; below, shape keys."""
CONFIGS = 5**5
"""Shape keys: class * CONFIGS + canonical configuration."""


def _level(cell: int) -> int:
    return 1 if cell < 16 else 2 if cell < 25 else 3 if cell < 29 else 4


Shape = tuple[int, tuple[int, ...], int, tuple[tuple[int, int], ...]]
"""A shape: its class, its cells, their mask, and (bit, 5**i) per cell (the
digits of its raw code: 0 empty and playable, 1 empty and closed, 2 + colour)."""


def _shapes() -> tuple[tuple[Shape, ...], tuple[tuple[str, ...], ...]]:
    """Every line and pyramid, with its class (kind and levels): shapes of one
    class share weights."""
    raw = []
    for kind, group in (("line", geometry.LINES3), ("line", geometry.LINES4), ("pyramid", geometry.PYRAMIDS)):
        for shape in group:
            cells = tuple(int(c) for c in shape)
            raw.append(((kind, *(str(lv) for lv in sorted(_level(c) for c in cells))), cells))
    classes = tuple(sorted({cls for cls, _ in raw}))
    shapes = tuple(
        (classes.index(cls), cells, sum(1 << c for c in cells), tuple((1 << c, 5**i) for i, c in enumerate(cells)))
        for cls, cells in raw
    )
    return shapes, classes


SHAPES, CLASSES = _shapes()


def canonical(states: Sequence[int]) -> int:
    """The colour-blind code of a shape's cell states (colours renamed in
    order of appearance), or -1 for a complete shape (nothing left to form)."""
    names: dict[int, int] = {}
    code = 0
    empty = False
    for i, st in enumerate(states):
        if st < 2:
            empty = True
            digit = st
        else:
            digit = names.setdefault(st, 2 + len(names))
        code += digit * 5**i
    return code if empty else -1


def _canon_table(n: int) -> tuple[int, ...]:
    """canonical() of every raw code (sum of state * 5**i) of n cells."""
    return tuple(canonical([(raw // 5**i) % 5 for i in range(n)]) for raw in range(5**n))


CANON = {n: _canon_table(n) for n in (3, 4, 5)}


def occupancy_key(occ: int) -> int:
    return OCC_BASE + ((occ >> _UPPER_SHIFT) & _UPPER_BITS) * 2 + (occ.bit_count() & 1)


def _raw(digits: tuple[tuple[int, int], ...], m0: int, m1: int, m2: int, occ: int, pl: int) -> int:
    """A shape's raw code on this board (``digits``: its (bit, 5**i) pairs)."""
    raw = 0
    for bit, power in digits:
        if occ & bit:
            raw += power * (2 if m0 & bit else 3 if m1 & bit else 4)
        elif not pl & bit:
            raw += power
    return raw


def keys(m0: int, m1: int, m2: int, occ: int, pl: int) -> list[int]:
    """The pattern keys that apply to a position: one per incomplete shape, and
    its occupancy key (for fitting; :class:`Stage` uses tables)."""
    out = []
    for cls, cells, mask, digits in SHAPES:
        if occ & mask != mask:
            out.append(cls * CONFIGS + CANON[len(cells)][_raw(digits, m0, m1, m2, occ, pl)])
    out.append(occupancy_key(occ))
    return out


@dataclass(frozen=True)
class Stage:
    """The weights of leaves with at least ``gate`` balls placed: ``globals``
    by :data:`GLOBALS`; for each key of ``keys`` a plain weight and a weight
    times the parity."""

    gate: int
    globals: tuple[float, ...]
    keys: tuple[int, ...]
    plain: tuple[float, ...]
    times_parity: tuple[float, ...]

    _tables: tuple[tuple[int, tuple[tuple[int, int], ...], tuple[tuple[float, float], ...]], ...] = field(
        init=False, repr=False, compare=False)
    _occ: dict[int, tuple[float, float]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.keys)
        values = (*self.globals, *self.plain, *self.times_parity)
        if (len(self.globals) != len(GLOBALS) or len(self.plain) != n or len(self.times_parity) != n
                or not 0 <= self.gate <= 30 or not all(math.isfinite(v) for v in values)
                or any(k < 0 for k in self.keys)):
            raise EvaluationError(f"pattern stage for {self.gate} balls placed: shapes or values do not fit")
        weights = dict(zip(self.keys, zip(self.plain, self.times_parity)))
        zero = (0.0, 0.0)
        # Per shape, the weights by raw code: no renaming of colours at a leaf.
        tables = tuple(
            (mask, digits, tuple(weights.get(cls * CONFIGS + c, zero) if c >= 0 else zero for c in CANON[len(cells)]))
            for cls, cells, mask, digits in SHAPES
        )
        object.__setattr__(self, "_tables", tables)
        object.__setattr__(self, "_occ", {k: w for k, w in weights.items() if k >= OCC_BASE})

    def z(self, features: Sequence[float], m0: int, m1: int, m2: int, occ: int, pl: int) -> float:
        """The log-odds: ``features`` are the leaf's evaluation features."""
        par = opening_parity(occ, pl)
        z = par * self.globals[-1]
        for w, f in zip(self.globals, features):
            z += w * f
        plain = times = 0.0
        for mask, digits, table in self._tables:
            if occ & mask != mask:  # complete shapes have nothing left to form
                a, b = table[_raw(digits, m0, m1, m2, occ, pl)]
                plain += a
                times += b
        a, b = self._occ.get(occupancy_key(occ), (0.0, 0.0))
        return z + plain + a + par * (times + b)


class PatternEvaluation:
    """The staged pattern model (see the module doc). A leaf of
    :class:`bench.leaves.ResearchSearch` (:attr:`gate`, :meth:`leaf_value`)."""

    def __init__(self, stages: Sequence[Stage]) -> None:
        self.stages = tuple(sorted(stages, key=lambda s: -s.gate))
        self.gate = min((s.gate for s in self.stages), default=31)

    def leaf_value(
        self, search: Expectimax, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int
    ) -> float:
        """Expected result for the player about to draw, by the latest stage
        whose gate the leaf has reached (at least :attr:`gate` balls placed)."""
        placed = occ.bit_count()
        stage = next(s for s in self.stages if placed >= s.gate)
        features = leaf_features(search, m0, m1, m2, occ, pl, chal, d)
        return math.tanh(0.5 * stage.z(features, m0, m1, m2, occ, pl))

    def save(self, path: Path, **meta: object) -> None:
        arrays: dict[str, object] = {"globals_names": np.array(GLOBALS), "gates": np.array([s.gate for s in self.stages])}
        for i, s in enumerate(self.stages):
            arrays[f"globals{i}"] = np.array(s.globals)
            arrays[f"keys{i}"] = np.array(s.keys, dtype=np.int64)
            arrays[f"plain{i}"] = np.array(s.plain)
            arrays[f"parity{i}"] = np.array(s.times_parity)
        save_arrays(path, {**arrays, **meta}, compressed=True)


def _stages(data: Any) -> list[Stage]:
    """The stages of an open weights file (an NpzFile)."""
    if tuple(str(n) for n in data["globals_names"]) != GLOBALS:
        raise ValueError("the weights are for other features")
    return [
        Stage(
            int(gate),
            tuple(float(v) for v in data[f"globals{i}"]),
            tuple(int(v) for v in data[f"keys{i}"]),
            tuple(float(v) for v in data[f"plain{i}"]),
            tuple(float(v) for v in data[f"parity{i}"]),
        )
        for i, gate in enumerate(data["gates"])
    ]


def load_patterns(path: Path | None = None) -> PatternEvaluation:
    """The fitted pattern weights (or those in ``path``); a bad file raises
    :class:`~bench.learned_leaf.EvaluationError` naming it."""
    name = str(path or WEIGHTS_FILE)
    try:
        with open_weights(path, WEIGHTS_FILE) as data:
            stages = _stages(data)
    except EvaluationError as exc:
        raise EvaluationError(f"pattern weights {name!r}: {exc}") from None
    except (OSError, KeyError, ValueError, TypeError, EOFError) as exc:
        raise EvaluationError(f"cannot read pattern weights {name!r}: {exc}") from None
    return PatternEvaluation(stages)


@functools.cache
def fitted_patterns() -> PatternEvaluation:
    """The fitted pattern model of ``bench/data``, loaded once."""
    return load_patterns()
