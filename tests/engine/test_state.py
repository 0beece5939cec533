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
from spoker.engine.events import End
from spoker.engine.groups import PATTERNS, group_of
from spoker.engine.state import Challenge, straight_flush_top
from spoker.errors import Refusal
from spoker.text.narrator import refused_text

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
    assert message in refused_text(err.value)  # the refusal, in the narrator's words
    assert state.to_string() == before  # nothing changed


@pytest.mark.parametrize(
    ("move", "message"),
    [("B@2F6", "2F6 is not playable: its platform is not full"), ("W@1A1", "no white ball is left in the bag")],
)
def test_an_illegal_move_changes_nothing(move: str, message: str) -> None:
    s = GameState.from_board(parse_board("WWWWWWWWWW....../........./..../."))
    with pytest.raises(IllegalActionError) as err:
        s.apply_move(move)
    assert refused_text(err.value) == message
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
        (GameOver(None, (3, 3), End.COMPLETE), "Game over: a draw, 3-3."),
        (GameOver(2, (1, 4), End.COMPLETE), "Game over: player 2 wins, 1-4."),
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
    assert err.value.refusal is Refusal.GAME_OVER and refused_text(err.value) == "the game is over"


@pytest.mark.parametrize("rng", [5, object(), None])
def test_a_draw_needs_a_random_generator(rng: object) -> None:
    """sample_draw takes a generator with random() (random.Random): TypeError,
    quoting it, for anything else."""
    with pytest.raises(TypeError) as err:
        GameState().sample_draw(rng)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"rng {rng!r}: expected a generator with random(), e.g. random.Random(1)"
    )



# -- the tables made as they are met, from empty ---------------------------------


