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
        formed = [e.group for e in events if type(e).__name__ == "GroupFormed"]  # type: ignore[union-attr]
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
        ("split_code", lambda: judging.split_code("9"), TypeError, "code '9': expected an int"),  # type: ignore[arg-type]
        ("why_not_a_group", lambda: judge.why_not_a_group(5), TypeError, "5 is not a Pattern"),  # type: ignore[arg-type]
        ("apex_counts", lambda: judge.apex_counts(29, "5", False), TypeError,  # type: ignore[arg-type]
         "rank '5': expected an int"),
        ("counts_seen", lambda: judge.counts_seen(p, "1"), TypeError,  # type: ignore[arg-type]
         "occupied '1': expected an int mask"),
        ("best_code", lambda: judge.best_code((1, 0, 0), 1, 99, 0), judging.SpokerError,
         "best_code: masks (1, 0, 0), occupied 1, cell 99, colour 0: not a position and a ball on it"),
        ("rank_of", lambda: judging.rank_of(p, (1, 0, 0), 7), judging.SpokerError,
         f"rank_of: {judging.shown(p)}, masks (1, 0, 0), colour 7: not a pattern on a position"),
        ("judge_for", lambda: judging.judge_for("x"), TypeError, "rulings 'x': expected a Rulings"),  # type: ignore[arg-type]
        ("visible", lambda: judging.visible(5, 0), TypeError, "visible: 5 is not a Pattern"),  # type: ignore[arg-type]
        ("placed_code", lambda: judge.placed_code((1, 0, 0), 1, 99, 0, False), judging.SpokerError,
         "placed_code: cell 99, occupied 1: not a position"),
        ("but", lambda: judging.DEFAULT_RULINGS.but(apex=1, colour=2), TypeError,
         "but(apex, colour=...): Rulings has no such field"),
        ("without, no test", lambda: judging.DEFAULT_RULINGS.without(5, "why"), TypeError,  # type: ignore[arg-type]
         "without(5, 'why'): expected a test of a Pattern and a sentence"),
        ("without, no sentence", lambda: judging.DEFAULT_RULINGS.without(bool, 5), TypeError,  # type: ignore[arg-type]
         "without(<class 'bool'>, 5): expected a test of a Pattern and a sentence"),
        ("Judge", lambda: judging.Judge("x"), TypeError, "rulings 'x': expected a Rulings"),  # type: ignore[arg-type]
        ("cached_colour_codes", lambda: judge.cached_colour_codes(0, 0, 0, 99), judging.SpokerError,
         "cached_colour_codes: 99 is not a cell"),
        ("challenge_code, a level not an int", lambda: judging.challenge_code(1, 1.5), TypeError,  # type: ignore[arg-type]
         "level 1.5: expected an int"),
        ("challenge_code, level 5", lambda: judging.challenge_code(1, 5), judging.SpokerError,
         "level 5 is not between 0 and 4"),
        ("challenge_code, rank -1", lambda: judging.challenge_code(-1, 1), judging.SpokerError,
         "rank -1 is not between 0 and 5"),
        ("split_code, past the apex's straight flush", lambda: judging.split_code(45), judging.SpokerError,
         "45 is not a challenge code (rank * 8 + level)"),
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


def test_challenge_codes_run_from_no_group_to_the_apex_s_straight_flush() -> None:
    """A challenge code is ``rank * 8 + top level``; 0 is no group (rank 0,
    level 0), a rank with level 0 is the floor below every group of that rank
    (STRAIGHT_FLUSH_CODE, the apex ruling's floor), and the highest code is a
    straight flush topped on level 4, the apex (rules.md, "Comparing groups")."""
    assert challenge_code(0, 0) == 0 and split_code(0) == (0, 0)
    assert challenge_code(5, 0) == STRAIGHT_FLUSH_CODE
    assert challenge_code(1, 0) == 8 and split_code(8) == (1, 0)
    assert challenge_code(5, 4) == STRAIGHT_FLUSH_CODE + 4 and split_code(STRAIGHT_FLUSH_CODE + 4) == (5, 4)
    assert all(challenge_code(*split_code(challenge_code(r, v))) == challenge_code(r, v)
               for r in range(6) for v in range(5))


