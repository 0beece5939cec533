"""The tutor: against the computer, before a person's
placement that gives away more than the threshold (the hint engine's values,
P(win) - P(loss)), the game asks "rethink, or play it?" with the hints' words
for the better cell; Rethink keeps the ball in hand, Play it places it.

The position: a puzzle's (assets/puzzles/visible.txt), the red ball drawn;
3C3 and 3E5 win whatever is drawn (1.0), 3C5 is worth 2/3 (exact: 4 balls
left, so the search is quick). With the black ball drawn instead 3C3 is the
poor cell.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest
from arcade import key as keys

from shibumi import Cell, Colour
from spoker.engine.rules import RuleSet
from spoker.engine.state_strings import parse_state
from spoker.gui.app import SpokerApp
from spoker.gui.models.computer_turns import Job
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.tutor import TUTOR_WAIT, CellValues, Decision, check, tutor_applies
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.game import GameView
from spoker.runs.hints import Hint, hints
from spoker.runs.workers import InlineExecutor
from spoker.text.narrator import TUTOR_NO_TIME, hint_lines

BOARD = "RBWBWWBRBRRWRWBB/RRWWRBBWR/.B../. 1 7-5 -"
RED = f"{BOARD} R * visible"
BLACK = f"{BOARD} B * visible"
BEST, ALSO_BEST, POOR = Cell("3C3"), Cell("3E5"), Cell("3C5")
PLACED = 26  # the balls on the board
AGAINST = (PERSON, "greedy")


def controller(state: str = RED, seats: tuple[str, str] = AGAINST) -> GameController:
    return GameController(GameSetup(("You", "Comp"), seats, RuleSet(), seed=3), state=parse_state(state))


def unready(key: str) -> Job[list[Hint]]:
    """A job whose search has not finished (its future is never set)."""
    job: Job[list[Hint]] = Job.__new__(Job)
    job.key = key
    job.future = Future()
    return job


# -- the model ------------------------------------------------------------------
def test_the_threshold_decides_and_the_words_are_the_hints_own() -> None:
    c = controller()
    found = c.cell_values()
    assert [h.cell for h in found] == [BEST, ALSO_BEST, POOR]  # every playable cell, best first
    assert found == hints(c.state, top=3)  # the hint engine's values and words
    assert check(found, BEST, 0.15) is None and check(found, ALSO_BEST, 0.0) is None  # the best: never asked
    warning = check(found, POOR, 0.15)
    assert warning is not None
    assert warning.loss == pytest.approx(1 / 3, abs=0.002)
    assert warning.question == "This gives away about 1 game in 6: rethink, or play it?"
    shown = [line.split(". ", 1)[1] for line in hint_lines([(h.cell, h.words) for h in found])[1:]]
    assert warning.lines == [f"Better: {shown[0]}", f"Yours: {shown[2]}"]
    assert warning.lines[0] == "Better: 3C3: a flush three, level 3: opens a challenge; wins whatever comes out of the bag"
    assert check(found, POOR, 0.25) is not None
    assert check(found, POOR, 0.40) is None  # a third of a game given away: under this threshold
    assert check(found, POOR, warning.loss) is None  # at the threshold itself: not more than it
    assert check([], POOR, 0.1) is None and check(found[:2], POOR, 0.1) is None


def test_the_tutor_watches_only_a_person_against_the_computer_with_a_ball_drawn() -> None:
    assert tutor_applies(controller(), True)
    assert not tutor_applies(controller(), False)  # the setting off
    assert not tutor_applies(controller(seats=(PERSON, PERSON)), True)  # hot-seat
    assert not tutor_applies(controller(seats=("greedy", "greedy")), True)
    assert not tutor_applies(controller(seats=("greedy", PERSON)), True)  # the computer to move
    undrawn = controller(f"{BOARD} - * visible")
    assert not tutor_applies(undrawn, True)


def test_the_values_are_the_drawn_ball_s_in_the_position_on_screen() -> None:
    values = CellValues(InlineExecutor())
    red = controller()
    assert values.click(red, BEST, 0.15, 0.0) == Decision(BEST, None)
    first = values.found
    assert first is not None and first[0] == red.state.to_string()
    black = controller(BLACK)
    decision = values.click(black, BEST, 0.15, 0.0)  # the same board, the black ball: found again
    assert values.found is not first and values.found is not None and values.found[0] == black.state.to_string()
    assert decision is not None and decision.warning is not None
    assert decision.warning.best.cell == POOR and decision.warning.loss == pytest.approx(1 / 3, abs=0.002)
    assert values.values(black) is values.found[1]  # asked again: no new search


def test_a_click_before_the_values_waits_then_is_placed_without_asking() -> None:
    c = controller()
    values = CellValues(InlineExecutor())
    values.jobs[c.state.to_string()] = unready(c.state.to_string())
    assert values.click(c, POOR, 0.15, 10.0) is None  # waits
    assert values.pending is not None and values.pending.cell == POOR
    assert values.poll(c, 0.15, 10.0 + TUTOR_WAIT - 0.01) is None
    assert values.poll(c, 0.15, 10.0 + TUTOR_WAIT) == Decision(POOR, None, late=True)
    assert values.pending is None and values.poll(c, 0.15, 99.0) is None
    # Found in time: decided as at once.
    job = values.jobs[c.state.to_string()] = unready(c.state.to_string())
    assert values.click(c, POOR, 0.15, 20.0) is None
    job.future.set_result(c.cell_values())
    decision = values.poll(c, 0.15, 20.1)
    assert decision is not None and decision.cell == POOR and decision.warning is not None and not decision.late
    # A search that fails: no question, the ball placed.
    values.reset()
    failing = values.jobs[c.state.to_string()] = unready(c.state.to_string())
    failing.future.set_exception(RuntimeError("boom"))
    assert values.click(c, POOR, 0.15, 30.0) == Decision(POOR, None) and values.error == "boom"


def test_a_waiting_click_is_dropped_when_the_position_changes() -> None:
    c = controller()
    values = CellValues(InlineExecutor())
    values.jobs[c.state.to_string()] = unready(c.state.to_string())
    assert values.click(c, POOR, 0.15, 0.0) is None
    other = controller(BLACK)
    values.jobs[other.state.to_string()] = unready(other.state.to_string())
    assert values.poll(other, 0.15, 99.0) is None and values.pending is None


def test_before_the_draw_each_ball_s_position_is_searched_and_the_drawn_one_s_used() -> None:
    c = controller(f"{BOARD} - * visible")
    values = CellValues(InlineExecutor())
    values.prefetch(c)
    counts = c.state.bag()
    expected = set()
    for colour in Colour:
        if counts[colour]:
            drawn = c.state.copy()
            drawn.apply_draw(colour)
            expected.add(drawn.to_string())
    assert set(values.jobs) == expected and len(expected) == 3  # a ball of each colour is left
    job = values.jobs[RED]
    c.state.apply_draw(Colour.RED)
    assert c.state.to_string() == RED
    found = values.values(c)
    assert found is not None and found is job.result() and values.jobs == {}  # the others dropped
    assert [h.cell for h in found] == [BEST, ALSO_BEST, POOR]
    # After a takeback the next ball is known: only its position.
    again = controller(f"{BOARD} - * visible")
    again.redraws = [Colour.WHITE]
    values.reset()
    values.prefetch(again)
    assert list(values.jobs) == [f"{BOARD} W * visible"]
    values.prefetch(controller())  # a ball drawn: nothing to prefetch, nothing dropped
    assert list(values.jobs) == [f"{BOARD} W * visible"]


# -- the game screen ------------------------------------------------------------
def tutor_view(app: SpokerApp, seats: tuple[str, str] = AGAINST, on: bool = True,
               threshold: float = 0.15) -> GameView:
    app.settings.tutor = on
    app.settings.tutor_threshold = threshold
    view = app.play(controller(seats=seats))
    view.on_update(0.02)  # the first frame finds the values (no threads in tests)
    return view


def click_cell(view: GameView, cell: Cell) -> None:
    x, y, _ = view.scene.screen_position(cell)
    view.on_mouse_press(round(x), round(y), 1, 0)


def placed(view: GameView) -> list[Cell]:
    return [m.cell for m in view.controller.state.history[PLACED:]]


def test_a_poor_click_asks_rethink_keeps_the_ball_and_play_it_places_it(app: SpokerApp) -> None:
    view = tutor_view(app)
    click_cell(view, POOR)
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog) and view.tutor_asked == 1
    assert dialog.title == "This gives away about 1 game in 6: rethink, or play it?"
    assert dialog.lines[0].startswith("Better: 3C3: a flush three")
    assert (dialog.yes.label, dialog.no.label) == ("Play it", "Rethink")
    assert placed(view) == [] and view.controller.state.drawn == Colour.RED
    view.on_draw()  # the dialog drawn over the game
    view.on_key_press(keys.R, 0)  # Rethink
    assert view.dialog is None and placed(view) == [] and view.controller.state.drawn == Colour.RED
    assert "still yours" in view.message
    click_cell(view, POOR)
    assert view.dialog is not None
    view.on_key_press(keys.ESCAPE, 0)  # Esc: rethink too
    assert view.dialog is None and placed(view) == []
    click_cell(view, POOR)
    view.on_key_press(keys.ENTER, 0)  # Play it
    assert view.dialog is None and placed(view) == [POOR]
    assert view.tutor_asked == 3


GAME = ("R1E1 R1A5 B1E7 W1C3 W1A1 B1C1 B1A3 R1E3 B1G3 R1E5 W1A7 R1C5 R1G5 B1C7 B2D6 B1G7 W1G1 B2F6 R2B6 W2F4 "
        "R2F2 B2B4 R2D4 W2D2").split()
"""A real game's first 24 placements (greedy against itself, seed 6; a takeback
replays them), then the white ball: 3E3 and 3C5 are worth 0.15, 2B2 -0.65."""


def test_the_play_it_button_places_and_the_placement_takes_back_normally(app: SpokerApp) -> None:
    from spoker import GameState

    colours = {"R": Colour.RED, "B": Colour.BLACK, "W": Colour.WHITE}
    state = GameState(RuleSet())
    for move in GAME:
        state.apply_draw(colours[move[0]])
        state.apply_place(Cell(move[1:]))
    state.apply_draw(Colour.WHITE)
    before = state.to_string()
    app.settings.tutor = True
    view = app.play(GameController(GameSetup(("You", "Comp"), AGAINST, RuleSet(), seed=3), state=state))
    view.on_update(0.02)
    poor = Cell("2B2")
    click_cell(view, poor)
    dialog = view.dialog
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.title == "This gives away about 4 games in 10: rethink, or play it?"
    x, y = dialog.yes.center
    view.on_mouse_press(round(x), round(y), 1, 0)  # the Play it button
    assert [m.cell for m in view.controller.state.history[24:]] == [poor] and view.dialog is None
    view.on_update(0.02)  # the computer waits before it draws
    view.on_key_press(keys.Z, keys.MOD_CTRL)  # taken back as any placement
    assert len(view.controller.state.history) == 24 and view.controller.state.drawn == Colour.WHITE and view.dialog is None
    assert view.controller.state.to_string() == before
    view.on_update(0.02)
    click_cell(view, poor)  # asked again, from the values found again
    assert view.dialog is not None and view.tutor_asked == 2
    view.on_key_press(keys.R, 0)
    click_cell(view, Cell("3C5"))
    assert [m.cell for m in view.controller.state.history[24:]] == [Cell("3C5")]


def test_a_good_click_the_keyboard_and_the_settings_decide_at_once(app: SpokerApp) -> None:
    view = tutor_view(app)
    click_cell(view, ALSO_BEST)
    assert view.dialog is None and placed(view) == [ALSO_BEST] and view.tutor_asked == 0
    for seats, on, threshold in ((AGAINST, False, 0.15), ((PERSON, PERSON), True, 0.15), (AGAINST, True, 0.40)):
        other = tutor_view(app, seats, on, threshold)
        click_cell(other, POOR)
        assert other.dialog is None and placed(other) == [POOR], (seats, on, threshold)
    keyboard = tutor_view(app)
    while keyboard.placing.cursor != POOR:
        keyboard.on_key_press(keys.TAB, 0)
    keyboard.on_key_press(keys.ENTER, 0)
    assert keyboard.dialog is not None and placed(keyboard) == []
    keyboard.on_key_press(keys.P, 0)  # P: play it
    assert placed(keyboard) == [POOR]


def test_the_hints_show_the_same_values(app: SpokerApp) -> None:
    app.settings.show_hints = True
    view = tutor_view(app)
    assert view.values.found is not None and view.hints == view.values.found[1][:3]
    assert view.controller.hint_lines(view.hints)[1].startswith("1. 3C3: ")


def test_a_click_before_the_values_is_placed_after_the_wait_without_asking(app: SpokerApp, monkeypatch: Any) -> None:
    view = tutor_view(app)
    view.values.reset()
    view.values.jobs[view.controller.state.to_string()] = unready(view.controller.state.to_string())
    now = [100.0]
    view.clock = lambda: now[0]
    click_cell(view, POOR)
    assert view.dialog is None and placed(view) == [] and view.values.pending is not None
    view.on_update(0.02)
    assert placed(view) == []  # still waiting
    now[0] += TUTOR_WAIT
    view.on_update(0.02)
    assert placed(view) == [POOR] and view.message == TUTOR_NO_TIME
