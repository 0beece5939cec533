"""Ctrl+Q closes the window at once, whatever runs in the background: a
computer player thinking for ever does not keep the program (a real process:
what kept it was Python's exit joining the thinking thread)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

THINKING_FOR_EVER = """
import os, threading
os.environ["ARCADE_HEADLESS"] = "1"
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.render.frame import open_window

window = open_window(800, 600, "quit", visible=False)
app = SpokerApp(window, Settings(computer_speed=8.0), threaded=True, persist=False)
thinking = threading.Event()

def think(self, state=None):
    thinking.set()
    threading.Event().wait()  # never set: a player thinking for ever

GameController.computer_choice = think
view = app.new_game(GameSetup(("A", "B"), ("greedy", "greedy"), seed=1))
for _ in range(100_000):
    if thinking.wait(0.01):
        break
    view.on_update(0.05)
print("thinking" if thinking.is_set() else "never asked", flush=True)
app.quit()  # Ctrl+Q
print("quit", flush=True)
"""


def test_ctrl_q_never_waits_for_a_thinking_computer(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SPOKER_HOME=str(tmp_path), ARCADE_HEADLESS="1")
    proc = subprocess.Popen([sys.executable, "-c", THINKING_FOR_EVER], stdout=subprocess.PIPE, text=True,
                            cwd=tmp_path, env=env)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == "thinking\n"
        assert proc.stdout.readline() == "quit\n"  # quit returned
        assert proc.wait(timeout=120) == 0  # and the program ended: nothing joins the thinking thread
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
