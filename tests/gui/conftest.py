"""One hidden, headless arcade window for the whole GUI test session.

Headless mode must be chosen before arcade is imported, so the environment
variable is set here, at collection time, before any GUI test module loads.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

WINDOW_SIZE = (1280, 800)


@pytest.fixture(scope="session")
def window() -> Iterator[Any]:
    """The one arcade.Window (1280x800, hidden) of the test session."""
    import arcade

    try:
        existing = arcade.get_window()
    except RuntimeError:
        existing = None
    win = existing or arcade.Window(*WINDOW_SIZE, "spoker tests", visible=False)
    yield win
    if existing is None:
        win.close()
