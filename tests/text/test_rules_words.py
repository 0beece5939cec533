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


def test_an_items_exclusion_is_said_in_words_and_a_variants_as_it_wrote_it() -> None:
    from spoker.engine.judging import CLIMBING, off_sentence
    from spoker.text.rules_words import excluded_words

    assert excluded_words(off_sentence(1)) == "three of three kinds is off here"
    assert excluded_words(off_sentence(3)) == "full house is off here"
    assert excluded_words(CLIMBING) == "a line that climbs does not count here"
    assert excluded_words("my variant's own reason") == "my variant's own reason"
    # A line both off and climbing: the judge joins its two sentences, each said in words.
    both = excluded_words(f"{off_sentence(4)}; {CLIMBING}")
    assert both == "flush four is off here; a line that climbs does not count here"


@pytest.mark.parametrize(("rules", "words"), [
    ("visible", "the visible rules"),
    ("touching, apex-free", "the touching rules, apex-free"),
    ("touching, tie=none", "the touching rules and 1 changed item"),
    ("lines=in-level, off=full_house, tie=none, bag=12-9-9", "the visible rules and 4 changed items"),
])
def test_a_heading_names_the_rule_set_in_a_few_words(rules: str, words: str) -> None:
    from spoker.text.rules_words import heading

    assert heading(RuleSet.parse(rules)) == words


def test_a_summary_and_a_games_rules_named() -> None:
    from spoker.text.rules_words import named, summary

    assert summary(RuleSet()) == STANDARD
    assert summary(RuleSet.parse("tie=none")) == "A tie scores nothing"
    assert named(RuleSet()) == "" and named(RuleSet.parse("touching")) == "touching"
    assert named(RuleSet.parse("tie=none"), "fair-tie") == "fair-tie"


@given(any_rule_sets())
@settings(max_examples=50)
def test_the_laboratorys_words_hold_no_notation_key(rules: RuleSet) -> None:
    from spoker.text.rules_words import heading, summary

    for text in (heading(rules), summary(rules)):
        assert "_" not in text and "=" not in text or rules.variants, text
