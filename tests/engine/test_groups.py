"""Winning groups: the engine against the plain reference model, and tables of
cases, each with the reason it holds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from support import reference_rules as ref
from support.strategies import boards, placements

from shibumi import BALLS_PER_COLOUR, CELLS, RESTING_ON, Board, Cell, Colour, parse_board
from spoker import (
    DEFAULT_RULES,
    Group,
    Rank,
    RuleSet,
    SpokerError,
    best_group,
    compare,
    explain,
    groups_at,
)
from spoker.engine.groups import PATTERNS, THROUGH, best_code, standing

VISIBLE = RuleSet("visible")
TOUCHING = RuleSet("touching")


# -- helpers ---------------------------------------------------------------------


def model(board: Board) -> dict[str, str]:
    """The reference model's board: cell name -> colour letter."""
    return {str(c): k.char for c, k in board}


def as_tuple(g: Group | None) -> tuple[str, tuple[str, ...], int, bool] | None:
    if g is None:
        return None
    return (g.rank.key, tuple(str(c) for c in g.cells), g.top_level, g.visible)


def ref_tuple(g: ref.RefGroup | None) -> tuple[str, tuple[str, ...], int, bool] | None:
    return None if g is None else (g.rank, g.cells, g.top_level, g.visible)


def check_against_reference(board: Board, cell: Cell) -> None:
    """groups_at, best_group (both visibilities) and best_code agree with the model."""
    balls = model(board)
    name = str(cell)
    assert [as_tuple(g) for g in groups_at(board, cell)] == [
        ref_tuple(g) for g in ref.groups_with(balls, name)
    ]
    for rules in (VISIBLE, TOUCHING):
        touching = rules.visibility == "touching"
        expected = ref.best_with(balls, name, touching)
        assert as_tuple(best_group(board, cell, rules)) == ref_tuple(expected)
        rank, level, _ = best_code(
            board.masks, board.occupied, cell, board[cell], rules.check_visibility  # type: ignore[arg-type]
        )
        assert (rank, level) == ((0, 0) if expected is None else expected.strength)


def random_boards(rng: random.Random, count: int) -> list[tuple[Board, Cell]]:
    """``count`` random legal placements: (board with the ball, its cell)."""
    out: list[tuple[Board, Cell]] = []
    while len(out) < count:
        board = Board()
        for _ in range(rng.randint(1, 30)):
            left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
            cell = rng.choice(board.playable())
            board = board.place(cell, rng.choice(left))
            out.append((board, cell))
    return out[:count]


# -- the reference model itself ---------------------------------------------------


def test_reference_geometry_counts_match_the_rules_text() -> None:
    # rules.md: 42 lines of three, 12 of four, none of five, 14 pyramids.
    assert (len(ref.LINES3), len(ref.LINES4), len(ref.LINES5), len(ref.PYRAMIDS)) == (42, 12, 0, 14)
    coverable = [c for c in ref.CELL_NAMES if ref.covering_cell(c)]
    assert coverable == ["1C3", "1E3", "1C5", "1E5", "2D4"]
    assert ref.CELL_NAMES[:4] == ["1A1", "1C1", "1E1", "1G1"] and ref.CELL_NAMES[-1] == "4D4"


def test_engine_patterns_are_the_reference_shapes() -> None:
    engine = {(p.kind, frozenset(str(c) for c in p.cells)) for p in PATTERNS}
    model_shapes = (
        {(3, frozenset(line)) for line in ref.LINES3}
        | {(4, frozenset(line)) for line in ref.LINES4}
        | {(5, frozenset(p)) for p in ref.PYRAMIDS}
    )
    assert engine == model_shapes
    for p in PATTERNS:
        if p.kind == 5:  # a pyramid's top is its last cell
            assert str(p.cells[-1]) == next(q[4] for q in ref.PYRAMIDS if set(q) == {str(c) for c in p.cells})


def test_through_lists_each_pattern_containing_the_cell_a_pyramid_only_at_its_top() -> None:
    for c in CELLS:
        expected = {
            p.pid for p in PATTERNS if c in p.cells and (p.kind != 5 or p.cells[-1] == c)
        }
        assert {p.pid for p in THROUGH[c]} == expected


# -- the engine against the model ---------------------------------------------------


