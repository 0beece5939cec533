"""Run a spoker command whose window closes once its first frame is drawn.

``python bench/first_frame.py play --seed 1`` is ``spoker play --seed 1`` with
the app told to exit in the first update after its first frame: the start-up
benchmark's way into the window (``bench/startup.py``) and the tests' that open
one in a real process. The product has no option or setting for it: this
script passes the app's own ``exit_after_first_frame`` when it is made.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

FIRST_FRAME = [sys.executable, str(Path(__file__).resolve())]
"""The command line that runs this script: add the spoker command's words."""


def main() -> int:
    from spoker.cli import main as spoker_main
    from spoker.gui import app

    made = app.SpokerApp.__init__

    def first_frame_only(self: app.SpokerApp, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **{**kwargs, "exit_after_first_frame": True})

    app.SpokerApp.__init__ = first_frame_only  # type: ignore[method-assign]
    return spoker_main()


if __name__ == "__main__":
    sys.exit(main())
