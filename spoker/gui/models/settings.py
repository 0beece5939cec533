"""Preferences kept between sessions: last names and seats, display options.

Stored as JSON next to the autosave (see :mod:`spoker.gui.models.storage`).
Preferences never stop the game: a missing file gives the defaults; a damaged
one (not JSON, or a value the game cannot use) is moved aside, kept, and the
defaults are used for what was damaged, with one line saying where it went.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from spoker.gui.models.storage import DamagedFileError, data_dir, read_json, set_aside, write_atomic

FILENAME = "settings.json"
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
NAME_LENGTH = 40  # as GameSetup's names
PATH_LENGTH = 400  # the title screen's record field takes this many
CHOICES = {"visibility": ("visible", "touching")}


@dataclass
class Settings:
    name1: str = "Player 1"
    name2: str = "Player 2"
    seat1: str = "person"
    seat2: str = "person"
    visibility: str = "visible"
    apex_free: bool = False
    hints: bool = True
    show_hints: bool = False  # hints on screen when the person to move draws
    colour_marks: bool = False
    computer_speed: float = 1.0  # multiplies the pace of computer moves
    last_record: str = ""

    @property
    def computer_delays(self) -> tuple[float, float]:
        """Seconds before the computer draws, then before it places."""
        s = max(0.1, self.computer_speed)
        return (0.6 / s, 0.9 / s)


def settings_path() -> Path | None:
    folder = data_dir()
    return None if folder is None else folder / FILENAME


def load_settings(path: Path | None = None, notices: list[str] | None = None) -> Settings:
    """The preferences in ``path``: never raises. A damaged file is moved
    aside and the line saying so is appended to ``notices``."""
    target = path or settings_path()
    if target is None:
        return Settings()
    try:
        data = read_json(target)
    except FileNotFoundError:
        return Settings()
    except DamagedFileError as err:
        _note(notices, set_aside(target, "the preferences file", str(err)))
        return Settings()
    result, bad = settings_from(data)
    if bad:
        _note(notices, set_aside(target, "the preferences file", bad))
    return result


def settings_from(data: object) -> tuple[Settings, str]:
    """Preferences from a JSON value, and what was unusable ("" if nothing):
    every unusable value gets its default. Unknown keys are ignored."""
    result = Settings()
    if not isinstance(data, dict):
        return result, f"not an object but {type(data).__name__}"
    bad = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = _usable(f.name, data[f.name], getattr(result, f.name))
        if value is None:
            bad.append(f"{f.name} {_show(data[f.name])}")
        else:
            setattr(result, f.name, value)
    return result, ", ".join(bad[:3]) + (" ..." if len(bad) > 3 else "")


def _usable(name: str, value: object, default: object) -> object | None:
    """``value`` as the setting ``name`` takes it, or None if it cannot be."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None
        number = float(value)
        # The pace keys step through 0.25 .. 8: anything else is not a saved pace.
        return number if math.isfinite(number) and 0.25 <= number <= 8.0 else None
    if isinstance(default, str):
        if not isinstance(value, str):
            return None
        if name in CHOICES:
            return value if value in CHOICES[name] else None
        limit = PATH_LENGTH if name == "last_record" else NAME_LENGTH
        if len(value) > limit or not value.isprintable():
            return None
        return value
    return None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _note(notices: list[str] | None, line: str) -> None:
    if notices is not None:
        notices.append(line)


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the preferences; a read-only home only loses them."""
    target = path or settings_path()
    if target is None:
        return
    try:
        write_atomic(target, json.dumps(asdict(settings), indent=1) + "\n")
    except OSError:
        pass
