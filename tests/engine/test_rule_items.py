"""Rule sets of notation.md's items (``lines=``, ``off=``, ``order=``,
``tie=``, ``bag=``): the engine against the reference model under random
rule sets, the canonical form, the parser's refusals and the rules files."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import reference_rules as ref
from support.example_counts import examples
from support.model_events import play_both as play_moves_both
from support.model_events import ref_rules
from support.strategies import any_rule_sets, rules_texts

from shibumi import CELLS, parse_board
from spoker import GameState, RuleSet
from spoker.engine.groups import best_group, groups_at, standing
from spoker.engine.rules import rules_from_table
from spoker.engine.settling import GAIN, POINTS, settle
from spoker.engine.state_strings import parse_state
from spoker.errors import NotationError


def play_both(rng: random.Random, rules: RuleSet) -> GameState:
    """A random game, move by move in the engine and the model, ending alike."""
    state, model, _ = play_moves_both(rng, rules)
    assert (list(state.score), state.winner, state.end) == (model.scores, model.winner, model.end)
    return state


@settings(max_examples=examples(60))
@given(any_rule_sets(), st.integers(0, 2**32 - 1))
def test_games_under_any_rule_set_match_the_reference_model(rules: RuleSet, seed: int) -> None:
    state = play_both(random.Random(seed), rules)
    # The state string carries the rule set and reads back the same state.
    assert parse_state(state.to_string()) == state
    assert parse_state(state.to_string()).rules == rules


def test_each_item_changes_games_as_the_model_does() -> None:
    """Each item alone, over enough games that it matters."""
    for text in (
        "visible, lines=in-level", "touching, off=three_kinds", "visible, off=straight_flush",
        "visible, off=flush_three+full_house", "visible, order=flush_four<full_house<flush_three<three_kinds",
        "touching, tie=none", "visible, bag=12-9-9", "visible, bag=30-0-0", "touching, apex-free, bag=0-15-15",
    ):
        rules = RuleSet.parse(text)
        rng = random.Random(text)
        for _ in range(40):
            play_both(rng, rules)


@settings(max_examples=examples(150))
@given(any_rule_sets(), st.integers(0, 2**32 - 1), st.integers(3, 29))
def test_the_best_group_is_the_models_under_any_rule_set(rules: RuleSet, seed: int, balls: int) -> None:
    rng = random.Random(seed)
    state = GameState(rules)
    while not state.is_over and state.move_number < balls:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    board = state.board
    last = state.history[-1].cell
    mine = best_group(board, last, rules)
    theirs = ref.best_with({str(c): k.char for c, k in board}, str(last), rules=ref_rules(rules))
    assert (None if mine is None else (mine.rank.key, tuple(map(str, mine.cells)))) == (
        None if theirs is None else (theirs.rank, theirs.cells)
    )
    # Every group through the ball says whether it counts, and why not, as the model does.
    model = ref_rules(rules)
    for group in groups_at(board, last):
        told = standing(board, group, rules)
        as_model = ref.RefGroup(group.rank.key, tuple(map(str, group.cells)), group.top_level, group.visible)
        assert told.counts == model.counts(as_model)


# -- the canonical form ------------------------------------------------------------
@given(any_rule_sets())
def test_the_canonical_form_round_trips(rules: RuleSet) -> None:
    assert RuleSet.parse(str(rules)) == rules
    assert RuleSet.parse(rules.token) == rules
    assert " " not in rules.token


@given(any_rule_sets(), st.randoms(use_true_random=False))
def test_items_read_in_any_order_spacing_and_case(rules: RuleSet, rng: random.Random) -> None:
    items = list(rules.items())
    rng.shuffle(items)
    assert RuleSet.parse(" ,  ".join(item.upper() if rng.random() < 0.3 else item for item in items)) == rules


def test_the_canonical_form_leaves_defaults_out_in_the_specs_order() -> None:
    rules = RuleSet.parse("bag=12-9-9, tie=none, off=three_kinds, lines=in-level, touching")
    assert str(rules) == "touching, lines=in-level, off=three_kinds, tie=none, bag=12-9-9"
    assert str(RuleSet.parse("tie=both, bag=10-10-10, lines=any")) == "visible"
    assert str(RuleSet.parse("off=straight_flush+three_kinds+full_house")) == (
        "visible, off=three_kinds+full_house+straight_flush"
    )
    assert RuleSet.parse(
        "order=three_kinds<flush_three<full_house<flush_four"
    ) == RuleSet()


@given(rules_texts | st.text(max_size=60))
def test_any_text_parses_or_is_refused_quoting_it(text: str) -> None:
    try:
        rules = RuleSet.parse(text)
    except NotationError as err:
        assert repr(text) in str(err)
        assert "\n" not in str(err)
    else:
        assert RuleSet.parse(str(rules)) == rules


@pytest.mark.parametrize(("text", "says"), [
    ("visible, sideways", "unknown rule variant 'sideways'"),
    ("colour=red", "unknown item 'colour=red'"),
    ("lines=up", "'lines=up': lines= takes 'any' or 'in-level'"),
    ("tie=half", "'tie=half': tie= takes 'both' or 'none'"),
    ("tie=none, tie=none", "the item 'tie=none' is given twice"),
    ("tie=none, tie=both", "the item 'tie=both' is given twice"),
    ("apex-free, apex-free", "the item 'apex-free' is given twice"),
    ("visible, touching", "name two visibilities"),
    ("off=pair", "'pair' is not a rank"),
    ("off=three_kinds+three_kinds", "names a rank twice"),
    ("order=three_kinds<flush_three<full_house", "order= takes the four ranks"),
    ("order=three_kinds<flush_three<full_house<full_house", "order= takes the four ranks"),
    ("order=three_kinds<flush_three<full_house<straight_flush", "order= takes the four ranks"),
    ("bag=10-10-11", "the bag holds 30 balls, not 31"),
    ("bag=31-0-0", "the bag holds 30 balls"),
    ("bag=10-10", "bag= takes W-B-R"),
    ("bag=a-b-c", "bag= takes W-B-R"),
    ("visible,,tie=none", "an empty item"),
])
def test_the_specs_refusals_name_the_item(text: str, says: str) -> None:
    with pytest.raises(NotationError) as refused:
        RuleSet.parse(text)
    assert says in str(refused.value)
    assert repr(text) in str(refused.value)


# -- what the items decide -----------------------------------------------------------
def test_tie_none_scores_a_tie_nothing() -> None:
    code = 2 * 8 + 1  # a flush three on level 1
    assert settle(code, code) == (1, 1) == POINTS[code][code]
    assert settle(code, code, tie_scores=False) == (0, 0)
    rules = RuleSet.parse("tie=none")
    assert rules.settling.points[code][code] == (0, 0) and rules.gain[code][code] == 0
    assert RuleSet().gain is GAIN  # the module's tables are the rules as written


def test_order_ranks_the_challenge_codes() -> None:
    rules = RuleSet.parse("order=flush_four<full_house<flush_three<three_kinds")
    codes = rules.judge.codes
    assert codes[1][1] > codes[2][4] > codes[3][4] > codes[4][4]  # three kinds now the strongest
    assert codes[5][2] >= 40  # a straight flush above them all


def test_lines_in_level_says_why_a_climbing_line_forms_nothing() -> None:
    # The worked example 4 of rules.md: the red line 1C3 2D4 3E5 climbs.
    board = parse_board("WBWBRRBWWBRBBWRW/WBWBRBWRR/...R/.")
    rules = RuleSet.parse("touching, lines=in-level")
    climbing = [g for g in groups_at(board, "3E5") if g.rank.key == "flush_three"]
    assert climbing
    told = standing(board, climbing[0], rules)
    assert not told.counts
    assert told.against[0].why == "a line that climbs does not count under lines=in-level"


def test_a_bag_limits_the_board_and_the_draws() -> None:
    # 11 white balls, where (every lower group off) no ball can have challenged.
    rules = RuleSet.parse("bag=12-9-9, off=three_kinds+flush_three+full_house+flush_four")
    board = "WWWWWWWWWWW...../........./..../."
    state = parse_state(f"{board} 2 0-0 - - * {rules.token}")
    assert state.bag() == (1, 9, 9)
    with pytest.raises(NotationError, match="11 white balls"):
        parse_state(f"{board} 2 0-0 - - * off=three_kinds+flush_three+full_house+flush_four")
    state = GameState(RuleSet.parse("bag=0-15-15"))
    assert {k.char for k, _ in state.chance_outcomes()} == {"B", "R"}
    with pytest.raises(Exception, match="no .* left|none of"):
        state.apply_draw("W")


def test_off_straight_flush_does_not_end_the_game() -> None:
    rules = RuleSet.parse("off=straight_flush")
    state = GameState(rules)
    for move in ("W@1A1", "B@1E1", "W@1C1", "B@1G1", "W@1A3", "B@1E3", "W@1C3"):
        state.apply_move(move)
    state.apply_move("B@1G3")
    state.apply_move("W@2B2")  # a one-colour pyramid: nothing under off=straight_flush
    assert not state.is_over
    assert parse_state(state.to_string()) == state


# -- rules files ---------------------------------------------------------------------
def test_a_rules_table_names_the_same_rule_set_as_its_items() -> None:
    read = rules_from_table({
        "name": "level-lines", "summary": "Only lines within one level count", "visibility": "visible",
        "apex_free": False, "lines": "in-level", "off": ["three_kinds"],
        "order": ["three_kinds", "flush_three", "flush_four", "full_house"], "tie": "none",
        "bag": [12, 9, 9], "variants": [],
    }, "level.toml")
    assert read.name == "level-lines"
    assert read.rules == RuleSet.parse(
        "visible, lines=in-level, off=three_kinds, order=three_kinds<flush_three<flush_four<full_house, "
        "tie=none, bag=12-9-9"
    )


@pytest.mark.parametrize(("table", "says"), [
    ({"summary": "s"}, "key 'name': missing"),
    ({"name": "Big Rules", "summary": "s"}, "key 'name': 'Big Rules' is not a lower-case word"),
    ({"name": "x", "summary": "s", "colour": 1}, "key 'colour': unknown key"),
    ({"name": "x", "summary": "s", "tie": 0}, "key 'tie': 0: expected one of 'both', 'none'"),
    ({"name": "x", "summary": "s", "apex_free": "yes"}, "key 'apex_free': 'yes': expected true or false"),
    ({"name": "x", "summary": "s", "bag": [10, 10, 11]}, "key 'bag': [10, 10, 11]: the bag holds 30 balls"),
    ({"name": "x", "summary": "s", "bag": [10, 20]}, "key 'bag'"),
    ({"name": "x", "summary": "s", "order": ["three_kinds"]}, "key 'order'"),
    ({"name": "x", "summary": "s", "off": ["pair"]}, "key 'off'"),
    ({"name": "x", "summary": "s", "variants": ["sideways"]}, "key 'variants': 'sideways' is not a plug-in variant"),
])
def test_a_rules_table_is_refused_naming_the_file_and_key(table: dict[str, object], says: str) -> None:
    with pytest.raises(NotationError) as refused:
        rules_from_table(table, "mine.toml")
    assert str(refused.value).startswith("rules file mine.toml: ")
    assert says in str(refused.value)


def test_cells_are_all_named() -> None:  # the model and the engine name cells alike
    assert [str(c) for c in CELLS] == list(ref.CELL_NAMES)


@settings(max_examples=examples(100))
@given(any_rule_sets(), st.integers(0, 2**32 - 1), st.integers(0, 29))
def test_a_balls_code_is_one_under_any_rule_set(rules: RuleSet, seed: int, balls: int) -> None:
    """The engine's placement, the greedy player's code and the search's three
    colours at once judge alike, in the rule set's ranking."""
    rng = random.Random(seed)
    state = GameState(rules)
    while not state.is_over and state.move_number < balls:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    if state.is_over:
        return
    judge = rules.judge
    m0, m1, m2 = state.masks
    responding = state.challenge is not None
    for cell in state.legal_cells():
        codes = judge.turn_colour_codes(m0, m1, m2, cell, responding)
        for colour in range(3):
            masks = [m0, m1, m2]
            masks[colour] |= 1 << cell
            assert judge.placed_code(masks, state.occupied | 1 << cell, cell, colour, responding) == codes[colour]
