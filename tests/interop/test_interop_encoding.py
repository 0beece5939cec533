"""The observation encoder shared by the three interfaces."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi import CELLS
from shibumi.errors import shown
from spoker import GameState, IllegalActionError, RuleSet
from spoker.interop.encoding import LAYOUT, NUM_CELLS, OBS_SIZE, action_mask, as_action, encode


@st.composite
def states(draw: st.DrawFn) -> GameState:
    """A state reached by random legal draws and placements, maybe with a ball drawn."""
    rules = RuleSet(draw(st.sampled_from(["visible", "touching"])), draw(st.booleans()))
    state = GameState(rules)
    for _ in range(draw(st.integers(0, 30))):
        if state.is_over:
            break
        state.apply_draw(draw(st.sampled_from([k for k, _ in state.chance_outcomes()])))
        state.apply_place(draw(st.sampled_from(state.legal_cells())))
    if not state.is_over and draw(st.booleans()):
        state.apply_draw(draw(st.sampled_from([k for k, _ in state.chance_outcomes()])))
    return state


def reference(state: GameState, observer: int) -> np.ndarray:
    """The layout of encoding.py's doc, built the plain way, cell by cell."""
    out = np.zeros(OBS_SIZE, np.float32)
    board = state.board
    playable = set(board.playable()) if not state.is_over else set()
    for i, cell in enumerate(CELLS):
        colour = board[cell]
        if colour is not None:
            out[LAYOUT[("white", "black", "red")[colour]].start + i] = 1
        if cell in playable:
            out[LAYOUT["playable"].start + i] = 1
    if state.drawn is not None:
        out[LAYOUT["drawn"].start + int(state.drawn)] = 1
    out[LAYOUT["bag"]] = np.array(state.bag()) / 10
    ch = state.challenge
    if ch is not None:
        for c in ch.group.cells:
            out[LAYOUT["challenge_cells"].start + CELLS.index(c)] = 1
        out[LAYOUT["challenge_rank"].start + int(ch.group.rank) - 1] = 1
        out[LAYOUT["challenge_level"].start + ch.group.top_level - 1] = 1
        out[LAYOUT["challenge_mine"]] = ch.challenger == observer
    mine, theirs = state.score[observer - 1], state.score[2 - observer]
    out[LAYOUT["score"]] = (mine / 15, theirs / 15)
    out[LAYOUT["to_move"]] = not state.is_over and state.to_move == observer
    return out


def test_layout_covers_the_vector_once() -> None:
    covered = sorted(i for part in LAYOUT.values() for i in range(OBS_SIZE)[part])
    assert covered == list(range(OBS_SIZE))
    assert OBS_SIZE == 168


@given(states(), st.sampled_from([1, 2]))
def test_encode_matches_the_documented_layout(state: GameState, observer: int) -> None:
    obs = encode(state, observer)
    assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
    assert ((obs >= 0) & (obs <= 1)).all()
    np.testing.assert_allclose(obs, reference(state, observer), rtol=0, atol=1e-7)
    mask = action_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (NUM_CELLS,)
    assert [CELLS[i] for i in np.flatnonzero(mask)] == list(state.legal_cells())


@given(states())
def test_the_two_sides_see_the_same_board_and_mirrored_scores(state: GameState) -> None:
    one, two = encode(state, 1), encode(state, 2)
    board = slice(0, LAYOUT["challenge_level"].stop)
    np.testing.assert_array_equal(one[board], two[board])
    np.testing.assert_array_equal(one[LAYOUT["score"]], two[LAYOUT["score"]][::-1])
    if not state.is_over:
        assert one[LAYOUT["to_move"]][0] + two[LAYOUT["to_move"]][0] == 1
    if state.challenge is not None:
        assert one[LAYOUT["challenge_mine"]][0] + two[LAYOUT["challenge_mine"]][0] == 1


def test_encode_fills_the_given_vector_and_refuses_a_bad_observer() -> None:
    out = np.full(OBS_SIZE, 7, np.float32)
    assert encode(GameState(), 2, out=out) is out
    assert out.max() == 1
    with pytest.raises(ValueError, match="observer 0"):
        encode(GameState(), 0)


@pytest.mark.parametrize(
    ("value", "expect"),
    [(3, 3), (-1, -1), (2**70, 2**70), (np.int64(3), 3), (np.uint64(3), 3), (np.array(3), 3),
     (np.array(3, np.uint8), 3), (CELLS[3], 3)],
    ids=repr,
)
def test_as_action_takes_ints_and_numpy_integers(value: object, expect: int) -> None:
    action = as_action(value)
    assert action == expect and type(action) is int


@pytest.mark.parametrize(
    "value",
    [True, np.bool_(False), np.array(True), 3.0, np.float32(3), np.array(3.0), np.array([3]),
     np.zeros((1, 1), int), "3", b"3", None, [3], 3 + 0j],
    ids=repr,
)
def test_as_action_refuses_anything_else_naming_it(value: object) -> None:
    with pytest.raises(IllegalActionError, match="expected an int") as err:
        as_action(value)
    assert str(err.value).startswith(f"action {shown(value)}: ")
