"""What the drawn ball would do on a cell (spoker.engine.previews), held to
what the placement then does to the state: the scores, the pending
challenge, the end of the game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.strategies import games

from shibumi import parse_board
from spoker import GameState, parse_state
from spoker.engine.groups import Rank
from spoker.engine.previews import Outcome, Preview, preview
from spoker.engine.state import End

ANSWERING = "WWW.BB........../........./..../. 2 0-0 flush_three:1A1,1C1,1E1"


@given(games(max_moves=29), st.data())
def test_a_preview_says_what_the_placement_does(state: GameState, data: st.DataObject) -> None:
    if state.is_over:
        return
    if state.drawn is None:
        bag = [c for c, n in zip("WBR", state.bag()) if n]
        state.apply_draw(data.draw(st.sampled_from(bag)))
    before = state.to_string()
    mover, other = state.to_move, 3 - state.to_move
    pending = state.challenge
    for cell in state.legal_cells():
        p = preview(state, cell)
        assert state.to_string() == before, "a preview changes nothing"
        after = state.copy()
        after.apply_place(cell)
        gained = [after.scores[i] - state.scores[i] for i in (0, 1)]
        assert p.cell == cell
        assert p.answered == (pending.group if pending is not None else None), "the challenge it answers"
        if p.outcome is Outcome.WINS_GAME:
            assert after.end == End.STRAIGHT_FLUSH and after.winner == mover
        elif p.outcome is Outcome.OPENS:
            assert pending is None and after.challenge is not None and after.challenge.group == p.formed
        elif p.outcome is Outcome.SCORES:
            assert pending is None and after.is_over and gained[mover - 1] > 0 and p.formed is not None
        elif p.outcome is Outcome.NOTHING:
            assert pending is None and p.formed is None and after.challenge is None and gained == [0, 0]
        elif p.outcome is Outcome.BEATS:
            assert pending is not None and p.formed is not None
            assert gained[mover - 1] > 0 and gained[other - 1] == 0
        elif p.outcome is Outcome.TIES:
            assert pending is not None and p.formed is not None
            assert gained[mover - 1] > 0 and gained[other - 1] > 0
        else:
            assert p.outcome is Outcome.LOSES and pending is not None
            assert gained[other - 1] > 0 and gained[mover - 1] == 0


@pytest.mark.parametrize(
    ("cell", "outcome", "formed", "why"),
    [
        ("2B2", Outcome.BEATS, "Full house, level 2", "black on the platform of W W B B: a full house outranks a flush three"),
        ("1E3", Outcome.TIES, "Flush three, level 1", "B B B in row 3 matches the flush three on level 1"),
        ("1E5", Outcome.LOSES, None, "a lone black ball forms nothing: the challenge is lost"),
    ],
)
def test_answering_a_flush_three(cell: str, outcome: Outcome, formed: str | None, why: str) -> None:
    state = parse_state(ANSWERING)
    state.apply_draw("B")
    p = preview(state, state.board.resolve(cell))
    assert p.outcome is outcome, why
    assert (p.formed.describe() if p.formed else None) == formed, why
    assert p.answered is not None and p.answered.describe() == "Flush three, level 1"


def test_a_group_with_no_challenge_pending_opens_one() -> None:
    state = parse_state("WB............../........./..../. 1")
    state.apply_draw("R")
    p = preview(state, state.board.resolve("1E1"))
    assert p.outcome is Outcome.OPENS and p.formed is not None and p.answered is None
    assert preview(state, state.board.resolve("1E3")).outcome is Outcome.NOTHING


def test_a_straight_flush_wins_the_game_at_once_on_a_normal_turn() -> None:
    """rules.md: a straight flush wins the game at once."""
    state = GameState.from_board(parse_board("WW..WW........../........./..../."))
    state.apply_draw("W")
    top = state.board.resolve("2B2")
    p = preview(state, top)
    assert p == Preview(top, p.formed, Outcome.WINS_GAME, None)
    assert p.formed is not None and p.formed.rank is Rank.STRAIGHT_FLUSH and top in p.formed.cells


def test_a_straight_flush_answering_a_challenge_names_the_challenge_it_cancels() -> None:
    """A straight flush as the answer wins at once and the challenge it
    answers scores nothing: the preview names that challenge."""
    state = GameState()
    for move in ("W@1A1", "W@1C1", "W@1A3", "W@1C3", "B@1G7", "B@1E7", "B@1C7"):
        state.apply_move(move)
    assert state.challenge is not None and state.challenge.group.rank is Rank.FLUSH_THREE
    state.apply_draw("W")
    top = state.board.resolve("2B2")
    p = preview(state, top)
    assert p.outcome is Outcome.WINS_GAME and p.cell == top
    assert p.formed is not None and p.formed.rank is Rank.STRAIGHT_FLUSH
    assert p.answered == state.challenge.group


def test_the_30th_ball_s_group_scores_at_once_when_no_answer_can_come() -> None:
    """apex-free: a challenge opened by the 30th ball finds the bag empty and
    its challenger scores (rules.md); the preview says so, naming no challenge."""
    state = parse_state("BRWBWRRWWRWRWBWB/RRRBRBWWB/BBRW/. 2 2-4 - B * visible,apex-free")
    apex = state.board.resolve("4D4")
    p = preview(state, apex)
    assert p.outcome is Outcome.SCORES and p.cell == apex and p.answered is None
    assert p.formed is not None and p.formed.rank is Rank.THREE_KINDS and apex in p.formed.cells