@given(placements(min_balls=0, max_balls=29))
def test_groups_match_the_reference_on_random_placements(placement: tuple[Board, Cell, Colour]) -> None:
    board, cell, colour = placement
    check_against_reference(board.place(cell, colour), cell)


@pytest.mark.parametrize("seed", range(4))
def test_groups_match_the_reference_on_thousands_of_placements(seed: int) -> None:
    for board, cell in random_boards(random.Random(seed), 3000):
        check_against_reference(board, cell)


@given(boards(min_balls=5))
def test_every_ball_that_could_be_the_last_matches_the_reference(board: Board) -> None:
    # Any ball with nothing resting on it could have been placed last.
    for cell, _ in board:
        if not any(u in board for u in RESTING_ON[cell]):
            check_against_reference(board, cell)


# -- example tables -----------------------------------------------------------------

E = "................/........./..../."
EXAMPLE2 = "BBBRWWW.BBBRBBBB/........./..../."
EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."
EXAMPLE4_CORRECTED = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../."
EXAMPLE4_UNCOVERED = "WBWBRRBWWBRBBWRW/WBWBRBWRR/..../."

BEST_CASES = [
    # (id, board, move, rules, expected best (rank, cells) or None)
    ("three_kinds: a line of three, one ball of each colour",
     "WB............../........./..../.", "R@1E1", VISIBLE, ("three_kinds", "1A1 1C1 1E1")),
    ("two colours in a line of three are no group",
     "WB............../........./..../.", "W@1E1", VISIBLE, None),
    ("flush_three: a line of three of one colour",
     "WW............../........./..../.", "W@1E1", VISIBLE, ("flush_three", "1A1 1C1 1E1")),
    ("a cross-level line of three: each ball rests on the next",
     "WRB.BBR.RWW...../WR.RB..../..../.", "W@3C3", VISIBLE, ("flush_three", "1A1 2B2 3C3")),
    ("in-level diagonal neighbours do not touch: no line",
     "W....W........../........./..../.", "W@1E5", VISIBLE, None),
    ("full_house: pairs in rows, top the colour of one pair",
     "WW..BB........../........./..../.", "W@2B2", VISIBLE, ("full_house", "1A1 1C1 1A3 1C3 2B2")),
    ("full_house: top the colour of the other pair",
     "WW..BB........../........./..../.", "B@2B2", VISIBLE, ("full_house", "1A1 1C1 1A3 1C3 2B2")),
    ("full_house: pairs in columns",
     "WB..WB........../........./..../.", "B@2B2", VISIBLE, ("full_house", "1A1 1C1 1A3 1C3 2B2")),
    ("a checkerboard platform is no full house",
     "WB..BW........../........./..../.", "W@2B2", VISIBLE, None),
    ("a 3+1 platform is no full house (top of the three)",
     "WW..WB........../........./..../.", "W@2B2", VISIBLE, None),
    ("a 3+1 platform is no full house (top of the one)",
     "WW..WB........../........./..../.", "B@2B2", VISIBLE, None),
    ("a full house topped by the third colour is none",
     "WW..BB........../........./..../.", "R@2B2", VISIBLE, None),
    ("a one-colour platform under another colour is none",
     "WW..WW........../........./..../.", "B@2B2", VISIBLE, None),
    ("straight_flush: a pyramid of one colour",
     "WW..WW........../........./..../.", "W@2B2", VISIBLE, ("straight_flush", "1A1 1C1 1A3 1C3 2B2")),
    ("flush_four: a level-1 row of one colour (rules.md example 2)",
     EXAMPLE2, "W@1G3", VISIBLE, ("flush_four", "1A3 1C3 1E3 1G3")),
    ("flush_four: the edge from a base corner to the apex (geometry: no apex ruling here)",
     "WBWBWBRRRRWWRBRB/WWWBWRRBB/RWRB/.", "B@4D4", VISIBLE, ("flush_four", "1G7 2F6 3E5 4D4")),
    ("a cut flush four does not count: the best is a three of three kinds (example 2)",
     EXAMPLE2_CUT, "W@1G3", VISIBLE, ("three_kinds", "1G3 1G5 1G7")),
    ("touching rules: the cut flush four counts (example 2)",
     EXAMPLE2_CUT, "W@1G3", TOUCHING, ("flush_four", "1A3 1C3 1E3 1G3")),
    ("a covered ball spoils a line: three of three kinds to level 3 (example 4)",
     EXAMPLE4_CORRECTED, "R@3E5", VISIBLE, ("three_kinds", "1G3 2F4 3E5")),
    ("touching rules: the covered flush three counts (example 4)",
     EXAMPLE4_CORRECTED, "R@3E5", TOUCHING, ("flush_three", "1C3 2D4 3E5")),
    ("without the covering ball the flush three counts (example 4)",
     EXAMPLE4_UNCOVERED, "R@3E5", VISIBLE, ("flush_three", "1C3 2D4 3E5")),
    ("the best group is the highest rank (flush three over three of three kinds)",
     "W...W....BR...../........./..../.", "W@1A5", VISIBLE, ("flush_three", "1A1 1A3 1A5")),
    ("equal best groups: the first in cell order (a last ball's groups all reach its level)",
     "W...W....WW...../........./..../.", "W@1A5", VISIBLE, ("flush_three", "1A1 1A3 1A5")),
]


