"""Autosave: written after every move, atomically; save, kill, resume gives
back the exact position, and the game goes on with the same draws."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoker import RuleSet, parse_state
from spoker.errors import StorageError
from spoker.gui.app import SpokerApp
from spoker.gui.models import autosave
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.settings import Settings, load_settings, save_settings
from spoker.gui.views.game import GameView
from spoker.gui.views.title import TitleView
from spoker.records.record import load_record

LEFT = arcade.MOUSE_BUTTON_LEFT


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "spoker-home"
    monkeypatch.setenv("SPOKER_HOME", str(path))
    return path


def new_app(window: Any) -> SpokerApp:
    app = SpokerApp(window, Settings(), threaded=False, persist=True)
    app.resized(window.width, window.height)
    app.on_quit = lambda: None
    return app


def play_moves(view: GameView, n: int, rng: random.Random) -> None:
    """Draw (Space) and place on a random playable cell through the view."""
    for _ in range(n):
        view.on_key_press(keys.SPACE, 0)
        view.act_place(rng.choice(view.controller.playable()))


def test_data_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SPOKER_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert autosave.data_dir() == tmp_path / "xdg" / "spoker"
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "own"))
    assert autosave.data_dir() == tmp_path / "own"
    monkeypatch.delenv("SPOKER_HOME")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    assert autosave.data_dir() == tmp_path / "user" / ".local" / "share" / "spoker"


def test_save_kill_resume_brings_back_the_exact_position(window: Any, home: Path) -> None:
    setup = GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet("touching", True), 99)
    app = new_app(window)
    view = app.new_game(setup)
    rng = random.Random(4)
    play_moves(view, 11, rng)
    view.on_key_press(keys.SPACE, 0)  # a ball drawn, not yet placed
    expected = view.controller.state.to_string()
    history = list(view.controller.state.history)
    log = [line.text for line in view.controller.log]
    challenges = list(view.controller.challenges)
    # The game as it would have gone on without the crash.
    twin = GameController(view.controller.setup, view.controller.state.copy(), random.Random())
    twin.rng.setstate(view.controller.rng.getstate())
    saved = list((home / "unfinished").iterdir())
    assert len(saved) == 1 and saved[0].name.startswith("game-") and saved[0].suffix == ".json"
    assert not [p for p in saved if p.name.endswith(".tmp")]
    # Kill: the app and its views are dropped without any goodbye.
    del app, view
    app2 = new_app(window)
    app2.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    assert title.saved is not None and title.saved.move_number == 11
    assert title.b_continue.visible
    title.on_draw()
    title.on_key_press(keys.C, 0)
    resumed = window.current_view
    assert isinstance(resumed, GameView)
    assert resumed.controller.state.to_string() == expected
    assert resumed.controller.state.history == history
    assert resumed.controller.challenges == challenges
    assert [line.text for line in resumed.controller.log][: len(log)] == log
    assert resumed.controller.setup == twin.setup
    # Same draws from here on as the game that was not interrupted.
    cell = resumed.controller.playable()[0]
    resumed.act_place(cell)
    twin.place(cell)
    for _ in range(6):
        resumed.on_key_press(keys.SPACE, 0)
        twin.draw()
        assert resumed.controller.state.drawn == twin.state.drawn
        cell = resumed.controller.playable()[-1]
        resumed.act_place(cell)
        twin.place(cell)
    assert resumed.controller.state.to_string() == twin.state.to_string()


def test_a_finished_game_leaves_no_autosave(window: Any, home: Path) -> None:
    app = new_app(window)
    view = app.new_game(GameSetup(seed=5))
    rng = random.Random(1)
    assert len(autosave.unfinished()) == 1
    while not view.controller.over:
        play_moves(view, 1, rng)
    assert list((home / "unfinished").iterdir()) == []
    assert autosave.unfinished() == []


def test_a_finished_game_not_saved_is_kept_and_named_on_the_title(window: Any, home: Path) -> None:
    """Finish a game without pressing Save and go back to the title: its
    record is in My games (games/), and the title's record file names it, not
    an older partial save."""
    app = new_app(window)
    partial = home / "games" / "spoker-older.txt"
    app.settings.last_record = str(partial)
    view = app.new_game(GameSetup(seed=6))
    rng = random.Random(2)
    while not view.controller.over:
        play_moves(view, 1, rng)
    app.show_title()
    kept = list((home / "games").glob("*.txt"))
    assert len(kept) == 1
    assert load_record(kept[0]).moves == view.controller.state.history
    title = window.current_view
    assert isinstance(title, TitleView) and title.record.text == str(kept[0])
    assert load_settings(home / "settings.json").last_record == str(kept[0])


def test_autosave_is_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a" / "autosave.json"
    c = GameController(GameSetup(seed=3))
    c.draw()
    autosave.save(c, target)
    first = target.read_text()
    calls: list[tuple[str, str]] = []
    real = autosave.os.replace

    def spy(src: Any, dst: Any) -> None:
        calls.append((str(src), str(dst)))
        real(src, dst)

    monkeypatch.setattr(autosave.os, "replace", spy)
    c.place(c.playable()[0])
    autosave.save(c, target)
    assert len(calls) == 1 and calls[0][1] == str(target)
    assert Path(calls[0][0]).parent == target.parent  # same directory: an atomic rename
    assert target.read_text() != first
    assert json.loads(target.read_text())["moves"] == ["W@1A1"] or len(json.loads(target.read_text())["moves"]) == 1

    def broken(src: Any, dst: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(autosave.os, "replace", broken)
    before = target.read_text()
    c.draw()
    with pytest.raises(OSError):
        autosave.save(c, target)
    assert target.read_text() == before  # the old file is intact
    assert [p.name for p in target.parent.iterdir()] == ["autosave.json"]  # no temp file left


def test_damaged_autosave_is_refused_with_its_path(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    c = GameController(GameSetup(seed=3))
    for _ in range(5):
        c.draw()
        c.place(c.playable()[0])
    autosave.save(c, target)
    data = json.loads(target.read_text())
    data["moves"][2] = "R@4D4"
    target.write_text(json.dumps(data))
    with pytest.raises(StorageError, match="autosave.json"):
        autosave.load(target)
    assert autosave.peek(target) is None
    data = json.loads(target.read_text())
    data["moves"] = data["moves"][:2]  # the moves and the saved state disagree
    target.write_text(json.dumps(data))
    with pytest.raises(StorageError):
        autosave.load(target)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_autosave_reader_never_crashes(tmp_path: Path, data: bytes) -> None:
    target = tmp_path / "autosave.json"
    target.write_bytes(data)
    try:
        c = autosave.load(target)
    except StorageError as err:
        assert str(target) in str(err)
    else:
        assert parse_state(c.state.to_string()) == c.state


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_autosave_reader_refuses_mutated_saves(tmp_path: Path, data: st.DataObject) -> None:
    c = GameController(GameSetup(("A", "B"), seed=data.draw(st.integers(0, 10**6))))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    for _ in range(data.draw(st.integers(0, 12))):
        if c.over:  # a straight flush: an ended game has no autosave
            return
        c.draw()
        c.place(rng.choice(c.playable()))
    if c.over:
        return
    target = tmp_path / "autosave.json"
    autosave.save(c, target)
    obj = json.loads(target.read_text())
    key = data.draw(st.sampled_from(["format", "setup", "moves", "drawn", "state", "rng"]))
    obj[key] = data.draw(st.one_of(st.none(), st.integers(), st.text(max_size=20), st.lists(st.integers(), max_size=3)))
    target.write_text(json.dumps(obj))
    try:
        loaded = autosave.load(target)
    except StorageError:
        return
    assert loaded.state.to_string() == c.state.to_string()


def test_settings_round_trip_and_survive_damage(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    s = Settings(name1="Zoë", seat2="greedy", colour_marks=True, computer_speed=2.0)
    save_settings(s, path)
    assert load_settings(path) == s
    path.write_text('{"name1": 5, "computer_speed": "fast", "show_hints": true, "volume": 0.4}')
    loaded = load_settings(path)
    assert loaded.name1 == "Player 1" and loaded.computer_speed == 1.0 and loaded.show_hints is True
    assert loaded.volume == 0.4
    path.write_bytes(b"\xff\xfe")
    assert load_settings(path) == Settings()


# -- one window a game ------------------------------------------------------------------
HOLDER = """
import sys
from pathlib import Path
from spoker.gui.models import autosave
print(autosave.lock_game(Path(sys.argv[1])), flush=True)
sys.stdin.read()  # holds the lock until the test closes stdin (or the process dies)
"""


def test_a_game_open_in_another_process_is_not_autosaved_here(
    window: Any, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os
    import subprocess
    import sys

    app = new_app(window)
    view = app.new_game(GameSetup(("Ann", "Bob"), seed=7))
    play_moves(view, 4, random.Random(2))
    (path,) = (home / "unfinished").iterdir()
    assert autosave.lock_game(path)  # this process plays it
    autosave.release_game(path)  # as if this window had been closed (its process gone)
    assert not autosave.lock_path(path).exists()
    saved = path.read_bytes()
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[3]))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "True\n"
        assert not autosave.lock_game(path)  # the second attempt: held by the other process
        capsys.readouterr()
        # A second `spoker play --resume` on the same game: read, shown, never written.
        second = new_app(window)
        resumed = second.resume(path)
        assert resumed is not None and resumed.controller.state.move_number == 4
        err = capsys.readouterr().err
        assert err == f"spoker: {autosave.played_elsewhere(path).line}\n"
        assert resumed.message == "Open in another window: not autosaved here"  # fits at 800x600
        play_moves(resumed, 2, random.Random(5))
        assert path.read_bytes() == saved
        assert capsys.readouterr().err == ""  # told once
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
    # The other process is gone: its lock with it; a new window writes the game again.
    third = new_app(window)
    again = third.resume(path)
    assert again is not None
    play_moves(again, 1, random.Random(6))
    assert path.read_bytes() != saved and autosave.lock_path(path).exists()
    while not again.controller.over:
        play_moves(again, 1, random.Random(7))
    assert not path.exists() and not autosave.lock_path(path).exists()  # released at the end
