"""Every worked example of rules.md and every ruling, as tables of cases with
the reason each holds (the test ids)."""

from __future__ import annotations

import pytest
from support import reference_rules as ref

from shibumi import BoardStringError, Cell, parse_board
from spoker import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GameState,
    GroupFormed,
    Move,
    RuleSet,
    StraightFlush,
    best_group,
    groups_at,
    parse_state,
)

VISIBLE = RuleSet("visible")
TOUCHING = RuleSet("touching")


def best_after(board_text: str, move: str, rules: RuleSet = VISIBLE) -> tuple[str, str, int] | None:
    """(rank, cells, top level) of the best counting group of ``move`` on the board."""
    board = parse_board(board_text)
    cell = Cell.from_str(move[2:])
    board = board.place(cell, move[0])
    g = best_group(board, cell, rules)
    return None if g is None else (g.rank.key, " ".join(map(str, g.cells)), g.top_level)


# -- worked examples 1-4: groups ------------------------------------------------------

EXAMPLE4_LITERAL = "WBWBBRBWWBWBBWBW/WBWBRBWBR/W.../."
# The literal board of example 4 holds 11 white and 12 black balls, which
# notation.md forbids; this one differs only away from the lines through 3E5
# (1A3 B->R, 1E5 W->R, 1E7 B->R, 2D6 B->R), so the example's point stands.
EXAMPLE4 = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../."

WORKED = [
    ("example 1: 1A1 1C1 1E1 is W B R, three of three kinds on level 1",
     "WB............../........./..../.", "R@1E1", VISIBLE, ("three_kinds", "1A1 1C1 1E1", 1)),
    ("example 2: row 3 becomes W W W W, a flush four",
     "BBBRWWW.BBBRBBBB/........./..../.", "W@1G3", VISIBLE, ("flush_four", "1A3 1C3 1E3 1G3", 1)),
    ("example 2: 2D2 and 2D4 cut 1C3-1E3, so the best is the three of three kinds 1G3 1G5 1G7",
     "BBBRWWW.BBBRBBBB/.R..R..../..../.", "W@1G3", VISIBLE, ("three_kinds", "1G3 1G5 1G7", 1)),
    ("example 3: platform W W over B B topped W, a full house",
     "WW..BB........../........./..../.", "W@2B2", VISIBLE, ("full_house", "1A1 1C1 1A3 1C3 2B2", 2)),
    ("example 3: the checkerboard platform W B / B W forms nothing",
     "WB..BW........../........./..../.", "W@2B2", VISIBLE, None),
    ("example 4: 1C3 2D4 3E5 is red but 1C3 is covered; three of three kinds to level 3",
     EXAMPLE4, "R@3E5", VISIBLE, ("three_kinds", "1G3 2F4 3E5", 3)),
    ("example 4: without the ball on 3C3 the flush three counts",
     EXAMPLE4.replace("/W.../", "/..../"), "R@3E5", VISIBLE, ("flush_three", "1C3 2D4 3E5", 3)),
]


@pytest.mark.parametrize(
    ("board_text", "move", "rules", "expected"), [w[1:] for w in WORKED], ids=[w[0] for w in WORKED]
)
def test_worked_examples_1_to_4(
    board_text: str, move: str, rules: RuleSet, expected: tuple[str, str, int] | None
) -> None:
    assert best_after(board_text, move, rules) == expected
    board = parse_board(board_text).place(move[2:], move[0])
    balls = {str(c): k.char for c, k in board}
    model = ref.best_with(balls, move[2:])
    assert (None if model is None else (model.rank, " ".join(model.cells), model.top_level)) == expected


def test_example_2_lists_the_cut_groups_as_not_visible() -> None:
    board = parse_board("BBBRWWW.BBBRBBBB/.R..R..../..../.").place("1G3", "W")
    hidden = {(g.rank.key, " ".join(map(str, g.cells))) for g in groups_at(board, "1G3") if not g.visible}
    assert hidden == {("flush_four", "1A3 1C3 1E3 1G3"), ("flush_three", "1C3 1E3 1G3")}


def test_example_4_literal_board_is_rejected_with_a_clear_message() -> None:
    with pytest.raises(BoardStringError) as err:
        parse_board(EXAMPLE4_LITERAL)
    message = str(err.value)
    assert EXAMPLE4_LITERAL in message and "11 white" in message


def test_example_4_corrected_board_keeps_the_examples_point() -> None:
    literal = EXAMPLE4_LITERAL.replace("/", "")
    corrected = EXAMPLE4.replace("/", "")
    changed = [i for i, (a, b) in enumerate(zip(literal, corrected)) if a != b]
    names = [ref.CELL_NAMES[i] for i in changed]
    assert names == ["1A3", "1E5", "1E7", "2D6"]
    assert parse_board(EXAMPLE4).counts() == (10, 9, 7)
    # None of them lies on a line or the pyramid through 3E5 that the example is about.
    assert not set(names) & {"1C3", "2D4", "1G3", "2F4", "3C3"}


