"""The rules kernel (spoker.engine.judging): challenge codes, the rulings of each
rule set, and the variant registry."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.strategies import games

from shibumi import APEX
from spoker.engine.judging import (
    DEFAULT_JUDGE,
    PATTERNS,
    STRAIGHT_FLUSH_CODE,
    Judge,
    Rulings,
    challenge_code,
    judge_for,
    pattern_of,
    split_code,
)
from spoker.engine.rules import VARIANTS, RuleSet, Variant, register_variant, unregister_variant
from spoker.engine.state import GameState
from spoker.errors import RulesError, SpokerError


@given(rank=st.integers(1, 5), level=st.integers(1, 4))
def test_challenge_codes_round_trip_and_compare_as_challenges(rank: int, level: int) -> None:
    code = challenge_code(rank, level)
    assert split_code(code) == (rank, level)
    assert (code >= STRAIGHT_FLUSH_CODE) == (rank == 5)
    for other_rank in range(1, 6):
        for other_level in range(1, 5):
            other = challenge_code(other_rank, other_level)
            assert (code < other) == ((rank, level) < (other_rank, other_level))


def test_bad_codes_are_refused() -> None:
    with pytest.raises(SpokerError, match="rank 6"):
        challenge_code(6, 1)
    with pytest.raises(TypeError, match="level"):
        challenge_code(1, 1.5)  # type: ignore[arg-type]
    with pytest.raises(SpokerError, match="99"):
        split_code(99)


def test_the_rule_sets_of_rules_md_are_rulings() -> None:
    assert RuleSet().rulings == Rulings()
    assert RuleSet("touching").rulings == Rulings(check_visibility=False)
    assert RuleSet("touching", True).rulings == Rulings(check_visibility=False, apex_free=True)
    assert RuleSet().judge is DEFAULT_JUDGE is judge_for(Rulings())
    # The two visibilities share their tables; only the rulings differ.
    assert RuleSet("touching").judge.complete is DEFAULT_JUDGE.complete


def test_the_apex_ruling() -> None:
    strict, free = RuleSet().judge, RuleSet(apex_free=True).judge
    apex = int(APEX)
    assert not strict.apex_counts(apex, 4, responding=False)
    assert strict.apex_counts(apex, 5, responding=False)
    assert strict.apex_counts(apex, 1, responding=True)
    assert strict.apex_counts(0, 1, responding=False)
    assert free.apex_counts(apex, 1, responding=False)


@given(state=games(max_moves=29))
def test_placed_code_is_what_the_engine_forms(state: GameState) -> None:
    """What the engine forms is what the judge's placed_code says (same loop, same rulings)."""
    judge = state.rules.judge
    colour = 0 if state.bag()[0] else 1 if state.bag()[1] else 2
    for cell in state.legal_cells():
        child = state.copy()
        child.apply_draw(colour)
        events = child.apply_place(cell)
        formed = [e.group for e in events if type(e).__name__ == "GroupFormed"]
        masks = list(state.masks)
        masks[colour] |= 1 << cell
        code = judge.placed_code(masks, state.occupied | 1 << cell, cell, colour, state.challenge is not None)
        expected = challenge_code(int(formed[0].rank), formed[0].top_level) if formed else 0
        assert code == expected


def test_a_shape_is_found_from_its_group() -> None:
    for p in PATTERNS:
        rank = 2 if p.kind == 3 else 4 if p.kind == 4 else 5
        assert pattern_of(reversed(p.cells), rank) == p
    with pytest.raises(RulesError):
        pattern_of(PATTERNS[0].cells, 4)


def test_variants_register_once_and_unregister() -> None:
    variant = Variant("no-apex", "the apex never counts", lambda r: r.but(apex_free=False))
    register_variant(variant)
    try:
        assert RuleSet.parse("touching, no-apex") == RuleSet("touching", False, ("no-apex",))
        assert str(RuleSet.parse("no-apex, apex-free")) == "visible, apex-free, no-apex"
        with pytest.raises(RulesError, match="already"):
            register_variant(variant)
        with pytest.raises(RulesError, match="twice"):
            RuleSet(variants=("no-apex", "no-apex"))
    finally:
        unregister_variant("no-apex")
    assert "no-apex" not in VARIANTS
    with pytest.raises(RulesError, match="rules.md"):
        unregister_variant("touching")
    with pytest.raises(RulesError, match="lower-case"):
        Variant("Two Words", "", lambda r: r)
    with pytest.raises(RulesError, match="no-apex"):
        RuleSet(variants=("no-apex",))


def test_a_rule_set_pickles_without_its_judge() -> None:
    rules = RuleSet("touching", True)
    assert isinstance(rules.judge, Judge)
    data = pickle.dumps(rules)
    assert len(data) < 400
    again = pickle.loads(data)
    assert again == rules and again.judge is rules.judge
