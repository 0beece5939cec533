"""How each challenge ended (spoker.engine.challenges): one summary, derived
from the engine's events, for the replays and the game screen alike."""

from __future__ import annotations

import ast
import inspect

import pytest
from support.games import (
    ALL_GAMES,
    BAG_EMPTY_GAME,
    EXAMPLE5_GAME,
    STRAIGHT_FLUSH_RESPONSE_GAME,
)

from spoker.engine.challenges import ChallengeSummary, add_challenges, challenge_summaries
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.records.record import parse_record
from spoker.records.replay import Replay


def test_the_bookkeeping_is_the_engines_own() -> None:
    # Data derived from events: it needs no words, no records and no screen.
    import spoker.engine.challenges

    tree = ast.parse(inspect.getsource(spoker.engine.challenges))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    above = {m for m in imported if m.startswith(("spoker.text", "spoker.records", "spoker.gui"))}
    assert not above, above


@pytest.mark.parametrize("text", ALL_GAMES)
def test_one_summary_from_the_events_of_a_game(text: str) -> None:
    replay = Replay(parse_record(text))
    assert all(isinstance(c, ChallengeSummary) for c in replay.challenges)
    assert challenge_summaries([replay.events_at(n) for n in range(replay.length + 1)]) == replay.challenges
    # Folded move by move, as the game screen does, the summaries are the same.
    state = GameState(replay.rules)
    folded: list[ChallengeSummary] = []
    for n, move in enumerate(replay.record.moves, 1):
        add_challenges(folded, n, state.apply_move(move))
    assert folded == replay.challenges


def test_a_straight_flush_answer_cancels_the_challenge_it_answers() -> None:
    replay = Replay(parse_record(STRAIGHT_FLUSH_RESPONSE_GAME))
    last = replay.challenges[-1]
    assert last.cancelled and last.points == (0, 0) and last.winner is None
    assert last.response is not None and last.response_move == replay.length


def test_the_bag_empty_challenge_has_no_answering_move() -> None:
    last = Replay(parse_record(BAG_EMPTY_GAME), RuleSet.parse("apex-free")).challenges[-1]
    assert last.bag_empty and last.response_move is None and last.winner == last.challenger


def test_an_open_challenge_has_no_points_yet() -> None:
    replay = Replay(parse_record(EXAMPLE5_GAME))
    opened = challenge_summaries([replay.events_at(n) for n in range(replay.length)])[-1]
    assert opened.move == replay.length - 1 and opened.points is None and opened.response is None
