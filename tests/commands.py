"""Running ``spoker`` in the test's own process, for the tests of its output."""

from __future__ import annotations

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
