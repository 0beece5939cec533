"""Game analysis: exact values against a plain solver, verdicts, summaries, JSON."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.reference_solver import ReferenceSolver
from support.strategies import endgames

from shibumi import Colour, parse_cell
from spoker import GameState, RuleSet, parse_state
from spoker.errors import ArgumentError, IllegalActionError, Refusal
from spoker.records.record import GameRecord, parse_record
from spoker.runs.analysis import (
    BLUNDER,
    EXACT_LEFT,
    INACCURACY,
    MISTAKE,
    TIE,
    TURNING,
    ChallengeSwing,
    MoveAnalysis,
    analyse_move,
    analyse_record,
    placement_values,
    summarise,
    verdict,
)

MOVE_KEYS = {"n", "player", "ball", "cell", "value", "best", "best_value", "loss", "exact"}


def random_game(seed: int, rules: RuleSet | None = None) -> GameState:
    rng = random.Random(seed)
    state = GameState(rules) if rules is not None else GameState()
    while not state.is_over:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    return state


# -- exact values ------------------------------------------------------------------
@settings(max_examples=examples(60))  # each example searches and solves a 4-6 ball endgame (tens of ms)
@given(endgames(), st.data())
def test_exact_values_agree_with_a_plain_solver(state: GameState, data: st.DataObject) -> None:
    played = data.draw(st.sampled_from(state.legal_cells()))
    before = state.to_string()
    found = placement_values(state, effort=200, played=played)
    assert state.to_string() == before
    left = 30 - state.move_number
    if left <= EXACT_LEFT:
        assert found.exact and found.depth == left  # whatever the effort
    solver = ReferenceSolver()
    truth = {cell: solver.placement_value(state, cell) for cell in state.legal_cells()}
    assert played in found.values
    if found.exact:
        for cell, value in found.values.items():
            assert value == pytest.approx(truth[cell], abs=1e-6), cell
        assert max(found.values.values()) == pytest.approx(max(truth.values()), abs=1e-6)


@settings(max_examples=examples(15))  # each example solves an endgame twice, unpruned and by the plain solver
@given(endgames(left=(5, 6)))
def test_unpruned_values_are_every_cells_exact_value(state: GameState) -> None:
    found = placement_values(state, prune=False)
    solver = ReferenceSolver()
    assert found.exact and set(found.values) == set(state.legal_cells())
    for cell, value in found.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)


@settings(max_examples=examples(6))  # each example solves an 8-ball endgame twice (about half a second)
@given(endgames(left=(7, 8)))
def test_exact_further_at_the_default_effort(state: GameState) -> None:
    found = placement_values(state, prune=False)
    assert found.exact  # an exhaustive search with 8 balls left is cheap
    solver = ReferenceSolver()
    for cell, value in found.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("rules", ["visible", "touching,apex-free"])
def test_a_records_last_moves_are_exact_and_right(seed: int, rules: str) -> None:
    final = random_game(seed, RuleSet.parse(rules))
    record = GameRecord.from_state(final)
    analysis = analyse_record(record, effort=2000)
    assert [m.n for m in analysis.moves] == list(range(1, len(record.moves) + 1))
    solver = ReferenceSolver()
    state = GameState(record.rules)
    for move, m in zip(record.moves, analysis.moves):
        assert (m.player, m.ball, m.cell) == (state.to_move, move.colour, move.cell)
        state.apply_draw(move.colour)
        assert m.loss == pytest.approx(m.best_value - m.value, abs=1e-12) and m.loss >= 0
        assert m.verdict == verdict(m.loss)
        if m.loss == 0:
            assert m.best == m.cell
        left = 30 - state.move_number
        if left <= EXACT_LEFT:
            assert m.exact
            truth = {c: solver.placement_value(state, c) for c in state.legal_cells()}
            top = max(truth.values())
            assert m.value == pytest.approx(truth[m.cell], abs=1e-6)
            assert m.best_value == pytest.approx(top, abs=1e-6)
            assert truth[m.best] == pytest.approx(top, abs=1e-6)
        state.apply_place(move.cell)


def test_a_straight_flush_is_worth_a_win() -> None:
    # Four white balls on 1A1 1C1 1A3 1C3: white on 2B2 is a straight flush.
    state = parse_state("WW..WW........../........./..../. 1")
    state.apply_draw(Colour.WHITE)
    found = placement_values(state, effort=500, played=parse_cell("2B2"))
    assert found.values[parse_cell("2B2")] == 1.0


# -- verdicts, summaries, JSON ------------------------------------------------------
@pytest.mark.parametrize(
    ("loss", "expected"),
    [(0.0, None), (INACCURACY - 0.01, None), (INACCURACY, "inaccuracy"), (MISTAKE, "mistake"),
     (BLUNDER - 0.001, "mistake"), (BLUNDER, "blunder"), (2.0, "blunder")],
)
def test_verdict_thresholds(loss: float, expected: str | None) -> None:
    assert verdict(loss) == expected


def _move(n: int, loss: float) -> MoveAnalysis:
    cell = parse_cell("1A1")
    return MoveAnalysis(n, 2 - n % 2, Colour.RED, cell, -loss, cell, 0.0, loss, False, verdict(loss), 3)


def test_summary_average_and_worst() -> None:
    moves = [_move(1, 0.0), _move(2, 0.5), _move(3, 0.3), _move(4, 0.5), _move(5, 0.15)]
    one, two = summarise(moves, 1), summarise(moves, 2)
    assert one.moves == 3 and one.average_loss == pytest.approx(0.15)
    assert one.worst is not None and one.worst.n == 3
    assert (one.inaccuracies, one.mistakes, one.blunders) == (1, 1, 0)
    assert two.worst is not None and two.worst.n == 2  # the first of equal losses
    assert two.blunders == 2
    nobody = summarise([_move(1, 0.0)], 1)
    assert nobody.worst is None and nobody.average_loss == 0
    assert summarise([], 2).moves == 0


def test_json_shape() -> None:
    record = GameRecord.from_state(random_game(5))
    analysis = analyse_record(record, effort=500)
    out = analysis.to_json("game.txt")
    assert out["file"] == "game.txt" and out["rules"] == "visible" and out["effort"] == 500
    moves = out["moves"]
    assert isinstance(moves, list) and len(moves) == len(record.moves)
    for i, m in enumerate(moves, start=1):
        assert set(m) == MOVE_KEYS
        assert m["n"] == i and m["player"] == 2 - i % 2
        assert m["ball"] in "WBR" and isinstance(m["cell"], str) and isinstance(m["best"], str)
        assert all(isinstance(m[k], float) for k in ("value", "best_value", "loss"))
        assert -1 <= m["value"] <= m["best_value"] <= 1 and m["loss"] >= 0
        assert isinstance(m["exact"], bool)
    assert moves[-1]["exact"]
    players = out["players"]
    assert isinstance(players, list) and [p["player"] for p in players] == [1, 2]
    assert len(out["challenges"]) == len(analysis.challenges)  # type: ignore[arg-type]


def test_graph_is_player_ones_view() -> None:
    analysis = analyse_record(GameRecord.from_state(random_game(2)), effort=500)
    for (n, v), m in zip(analysis.graph(), analysis.moves):
        assert n == m.n and v == (m.value if m.player == 1 else -m.value)


def test_challenge_swings_follow_the_challenger() -> None:
    record = parse_record("W@1A1 W@1C1 W@1E1 B@1A3")  # 3: flush three; 4: no answer
    analysis = analyse_record(record, effort=300)
    (swing,) = analysis.challenges
    assert (swing.move, swing.challenger, swing.rank, swing.response_move) == (3, 1, "flush_three", 4)
    assert swing.points == (1, 0) and swing.response is None
    by_n = {m.n: m for m in analysis.moves}
    assert swing.opened == by_n[3].value
    assert swing.before == -by_n[2].value and swing.answered == -by_n[4].value
    assert swing.turning == (abs(swing.answered - swing.before) >= 0.3 - 1e-9)


def test_unfinished_and_empty_records() -> None:
    record = parse_record("W@1A1 B@1C1")
    analysis = analyse_record(record, effort=300)
    assert [m.n for m in analysis.moves] == [1, 2] and not any(m.exact for m in analysis.moves)
    empty = analyse_record(parse_record(""), effort=300)
    assert empty.moves == [] and empty.players[0].moves == 0


def test_progress_and_workers_give_the_same_result() -> None:
    record = GameRecord.from_state(random_game(11))
    record.moves = record.moves[:8] + []  # a short prefix keeps the process pool quick
    calls: list[tuple[int, int]] = []
    one = analyse_record(record, effort=400, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(i, 8) for i in range(1, 9)]
    two = analyse_record(record, effort=400, workers=2)
    assert one.moves == two.moves


def test_a_move_alone_is_judged_as_in_the_whole_record() -> None:
    record = GameRecord.from_state(random_game(12), {})
    record.moves = record.moves[:10] + []
    whole = analyse_record(record, effort=400, rules=RuleSet("touching"))
    alone = [analyse_move(record, n, 400, RuleSet("touching")) for n in range(1, 11)]
    assert alone == whole.moves
    for n in (0, 11, True, 2.0):
        with pytest.raises(ArgumentError, match=f"move {n!r} is not a move of the record"):
            analyse_move(record, n)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="effort"):
        analyse_move(record, 1, 0)


def test_bad_arguments() -> None:
    record = parse_record("W@1A1")
    for effort in (0, -1, True, 1.5):
        with pytest.raises(ArgumentError, match="effort"):
            analyse_record(record, effort=effort)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="workers"):
        analyse_record(record, workers=0)
    state = GameState()
    with pytest.raises(IllegalActionError) as err:
        placement_values(state)
    assert err.value.refusal is Refusal.NOT_DRAWN
    state.apply_draw(Colour.RED)
    with pytest.raises(IllegalActionError, match="2B2 is not playable") as err:
        placement_values(state, played=parse_cell("2B2"))
    assert err.value.refusal is Refusal.UNSUPPORTED


def test_a_record_ended_by_a_straight_flush_ends_exact() -> None:
    # Player 1 tops four white balls with a fifth on 2B2 on move 9.
    record = parse_record("W@1A1 B@1E1 W@1C1 B@1G1 W@1A3 R@1E3 W@1C3 R@1G3 W@2B2")
    analysis = analyse_record(record, effort=300)
    last = analysis.moves[-1]
    assert (last.n, last.value, last.best, last.loss, last.exact) == (9, 1.0, last.cell, 0.0, True)
    assert not analysis.moves[-2].exact


def test_exact_values_need_whole_chance_nodes() -> None:
    # Found by hypothesis: the bounded (alpha-beta) search stored a wrong exact
    # entry under 2F2 after searching the other cells first (-1/3 instead of
    # -31/90). Exact values are now searched without windows.
    state = parse_state("WRRWWBBWBRWRRRBW/.R.WBBRBW/..../. 2 2-2 - B * visible,apex-free")
    found = placement_values(state, prune=False)
    assert found.exact
    solver = ReferenceSolver()
    for cell, value in found.values.items():
        assert value == pytest.approx(solver.placement_value(state, cell), abs=1e-6)


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


@pytest.mark.parametrize(
    ("loss", "said"),
    [
        (BLUNDER, "blunder"), (BLUNDER - TIE, "blunder"),  # a threshold is met within TIE
        (BLUNDER - 2e-9, "mistake"), (MISTAKE, "mistake"),
        (INACCURACY, "inaccuracy"), (INACCURACY - TIE, "inaccuracy"),
        (INACCURACY - 2e-9, None), (0.0, None),
    ],
)
def test_a_loss_at_a_threshold_earns_its_verdict(loss: float, said: str | None) -> None:
    """analysis.md, "Verdicts": a loss of BLUNDER (0.40) or more is a blunder,
    MISTAKE (0.20) a mistake, INACCURACY (0.10) an inaccuracy; values within TIE
    (1e-9) are equal, so a loss that far below a threshold still meets it."""
    assert verdict(loss) == said


def test_the_json_of_an_analysis_has_the_documented_keys() -> None:
    """analysis.md, "The JSON" (``spoker analyse --json``): the keys of a move, a
    player's summary and a challenge, spelled exactly."""
    from spoker.runs.analysis import ChallengeSwing, PlayerSummary

    move = MoveAnalysis(3, 1, Colour.RED, parse_cell("1C3"), 0.5, parse_cell("1E1"), 0.75, 0.25,
                        True, "mistake", 4)
    assert move.to_json() == {
        "n": 3, "player": 1, "ball": "R", "cell": "1C3", "value": 0.5, "best": "1E1",
        "best_value": 0.75, "loss": 0.25, "exact": True,
    }
    summary = PlayerSummary(1, 2, 0.125, move, 0, 1, 0)
    assert summary.to_json() == {
        "player": 1, "moves": 2, "average_loss": 0.125, "worst": 3,
        "inaccuracies": 0, "mistakes": 1, "blunders": 0,
    }
    assert PlayerSummary(2, 0, 0.0, None, 0, 0, 0).to_json()["worst"] is None
    swing = ChallengeSwing(9, 1, "flush_three", 10, "full_house", (0, 1), 0.5, 0.625, 0.125, True)
    assert swing.to_json() == {
        "move": 9, "challenger": 1, "challenge": "flush_three", "response_move": 10,
        "response": "full_house", "points": [0, 1], "before": 0.5, "opened": 0.625,
        "answered": 0.125, "turning": True,
    }


