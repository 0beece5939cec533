"""The game screen's cached picture (spoker.gui.render.frame) shows what drawing the
screen directly shows: while still (the pulses blended in their rectangles),
and at once after anything changes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from arcade import key as keys
from hypothesis import given
from hypothesis import strategies as st

from spoker import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.render.frame import _around
from spoker.gui.views.game import GameView
from spoker.gui.views.replay import ReplayView
from spoker.records.record import GameRecord

TOLERANCE = 3  # colour levels: the pulses' blends round differently
GLOW_OVERLAP = 16  # colour levels, where two halos overlap (see _assert_cached_matches)


def _image(window: Any) -> Any:
    import arcade
    import numpy as np

    return np.asarray(arcade.get_image(0, 0, window.width, window.height).convert("RGB"), dtype=int)


def _direct(view: Any, window: Any) -> Any:
    """A frame drawn directly (the cache off)."""
    cache = view.app.frame_cache
    cache.enabled = False
    view.on_draw()
    cache.enabled = True
    assert not cache.used
    return _image(window)


def _assert_cached_matches(view: Any, window: Any) -> None:
    """Frames at one instant: drawn directly, then from the cached pictures."""
    direct = _direct(view, window)
    for _ in range(3):
        view.on_draw()
    assert view.app.frame_cache.used
    diff = abs(_image(window) - direct).max(axis=2)
    # Where two halos overlap, the drawn glow is not quite linear in its pulse
    # (the copy blends two pictures linearly): a few levels there, nowhere else.
    assert diff.max() <= GLOW_OVERLAP and (diff > TOLERANCE).mean() < 0.002, (diff.max(), (diff > TOLERANCE).sum())


def _moving_frame(view: Any, window: Any) -> tuple[int, Any]:
    """One frame of a moving scene drawn with the cache, then directly: the
    pictures it copied, and the per-channel difference of the two images."""
    cache = view.app.frame_cache
    view.on_draw()
    copies = cache.used
    shown = _image(window)
    cache.enabled = False
    view.on_draw()
    cache.enabled = True
    return copies, abs(shown - _image(window))


def _settle(view: Any) -> None:
    for _ in range(20):
        view.on_update(0.1)
    view.scene.finish_animations()


def _hot_seat(app: SpokerApp, seed: int) -> GameView:
    """A new two-person game on screen."""
    view: GameView = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed))
    return view


def _play_random(view: GameView, balls: int) -> None:
    """Draw and place ``balls`` balls on random playable cells (seeded), then let the motion end."""
    rng = random.Random(5)
    for _ in range(balls):
        view.on_key_press(keys.SPACE, 0)
        view.act_place(rng.choice(view.controller.playable()))
    _settle(view)


def test_still_screens_are_copied_and_match_direct_drawing(app: SpokerApp, window: Any) -> None:
    view = _hot_seat(app, 11)
    _settle(view)
    rng = random.Random(3)
    checked = 0
    lit = False
    # Eight moves: the bag pulses before each draw, and a group lights up by then.
    while not view.controller.over and view.controller.state.move_number < 8:
        # The bag pulses while a draw is due; the glow while a group is lit.
        for t in (0.0, 0.13, 0.4):
            view.time += t
            view.scene.update(t)
            lit = lit or view.scene.glow_rect() is not None
            _assert_cached_matches(view, window)
            checked += 1
        view.on_key_press(keys.SPACE, 0)
        view.on_update(0.05)
        view.act_place(rng.choice(view.controller.playable()))
        _settle(view)
    assert checked >= 3 * 8 and lit


def test_the_glow_pulses_in_cached_frames_as_drawn(app: SpokerApp, window: Any) -> None:
    """A finished game whose last move answered a challenge: both groups glow."""
    controller = None
    for seed in range(200):
        candidate = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed))
        rng = random.Random(seed)
        while not candidate.over:
            candidate.draw()
            candidate.place(rng.choice(candidate.state.legal_cells()))
        if candidate.moment.kind == "settled":
            controller = candidate
            break
    assert controller is not None
    view = app.play(controller)
    view.end_timer = None
    _settle(view)
    assert view.scene.glow_rect() is not None
    pulses = []
    for t in (0.0, 0.11, 0.23, 0.37, 0.52):
        view.scene.update(t)
        pulses.append(view.scene.pulse())
        _assert_cached_matches(view, window)
    assert max(pulses) - min(pulses) > 0.5


def test_a_change_shows_in_the_very_next_frame(app: SpokerApp, window: Any) -> None:
    view = _hot_seat(app, 12)
    _settle(view)
    for _ in range(3):
        view.on_draw()
    assert app.frame_cache.used
    changes = [
        lambda: view.on_key_press(keys.SPACE, 0),  # a ball drawn
        lambda: view.on_mouse_motion(*_centre(view), 0, 0),  # hover and ghost
        lambda: view.on_mouse_motion(*_button(view), 0, 0),  # a button lit, its tooltip
        lambda: view.say("A message", "info"),
        lambda: view.on_key_press(keys.M, 0),  # colour marks
    ]
    for change in changes:
        change()
        view.on_draw()
        assert not app.frame_cache.used
        shown = _image(window)
        cache = view.app.frame_cache
        cache.enabled = False
        view.on_draw()  # the same frame drawn directly, as the scene drew it
        cache.enabled = True
        assert abs(shown - _image(window)).max() <= TOLERANCE
        _assert_cached_matches(view, window)


@pytest.mark.parametrize("motion", ["rotate", "explode", "drop"])
def test_while_the_pyramid_moves_only_its_column_is_drawn_and_frames_match(
    app: SpokerApp, window: Any, motion: str
) -> None:
    """A turn, the levels lifting, a ball falling: the screen is copied
    around the board's column, drawn again inside it, as drawing it all shows."""
    view = _hot_seat(app, 11)
    _play_random(view, 6)
    view.on_draw()
    view.on_draw()
    if motion == "rotate":
        view.rotate(1)
    elif motion == "explode":
        view.toggle_exploded()
    else:
        view.on_key_press(keys.SPACE, 0)
        _settle(view)
        view.on_draw()
        view.act_place(view.controller.playable()[0])
    copies = 0
    for _ in range(6):
        view.on_update(0.03)
        assert view.scene.animating and view._live_rect() is not None
        used, diff = _moving_frame(view, window)
        copies += used
        assert diff.max() <= TOLERANCE
    assert copies >= 4
    _settle(view)


