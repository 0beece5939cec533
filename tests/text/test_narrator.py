"""The narrator: one home for every sentence. The game screen's story
(spoker.gui.models.story) takes its log lines and banners from here."""

from __future__ import annotations

import ast
import inspect

import pytest
from support.games import (
    ALL_GAMES,
    COMPLETE_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)

from shibumi import Cell, Colour
from spoker.engine.events import (
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    GameOver,
    StraightFlush,
)
from spoker.engine.state import GameState
from spoker.records.record import annotate, parse_record
from spoker.records.replay import Replay
from spoker.text.narrator import (
    COLOUR_NAMES,
    ball_story,
    banner,
    describe,
    log_line,
    record_note,
)


def test_events_are_plain_data_the_narrator_tells() -> None:
    import spoker
    import spoker.engine.events
    import spoker.text.narrator

    tree = ast.parse(inspect.getsource(spoker.engine.events))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and m.startswith("spoker.text.narrator") for m in imported)  # no call back into the words
    assert not any(isinstance(n, ast.FunctionDef) for n in ast.walk(tree))  # no methods, no describe
    assert spoker.describe is spoker.text.narrator.describe and spoker.explain is spoker.text.narrator.explain


def test_colours_are_spelled_once() -> None:
    assert COLOUR_NAMES == ("white", "black", "red")
    assert [k.word for k in Colour] == list(COLOUR_NAMES)  # the table by colour number is Colour.word's


@pytest.mark.parametrize("text", ALL_GAMES)
def test_record_notes_are_the_narrators(text: str) -> None:
    state = GameState(parse_record(text).rules)
    for move in parse_record(text).moves:
        events = state.apply_move(move)
        assert annotate(events, state) == record_note(events, state)
        # Events are plain data; their sentences are the narrator's.
        assert all(str(e) == repr(e) and describe(e).endswith(".") for e in events)


def _events(text: str, n: int) -> tuple[Replay, list[object]]:
    replay = Replay(parse_record(text))
    return replay, list(replay.events_at(n))


def test_the_game_screens_log_lines_and_banners_are_said_here() -> None:
    names = ("Ann", "Bob")
    _, opened = _events(EXAMPLE5_GAME, 20)
    assert [log_line(e, names) for e in opened] == [  # type: ignore[arg-type]
        "Bob draws a black ball.", "20. Bob places B@1G5.", "Bob forms Flush three, level 1.",
        "Bob challenges: Flush three, level 1. Ann must answer with a better group.",
    ]
    challenge = next(e for e in opened if isinstance(e, ChallengeOpened))
    assert banner(challenge, names) == (
        "Bob challenges: Flush three, level 1", ("1G3 1G5 1G7", "Ann must answer with a better group.")
    )
    _, answered = _events(EXAMPLE5_GAME, 21)
    settled = next(e for e in answered if isinstance(e, ChallengeResolved))
    assert log_line(settled, names) == "Flush three, level 2 beats Flush three, level 1: Ann +1."
    assert banner(settled, names) == ("Ann answers better and scores 1", (
        "Challenge: Flush three, level 1 (Bob)", "Response: Flush three, level 2 (Ann)",
        "same rank: the group reaching the higher level wins", "Points: Ann +1, Bob +0",
    ))
    _, flushed = _events(STRAIGHT_FLUSH_RESPONSE_GAME, 27)
    flush = next(e for e in flushed if isinstance(e, StraightFlush))
    assert log_line(flush, names) == "Straight flush by Ann: the game ends at once."
    assert banner(flush, names) == ("STRAIGHT FLUSH! Ann wins", (
        "Ann wins the game at once, whatever the score.", "The open challenge (Flush three, level 3) scores nothing.",
    ))


def test_the_screens_words_refuse_what_they_do_not_tell() -> None:
    _, events = _events(STRAIGHT_FLUSH_GAME, 28)
    over = next(e for e in events if isinstance(e, GameOver))
    placed = next(e for e in events if isinstance(e, BallPlaced))
    with pytest.raises(TypeError, match="game log"):
        log_line(over, ("Ann", "Bob"))  # the end of a game is game_result's
    with pytest.raises(TypeError, match="banner"):
        banner(placed, ("Ann", "Bob"))
    with pytest.raises(TypeError, match="names"):
        log_line(placed, ("Ann",))  # type: ignore[arg-type]


class _Counted:
    """Any record of a counted group will do: ball_story reads its fields."""

    def __init__(self, replay: Replay, n: int) -> None:
        self.move, self.player, self.role = n, 2, "challenge"
        self.group = next(e.group for e in replay.events_at(n) if isinstance(e, ChallengeOpened))
        self.board = replay.state_at(n).board


def test_a_clicked_ball_is_told_from_the_groups_it_counted_in() -> None:
    replay = Replay(parse_record(EXAMPLE5_GAME))
    state, counted = replay.state_at(20), [_Counted(replay, 20)]
    lines = ball_story(state, Cell.from_str("1G5"), counted, ("Ann", "Bob"))
    assert lines[:2] == ["Black ball on 1G5, move 20 by Bob.", "Counted on move 20 (challenge, Bob):"]
    assert ball_story(state, Cell.from_str("1A1"), counted, ("Ann", "Bob"))[1:] == [
        "It belongs to no group that counted."
    ]
    with pytest.raises(TypeError, match="counted group"):
        ball_story(state, Cell.from_str("1G5"), [(20, 2)], ("Ann", "Bob"))  # type: ignore[list-item]


def test_the_game_screens_own_lines_are_the_narrators() -> None:
    # The heading of the turn, a click on an empty cell, a resumed game and the
    # hint: once in the controller's code, now said here (one place a sentence).
    from spoker.text.narrator import empty_cell_lines, hint_lines, phase_line, resumed_line

    assert phase_line(GameState()) == "Normal turn"
    challenged = Replay(parse_record(EXAMPLE5_GAME)).state_at(20)  # a flush three challenges
    assert challenged.challenge is not None
    assert phase_line(challenged) == f"Response to {challenged.challenge.group.describe()}"
    assert phase_line(Replay(parse_record(COMPLETE_GAME)).final_state) == "Game over"
    assert empty_cell_lines(Cell(0), True) == ["1A1 is playable: click to place the ball here."]
    assert empty_cell_lines(Cell(0), False) == ["1A1 is empty."]
    assert resumed_line(7) == "Resumed after move 7."
    assert hint_lines([(Cell(0), "wins about 7 games in 10")]) == [
        "Hint: best cells for this ball", "1. 1A1: wins about 7 games in 10",
    ]