def test_a_player_without_placements_sums_to_nothing() -> None:
    """A summary of no placements: no moves, no loss, no worst move, no verdicts."""
    from spoker.runs.analysis import PlayerSummary

    assert summarise([], 2) == PlayerSummary(2, 0, 0.0, None, 0, 0, 0)


# -- the apex ruling at the root (rules.md, "The apex") ----------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        # Red on the apex answers a three of three kinds with a better group:
        # as a response the apex counts, player 2 wins the challenge and the game.
        ("WWBWWBBBRRRBWRWR/RRWWBWWRB/BBBR/. 2 3-3 three_kinds:1A1,2B2,3C3 R * visible", 1.0),
        # On a normal turn the apex forms nothing (no straight flush here):
        # it opens no challenge and player 2 loses 2-3.
        ("WRRRRRBRBRRBBWBB/BBWWWWRWB/WBWR/. 2 3-2 - W * visible", -1.0),
    ],
)
def test_the_apex_counts_as_a_response_and_not_on_a_normal_turn(text: str, value: float) -> None:
    """rules.md, "The apex": on a normal turn a ball on the apex counts only if
    it forms a straight flush; as a response it counts like any other ball."""
    state = parse_state(text)
    (apex,) = state.legal_cells()
    assert str(apex) == "4D4"
    assert ReferenceSolver().placement_value(state, apex) == value
    found = placement_values(state, effort=1)
    assert found.exact and found.values == {apex: value}


