"""The rules kernel (spoker.engine.judging): challenge codes, the rulings of each
rule set, and the variant registry."""

from __future__ import annotations

import pickle
from collections.abc import Callable

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


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


def _bad_calls() -> list[tuple[str, object, type[Exception], str]]:
    from spoker.engine import judging

    judge, p = judging.DEFAULT_JUDGE, judging.PATTERNS[0]
    return [
        ("split_code", lambda: judging.split_code("9"), TypeError, "code '9': expected an int"),
        ("why_not_a_group", lambda: judge.why_not_a_group(5), TypeError, "5 is not a Pattern"),
        ("apex_counts", lambda: judge.apex_counts(29, "5", False), TypeError,
         "rank '5': expected an int"),
        ("counts_seen", lambda: judge.counts_seen(p, "1"), TypeError,
         "occupied '1': expected an int mask"),
        ("best_code", lambda: judge.best_code((1, 0, 0), 1, 99, 0), judging.SpokerError,
         "best_code: masks (1, 0, 0), occupied 1, cell 99, colour 0: not a position and a ball on it"),
        ("rank_of", lambda: judging.rank_of(p, (1, 0, 0), 7), judging.SpokerError,
         f"rank_of: {judging.shown(p)}, masks (1, 0, 0), colour 7: not a pattern on a position"),
        ("judge_for", lambda: judging.judge_for("x"), TypeError, "rulings 'x': expected a Rulings"),
        ("visible", lambda: judging.visible(5, 0), TypeError, "visible: 5 is not a Pattern"),
        ("placed_code", lambda: judge.placed_code((1, 0, 0), 1, 99, 0, False), judging.SpokerError,
         "placed_code: cell 99, occupied 1: not a position"),
        ("but", lambda: judging.DEFAULT_RULINGS.but(apex=1, colour=2), TypeError,
         "but(apex, colour=...): Rulings has no such field"),
        ("without, no test", lambda: judging.DEFAULT_RULINGS.without(5, "why"), TypeError,  # type: ignore[arg-type]
         "without(5, 'why'): expected a test of a Pattern and a sentence"),
        ("without, no sentence", lambda: judging.DEFAULT_RULINGS.without(bool, 5), TypeError,  # type: ignore[arg-type]
         "without(<class 'bool'>, 5): expected a test of a Pattern and a sentence"),
    ]


@pytest.mark.parametrize(("name", "call", "error", "message"), _bad_calls())
def test_bad_arguments_are_named_and_quoted(
    name: str, call: Callable[[], object], error: type[Exception], message: str
) -> None:
    """The engine's errors, like shibumi's, name the argument and quote it."""
    with pytest.raises(error) as err:
        call()
    assert str(err.value) == message


def test_excluding_shapes_adds_to_those_excluded() -> None:
    """Rulings.without (plugins.md): the shapes a test accepts form no group, with
    the sentence given; shapes excluded before stay excluded, each once."""
    from spoker.engine.judging import DEFAULT_RULINGS, PATTERNS

    lines4 = DEFAULT_RULINGS.without(lambda p: p.kind == 4, "no lines of four")
    both = lines4.without(lambda p: p.kind in (4, 5), "no pyramids")
    fours = [p.pid for p in PATTERNS if p.kind == 4]
    fives = [p.pid for p in PATTERNS if p.kind == 5]
    assert lines4.excluded == tuple((pid, "no lines of four") for pid in fours)
    assert both.excluded == tuple(sorted(
        [(pid, "no lines of four") for pid in fours] + [(pid, "no pyramids") for pid in fives]
    ))
    assert DEFAULT_RULINGS.excluded == ()


def test_the_public_best_of_is_the_judging_loop() -> None:
    """best_of (the one group-judging loop) with the ruling as an argument: the
    best counting group of a ball, or (0, 0, -1) for none."""
    from shibumi import parse_board
    from spoker.engine.judging import DEFAULT_JUDGE, best_of

    board = parse_board("WWW............./........./..../.")  # a flush of three on row 1
    occ, masks = board.occupied, board.masks
    entries = tuple(e for e in DEFAULT_JUDGE.scan[1] if occ & e[0] == e[0])
    for check in (False, True):
        rank, level, pid = best_of(entries, masks, occ, 0, check)
        assert (rank, level) == (2, 1) and pid >= 0
        assert best_of(entries, masks, occ, 1, check) == (0, 0, -1)  # not black's
    assert DEFAULT_JUDGE.best_code(masks, occ, 1, 0) == best_of(entries, masks, occ, 0, True)


def test_colour_codes_judge_each_colour_as_best_code_does() -> None:
    """colour_codes (the batch simulator's and the search's one pass over the three
    colours) is best_code for a W, a B and an R ball on the cell (rules.md,
    "Winning groups", "Which groups count"), under both visibility rulings;
    cached_colour_codes remembers it, turn_colour_codes adds the apex ruling (rules.md,
    "The apex")."""
    import random

    from shibumi import Board
    from spoker.engine.judging import CODES, Judge, judge_for

    rng = random.Random(5)
    apex_seen = 0
    for rules in (RuleSet(), RuleSet("touching")):
        judge, fresh = judge_for(rules.rulings), Judge(rules.rulings)
        for _ in range(250):
            board = Board()
            for _ in range(rng.randrange(0, 30)):
                board = board.place(rng.choice(board.playable()), rng.randrange(3))
            m0, m1, m2 = board.masks
            occ = board.occupied
            for cell in board.playable():
                want = []
                for colour in range(3):
                    masks = [m0, m1, m2]
                    masks[colour] |= 1 << cell
                    rank, level, _ = judge.best_code(masks, occ | 1 << cell, cell, colour)
                    want.append(CODES[rank][level] if rank else 0)
                assert judge.colour_codes(m0, m1, m2, occ, cell) == tuple(want), (board, cell)
                assert fresh.cached_colour_codes(m0, m1, m2, cell) == tuple(want)
                turn = fresh.turn_colour_codes(m0, m1, m2, cell, False)
                if cell == APEX:
                    apex_seen += 1
                    floor = fresh.apex_floor_code
                    assert turn == tuple(c if c >= floor else 0 for c in want)
                else:
                    assert turn == tuple(want)
                assert fresh.turn_colour_codes(m0, m1, m2, cell, True) == tuple(want)
    assert apex_seen
