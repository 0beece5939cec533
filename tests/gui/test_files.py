"""The desktop game's files, through the app and its screens: unfinished
games are never destroyed, damaged files never stop the game, saving stays
where it should, and hostile records never crash the window."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys

from spoker.errors import StorageError
from spoker.gui.app import SpokerApp
from spoker.gui.launch import start
from spoker.gui.models import autosave, storage
from spoker.gui.models.controller import NAME_LENGTH, PERSON, GameController, GameSetup
from spoker.gui.models.game_files import file_name_part
from spoker.gui.models.settings import Settings
from spoker.gui.views.game import GameView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.save_dialog import save_game
from spoker.gui.views.title import TitleView
from spoker.records.inputs import read_seed as seed_of  # what the window reads a Seed header with
from spoker.records.record import GameRecord, format_record, load_record, parse_record, save_record

LEFT = arcade.MOUSE_BUTTON_LEFT


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "spoker-home"
    monkeypatch.setenv("SPOKER_HOME", str(path))
    return path


def new_app(window: Any, settings: Settings | None = None, record_path: str | None = None) -> SpokerApp:
    app = SpokerApp(window, settings, threaded=False, persist=True, record_path=record_path)
    app.resized(window.width, window.height)
    app.on_quit = lambda: None
    return app


def play(view: GameView, moves: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        view.on_key_press(keys.SPACE, 0)
        view.act_place(rng.choice(view.controller.playable()))


def options(**given: Any) -> argparse.Namespace:
    base = {"seed": None, "rules": None, "player1": None, "player2": None, "no_hints": False,
            "resume": False, "load": None, "load_record": None}
    base.update(given)
    return argparse.Namespace(**base)


def title_of(window: Any) -> TitleView:
    view = window.current_view
    assert isinstance(view, TitleView)
    view.on_draw()
    return view


# -- unfinished games are never destroyed ---------------------------------------------
def test_a_new_game_keeps_the_unfinished_one(window: Any, home: Path) -> None:
    app = new_app(window)
    first = app.new_game(GameSetup(("Ann", "Bob"), seed=1))
    play(first, 6)
    first_state = first.controller.state.to_string()
    # The title screen's Start, while Ann's game is unfinished.
    app.show_title()
    title = title_of(window)
    assert title.saved is not None and title.saved.names == ("Ann", "Bob")
    title.name_inputs[0].text, title.name_inputs[1].text = "Cy", "Di"
    title.b_start.action()
    second = window.current_view
    assert isinstance(second, GameView) and second.controller.setup.names == ("Cy", "Di")
    play(second, 3, seed=8)
    # `spoker play --player1 Eve --player2 Fay --seed 5`: a third one, the others kept.
    start(app, options(player1="Eve", player2="Fay", seed=5))
    third = window.current_view
    assert isinstance(third, GameView) and "unfinished games are kept" in third.message
    assert len(list((home / "unfinished").glob("*.json"))) == 3
    # The title screen offers all of them, the last played first; each resumes.
    app.show_title()
    title = title_of(window)
    assert [e.summary.names for e in title.entries] == [("Eve", "Fay"), ("Cy", "Di"), ("Ann", "Bob")]
    assert title.b_prev.visible and title.b_next.visible
    title.on_key_press(keys.PAGEDOWN, 0)
    title.on_key_press(keys.PAGEDOWN, 0)
    title.on_draw()
    assert title.saved is not None and title.saved.names == ("Ann", "Bob")
    title.on_key_press(keys.C, 0)
    resumed = window.current_view
    assert isinstance(resumed, GameView) and resumed.controller.state.to_string() == first_state
    play(resumed, 2, seed=5)  # goes on in its own file: still three games
    assert len(autosave.unfinished()) == 3


def test_discard_asks_first(window: Any, home: Path) -> None:
    app = new_app(window)
    play(app.new_game(GameSetup(("Ann", "Bob"), seed=1)), 2)
    play(app.new_game(GameSetup(("Cy", "Di"), seed=2)), 2)
    app.show_title()
    title = title_of(window)
    assert len(title.entries) == 2
    title.b_discard.action()
    assert len(autosave.unfinished()) == 2 and "for good" in title.message
    title.step(1)  # looking at another game disarms
    title.b_discard.action()
    assert len(autosave.unfinished()) == 2
    title.b_discard.action()
    assert [e.summary.names for e in autosave.unfinished()] == [("Cy", "Di")]
    assert [e.summary.names for e in title.entries] == [("Cy", "Di")]
    title.on_draw()
    assert not title.b_prev.visible


def test_the_old_single_autosave_is_still_offered(window: Any, home: Path) -> None:
    c = GameController(GameSetup(("Old", "Save"), seed=4))
    c.draw()
    c.place(c.playable()[0])
    home.mkdir(parents=True)
    autosave.save(c, home / "autosave.json")
    app = new_app(window)
    app.new_game(GameSetup(("New", "Game"), seed=2))
    assert (home / "autosave.json").exists()
    start(app, options(resume=True))  # the last played: the new game
    assert window.current_view.controller.setup.names == ("New", "Game")
    app.show_title()
    names = [e.summary.names for e in title_of(window).entries]
    assert names == [("New", "Game"), ("Old", "Save")]


def test_resume_without_an_unfinished_game_says_so(window: Any, home: Path) -> None:
    app = new_app(window)
    start(app, options(resume=True))
    assert "No unfinished game" in title_of(window).message


# -- damaged files never stop the game -------------------------------------------------
DAMAGED_AUTOSAVES = {
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "infinity": b'{"format": "spoker-autosave-1", "setup": {}, "moves": [], "drawn": null, '
                b'"state": "", "rng": [3, [Infinity], null]}',
    "huge-number": b'{"format": "spoker-autosave-1", "setup": {"seed": ' + b"7" * 5000 + b"}}",
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("content", list(DAMAGED_AUTOSAVES.values()), ids=list(DAMAGED_AUTOSAVES))
def test_a_damaged_autosave_is_moved_aside_and_told(window: Any, home: Path, content: bytes,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    folder = home / "unfinished"
    folder.mkdir(parents=True)
    (folder / "game-bad.json").write_bytes(content)
    app = new_app(window)
    app.show_title()
    title = title_of(window)
    assert title.saved is None
    (kept,) = folder.glob("game-bad.json.damaged-*")
    assert kept.read_bytes() == content
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(kept) in err and "Traceback" not in err
    assert kept.name in title.message and title.message_kind == "bad"
    title.b_start.action()  # and the game goes on
    assert isinstance(window.current_view, GameView)


def test_a_damaged_autosave_chosen_to_resume_is_moved_aside(window: Any, home: Path) -> None:
    app = new_app(window)
    play(app.new_game(GameSetup(("Ann", "Bob"), seed=1)), 3)
    app.show_title()
    title = title_of(window)
    (path,) = (home / "unfinished").glob("*.json")
    data = json.loads(path.read_text())
    data["moves"] = data["moves"][:1]  # damaged after the title screen listed it
    path.write_text(json.dumps(data))
    title.on_key_press(keys.C, 0)
    title = title_of(window)
    assert "A damaged file was kept as 'unfinished/game-" in title.message and not path.exists()
    assert len(list(path.parent.glob("*.damaged-*"))) == 1


def test_damaged_preferences_never_stop_the_game(window: Any, home: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    home.mkdir(parents=True)
    (home / "settings.json").write_text('{"visibility": "sideways", "seat2": "grandmaster", "name1": "Zoë"}')
    app = new_app(window)
    assert app.settings.visibility == "visible" and app.settings.name1 == "Zoë"
    app.show_title()
    title = title_of(window)
    assert title.visibility.value == "visible" and title.seats[1].value == PERSON
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "visibility 'sideways'" in err and "settings.json.damaged-" in err
    assert "Settings.json.damaged-" not in title.message and "settings.json.damaged-" in title.message
    assert len(list(home.glob("settings.json.damaged-*"))) == 1
    title.b_start.action()
    assert isinstance(window.current_view, GameView)


def test_without_a_home_folder_the_game_plays_without_autosave(window: Any, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("SPOKER_HOME", "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    app = new_app(window)
    assert not app.files.autosave_on
    app.show_title()
    title = title_of(window)
    assert "autosave and preferences are off" in title.message
    assert capsys.readouterr().err.count("\n") == 1
    title.b_start.action()
    view = window.current_view
    assert isinstance(view, GameView)
    play(view, 3)
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere
    assert app.default_record_path(view.controller).startswith("games")


def test_an_autosave_that_fails_is_told_once(window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SPOKER_HOME", str(blocker / "spoker"))
    app = new_app(window)
    view = app.new_game(GameSetup(seed=2))
    # The preferences cannot be kept either: each failure is told, once.
    assert view.message.startswith(("Cannot autosave", "Cannot keep the preferences")) and view.message_kind == "bad"
    play(view, 4)
    err = capsys.readouterr().err
    assert err.count("cannot autosave") == 1 and "Traceback" not in err
    assert err.count("cannot keep the preferences file") == 1


# -- saving stays where it should -------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    ["../../../x", "/etc/passwd", "..", ".hidden", "a/b\\c", "C:\\Windows", "\x00nul", "..\u2215..", "~root",
     "x" * 500],
)
def test_proposed_record_names_stay_in_the_data_folder(window: Any, home: Path, name: str) -> None:
    app = new_app(window)
    c = GameController(GameSetup((name, "Bob"), seed=1))
    proposed = Path(app.default_record_path(c))
    assert proposed.parent == home / "games"
    assert not proposed.name.startswith(".") and ".." not in proposed.name
    assert len(proposed.name) < 100
    target = app.save_record(c, str(proposed))
    assert target.resolve().parent == (home / "games").resolve()
    assert load_record(target).headers["Player2"] == "Bob"


def test_a_record_from_a_hostile_file_saves_inside_the_folder(window: Any, home: Path, tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.txt"
    hostile.write_text("Player1: ../../../x\nPlayer2: ../../y\n\nW@1A1\n")
    app = new_app(window)
    assert app.open_record_file(str(hostile), "play") is None
    view = window.current_view
    assert isinstance(view, GameView)
    view.ask_save()
    assert view.dialog is not None
    view.dialog.on_key_press(keys.ENTER, 0)
    (saved,) = (home / "games").iterdir()
    assert saved.name.endswith("-x-y.txt")
    assert load_record(saved).headers["Player1"] == "../../../x"  # the name itself is kept in the record


def test_saving_over_a_file_the_game_did_not_write_asks_first(window: Any, home: Path, tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("Player1: Someone\n\nW@1A1\n")
    app = new_app(window)
    view = app.new_game(GameSetup(("Ann", "Bob"), seed=1))
    play(view, 2)
    (tmp_path / "other.txt").write_text("x")
    with pytest.raises(StorageError, match="save again"):
        app.save_record(view.controller, str(tmp_path / "other.txt"))
    assert (tmp_path / "other.txt").read_text() == "x"
    save_game(view, view.controller, str(precious))
    assert "save again" in view.message and precious.read_text().startswith("Player1: Someone")
    save_game(view, view.controller, str(precious))  # the same name again: the person means it
    assert load_record(precious).headers["Player1"] == "Ann"
    play(view, 1)
    save_game(view, view.controller, str(precious))  # now it is this game's file: no question
    assert len(load_record(precious).moves) == 3


def test_a_second_game_never_replaces_the_first_games_record(window: Any, home: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    app = new_app(window, record_path=str(record))
    play(app.new_game(GameSetup(("Ann", "Bob"), seed=1)), 3)
    play(app.new_game(GameSetup(("Cy", "Di"), seed=2)), 2)
    assert load_record(record).headers["Player1"] == "Ann" and len(load_record(record).moves) == 3
    second = tmp_path / "game-2.txt"
    assert load_record(second).headers["Player1"] == "Cy" and len(load_record(second).moves) == 2


# -- records the reader accepts never crash the window ---------------------------------
HOSTILE_HEADERS = {
    "superscript-seed": "Seed: \u00b2",
    "5000-digit-seed": "Seed: " + "9" * 5000,
    "negative-seed": "Seed: -5",
    "long-names": "Player1: " + "N" * 300_000 + "\nPlayer2: " + "\u202e\u0645" * 20_000,
    "bad-types": "Player1Type: grandmaster\nPlayer2Type: " + "x" * 10_000,
}


@pytest.mark.parametrize("header", list(HOSTILE_HEADERS.values()), ids=list(HOSTILE_HEADERS))
def test_hostile_record_headers_never_crash_the_window(window: Any, home: Path, tmp_path: Path,
                                                       header: str) -> None:
    path = tmp_path / "hostile.txt"
    path.write_text(header + "\n\nW@1A1 B@1A3\n")
    app = new_app(window)
    assert app.open_record_file(str(path), "play") is None
    view = window.current_view
    assert isinstance(view, GameView)
    assert all(len(n) <= NAME_LENGTH for n in view.controller.setup.names)
    assert 0 <= view.controller.seed < 2**64
    view.on_update(1 / 60)
    view.on_draw()
    play(view, 2)
    view.on_draw()
    assert app.open_record_file(str(path), "replay") is None
    replay = window.current_view
    assert isinstance(replay, ReplayView)
    replay.on_update(1 / 60)
    replay.on_draw()


def test_seed_headers() -> None:
    assert seed_of("42") == 42 and seed_of(" 7 ") == 7
    for text in ("\u00b2", "9" * 5000, str(2**64), "-1", "", "1e3", "\uff11"):
        assert seed_of(text) is None


def test_file_name_part() -> None:
    assert file_name_part("Ann Lee") == "Ann_Lee"
    assert file_name_part("../../../x") == "x"
    assert file_name_part("...") == "player"
    assert file_name_part("Zoë") == "Zoë"


def test_records_beyond_the_limit_and_odd_files_are_refused_on_the_title(window: Any, home: Path,
                                                                         tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(16 * 1024 * 1024 + 1)
    app = new_app(window)
    assert "too large" in (app.open_record_file(str(huge)) or "")
    assert "not a regular file" in (app.open_record_file(str(tmp_path)) or "")
    assert "not a regular file" in (app.open_record_file("/dev/zero") or "")


def test_typo_in_a_computer_level_is_shown_on_the_game_screen(window: Any, home: Path) -> None:
    app = new_app(window)
    start(app, options(player1="Ann", player2="exprt"))
    view = window.current_view
    assert isinstance(view, GameView)
    assert view.controller.setup.seats == (PERSON, PERSON) and view.controller.setup.names == ("Ann", "exprt")
    assert "'expert'" in view.message and view.message_kind == "bad"
    start(app, options(player1="Greg", player2=" Expert "))
    view = window.current_view
    assert view.controller.setup.seats == (PERSON, "expert") and "did you mean" not in view.message


def test_record_round_trip_of_a_cut_name(window: Any, home: Path, tmp_path: Path) -> None:
    c = GameController(GameSetup(("N" * 1000, "Bob"), seed=1))
    text = format_record(GameRecord.from_state(c.state, c.headers()))
    assert parse_record(text).headers["Player1"] == "N" * NAME_LENGTH
    save_record(tmp_path / "r.txt", parse_record(text))
    assert storage.data_dir() == home


def test_damaged_preferences_that_cannot_move_are_never_written_over(
    window: Any, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home.mkdir(parents=True)
    damaged = b'{"visibility": "sideways"'
    (home / "settings.json").write_bytes(damaged)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "rename", refuse)
    app = new_app(window)
    app.set_colour_marks(True)  # a change that would save the preferences
    app.quit()
    assert (home / "settings.json").read_bytes() == damaged
    err = capsys.readouterr().err
    assert err == "" or "left as it is" in err
    app.show_title()
    assert "left as it is" in title_of(window).message


def test_play_load_continues_the_record_the_command_line_read(window: Any, home: Path, tmp_path: Path) -> None:
    """`spoker play --load FILE`: the window gets the record, not the path (the
    file is not read again: here it does not even exist)."""
    app = new_app(window)
    record = parse_record("Player1: Ann\nPlayer2: Bob\n\n1. W@1A1 2. B@1C1 3. R@1E1\n")
    start(app, options(load=str(tmp_path / "gone.txt"), load_record=record))
    view = window.current_view
    assert isinstance(view, GameView)
    assert view.controller.setup.names == ("Ann", "Bob") and view.controller.moves() == record.moves


def test_a_record_with_an_unreadable_seed_is_told_on_screen(
    window: Any, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "part.txt"
    path.write_text("Player1: Ann\nPlayer2: Bob\nSeed: -12\n\nW@1A1 B@1A3 R@1A5\n", encoding="utf-8")
    app = new_app(window)
    assert app.open_record_file(str(path), "play") is None
    view = window.current_view
    assert isinstance(view, GameView) and view.controller.state.move_number == 3
    assert view.message == "Seed header unreadable: the draws start afresh"  # fits at 800x600
    assert view.message_kind == "bad"
    assert capsys.readouterr().err == (
        "spoker: header 'Seed' '-12' is not a whole number from 0 to 2^64-1: ignored, "
        "the game goes on with fresh random draws\n"
    )
    # A good seed: nothing to tell.
    path.write_text("Seed: 12\n\nW@1A1\n", encoding="utf-8")
    assert app.open_record_file(str(path), "play") is None
    assert capsys.readouterr().err == "" and "Seed" not in window.current_view.message
