"""The kernel's tests search compiled: numba's path switched on for each
(the rest of the suite searches in Python, tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def compiled_search(compiled_kernel: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled path, READY: ``SPOKER_KERNEL`` unset for the test."""
    monkeypatch.delenv("SPOKER_KERNEL", raising=False)
