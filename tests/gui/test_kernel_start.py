"""The window's start readies the compiled search without holding a frame:
its warm-up in the background (a first compile aside, said once), its
worker processes only loading numba's cache, its worker thread's memo
written ahead of the tutor's first search (spoker.kernel)."""

from __future__ import annotations

import threading
from types import SimpleNamespace
from typing import Any

import pytest

import spoker.kernel
from spoker.gui.app import SpokerApp
from spoker.gui.audio import SoundPlayer
from spoker.gui.models.settings import Settings
from spoker.runs.workers import ProcessExecutor


def test_a_real_window_starts_the_kernel_in_the_background(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(SoundPlayer, "warm_up", lambda self: None)  # no sound loaded for this test
    started: list[str] = []
    prepared: list[str] = []
    monkeypatch.setattr(spoker.kernel, "warm_up_in_background", lambda: started.append("background"))
    monkeypatch.setattr(spoker.kernel, "prepare_thread",
                        lambda: prepared.append(threading.current_thread().name))
    window = SimpleNamespace(width=800, height=600, headless=False)  # a shown window's start, without one
    app = SpokerApp(window, Settings(), threaded=True, persist=False)  # type: ignore[arg-type]
    try:
        assert started == ["background"]
        app.executors.thread.submit(int).result(timeout=60)  # after the preparation, in the same thread
        assert prepared == ["spoker-background"]  # the worker thread of the computer players, hints and the tutor
        for processes in (app.executors.process, app.executors.analysis):
            assert isinstance(processes, ProcessExecutor) and processes.start is spoker.kernel.load_only
    finally:
        app.executors.shutdown()


def test_a_headless_window_starts_nothing(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests and screenshots: no warm-up, no worker started."""
    monkeypatch.setattr(spoker.kernel, "warm_up_in_background", lambda: pytest.fail("warmed up headless"))
    app = SpokerApp(window, Settings(), threaded=True, persist=False)
    assert app._executors is None
