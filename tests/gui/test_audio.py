"""The sound player (spoker.gui.audio): silent and harmless where nobody
listens or sound cannot play, loaded once and never on the frame path, the
settings' switch and volume; the app's play_sound."""

from __future__ import annotations

import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from spoker.gui.audio import (
    DEFAULT_VOLUME,
    SOUND_FOLDER,
    SOUND_OFF_NOTICE,
    ArcadeBackend,
    SoundPlayer,
)
from spoker.gui.models.sounds import EFFECTS, SILENCE

WAIT = 10.0  # seconds a test waits at most for the loading thread (it never sleeps)


class FakeBackend:
    """Records what would have been loaded and played; fails when told to."""

    def __init__(self, fail_load: str | None = None, fail_play: bool = False) -> None:
        self.loaded: list[str] = []
        self.played: list[tuple[str, float]] = []
        self.fail_load = fail_load
        self.fail_play = fail_play
        self.gate: threading.Event | None = None  # set: loading waits for it

    def load(self, path: Path) -> object:
        if self.gate is not None:
            assert self.gate.wait(WAIT)
        if path.stem == self.fail_load:
            raise OSError("no such device")
        self.loaded.append(path.stem)
        return path.stem

    def play(self, sound: object, volume: float) -> None:
        if self.fail_play:
            raise RuntimeError("the audio driver went away")
        self.played.append((str(sound), volume))


@dataclass
class Prefs:
    sound: bool = True
    volume: float = DEFAULT_VOLUME


def player(backend: Any, prefs: object | None = None, **options: Any) -> SoundPlayer:
    chosen = Prefs() if prefs is None else prefs
    options.setdefault("available", True)
    options.setdefault("threaded", False)
    return SoundPlayer(lambda: chosen, backend=backend, **options)


def test_the_effects_load_once_and_play_at_the_settings_volume() -> None:
    fake, prefs = FakeBackend(), Prefs(volume=0.3)
    p = player(fake, prefs)
    assert fake.loaded == []  # nothing until a sound is asked for (or warm_up)
    p.play("place")
    p.play("won")
    prefs.volume = 1.0
    p.play("place")
    assert fake.loaded == list(EFFECTS)  # every effect, once
    assert fake.played == [("place", 0.3), ("won", 0.3), ("place", 1.0)]
    assert p.take_notice() is None


def test_the_off_switch_and_a_zero_volume_load_and_play_nothing() -> None:
    fake, prefs = FakeBackend(), Prefs(sound=False)
    p = player(fake, prefs)
    p.warm_up()
    p.play("draw")
    assert (fake.loaded, fake.played) == ([], [])
    prefs.sound, prefs.volume = True, 0.0
    p.play("draw")
    assert (fake.loaded, fake.played) == ([], [])
    prefs.volume = 0.5
    p.play("draw")
    assert fake.played == [("draw", 0.5)]


def test_settings_without_the_sound_fields_play_at_the_defaults() -> None:
    fake = FakeBackend()
    player(fake, object()).play("tied")  # the settings before they had sound and volume
    assert fake.played == [("tied", DEFAULT_VOLUME)]
    for odd in (float("nan"), "loud", True):  # a volume that is no number: the default
        fake.played.clear()
        player(fake, Prefs(volume=odd)).play("tied")  # type: ignore[arg-type]
        assert fake.played == [("tied", DEFAULT_VOLUME)]
    fake.played.clear()
    player(fake, Prefs(volume=7.0)).play("tied")
    assert fake.played == [("tied", 1.0)]


def test_silence_plays_nothing_and_an_unknown_name_is_a_bug() -> None:
    fake = FakeBackend()
    p = player(fake)
    p.play(SILENCE)
    assert fake.loaded == []
    with pytest.raises(ValueError, match="no sound effect 'boom'"):
        p.play("boom")
    with pytest.raises(ValueError):  # even when nothing could be heard
        player(fake, available=False).play("boom")


def test_unavailable_is_silent_for_good_and_loads_nothing() -> None:
    fake = FakeBackend()
    p = player(fake, available=False, threaded=True)
    p.warm_up()
    for name in EFFECTS:
        p.play(name)
    assert (fake.loaded, fake.played) == ([], [])
    assert p.wait_loaded(0) and p.take_notice() is None


def test_a_failing_load_turns_sound_off_with_one_notice() -> None:
    fake = FakeBackend(fail_load="lost")
    p = player(fake)
    p.play("draw")
    notice = p.take_notice()
    assert notice is not None and "'lost.wav'" in notice and "no such device" in notice
    p.play("draw")
    p.warm_up()
    assert fake.played == [] and not p.on and p.take_notice() is None  # told once
    assert fake.loaded == list(EFFECTS[: EFFECTS.index("lost")])  # tried once, never again


def test_a_failing_play_turns_sound_off_with_one_notice() -> None:
    fake = FakeBackend(fail_play=True)
    p = player(fake)
    p.play("challenge")  # raises inside: never into the game
    notice = p.take_notice()
    assert notice is not None and "'challenge'" in notice and "driver went away" in notice
    fake.fail_play = False
    p.play("challenge")
    assert fake.played == [] and p.take_notice() is None


def test_loading_never_stalls_the_frame_that_asks() -> None:
    fake = FakeBackend()
    fake.gate = threading.Event()
    p = player(fake, threaded=True)
    p.warm_up()  # the loading thread waits at its gate
    p.play("draw")  # returns at once: the frame goes on, this sound is not heard
    assert fake.played == [] and p.sounds is None
    fake.gate.set()
    assert p.wait_loaded(WAIT)
    p.play("draw")
    p.warm_up()  # loaded once only
    assert fake.played == [("draw", DEFAULT_VOLUME)] and fake.loaded == list(EFFECTS)