def _replay_view(app: SpokerApp, window: Any, at: int = 0) -> ReplayView:
    """The viewer on a random game between two people, at move ``at``, settled."""
    controller = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), 4))
    rng = random.Random(4)
    while not controller.over:
        controller.draw()
        controller.place(rng.choice(controller.state.legal_cells()))
    app.open_replay(GameRecord.from_state(controller.state))
    view = window.current_view
    assert isinstance(view, ReplayView)
    view.goto(at)
    _settle(view)
    return view


def test_replay_viewer_frames_match_and_follow_each_step(app: SpokerApp, window: Any) -> None:
    view = _replay_view(app, window)
    for step in range(8):
        _assert_cached_matches(view, window)
        view.on_key_press(keys.RIGHT if step < 5 else keys.PAGEDOWN, 0)  # plain moves first
        view.scene.finish_animations()
        view.moment_time = 5.0  # the banner settled: the key alone must see the step
        view.on_draw()
        assert not app.frame_cache.used
        shown = _image(window)
        app.frame_cache.enabled = False
        view.on_draw()
        app.frame_cache.enabled = True
        assert abs(shown - _image(window)).max() <= TOLERANCE


def _click_a_ball(view: ReplayView) -> None:
    for y in range(int(view.board_rect[1]), int(view.board_rect[1] + view.board_rect[3]), 6):
        for x in range(int(view.board_rect[0]), int(view.board_rect[0] + view.board_rect[2]), 6):
            cell = view.scene.pick(x, y)
            if cell is not None and cell in view.replay.state.board:
                view.on_mouse_press(x, y, 1, 0)
                return
    raise AssertionError("no ball to click")


REPLAY_CHANGES = {
    "select a ball": _click_a_ball,
    "play": lambda view: view.on_key_press(keys.SPACE, 0),
    "faster": lambda view: view.on_key_press(keys.PLUS, 0),
    "a message": lambda view: view.say("Hello there", "info", 2),
    "the message goes": lambda view: (view.say("Soon gone", "info", 0.05), view.on_draw(), view.on_update(0.1)),
    "best without analysis": lambda view: view.on_key_press(keys.B, 0),
}


