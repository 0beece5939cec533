"""The study's figures for a game designer (spoker/runs/study.py): lead
changes and when the winner was decided, against hand-computed games."""

from __future__ import annotations

import pytest

from shibumi import Cell, Colour
from spoker.engine.events import BallPlaced, ChallengeResolved, End, Event, GameOver, StraightFlush
from spoker.engine.groups import Group, Rank
from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError
from spoker.runs.study import RuleTally, decided_at, lead_changes, run_study

GROUP = Group(Rank.THREE_KINDS, (), 1)


def game(length: int, points: dict[int, tuple[int, int]], winner: int | None, sf: bool = False) -> list[Event]:
    """The events of a game of ``length`` moves in which the challenge settled
    on move m scores ``points[m]`` (player 1, player 2); ``sf``: the last
    move is the winner's straight flush."""
    events: list[Event] = []
    score = [0, 0]
    for move in range(1, length + 1):
        player = 1 if move % 2 else 2
        events.append(BallPlaced(player, Colour.WHITE, Cell(0), move, False))
        if move in points:
            p = points[move]
            score = [score[0] + p[0], score[1] + p[1]]
            events.append(ChallengeResolved(1, GROUP, None, p, 1 if p[0] > p[1] else 2, move - 1))
    if sf:
        assert winner is not None
        events.append(StraightFlush(winner, GROUP, None))
    events.append(GameOver(winner, (score[0], score[1]), End.STRAIGHT_FLUSH if sf else End.COMPLETE))
    return events


# (leads after each move, lead changes, the move after which the winner led for good or None)
LEADS = [
    ([0, 1, 1, -1, -1, 1], 2, 6),
    ([0, 1, 0, 1, 1], 0, 4),           # level between two leads of one player: no change
    ([1, 0, -1, 0, 1, 1], 2, 5),
    ([0, 0, 1, 1, 0, 0], 0, None),     # a draw: nobody was decided
    ([0, -1, -1, -1], 0, 2),
    ([1, 1, 1], 0, 1),
    ([], 0, None),
]


@pytest.mark.parametrize(("leads", "changes", "decided"), LEADS)
def test_lead_changes_and_decided_at_by_hand(leads: list[int], changes: int, decided: int | None) -> None:
    assert lead_changes(leads) == changes
    if decided is None:
        with pytest.raises(ArgumentError):
            decided_at(leads)
    else:
        assert decided_at(leads) == decided


def test_a_table_of_games_adds_up_as_by_hand() -> None:
    tally = RuleTally(RuleSet(), ("a", "b"))
    # 1-0 on move 5, 1-2 on move 10, 3-2 on move 20: two lead changes, player 1
    # leads for good after move 20 of 30.
    tally.add_game(game(30, {5: (1, 0), 10: (0, 2), 20: (2, 0)}, 1), a_second=False)
    # 1-0, then 1-1 to the end: a draw, no lead change.
    tally.add_game(game(30, {8: (1, 0), 12: (0, 1)}, None), a_second=False)
    # Player 1 leads 2-0 from move 6; player 2's straight flush on move 22
    # wins: one lead change, decided on the last move (22 of 22).
    tally.add_game(game(22, {6: (2, 0)}, 2, sf=True), a_second=True)
    # 1-0, 1-1 (a tie scores both), 2-1: no lead change, decided after move 9 of 30.
    tally.add_game(game(30, {3: (1, 0), 7: (1, 2), 9: (1, 0)}, 1), a_second=True)
    assert tally.lead_changes == 3 and tally.lead_changes_sq == 5
    count, mean, lo, hi = tally.decided_share()
    shares = [20 / 30, 22 / 22, 9 / 30]
    assert count == 3 and mean == pytest.approx(sum(shares) / 3)
    assert lo < mean < hi
    j = tally.to_json()
    assert j["lead_changes"]["mean"] == 0.75
    assert j["decided_at"]["games"] == 3 and j["decided_at"]["mean"] == pytest.approx(sum(shares) / 3, abs=1e-4)
    assert j["decided_at"]["ci"][1] <= 1.0
    assert j["draws"]["count"] == 1 and j["straight_flush_ends"]["count"] == 1
    assert j["second"]["wins"] == 1 and j["name"] == "visible"


def test_merged_tallies_keep_the_new_figures() -> None:
    one = RuleTally(RuleSet(), ("a", "b"))
    one.add_game(game(30, {5: (1, 0), 10: (0, 2), 20: (2, 0)}, 1), a_second=False)
    both = RuleTally(RuleSet(), ("a", "b"), "mine")
    both.merge(one)
    both.merge(one)
    assert both.lead_changes == 4 and both.decided_share()[:2] == (2, pytest.approx(20 / 30))
    assert both.name == "mine" and both.to_json()["name"] == "mine"


def test_played_games_hold_the_figures() -> None:
    study = run_study(("greedy", "random"), 24, seed=3, rule_sets=[RuleSet(), RuleSet.parse("touching, tie=none")])
    for t in study.tallies:
        j = t.to_json()
        assert j["decided_at"]["games"] + j["draws"]["count"] == 24
        assert 0 < j["decided_at"]["mean"] <= 1 and 0 <= j["lead_changes"]["mean"] <= 29
    table = study.table()
    assert "lead changes" in table and "decided at" in table and "second seat" in table
