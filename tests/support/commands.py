"""Running ``spoker`` in the test's own process, for the tests of its output."""

from __future__ import annotations

import contextlib
import io
import sys
import types
from collections.abc import Iterator
from unittest import mock

import pytest

from spoker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``spoker ARGV``: its exit status (2 for a usage error), stdout and stderr."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


@contextlib.contextmanager
def no_viewer_and_empty_stdin() -> Iterator[None]:
    """A stand-in replay viewer (no window) and an empty stdin."""
    fake = types.ModuleType("spoker.gui.launch")
    fake.run_replay = lambda record, rules, source="", analyse=False, effort=None, **window: 0  # type: ignore[attr-defined]
    stdin = io.TextIOWrapper(io.BytesIO(b""))
    # Only this module is set and restored: mock.patch.dict(sys.modules) would
    # also drop every module imported meanwhile, and numpy cannot load twice.
    saved = sys.modules.get("spoker.gui.launch")
    sys.modules["spoker.gui.launch"] = fake
    try:
        with mock.patch.object(sys, "stdin", stdin):
            yield
    finally:
        if saved is None:
            sys.modules.pop("spoker.gui.launch", None)
        else:
            sys.modules["spoker.gui.launch"] = saved


def call(argv: list[str]) -> tuple[int, str, str]:
    """Run the command line in-process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), no_viewer_and_empty_stdin():
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse: usage errors and --help
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()