def test_the_first_sound_asked_starts_the_loading_when_nothing_warmed_up() -> None:
    fake = FakeBackend()
    p = player(fake, threaded=True)
    p.play("won")  # starts the background load, unheard
    assert p.wait_loaded(WAIT)
    p.play("won")
    assert fake.played == [("won", DEFAULT_VOLUME)]


# -- arcade's own loading, on the shipped files and on bad ones ---------------------
def test_arcade_loads_every_shipped_effect() -> None:
    backend = ArcadeBackend()
    for name in EFFECTS:
        sound = backend.load(SOUND_FOLDER / f"{name}.wav")
        assert 0.1 < sound.get_length() <= 0.6, name  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        backend.play("place", 0.5)  # a name is not a loaded sound


def _folder_with(tmp_path: Path, change: str, name: str) -> Path:
    folder = tmp_path / "sounds"
    shutil.copytree(SOUND_FOLDER, folder)
    target = folder / f"{name}.wav"
    if change == "missing":
        target.unlink()
    else:  # damaged: a WAV header, then nothing a decoder can read
        target.write_bytes(target.read_bytes()[:12] + b"\x00junk" * 10)
    return folder


@pytest.mark.parametrize("change", ["missing", "damaged"])
def test_a_missing_or_damaged_file_turns_sound_off_not_the_game(tmp_path: Path, change: str) -> None:
    folder = _folder_with(tmp_path, change, "straight_flush")
    p = player(ArcadeBackend(), folder=folder)
    for name in EFFECTS:
        p.play(name)  # nothing raises; nothing is played (a sound is off as a whole)
    notice = p.take_notice()
    assert notice is not None and notice.startswith("sound is off for this session")
    assert "'straight_flush.wav'" in notice and p.sounds is None
    assert p.take_notice() is None


# -- the app ---------------------------------------------------------------------------
@pytest.mark.parametrize("threaded", [True, False])
def test_a_headless_app_loads_and_plays_nothing(
    window: Any, monkeypatch: pytest.MonkeyPatch, threaded: bool,
) -> None:
    """Headless, even the threaded app of a real game (the unthreaded ones
    of the tests and screenshots never play either)."""
    import arcade

    from spoker.gui.app import SpokerApp
    from spoker.gui.models.settings import Settings

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a sound was loaded or played headless")

    monkeypatch.setattr(arcade, "load_sound", refuse)
    monkeypatch.setattr(arcade.Sound, "play", refuse)
    assert window.headless
    app = SpokerApp(window, Settings(), threaded=threaded, persist=False)
    assert not app.audio.available
    for name in EFFECTS:
        app.play_sound(name)
    assert app.audio.sounds is None and app.audio.take_notice() is None
    assert not any(t.name == "spoker-sounds" for t in threading.enumerate())


def test_the_app_plays_through_its_player_and_tells_a_failure_once(
    app: Any, capsys: pytest.CaptureFixture[str],
) -> None:
    import arcade

    class Screen(arcade.View):
        """A screen that says things (as every BaseView does)."""

        def __init__(self) -> None:
            super().__init__()
            self.said: list[tuple[str, str]] = []

        def say(self, text: str, kind: str = "info", seconds: float = 5.0) -> None:
            self.said.append((text, kind))

    fake, screen = FakeBackend(), Screen()
    app.audio = SoundPlayer(lambda: app.settings, available=True, backend=fake, threaded=False)
    app.show(screen)
    app.play_sound("draw")
    assert fake.played == [("draw", DEFAULT_VOLUME)]
    fake.fail_play = True
    app.play_sound("place")
    app.play_sound("place")
    err = capsys.readouterr().err
    assert err.count("sound is off for this session") == 1 and "'place'" in err
    assert screen.said == [(SOUND_OFF_NOTICE, "bad")]


def test_the_apps_sound_follows_its_current_settings(app: Any) -> None:
    fake = FakeBackend()
    app.audio = SoundPlayer(lambda: app.settings, available=True, backend=fake, threaded=False)
    app.settings.volume = 0.25  # the settings fields (read with defaults before they exist)
    app.play_sound("end")
    app.settings.sound = False
    app.play_sound("end")
    assert fake.played == [("end", 0.25)]


def test_a_whole_game_sounds_through_the_app(app: Any) -> None:
    """The game screen's hooks, as they call: after each draw and placement
    the effect of the controller's last events, then the end's cadence."""
    from spoker.gui.models.controller import PERSON, GameController, GameSetup
    from spoker.gui.models.sounds import DRAW, END, PLACE, effect_for

    fake = FakeBackend()
    app.audio = SoundPlayer(lambda: app.settings, available=True, backend=fake, threaded=False)
    c = GameController(GameSetup(("Ann", "Computer"), (PERSON, "greedy"), seed=11))
    while not c.over:
        c.draw()
        app.play_sound(effect_for(c.last_events, c.setup))
        c.place(c.playable()[0])
        app.play_sound(effect_for(c.last_events, c.setup))
    app.play_sound(END)
    heard = [name for name, _ in fake.played]
    assert heard[0::2][:-1] == [DRAW] * c.state.move_number  # every draw, then its placement's effect
    placed = heard[1::2]
    assert set(placed) <= set(EFFECTS) - {DRAW, END} and PLACE in placed and len(set(placed)) >= 3
    assert heard[-1] == END and app.audio.take_notice() is None
