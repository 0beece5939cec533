"""A monkey plays with the app: thousands of random clicks, keys, typed
text, resizes and rotations, on whatever screen is showing. Nothing may raise,
and every game state on screen must be one the engine accepts."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from spoker import parse_state
from spoker.gui import app as app_module
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.views import title as title_module
from spoker.gui.views.end import EndView
from spoker.gui.views.game import GameView
from spoker.gui.views.replay import ReplayView

KEYS = (
    keys.SPACE, keys.ENTER, keys.ESCAPE, keys.TAB, keys.BACKSPACE, keys.DELETE, keys.LEFT, keys.RIGHT,
    keys.UP, keys.DOWN, keys.HOME, keys.END, keys.PAGEUP, keys.PAGEDOWN, keys.R, keys.E, keys.H, keys.I,
    keys.M, keys.N, keys.S, keys.C, keys.P, keys.Q, keys.Z, keys.F1, keys.PLUS, keys.MINUS, keys.SLASH,
    keys.A, keys.X, keys.KEY_1, keys.F2,
)
MODIFIERS = (0, 0, 0, keys.MOD_SHIFT, keys.MOD_CTRL)
TEXTS = ("a", "Zoë", "7", "42", "#", " ", "tmp-x/y", "é\u0301", "\x00", "\n", "?")
BUTTONS = (arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT)


def check_state(view: Any) -> None:
    """The state on screen round-trips through its string and is consistent."""
    c = getattr(view, "controller", None)
    if c is None:
        return
    state = c.state
    again = parse_state(state.to_string())
    assert again == state
    assert state.to_string() == again.to_string()
    in_hand = 0 if state.drawn is None else 1
    assert sum(state.bag()) + state.move_number + in_hand == 30
    if state.drawn is not None:
        assert state.legal_cells()


def target_point(view: Any, rng: random.Random, width: int, height: int) -> tuple[int, int]:
    """Mostly somewhere interesting: a widget, a cell of the pyramid, the bag."""
    roll = rng.random()
    widgets = [w for w in view.ui.widgets if w.visible] if hasattr(view, "ui") else []
    if isinstance(view, GameView) and rng.random() < 0.8:
        widgets = [w for w in widgets if w is not view.b_menu]  # leave a game seldom
    if roll < 0.35 and widgets:
        w = rng.choice(widgets)
        return int(w.left + rng.random() * w.width), int(w.bottom + rng.random() * w.height)
    scene = getattr(view, "scene", None)
    if roll < 0.75 and scene is not None and isinstance(view, (GameView, ReplayView, EndView)):
        c = getattr(view, "controller", None)
        cells = list(c.playable()) if isinstance(view, GameView) and c is not None and rng.random() < 0.7 else []
        if not cells:
            from shibumi import CELLS

            cells = list(CELLS)
        x, y, r = scene.screen_position(rng.choice(cells))
        return int(x + rng.uniform(-r, r) * 0.5), int(y + rng.uniform(-r, r) * 0.5)
    if roll < 0.85 and isinstance(view, GameView):
        left, bottom, w, h = view._bag.rect
        return int(left + w / 2), int(bottom + h / 2)
    return rng.randrange(-20, width + 20), rng.randrange(-20, height + 20)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monkey(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    # Person and the quick computer players only: the monkey has no time for 'expert'.
    monkeypatch.setattr(title_module, "seat_options", lambda: [(PERSON, "Person"), ("random", "Computer: random"), ("greedy", "Computer: greedy")])
    # The default record path lives in the temporary home too.
    rng = random.Random(seed)
    app = SpokerApp(window, Settings(computer_speed=8.0), threaded=False, persist=True)
    # Analyse (clicked on the end screen) runs in this thread here: at a quick
    # effort, as the analysis tests do; at the default it took minutes a click.
    app.analyses.effort = 300
    quits: list[int] = []
    app.on_quit = lambda: quits.append(1)
    app.resized(window.width, window.height)
    app.show_title()
    width, height = window.width, window.height
    games_seen: set[int] = set()
    screens: set[str] = set()
    moves = 0

    def play_step(view: GameView) -> None:
        """Play on, so that games get deep and end: draw, then a playable cell
        (or let the computer play)."""
        if view.controller.computer_to_move:
            view.on_update(0.5)
        view.on_key_press(keys.SPACE, 0)
        view.scene.finish_animations()
        spots = [view.scene.screen_position(c)[:2] for c in view.controller.playable()]
        spots = [(x, y) for x, y in spots if view.scene.pick(x, y) in view.controller.playable()]
        if spots:
            x, y = rng.choice(spots)
            view.on_mouse_motion(int(x), int(y), 0, 0)
            view.on_mouse_press(int(x), int(y), arcade.MOUSE_BUTTON_LEFT, 0)
        elif view.controller.playable():
            view.on_key_press(keys.R, 0)  # hidden from here: turn the pyramid, as a player would

    def random_step(view: Any) -> None:
        nonlocal width, height
        roll = rng.random()
        if roll < 0.40:
            x, y = target_point(view, rng, width, height)
            view.on_mouse_motion(x, y, 0, 0)
            view.on_mouse_press(x, y, rng.choice(BUTTONS), 0)
        elif roll < 0.50:
            x, y = target_point(view, rng, width, height)
            view.on_mouse_motion(x, y, rng.randint(-5, 5), rng.randint(-5, 5))
        elif roll < 0.78:
            symbol = rng.choice(KEYS)
            if isinstance(view, GameView) and symbol in (keys.N, keys.ESCAPE) and rng.random() < 0.9:
                symbol = keys.SPACE  # leave a game seldom
            view.on_key_press(symbol, rng.choice(MODIFIERS))
        elif roll < 0.83:
            view.on_text(rng.choice(TEXTS))
        elif roll < 0.86:
            width = rng.randint(640, 1920)
            height = rng.randint(480, 1200)
            view.on_resize(width, height)
        elif roll < 0.90 and isinstance(view, (GameView, ReplayView, EndView)):
            view.scene.rotate(rng.choice((-1, 1)))
        else:
            for _ in range(rng.randint(1, 8)):
                view.on_update(rng.choice((0.016, 0.05, 0.3, 1.0)))

    def after(step: int) -> None:
        nonlocal moves
        view = window.current_view
        if isinstance(view, GameView):
            games_seen.add(id(view.controller))
            moves = max(moves, view.controller.state.move_number)
        check_state(view)
        if step % 60 == 0:
            view.on_draw()

    # 600 steps a seed: each seed's walk visits every screen; three seeds of
    # 600 reach more states than fewer, longer walks.
    for step in range(600):
        view = window.current_view
        assert view is not None
        screens.add(type(view).__name__)
        if isinstance(view, GameView) and rng.random() < 0.45:
            play_step(view)
        else:
            random_step(view)
        after(step)
    # Then a game played to its end, and the monkey let loose on the result.
    if "EndView" not in screens:
        app.new_game(GameSetup(seed=seed))
        for step in range(400):
            view = window.current_view
            screens.add(type(view).__name__)
            if isinstance(view, EndView):
                break
            if isinstance(view, GameView):
                play_step(view)
                view.on_update(1.0)
            else:
                random_step(view)
            after(step)
        for step in range(300):
            view = window.current_view
            screens.add(type(view).__name__)
            random_step(view)
            after(step)
    # Back to the real window size for the tests that follow.
    window.current_view.on_resize(window.width, window.height)
    app.resized(window.width, window.height)
    assert {"GameView", "TitleView", "EndView", "HelpView"} <= screens, screens
    assert games_seen
    assert app_module.SpokerApp is SpokerApp  # the module is intact
