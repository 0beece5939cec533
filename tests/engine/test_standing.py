"""Why a group does not count is decided once (spoker.engine.groups.standing: a
variant's exclusion, then the apex ruling, then visibility) and said by the
narrator; the laboratory, the explanations, the game screen and ``spoker
groups`` all follow it. (A variant's reason: tests/test_variant_plugin.py.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.strategies import placements

from shibumi import APEX, Board, Cell, Colour, parse_board
from spoker.cli.groups_cmd import analyse, group_json, to_json
from spoker.engine.groups import Reason, ReasonKind, best_group, groups_at, standing
from spoker.engine.moves import Move
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.gui.models.lab import RULE_SETS, ask, judged_groups
from spoker.gui.models.story import MomentKind, Story
from spoker.records.suite import counting_best
from spoker.text.narrator import (
    APEX_REASON,
    APEX_SHORT,
    BLOCKED_TITLES,
    explain,
    reason_text,
    standing_line,
)

VISIBLE, TOUCHING, VISIBLE_APEX, _ = RULE_SETS
EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."
EXAMPLE4_COVERED = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../."
APEX_FULL_HOUSE = "WWWWWWWBBBBBBBBR/RRRRRRRRR/WWBB/."  # a white apex: a full house


def _placed(board: str, move: str) -> tuple[Board, Cell]:
    m = Move.from_str(move)
    return parse_board(board).place(m.cell, m.colour), m.cell


def test_visibility_holds_back_under_the_visible_rules_only() -> None:
    after, cell = _placed(EXAMPLE2_CUT, "W@1G3")
    flush4 = groups_at(after, cell)[0]
    cut = standing(after, flush4, VISIBLE, cell)
    assert cut.kind == ReasonKind.CUT and cut.against == cut.hidden == (
        Reason(ReasonKind.CUT, tuple(Cell.from_str(c) for c in ("1C3", "1E3", "2D2", "2D4"))),
    )
    assert reason_text(cut.against[0]) == "the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4"
    assert reason_text(cut.against[0], short=True) == "contact 1C3-1E3 is cut by 2D2 and 2D4"
    touching = standing(after, flush4, TOUCHING, cell)
    assert touching.counts and touching.kind is None and touching.hidden == cut.hidden
    assert standing_line(touching).startswith("It counts under the 'touching' rules although the contact")
    after, cell = _placed(EXAMPLE4_COVERED, "R@3E5")
    covered = next(s for s in (standing(after, g, VISIBLE, cell) for g in groups_at(after, cell)) if not s.counts)
    assert covered.kind == ReasonKind.COVERED and reason_text(covered.against[0], short=True) == "1C3 is covered by 3C3"


def test_the_apex_ruling_holds_back_a_normal_turn_only() -> None:
    after, cell = _placed(APEX_FULL_HOUSE, "W@4D4")
    full_house = groups_at(after, cell)[0]
    normal = standing(after, full_house, VISIBLE, cell)
    assert normal.kind == ReasonKind.APEX and normal.against == (Reason(ReasonKind.APEX, (APEX,)),)
    assert reason_text(normal.against[0]) == APEX_SHORT and reason_text(normal.against[0], True) == APEX_REASON
    assert standing_line(normal) == f"It does not count: {APEX_SHORT}."
    assert standing(after, full_house, VISIBLE, cell, responding=True).counts
    assert standing(after, full_house, VISIBLE_APEX, cell).counts
    assert standing(after, full_house, VISIBLE).counts  # no turn: the position as it stands
    # The game says the apex ruling, not "not visible".
    state = GameState.from_board(parse_board(APEX_FULL_HOUSE))
    state.apply_draw("W")
    story = Story(("Ann", "Bob"), VISIBLE)
    story.tell(state.apply_place(APEX), state)
    assert f"Full house, level 4 does not count: {APEX_SHORT}." in story.moment.lines
    assert "Not visible" not in " ".join(story.moment.lines)


def test_a_group_held_back_is_titled_by_its_reason() -> None:
    assert len({BLOCKED_TITLES[k] for k in (ReasonKind.EXCLUDED, ReasonKind.APEX, ReasonKind.CUT)}) == 3
    assert BLOCKED_TITLES[ReasonKind.CUT] == BLOCKED_TITLES[ReasonKind.COVERED] == "Not visible: it does not count"
    # B@1C7 forms only the flush three 1C3 1C5 1C7, whose contact 1C3-1C5 2B4 and 2D4 cut.
    state = GameState.from_board(parse_board("BRWWRBB.WBWRB.WW/WR.WR...W/..../."))
    state.apply_draw("B")
    story = Story(("Ann", "Bob"), VISIBLE)
    story.tell(state.apply_place("1C7"), state)
    assert story.moment.kind == MomentKind.BLOCKED and story.moment.title == BLOCKED_TITLES[ReasonKind.CUT]
    assert story.moment.lines[0].startswith("Flush three, level 1 would count, but the contact")


@settings(max_examples=examples(60))  # each example asks the lab, the narrator and the command line
@given(placements(), st.sampled_from(RULE_SETS))
def test_every_reader_follows_the_one_cascade(placement: tuple[Board, Cell, Colour], rules: RuleSet) -> None:
    board, cell, colour = placement
    after = board.place(cell, colour)
    groups = groups_at(after, cell)
    turn = [standing(after, g, rules, cell) for g in groups]  # a normal turn
    position = [standing(after, g, rules) for g in groups]  # as it stands (spoker groups)
    answer = ask(board, cell, colour, (rules,)).answers[0]
    assert [(v.group, v.counts) for v in answer.judged] == [(s.group, s.counts) for s in turn]
    assert answer.best == next((s.group for s in turn if s.counts), None) == counting_best(after, cell, rules)
    for g, s in zip(groups, position):
        assert explain(after, g, rules)[1] == standing_line(s)
    best = next((s.group for s in position if s.counts), None)
    assert best == best_group(after, cell, rules)
    move = Move(colour, cell)
    answer_json = to_json(move, *analyse(board, move, rules), board, rules)
    assert answer_json["best"] == (None if best is None else group_json(best, False))
    assert [g["counts"] for g in answer_json["groups"]] == [s.counts for s in position]  # type: ignore[attr-defined]
    on_board = {v.group: v.counts for v in judged_groups(after, cell, rules)}
    assert all(on_board[s.group] == s.counts for s in position)


def test_a_variant_s_excluded_shape_is_held_back_first_with_its_sentence() -> None:
    """Standing.against, first ruling first: a variant that takes a shape away
    (plugins.md: Rulings.without) holds its groups back with its own sentence."""
    from spoker.engine.rules import Variant, register_variant, unregister_variant

    why = "lines of three are no groups here"
    register_variant(Variant("no-threes", why, lambda r: r.without(lambda p: p.kind == 3, why)))
    try:
        board = parse_board("WWW............./........./..../.")
        group = best_group(board, "1C1")  # the flush of three, under the plain rules
        assert group is not None
        held = standing(board, group, RuleSet(variants=("no-threes",)), placed="1C1")
        assert held.against == (Reason(ReasonKind.EXCLUDED, why=why),)
        assert not held.counts and standing(board, group, placed="1C1").counts
    finally:
        unregister_variant("no-threes")


def test_a_standing_keeps_its_rule_set_and_no_reason_when_it_counts() -> None:
    """Standing.against is a tuple, empty when the group counts: the touching
    rules overlook a cut contact (rules.md, "Which groups count") and hold
    nothing against the flush four, though Standing.hidden still names the cut;
    each standing keeps the rule set it was judged under."""
    after, cell = _placed(EXAMPLE2_CUT, "W@1G3")
    flush4 = groups_at(after, cell)[0]
    for rules in RULE_SETS:
        assert standing(after, flush4, rules, cell).rules is rules
    touching = standing(after, flush4, TOUCHING, cell)
    assert touching.against == () and touching.hidden != ()