@pytest.mark.parametrize(
    ("board_text", "move", "rules", "expected"),
    [case[1:] for case in BEST_CASES],
    ids=[case[0] for case in BEST_CASES],
)
def test_best_group_examples(
    board_text: str, move: str, rules: RuleSet, expected: tuple[str, str] | None
) -> None:
    colour, cell = Colour.from_char(move[0]), Cell.from_str(move[2:])
    board = parse_board(board_text).place(cell, colour)
    best = best_group(board, cell, rules)
    got = None if best is None else (best.rank.key, " ".join(str(c) for c in best.cells))
    assert got == expected
    check_against_reference(board, cell)


def test_groups_at_lists_visible_and_hidden_groups_best_first() -> None:
    # Example 2 with the cut: the flush four and the flush three 1C3 1E3 1G3
    # are there but not visible; the three of three kinds is.
    board = parse_board(EXAMPLE2_CUT).place("1G3", "W")
    listed = [(g.rank.key, " ".join(map(str, g.cells)), g.visible) for g in groups_at(board, "1G3")]
    assert listed == [
        ("flush_four", "1A3 1C3 1E3 1G3", False),
        ("flush_three", "1C3 1E3 1G3", False),
        ("three_kinds", "1G3 1G5 1G7", True),
    ]


@given(placements())
def test_the_best_group_is_the_first_listed_group_that_counts(placement: tuple[Board, Cell, Colour]) -> None:
    board, cell, colour = placement
    board = board.place(cell, colour)
    listed = groups_at(board, cell)
    assert best_group(board, cell, TOUCHING) == (listed[0] if listed else None)
    assert best_group(board, cell, VISIBLE) == next((g for g in listed if g.visible), None)


def test_a_last_balls_groups_all_reach_its_level() -> None:
    # Why the level tie-break only matters between a challenge and its answer:
    # every group of the ball just placed has that ball as its highest.
    for board, cell in random_boards(random.Random(11), 1500):
        assert all(g.top_level == cell.level for g in groups_at(board, cell))


def test_groups_need_a_ball_on_the_cell() -> None:
    with pytest.raises(SpokerError, match="no ball on 1A1"):
        groups_at(Board(), "1A1")
    with pytest.raises(SpokerError, match="no ball on 2B2"):
        best_group(parse_board("WWWW............/........./..../."), "2B2")


F3_L1 = Group(Rank.FLUSH_THREE, (CELLS[0], CELLS[1], CELLS[2]), 1)
F3_L2 = Group(Rank.FLUSH_THREE, (CELLS[16], CELLS[17], CELLS[18]), 2)
F3_L3 = Group(Rank.FLUSH_THREE, (CELLS[0], CELLS[16], CELLS[25]), 3)
K3_L3 = Group(Rank.THREE_KINDS, (CELLS[0], CELLS[16], CELLS[25]), 3)
FH_L2 = Group(Rank.FULL_HOUSE, (CELLS[0], CELLS[1], CELLS[4], CELLS[5], CELLS[16]), 2)
F4_L1 = Group(Rank.FLUSH_FOUR, (CELLS[0], CELLS[1], CELLS[2], CELLS[3]), 1)