# -- games: challenges, straight flushes, the apex -------------------------------------

# Player 1 to move (12 balls). W@1E5 then makes the flush three 1A5 1C5 1E5 on
# level 1; 2F2 completes the black row 2B2 2D2 2F2 on level 2.
P = "RWRWWRWRWW....../BB......./..../."
# As P, but the platform of 2B4 (1A3 1C3 1A5 1C5) is all white.
P_SF = "RWRWWWWRWW....../BB......./..../."
# 29 balls, player 2 to place the apex: only a black ball is left, and the apex
# then forms the flush four 1G7 2F6 3E5 4D4 (and lesser groups), no straight
# flush. The ball on 3C5 can have formed the flush three 1A7 2B6 3C5.
A = "WBWBWBRRRRWWRBRB/WWWBWRRBB/RWRB/."
# 29 balls, level 3 all black, one black ball left: the apex makes a straight flush.
A_SF = "BRRRRWRBRWBRWWWW/BRBRWWWRW/BBBB/."


def play(state_text: str, *moves: str) -> tuple[GameState, list[tuple[Event, ...]]]:
    """The state after ``moves`` and, per move, the events of its placement."""
    state = parse_state(state_text)
    placed = []
    for text in moves:
        move = Move.from_str(text, state.board)
        assert state.apply_draw(move.colour) == (BallDrawn(state.to_move, move.colour),)
        placed.append(state.apply_place(move.cell))
    return state, placed


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_a_group_on_a_normal_turn_opens_a_challenge() -> None:
    state, [events] = play(P, "W@1E5")
    assert kinds(events) == ["BallPlaced", "GroupFormed", "ChallengeOpened"]
    opened = events[2]
    assert isinstance(opened, ChallengeOpened)
    assert (opened.challenger, opened.group.rank.key, opened.move_number) == (1, "flush_three", 13)
    assert state.challenge is not None and state.challenge.group == opened.group
    assert state.to_move == 2 and state.is_response


RESPONSES = [
    # (id, response move, points, challenge winner)
    ("example 5: a flush three reaching level 2 beats one on level 1: the responder scores 1",
     "B@2F2", (0, 1), 2),
    ("equal rank and level: a tie, both players score 1", "W@1A7", (1, 1), None),
    ("a response that forms no group loses: the challenger scores 1", "R@1G7", (1, 0), 1),
    ("a lower group in answer (three of three kinds) loses: the challenger scores 1",
     "B@1C7", (1, 0), 1),
    ("a higher rank in answer (flush four) wins", "W@1G5", (0, 1), 2),
]


@pytest.mark.parametrize(
    ("response", "points", "winner"), [r[1:] for r in RESPONSES], ids=[r[0] for r in RESPONSES]
)
def test_challenge_outcomes(response: str, points: tuple[int, int], winner: int | None) -> None:
    state, [_, events] = play(P + " 1 2-2", "W@1E5", response)
    placed, *rest = events
    assert isinstance(placed, BallPlaced) and placed.response and placed.player == 2
    resolved = rest[-1]
    assert isinstance(resolved, ChallengeResolved)
    assert (resolved.points, resolved.winner, resolved.challenger, resolved.move_number) == (
        points, winner, 1, 13,
    )
    assert state.score == (2 + points[0], 2 + points[1])
    # A response never opens a challenge, and the challenger moves next.
    assert not any(isinstance(e, ChallengeOpened) for e in events)
    assert state.challenge is None and state.to_move == 1


def test_the_groups_of_the_responses() -> None:
    expected = {"B@2F2": (2, "flush_three"), "W@1A7": (1, "flush_three"),
                "B@1C7": (1, "three_kinds"), "W@1G5": (1, "flush_four")}
    for move, (level, rank) in expected.items():
        _, [_, events] = play(P, "W@1E5", move)
        formed = events[1]
        assert isinstance(formed, GroupFormed)
        assert (formed.group.top_level, formed.group.rank.key) == (level, rank)


def test_after_a_response_turns_alternate_and_a_group_opens_a_challenge_again() -> None:
    state, events = play(P, "W@1E5", "B@2F2", "R@1G5", "B@1C7")
    assert kinds(events[2]) == ["BallPlaced"]  # player 1: nothing formed, nothing to answer
    assert kinds(events[3]) == ["BallPlaced", "GroupFormed", "ChallengeOpened"]  # a normal turn
    assert state.challenge is not None and state.challenge.challenger == 2


