"""Reading a command's stderr through a pseudo-terminal, for the tests that
interrupt a run once its progress bar shows (it is drawn on a terminal only)."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path


def read_until_progress(master: int, seen: bytes = b"", timeout: float = 120) -> bytes:
    """What the terminal ``master`` shows up to the first progress bar (a ``%``)."""
    while b"%" not in seen:  # the bar: the run and its workers have started
        ready, _, _ = select.select([master], [], [], timeout)
        assert ready, f"no progress shown: {seen!r}"
        seen += os.read(master, 4096)
    return seen


def read_rest(master: int, seen: bytes) -> bytes:
    """``seen`` and whatever else the terminal shows until it falls quiet or closes."""
    while select.select([master], [], [], 0.2)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other side closed
            break
        if not chunk:
            break
        seen += chunk
    return seen


def as_on_a_terminal() -> None:
    """For ``preexec_fn``: the command gets Ctrl-C as a terminal gives it. A
    test suite started in the background of a non-interactive shell (``cmd &``)
    ignores SIGINT and its children inherit that, so Python in them would never
    raise KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Run:
    """A ``spoker`` command running with its stderr on a pseudo-terminal."""

    def __init__(self, proc: subprocess.Popen[bytes], master: int) -> None:
        self.proc = proc
        self.master = master
        self.seen = b""

    def wait_started(self) -> None:
        """Until the progress bar shows: the run and its workers have started."""
        self.seen = read_until_progress(self.master, self.seen)

    def finish(self, timeout: float) -> int:
        """Its exit status. ``timeout`` only bounds a hang (TimeoutExpired):
        the runs the tests stop would take minutes to end by themselves, so
        an exit at all is an exit at once, with no timing to assert."""
        code = self.proc.wait(timeout=timeout)
        self.seen = read_rest(self.master, self.seen)
        return code

    @property
    def text(self) -> str:
        """What the terminal showed."""
        return self.seen.decode("utf-8", "replace")


@contextlib.contextmanager
def on_a_terminal(
    argv: list[str], cwd: Path, env: dict[str, str], new_session: bool = False
) -> Iterator[Run]:
    """``python -m spoker ARGV`` with its stderr on a terminal (where its
    progress bar is drawn) and its stdout piped; killed on leaving if it
    still runs (with its process group, if ``new_session``)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "spoker", *argv], stdout=subprocess.PIPE, stderr=slave, cwd=cwd,
        env=env, start_new_session=new_session, preexec_fn=as_on_a_terminal,
    )
    os.close(slave)
    try:
        yield Run(proc, master)
    finally:
        if proc.poll() is None:
            if new_session:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
            proc.wait()
        os.close(master)
