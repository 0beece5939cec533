"""One window a game: the autosave's lock, with two real processes.

A game is autosaved only by the process holding its lock (``locks/NAME.lock``
in the data folder). When the lock cannot be taken at all (``locks`` a
file, the lock file a folder, either a symbolic link, ``locks`` not
writable), the game is not autosaved and that is told: before, both windows
wrote, and the second overwrote the first's moves without a word."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from spoker.gui.models import autosave
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.game_files import GameFiles
from spoker.notices import NoticeKind

ROOT = Path(__file__).resolve().parents[3]

PLAYER = """
import sys
from pathlib import Path
from spoker.gui.models.game_files import GameFiles
files = GameFiles(Path(sys.argv[1]))
game = files.resume(Path(sys.argv[2]))
game.draw()
game.place(game.playable()[int(sys.argv[3])])
failed = files.autosave(game)
told = files.take_notices() + ([] if failed is None else [failed])
print(",".join(n.kind.value for n in told) or "kept", flush=True)
sys.stdin.read()  # plays on (holds its lock) until the test closes stdin
"""


def unfinished_game(home: Path) -> Path:
    """An unfinished game's autosave, written without taking its lock."""
    game = GameController(GameSetup(("Ann", "Bob"), seed=4))
    for _ in range(2):
        game.draw()
        game.place(game.playable()[0])
    path = home / autosave.FOLDER / "game-1.json"
    autosave.save(game, path)
    return path


def two_windows(home: Path, path: Path) -> tuple[str, str]:
    """Two processes resume the game at once, each plays a move and
    autosaves: what each was told (notice kinds, or "kept")."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    players = []
    try:
        said = []
        for choice in (0, 1):
            player = subprocess.Popen([sys.executable, "-c", PLAYER, str(home), str(path), str(choice)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
            players.append(player)
            assert player.stdout is not None
            said.append(player.stdout.readline().strip())
        return said[0], said[1]
    finally:
        for player in players:
            assert player.stdin is not None
            player.stdin.close()
            player.wait(timeout=60)


def locks_a_file(home: Path, path: Path) -> None:
    (home / autosave.LOCKS).write_text("not a folder", encoding="utf-8")


def lock_a_folder(home: Path, path: Path) -> None:
    autosave.lock_path(path).mkdir(parents=True)


def locks_a_link(home: Path, path: Path) -> None:
    elsewhere = home.parent / "elsewhere"
    elsewhere.mkdir()
    (home / autosave.LOCKS).symlink_to(elsewhere)


def lock_a_dangling_link(home: Path, path: Path) -> None:
    (home / autosave.LOCKS).mkdir()
    autosave.lock_path(path).symlink_to(home.parent / "nowhere.lock")


def locks_not_writable(home: Path, path: Path) -> None:
    (home / autosave.LOCKS).mkdir()
    (home / autosave.LOCKS).chmod(0o500)


BROKEN: list[Callable[[Path, Path], None]] = [
    locks_a_file, lock_a_folder, locks_a_link, lock_a_dangling_link,
    pytest.param(locks_not_writable, marks=pytest.mark.skipif(  # type: ignore[list-item]
        not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes any folder")),
]


@pytest.mark.parametrize("break_locks", BROKEN)
def test_a_lock_that_cannot_be_taken_is_told_and_nothing_is_overwritten(
    tmp_path: Path, break_locks: Callable[[Path, Path], None]
) -> None:
    home = tmp_path / "home"
    path = unfinished_game(home)
    saved = path.read_bytes()
    break_locks(home, path)
    try:
        first, second = two_windows(home, path)
    finally:
        if break_locks is locks_not_writable:
            (home / autosave.LOCKS).chmod(0o700)  # so that the test's folder can be removed
    assert (first, second) == (NoticeKind.NOT_WRITTEN.value, NoticeKind.NOT_WRITTEN.value)
    assert path.read_bytes() == saved  # neither window wrote over the game
    assert not (tmp_path / "nowhere.lock").exists()  # no link was followed
    assert not (tmp_path / "elsewhere").exists() or not any((tmp_path / "elsewhere").iterdir())


def test_a_lock_taken_keeps_the_first_window_and_tells_the_second(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = unfinished_game(home)
    saved = path.read_bytes()
    first, second = two_windows(home, path)
    assert (first, second) == ("kept", NoticeKind.IN_USE.value)
    assert path.read_bytes() != saved
    after_first = autosave.load(path)
    assert after_first.state.move_number == 3


def test_the_notice_names_the_lock_and_the_game(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = unfinished_game(home)
    locks_a_file(home, path)
    files = GameFiles(home)
    game = files.resume(path)
    assert isinstance(game, GameController)
    assert files.autosave(game) is None  # nothing failed to write: nothing was written
    (notice,) = files.take_notices()
    assert notice.kind is NoticeKind.NOT_WRITTEN and notice.path == str(path)
    assert str(path) in notice.line and str(home / autosave.LOCKS) in notice.line
    assert notice.screen == "Cannot autosave: the game's lock cannot be taken"
    game.draw()
    game.place(game.playable()[0])
    assert files.autosave(game) is None and files.take_notices() == []  # told once
