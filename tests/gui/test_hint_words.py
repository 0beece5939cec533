"""The game screen's hint: the best cells, each with its chances in words."""

from __future__ import annotations

from arcade import key as keys

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup


def test_controller_hint_values_are_expected_results() -> None:
    c = GameController(GameSetup(seed=3))
    assert c.hint() == []  # nothing drawn yet
    c.state.apply_draw("R")
    hints = c.hint(top=2)
    assert len(hints) == 2 and all(-1 <= v <= 1 for _, v in hints)
    assert hints[0][1] >= hints[1][1]
    lines = GameController.hint_lines([(hints[0][0], 0.4)])
    assert lines == ["Hint: best cells for this ball", f"  {hints[0][0]}: wins about 7 games in 10"]


def test_the_hint_box_says_the_chances_in_words(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=5))
    view.on_key_press(keys.I, 0)
    view.on_key_press(keys.SPACE, 0)
    view.on_update(0.1)
    assert view.hints
    texts = [text for text, _ in view._info_lines()]
    assert texts[0] == "Hint: best cells for this ball"
    assert len(texts) == 1 + len(view.hints)
    for (cell, _), text in zip(view.hints, texts[1:]):
        assert text.startswith(f"  {cell}: ") and "in 10" in text
    view.on_draw()
