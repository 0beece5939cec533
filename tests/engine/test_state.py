"""GameState: chance made explicit, illegal actions, copies, state strings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.strategies import games

from shibumi import CELLS, LEVEL_CELLS, Board, Cell, Colour, parse_board
from spoker import (
    BallDrawn,
    BallPlaced,
    Challenge,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GameState,
    GroupFormed,
    IllegalActionError,
    Move,
    RuleSet,
    StateStringError,
    StraightFlush,
    describe,
)
from spoker.engine.groups import PATTERNS, group_of

W, B, R = Colour.WHITE, Colour.BLACK, Colour.RED
P = "RWRWWRWRWW....../BB......./..../."  # W@1E5 then opens a flush three challenge
A = "WBWBWBRRRRWWRBRB/WWWBWRRBB/RWRB/."  # 29 balls; one black ball left


# -- a fresh game and chance ------------------------------------------------------


def test_a_fresh_game() -> None:
    s = GameState()
    assert (s.to_move, s.move_number, s.score, s.bag(), s.drawn, s.challenge) == (1, 0, (0, 0), (10, 10, 10), None, None)
    assert s.is_chance_node() and not s.is_over and not s.is_response
    assert s.chance_outcomes() == [(W, 1 / 3), (B, 1 / 3), (R, 1 / 3)]
    assert s.legal_cells() == LEVEL_CELLS[1]
    assert s.to_string() == "................/........./..../. 1 0-0 - - * visible"


def test_chance_outcomes_follow_the_bag() -> None:
    s = GameState.from_board(parse_board("WWWWWWWWWW....../........./..../."))
    assert s.bag() == (0, 10, 10)
    assert s.chance_outcomes() == [(B, 0.5), (R, 0.5)]


def test_draws_use_only_the_callers_generator() -> None:
    random.seed(1)
    before = random.getstate()
    draws = []
    for _ in range(2):
        rng = random.Random(42)
        s = GameState()
        seq = []
        while not s.is_over:
            (event,) = s.draw(rng)
            assert isinstance(event, BallDrawn) and event.player == s.to_move
            seq.append(s.drawn)
            s.apply_place(s.legal_cells()[0])
        draws.append(seq)
    assert draws[0] == draws[1]
    assert random.getstate() == before  # the global generator was not touched


def test_sample_draw_is_uniform_over_the_balls_left() -> None:
    s = GameState.from_string("WWWWWWWWBB....../........./..../.")  # bag: 2 W, 8 B, 10 R
    rng = random.Random(3)
    counts = {k: 0 for k in Colour}
    for _ in range(20000):
        counts[s.sample_draw(rng)] += 1
    assert abs(counts[W] / 20000 - 0.1) < 0.01
    assert abs(counts[B] / 20000 - 0.4) < 0.015
    assert abs(counts[R] / 20000 - 0.5) < 0.015
    assert s.drawn is None  # sampling does not apply the draw


@pytest.mark.parametrize("colour", [W, 0, "w", "W"], ids=["Colour", "index", "lower-case letter", "letter"])
def test_apply_draw_accepts_a_colour_its_index_or_letter(colour: Colour | int | str) -> None:
    s = GameState()
    assert s.apply_draw(colour) == (BallDrawn(1, W),)
    assert s.drawn is W and not s.is_chance_node()
    assert s.to_string().split()[4] == "W"


# -- illegal actions ------------------------------------------------------------------


def over_state() -> GameState:
    s = GameState.from_string("WW..WW........../........./..../. 1")
    s.apply_move("W@2B2")  # a straight flush ends the game
    return s


ILLEGAL = [
    # (id, state, action, argument, message)
    ("place before drawing", lambda: GameState(), "apply_place", "1A1", "draw a ball before placing"),
    ("draw twice", lambda: GameState().child("R"), "apply_draw", "W", "a red ball is already drawn: place it first"),
    ("cell already holds a ball", lambda: GameState.from_string("W.............../........./..../. 2 0-0 - B"),
     "apply_place", "1A1", "1A1 is not playable: it already holds a ball"),
    ("platform not full", lambda: GameState().child("W"), "apply_place", "2B2", "2B2 is not playable: its platform is not full"),
    ("no such cell", lambda: GameState().child("W"), "apply_place", "9Z9", "'9Z9' is not a cell"),
    ("cell index out of range", lambda: GameState().child("W"), "apply_place", 30, "no cell has index 30"),
    ("colour not in the bag", lambda: GameState.from_board(parse_board("WWWWWWWWWW....../........./..../.")),
     "apply_draw", W, "no white ball is left in the bag"),
    ("not a colour letter", lambda: GameState(), "apply_draw", "X", "'X' is not a colour"),
    ("not a colour index", lambda: GameState(), "apply_draw", 3, "3 is not a colour"),
    ("a negative index is no colour", lambda: GameState(), "apply_draw", -1, "-1 is not a colour"),
    ("a cell is no colour", lambda: GameState(), "apply_draw", CELLS[1], "Cell(1C1) is not a colour"),
    ("draw after the game is over", over_state, "apply_draw", "W", "the game is over"),
    ("place after the game is over", over_state, "apply_place", "1E1", "the game is over"),
    ("draw with a generator after the game is over", over_state, "draw", random.Random(1), "the game is over"),
    ("chance outcomes after the game is over", over_state, "chance_outcomes", None, "the game is over"),
    ("chance outcomes while a ball waits", lambda: GameState().child("B"), "chance_outcomes", None,
     "a black ball is already drawn"),
]


@pytest.mark.parametrize(("make", "action", "arg", "message"), [c[1:] for c in ILLEGAL], ids=[c[0] for c in ILLEGAL])
def test_illegal_actions_raise_with_the_reason(make, action, arg, message) -> None:  # type: ignore[no-untyped-def]
    state = make()
    before = state.to_string()
    method = getattr(state, action)
    with pytest.raises(IllegalActionError) as err:
        method() if arg is None else method(arg)
    assert message in str(err.value)
    assert state.to_string() == before  # nothing changed


@pytest.mark.parametrize(
    ("move", "message"),
    [("B@2F6", "2F6 is not playable: its platform is not full"), ("W@1A1", "no white ball is left in the bag")],
)
def test_an_illegal_move_changes_nothing(move: str, message: str) -> None:
    s = GameState.from_board(parse_board("WWWWWWWWWW....../........./..../."))
    with pytest.raises(IllegalActionError, match=message):
        s.apply_move(move)
    assert s.drawn is None and s.to_string() == "WWWWWWWWWW....../........./..../. 1 0-0 - - * visible"


def test_the_lowest_empty_cell_is_always_playable() -> None:
    rng = random.Random(5)
    for _ in range(200):
        s = GameState()
        while not s.is_over:
            s.draw(rng)
            board = s.board
            assert board.lowest_empty() in s.legal_cells()
            assert list(s.legal_cells()) == board.playable()
            s.apply_place(rng.choice(s.legal_cells()))
        assert s.legal_cells() == () and s.playable_mask == 0


# -- copies -----------------------------------------------------------------------


def test_copy_and_child_are_independent() -> None:
    s = GameState.from_string(P)
    s.apply_move("W@1E5")
    c = s.copy()
    assert c == s and c.history == s.history and c.challenge == s.challenge
    c.apply_move("B@2F2")
    assert s.challenge is not None and s.score == (0, 0) and len(s.history) == 13
    assert c.score == (0, 1) and len(c.history) == 14
    drawn = s.child("B")
    assert (drawn.drawn, s.drawn) == (B, None)
    placed = drawn.child("2F2")
    assert placed == c and drawn.drawn is B


def test_rules_can_change_and_copies_keep_them() -> None:
    text = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../. 1"  # rules.md example 4, corrected
    s = GameState.from_string(text)
    s.rules = RuleSet("touching")
    t = s.copy()
    _, _, formed, _ = t.apply_move("R@3E5")
    assert isinstance(formed, GroupFormed) and formed.group.rank.key == "flush_three"
    assert t.rules == RuleSet("touching") and t.to_string().endswith(" touching")


def test_history_records_the_moves() -> None:
    s = GameState()
    s.apply_move("W@1A1")
    s.apply_move("b@c1")
    assert s.history == [Move(W, CELLS[0]), Move(B, CELLS[1])]
    assert [str(m) for m in s.history] == ["W@1A1", "B@1C1"]


# -- state strings --------------------------------------------------------------------

FORMATS_EXAMPLES = [
    "WWBWBRWBWRR.BBRB/B......../..../. 1 2-1 - - * visible",
    "WWBWBRWBWRRBBBRB/BW.R...W./..../. 1 2-1 flush_three:1G3,1G5,1G7 - * visible",
    "WB..BB........../........./..../. 1 0-0 - R * touching,apex-free",
]


@pytest.mark.parametrize("text", FORMATS_EXAMPLES)
def test_the_documented_state_strings_round_trip(text: str) -> None:
    s = GameState.from_string(text)
    assert s.to_string() == text
    assert GameState.from_string(s.to_string()) == s


def test_missing_fields_take_the_defaults() -> None:
    s = GameState.from_string("  WB..BB........../........./..../.  ")
    assert s.to_string() == "WB..BB........../........./..../. 1 0-0 - - * visible"
    assert GameState.from_string("WB..BB........../........./..../. 1 1-0").score == (1, 0)


def test_a_pending_challenge_reads_back_as_the_same_challenge() -> None:
    s = GameState.from_string(P)
    s.apply_move("W@1E5")
    t = GameState.from_string(s.to_string())
    assert t.challenge == s.challenge == Challenge(1, s.challenge.group, 13)  # type: ignore[union-attr]
    assert repr(t.challenge) == "Challenge(player 1, Flush three, level 1, move 13)"
    assert t.apply_move("B@2F2")[-1] == s.apply_move("B@2F2")[-1]


def round_trip(state: GameState) -> None:
    text = state.to_string()
    back = GameState.from_string(text)
    assert back.to_string() == text
    assert (back.score, back.challenge, back.drawn, back.winner, back.end, back.rules) == (
        state.score, state.challenge, state.drawn, state.winner, state.end, state.rules,
    )
    assert back.board == state.board and back.legal_cells() == state.legal_cells()


@given(games(), st.booleans())
def test_state_strings_round_trip_over_random_games(state: GameState, draw: bool) -> None:
    round_trip(state)
    if draw and not state.is_over:
        state.draw(random.Random(len(state.history)))
        round_trip(state)  # with a ball drawn, maybe mid-challenge


def test_state_strings_round_trip_at_every_step_of_seeded_games() -> None:
    rng = random.Random(8)
    seen_challenge = seen_drawn_in_challenge = seen_sf = 0
    for n in range(300):
        s = GameState(RuleSet("touching" if n % 3 == 0 else "visible", n % 4 == 0))
        while not s.is_over:
            round_trip(s)
            s.draw(rng)
            round_trip(s)
            seen_drawn_in_challenge += s.challenge is not None
            s.apply_place(rng.choice(s.legal_cells()))
            seen_challenge += s.challenge is not None
        round_trip(s)
        seen_sf += s.end == "straight_flush"
    assert seen_challenge and seen_drawn_in_challenge and seen_sf


def test_the_continuation_is_the_same_after_a_round_trip() -> None:
    rng = random.Random(9)
    for _ in range(100):
        s = GameState()
        for _ in range(rng.randrange(30)):
            if s.is_over:
                break
            s.draw(rng)
            s.apply_place(rng.choice(s.legal_cells()))
        t = GameState.from_string(s.to_string())
        seed = rng.random()
        for state in (s, t):
            r = random.Random(seed)
            while not state.is_over:
                state.draw(r)
                state.apply_place(r.choice(state.legal_cells()))
        assert s.to_string() == t.to_string()


BAD_STATES = [
    # (id, state string, part of the message)
    ("too many fields", P + " 1 0-0 - - * visible extra", "8 field(s)"),
    ("empty", "   ", "0 field(s)"),
    ("a bad board", "WB/../../.", "has 2 character(s), expected 16"),
    ("the wrong player to move", P + " 2", "player '2' to move, but with 12 ball(s) placed it is player 1's turn"),
    ("a score that is not N-N", P + " 1 one-0", "score 'one-0' is not N-N"),
    ("a negative score", P + " 1 -1-0", "is not N-N"),
    ("a score above 15", P + " 1 16-0", "no player can score more than 15"),
    ("a huge score", P + " 1 " + "9" * 5000 + "-0", "no player can score more than 15"),
    ("non-ASCII digits", P + " 1 \u0661-0", "is not N-N"),
    ("unknown rules", P + " 1 0-0 - - * sticky", "unknown rule variant 'sticky'"),
    ("a challenge that is no rank", P + " 1 0-0 pair:1A1,1C1", "is not RANK:CELL,CELL"),
    ("a challenge on cells that are no cells", P + " 1 0-0 flush_three:1A1,9Z9", "is not RANK:CELL,CELL"),
    ("a challenge that is not on the board",
     P + " 1 0-0 flush_three:1A7,1C7,1E7", "that the last ball placed can have opened"),
    ("a challenge of the wrong rank",
     P + " 1 0-0 three_kinds:1A1,1C1,1E1", "that the last ball placed can have opened"),
    ("a straight flush opens no challenge",
     "WW..WW........../W......../..../. 2 0-0 straight_flush:1A1,1C1,1A3,1C3,2B2", "opens no challenge"),
    ("a challenge whose balls are all under others",
     "WWW.WRB.R......./WB......./..../. 2 0-0 flush_three:1A1,1C1,1E1", "can have opened"),
    ("a covered group under the visible rules",
     "WBWBRRBWWBRBBWRW/WBWBRBWRR/W..R/. 2 0-0 flush_three:1C3,2D4,3E5", "can have opened"),
    ("a drawn ball that is no colour", P + " 1 0-0 - X", "drawn ball 'X' is not W, B, R or '-'"),
    ("a drawn colour no longer in the bag", "WWWWWWWWWW....../........./..../. 1 0-0 - W", "no such ball is left"),
    ("a drawn ball after the end", A.replace("/.", "/B") + " 1 3-2 - W 1", "a ball is drawn but the game is over"),
    ("a result that is no result", P + " 1 0-0 - - x", "result 'x' is not"),
    ("a result on an unfinished pyramid", P + " 1 3-0 - - 1", "the pyramid is not full and holds no straight flush"),
    ("a full pyramid in progress", A.replace("/.", "/B") + " 1 0-0 - - *", "the game cannot be in progress"),
    ("a result against the score", A.replace("/.", "/B") + " 1 3-2 - - 2", "does not match the score 3-2"),
    ("a draw against the score", A.replace("/.", "/B") + " 1 3-2 - - =", "does not match the score 3-2"),
    ("a straight flush on the board in progress", "WW..WW........../W......../..../. 2", "cannot be in progress"),
    ("a straight flush won by the wrong player", "WW..WW........../W......../..../. 2 0-0 - - 2", "was made by player 1"),
    ("a straight flush with balls on it",
     "WWB.WWR.BRB...../WR.BR..../B.../. 1 0-0 - - 2", "yet balls were placed on it"),
    ("a challenge pending after the end",
     A.replace("/.", "/B") + " 1 3-2 flush_three:1A7,2B6,3C5 - 1", "can have opened"),
    ("a score no game of one ball reaches", "W.............../........./..../. 2 15-0",
     "with 1 ball(s) placed, player 1 can have scored at most 0"),
    ("a point before any challenge can be answered", "WWB............./........./..../. 2 0-1",
     "player 2 can have scored at most 0"),
    ("two points with five balls", "WB..BBR........./........./..../. 2 2-0", "can have scored at most 1"),
    ("a point counted for a pending challenge", "WWW.B.........../........./..../. 1 0-1 flush_three:1A1,1C1,1E1",
     "and a challenge pending, player 2 can have scored at most 0"),
    ("three white balls in a line, no challenge", "WWW............./........./..../. 2 0-0",
     "every ball that can have been placed last forms a counting group"),
]

REACHABLE = [
    # The last ball can be one that formed nothing: the flush three came earlier.
    "WWW.B.........../........./..../. 1 0-0 flush_three:1A1,1C1,1E1",
    # Four balls: the last can have answered the challenge of the third (scoring).
    "WWWB............/........./..../. 1 1-0",
    "WWWB............/........./..../. 1 0-1",
    # 30 balls, apex-free: player 2 may have the bag-empty point on top of 14.
    A.replace("/.", "/B") + " 1 0-15 - - 2 visible,apex-free",
]


@pytest.mark.parametrize(("text", "message"), [b[1:] for b in BAD_STATES], ids=[b[0] for b in BAD_STATES])
def test_bad_state_strings_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(StateStringError) as err:
        GameState.from_string(text)
    assert message in str(err.value)
    assert repr(text)[:60] in str(err.value)


@pytest.mark.parametrize("text", REACHABLE)
def test_what_a_game_can_reach_is_read(text: str) -> None:
    assert GameState.from_string(text).to_string().split()[:3] == text.split()[:3]


def test_scores_are_bounded_by_the_balls_placed() -> None:
    from spoker.engine.state import most_points

    assert [most_points(n, False) for n in (0, 1, 3, 4, 5, 6, 30)] == [0, 0, 0, 1, 1, 2, 14]
    assert most_points(5, True) == 1 and most_points(4, True) == 0


@given(games(), st.integers(0, 15), st.integers(0, 15))
def test_a_score_is_read_only_when_the_balls_allow_it(state: GameState, s1: int, s2: int) -> None:
    from spoker.engine.state import most_points

    fields = state.to_string().split()
    fields[2] = f"{s1}-{s2}"
    text = " ".join(fields)
    try:
        back = GameState.from_string(text)
    except StateStringError as err:
        assert repr(text)[:60] in str(err)
        return
    most = most_points(state.move_number, state.challenge is not None)
    bonus = 1 if state.rules.apex_free and state.end == "complete" else 0
    assert s1 <= most and s2 <= most + bonus
    assert back.score == (s1, s2)


def test_a_pending_challenge_after_the_end_is_refused() -> None:
    # On a position where the challenge itself is fine, a finished game cannot hold it.
    s = GameState.from_string(P)
    s.apply_move("W@1E5")
    text = s.to_string().replace(" * ", " 1 ")
    with pytest.raises(StateStringError, match="the game is over but a challenge is pending"):
        GameState.from_string(text)


def test_a_state_string_must_be_text() -> None:
    with pytest.raises(StateStringError, match="must be text, not 42"):
        GameState.from_string(42)  # type: ignore[arg-type]


def check_parses_or_quotes(text: str) -> None:
    try:
        s = GameState.from_string(text)
    except StateStringError as err:
        assert repr(text)[:60] in str(err)
    else:
        assert GameState.from_string(s.to_string()) == s


@given(st.text(max_size=80))
def test_fuzz_any_text(text: str) -> None:
    check_parses_or_quotes(text)


FIELD_VALUES = [
    [P, A, A.replace("/.", "/B"), "WW..WW........../W......../..../.", "................/........./..../.",
     "WB..BB........../........./..../.", "w b/x/y/z"],
    ["1", "2", "3", "", "x"],
    ["0-0", "2-1", "15-15", "16-0", "1-", "-", "a-b"],
    ["-", "flush_three:1A5,1C5,1E5", "flush_three:1A7,2B6,3C5", "flush_four:1G7,2F6,3E5,4D4", "three_kinds:",
     "straight_flush:1A1,1C1,1A3,1C3,2B2", "full_house:1A1,1C1,1A3,1C3,2B2"],
    ["-", "W", "B", "R", "b", "WB"],
    ["*", "1", "2", "=", "0"],
    ["visible", "touching", "touching,apex-free", "apex-free", "visible,touching", "?"],
]


@given(st.tuples(*(st.sampled_from(v) for v in FIELD_VALUES)), st.integers(1, 7))
def test_fuzz_field_combinations(fields: tuple[str, ...], count: int) -> None:
    check_parses_or_quotes(" ".join(fields[:count]))


@given(games(), st.data())
def test_fuzz_mutated_state_strings(state: GameState, data: st.DataObject) -> None:
    text = state.to_string()
    i = data.draw(st.integers(0, len(text)))
    j = data.draw(st.integers(i, min(len(text), i + 3)))
    insert = data.draw(st.text(alphabet="WBR.-/ 0123456789:,*=abcdefgtouchingvisible", max_size=3))
    check_parses_or_quotes(text[:i] + insert + text[j:])


# -- from_board ------------------------------------------------------------------------


def test_from_board() -> None:
    s = GameState.from_board(parse_board(P))
    assert (s.to_move, s.is_over, s.score) == (1, False, (0, 0))
    assert [str(m) for m in s.history][:3] == ["R@1A1", "W@1C1", "R@1E1"]
    full = GameState.from_board(parse_board(A.replace("/.", "/B")))
    assert (full.end, full.winner, full.legal_cells()) == ("complete", None, ())
    sf = GameState.from_board(parse_board("WW..WW........../W......../..../."))
    assert (sf.end, sf.winner) == ("straight_flush", 1)
    assert GameState.from_string(sf.to_string()) == sf


# -- events ------------------------------------------------------------------------------


def test_events_describe_themselves() -> None:
    group = group_of(PATTERNS[0].pid, 2)
    other = group_of(PATTERNS[1].pid, 1)
    cases: list[tuple[Event, str]] = [
        (BallDrawn(1, R), "Player 1 draws a red ball."),
        (BallPlaced(2, W, Cell.from_str("2B2"), 14, True), "Player 2 answers with W@2B2 (move 14)."),
        (BallPlaced(1, W, Cell.from_str("1A1"), 1, False), "Player 1 places W@1A1 (move 1)."),
        (GroupFormed(1, group), "Player 1 forms a Flush three, level 1."),
        (ChallengeOpened(2, group, 7), "Player 2 challenges with a Flush three, level 1."),
        (ChallengeResolved(1, group, None, (1, 0), 1, 7), "No group in answer: player 1 wins the challenge and scores 1."),
        (ChallengeResolved(1, group, None, (1, 0), 1, 30, True), "The bag is empty: player 1 wins the challenge and scores 1."),
        (ChallengeResolved(1, group, group, (1, 1), None, 7), "Flush three, level 1 ties Flush three, level 1: both players score 1."),
        (ChallengeResolved(1, group, other, (1, 0), 1, 7),
         "Flush three, level 1 beats Three of three kinds, level 1: player 1 wins the challenge and scores 1."),
        (ChallengeResolved(2, other, group, (1, 0), 1, 7),
         "Flush three, level 1 beats Three of three kinds, level 1: player 1 wins the challenge and scores 1."),
        (StraightFlush(2, group, None), "Straight flush! Player 2 wins the game at once."),
        (GameOver(None, (3, 3), "complete"), "Game over: a draw, 3-3."),
        (GameOver(2, (1, 4), "complete"), "Game over: player 2 wins, 1-4."),
    ]
    for event, text in cases:
        assert describe(event) == text
    with pytest.raises(TypeError):
        describe("not an event")  # type: ignore[arg-type]


def test_boards_with_a_ball_drawn_keep_the_board_unchanged() -> None:
    s = GameState.from_string(P)
    s.apply_draw("W")
    assert s.board == parse_board(P) and s.bag() == (3, 8, 6)  # the drawn ball left the bag
    assert isinstance(s.board, Board)
