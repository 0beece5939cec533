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
from spoker.engine.events import ChallengeResolved, StraightFlush
from spoker.engine.groups import Group, Rank
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


_THREE = Group(Rank.THREE_KINDS, (), 1)
_FLUSH = Group(Rank.STRAIGHT_FLUSH, (), 4)


def _opened(move: int, points: tuple[int, int] | None = None) -> ChallengeSummary:
    """Player 1's challenge of move ``move``: open, or closed with ``points``."""
    return ChallengeSummary(move, 1, _THREE, points=points, winner=None if points is None else 1)


def _answer(move: int) -> ChallengeResolved:
    return ChallengeResolved(1, _THREE, None, (1, 0), 1, move)


@pytest.mark.parametrize("summaries", [[], [_opened(3)]], ids=["none", "another"])
def test_an_answer_to_a_challenge_not_in_the_list_changes_nothing(summaries: list[ChallengeSummary]) -> None:
    """Only the challenge opened on the answered move is closed: none, nothing."""
    before = list(summaries)
    add_challenges(summaries, 9, [_answer(7)])
    assert summaries == before


def test_an_answer_closes_the_challenge_of_its_move_wherever_it_is() -> None:
    summaries = [_opened(3), _opened(5)]
    add_challenges(summaries, 9, [_answer(3)])
    assert summaries == [_opened(3)._replace(points=(1, 0), response_move=9, winner=1), _opened(5)]


@pytest.mark.parametrize(
    "summaries",
    [[], [_opened(3, (1, 0))]],
    ids=["none", "all-closed"],
)
def test_a_straight_flush_with_no_challenge_open_changes_nothing(summaries: list[ChallengeSummary]) -> None:
    """rules.md, "Straight flush": it cancels the challenge it answers; none open, nothing."""
    before = list(summaries)
    add_challenges(summaries, 9, [StraightFlush(2, _FLUSH, _THREE)])
    assert summaries == before


@pytest.mark.parametrize("closed_after", [0, 1, 2])
def test_a_straight_flush_cancels_the_last_challenge_still_open(closed_after: int) -> None:
    """rules.md, "Straight flush": the challenge it answers scores nothing."""
    after = [_opened(5 + k, (1, 0)) for k in range(closed_after)]
    summaries = [_opened(3), *after]
    add_challenges(summaries, 9, [StraightFlush(2, _FLUSH, _THREE)])
    cancelled = _opened(3)._replace(response=_FLUSH, points=(0, 0), response_move=9, cancelled=True)
    assert summaries == [cancelled, *after]


@pytest.mark.parametrize(
    ("summaries", "n", "message"),
    [
        (None, 1, "summaries None: expected a list, not NoneType"),
        ((), 1, "summaries (): expected a list, not tuple"),
        ([], "3", "move number '3': expected a int, not str"),
    ],
)
def test_a_list_and_a_move_number_or_a_type_error_naming_which(summaries: object, n: object, message: str) -> None:
    with pytest.raises(TypeError) as err:
        add_challenges(summaries, n, [])  # type: ignore[arg-type]
    assert str(err.value) == message
