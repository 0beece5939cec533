"""Preferences kept between sessions: last names and seats, display options.

Stored as JSON next to the autosave, a
:class:`~spoker.gui.models.kept_file.KeptFile` (:func:`settings_file`).
Preferences never stop the game: a missing file gives the defaults; a damaged
one (not JSON, or a value the game cannot use) is moved aside, kept, and the
defaults are used for what was damaged, with one notice saying where it went;
a file that cannot be written is told once. The last window to change a
preference writes them all (they are one choice, not entries to merge).
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from spoker.gui.models.kept_file import KeptFile
from spoker.gui.models.storage import data_dir
from spoker.notices import Notice
from spoker.plugins import is_name

FILENAME = "settings.json"
WHAT = "the preferences file"
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # the settings screen's computer paces
NAME_LENGTH = 40  # as GameSetup's names
PATH_LENGTH = 400  # the title screen's record field takes this many
CHOICES = {"visibility": ("visible", "touching")}
RANGES = {
    "computer_speed": (0.25, 8.0),  # the pace keys step through 0.25 .. 8
    "volume": (0.0, 1.0),
    "board_view": (0, 3),  # quarter turns
    "tutor_threshold": (0.01, 2.0),  # P(win) - P(loss) given away: the screen offers TUTOR_THRESHOLDS
}
"""The numbers a setting takes: anything else in the file is damage."""
VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)  # the settings screen's steps
TUTOR_THRESHOLDS = (0.10, 0.15, 0.25, 0.40)  # the settings screen's, in P(win) - P(loss)
DEFAULT_THRESHOLD = 0.15  # the tutor's when first turned on: about 1 game in 13 (docs/gui.md)


@dataclass
class Settings:
    name1: str = "Player 1"
    name2: str = "Player 2"
    seat1: str = "person"
    seat2: str = "person"
    visibility: str = "visible"
    apex_free: bool = False
    variants: str = ""  # further rule variants (a plug-in's), as a Rules header lists them
    # The rules file chosen on the title (its name; "" for the rules above):
    # while a file of that name is in the data folder's rules/, it is the
    # rules of a new game, and visibility, apex_free and variants wait.
    rules_name: str = ""
    # Hints on screen on a person's turn, from the first move: the title's and
    # the settings' "Hints", the game's I key. (A game started with --no-hints
    # has none whatever this says: GameSetup.hints.)
    show_hints: bool = False
    colour_marks: bool = False
    computer_speed: float = 1.0  # multiplies the pace of computer moves
    last_record: str = ""
    takebacks: bool = True  # Ctrl+Z may take back a placement
    sound: bool = True
    volume: float = 0.8  # of the sound effects, 0 .. 1
    fullscreen: bool = False  # the window fills the screen (a headless one ignores it)
    # The pyramid's orientation, quarter turns 0..3, the same on every screen
    # and kept from one game to the next (R turns it, V resets it).
    board_view: int = 0
    # The board as a plan (the levels flat, side by side) instead of the
    # pyramid, on every screen that shows a game's board (L, the Plan button).
    plan_view: bool = False
    # The tutor (games against the computer): before a placement that gives
    # away more than tutor_threshold of P(win) - P(loss), the game asks
    # (spoker.gui.models.tutor). Off in a file that has no "tutor".
    tutor: bool = False
    tutor_threshold: float = DEFAULT_THRESHOLD
    # Whether the title's "Play the computer" was used: the first time it
    # turns the hints on (a first game against the computer is a lesson too).
    played_computer: bool = False

    @property
    def computer_delays(self) -> tuple[float, float]:
        """Seconds before the computer draws, then before it places."""
        s = max(0.1, self.computer_speed)
        return (0.6 / s, 0.9 / s)


def settings_path() -> Path | None:
    folder = data_dir()
    return None if folder is None else folder / FILENAME


def settings_file(path: Path | None) -> KeptFile[Settings]:
    """The preferences file ``path`` (:func:`settings_path`; None without a
    data folder: nothing is kept)."""
    return KeptFile(path, WHAT, settings_from, settings_text, Settings)


def load_settings(path: Path | None = None, notices: list[Notice] | None = None) -> Settings:
    """The preferences in ``path``: never raises. A damaged file is moved
    aside and the notice saying so is appended to ``notices``."""
    kept = settings_file(path or settings_path())
    settings = kept.read()
    if notices is not None:
        notices.extend(kept.take_notices())
    return settings


def settings_from(data: object) -> tuple[Settings, str]:
    """Preferences from a JSON value, and what was unusable ("" if nothing):
    every unusable value gets its default. Unknown keys are ignored."""
    result = Settings()
    if not isinstance(data, dict):
        return result, f"not an object but {'null' if data is None else type(data).__name__}"
    bad = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = _usable(f.name, data[f.name], getattr(result, f.name))
        if value is None:
            bad.append(f"{f.name} {_show(data[f.name])}")
        else:
            setattr(result, f.name, value)
    if data.get(LEGACY_HINTS) is False:
        # An older file's "hints": false forbade hints, whatever its show_hints said.
        result.show_hints = False
    return result, ", ".join(bad[:3]) + (" ..." if len(bad) > 3 else "")


LEGACY_HINTS = "hints"
"""Older files kept two hint settings: ``hints`` (allowed) and ``show_hints``
(shown). Only ``show_hints`` is left; an old ``hints`` is read as above and
otherwise ignored like any unknown key (it is not damage)."""


def _usable(name: str, value: object, default: object) -> object | None:
    """``value`` as the setting ``name`` takes it, or None if it cannot be."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        low, high = RANGES[name]
        # Compared before float(): a 400-digit whole number would overflow it.
        if not low <= value <= high:
            return None
        number = float(value)
        return number if math.isfinite(number) else None
    if isinstance(default, int):
        low, high = RANGES[name]
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        return value if ok else None
    if isinstance(default, str):
        if not isinstance(value, str):
            return None
        if name in CHOICES:
            return value if value in CHOICES[name] else None
        limit = PATH_LENGTH if name in ("last_record", "variants", "rules_name") else NAME_LENGTH
        if len(value) > limit or not value.isprintable():
            return None
        if name == "rules_name" and value and not is_name(value):  # a rules file's name
            return None
        return value
    return None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def settings_text(settings: Settings) -> str:
    """The file's text: every preference."""
    return json.dumps(asdict(settings), indent=1) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> list[Notice]:
    """Write the preferences; the notice if they cannot be (a window keeps
    one :func:`settings_file` instead, to tell a failure once)."""
    kept = settings_file(path or settings_path())
    kept.keep(settings)
    return kept.take_notices()
