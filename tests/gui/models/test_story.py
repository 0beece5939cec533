"""The game screen's story (spoker.gui.models.story): typed kinds, the story
told once for the game screen and the replay viewer, and no word of its own
(every sentence is the narrator's)."""

from __future__ import annotations

import ast
import inspect

import pytest
from hypothesis import given, settings
from support.games import ALL_GAMES, EXAMPLE5_GAME
from support.strategies import games

from spoker.engine.state import GameState
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.replay_model import ReplayStory
from spoker.gui.models.story import Line, LineKind, Mark, MarkRole, Moment, MomentKind, Story
from spoker.records.record import GameRecord, parse_record
from spoker.records.replay import Replay


def test_typed_kinds_print_and_compare_as_their_words() -> None:
    assert str(MomentKind.STRAIGHT_FLUSH) == "straight_flush" and f"{LineKind.SETTLED}" == "settled"
    assert MarkRole.BLOCKED == "blocked" and {"blocked": 1}.get(MarkRole.BLOCKED) == 1
    # A role or a kind given as its word is kept as the typed value; a wrong word is refused.
    assert Mark((), "hint").role is MarkRole.HINT  # type: ignore[arg-type]
    assert Moment("settled").kind is MomentKind.SETTLED  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="glowing"):
        Mark((), "glowing")  # type: ignore[arg-type]
    assert Line("x").kind == LineKind.INFO


@pytest.mark.parametrize("text", ALL_GAMES)
def test_one_challenge_summary_for_the_replay_and_the_game_screen(text: str) -> None:
    record = parse_record(text)
    replay = Replay(record)
    controller = GameController(GameSetup(seed=1), record.play(), note_resume=False)
    assert controller.challenges == replay.challenges  # the same type, the same values


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


def test_the_story_tells_a_challenge_and_its_settlement() -> None:
    replay = Replay(parse_record(EXAMPLE5_GAME))
    story = Story(("Ann", "Bob"), replay.rules)
    for n in range(1, 21):
        story.tell(replay.events_at(n), replay.state_at(n))
    assert story.moment.kind == MomentKind.CHALLENGE and story.moment.title == "Bob challenges: Flush three, level 1"
    assert story.moment.marks == (Mark(replay.challenges[-1].challenge.cells, MarkRole.CHALLENGE, 2),)
    assert story.log[-1] == Line(
        "Bob challenges: Flush three, level 1. Ann must answer with a better group.", LineKind.CHALLENGE
    )
    story.tell(replay.events_at(21), replay.state_at(21))
    assert story.moment.kind == MomentKind.SETTLED and story.moment.title == "Ann answers better and scores 1"
    assert [m.role for m in story.moment.marks] == [MarkRole.CHALLENGE, MarkRole.RESPONSE]
    assert [c.role for c in story.counted[-2:]] == [MarkRole.CHALLENGE, MarkRole.RESPONSE]
    assert [line.kind for line in story.log[-4:]] == [LineKind.MOVE, LineKind.MOVE, LineKind.GROUP, LineKind.SETTLED]


def _words(tree: ast.AST) -> list[str]:
    """The string literals of a module that are not docstrings, the typed
    kinds' values, ``__all__`` or an error message."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            skip.add(id(body[0].value))  # a docstring
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            skip.add(id(node.value))  # an attribute's docstring
        if isinstance(node, ast.ClassDef) and any(ast.unparse(b) == "StrEnum" for b in node.bases):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Raise) or (isinstance(node, ast.Call) and ast.unparse(node.func) == "expect"):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__":
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(n) for n in ast.walk(node) if n is not node)  # its pieces: it counts once
    return [
        ast.unparse(n) for n in ast.walk(tree)
        if id(n) not in skip
        and (isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value))
    ]


def test_the_story_holds_no_words_of_its_own() -> None:
    import spoker.gui.models.story

    assert _words(ast.parse(inspect.getsource(spoker.gui.models.story))) == []
    # The check sees a sentence where one is written.
    assert _words(ast.parse('def f(name):\n    """Doc."""\n    return f"{name} wins"')) == ["f'{name} wins'"]
