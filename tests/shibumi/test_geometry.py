"""Every geometry table of :mod:`shibumi` against the 3-D sphere model."""

from __future__ import annotations

from support import reference_geometry as ref

from shibumi import (
    APEX,
    BRIDGES,
    CELL_NAMES,
    CELLS,
    COVER,
    COVER_MASK,
    COVERABLE,
    COVERS,
    CUTTABLE,
    IN_LEVEL_CONTACTS,
    LEVEL_CELLS,
    LINES,
    LINES3,
    LINES3_THROUGH,
    LINES4,
    LINES4_THROUGH,
    LINES_THROUGH,
    PLATFORM,
    PLATFORM_MASK,
    POINTS,
    PYRAMIDS,
    PYRAMIDS_THROUGH,
    RESTING_ON,
    TOUCHING,
    TOUCHING_MASK,
    Cell,
    bridge,
    cells_of,
    cover,
    in_level_contacts,
    is_line,
    lines_through,
    platform,
    pyramids_through,
    resting_on,
    touches,
    touching,
)
from shibumi.geometry import PYRAMID_TOPPED


def names(cells: object) -> frozenset[str]:
    return frozenset(str(c) for c in cells)  # type: ignore[attr-defined]


# -- cells ---------------------------------------------------------------------


def test_thirty_cells_in_board_string_order() -> None:
    assert len(CELLS) == 30
    assert list(CELL_NAMES) == ref.names()
    assert [str(c) for c in CELLS] == ref.names()
    assert [int(c) for c in CELLS] == list(range(30))


def test_cell_coordinates_match_the_model() -> None:
    for cell, pos in zip(CELLS, ref.positions(), strict=True):
        assert (cell.level, cell.x, cell.y) == (pos.level, pos.x, pos.y)
        assert cell.column == "ABCDEFG"[pos.x]
        assert cell.row == pos.y + 1
        assert cell.point == pos.name[1:]
        assert cell.name == pos.name
        assert Cell.at(pos.level, pos.x, pos.y) is cell


def test_levels_hold_the_points_notation_lists() -> None:
    # notation.md, "Cells": which points each level holds.
    expected = {
        1: {c + r for c in "ACEG" for r in "1357"},
        2: {c + r for c in "BDF" for r in "246"},
        3: {c + r for c in "CE" for r in "35"},
        4: {"D4"},
    }
    for level, cells in LEVEL_CELLS.items():
        assert {c.point for c in cells} == expected[level]
    assert [len(LEVEL_CELLS[lv]) for lv in (1, 2, 3, 4)] == [16, 9, 4, 1]
    assert APEX.name == "4D4"


def test_points_with_two_cells() -> None:
    doubles = {p: [str(c) for c in cs] for p, cs in POINTS.items() if len(cs) > 1}
    assert doubles == {
        "C3": ["1C3", "3C3"],
        "E3": ["1E3", "3E3"],
        "C5": ["1C5", "3C5"],
        "E5": ["1E5", "3E5"],
        "D4": ["2D4", "4D4"],
    }


# -- touching, platform, resting on ---------------------------------------------


def test_touching_pairs_match_the_model() -> None:
    pairs = {frozenset((str(a), str(b))) for a in CELLS for b in TOUCHING[a]}
    assert pairs == ref.touching_pairs()
    assert len(pairs) == 96


def test_touching_is_symmetric_and_masks_agree() -> None:
    for a in CELLS:
        assert TOUCHING_MASK[a] == sum(1 << b for b in TOUCHING[a])
        assert a not in TOUCHING[a]
        for b in CELLS:
            assert touches(a, b) == touches(b, a) == (b in TOUCHING[a])
        assert touching(str(a)) == TOUCHING[a]


def test_platforms_match_the_model() -> None:
    for cell in CELLS:
        assert names(PLATFORM[cell]) == ref.platform(str(cell))
        assert PLATFORM_MASK[cell] == sum(1 << p for p in PLATFORM[cell])
        assert len(PLATFORM[cell]) == (0 if cell.level == 1 else 4)
        assert platform(str(cell).lower()) == PLATFORM[cell]
    # notation.md: 2B2 rests on 1A1 1C1 1A3 1C3; 4D4 on 3C3 3E3 3C5 3E5.
    assert [str(c) for c in PLATFORM[Cell("2B2")]] == ["1A1", "1C1", "1A3", "1C3"]
    assert [str(c) for c in PLATFORM[APEX]] == ["3C3", "3E3", "3C5", "3E5"]