CUT = "BB..WWW.BB....../R..R...../..../."
"""A flush of three on row 3 (1A3 1C3 1E3) whose contact 1A3-1C3 is cut: both
balls over it (2B2, 2B4) are there. It counts under the touching rules only."""


def test_the_public_best_of_applies_the_visibility_ruling_it_is_given() -> None:
    """best_of's last argument is the visibility ruling (rules.md, "Which groups
    count"): a group with a cut contact counts without it, not with it."""
    from shibumi import parse_board
    from spoker.engine.judging import best_of

    board = parse_board(CUT)
    occ, masks, cell = board.occupied, board.masks, 6  # 1E3, nothing rests on it
    entries = tuple(e for e in DEFAULT_JUDGE.scan[cell] if occ & e[0] == e[0])
    rank, level, pid = best_of(entries, masks, occ, 0, False)
    assert (rank, level) == (2, 1) and [str(c) for c in PATTERNS[pid].cells] == ["1A3", "1C3", "1E3"]
    assert best_of(entries, masks, occ, 0, True) == (0, 0, -1)
    assert best_of(entries, masks, occ, 0, 1) == (0, 0, -1)  # type: ignore[arg-type]  # any true value


def _model_best(board: object, cell: int, touching: bool) -> tuple[int, int]:
    """The reference model's best counting group through the ball on ``cell``
    taken as the last one placed (so a pyramid only at its top): (rank, level)."""
    from support import reference_rules as ref

    from shibumi import Board, Cell

    assert isinstance(board, Board)
    balls = {str(c): k.char for c, k in board}
    name = str(Cell(cell))
    for g in ref.groups_with(balls, name):
        pyramid = g.rank in ("full_house", "straight_flush")
        if (touching or g.visible) and (not pyramid or g.cells[-1] == name):
            return g.strength
    return (0, 0)


def test_every_ball_is_judged_as_the_last_one_placed_even_under_others() -> None:
    """best_code and placed_code judge the ball on a cell as the one placed last,
    even when balls rest on it (best_group, the explanations): the groups
    through it going up count as those on its level (rules.md, "Winning groups",
    "Which groups count"); placed_code is best_code's challenge code, which on
    a cell other than the apex is the same on any turn."""
    import random

    from shibumi import Board
    from spoker.engine.judging import CODES, RESTING_MASK

    rng = random.Random(27)
    buried = 0
    for _ in range(30):
        board = Board()
        for _ in range(rng.randrange(8, 29)):
            board = board.place(rng.choice(board.playable()), rng.randrange(3))
        masks, occ = list(board.masks), board.occupied
        for c, colour in board:
            cell = int(c)
            for rules in (RuleSet(), RuleSet("touching")):
                judge = rules.judge
                want = _model_best(board, cell, not rules.check_visibility)
                rank, level, _ = judge.best_code(masks, occ, cell, int(colour))
                assert (rank, level) == want, (board, c, rules)
                code = CODES[rank][level] if rank else 0
                for responding in (False, True):
                    assert judge.placed_code(masks, occ, cell, int(colour), responding) == code
                buried += bool(rank and occ & RESTING_MASK[cell])
    assert buried > 50  # balls under others that form groups: not only the top balls


APEX_OVER_WHITE = "BRBRRBRBBRBRRBRB/RWWWWWBBR/WWWW/"
"""A pyramid full but for the apex, level 3 all white: a white apex is a
straight flush topped on level 4; a black or a red one forms only three of
three kinds (2B2 R, 3C3 W, 4D4 B; 2B6 B, 3C5 W, 4D4 R)."""