@pytest.fixture
def fresh_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty the state's tables that are filled as they are met (the playable
    cells of a level, the placement and challenge events): earlier tests, and a
    mutation run's clean run before its forks (docs/testing.md), have filled
    them, and a lookup that hits never runs the code that makes an entry."""
    from spoker.engine import state as state_module

    size = len(state_module._PLACED)
    for name in ("_PLACED", "_ANSWERED", "_PLACED_ALONE"):
        monkeypatch.setattr(state_module, name, [None] * size)
    monkeypatch.setattr(state_module, "_OPENED", {})
    monkeypatch.setattr(state_module, "_LEVEL1", [None] * (1 << 16))
    monkeypatch.setattr(state_module, "_UPPER", [None] * (1 << 14))


def _cells(names: str) -> tuple[Cell, ...]:
    return tuple(Cell.from_str(name) for name in names.split())


LEVEL_1 = "1A1 1C1 1E1 1G1 1A3 1C3 1E3 1G3 1A5 1C5 1E5 1G5 1A7 1C7 1E7 1G7"


@pytest.mark.parametrize(
    ("board", "playable"),
    [
        ("................/........./..../.", LEVEL_1),
        ("W.............../........./..../.", LEVEL_1.removeprefix("1A1 ")),
        ("WW..WW........../........./..../.", "1E1 1G1 1E3 1G3 1A5 1C5 1E5 1G5 1A7 1C7 1E7 1G7 2B2"),
        ("WBWBWBRRRRWWRBRB/........./..../.", "2B2 2D2 2F2 2B4 2D4 2F4 2B6 2D6 2F6"),
        ("WBWBWBRRRRWWRBRB/WWWBWRR.B/..../.", "2D6 3C3 3E3"),
        ("WBWBWBRRRRWWRBRB/WWWBWRRBB/RWRB/.", "4D4"),
    ],
    ids=["empty", "one ball", "a level-2 cell as well", "level 2 only", "levels 2 and 3", "the apex"],
)
def test_the_playable_cells_met_first_are_the_empty_supported_cells(
    fresh_tables: None, board: str, playable: str
) -> None:
    """rules.md, "Placing": a cell is playable when it is empty and supported.
    The playable cells of level 1 and of the levels above are each worked out
    from the mask the first time it is met and kept; met again, the kept tuple
    is the answer."""
    state = GameState.from_board(parse_board(board))
    cells = state.legal_cells()
    assert cells == _cells(playable) == tuple(state.board.playable())
    assert state.legal_cells() == cells


def test_a_straight_flush_made_first_places_a_ball_then_ends_the_game(fresh_tables: None) -> None:
    """rules.md, "Straight flush": whoever forms one wins at once, on a normal
    turn or as a response; in answer, the challenge it answers scores nothing.
    The placement is told as a response only when it answers a challenge."""
    normal = parse_state("WW..WW........../........./..../. 1")
    events = normal.apply_move("W@2B2")
    assert [type(e) for e in events] == [BallDrawn, BallPlaced, GroupFormed, StraightFlush, GameOver]
    assert events[1] == BallPlaced(1, W, Cell.from_str("2B2"), 5, False)
    formed = events[2]
    assert isinstance(formed, GroupFormed) and formed.group.rank.key == "straight_flush"
    assert events[3:] == (StraightFlush(1, formed.group, None), GameOver(1, (0, 0), End.STRAIGHT_FLUSH))
    answer = parse_state("WW..WW..RR....../........./..../.")
    opened = answer.apply_move("R@1E5")[-1]
    assert isinstance(opened, ChallengeOpened)
    events = answer.apply_move("W@2B2")
    assert [type(e) for e in events] == [BallDrawn, BallPlaced, GroupFormed, StraightFlush, GameOver]
    assert events[1] == BallPlaced(2, W, Cell.from_str("2B2"), 8, True)
    formed = events[2]
    assert isinstance(formed, GroupFormed) and formed.group.rank.key == "straight_flush"
    assert events[3:] == (StraightFlush(2, formed.group, opened.group), GameOver(2, (0, 0), End.STRAIGHT_FLUSH))
    assert (answer.winner, answer.score, answer.challenge) == (2, (0, 0), None)


def test_a_challenge_from_the_thirtieth_ball_finds_the_bag_empty(fresh_tables: None) -> None:
    """rules.md, "Challenges": if a challenge finds the bag empty, the challenger
    scores 1. Only under apex-free (rules.md, "The apex") can the 30th ball, the
    apex, open one; it is player 2's, who scores the point."""
    state = GameState.from_board(parse_board(A), RuleSet("visible", True))
    events = state.apply_move("B@4D4")
    assert [type(e) for e in events] == [BallDrawn, BallPlaced, GroupFormed, ChallengeOpened, ChallengeResolved, GameOver]
    assert events[1] == BallPlaced(2, B, Cell.from_str("4D4"), 30, False)
    formed = events[2]
    assert isinstance(formed, GroupFormed) and formed.player == 2
    group = formed.group
    assert events[3:] == (
        ChallengeOpened(2, group, 30),
        ChallengeResolved(2, group, None, (0, 1), 2, 30, True),
        GameOver(2, (0, 1), End.COMPLETE),
    )
    assert (state.score, state.winner, state.challenge) == ((0, 1), 2, None)



def _formed(event: Event, player: int, rank: str, cells: str) -> GroupFormed:
    assert isinstance(event, GroupFormed) and event.player == player
    assert (event.group.rank.key, event.group.cells) == (rank, _cells(cells))
    return event