# -- rules, records and workers -----------------------------------------------------
APEX_GAME = (
    "R@1E5 B@1A5 W@1E1 B@1G3 R@1C1 B@1C3 R@1E7 W@1G1 B@1A1 R@1C7 W@1C5 R@1A7 W@2B6 B@1E3 W@1G5 "
    "W@2F4 W@2F2 R@1A3 W@1G7 W@2F6 B@2D2 R@2B4 R@2B2 B@2D4 B@3C3 R@3E3 B@2D6 W@3C5 B@3E5 R@4D4"
)
"""A whole game whose 30th ball, red on the apex on a normal turn, forms a
group: nothing under the apex ruling (player 2 loses 4-5), a challenge under
``apex-free`` that the empty bag scores for player 2 (a 5-5 draw)."""
APEX_FREE = RuleSet.parse("visible,apex-free")


def test_a_move_is_judged_by_the_rules_given_else_the_record_s() -> None:
    """docs/analysis.md: ``analyse_move(record, n, effort, rules)``, the rules
    overriding the record's ``Rules`` header (notation.md, "Moves and records")."""
    plain = parse_record(APEX_GAME)
    free = parse_record("Rules: visible, apex-free\n\n" + APEX_GAME)
    assert free.rules == APEX_FREE
    assert analyse_move(plain, 30, 1).value == -1.0
    assert analyse_move(plain, 30, 1, APEX_FREE).value == 0.0
    assert analyse_move(free, 30, 1).value == 0.0
    assert analyse_move(free, 30, 1, RuleSet.parse("visible")).value == -1.0