@pytest.mark.parametrize("change", list(REPLAY_CHANGES))
def test_replay_viewer_shows_each_change_in_the_next_frame(app: SpokerApp, window: Any, change: str) -> None:
    """The viewer's picture is keyed by its revision: every change bumps it."""
    view = _replay_view(app, window, at=12)
    _assert_cached_matches(view, window)
    REPLAY_CHANGES[change](view)  # none of them moves the board
    view.on_draw()
    shown = _image(window)
    app.frame_cache.enabled = False
    view.on_draw()
    app.frame_cache.enabled = True
    assert abs(shown - _image(window)).max() <= GLOW_OVERLAP, change
    _assert_cached_matches(view, window)


def _centre(view: GameView) -> tuple[int, int]:
    cell = view.controller.playable()[0]
    x, y, _ = view.scene.screen_position(cell)
    return int(round(x)), int(round(y))


def _button(view: GameView) -> tuple[int, int]:
    x, y = view.b_help.center
    return int(x), int(y)


def test_a_falling_ball_alone_is_drawn_inside_its_path_and_frames_match(app: SpokerApp, window: Any) -> None:
    """A ball dropping while the banner stands still: only the rectangle of
    its fall is drawn again (not the board's column), the glow around it is
    blended from the pictures, and every frame shows what drawing it all shows."""
    view = _hot_seat(app, 11)
    _play_random(view, 8)
    view.on_draw()
    board = view.scene.board
    top = max(board.cells(), key=lambda c: c.level)
    view.scene.set_board(board.remove(top), animate=False)
    view.scene.set_board(board, animate=True)
    copies = 0
    for _ in range(6):
        view.on_update(0.03)
        live = view._live_rect()
        column = view.panel_rect[0] * (view.size[1] - 60)
        assert live is not None and (live[2] - live[0]) * (live[3] - live[1]) < column / 2
        used, diff = _moving_frame(view, window)
        copies += used
        assert diff.max(axis=2).max() <= GLOW_OVERLAP
    assert copies >= 4
    _settle(view)


@given(st.lists(st.tuples(st.integers(-5, 60), st.integers(-5, 40), st.integers(1, 30), st.integers(1, 30)),
                max_size=3))
def test_around_covers_everything_but_the_holes_once(boxes: list[tuple[int, int, int, int]]) -> None:
    size = (50, 30)
    # Holes may overlap (a pulse reaching out of the live part, see FrameCache).
    holes = [(x, y, x + w, y + h) for x, y, w, h in boxes]
    covered: set[tuple[int, int]] = set()
    for a, b, c, d in _around(holes, size):
        cells = {(x, y) for x in range(a, c) for y in range(b, d)}
        assert not cells & covered
        covered |= cells
    in_holes = {(x, y) for a, b, c, d in holes for x in range(max(a, 0), min(c, 50)) for y in range(max(b, 0), min(d, 30))}
    assert not covered & in_holes
    assert covered | in_holes == {(x, y) for x in range(50) for y in range(30)}


@pytest.mark.parametrize("screen", ["title", "lab"])
def test_title_and_lab_are_copied_when_still_and_follow_their_widgets(
    app: SpokerApp, window: Any, screen: str
) -> None:
    """Screens that change only on input: still frames are copies that match
    drawing directly; a widget lit by the pointer shows in the next frame."""
    if screen == "title":
        app.show_title()
    else:
        app.show_lab()
    view = window.current_view
    for _ in range(3):
        view.on_update(0.05)
        view.on_draw()
    if view.scene is not None:
        view.scene.finish_animations()
    _assert_cached_matches(view, window)
    button = next(w for w in view.ui.widgets if w.visible and type(w).__name__ == "Button")
    x, y = button.center
    view.on_mouse_motion(int(x), int(y), 0, 0)
    view.on_draw()
    assert not app.frame_cache.used
    shown = _image(window)
    app.frame_cache.enabled = False
    view.on_draw()
    app.frame_cache.enabled = True
    assert abs(shown - _image(window)).max() <= TOLERANCE
    _assert_cached_matches(view, window)
