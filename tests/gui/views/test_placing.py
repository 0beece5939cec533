"""Placing a ball (spoker.gui.views.placing): which cell the pointer and the
keyboard mean, where the ghost stands, the tip's words, tested once; then
that the game, a lesson and a puzzle each place through it and say the
same."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from arcade import key as keys

from shibumi import Cell, parse_board
from spoker.gui.models.controller import GameSetup
from spoker.gui.views.game import GameView
from spoker.gui.views.lessons import LessonsView
from spoker.gui.views.placing import HOW_TO_PLACE, Placing
from spoker.gui.views.puzzles import PuzzlesView

A, B, C, D = (Cell.from_str(c) for c in ("1A1", "1C1", "1E1", "1G1"))
PLAYABLE = (A, B, C)


def test_the_pointer_takes_over_from_the_keyboard(window: Any) -> None:
    placing = Placing()
    assert placing.step(PLAYABLE, 1) == A and placing.cursor == A
    assert placing.point(B) and (placing.hover, placing.cursor) == (B, None)
    assert not placing.point(B)  # the same cell: nothing changed
    assert placing.point(None) and placing.hover is None


def test_tab_walks_the_playable_cells_both_ways_and_leaves_the_pointer(window: Any) -> None:
    placing = Placing()
    placing.point(C)
    assert [placing.step(PLAYABLE, 1) for _ in range(4)] == [A, B, C, A]
    assert placing.hover is None
    assert placing.step(PLAYABLE, -1) == C
    fresh = Placing()
    assert fresh.step(PLAYABLE, -1) == C  # Shift+Tab starts from the last
    assert fresh.step((), 1) is None and fresh.cursor is None
    assert Placing.stepped(A) == "1A1: Enter places the ball, Tab moves on."


def test_the_ghost_is_the_keyboards_cell_else_the_pointers_where_a_ball_can_go(window: Any) -> None:
    placing = Placing()
    assert placing.ghost(PLAYABLE) is None
    placing.point(D)
    assert placing.ghost(PLAYABLE) is None and placing.chosen(PLAYABLE) is None  # D is not playable
    placing.point(B)
    assert placing.ghost(PLAYABLE) == B and placing.chosen(PLAYABLE) is None  # Enter needs the keyboard's cell
    placing.step(PLAYABLE, 1)
    assert placing.ghost(PLAYABLE) == A == placing.chosen(PLAYABLE)
    assert placing.chosen((B, C)) is None  # no longer playable
    placing.reset()
    assert placing.cursor is None


def test_the_tip_names_the_ball_or_the_click(window: Any) -> None:
    board = parse_board("W.............../........./..../.")
    placing = Placing()
    assert placing.tip(board, PLAYABLE) is None
    placing.point(A)
    assert placing.tip(board, PLAYABLE) == "1A1: a white ball"
    placing.point(B)
    assert placing.tip(board, PLAYABLE) == "1C1: click to place the ball here"
    placing.point(D)
    assert placing.tip(board, (B,)) is None


# -- each screen that places a ball uses it ---------------------------------------------
def game_screen(app: Any) -> tuple[Any, Callable[[], tuple[Cell, ...]], Callable[[], int]]:
    view = app.new_game(GameSetup(("Ann", "Bob"), seed=1))
    view.on_key_press(keys.SPACE, 0)  # draws
    return view, view.controller.playable, lambda: len(view.controller.state.history)


def lesson_screen(app: Any) -> tuple[Any, Callable[[], tuple[Cell, ...]], Callable[[], int]]:
    view = app.show_lessons(1)
    return view, view.book.playable, lambda: int(view.book.feedback is not None)


def puzzle_screen(app: Any) -> tuple[Any, Callable[[], tuple[Cell, ...]], Callable[[], int]]:
    view = app.show_puzzles(1)
    view.on_draw()
    return view, view.session.playable, lambda: int(not view.session.playable())


@pytest.mark.parametrize(("open_screen", "screen"), [(game_screen, GameView), (lesson_screen, LessonsView),
                                                     (puzzle_screen, PuzzlesView)], ids=["game", "lesson", "puzzle"])
def test_each_screen_places_with_tab_and_enter_and_says_so_alike(
        app: Any, open_screen: Callable[[Any], Any], screen: type) -> None:
    view, playable, placed = open_screen(app)
    assert isinstance(view, screen) and isinstance(view.placing, Placing)
    cells = playable()
    assert cells and placed() == 0
    view.on_key_press(keys.TAB, 0)
    assert view.placing.cursor == cells[0]
    assert view.message == Placing.stepped(cells[0])
    assert view.scene._ghost is not None  # the ghost ball on the keyboard's cell
    view.on_key_press(keys.ENTER, 0)
    assert placed() == 1
    if screen is not LessonsView or view.book.solved:  # the ball placed: the tip about placing it goes
        assert view.message_time <= 0 or view.message != Placing.stepped(cells[0])


@pytest.mark.parametrize("open_screen", [lesson_screen, puzzle_screen], ids=["lesson", "puzzle"])
def test_enter_without_a_cell_says_how_to_place(app: Any, open_screen: Callable[[Any], Any]) -> None:
    view, _, placed = open_screen(app)
    view.on_key_press(keys.ENTER, 0)
    assert view.message == HOW_TO_PLACE and placed() == 0
