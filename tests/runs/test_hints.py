"""The game screen's hints: the best cells by expected result, against a plain solver."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.example_counts import examples
from support.reference_solver import ReferenceSolver
from support.strategies import endgames

from shibumi import Colour
from spoker import GameState, parse_state
from spoker.cli import main
from spoker.engine.previews import Outcome, preview
from spoker.errors import ArgumentError
from spoker.runs.hints import hint_values, hints
from spoker.text.value_words import value_words


@settings(max_examples=examples(60))  # each example searches and solves a 4-5 ball endgame (tens of ms)
@given(endgames(left=(4, 5)), st.integers(1, 4))
def test_hint_values_are_the_best_cells_best_first(state: GameState, top: int) -> None:
    hints = hint_values(state, top=top)
    solver = ReferenceSolver()
    truth = sorted(
        ((solver.placement_value(state, c), c) for c in state.legal_cells()), key=lambda vc: -vc[0]
    )
    assert len(hints) == min(top, len(truth))
    assert [v for _, v in hints] == pytest.approx([v for v, _ in truth[:top]], abs=1e-6)
    assert [v for _, v in hints] == sorted((v for _, v in hints), reverse=True)


def test_hint_values_early_in_the_game() -> None:
    state = parse_state("WB............../........./..../. 1")
    state.apply_draw(Colour.RED)
    hints = hint_values(state, top=2, effort=2000)
    assert len(hints) == 2 and all(-1 <= v <= 1 for _, v in hints)
    with pytest.raises(ArgumentError, match="top"):
        hint_values(state, top=0)


# -- one engine: the explained hints, the command line ----------------------------
ANSWERING = "WWW.BB........../........./..../. 2 0-0 flush_three:1A1,1C1,1E1"


def test_a_hint_is_its_value_and_the_engine_s_preview_in_words() -> None:
    state = parse_state(ANSWERING)
    state.apply_draw(Colour.BLACK)
    found = hints(state, top=3, effort=2000)
    assert [(h.cell, h.value) for h in found] == hint_values(state, top=3, effort=2000)
    assert all(h.preview == preview(state, h.cell) for h in found)
    best = found[0]
    assert str(best.cell) == "2B2" and best.preview.outcome is Outcome.BEATS
    assert best.words == (
        "a full house, level 2: beats the flush three, level 1; " + value_words(best.value).removesuffix(" from here"))


def test_spoker_hint_json_is_the_hint_engine_s(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", ANSWERING, "B", "--json", "--top", "3", "--effort", "2000"]) == 0
    out = json.loads(capsys.readouterr().out)
    state = parse_state(ANSWERING)
    state.apply_draw(Colour.BLACK)
    expected = hints(state, top=3, effort=2000)
    assert [h["cell"] for h in out["hints"]] == [str(h.cell) for h in expected]
    assert [h["value"] for h in out["hints"]] == [round(h.value, 4) for h in expected]
    assert [h["outcome"] for h in out["hints"]] == ["beats", "ties", "loses"]
    assert out["hints"][0]["forms"] == "full_house" and out["hints"][0]["level"] == 2
    assert out["hints"][2]["forms"] is None and out["hints"][2]["level"] is None
    assert [h["words"] for h in out["hints"]] == [h.words for h in expected]


def test_spoker_hint_text_numbers_each_cell_with_its_value_and_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", ANSWERING, "B", "--top", "2", "--effort", "2000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Player 2 to place black (B); score 0-0; answering a flush three, level 1"
    assert lines[1].startswith("  1. 2B2  +") and "beats the flush three" in lines[1] and lines[1].endswith("in 10")
    assert lines[2].startswith("  2. 1E3  ") and "ties the challenge" in lines[2]


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["nonsense", "W"], "not a state"),
        (["WB............../........./..../.", "X"], "not a ball"),
        (["WB............../........./..../. 1 0-0 - W", "R"], "another ball is drawn already"),
        (["WWWWWWWWWW....../........./..../.", "W"], "no white ball is left"),
        (["WB............../........./..../.", "R", "--player", "greedy"], "the hint has one engine: no --player"),
        (["WB............../........./..../.", "R", "--top", "0"], "no cell to list"),
        (["WB............../........./..../.", "R", "--effort", "0"], "no position to judge"),
        (["WB............../........./..../.", "R", "--effort", "100000001"], "a typo, not a wish"),
    ],
)
def test_spoker_hint_refuses_bad_input_in_one_line(argv: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["hint", *argv])
    except SystemExit as exit_:  # argparse's usage errors
        status = exit_.code  # type: ignore[assignment]
    assert status == 2, why
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err, why
