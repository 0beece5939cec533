"""The pictures the environments return from ``render()``: the text view
(``ansi``) and the game's own renderer, headless (``rgb_array``)."""

from __future__ import annotations

import numpy as np

from spoker.state import GameState

RENDER_MODES = ("human", "ansi", "rgb_array")
"""``human`` prints the text view (the desktop game is ``spoker play``)."""

DEFAULT_RENDER_SIZE = (640, 480)


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode {render_mode!r}: expected None or one of {', '.join(RENDER_MODES)}"
        )
    return render_mode


def ansi(state: GameState) -> str:
    """The command line's text view of a state."""
    from spoker.textview import state_text

    return state_text(state)


def rgb_array(state: GameState, size: tuple[int, int] = DEFAULT_RENDER_SIZE) -> np.ndarray:
    """The board as the game draws it: a (height, width, 3) uint8 array.

    Uses the running arcade window's context, or opens a hidden, headless one."""
    from spoker.gui.offscreen import render_board_image

    image = render_board_image(state.board, size=size)
    return np.asarray(image.convert("RGB"), dtype=np.uint8)


def render(state: GameState, render_mode: str | None, size: tuple[int, int]) -> str | np.ndarray | None:
    """What ``render()`` returns for ``render_mode`` (``human`` prints and returns None)."""
    if render_mode == "ansi":
        return ansi(state)
    if render_mode == "rgb_array":
        return rgb_array(state, size)
    if render_mode == "human":
        print(ansi(state))
    return None
