"""GameState: chance made explicit, illegal actions, copies, from_board, events."""

from __future__ import annotations

import random

import pytest

from shibumi import CELLS, LEVEL_CELLS, Board, Cell, Colour, parse_board
from spoker import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GameState,
    GroupFormed,
    IllegalActionError,
    Move,
    RuleSet,
    StraightFlush,
    describe,
    parse_state,
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
    s = parse_state("WWWWWWWWBB....../........./..../.")  # bag: 2 W, 8 B, 10 R
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
    s = parse_state("WW..WW........../........./..../. 1")
    s.apply_move("W@2B2")  # a straight flush ends the game
    return s


ILLEGAL = [
    # (id, state, action, argument, message)
    ("place before drawing", lambda: GameState(), "apply_place", "1A1", "draw a ball before placing"),
    ("draw twice", lambda: GameState().child("R"), "apply_draw", "W", "a red ball is already drawn: place it first"),
    ("cell already holds a ball", lambda: parse_state("W.............../........./..../. 2 0-0 - B"),
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
    s = parse_state(P)
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
    s = parse_state(text)
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


# -- from_board ------------------------------------------------------------------------


def test_from_board() -> None:
    s = GameState.from_board(parse_board(P))
    assert (s.to_move, s.is_over, s.score) == (1, False, (0, 0))
    assert [str(m) for m in s.history][:3] == ["R@1A1", "W@1C1", "R@1E1"]
    full = GameState.from_board(parse_board(A.replace("/.", "/B")))
    assert (full.end, full.winner, full.legal_cells()) == ("complete", None, ())
    sf = GameState.from_board(parse_board("WW..WW........../W......../..../."))
    assert (sf.end, sf.winner) == ("straight_flush", 1)
    assert parse_state(sf.to_string()) == sf


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
    s = parse_state(P)
    s.apply_draw("W")
    assert s.board == parse_board(P) and s.bag() == (3, 8, 6)  # the drawn ball left the bag
    assert isinstance(s.board, Board)


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


def test_a_board_holding_a_straight_flush_is_a_finished_game() -> None:
    """rules.md, "Straight flush": it wins the game at once, so nothing is
    playable any more; its top was the last ball (five balls: player 1's)."""
    state = GameState.from_board(parse_board("WW..WW........../W......../..../."))
    assert (state.is_over, state.winner, state.legal_cells()) == (True, 1, ())


@pytest.mark.parametrize(
    "moves",
    [(), ("W@1A1",), ("W@1A1", "B@1C1", "R@1E1"), ("W@1A1", "W@1C1", "W@1E1")],
    ids=["start", "one ball", "three balls", "a challenge pending"],
)
@pytest.mark.parametrize("rules", [RuleSet(), RuleSet("touching", True)], ids=str)
def test_a_pickled_state_is_the_same_game(moves: tuple[str, ...], rules: RuleSet) -> None:
    """A state crosses processes pickled (parallel runs): every field, its rules
    among them, comes back, and the game goes on the same way."""
    import pickle

    state = GameState(rules=rules)
    for move in moves:
        state.apply_move(move)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.rules == rules and again.history == state.history
    assert (again.scores, again.challenge, again.legal_cells()) == (
        state.scores, state.challenge, state.legal_cells(),
    )
    assert again.apply_move("R@1G1") == state.apply_move("R@1G1")


@pytest.mark.parametrize("other", [None, "", 0, "................/........./..../. 1"])
def test_a_state_equals_only_a_state(other: object) -> None:
    assert GameState() != other and not GameState() == other


def test_drawing_from_an_empty_bag_says_so() -> None:
    """Thirty balls fill the pyramid: the bag is then empty (rules.md, "The bag")."""
    state = GameState.from_board(parse_board("WBRWBRWBRWBRWBRW/BRWBRWBRW/BRWB/R"))
    with pytest.raises(IllegalActionError) as err:
        state.sample_draw(random.Random(1))
    assert str(err.value) == "the bag is empty"


@pytest.mark.parametrize("rng", [5, object(), None])
def test_a_draw_needs_a_random_generator(rng: object) -> None:
    """sample_draw takes a generator with random() (random.Random): TypeError,
    quoting it, for anything else."""
    with pytest.raises(TypeError) as err:
        GameState().sample_draw(rng)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"rng {rng!r}: expected a generator with random(), e.g. random.Random(1)"
    )

