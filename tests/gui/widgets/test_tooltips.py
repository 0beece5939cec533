"""Tooltips wrap to a readable width, find a place that covers nothing (a
narrower wrapping where the widest has none), are cut only where the whole
window cannot hold them, and the layout checker finds one that covers a text."""

from __future__ import annotations

from typing import Any

import pytest
from support.layout_check import tooltip_problems

from spoker.gui.render.text import DrawnText, Label, TextLayer, recording_texts
from spoker.gui.render.theme import _UiScale
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.group import TIP_WIDTH, TipText, WidgetGroup

LONG_TIP = ("Off: no warning. Click: warn me of mistakes; right-click: of blunders only, "
            "and Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen is told whole")


@pytest.fixture(autouse=True)
def scale_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_UiScale, "value", 1.0)


def screen(size: tuple[int, int] = (800, 600)) -> tuple[WidgetGroup, TextLayer]:
    layer = TextLayer()
    return WidgetGroup(layer, screen=lambda: size), layer


def button(ui: WidgetGroup, box: tuple[float, float, float, float], tooltip: str = "") -> Button:
    b = ui.add(Button("Go", lambda: None, tooltip=tooltip))
    b.place(*box)
    return b


def frame(ui: WidgetGroup, layer: TextLayer, labels: list[tuple[Label, float, float]] = (),  # type: ignore[assignment]
          pointer: Button | None = None) -> list[DrawnText]:
    """One frame: the labels, the widgets, the tooltip of ``pointer``; the texts drawn."""
    if pointer is not None:
        ui.on_mouse_motion(*pointer.center)
    with recording_texts() as texts:
        for label, x, y in labels:
            label.draw_at(x, y)
        ui.draw()
        layer.draw()
        ui.draw_tooltip()
    return list(texts.values())


def inside(box: tuple[float, float, float, float], size: tuple[int, int]) -> bool:
    return box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= size[0] and box[1] + box[3] <= size[1]


def test_a_long_tooltip_wraps_whole_at_a_readable_width(window: Any) -> None:
    ui, layer = screen()
    go = button(ui, (300, 250, 120, 40), LONG_TIP)
    drawn = frame(ui, layer, pointer=go)
    tip = next(t for t in drawn if t.text.replace("\u200b", "") == LONG_TIP)  # all of it, no ellipsis
    box = ui.tooltip_box(go, go.center[0])
    assert tip.multiline and tip.top - tip.bottom > 2.5 * Label("Ag", 11).content_height  # three lines or more
    assert box[2] <= TIP_WIDTH + 14 and inside(box, (800, 600))
    assert box[0] <= tip.left and tip.right <= box[0] + box[2] and box[1] <= tip.bottom and tip.top <= box[1] + box[3]
    short = button(ui, (300, 100, 120, 40), "Short")
    assert ui.tooltip_box(short, short.center[0])[3] < box[3] / 2  # one line, as before


def test_with_no_room_at_its_widest_a_tip_wraps_narrower_beside_its_control(window: Any) -> None:
    """A column of controls touching each other, lines of text at their left
    and a free strip at their right too narrow for the widest wrapping: the
    tip goes in the strip, narrower, covering nothing (one line covered a
    neighbour)."""
    ui, layer = screen((800, 600))
    rows = [button(ui, (420, y, 150, 40), LONG_TIP if y == 280 else "") for y in range(0, 600, 40)]
    words = [(Label("Kept as you turn it (R); Reset: the standard view", 11, layer=layer), 10.0, float(y))
             for y in range(6, 600, 24)]
    drawn = frame(ui, layer, words, pointer=rows[7])
    box = ui.tooltip_box(rows[7], rows[7].center[0])
    assert box[0] >= 570 and box[2] < 0.6 * TIP_WIDTH and inside(box, (800, 600))
    assert len(drawn) > 20 and tooltip_problems(ui, drawn) == []


def test_a_tip_taller_than_the_window_is_cut_and_stays_inside(window: Any) -> None:
    ui, layer = screen((320, 200))
    go = button(ui, (100, 80, 80, 30), "every word counts " * 60)
    drawn = frame(ui, layer, pointer=go)
    box = ui.tooltip_box(go, go.center[0])
    assert inside(box, (320, 200))
    assert any(t.text.endswith("\u2026") for t in drawn)
    assert all(t.text.endswith("\u2026") for t in drawn if t.multiline)


def test_a_tip_is_placed_once_while_nothing_changes(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn every frame while the pointer rests: measured and placed once."""
    ui, layer = screen()
    go = button(ui, (300, 250, 120, 40), LONG_TIP)
    calls = []
    wrappings = TipText.wrappings
    monkeypatch.setattr(TipText, "wrappings", lambda self, *a: calls.append(a) or wrappings(self, *a))
    for _ in range(3):
        frame(ui, layer, pointer=go)
    assert len(calls) == 1
    go.tooltip = "Another tip"
    frame(ui, layer, pointer=go)
    assert len(calls) == 2


def test_the_checker_finds_a_tip_over_a_text_and_the_backdrop_may_be_covered(window: Any) -> None:
    """Lines of text all over the screen: the tip can only go over some, and
    the checker says so; the same lines as the screen's backdrop (an
    ornament, like the title's name) may be covered."""
    ui, layer = screen((800, 600))
    go = button(ui, (340, 280, 120, 40), "What this control does, told in words")
    wall = [(Label("SPOKER " * 20, 11, layer=layer), 0.0, float(y)) for y in range(4, 600, 20)]
    drawn = frame(ui, layer, wall, pointer=go)
    problems = tooltip_problems(ui, drawn)
    assert problems and all("covers 'SPOKER SPOKER" in p for p in problems), problems
    ui.backdrop = tuple(label for label, _, _ in wall)
    drawn = frame(ui, layer, wall)
    assert tooltip_problems(ui, drawn) == []
    box = ui.tooltip_box(go, go.center[0])
    assert box[1] >= go.bottom + go.height  # above its control, as where nothing is in the way
