"""The laboratory's best group follows the rule set's order (``order=``)."""

from __future__ import annotations

from shibumi import parse_board
from spoker import RuleSet
from spoker.engine.groups import Rank
from spoker.engine.moves import Move
from spoker.gui.models.lab import answer_under

BEFORE = "WBWBWWRWBRBBRWRB/RWBRBRRBW/RW.R/."
"""Black on 3C5 forms a full house and a three of three kinds, both on level 3."""


def test_the_laboratory_marks_the_best_group_by_the_rule_sets_order() -> None:
    move = Move.from_str("B@3C5")
    after = parse_board(BEFORE).place(move.cell, move.colour)
    best = answer_under(after, move.cell, RuleSet()).best
    assert best is not None and best.rank == Rank.FULL_HOUSE
    low_house = RuleSet.parse("order=full_house<three_kinds<flush_three<flush_four")
    best = answer_under(after, move.cell, low_house).best
    assert best is not None and best.rank == Rank.THREE_KINDS
