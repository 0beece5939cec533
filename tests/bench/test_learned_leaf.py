"""bench/learned_leaf.py, the learned leaf (research): its features on hand-made positions, its weights."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest
from support.training import DATA, run_quick

from bench.learned_leaf import (
    FEATURES,
    PHASES,
    EvaluationError,
    LearnedEvaluation,
    fitted,
    leaf_features,
    load_weights,
)
from bench.leaves import ResearchSearch
from shibumi import Board
from spoker import GameState, parse_state
from spoker.engine.rules import DEFAULT_RULES
from spoker.players.bitboard import pending_code, score_diff
from spoker.players.search import Expectimax, WinUtility

QUICK_FIXTURE = DATA / "eval_weights_quick.npz"


def _features(state: GameState) -> dict[str, float]:
    m0, m1, m2 = state.masks
    search = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True)
    values = leaf_features(
        search, m0, m1, m2, state.occupied, state.playable_mask, pending_code(state), score_diff(state)
    )
    assert len(values) == len(FEATURES)
    return dict(zip(FEATURES, values))


def _board(text: str) -> GameState:
    return GameState.from_board(Board.from_string(text))


def test_empty_board_is_an_even_leaf_for_the_first_player() -> None:
    # Nothing on the board: no lead, the first player to move, no ball can
    # form a group, so the hand-made leaf is a coin toss (log-odds 0).
    f = _features(_board("................/........./..../."))
    assert f == {
        "bias": 1.0, "second": 0.0, "base": 0.0, "lead": 0.0,
        "immediate": 0.0, "sf_now": 0.0, "responding": 0.0,
    }


def test_the_second_player_is_recognised_by_the_balls_placed() -> None:
    # Turns always alternate, so after one ball the second player draws.
    assert _features(_board("W.............../........./..../."))["second"] == 1.0
    assert _features(_board("WB............../........./..../."))["second"] == 0.0


def test_the_lead_is_scaled_by_what_is_left() -> None:
    # Two balls placed, the first player (to move) leads 2-0: the lead is worth
    # more the fewer balls are left, hence 2 / sqrt(31 - 2); the leaf favours it.
    # (A score no game reaches with two balls, which state strings refuse:
    # the feature only reads the numbers, so they are set by hand.)
    leading = parse_state("WB............../........./..../. 1 0-0 - - * visible")
    trailing = leading.copy()
    leading.scores, trailing.scores = [2, 0], [0, 2]
    f = _features(leading)
    assert f["lead"] == pytest.approx(2 / math.sqrt(29))
    assert f["base"] > 0.0
    g = _features(trailing)
    assert g["lead"] == pytest.approx(-2 / math.sqrt(29)) and g["base"] < 0.0
    # a red on 1E1 would open three of three kinds: the mover's chance only helps
    assert f["base"] + g["base"] >= 0.0


def test_a_flush_three_in_reach_is_an_immediate_gain() -> None:
    # W W on 1A1 1C1: a white on 1E1 opens a flush three that the answer
    # rarely beats, so the coming placement is worth something to the mover.
    f = _features(_board("WW............../........./..../."))
    assert f["immediate"] > 0.0 and f["sf_now"] == 0.0 and f["base"] > 0.0


def test_a_one_colour_platform_is_a_straight_flush_in_reach() -> None:
    # 1A1 1C1 1A3 1C3 all white, 2B2 empty and playable: a white ball (6 of
    # the 26 left) makes a straight flush now.
    f = _features(_board("WW..WW........../........./..../."))
    assert f["sf_now"] == pytest.approx(6 / 26)
    # topped by a black ball, the pyramid is gone
    assert _features(_board("WW..WW........../B......../..../."))["sf_now"] == 0.0


def test_a_pending_challenge_is_answered() -> None:
    # A flush three opened by the first player on its third ball: the second
    # player answers it; it cannot make a straight flush on this board.
    state = GameState()
    for colour, cell in (("W", "1A1"), ("B", "1A5"), ("W", "1C1"), ("R", "1G7"), ("W", "1E1")):
        state.apply_draw(colour)
        state.apply_place(cell)
    assert state.challenge is not None
    f = _features(state)
    assert f["responding"] == 1.0 and f["second"] == 1.0 and f["sf_now"] == 0.0
    assert -1.0 <= f["immediate"] <= 1.0


def test_identity_model_is_the_hand_made_leaf() -> None:
    search = Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True)
    learned = ResearchSearch(DEFAULT_RULES, WinUtility(), quiescence=True, leaf=LearnedEvaluation.identity())
    state = GameState.from_board(Board.from_string("WBR.WW..B......./........./..../."))
    m0, m1, m2 = state.masks
    args = (m0, m1, m2, state.occupied, state.playable_mask, 0, 1)
    assert learned.leaf(*args) == pytest.approx(search.leaf(*args), abs=1e-9)


def test_fitted_weights_load_with_the_expected_shape() -> None:
    model = fitted()
    assert model.weights.shape == (PHASES, len(FEATURES))
    assert np.all(np.isfinite(model.weights))
    # fitted, not the starting point, and still leaning on the hand-made leaf
    assert not np.array_equal(model.weights, LearnedEvaluation.identity().weights)
    assert np.all(model.weights[:, FEATURES.index("base")] > 0.3)
    # a value is an expected result
    assert -1.0 <= model.value([1.0] * len(FEATURES), 10) <= 1.0


def test_bad_weight_files_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a numpy file")
    with pytest.raises(EvaluationError, match="bad.npz"):
        load_weights(bad)
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.zeros((2, 3)), features=np.array(FEATURES))
    with pytest.raises(EvaluationError, match="shape"):
        load_weights(wrong)
    other = tmp_path / "other.npz"
    np.savez(other, weights=np.zeros((PHASES, len(FEATURES))), features=np.array(["x"] * len(FEATURES)))
    with pytest.raises(EvaluationError, match="other features"):
        load_weights(other)
    with pytest.raises(EvaluationError):
        LearnedEvaluation(np.full((PHASES, len(FEATURES)), math.nan))


REPRODUCED = 1e-9
"""How close a rerun's weights must come to the fixture's. The games and the
features are deterministic; the fit's sums are BLAS's, whose last bits depend
on the kernel OpenBLAS picks for the processor: under Prescott, Haswell and
SkylakeX the weights (of order 1) differ by at most 9e-16. A changed seed moves
them by 1.4, one position more or less or one result changed by 0.066 or more,
one feature scaled by 1 + 1e-6 by 1.9e-7: all far outside this tolerance."""


def test_quick_training_run_reproduces_the_fixture(tmp_path: Path) -> None:
    # The training script's --quick run, from its seed, gives the committed
    # fixture: the games, the features and the fit are deterministic, up to
    # the last bits of the linear algebra (REPRODUCED).
    assert importlib.util.find_spec("numpy") is not None
    out = tmp_path / "quick.npz"
    run_quick("train_eval.py", out)
    with np.load(out) as got, np.load(QUICK_FIXTURE) as want:
        assert got["weights"].shape == want["weights"].shape
        assert np.allclose(got["weights"], want["weights"], rtol=0, atol=REPRODUCED)
        assert list(got["features"]) == list(want["features"]) == list(FEATURES)
        assert int(got["games"]) == int(want["games"])


@pytest.mark.parametrize("kind", ["learned", "patterns"])
def test_a_failed_save_leaves_the_old_weights_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    # A full disk or a kill while saving: the file holds the old weights,
    # never a torn archive (the save is written beside it, then renamed).
    import errno
    import os

    from bench.pattern_leaf import load_patterns

    model = LearnedEvaluation.identity() if kind == "learned" else load_patterns(DATA / "pattern_weights_quick.npz")
    path = tmp_path / "weights.npz"
    path.write_bytes(b"the old weights")

    def full_disk(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        model.save(path)
    assert path.read_bytes() == b"the old weights"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["weights.npz"]
    monkeypatch.undo()
    model.save(path)  # and a save that succeeds writes the whole archive
    with np.load(path) as data:
        assert len(data.files) >= 2