def test_the_apex_counts_on_a_normal_turn_only_for_a_straight_flush() -> None:
    """rules.md, "The apex": the ball on the apex counts on a normal turn only
    when it makes a straight flush (unless the rules are apex-free); in a
    response it counts whatever it forms. placed_code applies the ruling."""
    from shibumi import parse_board
    from spoker.engine.judging import APEX_CELL, CODES

    strict, free = RuleSet().judge, RuleSet(apex_free=True).judge
    white = parse_board(APEX_OVER_WHITE + "W")
    black = parse_board(APEX_OVER_WHITE.replace("BBR/", "WBR/") + "B")  # ten of each colour
    for judge in (strict, free):
        for responding in (False, True):
            assert judge.placed_code(list(white.masks), white.occupied, APEX_CELL, 0, responding) == CODES[5][4]
    three_kinds = CODES[1][4]
    assert strict.placed_code(list(black.masks), black.occupied, APEX_CELL, 1, False) == 0
    assert strict.placed_code(list(black.masks), black.occupied, APEX_CELL, 1, True) == three_kinds
    assert free.placed_code(list(black.masks), black.occupied, APEX_CELL, 1, False) == three_kinds
    assert free.placed_code(list(black.masks), black.occupied, APEX_CELL, 1, True) == three_kinds


def test_turn_colour_codes_keep_the_straight_flush_on_the_apex() -> None:
    """turn_colour_codes applies the apex ruling (rules.md, "The apex") to the
    three colours at once: on a normal turn only the white ball's straight
    flush is left; in a response, or under apex-free rules, all three count."""
    from shibumi import parse_board
    from spoker.engine.judging import APEX_CELL, CODES, Judge

    board = parse_board(APEX_OVER_WHITE + ".")
    m0, m1, m2 = board.masks
    every = (CODES[5][4], CODES[1][4], CODES[1][4])
    strict, free = Judge(RuleSet().rulings), Judge(RuleSet(apex_free=True).rulings)
    assert strict.colour_codes(m0, m1, m2, board.occupied, APEX_CELL) == every
    assert strict.turn_colour_codes(m0, m1, m2, APEX_CELL, False) == (CODES[5][4], 0, 0)
    assert strict.turn_colour_codes(m0, m1, m2, APEX_CELL, True) == every
    assert free.turn_colour_codes(m0, m1, m2, APEX_CELL, False) == every


def _counting_calls(judge: Judge, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The cells ``judge.colour_codes`` is asked about from now on."""
    asked: list[int] = []
    judge_codes = judge.colour_codes

    def colour_codes(m0: int, m1: int, m2: int, occ: int, cell: int) -> tuple[int, int, int]:
        asked.append(cell)
        return judge_codes(m0, m1, m2, occ, cell)

    monkeypatch.setattr(judge, "colour_codes", colour_codes)
    return asked


def test_cached_colour_codes_look_up_what_they_judged_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """cached_colour_codes remembers colour_codes by the colours of the cell's
    neighbourhood, all a ball there depends on: asked again, or asked about a
    board that differs only outside it, it looks up instead of judging again."""
    from shibumi import parse_board

    judge = Judge(Rulings())
    asked = _counting_calls(judge, monkeypatch)
    board = parse_board("WW............../........./..../.")  # 1A1 1C1: 1E1 makes a flush of three white
    m0, m1, m2 = board.masks
    codes = judge.cached_colour_codes(m0, m1, m2, 2)
    assert codes == judge_for(Rulings()).colour_codes(m0, m1, m2, board.occupied, 2) and codes[0]
    assert judge.cached_colour_codes(m0, m1, m2, 2) == codes and asked == [2]
    far = next(c for c in range(16) if not judge.neighbourhood[2] >> c & 1 and not board.occupied >> c & 1)
    assert judge.cached_colour_codes(m0, m1 | 1 << far, m2, 2) == codes and asked == [2]
    judge.cached_colour_codes(m0, m1 | 1 << 3, m2, 2)  # 1G1 is in the neighbourhood: judged
    assert asked == [2, 2]


def test_cached_colour_codes_start_again_past_their_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The memory is bounded: holding CACHE_LIMIT entries, the next new one
    starts it again, so what it held before is judged again."""
    from spoker.engine import judging

    monkeypatch.setattr(judging, "CACHE_LIMIT", 2)
    judge = Judge(Rulings())
    asked = _counting_calls(judge, monkeypatch)
    for cell in (0, 1, 0, 1):  # two entries: both held
        judge.cached_colour_codes(0, 0, 0, cell)
    assert asked == [0, 1]
    judge.cached_colour_codes(0, 0, 0, 2)  # a third: the memory starts again with it
    judge.cached_colour_codes(0, 0, 0, 0)
    assert asked == [0, 1, 2, 0]