def test_a_straight_flush_on_a_normal_turn_wins_at_once_whatever_the_score() -> None:
    state, [events] = play("WW..WW........../........./..../. 1 0-1", "W@2B2")
    assert kinds(events) == ["BallPlaced", "GroupFormed", "StraightFlush", "GameOver"]
    sf, over = events[2], events[3]
    assert isinstance(sf, StraightFlush) and sf.cancelled_challenge is None
    assert over == GameOver(1, (0, 1), "straight_flush")
    assert (state.winner, state.end, state.score) == (1, "straight_flush", (0, 1))


def test_a_straight_flush_as_a_response_wins_and_the_challenge_scores_nothing() -> None:
    state, [opened, events] = play(P_SF + " 1 1-1", "W@1E5", "W@2B4")
    assert kinds(opened)[-1] == "ChallengeOpened"
    assert kinds(events) == ["BallPlaced", "GroupFormed", "StraightFlush", "GameOver"]
    sf = events[2]
    assert isinstance(sf, StraightFlush) and sf.player == 2
    assert sf.cancelled_challenge is not None and sf.cancelled_challenge.rank.key == "flush_three"
    assert not any(isinstance(e, ChallengeResolved) for e in events)
    assert (state.winner, state.end, state.score, state.challenge) == (2, "straight_flush", (1, 1), None)


def test_the_apex_on_a_normal_turn_forms_nothing_but_a_straight_flush() -> None:
    # The flush four 1G7 2F6 3E5 4D4 does not count: no challenge; the game
    # is complete and the higher score wins.
    state, [events] = play(A + " 2 3-2", "B@4D4")
    assert best_after(A, "B@4D4") == ("flush_four", "1G7 2F6 3E5 4D4", 4)  # geometry alone
    assert kinds(events) == ["BallPlaced", "GameOver"]
    assert events[1] == GameOver(1, (3, 2), "complete")


def test_apex_free_the_apex_counts_and_the_challenge_finds_the_bag_empty() -> None:
    state, [events] = play(A + " 2 3-2 - - * visible,apex-free", "B@4D4")
    assert kinds(events) == ["BallPlaced", "GroupFormed", "ChallengeOpened", "ChallengeResolved", "GameOver"]
    resolved = events[3]
    assert isinstance(resolved, ChallengeResolved)
    assert (resolved.bag_empty, resolved.points, resolved.winner, resolved.response) == (True, (0, 1), 2, None)
    assert events[4] == GameOver(None, (3, 3), "complete")  # equal scores: a draw


def test_the_apex_as_a_response_counts_like_any_ball() -> None:
    state, [events] = play(A + " 2 3-2 flush_three:1A7,2B6,3C5", "B@4D4")
    assert kinds(events) == ["BallPlaced", "GroupFormed", "ChallengeResolved", "GameOver"]
    resolved = events[2]
    assert isinstance(resolved, ChallengeResolved) and resolved.response is not None
    assert (resolved.response.rank.key, resolved.points, resolved.winner) == ("flush_four", (0, 1), 2)
    assert (state.winner, state.end, state.score) == (None, "complete", (3, 3))


def test_the_apex_straight_flush_wins_on_a_normal_turn() -> None:
    state, [events] = play(A_SF + " 2 5-0", "B@4D4")
    assert kinds(events) == ["BallPlaced", "GroupFormed", "StraightFlush", "GameOver"]
    assert (state.winner, state.end, state.score) == (2, "straight_flush", (5, 0))
    # A full pyramid ended by a straight flush reads back as such.
    assert parse_state(state.to_string()).end == "straight_flush"


@pytest.mark.parametrize(
    ("score", "winner"),
    [((4, 2), 1), ((2, 4), 2), ((3, 3), None)],
    ids=["the higher score wins (player 1)", "the higher score wins (player 2)", "equal scores: a draw"],
)
def test_after_the_30th_ball_the_higher_score_wins(score: tuple[int, int], winner: int | None) -> None:
    state, [events] = play(f"{A} 2 {score[0]}-{score[1]}", "B@4D4")
    assert events[-1] == GameOver(winner, score, "complete")
    assert (state.winner, state.is_over, state.legal_cells()) == (winner, True, ())


def test_touching_rules_count_a_covered_group_in_a_game() -> None:
    # Example 4 in play: the covered flush three opens the challenge under 'touching'.
    text = EXAMPLE4 + " 1 0-0 - - * touching"
    state, [events] = play(text, "R@3E5")
    formed = events[1]
    assert isinstance(formed, GroupFormed)
    assert (formed.group.rank.key, formed.group.visible) == ("flush_three", False)
    state, [events] = play(EXAMPLE4, "R@3E5")
    formed = events[1]
    assert isinstance(formed, GroupFormed) and formed.group.rank.key == "three_kinds"
