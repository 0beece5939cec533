"""Shared fixtures of the interoperability tests (PettingZoo, OpenSpiel, Gymnasium).

These tests need the extra ``rl`` (``scripts/test.sh`` installs it); they
import the libraries directly, so a missing one fails loudly instead of
skipping.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")


@pytest.fixture(scope="session")
def window() -> Iterator[Any]:
    """The session's one hidden arcade window, which ``rgb_array`` renders
    draw offscreen with (the same size as tests/gui's, and shared with it)."""
    import arcade

    from spoker.gui.render.frame import open_window

    try:
        existing = arcade.get_window()
    except RuntimeError:
        existing = None
    win = existing or open_window(1280, 800, "spoker tests", visible=False)
    yield win
    if existing is None:
        win.close()