def test_resting_on_matches_the_model() -> None:
    for cell in CELLS:
        assert names(RESTING_ON[cell]) == ref.resting_on(str(cell))
        assert resting_on(int(cell)) == RESTING_ON[cell]
        for above in RESTING_ON[cell]:
            assert cell in PLATFORM[above]


# -- lines ---------------------------------------------------------------------


def test_lines_of_three_match_the_model() -> None:
    assert len(LINES3) == 42
    assert {names(line) for line in LINES3} == ref.line_sets(3)
    assert len({names(line) for line in LINES3}) == 42


def test_lines_of_four_match_the_model() -> None:
    assert len(LINES4) == 12
    assert {names(line) for line in LINES4} == ref.line_sets(4)
    level1 = [line for line in LINES4 if {c.level for c in line} == {1}]
    edges = [line for line in LINES4 if APEX in line]
    assert len(level1) == 8 and len(edges) == 4
    assert {str(line[0]) for line in edges} | {str(line[-1]) for line in edges} >= {
        "1A1", "1G1", "1A7", "1G7",
    }


def test_no_line_of_five() -> None:
    assert ref.lines(5) == frozenset()


def test_each_line_is_written_in_geometric_order() -> None:
    # The model lists each line in both directions; shibumi picks one.
    for line in LINES:
        assert tuple(str(c) for c in line) in ref.lines(len(line))
        assert is_line(line) and is_line(tuple(reversed(line)))
    assert LINES == LINES3 + LINES4


def test_is_line_rejects_non_lines() -> None:
    a1, c1, e1, g1 = (Cell(n) for n in ("1A1", "1C1", "1E1", "1G1"))
    assert not is_line((a1, e1, c1))
    assert not is_line((a1, c1))
    assert not is_line((a1, c1, e1, g1, APEX))
    assert is_line((a1, c1, e1, g1))


def test_lines_through_each_cell() -> None:
    for cell in CELLS:
        assert LINES3_THROUGH[cell] == tuple(line for line in LINES3 if cell in line)
        assert LINES4_THROUGH[cell] == tuple(line for line in LINES4 if cell in line)
        assert LINES_THROUGH[cell] == tuple(line for line in LINES if cell in line)
        model = {s for s in ref.line_sets(3) | ref.line_sets(4) if str(cell) in s}
        assert {names(line) for line in lines_through(str(cell))} == model
        assert lines_through(cell, 3) == LINES3_THROUGH[cell]
        assert lines_through(cell, 4) == LINES4_THROUGH[cell]


def test_in_level_contacts_of_a_line() -> None:
    for line in LINES:
        contacts = in_level_contacts(line)
        for a, b in contacts:
            assert a < b and a.level == b.level and b in TOUCHING[a]
        expected = sum(1 for a, b in zip(line, line[1:]) if a.level == b.level)
        assert len(contacts) == expected


# -- pyramids --------------------------------------------------------------------


def test_pyramids_match_the_model() -> None:
    assert len(PYRAMIDS) == 14
    assert {names(p) for p in PYRAMIDS} == ref.pyramids()
    tops = [p[-1].level for p in PYRAMIDS]
    assert (tops.count(2), tops.count(3), tops.count(4)) == (9, 4, 1)


def test_pyramids_list_platform_then_top() -> None:
    for pyramid in PYRAMIDS:
        top = pyramid[-1]
        assert pyramid[:4] == PLATFORM[top]
        assert PYRAMID_TOPPED[top] == pyramid
        # Front-left, front-right, back-left, back-right.
        fl, fr, bl, br = pyramid[:4]
        assert (fl.x, fl.y) == (top.x - 1, top.y - 1)
        assert (br.x, br.y) == (top.x + 1, top.y + 1)
        assert fr.x > fl.x and bl.y > fl.y
    for cell in LEVEL_CELLS[1]:
        assert PYRAMID_TOPPED[cell] is None


