"""The game screen's hints: the best cells, numbered on the board and in the
panel, each with what the ball does there and its chances in words; the
same engine and the same words as ``spoker hint``."""

from __future__ import annotations

import json

import pytest
from arcade import key as keys

from spoker import parse_state
from spoker.cli import main
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.story import MarkRole


def test_controller_hints_are_the_hint_engine_s() -> None:
    c = GameController(GameSetup(seed=3))
    assert c.hint() == []  # nothing drawn yet
    c.state.apply_draw("R")
    found = c.hint(top=2)
    assert len(found) == 2 and all(-1 <= h.value <= 1 for h in found)
    assert found[0].value >= found[1].value
    lines = GameController.hint_lines(found)
    assert lines[0] == "Hint: best cells for this ball"
    assert lines[1] == f"1. {found[0].cell}: {found[0].words}"
    assert lines[2].startswith(f"2. {found[1].cell}: ") and lines[2].endswith(" in 10")


def test_the_hint_box_numbers_the_cells_and_says_what_the_ball_does(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=5))
    view.controller.setup = GameSetup(seed=5)
    app.settings.show_hints = True
    view.on_key_press(keys.SPACE, 0)
    view.on_update(0.1)
    assert view.hints
    texts = [text for text, _ in view._info_lines()]
    assert texts[0] == "Hint: best cells for this ball"
    assert len(texts) == 1 + len(view.hints)
    for i, (h, text) in enumerate(zip(view.hints, texts[1:]), 1):
        assert text == f"{i}. {h.cell}: {h.words}"
    hinted = [m for m in view.shown_highlights if getattr(m, "style", "") == "dashed"]
    assert len(hinted) == len(view.hints), "each hinted cell is marked on the board"
    view.on_draw()


def test_spoker_hint_and_the_game_agree_on_the_same_position(app: SpokerApp, capsys: pytest.CaptureFixture[str]) -> None:
    """One engine: the window's hint for a position is the command's, cell for
    cell, value for value, word for word."""
    view = app.new_game(GameSetup(seed=12))
    app.settings.show_hints = True
    c = view.controller
    for _ in range(6):
        c.draw()
        c.place(c.state.legal_cells()[len(c.state.legal_cells()) // 2])
    view.on_key_press(keys.SPACE, 0)
    view.on_update(0.1)
    assert view.hints
    state = c.state.to_string()
    ball = c.state.drawn
    assert ball is not None
    assert main(["hint", state, ball.char, "--json", "--top", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(h["cell"], h["value"], h["words"]) for h in out["hints"]] == [
        (str(h.cell), round(h.value, 4), h.words) for h in view.hints]
    assert parse_state(out["state"]).board == c.state.board


def test_the_ghost_shows_the_group_it_would_form_and_the_challenge_s_outcome(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=1))
    c = view.controller
    for move in ("W@1A1", "B@1A5", "W@1C1", "B@1G7"):
        c.state.apply_move(move)
    c.state.apply_draw("W")
    cell = c.state.board.resolve("1E1")
    view.placing.cursor = cell
    view._update_ghost()
    preview = c.preview(cell)
    assert preview is not None and preview.formed is not None
    formed = [m for m in view.shown_highlights if set(getattr(m, "cells", ())) == set(preview.formed.cells)]
    assert formed, "the group the ghost would form is outlined"
    assert c.preview_text(preview) == "1E1: a flush three, level 1: opens a challenge"
    view.placing.cursor = None
    view._update_ghost()
    assert not [m for m in view.shown_highlights if set(getattr(m, "cells", ())) == set(preview.formed.cells)]
    assert MarkRole.FORMED  # the role the ghost's group is drawn in
