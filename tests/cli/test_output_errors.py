"""A file a command cannot write is named in its one-line error.

/dev/full takes no byte (every write: "No space left on device"): each
command's output written to it, or to a link to it, must name the file, not
only the system's words. Real processes, as a person runs the commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")

ROOT = Path(__file__).resolve().parents[2]
EMPTY_BOARD = "................/........./..../."


def run(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_DATA_HOME")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["SPOKER_HOME"] = str(tmp_path / "home")
    env["ARCADE_HEADLESS"] = "1"
    return subprocess.run([sys.executable, "-m", "spoker", *argv], env=env, capture_output=True, text=True,
                          timeout=300, check=False, cwd=tmp_path)


COMMANDS = {
    "render": (["render", EMPTY_BOARD, "--size", "160x120", "--out"], ".png"),
    "simulate": (["simulate", "--games", "1", "--players", "random,random", "--out"], ".txt"),
    "puzzles make": (["puzzles", "make", "--games", "1", "--players", "random,random", "--max-left", "2",
                      "--out"], ".txt"),
    "play --screenshot": (["play", "--size", "320x240", "--screenshot"], ".png"),
}


# A picture's name must end in .png: only a link to /dev/full for those.
CASES = [(command, link) for command, (_, suffix) in sorted(COMMANDS.items())
         for link in ((True,) if suffix == ".png" else (False, True))]


@pytest.mark.parametrize(("command", "link"), CASES, ids=[f"{c}-{'link' if k else 'dev-full'}" for c, k in CASES])
def test_a_full_disk_names_the_file(tmp_path: Path, command: str, link: bool) -> None:
    argv, suffix = COMMANDS[command]
    target = "/dev/full"
    if link:
        (tmp_path / f"out{suffix}").symlink_to("/dev/full")
        target = f"out{suffix}"
    done = run(tmp_path, *argv, target)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "No space left on device" in lines[0] and repr(target) in lines[0], lines[0]