def test_pyramids_through_each_cell() -> None:
    for cell in CELLS:
        model = {p for p in ref.pyramids() if str(cell) in p}
        assert {names(p) for p in PYRAMIDS_THROUGH[cell]} == model
        assert pyramids_through(str(cell)) == PYRAMIDS_THROUGH[cell]


# -- covering and bridging ---------------------------------------------------------


def test_cover_matches_the_model() -> None:
    for cell in CELLS:
        above = COVER[cell]
        assert (None if above is None else str(above)) == ref.cover(str(cell))
        assert COVER_MASK[cell] == (0 if above is None else 1 << above)
        assert cover(cell) == above
        if above is not None:
            assert COVERS[above] == cell
            assert above.point == cell.point and above.level == cell.level + 2
    assert [str(c) for c in COVERABLE] == ["1C3", "1E3", "1C5", "1E5", "2D4"]
    assert sum(c is not None for c in COVERS) == 5


def test_bridges_match_the_model() -> None:
    contacts = {frozenset((str(a), str(b))) for a, b in BRIDGES}
    assert contacts == ref.in_level_contacts()
    assert len(BRIDGES) == len(IN_LEVEL_CONTACTS) == 40
    for (a, b), above in BRIDGES.items():
        assert a < b
        assert names(above) == ref.bridges(str(a), str(b))
        assert bridge(str(b), str(a)) == above


def test_cuttable_contacts() -> None:
    model = {p for p in ref.in_level_contacts() if len(ref.bridges(*sorted(p))) == 2}
    assert {frozenset((str(a), str(b))) for a, b in CUTTABLE} == model
    assert len(CUTTABLE) == 16
    by_level = [a.level for a, _ in CUTTABLE]
    assert (by_level.count(1), by_level.count(2)) == (12, 4)


def test_masks_list_the_same_cells_as_tables() -> None:
    for cell in CELLS:
        assert list(cells_of(PLATFORM_MASK[cell])) == sorted(PLATFORM[cell])
        assert list(cells_of(TOUCHING_MASK[cell])) == list(TOUCHING[cell])


# -- the builders, run again ---------------------------------------------------


def test_the_builders_rebuild_the_model_s_tables() -> None:
    """Every table is derived at import from the cells' coordinates (shibumi.md,
    "Geometry"). Built again here, each builder's output must be the 3-D model's:
    a mistake in a builder is then a failing test, not only a wrong table at import
    (which a mutation run, forking after import, would never see)."""
    from shibumi import cells, geometry

    assert [(p.level, p.x, p.y) for p in ref.positions()] == cells._cell_coordinates()
    for cell in CELLS:
        assert names(geometry._platform(cell)) == ref.platform(str(cell))
        assert geometry._cell_at(cell.level, cell.x, cell.y) is cell
        others = {str(b) for b in CELLS if geometry._touching(cell, b)}
        assert others == {n for pair in ref.touching_pairs() if str(cell) in pair for n in pair} - {
            str(cell)
        }
    assert geometry._cell_at(1, 1, 1) is None and geometry._cell_at(5, 3, 3) is None
    for cell in CELLS:  # front-left, front-right, back-left, back-right (platform's order)
        under = geometry._platform(cell)
        assert list(under) == sorted(under, key=lambda c: (c.y, c.x))
    for length in (3, 4):
        built = geometry._lines(length)
        # geometry.py: each line once, going right or back on a level, else up
        for line in built:
            steps = {(b.x - a.x, b.y - a.y, b.level - a.level) for a, b in zip(line, line[1:])}
            assert len(steps) == 1 and steps.pop() in geometry.DIRECTIONS, line
        assert {tuple(str(c) for c in line) for line in built} <= ref.lines(length)
        assert {names(line) for line in built} == ref.line_sets(length)
        assert len(built) == len(ref.line_sets(length))
    bridges = geometry._bridges()
    assert {frozenset((str(a), str(b))) for a, b in bridges} == ref.in_level_contacts()
    for (a, b), above in bridges.items():
        assert a < b and names(above) == ref.bridges(str(a), str(b))
    through = geometry._through(PYRAMIDS)
    for cell in CELLS:
        assert set(through[cell]) == {p for p in PYRAMIDS if cell in p}
    assert len(through) == 30
