"""The plan on screen: the scene's levels flat, side by side, with the marks
of the pyramid (balls, playable cells, the last move, highlighted groups, the
ghost, the pointer's ring) read from pixels; a game played through it (the
pointer's cell, the ghost, a click places the ball); L and the Plan button
switch it on every screen and the settings keep it; the tip says the level."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import pytest
from arcade import key as keys
from PIL import Image

from shibumi import CELLS, Board, Cell, Colour
from spoker import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup
from spoker.gui.models.settings import settings_from, settings_text
from spoker.gui.render.palette import BACKGROUND
from spoker.gui.render.scene import Highlight
from spoker.gui.render.text import Label
from spoker.gui.views.common import board_cell_at
from spoker.gui.views.game import GameView
from spoker.gui.widgets.ball_tip import draw_ball_tip

# Level 1 full but for 1G7, two balls on level 2: the platforms' cells are playable.
BOARD = Board.from_string("WBRWRBWBRWBRBWR./RB......./..../.")
MAGENTA = (255, 0, 255, 255)


def _flat(make_scene: Callable[..., Any], board: Board = BOARD) -> Any:
    scene = make_scene(board)
    scene.set_flat(True)
    return scene


def _picture(window: Any, scene: Any) -> Image.Image:
    window.clear(color=BACKGROUND)
    scene.draw()
    return arcade.get_image(0, 0, window.width, window.height).convert("RGB")


def _pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    px = image.getpixel((round(x), image.height - 1 - round(y)))
    assert isinstance(px, tuple)
    return px[0], px[1], px[2]


def _changed_in_square(scene: Any, cell: Cell, before: Image.Image, after: Image.Image) -> int:
    """How many pixels of ``cell``'s square differ between two pictures."""
    x, y = scene.plan.square(cell)
    u = scene.plan.unit
    box = (round(x), before.height - round(y + u), round(x + u), before.height - round(y))
    a, b = before.crop(box).getdata(), after.crop(box).getdata()
    return sum(p != q for p, q in zip(a, b))


def test_the_plan_draws_every_ball_in_its_colour_and_every_empty_cell_a_hole(
        make_scene: Callable[..., Any], window: Any) -> None:
    scene = _flat(make_scene)
    image = _picture(window, scene)
    for cell in CELLS:
        x, y, r = scene.screen_position(cell)
        assert scene.pick(x, y) == cell
        red, green, blue = _pixel(image, x - 0.3 * r, y)  # beside the highlight on the ball's face
        colour = BOARD[cell]
        if colour is Colour.WHITE:
            assert min(red, green, blue) > 150, (cell, (red, green, blue))
        elif colour is Colour.RED:
            assert red > 120 and green < 80, (cell, (red, green, blue))
        elif colour is Colour.BLACK:
            assert max(red, green, blue) < 90, (cell, (red, green, blue))
        else:  # an empty hole, dark wood
            hole = _pixel(image, x, y)
            assert max(hole) < 90 and hole[0] > hole[2], (cell, hole)


@pytest.mark.parametrize("mark", ["playable", "last", "glow", "dashed", "ghost", "hover"])
def test_the_plans_marks_are_drawn(make_scene: Callable[..., Any], window: Any, mark: str) -> None:
    scene = _flat(make_scene)
    playable = [c for c in CELLS if BOARD.playable_mask() >> c & 1]
    spot, ball = Cell("2B4"), Cell("2B2")
    assert spot in playable and ball in BOARD
    before = _picture(window, scene)
    if mark == "playable":
        scene.set_guides(True, None)
    elif mark == "last":
        scene.set_guides(False, ball)
    elif mark in ("glow", "dashed"):
        scene.set_highlights([Highlight((ball, Cell("1A1")), MAGENTA, mark)])
    elif mark == "ghost":
        scene.set_ghost(spot, Colour.RED)
    else:
        scene.set_hover(ball)
    after = _picture(window, scene)
    target = spot if mark in ("playable", "ghost") else ball
    assert _changed_in_square(scene, target, before, after) > 20, f"the {mark} mark is drawn on {target}"
    if mark == "playable":
        for cell in playable:
            x, y, _ = scene.screen_position(cell)
            red, green, blue = _pixel(after, x, y)
            assert green > red and green > blue, f"{cell} is marked playable, green"
        assert _changed_in_square(scene, Cell("2D2"), before, after) == 0, "a cell not playable is not marked"
    if mark == "glow":
        x, y, r = scene.screen_position(ball)
        red, green, blue = _pixel(after, x + 1.15 * r, y)
        assert red > 120 and blue > 120 and green < red, "the glow has the group's colour, around the ball"


def test_set_flat_switches_picking_and_positions_back_and_forth(make_scene: Callable[..., Any]) -> None:
    scene = make_scene(BOARD)
    pyramid = scene.screen_position(Cell("2B2"))
    assert not scene.flat
    scene.set_flat(True)
    flat = scene.screen_position(Cell("2B2"))
    assert scene.flat and flat != pyramid
    assert not scene.animating and scene.drop_rect() is None, "the plan does not move"
    scene.set_board(BOARD.place(Cell("1G7"), Colour.RED))
    assert not scene.animating, "no ball falls on the plan"
    scene.set_flat(False)
    assert scene.screen_position(Cell("2B2")) == pytest.approx(pyramid)