def test_a_record_is_analysed_under_the_rules_given() -> None:
    """``analyse_record(..., rules=)`` overrides the record's rules: the moves
    are judged by them, and the analysis and its JSON name them."""
    record = parse_record(APEX_GAME)
    analysis = analyse_record(record, effort=20, rules=APEX_FREE)
    assert analysis.record is record
    assert analysis.rules == APEX_FREE and analysis.to_json()["rules"] == "visible, apex-free"
    assert analysis.moves[-1].value == 0.0
    assert analyse_record(record, effort=20).moves[-1].value == -1.0


def test_workers_must_be_a_positive_whole_number() -> None:
    """docs/cli.md, ``spoker analyse --workers K``: a count of processes."""
    record = parse_record("W@1A1")
    for workers in (0, -1, True, 1.5, "2"):
        with pytest.raises(ArgumentError, match=f"workers {workers!r} must be a positive whole number"):
            analyse_record(record, effort=10, workers=workers)  # type: ignore[arg-type]


def test_an_effort_of_one_position_is_allowed() -> None:
    """The smallest effort is 1: the search goes one placement deep (exact
    near the end), and 0 is refused."""
    record = parse_record("W@1A1 B@1C1")
    assert [m.depth for m in analyse_record(record, effort=1).moves] == [1, 1]
    assert analyse_move(record, 2, 1).depth == 1
    with pytest.raises(ArgumentError, match="effort 0 must be a positive whole number"):
        analyse_record(record, effort=0)


