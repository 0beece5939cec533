"""Preferences kept between sessions: last names and seats, display options.

Stored as JSON next to the autosave (see :func:`spoker.gui.autosave.data_dir`).
A missing or damaged file gives the defaults: preferences never stop the game.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from spoker.gui.autosave import data_dir, write_atomic

FILENAME = "settings.json"
SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)


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


def settings_path() -> Path:
    return data_dir() / FILENAME


def load_settings(path: Path | None = None) -> Settings:
    try:
        data = json.loads((path or settings_path()).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    result = Settings()
    for f in fields(Settings):
        value = data.get(f.name)
        default = getattr(result, f.name)
        if isinstance(value, type(default)) and not (isinstance(value, bool) and not isinstance(default, bool)):
            setattr(result, f.name, value)
        elif isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            setattr(result, f.name, float(value))
    return result


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the preferences; a read-only home only loses them."""
    try:
        write_atomic(path or settings_path(), json.dumps(asdict(settings), indent=1) + "\n")
    except OSError:
        pass
