"""bench/pattern_leaf.py, the pattern leaf (research): its colour-blind keys, its weights file, its place in the search."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import games
from support.training import DATA, run_quick

from bench.ladder import make_expert
from bench.learned_leaf import EvaluationError
from bench.leaves import ResearchSearch
from bench.pattern_leaf import (
    CANON,
    GLOBALS,
    SHAPES,
    PatternEvaluation,
    Stage,
    canonical,
    fitted_patterns,
    keys,
    load_patterns,
)
from spoker import GameState, parse_state
from spoker.engine.rules import DEFAULT_RULES
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax, WinUtility

QUICK_FIXTURE = DATA / "pattern_weights_quick.npz"
W, B, R = 2, 3, 4  # cell states of the colours; 0 empty and playable, 1 empty and closed


@pytest.mark.parametrize(
    ("states", "same_as", "reason"),
    [
        ((W, W, 0), (R, R, 0), "two of a colour and a playable gap, whichever the colour"),
        ((W, B, 1), (B, R, 1), "two colours and a closed gap"),
        ((0, W, W, B, 1), (0, R, R, W, 1), "a pyramid's platform begun"),
    ],
)
def test_keys_are_colour_blind(states: tuple[int, ...], same_as: tuple[int, ...], reason: str) -> None:
    assert canonical(states) == canonical(same_as), reason


@pytest.mark.parametrize(
    ("states", "other", "reason"),
    [
        ((W, W, 0), (W, B, 0), "a pair is not two colours"),
        ((W, W, 0), (W, W, 1), "a playable gap is not a closed one"),
        ((W, 0, W), (W, W, 0), "where the gap is matters"),
    ],
)
def test_keys_tell_shapes_apart(states: tuple[int, ...], other: tuple[int, ...], reason: str) -> None:
    assert canonical(states) != canonical(other), reason


def test_a_complete_shape_has_no_key() -> None:
    # Nothing is left to form there: its group, if any, was judged when it formed.
    assert canonical((W, B, R)) == -1
    assert all(CANON[n][raw] == canonical([(raw // 5**i) % 5 for i in range(n)]) for n in (3, 4) for raw in range(5**n))


def test_every_line_and_pyramid_is_a_shape() -> None:
    assert len(SHAPES) == 42 + 12 + 14
    assert sorted({len(cells) for _, cells, _, _ in SHAPES}) == [3, 4, 5]


def _swap(state: GameState, perm: tuple[int, int, int]) -> tuple[int, int, int]:
    masks = state.masks
    out = [0, 0, 0]
    for colour, mask in enumerate(masks):
        out[perm[colour]] = mask
    return out[0], out[1], out[2]


@settings(max_examples=40, deadline=None)
@given(state=games(max_moves=29, rules=DEFAULT_RULES), perm=st.sampled_from(list(itertools.permutations(range(3)))))
def test_the_leaf_does_not_depend_on_the_names_of_the_colours(state: GameState, perm: tuple[int, int, int]) -> None:
    # Renaming the colours on the board and in the bag alike changes nothing
    # a player could use: the keys and the leaf's value stay the same.
    if state.is_over:
        return
    model = load_patterns(QUICK_FIXTURE)
    model = PatternEvaluation([Stage(0, s.globals, s.keys, s.plain, s.times_parity) for s in model.stages[:1]])
    m0, m1, m2 = state.masks
    n0, n1, n2 = _swap(state, perm)
    occ, pl = state.occupied, state.playable_mask
    assert sorted(keys(m0, m1, m2, occ, pl)) == sorted(keys(n0, n1, n2, occ, pl))
    search = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True)
    a = model.leaf_value(search, m0, m1, m2, occ, pl, 0, 0)
    b = model.leaf_value(search, n0, n1, n2, occ, pl, 0, 0)
    assert a is not None and b is not None
    assert a == pytest.approx(b, abs=1e-12)


def test_below_the_lowest_gate_the_hand_made_leaf_judges() -> None:
    state = parse_state("WBBBRWBWRBWWRWBR/.B...RB../..../. 2 3-3 - W * visible")
    model = load_patterns(QUICK_FIXTURE)  # gates 24 and 22: past this position's leaves
    assert model.gate == 22
    plain = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True).analyse(*root_args(state), 2)
    with_model = ResearchSearch(DEFAULT_RULES, WinUtility(), quiescence=True, leaf=model).analyse(*root_args(state), 2)
    assert plain == with_model


def test_past_the_gate_the_model_judges() -> None:
    state = parse_state("WBBBRWBWRBWWRWBR/.B...RB../..../. 2 3-3 - W * visible")
    model = fitted_patterns()
    assert [s.gate for s in model.stages] == [20, 15]
    plain = dict(Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True).analyse(*root_args(state), 2))
    fitted = dict(ResearchSearch(DEFAULT_RULES, WinUtility(), quiescence=True, leaf=model).analyse(*root_args(state), 2))
    assert plain.keys() == fitted.keys()
    assert plain != fitted
    assert all(-1.0 <= v <= 1.0 for v in fitted.values())


def test_the_expert_plays_with_the_pattern_leaf() -> None:
    state = parse_state("WBBBRWBWRBWWRWBR/.B...RB../..../. 2 3-3 - W * visible")
    player = make_expert(1, {"evaluation": "patterns", "effort": 5000})
    assert player.choose(state) in state.legal_cells()
    with pytest.raises(ValueError, match="patterns evaluation needs"):
        make_expert(1, {"evaluation": "patterns", "utility": "score"})


def _stage_arrays(globals_: np.ndarray) -> dict[str, np.ndarray]:
    return {"globals_names": np.array(GLOBALS), "gates": np.array([20]), "globals0": globals_,
            "keys0": np.zeros(0, dtype=np.int64), "plain0": np.zeros(0), "parity0": np.zeros(0)}


BAD_FILES = [
    (b"not a zip file", None, "cannot read", "not a weights file at all"),
    (None, {"globals_names": np.array(["x"]), "gates": np.array([20])}, "other features", "another model's features"),
    (None, _stage_arrays(np.zeros(3)), "do not fit", "too few global weights"),
    (None, _stage_arrays(np.full(len(GLOBALS), np.nan)), "do not fit", "a weight that is not a number"),
    (None, {"globals_names": np.array(GLOBALS), "gates": np.array([20])}, "cannot read", "a stage's arrays missing"),
]


@pytest.mark.parametrize(("raw", "arrays", "match", "reason"), BAD_FILES, ids=[case[-1] for case in BAD_FILES])
def test_a_bad_weights_file_is_an_error_naming_it(
    tmp_path: Path, raw: bytes | None, arrays: dict[str, np.ndarray] | None, match: str, reason: str
) -> None:
    path = tmp_path / "weights.npz"
    if raw is not None:
        path.write_bytes(raw)
    else:
        np.savez(path, **arrays)  # type: ignore[arg-type]
    with pytest.raises(EvaluationError, match=match) as info:
        load_patterns(path)
    assert "weights.npz" in str(info.value), reason


def test_quick_training_run_reproduces_the_fixture(tmp_path: Path) -> None:
    # The training script's --quick run, from its seed, gives the committed
    # fixture: the games, the exact values, the searches and the fit are
    # deterministic (a tolerance for the linear algebra's last bits).
    out = tmp_path / "quick.npz"
    run_quick("train_patterns.py", out)
    got, want = load_patterns(out), load_patterns(QUICK_FIXTURE)
    assert [s.gate for s in got.stages] == [s.gate for s in want.stages]
    for a, b in zip(got.stages, want.stages):
        assert a.keys == b.keys
        for x, y in ((a.globals, b.globals), (a.plain, b.plain), (a.times_parity, b.times_parity)):
            assert np.allclose(x, y, rtol=1e-9, atol=1e-12)
