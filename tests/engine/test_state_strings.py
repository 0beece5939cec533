"""State strings (docs/formats.md): what the engine writes reads back, and
anything a game cannot reach is refused with the reason, quoting the text."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.strategies import games

from spoker import Challenge, GameState, RuleSet, StateStringError, parse_state
from spoker.engine.state_strings import most_points

P = "RWRWWRWRWW....../BB......./..../."  # W@1E5 then opens a flush three challenge
A = "WBWBWBRRRRWWRBRB/WWWBWRRBB/RWRB/."  # 29 balls; one black ball left

FORMATS_EXAMPLES = [
    "WWBWBRWBWRR.BBRB/B......../..../. 1 2-1 - - * visible",
    "WWBWBRWBWRRBBBRB/BW.R...W./..../. 1 2-1 flush_three:1G3,1G5,1G7 - * visible",
    "WB..BB........../........./..../. 1 0-0 - R * touching,apex-free",
]


@pytest.mark.parametrize("text", FORMATS_EXAMPLES)
def test_the_documented_state_strings_round_trip(text: str) -> None:
    s = parse_state(text)
    assert s.to_string() == text
    assert parse_state(s.to_string()) == s


def test_missing_fields_take_the_defaults() -> None:
    s = parse_state("  WB..BB........../........./..../.  ")
    assert s.to_string() == "WB..BB........../........./..../. 1 0-0 - - * visible"
    assert parse_state("WB..BB........../........./..../. 1 1-0").score == (1, 0)


def test_a_pending_challenge_reads_back_as_the_same_challenge() -> None:
    s = parse_state(P)
    s.apply_move("W@1E5")
    t = parse_state(s.to_string())
    assert t.challenge == s.challenge == Challenge(1, s.challenge.group, 13)  # type: ignore[union-attr]
    assert repr(t.challenge) == "Challenge(player 1, Flush three, level 1, move 13)"
    assert t.apply_move("B@2F2")[-1] == s.apply_move("B@2F2")[-1]


def round_trip(state: GameState) -> None:
    text = state.to_string()
    back = parse_state(text)
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
    for n in range(120):  # some 3,500 states, challenges and straight flushes among them
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
    assert min(seen_challenge, seen_drawn_in_challenge, seen_sf) >= 3, (seen_challenge, seen_drawn_in_challenge, seen_sf)


def test_the_continuation_is_the_same_after_a_round_trip() -> None:
    rng = random.Random(9)
    for _ in range(100):
        s = GameState()
        for _ in range(rng.randrange(30)):
            if s.is_over:
                break
            s.draw(rng)
            s.apply_place(rng.choice(s.legal_cells()))
        t = parse_state(s.to_string())
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
        parse_state(text)
    assert message in str(err.value)
    assert repr(text)[:60] in str(err.value)


@pytest.mark.parametrize("text", REACHABLE)
def test_what_a_game_can_reach_is_read(text: str) -> None:
    assert parse_state(text).to_string().split()[:3] == text.split()[:3]


def test_scores_are_bounded_by_the_balls_placed() -> None:
    assert [most_points(n, False) for n in (0, 1, 3, 4, 5, 6, 30)] == [0, 0, 0, 1, 1, 2, 14]
    assert most_points(5, True) == 1 and most_points(4, True) == 0


@given(games(), st.integers(0, 15), st.integers(0, 15))
def test_a_score_is_read_only_when_the_balls_allow_it(state: GameState, s1: int, s2: int) -> None:
    fields = state.to_string().split()
    fields[2] = f"{s1}-{s2}"
    text = " ".join(fields)
    try:
        back = parse_state(text)
    except StateStringError as err:
        assert repr(text)[:60] in str(err)
        return
    most = most_points(state.move_number, state.challenge is not None)
    bonus = 1 if state.rules.apex_free and state.end == "complete" else 0
    assert s1 <= most and s2 <= most + bonus
    assert back.score == (s1, s2)


def test_a_pending_challenge_after_the_end_is_refused() -> None:
    # On a position where the challenge itself is fine, a finished game cannot hold it.
    s = parse_state(P)
    s.apply_move("W@1E5")
    text = s.to_string().replace(" * ", " 1 ")
    with pytest.raises(StateStringError, match="the game is over but a challenge is pending"):
        parse_state(text)


def test_a_state_string_must_be_text() -> None:
    with pytest.raises(StateStringError, match="must be text, not 42"):
        parse_state(42)  # type: ignore[arg-type]


def check_parses_or_quotes(text: str) -> None:
    try:
        s = parse_state(text)
    except StateStringError as err:
        assert repr(text)[:60] in str(err)
    else:
        assert parse_state(s.to_string()) == s


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

def test_a_score_has_at_most_two_digits() -> None:
    """formats.md, state strings: S1-S2, each 0..15, at most two digits."""
    with pytest.raises(StateStringError, match="no player can score more than 15"):
        parse_state("W.............../........./..../. 2 015-0")


# -- what the mutation run found unstated (docs/testing.md) ---------------------
def test_a_new_game_has_no_winner_yet() -> None:
    state = GameState()
    assert state.winner is None and state.end is None and not state.is_over
    assert parse_state(str(state)).winner is None


@pytest.mark.parametrize(("text", "ending"), [
    # Three balls: they cannot have answered a challenge (none can be open before ball 3).
    ("WWW............./........./..../. 2 0-0", "so it opened a challenge"),
    # Four: the last can have answered one, but that would have scored.
    ("WWWW............/........./..../. 1 0-0", "so it opened a challenge (or answered one, which would have scored)"),
])
def test_a_counting_last_ball_needs_a_challenge_or_a_point(text: str, ending: str) -> None:
    with pytest.raises(StateStringError) as told:
        parse_state(text)
    assert str(told.value) == (
        f"state string {text!r}: no challenge is pending, yet every ball that can have been placed last "
        f"forms a counting group, {ending}"
    )
    parse_state(text.replace(" 0-0", " 1-0") if "WWWW" in text else text.replace("WWW.", "WWB."))


def test_the_challenger_is_found_past_covered_balls() -> None:
    # 2B2 rests on 1A1 and 1C1, so only 1E1 can have come last and opened the
    # challenge: the reader looks past the covered cells of the group (rules.md,
    # "Placing a ball": a ball with one on top was not the last placed).
    text = "WWW.BR........../B......../..../. 1 0-0 flush_three:1A1,1C1,1E1 - * touching"
    state = parse_state(text)
    assert state.challenge is not None and state.challenge.challenger == 2
    assert [str(c) for c in state.challenge.group.cells] == ["1A1", "1C1", "1E1"]


def test_only_player_two_can_score_the_bag_empty_point() -> None:
    # apex-free: ball 30 (player 2's) may open a challenge the empty bag cannot
    # answer, so player 2 can reach 15 with 30 balls; player 1 at most 14.
    board = "BRWBWRRWWRWRWBWB/RRRBRBWWB/BBRW/B"
    assert parse_state(f"{board} 1 0-15 - - 2 visible,apex-free").score == (0, 15)
    with pytest.raises(StateStringError, match="player 1 can have scored at most 14"):
        parse_state(f"{board} 1 15-0 - - 1 visible,apex-free")