def test_the_placements_met_first_are_told_as_the_rules_say(fresh_tables: None) -> None:
    """rules.md, "A turn" and "Challenges": each placement is told once its
    events are made (into empty tables, docs/testing.md): a ball that forms
    nothing; a group that challenges (the challenge pending, opened by its
    player on its move); a response, told as one, that forms nothing (the
    challenger scores 1) or a stronger group (the responder scores 1); the
    30th ball that forms nothing (rules.md, "The apex"), which ends the game."""
    assert GameState().apply_move("W@1A1") == (BallDrawn(1, W), BallPlaced(1, W, Cell.from_str("1A1"), 1, False))
    state = parse_state("WW..WW..RR....../........./..../.")
    drawn, placed, formed, opened = state.apply_move("R@1E5")
    assert (drawn, placed) == (BallDrawn(1, R), BallPlaced(1, R, Cell.from_str("1E5"), 7, False))
    group = _formed(formed, 1, "flush_three", "1A5 1C5 1E5").group
    assert opened == ChallengeOpened(1, group, 7)
    assert state.challenge == Challenge(1, group, 7)
    stronger = state.copy()
    assert state.apply_move("B@1G7") == (
        BallDrawn(2, B),
        BallPlaced(2, B, Cell.from_str("1G7"), 8, True),
        ChallengeResolved(1, group, None, (1, 0), 1, 7, False),
    )
    assert (state.score, state.challenge) == ((1, 0), None)
    drawn, placed, formed, resolved = stronger.apply_move("R@1G5")
    assert (drawn, placed) == (BallDrawn(2, R), BallPlaced(2, R, Cell.from_str("1G5"), 8, True))
    four = _formed(formed, 2, "flush_four", "1A5 1C5 1E5 1G5").group
    assert resolved == ChallengeResolved(1, group, four, (0, 1), 2, 7, False)
    assert (stronger.score, stronger.challenge) == ((0, 1), None)
    last = GameState.from_board(parse_board(A))
    assert last.apply_move("B@4D4") == (
        BallDrawn(2, B), BallPlaced(2, B, Cell.from_str("4D4"), 30, False), GameOver(None, (0, 0), End.COMPLETE),
    )


def test_a_challenge_met_again_is_the_one_kept(fresh_tables: None) -> None:
    """The module's speed rule: the events that depend only on the move, the
    cell and the colour, and a challenge's event and pending challenge, are
    made the first time they are met and shared by every game after."""
    one, two = (parse_state("WW..WW..RR....../........./..../.") for _ in range(2))
    first, again = one.apply_move("R@1E5"), two.apply_move("R@1E5")
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))
    assert one.challenge is two.challenge is not None
    quiet = GameState().apply_move("W@1A1"), GameState().apply_move("W@1A1")
    assert quiet[0][1] is quiet[1][1]

# -- identity and pickles ---------------------------------------------------------------


def test_a_state_hashes_as_its_string() -> None:
    """A state's string is its identity (docs/formats.md): ``==`` and ``hash``
    compare it, so two move orders reaching one position are one key."""
    one, other = GameState(), GameState()
    for move in ("W@1A1", "B@1C1", "W@1E1"):
        one.apply_move(move)
    for move in ("W@1E1", "B@1C1", "W@1A1"):
        other.apply_move(move)
    assert one == other and one.history != other.history
    assert hash(one) == hash(other) == hash(one.to_string())
    assert len({one, other, GameState()}) == 2


def _slots(state: GameState) -> dict[str, object]:
    return {name: getattr(state, name) for name in GameState._PICKLED}


def _pickled_earlier(monkeypatch: pytest.MonkeyPatch, state: GameState, slots: dict[str, object]) -> bytes:
    """``state`` pickled as an earlier version did: Python's own state of a
    class with slots, ``(None, slots)``, the rules in the slot ``_rules``."""
    import pickle

    with monkeypatch.context() as patch:
        patch.setattr(GameState, "__getstate__", lambda self: (None, slots))
        return pickle.dumps(state)


