"""The autosave: the game in progress, written after every move.

One JSON file in the per-user data directory (:func:`data_dir`): the setup
(names, seats, rules, seed), the moves, the ball drawn and not yet placed and
the state of the draw generator, so a resumed game continues with exactly the
draws it would have had. It is written atomically (a temporary file in the same
directory, then ``os.replace``), so a crash never leaves half a file, and it is
deleted when the game ends.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import dataclass
from pathlib import Path

from shibumi import Colour
from spoker.errors import SpokerError
from spoker.gui.controller import GameController, GameSetup
from spoker.moves import Move
from spoker.record import write_text_atomic
from spoker.state import GameState

FORMAT = "spoker-autosave-1"
FILENAME = "autosave.json"


class AutosaveError(SpokerError):
    """An autosave file that cannot be read back."""


def data_dir() -> Path:
    """$SPOKER_HOME, else $XDG_DATA_HOME/spoker, else ~/.local/share/spoker."""
    home = os.environ.get("SPOKER_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg) / "spoker"
    return Path.home() / ".local" / "share" / "spoker"


def autosave_path() -> Path:
    return data_dir() / FILENAME


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, creating its folder if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, text)


def to_json(controller: GameController) -> dict[str, object]:
    s = controller.state
    rng_state = controller.rng.getstate()
    return {
        "format": FORMAT,
        "setup": controller.setup.to_json(),
        "moves": [str(m) for m in s.history],
        "drawn": None if s.drawn is None else s.drawn.char,
        "state": s.to_string(),
        "rng": [rng_state[0], list(rng_state[1]), rng_state[2]],
    }


def save(controller: GameController, path: Path | None = None) -> Path:
    """Write the game; an ended game removes the autosave instead."""
    target = path or autosave_path()
    if controller.state.is_over:
        clear(target)
        return target
    write_atomic(target, json.dumps(to_json(controller), indent=1) + "\n")
    return target


def clear(path: Path | None = None) -> None:
    try:
        (path or autosave_path()).unlink()
    except FileNotFoundError:
        pass


@dataclass(frozen=True)
class Summary:
    """What the title screen says about an autosave it offers to resume."""

    names: tuple[str, str]
    move_number: int
    score: tuple[int, int]

    def text(self) -> str:
        a, b = self.names
        return f"{a} vs {b}, after move {self.move_number}, score {self.score[0]}-{self.score[1]}"


def load(path: Path | None = None) -> GameController:
    """Rebuild the game: replays the moves and checks the saved state string."""
    target = path or autosave_path()
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise AutosaveError(f"cannot read the autosave {str(target)!r}: {err}") from None
    try:
        return _controller(data)
    except (ValueError, KeyError, TypeError, IndexError) as err:
        raise AutosaveError(f"the autosave {str(target)!r} is damaged: {err}") from None


def _controller(data: object) -> GameController:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("unknown format")
    setup = GameSetup.from_json(data["setup"])
    state = GameState(setup.rules)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise ValueError(f"moves {moves!r} are not a list")
    for token in moves:
        state.apply_move(Move.from_str(str(token)))
    drawn = data.get("drawn")
    if drawn is not None:
        state.apply_draw(Colour.from_char(str(drawn)))
    if state.is_over:
        raise ValueError("the game is over: nothing to resume")
    if state.to_string() != data["state"]:
        raise ValueError(f"the moves give {state.to_string()!r}, not {data['state']!r}")
    saved = data["rng"]
    if not (isinstance(saved, list) and len(saved) == 3 and isinstance(saved[1], list)):
        raise ValueError("the draw generator's state is missing")
    gauss = saved[2]
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError(f"bad generator state {gauss!r}")
    rng = random.Random()
    rng.setstate((int(saved[0]), tuple(int(x) for x in saved[1]), gauss))
    return GameController(setup, state, rng)


def peek(path: Path | None = None) -> Summary | None:
    """A summary of a resumable autosave, or None (missing or damaged)."""
    try:
        c = load(path)
    except AutosaveError:
        return None
    if c.state.is_over:
        return None
    return Summary(c.setup.names, c.state.move_number, c.state.score)
