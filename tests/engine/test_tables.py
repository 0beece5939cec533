"""The tables the engine builds at import hold what their definitions say.

They are built for speed (the judge's completion tables and the state's
newly playable cells a cell of the pyramid at a time, the playable cells as
they are met: ``bench/startup.py``), so each is held here against the plain
definition it replaces.
"""

from __future__ import annotations

import random

import pytest

from shibumi import CELLS, Board, Cell, Colour
from shibumi.geometry import PLATFORM_MASK, RESTING_ON
from spoker.engine import judging
from spoker.engine import state as state_module
from spoker.engine.events import BallPlaced
from spoker.engine.judging import FLUSH_RANK, PATTERNS, THROUGH, _cells_above, _submasks, _tables
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState


def _definition(c: int, last: tuple[tuple[int, int, int, int], ...]) -> tuple[int, dict[int, tuple]]:
    """Every filling of the other cells of ``last``'s patterns, and the patterns then complete."""
    others = 0
    for mask, _, _, _ in last:
        others |= mask
    others &= ~(1 << c)
    table = {}
    for sub in _submasks(others):
        occ = sub | 1 << c
        table[sub] = tuple(e for e in last if occ & e[0] == e[0])
    return others, table


def _last(excluded: frozenset[int], c: int) -> tuple[tuple[int, int, int, int], ...]:
    above = _cells_above(c)
    return tuple(
        (p.mask, FLUSH_RANK[p.kind], p.top_level, p.pid)
        for p in THROUGH[c]
        if p.pid not in excluded and not any(p.mask >> u & 1 for u in above)
    )


@pytest.mark.parametrize(
    "excluded",
    [frozenset(), frozenset(range(0, len(PATTERNS), 3)), frozenset(range(40, len(PATTERNS)))],
    ids=["every shape", "a third left out", "the pyramids and more left out"],
)
def test_the_completion_tables_are_their_definition(excluded: frozenset[int]) -> None:
    tables = _tables(excluded)
    for c in range(30):
        others, table = _definition(c, _last(excluded, c))
        assert tables.neighbours[c] == others
        assert list(tables.complete[c].items()) == list(table.items())  # the same order too
        # One tuple for each set of complete patterns, shared by its fillings.
        assert len({id(v) for v in tables.complete[c].values()}) == len(set(table.values()))


def test_a_variant_judges_with_the_tables_of_its_shapes() -> None:
    assert RuleSet("touching").judge.complete is _tables(frozenset()).complete


def test_the_newly_playable_tables_are_their_definition() -> None:
    for c in CELLS:
        ups = RESTING_ON[c]
        under = 0
        for u in ups:
            under |= PLATFORM_MASK[u]
        under &= ~(1 << c)
        table = {}
        for sub in _submasks(under):
            occ = sub | 1 << c
            table[sub] = sum(1 << u for u in ups if occ & PLATFORM_MASK[u] == PLATFORM_MASK[u])
        assert state_module._UNDER_ABOVE[c] == under
        assert list(state_module._NEWLY[c].items()) == list(table.items())


def test_the_shared_placement_events_are_the_events() -> None:
    # Made as they are met (state._placed), each is the event the plain
    # constructor makes, and is kept and shared from then on.
    colours = (Colour.WHITE, Colour.BLACK, Colour.RED)
    for answered, table in ((False, state_module._PLACED), (True, state_module._ANSWERED)):
        made = [BallPlaced(2 - (n & 1), k, c, n, answered) for n in range(31) for c in CELLS for k in colours]
        assert len(table) == len(made)
        lazy = [table[i] or state_module._placed(i, answered) for i in range(len(made))]
        assert lazy == made and list(table) == made
        assert {type(e) for e in table} == {BallPlaced}
        assert repr(table[-1]) == repr(made[-1])
        assert all(table[i] is lazy[i] for i in range(len(made)))  # kept, not made again
    alone = [state_module._PLACED_ALONE[i] or state_module._placed_alone(i) for i in range(len(made))]
    assert alone == [(e,) for e in state_module._PLACED] and alone[5][0] is state_module._PLACED[5]


def _playable_definition(mask: int) -> tuple:
    return tuple(cell for cell in CELLS if mask >> cell & 1)


def test_legal_cells_are_the_playable_cells_in_cell_order() -> None:
    state = GameState()
    rng = random.Random(7)
    masks = [*range(1 << 16), *(u << 16 for u in range(1 << 14))]
    masks += [rng.randrange(1 << 30) for _ in range(20_000)]
    for mask in masks:
        state._playable = mask
        assert state.legal_cells() == _playable_definition(mask), mask
        if mask < 1 << 16 or not mask & 0xFFFF:  # one level's lookup: made once, then shared
            assert state.legal_cells() is state.legal_cells()