COMPARE_CASES = [
    ("a higher rank wins whatever the level", F4_L1, FH_L2, 1),
    ("a higher rank in answer wins", K3_L3, FH_L2, -1),
    ("equal ranks: the higher top level wins (example 5)", F3_L1, F3_L2, -1),
    ("equal ranks: the challenge's higher level wins", F3_L3, F3_L2, 1),
    ("equal rank and level: a tie, whatever the cells", F3_L1, Group(Rank.FLUSH_THREE, (CELLS[4], CELLS[5], CELLS[6]), 1), 0),
    ("no group in answer: the challenge wins", K3_L3, None, 1),
]


@pytest.mark.parametrize(
    ("challenge", "response", "outcome"),
    [c[1:] for c in COMPARE_CASES],
    ids=[c[0] for c in COMPARE_CASES],
)
def test_compare(challenge: Group, response: Group | None, outcome: int) -> None:
    assert compare(challenge, response) == outcome


def test_explain_says_why_a_group_counts_or_not() -> None:
    board = parse_board(EXAMPLE2_CUT).place("1G3", "W")
    flush_four, _, kinds = groups_at(board, "1G3")
    assert explain(board, kinds) == [
        "Three of three kinds, level 1: 1G3 1G5 1G7 (WRB)",
        "It is visible: no ball of it is covered and no contact is cut.",
    ]
    assert explain(board, flush_four)[1] == (
        "It does not count: the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4."
    )
    assert explain(board, flush_four, TOUCHING)[1].startswith("It counts under the 'touching' rules")
    covered = parse_board(EXAMPLE4_CORRECTED).place("3E5", "R")
    flush = next(g for g in groups_at(covered, "3E5") if g.rank == Rank.FLUSH_THREE)
    assert explain(covered, flush, DEFAULT_RULES)[1] == "It does not count: 1C3 is covered by the ball on 3C3."


def test_ranks_and_groups_as_text_and_json() -> None:
    assert [r.key for r in Rank] == list(ref.RANKS)
    assert Rank.from_key("Full_House") is Rank.FULL_HOUSE and str(Rank.FLUSH_FOUR) == "flush_four"
    with pytest.raises(SpokerError, match="'pair' is not a group rank"):
        Rank.from_key("pair")
    assert F3_L2.describe() == "Flush three, level 2"
    assert F3_L2.to_json() == {"rank": "flush_three", "cells": ["2B2", "2D2", "2F2"], "top_level": 2, "visible": True}
    assert "visible" not in F3_L2.to_json(with_visible=False)
    assert F3_L2.strength == (2, 2)


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


def test_groups_through_a_ball_are_listed_strongest_first() -> None:
    """rules.md, "Groups": a pyramid's kind is read from its top's colour (a full
    house: the top and a touching pair of one colour, the other pair of another);
    groups_containing lists the strongest first (rank, then the higher top)."""
    from spoker.engine.groups import groups_containing

    # 1A1 1C1 1E1 white (a flush of three), 1A3 1C3 black, 2B2 white on top.
    board = parse_board("WWW.BB........../W......../..../.")
    got = [(g.rank, [str(c) for c in g.cells]) for g in groups_containing(board, "1C1")]
    assert got == [
        (Rank.FULL_HOUSE, ["1A1", "1C1", "1A3", "1C3", "2B2"]),
        (Rank.FLUSH_THREE, ["1A1", "1C1", "1E1"]),
    ]


