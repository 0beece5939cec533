"""The files the game reads and writes: the record size limit, and the
readers of the data folder (preferences, autosaves), which never let an
exception out and never delete what they cannot read. The atomic writer
itself: tests/records/test_safe_files.py."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.example_counts import examples

from spoker.errors import RecordError, StorageError
from spoker.gui.models import autosave, storage
from spoker.gui.models.controller import NAME_LENGTH, GameController, GameSetup, display_name
from spoker.gui.models.settings import Settings, load_settings, save_settings
from spoker.notices import Notice
from spoker.records.record import MAX_INPUT_BYTES, decode_record, load_record

FUZZ = settings(  # each example writes and reads a file through the GUI's readers
    max_examples=examples(80), suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def aside(folder: Path, name: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + storage.DAMAGED))


# -- the record size limit ---------------------------------------------------------
def test_a_record_beyond_the_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:
        f.truncate(MAX_INPUT_BYTES + 1)  # sparse: no disk space used
    with pytest.raises(RecordError, match="too large for a record: more than 16 MB"):
        load_record(path)
    with pytest.raises(RecordError, match="too large"):
        decode_record(b" " * (MAX_INPUT_BYTES + 1))
    path.write_bytes(b"Player1: Ann\n\nW@1A1\n")
    assert load_record(path).headers["Player1"] == "Ann"


# -- reading the data folder ------------------------------------------------------
@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested more than"),
        (b'{"a": ' * 50 + b"1" + b"}" * 50, "nested more than"),
        (b'{"rng": [3, [Infinity], null]}', "Infinity"),
        (b'{"speed": NaN}', "NaN"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "digits"),
        (b"\xff\xfe{}", "UTF-8"),
        (b"{", "not JSON"),
        (b" " * (storage.MAX_JSON_BYTES + 1), "too large"),
        (b'{"gauss": 1e999}', "too large"),
    ],
    ids=["deep-list", "deep-object", "infinity", "nan", "5000-digits", "not-utf8", "cut", "big", "1e999"],
)
def test_read_json_refuses_damage_with_its_own_error(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(content)
    with pytest.raises(StorageError, match=reason):
        storage.read_json(path)


def test_brackets_inside_strings_are_not_nesting(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_text(json.dumps({"name1": "[[[[" * 40 + '\\"{' * 40}))
    assert isinstance(storage.read_json(path), dict)


def test_data_folder_without_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("SPOKER_HOME", "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    assert storage.data_dir() is None
    assert autosave.unfinished() == [] and autosave.new_autosave_path() is None
    assert load_settings() == Settings()
    save_settings(Settings(name1="Ann"))  # nowhere to write: nothing happens
    monkeypatch.setenv("HOME", "relative/home")  # never a folder that depends on the current one
    monkeypatch.setenv("XDG_DATA_HOME", "relative/xdg")
    assert storage.data_dir() is None
    monkeypatch.setenv("HOME", str(tmp_path))
    assert storage.data_dir() == tmp_path / ".local" / "share" / "spoker"


@pytest.mark.parametrize(
    ("content", "field"),
    [
        (b'{"visibility": "sideways"}', "visibility"),
        (b'{"computer_speed": 1e308}', "computer_speed"),
        (b'{"computer_speed": -1}', "computer_speed"),
        (b'{"name1": "' + b"x" * 300_000 + b'"}', "name1"),
        (b'{"name2": "a\\u0000b"}', "name2"),
        (b'{"show_hints": "yes"}', "show_hints"),
        (b"[1, 2]", "not an object"),
        (b"[" * 5000, "nested"),
        (b'{"computer_speed": Infinity}', "Infinity"),
        (b'{"computer_speed": 1e999}', "too large"),
        (b'{"computer_speed": 1' + b"0" * 400 + b"}", "computer_speed"),
        (b'{"volume": 1.5}', "volume"),
        (b'{"volume": -0.1}', "volume"),
        (b'{"volume": "loud"}', "volume"),
        (b'{"volume": true}', "volume"),
        (b'{"takebacks": 1}', "takebacks"),
        (b'{"sound": "on"}', "sound"),
        (b'{"fullscreen": null}', "fullscreen"),
        (b'{"variants": ["flat-lines"]}', "variants"),
        (b'{"variants": "' + b"x" * 500 + b'"}', "variants"),
    ],
    ids=["enum", "speed-huge", "speed-negative", "long-name", "nul", "bool", "list", "deep", "inf", "1e999",
         "speed-400-digits", "volume-high", "volume-negative", "volume-text", "volume-bool", "takebacks-int",
         "sound-text", "fullscreen-null", "variants-list", "variants-long"],
)
def test_damaged_preferences_are_moved_aside_and_told(tmp_path: Path, content: bytes, field: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    notices: list[Notice] = []
    loaded = load_settings(path, notices)
    assert loaded.visibility in ("visible", "touching") and 0.25 <= loaded.computer_speed <= 8
    assert len(loaded.name1) <= NAME_LENGTH
    assert not path.exists()
    (kept,) = aside(tmp_path, "settings.json")
    assert kept.read_bytes() == content  # kept as it was, never deleted
    assert len(notices) == 1 and "\n" not in notices[0].line
    assert field in notices[0].line and str(kept) in notices[0].line


def test_good_values_survive_next_to_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"name1": "Zoë", "visibility": "sideways", "show_hints": true, "volume": 7, "future_option": 3}')
    loaded = load_settings(path, [])
    assert (loaded.name1, loaded.visibility, loaded.show_hints, loaded.volume) == ("Zoë", "visible", True, 0.8)
    path.write_text('{"name1": "Zoë", "future_option": [1]}')  # unknown keys are no damage
    notices: list[Notice] = []
    assert load_settings(path, notices).name1 == "Zoë" and notices == [] and path.exists()


def test_the_settings_screens_fields_round_trip_with_their_defaults(tmp_path: Path) -> None:
    assert (Settings().takebacks, Settings().sound, Settings().volume, Settings().fullscreen) == (True, True, 0.8, False)
    path = tmp_path / "settings.json"
    chosen = Settings(takebacks=False, sound=False, volume=0.4, fullscreen=True, variants="flat-lines",
                      show_hints=True, computer_speed=4.0, colour_marks=True)
    save_settings(chosen, path)
    assert load_settings(path) == chosen
    for volume in (0, 1, 0.0, 1.0, 0.35):  # the ends are volumes, whole numbers too
        path.write_text(json.dumps({"volume": volume}))
        notices: list[Notice] = []
        assert load_settings(path, notices).volume == volume and notices == []


def test_an_older_file_with_two_hint_settings_still_loads(tmp_path: Path) -> None:
    """Older files kept "hints" (allowed) and "show_hints" (shown): one is left,
    show_hints, and "hints": false (not allowed) turns it off."""
    path = tmp_path / "settings.json"
    for old, shown in [({"hints": True, "show_hints": False}, False), ({"hints": True, "show_hints": True}, True),
                       ({"hints": False, "show_hints": True}, False), ({"hints": True}, False),
                       ({"hints": "yes", "show_hints": True}, True)]:
        path.write_text(json.dumps({"name1": "Ann", **old}))
        notices: list[Notice] = []
        loaded = load_settings(path, notices)
        assert (loaded.name1, loaded.show_hints) == ("Ann", shown), old
        assert notices == [] and path.exists()  # an old file is not a damaged one
    assert "hints" not in json.dumps(dataclasses.asdict(loaded)).replace("show_hints", "")


@FUZZ
@given(st.one_of(
    st.binary(max_size=400),
    st.recursive(
        st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=30),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
            st.sampled_from(["name1", "seat1", "visibility", "computer_speed", "hints", "show_hints", "volume",
                             "board_view", "variants", "x"]), inner, max_size=4),
        max_leaves=12,
    ).map(lambda v: json.dumps(v).encode()),
))
def test_preferences_reader_never_raises(tmp_path: Path, data: bytes) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = folder / "settings.json"
    path.write_bytes(data)
    notices: list[Notice] = []
    loaded = load_settings(path, notices)
    assert isinstance(loaded, Settings)
    if path.exists():  # used as it is: nothing was unusable
        assert notices == [] and path.read_bytes() == data
    else:
        (kept,) = aside(folder, "settings.json")
        assert kept.read_bytes() == data and len(notices) == 1


def saved_game(folder: Path, moves: int = 4) -> Path:
    c = GameController(GameSetup(("Ann", "Bob"), seed=11))
    for _ in range(moves):
        c.draw()
        c.place(c.playable()[0])
    path = folder / "unfinished" / "game-1.json"
    autosave.save(c, path)
    return path


@FUZZ
@given(st.data())
def test_unfinished_games_reader_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              data: st.DataObject) -> None:
    home = Path(tempfile.mkdtemp(dir=tmp_path))
    monkeypatch.setenv("SPOKER_HOME", str(home))
    path = saved_game(home)
    good = path.read_bytes()
    how = data.draw(st.sampled_from(["bytes", "cut", "flip", "value"]))
    if how == "bytes":
        content = data.draw(st.binary(max_size=300))
    elif how == "cut":
        content = good[: data.draw(st.integers(0, len(good)))]
    elif how == "flip":
        i = data.draw(st.integers(0, len(good) - 1))
        content = good[:i] + bytes([data.draw(st.integers(0, 255))]) + good[i + 1:]
    else:
        obj = json.loads(good)
        key = data.draw(st.sampled_from(sorted(obj)))
        obj[key] = data.draw(st.one_of(
            st.none(), st.integers(), st.floats(), st.text(max_size=10),
            st.lists(st.integers(-(2**70), 2**70), max_size=3),
            st.just([3, [2**40] * 625, None]), st.just([3, [0] * 624 + [9999], None]),
        ))
        content = json.dumps(obj).encode()
    path.write_bytes(content)
    notices: list[str] = []
    entries = autosave.unfinished(notices)
    if entries:
        assert [e.path for e in entries] == [path] and notices == []
        assert path.read_bytes() == content
    else:
        assert not path.exists() and len(notices) == 1
        (kept,) = aside(path.parent, path.name)
        assert kept.read_bytes() == content


@pytest.mark.parametrize(
    "rng",
    [
        "[3, [Infinity], null]",
        "[3, [" + ", ".join(["1e400"] * 625) + "], null]",
        "[3, [" + ", ".join(["18446744073709551616"] * 625) + "], null]",
        "[3, [" + ", ".join(["-1"] * 625) + "], null]",
        "[3, [" + ", ".join(["1"] * 624) + ", 625], null]",
        "[3, [" + ", ".join(["1"] * 624) + ", 1], 1e999]",
        "[2, [" + ", ".join(["1"] * 625) + "], null]",
    ],
    ids=["infinity", "1e400", "2^64", "negative", "position", "gauss", "version"],
)
def test_a_damaged_generator_state_is_refused(tmp_path: Path, rng: str) -> None:
    path = saved_game(tmp_path)
    text = path.read_text()
    obj = json.loads(text)
    obj["rng"] = "RNG"
    path.write_text(json.dumps(obj).replace('"RNG"', rng))
    with pytest.raises(StorageError):
        autosave.load(path)


def test_names_are_cut_wherever_they_come_from() -> None:
    long = "A" * 300_000
    assert GameSetup((long, "Bob")).names == ("A" * NAME_LENGTH, "Bob")
    assert display_name("  Ann\n\t Lee\u202e\x00 ", "P") == "Ann Lee"
    assert display_name("\x00\u200b", "Player 1") == "Player 1"
    with pytest.raises(ValueError, match="2\\^64"):
        GameSetup.from_json({"names": ["a", "b"], "seats": ["person", "person"], "seed": 2**64})


def test_a_fifo_or_a_folder_in_the_data_folder_never_blocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path))
    (tmp_path / "unfinished").mkdir()
    os.mkfifo(tmp_path / "settings.json")  # opening it for reading would wait for a writer
    os.mkfifo(tmp_path / "unfinished" / "game-a.json")
    (tmp_path / "unfinished" / "game-b.json").mkdir()
    (tmp_path / "unfinished" / "game-c.json").symlink_to("/dev/zero")
    notices: list[Notice] = []
    unfinished: list[Notice] = []
    assert load_settings(notices=notices) == Settings()
    assert autosave.unfinished(unfinished) == []
    assert len(notices) == 1 and len(unfinished) == 3
    assert all(n.damaged and "moved to" in n.line for n in [*notices, *unfinished])
    assert sorted(p.name.split(storage.DAMAGED)[0] for p in (tmp_path / "unfinished").iterdir()) == [
        "game-a.json", "game-b.json", "game-c.json"]