def _positions(count: int, seed: int) -> list[tuple[Board, Cell]]:
    """Random positions, each with the cell its last ball went on."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        board = Board()
        for _ in range(rng.randrange(1, 31)):
            cell = rng.choice(board.playable())
            board = board.place(cell, rng.randrange(3))
        found.append((board, cell))
    return found


def test_the_builders_built_again_build_the_tables_of_import() -> None:
    """The tables above are built once, at import, and held here and in the rules'
    tests (tests/engine/test_properties.py: games against the reference model)
    as built then. Built again, each builder must give the same tables, so a
    mistake in a builder is a failing test even where only the import ran it
    (a mutation run forks after import: docs/testing.md)."""
    assert judging._make_patterns() == PATTERNS
    for excluded in (frozenset(), frozenset(range(0, len(PATTERNS), 3))):
        assert judging._built_tables.__wrapped__(excluded, (0, 1, 2, 3, 4, 5)) == _tables(excluded)
    assert tuple(state_module._newly_playable_table(c) for c in CELLS) == state_module._NEWLY_TABLES
    assert (state_module._formed_table(2), state_module._formed_table(1)) == state_module._FORMED
    assert tuple(
        judging._full_house_table(p) if p.kind == 5 else {} for p in PATTERNS
    ) == judging.FULL_HOUSE_OTHER
    for rulings in (judging.DEFAULT_RULINGS, RuleSet("touching", True).rulings):
        fresh, shared = judging.Judge(rulings), judging.judge_for(rulings)
        assert {k: v for k, v in vars(fresh).items() if k != "_codes_cache"} == {
            k: v for k, v in vars(shared).items() if k != "_codes_cache"
        }


def test_the_judging_loop_built_again_judges_as_the_one_of_import() -> None:
    """best_of, the group-judging loop (rules.md, "Groups" and "Visibility"), is
    made at import for each visibility ruling; made again, it must judge every
    ball of 400 random positions the same way, with and without the ruling."""
    fresh = (judging._make_best_of(False), judging._make_best_of(True))
    judge = judging.DEFAULT_JUDGE
    judged = 0
    for board, cell in _positions(400, 11):
        occ, masks = board.occupied, board.masks
        entries = tuple(e for e in judge.scan[cell] if occ & e[0] == e[0])
        colour = int(board[cell])  # type: ignore[arg-type]
        for check in (False, True):
            got = fresh[check](entries, masks, occ, colour)
            assert got == judging._BEST_OF[check](entries, masks, occ, colour)
            judged += got[2] >= 0
    assert judged > 100  # the positions form groups, not only nothing


def test_events_made_as_they_are_met_are_the_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """The placement and challenge events are made once each and kept (above);
    made now, into empty tables, each is what the plain constructors make: ball
    n is player 1's when n is odd (rules.md, "A turn"), a challenge is its
    challenger's, with its group and move number."""
    from spoker.engine.events import ChallengeOpened
    from spoker.engine.groups import group_of
    from spoker.engine.state import Challenge

    size = len(state_module._PLACED)
    for name in ("_PLACED", "_ANSWERED", "_PLACED_ALONE"):
        monkeypatch.setattr(state_module, name, [None] * size)
    monkeypatch.setattr(state_module, "_OPENED", {})
    colours = (Colour.WHITE, Colour.BLACK, Colour.RED)
    for index in (0, 1, 2, 3, 92, 95, 2789):
        n, rest = divmod(index, 90)
        cell, k = divmod(rest, 3)
        for answering in (False, True):
            made = BallPlaced(2 - (n & 1), colours[k], CELLS[cell], n, answering)
            assert state_module._placed(index, answering) == made
            table = state_module._ANSWERED if answering else state_module._PLACED
            assert table[index] == made
        assert state_module._placed_alone(index) == (state_module._PLACED[index],)
    g = group_of(THROUGH[0][0].pid, 2)
    for n in (1, 2, 29):
        player = 2 - (n & 1)
        assert state_module._opened(7, g, n) == (ChallengeOpened(player, g, n), Challenge(player, g, n))
        assert state_module._OPENED[7 * 32 + n] == (ChallengeOpened(player, g, n), Challenge(player, g, n))


def test_the_patterns_through_a_cell_are_in_scan_order() -> None:
    """THROUGH, built at import: the strongest shape first, then the higher top,
    then by cells, the order in which best_of finds the first of equal groups."""
    for row in THROUGH:
        assert sorted(row, key=judging._scan_order) == list(row)


TIE_THEN_FLUSH = "BWRB.W...W....../........./..../."
"""White on 1C1 ends a line of four (row 1, not one colour) and three lines of
three on level 1, scanned in this order: 1A1 1C1 1E1 (three kinds), 1C1 1E1
1G1 (three kinds, the same rank and level) and 1C1 1C3 1C5 (a flush of three)."""


def test_the_builders_build_a_judging_loop_that_looks_past_a_tie() -> None:
    """The judging loop made again (as at import, for each visibility ruling)
    finds the best group (rules.md, "Comparing groups"): a group no better than
    the best so far does not end the scan, and the flush of three after two
    groups of three kinds wins, as the reference model says."""
    from support import reference_rules as ref

    from shibumi import parse_board

    board = parse_board(TIE_THEN_FLUSH)
    occ, masks = board.occupied, board.masks
    cell = int(Cell("1C1"))
    entries = tuple(e for e in judging.DEFAULT_JUDGE.scan[cell] if occ & e[0] == e[0])
    assert [PATTERNS[e[3]].kind for e in entries] == [4, 3, 3, 3]  # first, row 1 of four colours
    best = ref.best_with({str(c): k.char for c, k in board}, "1C1")
    assert best is not None and best.cells == ("1C1", "1C3", "1C5")
    for check in (False, True):
        rank, level, pid = judging._make_best_of(check)(entries, masks, occ, 0)
        assert (rank, level) == best.strength and tuple(str(c) for c in PATTERNS[pid].cells) == best.cells


def test_the_builders_build_a_judging_loop_that_names_and_quotes_bad_arguments() -> None:
    """The judging loop made again refuses what are not patterns on a position
    as the one of import does, naming and quoting the entries, masks and colour."""
    for check in (False, True):
        with pytest.raises(judging.SpokerError) as err:
            judging._make_best_of(check)((("x",),), (1, 2, 3), 0, 7)  # type: ignore[arg-type]
        assert str(err.value) == (
            "best_of: entries (('x',),), masks (1, 2, 3), colour 7: not patterns on a position"
        )
