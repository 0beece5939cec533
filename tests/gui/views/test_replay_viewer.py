"""The replay viewer: stepping through a record shows the record's states
and challenges, narrated as in play."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from support.processes import FIRST_FRAME

from spoker import DEFAULT_RULES, GameState, RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.title import TitleView
from spoker.players import make_player
from spoker.records.record import GameRecord, save_record

LEFT = arcade.MOUSE_BUTTON_LEFT


def greedy_record(seed: int, rules: RuleSet = DEFAULT_RULES) -> GameRecord:
    """A whole greedy-vs-greedy game as a record, with names."""
    rng = random.Random(seed)
    players = {1: make_player("greedy", seed=seed), 2: make_player("greedy", seed=seed + 1)}
    state = GameState(rules)
    while not state.is_over:
        state.draw(rng)
        state.apply_place(players[state.to_move].choose(state.copy()))
    return GameRecord.from_state(state, {"Player1": "Ann", "Player2": "Bob"})


@pytest.fixture
def app(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> SpokerApp:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    return the_app


def open_viewer(app: SpokerApp, window: Any, record: GameRecord) -> ReplayView:
    app.open_replay(record, source="test.txt")
    view = window.current_view
    assert isinstance(view, ReplayView)
    return view


def test_stepping_shows_the_records_states(app: SpokerApp, window: Any) -> None:
    record = greedy_record(3)
    view = open_viewer(app, window, record)
    expected = GameState(record.rules)
    assert view.position == 0 and view.scene.board == expected.board
    for n, move in enumerate(record.moves, 1):
        view.on_key_press(keys.RIGHT, 0)
        expected.apply_move(move)
        assert view.position == n
        assert view.scene.board == expected.board
        assert view.page().state.to_string() == expected.to_string()
        assert view.page().last_move_text().endswith(str(move))
        if n % 7 == 0:
            view.on_update(0.05)
            view.on_draw()
    view.on_key_press(keys.RIGHT, 0)  # at the end: stays
    assert view.position == len(record.moves)
    for n in range(len(record.moves) - 1, -1, -1):
        view.on_key_press(keys.LEFT, 0)
        assert view.position == n
        assert view.scene.board == view.replay.state_at(n).board
    view.on_key_press(keys.END, 0)
    assert view.position == view.replay.length
    assert view.page().state.to_string() == record.play().to_string()
    view.on_key_press(keys.HOME, 0)
    assert view.position == 0


def test_challenges_are_jumped_to_and_narrated(app: SpokerApp, window: Any) -> None:
    record = greedy_record(11)
    view = open_viewer(app, window, record)
    challenges = view.replay.challenges
    assert challenges, "a greedy game has challenges"
    for ch in challenges:
        view.on_key_press(keys.PAGEDOWN, 0)
        assert view.position == ch.move
        m = view.page().moment
        assert m.kind == "challenge"
        assert ch.challenge.describe() in m.title
        assert {"Ann", "Bob"}.intersection(m.title.split())
        assert any(set(h.cells) == set(ch.challenge.cells) for h in view.shown_highlights)  # type: ignore[attr-defined]
        if ch.response_move is not None:
            view.goto(ch.response_move)
            m = view.page().moment
            assert m.kind in ("settled", "straight_flush")
            if m.kind == "settled":
                assert any(line.startswith("Points:") for line in m.lines)
                points = f"+{ch.points[0]}" if ch.points else ""  # type: ignore[index]
                assert points in " ".join(m.lines)
                if ch.response is not None:
                    assert any(set(h.cells) == set(ch.response.cells) for h in view.shown_highlights)  # type: ignore[attr-defined]
            view.goto(ch.move)
        view.on_draw()
    view.on_key_press(keys.PAGEDOWN, 0)  # no challenge after the last one
    assert view.position == challenges[-1].move
    for ch in reversed(challenges[:-1]):
        view.on_key_press(keys.PAGEUP, 0)
        assert view.position == ch.move


def test_the_challenge_list_of_the_viewer_matches_the_game(app: SpokerApp, window: Any) -> None:
    record = greedy_record(5)
    view = open_viewer(app, window, record)
    final = view.page(view.replay.length)
    assert [c.move for c in final.challenges] == [c.move for c in view.replay.challenges]
    assert [c.points for c in final.challenges] == [c.points for c in view.replay.challenges]
    # Clicking a row of the challenge list jumps there.
    view.on_draw()
    x, y, w, h, move = view.ch_rects[0]
    view.on_mouse_press(int(x + w / 2), int(y + h / 2), LEFT, 0)
    assert view.position == move


def test_autoplay_with_adjustable_speed(app: SpokerApp, window: Any) -> None:
    view = open_viewer(app, window, greedy_record(8))
    view.on_key_press(keys.SPACE, 0)
    assert view.playing
    view.on_update(0.2)
    assert view.position == 0
    for _ in range(30):
        view.on_update(0.1)
    slow = view.position
    assert slow >= 1
    view.on_key_press(keys.PLUS, 0)
    view.on_key_press(keys.PLUS, 0)
    assert view.speed == 4.0
    start = view.position
    for _ in range(30):
        view.on_update(0.1)
    assert view.position - start > slow
    view.on_key_press(keys.MINUS, 0)
    assert view.speed == 2.0
    view.on_key_press(keys.SPACE, 0)
    assert not view.playing
    frozen = view.position
    for _ in range(50):
        view.on_update(0.1)
    assert view.position == frozen
    view.on_key_press(keys.P, 0)
    for _ in range(3000):
        view.on_update(0.1)
        if not view.playing:
            break
    assert view.position == view.replay.length and not view.playing


def test_the_rules_override_and_an_unfinished_record(app: SpokerApp, window: Any) -> None:
    full = greedy_record(21)
    part = GameRecord(dict(full.headers), full.moves[:13], full.rules)
    view = open_viewer(app, window, part)
    view.on_key_press(keys.END, 0)
    assert view.position == 13 and not view.page().state.is_over
    view.on_draw()
    app.open_replay(full, RuleSet("touching"), "touching.txt")
    touching = window.current_view
    assert isinstance(touching, ReplayView)
    assert touching.replay.rules == RuleSet("touching")
    touching.on_key_press(keys.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)


def test_game_to_replay_and_record_file_from_the_title(app: SpokerApp, window: Any, tmp_path: Path) -> None:
    record = greedy_record(2)
    path = tmp_path / "game.txt"
    save_record(path, record)
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.record.text = str(tmp_path / "missing.txt")
    title.b_replay.action()
    assert "Cannot open" in title.message
    title.record.text = str(path)
    title.b_replay.action()
    view = window.current_view
    assert isinstance(view, ReplayView)
    assert view.replay.length == len(record.moves)
    # An unfinished record continues as a game.
    part = GameRecord(dict(record.headers), record.moves[:9], record.rules)
    save_record(tmp_path / "part.txt", part)
    assert app.open_record_file(str(tmp_path / "part.txt"), "play") is None
    game = window.current_view
    assert game.controller.state.history == record.moves[:9]  # type: ignore[union-attr]
    assert game.controller.setup.names == ("Ann", "Bob")  # type: ignore[union-attr]
    # A finished game's end screen opens its replay.
    c = GameController(GameSetup(("Ann", "Bob"), seed=4), record.play())
    app.show_end(c)
    window.current_view.on_key_press(keys.R, 0)
    assert isinstance(window.current_view, ReplayView)
    window.current_view.on_key_press(keys.ESCAPE, 0)  # closing the replay returns to the results
    assert type(window.current_view).__name__ == "EndView"


@pytest.mark.parametrize("command", ["replay", "play"])
def test_the_commands_open_a_window_and_draw_a_frame(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.txt"
    save_record(path, greedy_record(1))
    env = dict(os.environ, ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path))
    args = [str(path)] if command == "replay" else ["--seed", "3"]
    done = subprocess.run(
        [*FIRST_FRAME, command, *args],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_at_800x600_every_button_and_each_challenges_result_stay(app: SpokerApp, window: Any) -> None:
    """In a small window the toolbar takes two rows rather than losing Home,
    -, +, Turn, Retry and Export; a challenge's row keeps its result whole."""
    from spoker.gui.render.text import recording_texts

    app.frame_cache.enabled = False
    app.resized(800, 600)
    try:
        view = open_viewer(app, window, greedy_record(3))
        view.layout(800, 600)
        wanted = [view.b_start, view.b_slower, view.b_faster, view.b_turn, view.b_retry, view.b_export]
        assert all(b.visible for b in wanted), [b.label for b in wanted if not b.visible]
        shown = [b for b in view.toolbar if b.visible]
        for i, a in enumerate(shown):
            assert 0 <= a.left and a.left + a.width <= view.board_rect[2] and a.bottom >= 0
            for b in shown[i + 1:]:
                assert (a.left + a.width <= b.left or b.left + b.width <= a.left
                        or a.bottom + a.height <= b.bottom or b.bottom + b.height <= a.bottom), (a.label, b.label)
        assert view.board_rect[1] >= max(b.bottom + b.height for b in shown)  # the board above the toolbar
        view.goto(view.replay.length)
        with recording_texts() as texts:
            view.on_draw()
        rows = [t.text for t in texts.values() if "\u2192" in t.text and t.text[:1].isdigit()]
        settled = [c for c in view.replay.challenges if c.points is not None]
        assert rows and all(t.endswith(tuple(f"{c.points[0]}-{c.points[1]}" for c in settled)) for t in rows), rows
    finally:
        app.resized(window.width, window.height)
