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
from spoker.records.record import GameRecord, parse_record
from spoker.runs.analysis import (
    BLUNDER,
    EXACT_LEFT,
    INACCURACY,
    MISTAKE,
    TIE,
    AnalysisError,
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
    assert [p["player"] for p in players] == [1, 2]  # type: ignore[index]
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
        with pytest.raises(AnalysisError, match=f"move {n!r} is not a move of the record"):
            analyse_move(record, n)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="effort"):
        analyse_move(record, 1, 0)


def test_bad_arguments() -> None:
    record = parse_record("W@1A1")
    for effort in (0, -1, True, 1.5):
        with pytest.raises(AnalysisError, match="effort"):
            analyse_record(record, effort=effort)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError, match="workers"):
        analyse_record(record, workers=0)
    state = GameState()
    with pytest.raises(AnalysisError, match="no ball is drawn"):
        placement_values(state)
    state.apply_draw(Colour.RED)
    with pytest.raises(AnalysisError, match="not playable"):
        placement_values(state, played=parse_cell("2B2"))


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
