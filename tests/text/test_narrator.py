"""The narrator: one home for every sentence, one challenge summary, typed kinds,
and the replay viewer's story told once."""

from __future__ import annotations

import ast
import inspect

import pytest
from hypothesis import given, settings
from support.games import (
    BAG_EMPTY_GAME,
    COMPLETE_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)
from support.strategies import games

from shibumi import Colour
from spoker.engine.state import GameState
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.replay_model import ReplayStory
from spoker.records.record import GameRecord, annotate, parse_record
from spoker.records.replay import Replay
from spoker.text.narrator import (
    COLOUR_NAMES,
    Line,
    LineKind,
    Mark,
    MarkRole,
    Moment,
    MomentKind,
    Story,
    colour_name,
    describe,
    record_note,
)

GAMES = (BAG_EMPTY_GAME, COMPLETE_GAME, EXAMPLE5_GAME, STRAIGHT_FLUSH_GAME, STRAIGHT_FLUSH_RESPONSE_GAME)


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
    assert [colour_name(k) for k in Colour] == [k.word for k in Colour] == list(COLOUR_NAMES)
    with pytest.raises(TypeError):
        colour_name("W")  # type: ignore[arg-type]


def test_typed_kinds_print_and_compare_as_their_words() -> None:
    assert str(MomentKind.STRAIGHT_FLUSH) == "straight_flush" and f"{LineKind.VERDICT}" == "verdict"
    assert MarkRole.BLOCKED == "blocked" and {"blocked": 1}.get(MarkRole.BLOCKED) == 1
    # A role or a kind given as its word is kept as the typed value; a wrong word is refused.
    assert Mark((), "hint").role is MarkRole.HINT  # type: ignore[arg-type]
    assert Moment("verdict").kind is MomentKind.VERDICT  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="glowing"):
        Mark((), "glowing")  # type: ignore[arg-type]
    assert Line("x").kind == LineKind.INFO


@pytest.mark.parametrize("text", GAMES)
def test_one_challenge_summary_for_the_replay_and_the_game_screen(text: str) -> None:
    record = parse_record(text)
    replay = Replay(record)
    controller = GameController(GameSetup(seed=1), record.play(), note_resume=False)
    assert controller.challenges == replay.challenges  # the same type, the same values


@pytest.mark.parametrize("text", GAMES)
def test_record_notes_are_the_narrators(text: str) -> None:
    state = GameState(parse_record(text).rules)
    for move in parse_record(text).moves:
        events = state.apply_move(move)
        assert annotate(events, state) == record_note(events, state)
        # Events are plain data; their sentences are the narrator's.
        assert all(str(e) == repr(e) and describe(e).endswith(".") for e in events)


@settings(max_examples=15, deadline=None)
@given(games())
def test_the_replay_viewer_tells_each_position_as_a_resumed_game(state: GameState) -> None:
    """The viewer's pages (the replay's events told once) say what a
    controller rebuilt from move 1 at that position says."""
    replay = Replay(GameRecord.from_state(state))
    setup = GameSetup(("Ann", "Bob"), rules=replay.rules, seed=0)
    story = ReplayStory(replay, setup.names)
    for n in range(replay.length + 1):
        page, rebuilt = story.at(n), GameController(setup, replay.state_at(n), note_resume=False)
        assert page.moment == rebuilt.moment
        assert list(page.log) == rebuilt.log
        assert list(page.challenges) == rebuilt.challenges
        assert (page.last_move_text(), page.result_text()) == (rebuilt.last_move_text(), rebuilt.result_text())
        for cell in page.state.board.cells():
            assert page.explain_cell(cell) == rebuilt.explain_cell(cell)
    with pytest.raises(ValueError, match=str(replay.length + 1)):
        story.at(replay.length + 1)


def test_a_story_starts_with_the_welcome_and_refuses_bad_names() -> None:
    story = Story(("Ann", "Bob"), GameState().rules)
    assert story.log[0].text.startswith("New game: Ann against Bob") and story.moment.kind == MomentKind.NONE
    with pytest.raises(TypeError, match="names"):
        Story(("Ann",), GameState().rules)  # type: ignore[arg-type]
