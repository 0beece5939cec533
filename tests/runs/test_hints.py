"""The game screen's hints: the best cells by expected result, against a plain solver."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.reference_solver import ReferenceSolver
from support.strategies import endgames

from shibumi import Colour
from spoker import GameState, parse_state
from spoker.runs.analysis import AnalysisError
from spoker.runs.hints import hint_values


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
    with pytest.raises(AnalysisError, match="top"):
        hint_values(state, top=0)
