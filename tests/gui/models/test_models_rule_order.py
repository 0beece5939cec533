"""The laboratory's best group and the game screen's held-back groups follow
the rule set's order (``order=``)."""

from __future__ import annotations

from shibumi import parse_board, parse_cell
from spoker import RuleSet
from spoker.engine.groups import Rank
from spoker.engine.moves import Move
from spoker.engine.state_strings import parse_state
from spoker.gui.models.lab import answer_under
from spoker.gui.models.story import MarkRole, Story

BEFORE = "WBWBWWRWBRBBRWRB/RWBRBRRBW/RW.R/."
"""Black on 3C5 forms a full house and a three of three kinds, both on level 3."""
LOW_HOUSE = RuleSet.parse("order=full_house<three_kinds<flush_three<flush_four")


def test_the_laboratory_marks_the_best_group_by_the_rule_sets_order() -> None:
    move = Move.from_str("B@3C5")
    after = parse_board(BEFORE).place(move.cell, move.colour)
    best = answer_under(after, move.cell, RuleSet()).best
    assert best is not None and best.rank == Rank.FULL_HOUSE
    best = answer_under(after, move.cell, LOW_HOUSE).best
    assert best is not None and best.rank == Rank.THREE_KINDS


def test_the_story_tells_a_better_group_held_back_by_the_rule_sets_order() -> None:
    """Black on 2F4 challenges with a full house on level 2; the three of three
    kinds 2B4 2D4 2F4 would beat it when full houses rank lowest, but 2D4 is
    covered: the game screen says so."""
    state = parse_state(f"RRWRWBBBBBRRWRBW/BBBRW.RRR/W.W./. 1 3-4 - B * {LOW_HOUSE.token}")
    story = Story(("Ann", "Bob"), state.rules)
    story.tell(state.apply_place(parse_cell("2F4")), state)
    assert [m.role for m in story.moment.marks] == [MarkRole.CHALLENGE, MarkRole.BLOCKED]
    assert [str(c) for c in story.moment.marks[1].cells] == ["2B4", "2D4", "2F4"]
