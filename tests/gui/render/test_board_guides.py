"""A board that guides: the playable cells marked when a person
holds a ball (the platforms' spots stand where the ball would rest), the last
ball placed marked, and a highlighted line that climbs levels drawn as a
thread through its balls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import pytest
from arcade import key as keys

from shibumi import CELLS, Board, Cell
from spoker import GameState, RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup
from spoker.gui.render.palette import BACKGROUND
from spoker.gui.render.scene import Highlight, climbs

BY_NAME = {str(c): c for c in CELLS}
# Level 1 full but for 1G7: every level-2 cell over a full platform is playable.
PLATFORMS = Board.from_string("WBRWRBWBRWBRBWR./........./..../.")


def cells(*names: str) -> list[Cell]:
    return [BY_NAME[n] for n in names]


@pytest.mark.parametrize(
    ("names", "expected", "why"),
    [
        (("1A1", "2B2", "3C3"), True, "a diagonal up three levels"),
        (("1A1", "2B2", "3C3", "4D4"), True, "up to the apex"),
        (("1A1", "1C1", "1E1"), False, "a row on one level climbs nothing"),
        (("1A1", "1C1", "1A3", "1C3", "2B2"), False, "a pyramid is no line"),
        (("1A1", "2B2", "3C5"), False, "three levels, but not in a row"),
        (("1A1", "2B2"), False, "two balls are no group"),
    ],
)
def test_which_groups_climb(names: tuple[str, ...], expected: bool, why: str) -> None:
    assert climbs(cells(*names)) is expected, why


def _sprites(scene: Any) -> set[int]:
    return {id(s) for s in scene._under.sprite_list} | {id(s) for s in scene._items.sprite_list}


def test_spots_mark_every_playable_empty_cell_and_nothing_else(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(PLATFORMS)
    playable = [c for c in CELLS if PLATFORMS.playable_mask() >> c & 1]
    assert any(c.level > 1 for c in playable), "the position has platform cells to mark"
    scene._sync()
    assert not any(id(scene._cells[c].spot) in _sprites(scene) for c in CELLS), "off until asked"
    scene.set_guides(True, None)
    scene._sync()
    shown = _sprites(scene)
    for c in CELLS:
        assert (id(scene._cells[c].spot) in shown) == (c in playable), c
    scene.set_guides(False, None)
    scene._sync()
    assert not any(id(scene._cells[c].spot) in _sprites(scene) for c in CELLS)


def test_the_last_ball_placed_is_marked_on_its_face(make_scene: Callable[..., Any], window: Any) -> None:
    scene = make_scene(PLATFORMS)
    last = BY_NAME["1C3"]
    window.clear(color=BACKGROUND)
    scene.draw()
    x, y, r = scene.screen_position(last)
    before = arcade.get_image(0, 0, window.width, window.height)
    scene.set_guides(False, last)
    window.clear(color=BACKGROUND)
    scene.draw()
    after = arcade.get_image(0, 0, window.width, window.height)
    assert id(scene._cells[last].last) in _sprites(scene)
    # The ring lies at 0.62 of the mark's radius, a quarter of the ball's size: about 0.31 r.
    ring = (round(x + 0.31 * r), after.height - 1 - round(y))
    assert before.getpixel(ring) != after.getpixel(ring), "the mark is drawn on the ball"
    scene.set_guides(False, None)
    scene._sync()
    assert id(scene._cells[last].last) not in _sprites(scene)


def test_a_climbing_line_is_drawn_as_a_thread_through_its_balls(make_scene: Callable[..., Any], window: Any) -> None:
    board = Board.from_string("WBR.RBW.BWR...../RW.BR..../W.../.")
    line = cells("1A1", "2B2", "3C3")
    assert all(c in board for c in line)
    scene = make_scene(board)
    colour = (255, 80, 200, 255)
    scene.set_highlights([Highlight(tuple(line), colour)])
    window.clear(color=BACKGROUND)
    scene.draw()
    image = arcade.get_image(0, 0, window.width, window.height)
    (x0, y0, _), (x1, y1, _) = (scene.screen_position(c) for c in line[:2])
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    px = image.getpixel((round(mid[0]), image.height - 1 - round(mid[1])))
    assert isinstance(px, tuple)
    assert px[0] > 200 and px[1] < 140 and px[2] > 160, f"the thread's colour between the balls, not {px}"


def test_the_game_marks_playable_cells_while_a_person_holds_a_ball(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "Comp"), (PERSON, "greedy"), RuleSet(), seed=6))
    scene = view.scene
    assert not scene._spots, "nothing drawn yet: no spots"
    view.on_key_press(keys.SPACE, 0)
    assert scene._spots and scene._last is None
    view.act_place(view.controller.state.legal_cells()[0])
    assert not scene._spots, "the computer's turn: no spots"
    assert scene._last == view.controller.state.history[-1].cell
    app.show_help()
    assert not scene._spots and scene._last is None, "another screen: the game's marks go"


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_the_cell_names_stand_on_the_two_edges_facing_the_viewer(make_scene: Callable[..., Any], rotation: int) -> None:
    """Column letters on one edge, row digits on one: the nearer of each pair
    (lower on the screen), so no ball hides them, whatever the turn."""
    scene = make_scene(PLATFORMS, rotation=rotation)
    scene._sync()
    shown = [(t.text, gx, gy) for t, gx, gy in scene._labels if t.visible]
    assert sorted(text for text, _, _ in shown) == sorted([*"ABCDEFG", *"1234567"])
    view = scene.view
    for text, gx, gy in shown:
        twin = next((gx2, gy2) for t2, gx2, gy2 in scene._labels
                    if t2.text == text and (gx2, gy2) != (gx, gy))
        assert view.project(gx, gy, 0.0)[1] <= view.project(*twin, 0.0)[1], f"{text} on the far edge"


def test_the_replay_viewer_rings_the_ball_of_the_move_that_led_here(app: SpokerApp, window: Any) -> None:
    from spoker.gui.views.replay import ReplayView
    from spoker.records.record import GameRecord

    state = GameState(RuleSet())
    for move in ("W@1A1", "B@1C1", "R@1E1", "W@1G1"):
        state.apply_move(move)
    app.open_replay(GameRecord.from_state(state, {}), source="t.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    assert view.scene._last is None, "at the start no move led here"
    view.on_key_press(keys.RIGHT, 0)
    assert view.scene._last == BY_NAME["1A1"]
    view.on_key_press(keys.END, 0)
    assert view.scene._last == BY_NAME["1G1"] and not view.scene._spots
    view.on_key_press(keys.LEFT, 0)
    assert view.scene._last == BY_NAME["1E1"]