def test_a_state_pickled_by_an_earlier_version_is_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pickled state (parallel runs, saved work) comes back the same game
    with its rules: from the earlier form ``(None, slots)`` too, the rules in
    its slot ``_rules``; a pickle holding no rules is a game under the default
    rules."""
    import pickle

    state = GameState(RuleSet("touching"))
    state.apply_move("W@1A1")
    earlier = pickle.loads(_pickled_earlier(monkeypatch, state, {**_slots(state), "_rules": RuleSet("touching")}))
    assert earlier == state and earlier.rules == RuleSet("touching") and earlier.history == state.history
    assert earlier.apply_move("R@1C1") == state.copy().apply_move("R@1C1")
    plain = pickle.loads(_pickled_earlier(monkeypatch, state, _slots(state)))
    assert plain.rules == RuleSet() and plain.to_string() == "W.............../........./..../. 2 0-0 - - * visible"


def test_a_pickle_whose_rules_are_no_rule_set_is_refused_quoting_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import pickle

    data = _pickled_earlier(monkeypatch, GameState(), {**_slots(GameState()), "_rules": "touching"})
    with pytest.raises(TypeError) as err:
        pickle.loads(data)
    assert str(err.value) == "a pickled GameState holds rules 'touching', not a RuleSet"


# -- arguments and their refusals ---------------------------------------------------------


@pytest.mark.parametrize("masks", [(0, 0), [0, 0, 0, 0], "WBR", 5, None], ids=repr)
def test_straight_flush_top_takes_three_masks(masks: object) -> None:
    """straight_flush_top reads the W, B and R masks: anything else is a
    TypeError quoting it."""
    with pytest.raises(TypeError) as err:
        straight_flush_top(masks)  # type: ignore[arg-type]
    assert str(err.value) == f"masks {masks!r}: expected three int masks (W, B, R)"


def test_straight_flush_top_is_the_top_of_a_one_colour_pyramid() -> None:
    """rules.md, "Straight flush": a pyramid of one colour; its top is its last ball."""
    board = parse_board("WW..WW........../W......../..../.")
    assert straight_flush_top(board.masks) == Cell.from_str("2B2")
    assert straight_flush_top(list(board.masks)) == Cell.from_str("2B2")
    assert straight_flush_top(parse_board("WW..WB........../W......../..../.").masks) is None


def test_apply_move_and_from_board_name_a_wrong_argument() -> None:
    with pytest.raises(TypeError) as err:
        GameState().apply_move(5)  # type: ignore[arg-type]
    assert str(err.value) == "move 5: expected a Move, not int"
    with pytest.raises(TypeError) as err:
        GameState.from_board("WW..")  # type: ignore[arg-type]
    assert str(err.value) == "board 'WW..': expected a Board, not str"


def test_a_move_s_short_cell_is_the_lowest_empty_cell_at_its_point() -> None:
    """../shared/spec/notation.md: ``C3`` names levels 1 and 3; with level 1 and
    2 full, a move to ``C3`` goes to 3C3."""
    state = GameState.from_board(parse_board("WBWBWBRRRRWWRBRB/WWWBWRRBB/..../."))
    state.apply_move("r@C3")
    assert state.history[-1] == Move(R, Cell.from_str("3C3"))


@pytest.mark.parametrize(
    "move",
    [Move(0, 0), Move("w", "1A1"), Move("W", 0), Move(0, "1a1")],  # type: ignore[arg-type]
    ids=["indexes", "letter and name", "letter and index", "index and name"],
)
def test_apply_move_takes_a_move_of_a_colour_index_or_letter_and_a_cell_index_or_name(move: Move) -> None:
    state = GameState()
    assert state.apply_move(move) == (BallDrawn(1, W), BallPlaced(1, W, Cell.from_str("1A1"), 1, False))
    assert state.history == [Move(W, Cell.from_str("1A1"))]


@pytest.mark.parametrize(
    ("move", "message"),
    [(Move(0, 10), "no white ball is left in the bag"), (Move(1, 0), "1A1 is not playable: it already holds a ball"),  # type: ignore[arg-type]
     (Move("B", "1A1"), "1A1 is not playable: it already holds a ball")],  # type: ignore[arg-type]
    ids=["colour index", "cell index", "cell name"],
)
def test_an_illegal_move_by_indexes_is_refused_by_name(move: Move, message: str) -> None:
    """A move given by a colour's index or a cell's index is refused as the
    same move given by name would be, and changes nothing."""
    state = GameState.from_board(parse_board("WWWWWWWWWW....../........./..../."))
    with pytest.raises(IllegalActionError) as err:
        state.apply_move(move)
    assert refused_text(err.value) == message
    assert state.drawn is None and state.move_number == 10


def test_a_draw_after_the_game_is_over_says_so_and_only_so() -> None:
    state = over_state()
    for action in (lambda: state.apply_draw("W"), lambda: state.draw(random.Random(1)), state.chance_outcomes):
        with pytest.raises(IllegalActionError) as err:
            action()
        assert err.value.refusal is Refusal.GAME_OVER and refused_text(err.value) == "the game is over"



def test_a_placement_without_a_drawn_ball_says_why_and_only_that() -> None:
    """rules.md, "A turn": draw, then place; after the end nothing is placed."""
    for state, message in ((GameState(), "draw a ball before placing"), (over_state(), "the game is over")):
        with pytest.raises(IllegalActionError) as err:
            state.apply_place("1E1")
        assert refused_text(err.value) == message


@pytest.mark.parametrize("rng", [5, object(), None])
def test_a_random_draw_needs_a_random_generator(rng: object) -> None:
    """draw, as sample_draw, takes a generator with random(): TypeError quoting it."""
    with pytest.raises(TypeError) as err:
        GameState().draw(rng)  # type: ignore[arg-type]
    assert str(err.value) == f"rng {rng!r}: expected a generator with random(), e.g. random.Random(1)"

# -- sampling a draw ------------------------------------------------------------------------


class _Fixed:
    """A generator whose random() is always ``value``."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


