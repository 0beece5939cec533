"""The places that once assumed the default order or 10 balls a colour read
the rule set: groups best first, compare, the bag in words."""

from __future__ import annotations

import pytest

from shibumi import parse_board, parse_cell
from spoker import RuleSet
from spoker.engine.groups import Rank, compare, groups_at, groups_containing, strength
from spoker.engine.moves import Move
from spoker.text.textview import bag_text

BEFORE = "WBWBWWRWBRBBRWRB/RWBRBRRBW/RW.R/."
"""Black on 3C5 forms a full house and a three of three kinds, both on level 3."""
LOW_HOUSE = RuleSet.parse("order=full_house<three_kinds<flush_three<flush_four")


def _after() -> tuple[object, object]:
    move = Move.from_str("B@3C5")
    return parse_board(BEFORE).place(move.cell, move.colour), move.cell


def test_groups_at_lists_the_best_first_by_the_rule_sets_order() -> None:
    after, cell = _after()
    assert [g.rank for g in groups_at(after, cell)] == [Rank.FULL_HOUSE, Rank.THREE_KINDS]
    assert [g.rank for g in groups_at(after, cell, LOW_HOUSE)] == [Rank.THREE_KINDS, Rank.FULL_HOUSE]
    assert [g.rank for g in groups_containing(after, cell, LOW_HOUSE)][:2] == [Rank.THREE_KINDS, Rank.FULL_HOUSE]


def test_compare_and_strength_follow_the_order() -> None:
    after, cell = _after()
    house, three = groups_at(after, cell)
    assert compare(house, three) == 1
    assert compare(house, three, LOW_HOUSE) == -1
    assert strength(house, LOW_HOUSE) == (1, 3) and strength(three, LOW_HOUSE) == (2, 3)
    assert strength(house, RuleSet.parse("off=full_house")) == (0, 3)


@pytest.mark.parametrize(
    ("rules", "expect"),
    [("visible", "bag: 9 white, 9 black, 10 red"), ("bag=12-9-9", "bag: 11 white, 8 black, 9 red"),
     ("bag=20-10-0", "bag: 19 white, 9 black, 0 red")],
)
def test_the_bag_of_a_bare_board_is_the_rule_sets(rules: str, expect: str) -> None:
    assert bag_text(parse_board("WB............../........./..../."), RuleSet.parse(rules)) == expect


def test_a_bare_board_needs_the_rules_for_its_bag() -> None:
    with pytest.raises(TypeError, match="rules"):
        bag_text(parse_board("WB............../........./..../."))  # type: ignore[call-arg]


def test_the_luck_judge_weighs_the_draw_by_the_rule_sets_bag() -> None:
    from spoker import GameState
    from spoker.runs.luck_judge import JUDGES

    state = GameState(RuleSet.parse("bag=20-10-0"))
    values = JUDGES["ply1"].colour_values(state)
    assert [(colour, chance) for colour, chance, _ in values] == [(0, pytest.approx(2 / 3)), (1, pytest.approx(1 / 3))]


def test_the_puzzles_compare_with_the_touching_rules_keeping_the_bag() -> None:
    """A position with 12 white balls reads under the touching rules only
    with its own bag: the hidden group is found, not skipped."""
    from spoker.engine.state_strings import parse_state
    from spoker.runs.puzzles import _hidden_kinds

    state = parse_state("WWWWBWWWBRBBRWWW/RB.WRBRWW/...W/. 2 4-1 - W * visible,bag=16-7-7")
    assert _hidden_kinds(state) == {"covered"}
    assert RuleSet.parse("tie=none, bag=16-7-7").but(visibility="touching") == RuleSet.parse(
        "touching, tie=none, bag=16-7-7")


def test_the_analysis_says_better_by_the_rule_sets_order() -> None:
    """Under full_house lowest, a three of three kinds on level 1 beats a full
    house on level 2: the missed challenge is said."""
    from spoker.engine.state_strings import parse_state
    from spoker.text.analysis_words import why_words

    state = parse_state(f"RW..RWBBW.W.BWR./........./..../. 2 0-2 - - * {LOW_HOUSE.token}")
    words = why_words(state, 2, parse_cell("2B2"), parse_cell("1E1"), ("Ann", "Bob"), 0.0, 0.5)
    assert words.startswith("Challenged with a full house on level 2; 1E1 would have challenged with a three of three kinds")