def _game_with_platforms(app: SpokerApp) -> GameView:
    """A game between two people, level 1 played full but for its last
    cells, so that a level-2 cell takes the drawn ball."""
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=4, hints=False))
    c = view.controller
    while True:
        view.act_draw()
        upper = [cell for cell in c.playable() if cell.level > 1]
        if upper:
            return view
        view.act_place(c.playable()[0])


def test_a_click_on_a_playable_square_of_the_plan_places_the_ball_there(app: SpokerApp, window: Any) -> None:
    view = _game_with_platforms(app)
    view.on_key_press(keys.L, 0)
    assert view.scene.flat and app.settings.plan_view
    c = view.controller
    playable = c.playable()
    for cell in playable:  # every playable square maps to its cell, to its corners
        x, y = view.scene.plan.square(cell)
        u = view.scene.plan.unit
        for fx, fy in ((0.5, 0.5), (0.05, 0.05), (0.95, 0.95)):
            assert board_cell_at(view, x + fx * u, y + fy * u) == cell
    target = next(cell for cell in playable if cell.level == 2)
    x, y, _ = view.scene.screen_position(target)
    view.on_mouse_motion(round(x), round(y), 0, 0)
    assert view.placing.hover == target
    assert view.scene._ghost == (target, c.state.drawn), "the ghost on the pointer's square"
    before = len(c.state.history)
    view.on_mouse_press(round(x), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
    assert len(c.state.history) == before + 1 and c.state.history[-1].cell == target


def test_tab_and_enter_place_through_the_plan_too(app: SpokerApp) -> None:
    view = _game_with_platforms(app)
    view.on_key_press(keys.L, 0)
    c = view.controller
    view.on_key_press(keys.TAB, 0)
    chosen = view.placing.cursor
    assert chosen is not None and view.scene._ghost == (chosen, c.state.drawn)
    view.on_key_press(keys.ENTER, 0)
    assert c.state.history[-1].cell == chosen


def test_the_plan_is_kept_in_the_settings_and_shown_on_every_board_but_the_titles(
        app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=2, hints=False))
    assert not view.scene.flat
    view.b_plan.action()
    assert app.settings.plan_view and view.scene.flat
    view.on_draw()
    assert view.b_plan.active and not view.b_explode.enabled, "the button lit; the pyramid's own buttons off"
    kept, bad = settings_from(__import__("json").loads(settings_text(app.settings)))
    assert kept.plan_view and not bad, "written to the settings file and read back"
    app.replay_game(view.controller)
    assert app.scene.flat, "the replay viewer shows the plan too"
    app.show_title()
    assert not app.scene.flat, "the title's showcase stays the pyramid"
    app.play(view.controller)
    assert app.scene.flat
    window.current_view.on_key_press(keys.L, 0)
    assert not app.settings.plan_view and not app.scene.flat


def test_the_tip_over_a_cell_says_its_level(window: Any, make_scene: Callable[..., Any]) -> None:
    scene = make_scene(BOARD)
    tip = Label("", 11, anchor_y="center")
    draw_ball_tip(tip, "2B2: a red ball", scene, Cell("2B2"), window.width, window.height)
    assert tip.text.startswith("Level 2 of 4, 2B2")


def test_in_the_replay_viewer_a_tall_banner_leaves_the_plans_top_row_and_titles_visible(
        app: SpokerApp, window: Any) -> None:
    """At 800x600 a settled challenge's banner takes four lines: the plan
    keeps below it (it used to hide level 1's title and top row)."""
    from pathlib import Path

    from spoker.gui.models.plan_layout import TITLE
    from spoker.gui.render.theme import ui_scale
    from spoker.gui.views.replay import ReplayView
    from spoker.records.record import load_record

    record = load_record(Path(__file__).resolve().parents[3] / "assets" / "records" / "sample-game.txt")
    app.resized(800, 600)
    try:
        app.open_replay(record, source="sample-game.txt")
        view = window.current_view
        assert isinstance(view, ReplayView)
        view.scene.set_flat(True)
        n = next(n for n in range(1, view.replay.length + 1) if (view.goto(n), view.page().moment.kind)[1] == "settled")
        view.moment_time = 10.0  # the banner settled
        view.on_draw()
        width = view.board_rect[2] - 20
        bottom = view.size[1] - 8.0 * ui_scale() - view._banner.height(view.page().moment, width)
        assert view._banner.height(view.page().moment, width) > 100 * ui_scale(), f"move {n}: a tall banner"
        plan = view.scene.plan
        assert plan is not None
        highest = max(c.y + TITLE * plan.unit / 2 for c in plan.captions() if c.kind == "title")
        assert highest <= bottom, (highest, bottom)
        view.scene.set_flat(False)
        view.on_draw()
        assert view.scene.plan is None
    finally:
        app.resized(window.width, window.height)
        app.scene.set_flat(False)