def test_the_last_ball_in_the_bag_is_drawn() -> None:
    """rules.md, "A turn": a ball is taken uniformly from the bag; with one
    ball left it is the one drawn, whatever the generator gives."""
    state = GameState.from_board(parse_board(A))
    assert [state.sample_draw(_Fixed(x)) for x in (0.0, 0.5, 0.999)] == [B, B, B]


@pytest.mark.parametrize(
    ("x", "colour"),
    [(0.0, W), (0.4375, W), (0.5, B), (0.6875, B), (0.75, R), (0.999, R)],
    ids=["ball 0", "ball 7", "ball 8", "ball 11", "ball 12", "ball 15"],
)
def test_sample_draw_takes_ball_int_x_times_the_balls_left_lined_up_white_black_red(x: float, colour: Colour) -> None:
    """sample_draw's rule (rules.md, "A turn": uniform over the balls left):
    the bag lined up white, black, red, ball ``int(rng.random() * balls left)``
    is taken. 8 white, 4 black and 4 red left: balls 0-7 are white, ball 8 the
    first black, ball 12 the first red."""
    state = GameState.from_board(parse_board("WWBBBBBBRRRRRR../........./..../."))
    assert state.bag() == (8, 4, 4)
    assert state.sample_draw(_Fixed(x)) is colour



@pytest.mark.parametrize(
    ("x", "colour"),
    [(0.0, W), (0.4375, W), (0.5, B), (0.6875, B), (0.75, R), (0.999, R)],
    ids=["ball 0", "ball 7", "ball 8", "ball 11", "ball 12", "ball 15"],
)
def test_a_random_draw_takes_the_ball_sample_draw_takes(x: float, colour: Colour) -> None:
    """draw (the playouts' own copy of sample_draw) takes the same ball, ball
    ``int(rng.random() * balls left)`` of the bag lined up white, black, red,
    and applies it: the ball drawn is player 1's to place (14 balls placed)."""
    state = GameState.from_board(parse_board("WWBBBBBBRRRRRR../........./..../."))
    assert state.draw(_Fixed(x)) == (BallDrawn(1, colour),)
    assert state.drawn is colour
