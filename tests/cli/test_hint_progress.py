"""``spoker hint`` at a large effort: its progress on a terminal, and Ctrl-C
(it used to run for minutes with no word, growing 7 MB a CPU-second)."""

from __future__ import annotations

import io
import os
import pty
import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

from support.terminal import as_on_a_terminal

from spoker.cli.hint_cmd import PROGRESS_AFTER, PROGRESS_EVERY, SearchProgress

ROOT = Path(__file__).resolve().parents[2]
LINE = "spoker hint: searching {} deep, {} positions (Ctrl-C stops)"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_shows_after_a_second_is_rewritten_and_wiped() -> None:
    now = [100.0]
    stream = _Terminal()
    progress = SearchProgress(stream, clock=lambda: now[0])
    progress(1, 1_024)  # a quick hint shows nothing
    assert stream.getvalue() == ""
    now[0] += PROGRESS_AFTER
    progress(4, 123_456)
    now[0] += PROGRESS_EVERY / 2
    progress(4, 130_000)  # too soon to rewrite
    now[0] += PROGRESS_EVERY
    progress(5, 2_000_000)
    progress.close()
    assert stream.getvalue() == (
        "\r" + LINE.format(4, "123,456") + "\x1b[K" + "\r" + LINE.format(5, "2,000,000") + "\x1b[K" + "\r\x1b[K"
    )


def test_no_progress_where_stderr_is_not_a_terminal() -> None:
    now = [0.0]
    stream = io.StringIO()
    progress = SearchProgress(stream, clock=lambda: now[0])
    now[0] += 60
    progress(7, 10**8)
    progress.close()
    assert stream.getvalue() == ""


def test_the_documented_maximum_effort_shows_progress_and_stops_at_ctrl_c(tmp_path: Path) -> None:
    """A real process, its stderr a terminal: the progress line comes, then
    Ctrl-C (SIGINT) ends it with one line and exit status 130."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "spoker", "hint", "WB............../........./..../.", "R", "--effort", "100000000"],
        stdout=subprocess.PIPE, stderr=slave, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT), "SPOKER_HOME": str(tmp_path / "home")},
        preexec_fn=as_on_a_terminal,  # a suite started in the background ignores SIGINT, and so would the command
    )
    os.close(slave)
    seen = bytearray()
    try:
        while b"positions (Ctrl-C stops)" not in seen:
            ready, _, _ = select.select([master], [], [], 300)  # a guard against a hang, not a measure
            assert ready, f"no progress line: {bytes(seen)!r}"
            seen += os.read(master, 4096)
        rest = bytearray()

        def drain() -> None:  # read on to the end, so that the child never blocks writing
            while True:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # the terminal's last writer is gone
                    return
                if not chunk:
                    return
                rest.extend(chunk)

        reader = threading.Thread(target=drain)
        reader.start()
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)  # "at once": a guard, well above the usual tenth of a second
        reader.join(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    assert process.returncode == 130 and out == b""
    assert bytes(rest).endswith(b"\r\x1b[Kspoker hint: interrupted\r\n"), bytes(rest)[-200:]
