"""Reading a command's stderr through a pseudo-terminal, for the tests that
interrupt a run once its progress bar shows (it is drawn on a terminal only)."""

from __future__ import annotations

import os
import select
import signal


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
