"""What the screens take from the analysis: a placement judged without its
draw completed later (spoker.runs.analysis.judge_draw, for the analyses kept
before luck was measured) is the same as one judged with it, and each
player's luck and skill over the other (spoker.runs.luck.edges) add up with
the start value and the residual to the result."""

from __future__ import annotations

from pathlib import Path

import pytest

from spoker.errors import ArgumentError
from spoker.records.record import load_record
from spoker.runs.analysis import analyse_move, analyse_record, judge_draw
from spoker.runs.luck import edges

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "sample-game.txt"


@pytest.mark.parametrize("effort", [300, 1000])
def test_a_draw_judged_afterwards_is_the_draw_judged_at_once(effort: int) -> None:
    record = load_record(SAMPLE)
    for n in (1, 2, 9, 17, 24, 26, 29, 30):  # estimates, the exhaustive end, a won game's last move
        plain = analyse_move(record, n, effort)
        assert plain.draw_value is None
        whole = analyse_move(record, n, effort, luck=True)
        assert judge_draw(record, plain, effort) == whole, n
        assert analyse_move(record, n, effort, luck=True, known=plain) == whole, n
        assert analyse_move(record, n, effort, luck=True, known=whole) is whole  # nothing left to judge


def test_judging_a_draw_refuses_a_placement_of_another_move() -> None:
    record = load_record(SAMPLE)
    third = analyse_move(record, 3, 300)
    with pytest.raises(ArgumentError, match="is not the record's"):
        judge_draw(record, third._replace(n=4), 300)
    with pytest.raises(ArgumentError, match="move 31 is not a move"):
        judge_draw(record, third._replace(n=31), 300)
    with pytest.raises(ArgumentError, match="is move 3, not move 5"):
        analyse_move(record, 5, 300, luck=True, known=third)
    with pytest.raises(ArgumentError, match="effort 0"):
        judge_draw(record, third, 0)


@pytest.mark.parametrize("effort", [300, 1000])
def test_each_players_luck_and_skill_add_up_to_the_result(effort: int) -> None:
    analysis = analyse_record(load_record(SAMPLE), effort=effort, luck=True)
    figures = analysis.balance()
    assert figures is not None
    (luck, skill), (luck2, skill2) = edges(figures)
    one, two = figures.players
    assert (luck, skill) == (one.luck - two.luck, two.loss - one.loss)
    assert (luck2, skill2) == (-luck, -skill)  # a zero-sum game: the other's are minus these
    assert one.result is not None
    # To the last digit: result - start = luck + skill + residual (notation.md's identity).
    assert one.result - figures.start_value == luck + skill + figures.residual
