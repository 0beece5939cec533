"""A rule set in words: one phrase for each item that differs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from spoker.engine.rules import RuleSet
from spoker.text.rules_words import STANDARD, differences, one_line
from tests.support.strategies import any_rule_sets

CASES = [
    ("visible", (), "the rules as written have nothing to say"),
    ("touching", ("every touching group counts, covered or cut",), "the visibility ruling"),
    ("visible, apex-free", ("the apex counts on any turn",), "the apex ruling"),
    ("lines=in-level", ("a line that climbs does not count",), "lines within a level"),
    ("off=flush_three", ("flush three forms no group",), "one rank off: singular"),
    ("off=three_kinds+flush_three", ("three of three kinds and flush three form no group",), "two ranks off: plural"),
    ("order=three_kinds<flush_three<flush_four<full_house", ("full house ranks above flush four",), "one swap is named as such"),
    ("order=flush_four<full_house<flush_three<three_kinds",
     ("ranks, highest first: three of three kinds > flush three > full house > flush four",), "a reversal: the whole order"),
    ("tie=none", ("a tie scores nothing",), "the tie"),
    ("bag=12-9-9", ("the bag holds 12 white, 9 black, 9 red",), "the bag"),
]


@pytest.mark.parametrize(("items", "expected", "why"), CASES, ids=[c[0] for c in CASES])
def test_each_item_has_its_phrase(items: str, expected: tuple[str, ...], why: str) -> None:
    assert differences(RuleSet.parse(items)) == expected, why


def test_the_line_names_the_standard_rules_or_joins_the_differences() -> None:
    assert one_line(RuleSet()) == STANDARD
    assert one_line(RuleSet.parse("tie=none, bag=12-9-9")) == "Rules: a tie scores nothing; the bag holds 12 white, 9 black, 9 red"


@settings(max_examples=50, deadline=None)
@given(any_rule_sets())
def test_nothing_differs_exactly_when_the_items_are_the_default(rules: RuleSet) -> None:
    assert (differences(rules) == ()) == (str(rules) == "visible")
    assert len(differences(rules)) == len(rules.items()) - (rules.visibility == "visible")