def test_nothing_to_value_without_a_drawn_ball() -> None:
    """placement_values says why it cannot value a state (no ball drawn)."""
    with pytest.raises(IllegalActionError, match=r"^nothing to value: draw a ball before placing$"):
        placement_values(GameState())


def test_progress_follows_each_placement_with_one_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one worker (the default) the placements are judged here, one after
    the other, and ``progress(done, total)`` is called after each."""
    import spoker.runs.analysis as analysis

    judged: list[int] = []
    real = analysis.placement_values

    def counting(*args: object, **kwargs: object) -> object:
        judged.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "placement_values", counting)
    record = parse_record("W@1A1 B@1C1 R@1E1 W@1G1")
    seen: list[tuple[int, int, int]] = []
    analyse_record(record, effort=20, progress=lambda d, t: seen.append((len(judged), d, t)))
    assert seen == [(1, 1, 4), (2, 2, 4), (3, 3, 4), (4, 4, 4)]
    seen.clear()
    judged.clear()
    analyse_record(record, effort=20, workers=1, progress=lambda d, t: seen.append((len(judged), d, t)))
    assert seen == [(1, 1, 4), (2, 2, 4), (3, 3, 4), (4, 4, 4)]


def test_workers_take_the_placements_the_late_ones_first_all_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/analysis.md: ``--workers`` shares the placements between processes,
    the late, costly ones first, all handed out at once so that the workers
    finish together; one worker, or one placement, needs no pool."""
    import contextlib
    from collections.abc import Iterator

    import spoker.runs.analysis as analysis
    from spoker.runs.parallel import InlineExecutor

    pools: list[int] = []
    log: list[object] = []

    class Recording(InlineExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            log.append(args[0].n)
            return super().submit(fn, *args, **kwargs)

    @contextlib.contextmanager
    def fake_running(workers: int) -> Iterator[InlineExecutor]:
        pools.append(workers)
        yield Recording()

    monkeypatch.setattr(analysis, "running", fake_running)
    moves = "W@1A1 B@1C1 R@1E1 W@1G1 B@1A3 R@1C3 W@1E3 B@1G3 R@1A5 W@1C5".split()
    record = parse_record(" ".join(moves))
    whole = analyse_record(record, effort=20, workers=3, progress=lambda d, t: log.append(f"{d}/{t}"))
    assert pools == [3]
    assert log == list(range(10, 0, -1)) + [f"{d}/10" for d in range(1, 11)]
    assert [m.n for m in whole.moves] == list(range(1, 11))
    assert whole.moves == analyse_record(record, effort=20).moves  # the same result
    pools.clear()
    analyse_record(parse_record(" ".join(moves[:2])), effort=20, workers=2)
    assert pools == [2]  # two placements, two workers
    analyse_record(parse_record(" ".join(moves[:2])), effort=20, workers=5)
    assert pools == [2, 2]  # no more workers than placements
    pools.clear()
    analyse_record(parse_record(moves[0]), effort=20, workers=2)
    analyse_record(record, effort=20, workers=1)
    analyse_record(record, effort=20)
    assert pools == []


# -- grading, summaries, swings and JSON at their edges ------------------------------
def test_a_value_within_tie_of_the_best_is_among_the_best() -> None:
    """analysis.md, "Verdicts": values within TIE are equal. A played value that
    close to the best loses nothing; among cells tied for the best, the best
    named is the lowest cell."""
    from spoker.runs.analysis import PlacementValues, grade_move

    low, high, played = parse_cell("1A1"), parse_cell("1C1"), parse_cell("1E1")
    tied = PlacementValues({played: 0.5 - TIE, high: 0.5}, True, 3, 10)
    m = grade_move(7, 1, Colour.RED, played, tied)
    assert (m.best, m.loss, m.verdict, m.depth, m.exact) == (played, 0.0, None, 3, True)
    two = PlacementValues({played: 0.0, high: 0.5, low: 0.5 - TIE}, False, 4, 10)
    m = grade_move(7, 1, Colour.RED, played, two)
    assert (m.best, m.best_value, m.loss, m.verdict, m.depth) == (low, 0.5, 0.5, "blunder", 4)


def test_a_loss_of_tie_is_no_worst_move() -> None:
    """A player's worst placement is None when no loss exceeds TIE."""
    assert summarise([_move(1, TIE), _move(3, 0.0)], 1).worst is None
    worst = summarise([_move(1, 2 * TIE), _move(3, 0.0)], 1).worst
    assert worst is not None and worst.n == 1


def test_the_summary_counts_each_verdict() -> None:
    """Inaccuracies, mistakes and blunders are counted apart (placements without
    a verdict are not counted)."""
    losses = [0.0, 0.0, 0.0, INACCURACY, MISTAKE, MISTAKE, BLUNDER]
    moves = [_move(2 * i + 1, loss) for i, loss in enumerate(losses)]
    one = summarise(moves, 1)
    assert (one.moves, one.inaccuracies, one.mistakes, one.blunders) == (7, 1, 2, 1)


def test_a_mistake_is_met_within_tie() -> None:
    """A loss TIE short of MISTAKE is a mistake; further short, an inaccuracy."""
    assert verdict(MISTAKE - TIE) == "mistake"
    assert verdict(MISTAKE - 2e-9) == "inaccuracy"


def _swings(text: str, values: dict[int, float]) -> list[ChallengeSwing]:
    """The challenges of record ``text`` with made-up values of its placements."""
    from spoker.records.replay import Replay
    from spoker.runs.analysis import challenge_swings

    replay = Replay(parse_record(text))
    cell = parse_cell("1A1")
    moves = [
        MoveAnalysis(n, 2 - n % 2, Colour.RED, cell, v, cell, v, 0.0, True, None, 1)
        for n, v in values.items()
    ]
    return challenge_swings(replay, moves)


ANSWERED = "W@1A1 B@1A3 W@1C1 B@1C3 W@1E1 B@1E3"  # 5: flush three, 6: flush three (a tie)
OPEN = "W@1A1 B@1A3 W@1C1 B@1C3 W@1E1"  # 5: flush three, not answered yet


@pytest.mark.parametrize(
    ("before", "answered", "turning"),
    [
        (0.0, TURNING, True),  # exactly TURNING
        (0.0, TURNING - TIE, True),  # within TIE of it
        (0.0, TURNING - 2e-9, False),
        (0.2, 0.25, False),  # a small move up, whatever the values
        (0.2, -0.1, True),
        (-0.5, -0.1, True),
    ],
)
def test_a_turning_point_moves_the_challenger_s_result_by_turning(
    before: float, answered: float, turning: bool
) -> None:
    """analysis.md: a challenge is a turning point when the challenger's
    expected result moves TURNING (0.30) or more from before its opening draw to
    the end of its answer (values within TIE are equal). Values are seen by the
    challenger: the moves before and after are the opponent's."""
    (swing,) = _swings(ANSWERED, {4: -before, 5: 0.9, 6: -answered})
    assert (swing.before, swing.opened, swing.answered) == (before, 0.9, answered)
    assert swing.response == "flush_three" and swing.points == (1, 1) and swing.response_move == 6
    assert swing.turning is turning


def test_an_unanswered_challenge_swings_to_its_opening() -> None:
    """A challenge still open at the record's end has no answer: its last value
    is the opening's; a placement not judged has no value, and no swing."""
    (swing,) = _swings(OPEN, {4: -0.1, 5: 0.4})
    assert (swing.response_move, swing.response, swing.points) == (None, None, None)
    assert (swing.before, swing.opened, swing.answered, swing.turning) == (0.1, 0.4, None, True)
    assert swing.to_json()["answered"] is None and swing.to_json()["points"] is None
    (alone,) = _swings(OPEN, {5: 0.4})
    assert (alone.before, alone.turning) == (None, False)
    assert alone.to_json()["before"] is None


def test_json_values_have_nine_decimals_and_no_negative_zero() -> None:
    """analysis.md, "The JSON": values keep 9 decimals; a value that rounds to
    zero is written 0.0, never -0.0."""
    import json

    cell = parse_cell("1A1")
    move = MoveAnalysis(1, 1, Colour.RED, cell, -1e-12, cell, 0.1234567891, 0.1234567891, False, None, 1)
    out = move.to_json()
    assert out["best_value"] == 0.123456789 and out["loss"] == 0.123456789
    assert json.dumps(out["value"]) == "0.0"