@pytest.mark.parametrize(
    ("pid", "rank", "visible"),
    [(0, 2, True), (0, 1, False), (len(PATTERNS) - 1, 5, True), (len(PATTERNS) - 1, 3, False)],
)
def test_group_of_builds_the_group_of_a_pattern(
    pid: int, rank: int, visible: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A group is a pattern's cells (sorted), its rank, its top level and its
    visibility. group_of keeps each group it makes (the engine's events share
    them), so it builds here with nothing kept yet."""
    from spoker.engine import groups

    monkeypatch.setattr(groups, "_GROUPS", {})
    p = PATTERNS[pid]
    g = groups.group_of(pid, rank, visible)
    assert g == Group(Rank(rank), tuple(sorted(p.cells)), p.top_level, visible)
    assert g.visible is visible and groups.group_of(pid, rank, visible) is g


@pytest.mark.parametrize(
    ("pid", "rank"),
    [(len(PATTERNS), 1), (-1, 1), (0, 0), (0, 6), (1.0, 1), (True, 1), (0, True)],
)
def test_group_of_refuses_what_names_no_group(
    pid: object, rank: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pattern ids are 0 .. len(PATTERNS) - 1 and ranks 1 .. 5, ints (not bools),
    checked when a group is first made (a kept one is found by its key: 1.0 ==
    1)."""
    from spoker.engine import groups

    monkeypatch.setattr(groups, "_GROUPS", {})
    with pytest.raises(SpokerError) as err:
        groups.group_of(pid, rank)  # type: ignore[arg-type]
    assert str(err.value) == f"no group has pattern {pid!r} and rank {rank!r}"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: best_group("x", "1A1"), "board 'x': expected a Board, not str"),  # type: ignore[arg-type]
        (lambda: groups_at(5, "1A1"), "board 5: expected a Board, not int"),  # type: ignore[arg-type]
        (lambda: compare(5, None), "challenge 5: expected a Group, not int"),  # type: ignore[arg-type]
        (lambda: standing(5, None), "board 5: expected a Board, not int"),  # type: ignore[arg-type]
        (lambda: standing(parse_board("W" + "." * 15 + "/........./..../."), 5),  # type: ignore[arg-type]
         "group 5: expected a Group, not int"),
    ],
)
def test_a_wrong_argument_is_named_and_quoted(call: object, message: str) -> None:
    """groups' errors name the argument and quote it (spoker/errors.py)."""
    with pytest.raises(TypeError) as err:
        call()  # type: ignore[operator]
    assert str(err.value) == message


def test_a_word_that_names_no_rank_lists_the_ranks() -> None:
    with pytest.raises(SpokerError) as err:
        Rank.from_key("pair")
    assert str(err.value) == (
        "'pair' is not a group rank: expected one of "
        "three_kinds, flush_three, full_house, flush_four, straight_flush"
    )


# -- groups through any ball, a group as text, the arguments' names ---------------

# 1A1 1C1 1E1 white, 1A3 1C3 black, 2B2 black: the pyramid topped by 2B2 is a
# full house read from its top (black, with the black pair), whichever of its
# balls is asked; 3C3 (red) covers 1C3, so that full house is not visible.
# 1A1 is in two groups of three of three kinds: 1A1 2B2 3C3 (to level 3) and
# 1A1 1A3 1A5 (level 1).
THROUGH_ANY = "WWW.BBR.RWB...../BR.WW..../R.../."


def test_a_pyramid_holds_its_group_through_any_of_its_balls_ranked_by_its_top() -> None:
    """rules.md, "Groups": a full house is the platform's two touching pairs of
    two colours and a top of one of them; groups_containing finds it through
    every one of its five balls, a base ball of the other colour too, listed
    best first (rank, then the higher top), not visible when a ball of it is
    covered, and no group without the ball asked."""
    from spoker.engine.groups import groups_containing

    board = parse_board(THROUGH_ANY)
    full_house = ("full_house", ("1A1", "1C1", "1A3", "1C3", "2B2"), 2, False)
    assert [as_tuple(g) for g in groups_containing(board, "1A1")] == [
        full_house,
        ("flush_three", ("1A1", "1C1", "1E1"), 1, True),
        ("three_kinds", ("1A1", "2B2", "3C3"), 3, True),
        ("three_kinds", ("1A1", "1A3", "1A5"), 1, True),
    ]
    assert [as_tuple(g) for g in groups_containing(board, "1C1")] == [
        full_house,
        ("flush_three", ("1A1", "1C1", "1E1"), 1, True),
    ]
    for cell in ("1A3", "1C3", "2B2"):
        assert full_house in [as_tuple(g) for g in groups_containing(board, cell)]


@given(boards(min_balls=5))
def test_groups_containing_any_ball_match_the_reference(board: Board) -> None:
    """Every complete group holding a ball, whichever came last, as the
    reference model lists them (rules.md, "Groups" and "Which groups count")."""
    from spoker.engine.groups import groups_containing

    balls = model(board)
    for cell, _ in board:
        assert [as_tuple(g) for g in groups_containing(board, cell)] == [
            ref_tuple(g) for g in ref.groups_with(balls, str(cell))
        ]


