"""bench/leaves.py and bench/openings.py: the research leaves plug into the
product's expert through its ``search`` factory, and the product keeps none
of them (docs/players.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.search_checks import (
    budget_is_respected,
    plays_the_same_twice,
    position,
    pruned_and_exact,
)

from bench.ladder import make_expert
from bench.learned_leaf import fitted
from bench.leaves import ResearchSearch, research_search, take_options
from bench.openings import must_open
from shibumi import LEVEL_MASK, parse_cell, playable_mask
from spoker import parse_state
from spoker.engine.rules import DEFAULT_RULES
from spoker.players import ExpertPlayer
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax, WinUtility

ROOT = Path(__file__).resolve().parents[2]


# -- the product keeps no research code -----------------------------------------------------

def test_the_product_imports_nothing_from_bench_and_ships_no_weights() -> None:
    for path in sorted((ROOT / "spoker").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n == "bench" or n.startswith("bench.") for n in names), path
    assert not list((ROOT / "spoker").rglob("*.npz")), "weights belong to bench/data"
    assert "npz" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_without_research_options_the_ladder_plays_the_products_expert() -> None:
    expert = make_expert(1, {"effort": 3000})
    assert type(expert) is ExpertPlayer and expert._search is Expectimax
    assert take_options({"effort": 3000}) is None


# -- the research leaves through the seam --------------------------------------------------

def test_a_research_search_with_nothing_on_values_as_the_products() -> None:
    state = position(3, 17)
    plain = ExpertPlayer(1, effort=5_000, time_limit=None)
    research = ExpertPlayer(1, effort=5_000, time_limit=None, search=research_search({"opening": 0.0}))
    assert plain.analyse(state) == research.analyse(state)
    assert plain.last_nodes == research.last_nodes


def test_an_expert_with_a_research_leaf_is_deterministic_without_a_deadline() -> None:
    plays_the_same_twice(lambda seed: [make_expert(seed, {"effort": 4000, "time_limit": None, "evaluation": e})
                                       for e in ("learned", "hand")])


@pytest.mark.parametrize("placed", [8, 18, 20, 22])
def test_the_node_budget_holds_with_the_learned_leaf(placed: int) -> None:
    budget_is_respected(
        lambda seed, effort: make_expert(seed, {"effort": effort, "time_limit": None, "evaluation": "learned"}),
        placed)


@settings(max_examples=examples(20))  # each example runs two expert searches up to depth 3
@given(seed=st.integers(0, 10**6), placed=st.integers(0, 27), depth=st.integers(1, 3))
def test_pruning_with_the_learned_leaf_keeps_the_best_cells(seed: int, placed: int, depth: int) -> None:
    pruned_and_exact(lambda rules: ResearchSearch(rules, WinUtility(), quiescence=True, leaf=fitted()),
                     seed, placed, depth)


def test_research_options_are_checked() -> None:
    with pytest.raises(ValueError, match="learned"):
        make_expert(1, {"utility": "score", "evaluation": "learned"})
    with pytest.raises(ValueError, match="patterns"):
        make_expert(1, {"quiescence": False, "evaluation": "patterns"})
    with pytest.raises(ValueError, match="evaluation"):
        make_expert(1, {"evaluation": "oracle"})
    make_expert(1, {"utility": "score", "evaluation": "hand"})


# -- the forced-opening term ---------------------------------------------------------------

def _must_open_slowly(occ: int) -> bool:
    """The avoidance game by plain recursion on shibumi's playable masks:
    the mover must open if every playable cell makes a new cell playable, or
    every quiet one leaves the opponent a way out."""
    playable = playable_mask(occ)
    for cell in range(30):
        bit = 1 << cell
        if playable & bit and playable_mask(occ | bit) == playable & ~bit and _must_open_slowly(occ | bit):
            return False
    return True


@pytest.mark.parametrize("empties", range(6))
def test_when_only_level_two_s_centre_opens_the_mover_opens_when_the_quiet_cells_are_even(empties: int) -> None:
    """Level 1 full; on level 2 the centre is empty and one platform lacks
    only the centre. While the centre is empty no level-3 cell can open, so
    the other empty level-2 cells are quiet, and filling the centre opens a
    level-3 cell: with k quiet cells left the mover opens when k is even."""
    cells = [int(parse_cell(name)) for name in ("2B2", "2B4", "2D2", "2B6", "2D6", "2F2", "2F4", "2F6")]
    filled = cells[:3] + cells[3 + empties:]
    occ = LEVEL_MASK[1] | sum(1 << c for c in filled)
    assert must_open(occ, playable_mask(occ)) == (empties % 2 == 0)
    assert must_open(occ, playable_mask(occ)) == _must_open_slowly(occ)


@settings(max_examples=examples(40))
@given(seed=st.integers(0, 10**6), placed=st.integers(18, 29))
def test_must_open_agrees_with_a_plain_recursion(seed: int, placed: int) -> None:
    state = position(seed, placed)
    occ = state.occupied
    assert must_open(occ, state.playable_mask) == _must_open_slowly(occ)


def test_the_opening_term_is_off_by_default_and_checked() -> None:
    state = position(4, 19)
    assert ExpertPlayer(1, effort=5_000).analyse(state) == make_expert(1, {"effort": 5_000, "opening": 0.0}).analyse(state)  # type: ignore[attr-defined]
    shifted = dict(make_expert(1, {"effort": 5_000, "opening": 0.25, "opening_from": 19}).analyse(state))  # type: ignore[attr-defined]
    assert set(shifted) == {int(c) for c in state.legal_cells()}
    for bad in ({"opening": "much"}, {"opening": float("nan")}, {"opening": True}, {"opening_from": 31},
                {"opening_from": -1}, {"opening_from": 2.5}):
        with pytest.raises(ValueError, match="opening"):
            make_expert(1, bad)


def test_the_opening_term_moves_the_leaf_by_the_parity() -> None:
    # On the forced-opening example of docs/players.md every leaf two placements
    # on has a closed cell: the term changes the values, by at most its weight
    # in lead (a change of lead moves an expected result by less than the lead).
    state = parse_state("WBBBRWBWRBWWRWBR/.B...RB../..../. 2 3-3 - W * visible")
    args = root_args(state)
    plain = dict(Expectimax(DEFAULT_RULES, WinUtility(), quiescence=True).analyse(*args, 2))
    shifted = dict(ResearchSearch(DEFAULT_RULES, WinUtility(), quiescence=True, opening=0.25).analyse(*args, 2))
    assert plain.keys() == shifted.keys() and plain != shifted
    assert all(abs(plain[c] - shifted[c]) <= 0.25 for c in plain)
