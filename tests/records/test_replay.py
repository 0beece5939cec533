"""The Replay stepper: positions, events, challenges, JSON summaries."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.games import (
    BAG_EMPTY_GAME,
    COMPLETE_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)
from support.strategies import games

from spoker import GameState, RecordError, RuleSet
from spoker.engine.events import BallDrawn, BallPlaced, ChallengeOpened, GameOver, StraightFlush
from spoker.records.record import GameRecord, parse_record
from spoker.records.replay import Replay


def replay_of(text: str, rules: RuleSet | None = None) -> Replay:
    return Replay(parse_record(text), rules)


def wrong(value: object) -> Any:
    """``value`` past the type checker: an argument of the wrong type, on purpose."""
    return value


def test_stepping_forward_and_back() -> None:
    r = replay_of(EXAMPLE5_GAME)
    assert (r.length, r.position, r.move, r.events) == (21, 0, None, ())
    assert r.state == GameState()
    assert not r.back()
    assert r.forward() and r.position == 1
    assert str(r.move) == "W@1A1"
    assert [type(e) for e in r.events] == [BallDrawn, BallPlaced]
    r.end()
    assert r.position == 21 and not r.forward()
    assert r.state == r.final_state
    r.goto(7)
    assert r.position == 7 and str(r.move) == EXAMPLE5_GAME.split()[6]
    r.start()
    assert r.position == 0
    with pytest.raises(IndexError):
        r.goto(22)
    with pytest.raises(IndexError):
        r.goto(-1)


def test_state_is_a_copy() -> None:
    r = replay_of(EXAMPLE5_GAME)
    r.goto(3)
    s = r.state
    s.apply_draw("R")
    s.apply_place(s.legal_cells()[0])
    assert r.state.move_number == 3
    assert r.state.drawn is None


def test_challenges_and_their_outcomes() -> None:
    r = replay_of(EXAMPLE5_GAME)
    last = r.challenges[-1]
    assert (last.move, last.challenger, last.challenge.rank.key, last.challenge.top_level) == (
        20, 2, "flush_three", 1,
    )
    assert last.response is not None
    assert (last.response.rank.key, last.response.top_level) == ("flush_three", 2)
    assert last.points == (1, 0)  # rules.md example 5: the responder (player 1) wins
    assert last.response_move == 21


def test_straight_flush_response_scores_nothing() -> None:
    r = replay_of(STRAIGHT_FLUSH_RESPONSE_GAME)
    last = r.challenges[-1]
    assert last.move == 26 and last.response_move == 27
    assert last.response is not None and last.response.rank.key == "straight_flush"
    assert last.points == (0, 0)
    r.end()
    assert any(isinstance(e, StraightFlush) for e in r.events)
    assert isinstance(r.events[-1], GameOver) and r.events[-1].winner == 1


def test_open_challenge_in_an_unfinished_game() -> None:
    text = " ".join(EXAMPLE5_GAME.split()[:20])  # stops right after the challenge of move 20
    r = replay_of(text)
    assert r.challenges[-1].points is None and r.challenges[-1].response_move is None
    summary = r.to_json("x.txt")
    assert summary["challenges"][-1] == {  # type: ignore[index]
        "move": 20, "challenger": 2, "challenge": "flush_three", "response": None, "points": None,
    }
    assert (summary["winner"], summary["end"]) == (None, "unfinished")


def test_next_and_previous_challenge() -> None:
    r = replay_of(COMPLETE_GAME)
    opened = [c.move for c in r.challenges]
    assert opened == [10, 12, 14, 17, 20, 24, 28]
    visited = []
    while r.next_challenge():
        visited.append(r.position)
        assert any(isinstance(e, ChallengeOpened) for e in r.events)
    assert visited == opened and r.position == 28
    r.end()
    back = []
    while r.prev_challenge():
        back.append(r.position)
    assert back == opened[::-1]
    assert r.position == 10 and not r.prev_challenge()


def test_json_summary_of_a_complete_game() -> None:
    out = replay_of(COMPLETE_GAME).to_json("game.txt")
    assert list(out) == ["file", "moves", "challenges", "score", "winner", "end"]
    moves = out["moves"]
    assert isinstance(moves, list) and len(moves) == 30
    assert moves[0] == {
        "n": 1, "player": 1, "ball": "B", "cell": "1E7", "group": None,
        "challenge": False, "response": False,
    }
    assert moves[9]["challenge"] and moves[9]["group"] == "three_kinds"
    assert moves[10]["response"] and moves[10]["group"] is None
    assert moves[29]["cell"] == "4D4" and moves[29]["group"] is None  # apex on a normal turn
    assert (out["score"], out["winner"], out["end"]) == ([3, 4], 2, "complete")
    assert len(out["challenges"]) == 7  # type: ignore[arg-type]


def test_json_summary_of_a_straight_flush() -> None:
    out = replay_of(STRAIGHT_FLUSH_GAME).to_json()
    assert "file" not in out
    assert (out["winner"], out["end"]) == (2, "straight_flush")
    assert out["moves"][-1]["group"] == "straight_flush"  # type: ignore[index]
    assert out["moves"][-1]["challenge"] is False  # type: ignore[index]


def test_challenge_that_finds_the_bag_empty() -> None:
    r = replay_of(BAG_EMPTY_GAME, RuleSet(apex_free=True))
    last = r.challenges[-1]
    assert (last.move, last.challenger, last.response, last.points, last.response_move) == (
        30, 2, None, (0, 1), None,
    )
    out = r.to_json()
    assert out["moves"][-1]["group"] is not None and out["moves"][-1]["challenge"]  # type: ignore[index]
    assert out["challenges"][-1]["points"] == [0, 1]  # type: ignore[index]
    plain = replay_of(BAG_EMPTY_GAME).to_json()
    assert plain["moves"][-1]["group"] is None  # type: ignore[index]
    assert plain["score"] == [2, 4]


def test_rules_override() -> None:
    record = parse_record("Rules: touching\n\n" + COMPLETE_GAME)
    assert Replay(record).rules == RuleSet("touching")
    assert Replay(record, RuleSet()).rules == RuleSet()
    assert Replay(record, RuleSet()).final_state == parse_record(COMPLETE_GAME).play()


def test_bad_record_raises() -> None:
    record = parse_record(EXAMPLE5_GAME)
    record.moves.append(record.moves[0])
    with pytest.raises(RecordError, match="move 22 'W@1A1'"):
        Replay(record)


@settings(max_examples=examples(40))  # each example replays a whole game step by step
@given(games(), st.lists(st.sampled_from(["f", "b", "g", "s", "e", "n", "p"]), max_size=40), st.data())
def test_any_walk_shows_exactly_the_state_after_that_many_moves(
    game: GameState, walk: list[str], data: st.DataObject
) -> None:
    record = GameRecord.from_state(game)
    r = Replay(record)
    # The states and events of playing the moves one at a time, from scratch.
    expected = [GameState(game.rules)]
    events: list[tuple[object, ...]] = [()]
    for move in game.history:
        s = expected[-1].copy()
        events.append(s.apply_move(move))
        expected.append(s)
    assert r.final_state == game
    position = 0
    for step in walk:
        if step == "f":
            assert r.forward() == (position < r.length)
            position = min(position + 1, r.length)
        elif step == "b":
            assert r.back() == (position > 0)
            position = max(position - 1, 0)
        elif step == "g":
            position = data.draw(st.integers(0, r.length))
            r.goto(position)
        elif step == "s":
            r.start()
            position = 0
        elif step == "e":
            r.end()
            position = r.length
        elif step == "n":
            later = [c.move for c in r.challenges if c.move > position]
            assert r.next_challenge() == bool(later)
            position = later[0] if later else position
        else:
            earlier = [c.move for c in r.challenges if c.move < position]
            assert r.prev_challenge() == bool(earlier)
            position = earlier[-1] if earlier else position
        assert r.position == position
        assert r.state == expected[position]
        assert r.state.history == expected[position].history
        assert r.events == events[position]


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


def test_each_step_moves_one_move_and_says_whether_it_moved() -> None:
    """``forward`` and ``back`` move one position and return True; at the end
    (forward) or the start (back) they return False and stay."""
    r = replay_of(EXAMPLE5_GAME)
    r.goto(5)
    assert r.forward() is True and r.position == 6
    assert r.back() is True and r.position == 5
    r.goto(1)
    assert r.back() is True and r.position == 0
    assert r.back() is False and r.position == 0
    r.goto(20)
    assert r.forward() is True and r.position == 21
    assert r.forward() is False and r.position == 21


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda r: r.goto(22), IndexError, "position 22 is outside 0..21"),
        (lambda r: r.state_at(-1), IndexError, "position -1 is outside 0..21"),
        (lambda r: r.goto(True), TypeError, "position True: expected a whole number 0..21"),
        (lambda r: r.events_at("3"), TypeError, "position '3': expected a whole number 0..21"),
        (lambda r: r.state_at(2.0), TypeError, "position 2.0: expected a whole number 0..21"),
        (lambda r: Replay(wrong("x")), TypeError, "record 'x': expected a GameRecord, not str"),
        (lambda r: Replay(r.record, wrong("touching")), TypeError,
         "rules 'touching': expected a RuleSet, not str"),
    ],
)
def test_a_bad_position_or_argument_is_named_and_quoted(
    call: object, error: type[Exception], message: str
) -> None:
    """A position is a whole number (not a bool) from 0 to the record's length."""
    r = replay_of(EXAMPLE5_GAME)
    r.goto(4)
    with pytest.raises(error) as info:
        call(r)  # type: ignore[operator]
    assert str(info.value) == message
    assert r.position == 4


def test_json_summary_names_the_file_and_each_challenge_s_answer() -> None:
    """formats.md, ``spoker replay --json``: the file, then for each challenge
    its move, challenger, group, the answer's group (null: none) and points."""
    out = replay_of(EXAMPLE5_GAME).to_json("game.txt")
    assert out["file"] == "game.txt"
    assert out["challenges"][-1] == {  # type: ignore[index]
        "move": 20, "challenger": 2, "challenge": "flush_three", "response": "flush_three",
        "points": [1, 0],
    }
