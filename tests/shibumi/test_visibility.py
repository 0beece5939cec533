"""Covered balls, cut contacts and complete patterns against the 3-D model."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import reference_geometry as ref
from support.strategies import boards

from shibumi import (
    BRIDGES,
    CELLS,
    LINES,
    PYRAMIDS,
    Board,
    Cell,
    Shape,
    ShibumiError,
    covered_mask,
    cut_contacts,
    filled_shapes_through,
    format_board,
    is_covered,
    is_cut,
    is_visible,
    parse_board,
    visibility,
)

# Boards with balls on level 2 or 3, where covering and cutting can happen.
high_boards = boards(min_balls=18)
any_boards = boards() | high_boards


def model_of(board: Board) -> dict[str, str]:
    return ref.parse(format_board(board))


@given(any_boards)
def test_covered_balls_match_the_model(board: Board) -> None:
    balls = model_of(board)
    covered = {str(c) for c in CELLS if is_covered(board, c)}
    assert covered == {n for n in ref.names() if ref.is_covered(balls, n)}
    assert covered_mask(board.occupied) == sum(1 << Cell(n) for n in covered)


@given(any_boards)
def test_cut_contacts_match_the_model(board: Board) -> None:
    balls = model_of(board)
    model = {(a, b) for a, b in (sorted(p) for p in ref.in_level_contacts()) if ref.is_cut(balls, a, b)}
    assert {(str(a), str(b)) for a, b in cut_contacts(board)} == model
    for a, b in BRIDGES:
        assert is_cut(board, a, b) == is_cut(board, str(b), str(a)) == ((str(a), str(b)) in model)


@given(any_boards)
def test_visibility_of_every_line_and_pyramid_matches_the_model(board: Board) -> None:
    balls = model_of(board)
    for group in LINES + PYRAMIDS:
        cells = frozenset(str(c) for c in group)
        seen = visibility(board, group)
        assert seen.visible == ref.visible(balls, cells) == is_visible(board, reversed(group))
        assert {(str(c), str(by)) for c, by in seen.covered} == ref.covered_in(balls, cells)
        assert {(str(a), str(b)) for a, b, _ in seen.cut} == ref.cut_in(balls, cells)
        for a, b, above in seen.cut:
            assert frozenset(str(c) for c in above) == ref.bridges(str(a), str(b))
        assert len(seen.reasons()) == len(seen.covered) + len(seen.cut)


@given(high_boards)
def test_pyramids_are_never_cut(board: Board) -> None:
    for pyramid in PYRAMIDS:
        assert visibility(board, pyramid).cut == ()


@given(high_boards, st.sets(st.sampled_from(CELLS), min_size=1, max_size=6))
def test_any_set_of_cells_is_judged_like_the_model(board: Board, cells: set[Cell]) -> None:
    names = frozenset(str(c) for c in cells)
    assert is_visible(board, cells) == ref.visible(model_of(board), names)


@given(any_boards)
def test_filled_shapes_through_each_cell_match_the_model(board: Board) -> None:
    balls = model_of(board)
    for cell in board.cells():
        name = str(cell)
        found = {(p.shape, frozenset(str(c) for c in p.cells)) for p in filled_shapes_through(board, cell)}
        model = {
            (shape, group)
            for shape, groups in (
                (Shape.LINE3, ref.line_sets(3)),
                (Shape.LINE4, ref.line_sets(4)),
                (Shape.PYRAMID, ref.pyramids()),
            )
            for group in groups
            if name in group and group <= balls.keys()
        }
        assert found == model
        for filled in filled_shapes_through(board, cell):
            assert [k.char for k in filled.colours] == [balls[str(c)] for c in filled.cells]
            assert filled.top_level == max(c.level for c in filled.cells)
    for cell in board.empty_cells():
        assert filled_shapes_through(board, cell) == []


# -- the rules' worked examples and plain reasons ---------------------------------------


def test_rules_example_2_contact_cut_by_two_balls_above() -> None:
    board = parse_board("BBBRWWW.BBBRBBBB/.R..R..../..../.").place("1G3", "W")
    row3 = tuple(Cell(n) for n in ("1A3", "1C3", "1E3", "1G3"))
    seen = visibility(board, row3)
    assert not seen.visible and seen.covered == ()
    assert [(str(a), str(b), [str(c) for c in above]) for a, b, above in seen.cut] == [
        ("1C3", "1E3", ["2D2", "2D4"])
    ]
    assert seen.reasons() == ["the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4"]
    assert not is_visible(board, ("1C3", "1E3", "1G3"))
    assert is_visible(board, ("1G3", "1G5", "1G7"))
    # Without either ball above, the contact is whole again.
    assert is_visible(parse_board("BBBRWWW.BBBRBBBB/.R......./..../.").place("1G3", "W"), row3)


def test_rules_example_4_ball_covered_from_two_levels_up() -> None:
    # A corrected board for the example (the published one has 11 W and 12 B).
    board = parse_board("WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../.")
    assert board.counts() == (10, 9, 7)
    board = board.place("3E5", "R")
    line = ("1C3", "2D4", "3E5")
    assert [board[c] for c in line] == [board["3E5"]] * 3
    seen = visibility(board, line)
    assert [(str(c), str(by)) for c, by in seen.covered] == [("1C3", "3C3")]
    assert seen.reasons() == ["1C3 is covered by the ball on 3C3"]
    # 2D4 becomes covered only when the apex is placed.
    assert not is_covered(board, "2D4") and is_covered(board, "1C3")


def test_is_cut_needs_an_in_level_contact() -> None:
    with pytest.raises(ShibumiError, match="1A1 and 1E1"):
        is_cut(Board(), "1A1", "1E1")
    with pytest.raises(ShibumiError, match="'1Z1'"):
        is_cut(Board(), "1A1", "1Z1")
