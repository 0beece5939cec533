"""Finding and watching a command's worker processes through Linux /proc,
for the tests that stop a run (a signal) or kill one of its workers."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

HAS_PROC = Path("/proc/self/stat").exists()


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and int(fields[1]) == pid and fields[0] != "Z":
                out.add(int(entry))
    return out


def descendants(pid: int) -> set[int]:
    """The live processes started by ``pid``, and by them: the workers, and a
    fork server if the start method uses one."""
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = set().union(*(children(p) for p in frontier)) - out
        out |= frontier
    return out


def alive(pid: int) -> bool:
    """``pid`` runs (a zombie is not running)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def wait_until(condition: Callable[[], bool], timeout: float) -> bool:
    """Poll ``condition`` until it holds or ``timeout`` seconds pass; whether it held."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


FIRST_FRAME = [sys.executable, str(Path(__file__).resolve().parents[2] / "bench" / "first_frame.py")]
"""A window command run in a real process up to its first frame
(``bench/first_frame.py``): add the spoker command's words."""
