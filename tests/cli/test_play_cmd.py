"""``spoker play`` and ``spoker replay`` at start-up: every bad --load,
--record or --seed, a missing display or home folder, and misspelt computer
levels are told in one line before any window opens."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from support.games import COMPLETE_GAME
from support.processes import FIRST_FRAME

from spoker.cli import main
from spoker.records.record import GameRecord, format_record, load_record, parse_record

UNFINISHED = "Player1: Ann\nPlayer2: Bob\nSeed: 4\n\nW@1A1 B@1A3 R@1A5\n"


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[Any]:
    """Calls that would open the game window (a stand-in for spoker.gui.launch)."""
    calls: list[Any] = []
    fake = types.ModuleType("spoker.gui.launch")
    fake.run_play = lambda options: calls.append(options) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spoker.gui.launch", fake)
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ARCADE_HEADLESS", "1")
    return calls


def play(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["play", *argv])
    except SystemExit as exit_:  # argparse's refusals
        code = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("spoker play: error: ") and "Traceback" not in err
    for word in words:
        assert word in err, err


def test_bad_load_files_are_refused_before_a_window(tmp_path: Path, windows: list[Any],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    finished = tmp_path / "finished.txt"
    finished.write_text(COMPLETE_GAME)
    bad = tmp_path / "bad.txt"
    bad.write_text("W@1A1 R@2B2\n")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x80")
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"\xff\xfe\x00")  # UTF-16, or an image: no record holds a NUL byte
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(16 * 1024 * 1024 + 1)
    cases = [
        (tmp_path / "missing.txt", "No such file"),
        (tmp_path, "not a regular file"),
        (bad, "2B2 is not playable"),
        (binary, "not UTF-8"),
        (nul, "a NUL byte at byte 2: binary data, not a record"),
        (huge, "too large"),
        (finished, "finished game"),
    ]
    for path, words in cases:
        one_line(*play(capsys, "--load", str(path))[::2], words)
    assert windows == []
    good = tmp_path / "good.txt"
    good.write_text(UNFINISHED)
    assert play(capsys, "--load", str(good))[0] == 0
    assert len(windows) == 1 and len(windows[0].load_record.moves) == 3


def test_record_never_replaces_a_file(tmp_path: Path, windows: list[Any],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "game.txt"
    existing.write_text(UNFINISHED)
    one_line(*play(capsys, "--record", str(existing))[::2], "exists")
    one_line(*play(capsys, "--record", str(tmp_path))[::2], "is a folder")
    one_line(*play(capsys, "--record", str(tmp_path / "no" / "such" / "folder.txt"))[::2], "does not exist")
    assert windows == [] and existing.read_text() == UNFINISHED
    # Continuing a record into itself extends it: allowed.
    assert play(capsys, "--load", str(existing), "--record", str(existing))[0] == 0
    assert play(capsys, "--record", str(tmp_path / "new.txt"))[0] == 0
    assert len(windows) == 2


@pytest.mark.parametrize("seed", ["\u00b2", "9" * 5000, str(2**64), "-1", "7.5"])
def test_seeds_out_of_range_are_refused(windows: list[Any], capsys: pytest.CaptureFixture[str], seed: str) -> None:
    with pytest.raises(SystemExit) as info:  # a usage error
        main(["play", "--seed", seed])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1 and len(err) < 300 and "2^64" in err
    assert windows == []


def test_a_misspelt_computer_level_is_warned(windows: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = play(capsys, "--player1", "Ann", "--player2", "exprt")
    assert code == 0 and err.count("\n") == 1
    assert "warning" in err and "'exprt'" in err and "'expert'" in err
    for level in ("random", "greedy", "lookahead", "expert"):
        assert level in err
    for names in (["--player1", "Greg", "--player2", "Randall"], ["--player1", "expert", "--player2", "Eve"]):
        assert play(capsys, *names) == (0, "", "")
    assert len(windows) == 3


# -- subprocesses: the environment of a real start ---------------------------------
def spoker(*argv: str, env: dict[str, str], cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spoker", *argv], env=env, capture_output=True, text=True, timeout=120,
        check=False, cwd=cwd,
    )


def base_env(tmp_path: Path) -> dict[str, str]:
    root = str(Path(__file__).resolve().parents[2])
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS", "SPOKER_HOME", "XDG_DATA_HOME")}
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env["HOME"] = str(tmp_path / "user")
    return env


@pytest.mark.parametrize("command", ["play", "replay"])
def test_no_display_is_one_line(tmp_path: Path, command: str) -> None:
    path = tmp_path / "game.txt"
    path.write_text(COMPLETE_GAME)
    args = ["--seed", "3"] if command == "play" else [str(path)]
    done = spoker(command, *args, env=base_env(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "no display" in done.stderr and "--screenshot" in done.stderr and "ARCADE_HEADLESS=1" in done.stderr


def test_without_home_the_game_starts_with_autosave_off(tmp_path: Path) -> None:
    env = base_env(tmp_path)
    del env["HOME"]
    env.update(ARCADE_HEADLESS="1")
    done = subprocess.run([*FIRST_FRAME, "play", "--player1", "Ann", "--player2", "greedy"], env=env,
                          capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("\n") == 1 and "autosave and preferences are off" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_screenshot_honours_load_record_and_resume(tmp_path: Path) -> None:
    env = base_env(tmp_path)
    env.update(ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path / "home"))
    record = tmp_path / "part.txt"
    record.write_text(UNFINISHED)
    out = tmp_path / "shot.txt"
    done = spoker("play", "--screenshot", str(tmp_path / "a.png"), "--size", "640x480", "--load", str(record),
                  "--autoplay", "2", "--record", str(out), env=env)
    assert done.returncode == 0, done.stderr
    assert "after 5 moves" in done.stdout and (tmp_path / "a.png").stat().st_size > 1000
    written = load_record(out)
    assert written.moves[:3] == parse_record(UNFINISHED).moves and len(written.moves) == 5
    assert not (tmp_path / "home").exists()  # no autosave, no preferences written
    # --record never replaces a file, with --screenshot too.
    again = spoker("play", "--screenshot", str(tmp_path / "b.png"), "--record", str(out), env=env)
    assert again.returncode == 2 and "exists" in again.stderr and not (tmp_path / "b.png").exists()
    none = spoker("play", "--screenshot", str(tmp_path / "c.png"), "--resume", env=env)
    assert none.returncode == 2 and none.stderr.count("\n") == 1 and "no unfinished game" in none.stderr


def test_record_limit_is_one_constant() -> None:
    from spoker.records import record

    assert record.MAX_INPUT_BYTES == 16 * 1024 * 1024
    text = format_record(GameRecord.from_state(parse_record(COMPLETE_GAME).play()))
    assert len(text.encode()) < record.MAX_INPUT_BYTES // 1000


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--resume", "--seed", "3"], "--seed set up a new game: not with --resume"),
        (["--resume", "--player1", "Ann", "--no-hints"], "--player1, --no-hints set up a new game"),
        (["--autoplay", "3"], "--autoplay only goes with --screenshot"),
        (["--show", "end"], "--show only goes with --screenshot"),
        (["--size", "800x600", "--seed", "2"], "--size only goes with --screenshot"),
        (["--analyse"], "--analyse only goes with --screenshot"),
        (["--plan"], "--plan only goes with --screenshot"),
        (["--screenshot", "x.png", "--analyse"], "--analyse only goes with --show end or --show replay, not --show game"),
        (["--screenshot", "x.png", "--show", "lab", "--analyse"], "not --show lab"),
        (["--screenshot", "x.png", "--show", "end", "--effort", "300"], "--effort only goes with --analyse"),
        (["--screenshot", "x.png", "--show", "lesson:10"], "lesson:1 to lesson:9"),
    ],
)
def test_options_that_would_be_ignored_are_refused(windows: list[Any], capsys: pytest.CaptureFixture[str],
                                                    argv: list[str], words: str) -> None:
    one_line(*play(capsys, *argv)[::2], words)
    assert windows == []


def test_new_game_options_with_load_are_refused(tmp_path: Path, windows: list[Any],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "part.txt"
    path.write_text(UNFINISHED)
    one_line(*play(capsys, "--load", str(path), "--rules", "touching")[::2], "not with --load")
    assert windows == []


def test_screenshot_with_load_and_record_of_one_file_extends_it(tmp_path: Path) -> None:
    """docs/cli.md: --record refuses an existing FILE except the --load FILE,
    which the game then extends; with --screenshot too. A Seed header that
    cannot be read is told in one line (the draws start afresh)."""
    env = base_env(tmp_path)
    env.update(ARCADE_HEADLESS="1", SPOKER_HOME=str(tmp_path / "home"))
    record = tmp_path / "part.txt"
    record.write_text(UNFINISHED.replace("Seed: 4", "Seed: \u00b2"), encoding="utf-8")
    done = spoker("play", "--screenshot", str(tmp_path / "a.png"), "--size", "640x480", "--load", str(record),
                  "--autoplay", "2", "--record", str(record), env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "spoker: header 'Seed' '\u00b2' is not a whole number from 0 to 2^64-1: ignored, "
        "the game goes on with fresh random draws"
    ]
    written = load_record(record)
    assert written.moves[:3] == parse_record(UNFINISHED).moves and len(written.moves) == 5
    assert f"{record}: the record of the game pictured" in done.stdout


@pytest.mark.parametrize("size", ["10x10", "5000x600", "big"])
def test_a_bad_screenshot_size_is_a_mistake_not_a_bug(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    code, _, err = play(capsys, "--screenshot", str(tmp_path / "s.png"), "--size", size)
    one_line(code, err, repr(size), "200..4096")
    assert not (tmp_path / "s.png").exists()
