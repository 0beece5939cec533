"""The sound effects, played with arcade's sound support: :class:`SoundPlayer`.

The effects (:data:`spoker.gui.models.sounds.EFFECTS`) are small WAV files in
``spoker/gui/assets/sounds/`` made by ``scripts/make_sounds.py``. The player
is built never to be in the way:

- nothing is loaded or played where nobody listens: a headless window, the
  unthreaded runs (tests, screenshots, benchmarks); nor while the settings
  say no sound (``sound``) or a volume of 0;
- the files are loaded once, in a background thread (the audio driver's
  start and the decoding never stall a frame); a sound asked for while they
  load is not heard;
- if loading or playing fails (no audio device or driver, a missing or
  damaged file), sound is off for the rest of the session and one notice
  says so: never an exception into the game.

Settings are read at each sound with defaults (``sound`` on, ``volume``
0.8), so a settings object without those fields plays at the defaults.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from spoker.gui.models.sounds import EFFECTS, SILENCE

SOUND_FOLDER = Path(__file__).resolve().parent / "assets" / "sounds"
DEFAULT_VOLUME = 0.8
SOUND_OFF_NOTICE = "Sound is off: it cannot play here"  # fits at 800x600; the terminal has why


class Backend(Protocol):
    """What plays: arcade's sound functions (:class:`ArcadeBackend`), or a
    stand-in in a test. Either method may raise: the player catches it."""

    def load(self, path: Path) -> object: ...

    def play(self, sound: object, volume: float) -> None: ...


class ArcadeBackend:
    """arcade.load_sound and Sound.play (which, unlike arcade.play_sound, says
    when a sound cannot play: it raises instead of logging)."""

    def load(self, path: Path) -> object:
        import arcade

        return arcade.load_sound(path)

    def play(self, sound: object, volume: float) -> None:
        import arcade

        if not isinstance(sound, arcade.Sound):
            raise TypeError(f"not a loaded sound: {sound!r}")
        sound.play(volume=volume)


class SoundPlayer:
    """The session's sound effects. ``settings`` gives the current settings
    (read at each sound: ``sound``, ``volume``); ``available`` False makes the
    player silent for good without loading anything (headless); ``threaded``
    False loads at the first sound, at once (tests)."""

    def __init__(
        self,
        settings: Callable[[], object],
        *,
        available: bool,
        backend: Backend | None = None,
        folder: Path = SOUND_FOLDER,
        threaded: bool = True,
    ) -> None:
        self._settings = settings
        self.available = available
        self.backend: Backend = backend if backend is not None else ArcadeBackend()
        self.folder = folder
        self.threaded = threaded
        self.sounds: dict[str, object] | None = None  # set once every effect is loaded
        self.failure: str | None = None  # why sound is off for the session
        self._notice: str | None = None
        self._started = False  # loading started (it is tried once a session)
        self._loader: threading.Thread | None = None
        self._lock = threading.Lock()

    # -- what the settings say --------------------------------------------------
    @property
    def volume(self) -> float:
        """The settings' volume, 0 to 1 (a value that is not a number: the default)."""
        value = getattr(self._settings(), "volume", DEFAULT_VOLUME)
        if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
            return DEFAULT_VOLUME
        return min(1.0, max(0.0, float(value)))

    @property
    def on(self) -> bool:
        """Whether a sound asked for now is heard (once the effects are loaded)."""
        wanted = getattr(self._settings(), "sound", True) is not False
        return self.available and self.failure is None and wanted and self.volume > 0

    # -- loading ----------------------------------------------------------------
    def warm_up(self) -> None:
        """Start loading the effects (once; in the background when threaded),
        if sound is on: the first sound then plays without a wait."""
        if not self.on:
            return
        with self._lock:
            if self._started:
                return
            self._started = True
        if self.threaded:
            self._loader = threading.Thread(target=self._load, name="spoker-sounds", daemon=True)
            self._loader.start()
        else:
            self._load()

    def _load(self) -> None:
        loaded: dict[str, object] = {}
        for name in EFFECTS:
            path = self.folder / f"{name}.wav"
            try:
                loaded[name] = self.backend.load(path)
            except Exception as err:  # any failure of a sound library: the game goes on, silent
                self._fail(f"cannot load the sound {path.name!r} ({_why(err)})")
                return
        self.sounds = loaded

    def wait_loaded(self, timeout: float) -> bool:
        """Wait for a background load to end (tests, benchmarks); whether it has."""
        loader = self._loader
        if loader is not None and loader.is_alive():
            loader.join(timeout)
        return loader is None or not loader.is_alive()

    # -- playing ------------------------------------------------------------------
    def play(self, name: str) -> None:
        """Play the effect ``name`` (one of EFFECTS; SILENCE plays nothing) at
        the settings' volume, if sound is on and the effects are loaded."""
        if name == SILENCE:
            return
        if name not in EFFECTS:
            raise ValueError(f"no sound effect {name!r}: the effects are {', '.join(EFFECTS)}")
        if not self.on:
            return
        sounds = self.sounds
        if sounds is None:
            self.warm_up()  # not loaded yet: loading starts (if it has not)
            sounds = None if self.threaded else self.sounds  # this one goes unheard while it loads
            if sounds is None:
                return
        try:
            self.backend.play(sounds[name], self.volume)
        except Exception as err:  # no device, a driver gone: silent for the session
            self._fail(f"cannot play the sound {name!r} ({_why(err)})")

    def _fail(self, reason: str) -> None:
        with self._lock:
            if self.failure is None:
                self.failure = reason
                self._notice = f"sound is off for this session: {reason}"

    def take_notice(self) -> str | None:
        """The line saying sound went off, once (None: nothing new to tell)."""
        with self._lock:
            notice, self._notice = self._notice, None
        return notice


def _why(err: BaseException) -> str:
    text = " ".join(str(err).split())
    return f"{type(err).__name__}: {text[:160]}" if text else type(err).__name__