def _at_its_top_only(groups: list[Group], cell: Cell) -> list[Group]:
    return [g for g in groups if g.rank not in (Rank.FULL_HOUSE, Rank.STRAIGHT_FLUSH) or g.cells[-1] == cell]


def test_groups_at_a_ball_under_others_list_the_higher_top_first() -> None:
    """groups_at takes the ball asked as the last one placed (a pyramid only
    at its top), and lists best first by rank, then top level: asked of a ball
    something rests on, the group of three to level 3 before the one of level 1,
    as groups_containing lists them."""
    from spoker.engine.groups import groups_containing

    board = parse_board(THROUGH_ANY)
    assert [as_tuple(g) for g in groups_at(board, "1A1")] == [
        ("flush_three", ("1A1", "1C1", "1E1"), 1, True),
        ("three_kinds", ("1A1", "2B2", "3C3"), 3, True),
        ("three_kinds", ("1A1", "1A3", "1A5"), 1, True),
    ]
    for cell, _ in board:
        assert groups_at(board, cell) == _at_its_top_only(groups_containing(board, cell), cell)


@given(boards(min_balls=5))
def test_groups_at_any_ball_are_those_containing_it_with_pyramids_at_their_top(board: Board) -> None:
    from spoker.engine.groups import groups_containing

    for cell, _ in board:
        assert groups_at(board, cell) == _at_its_top_only(groups_containing(board, cell), cell)


def test_a_group_reads_as_its_rank_level_and_cells_in_cell_order() -> None:
    """``Flush three, level 1 (1A1 1C1 1E1)`` (Group.__str__)."""
    assert str(F3_L1) == "Flush three, level 1 (1A1 1C1 1E1)"
    assert str(F3_L3) == "Flush three, level 3 (1A1 2B2 3C3)"


def test_group_of_is_a_visible_group_unless_told_otherwise() -> None:
    """group_of's ``visible`` defaults to True, whether the group is kept or new."""
    from spoker.engine import groups

    for pid, rank in ((0, 2), (len(PATTERNS) - 1, 3)):
        assert groups.group_of(pid, rank).visible is True
        assert groups.group_of(pid, rank) is groups.group_of(pid, rank, True)


def test_group_of_builds_a_visible_group_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.engine import groups

    monkeypatch.setattr(groups, "_GROUPS", {})
    assert groups.group_of(0, 1).visible is True


def test_a_group_s_visibility_is_read_on_the_board_given() -> None:
    """rules.md, "Which groups count": 3C3 covers 1C3, so the full house
    1A1 1C1 1A3 1C3 2B2 is not visible; its cells' visibility says so and why."""
    from shibumi import Visibility, visibility
    from spoker.engine.groups import groups_containing

    board = parse_board(THROUGH_ANY)
    full_house = groups_containing(board, "1A1")[0]
    cover = (Cell.from_str("1C3"), Cell.from_str("3C3"))
    assert visibility(board, full_house.cells) == Visibility((cover,), ())
    flush = groups_containing(board, "1A1")[1]
    assert visibility(board, flush.cells) == Visibility((), ())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: best_group(parse_board("W" + "." * 15 + "/........./..../."), "1A1", 5),  # type: ignore[arg-type]
         "rules 5: expected a RuleSet, not int"),
        (lambda: compare(F3_L1, 5), "response 5: expected a Group, not int"),  # type: ignore[arg-type]
        (lambda: standing(parse_board("WWW" + "." * 13 + "/........./..../."), F3_L1, "visible"),  # type: ignore[arg-type]
         "rules 'visible': expected a RuleSet, not str"),
        (lambda: standing(parse_board("WWW" + "." * 13 + "/........./..../."), F3_L1, responding=1),  # type: ignore[arg-type]
         "responding 1: expected True or False"),
    ],
)
def test_a_wrong_rule_set_response_or_turn_is_named_and_quoted(call: object, message: str) -> None:
    """groups' errors name the argument and quote it (spoker/errors.py)."""
    with pytest.raises(TypeError) as err:
        call()  # type: ignore[operator]
    assert str(err.value) == message
