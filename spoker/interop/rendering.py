"""The pictures the environments return from ``render()``: the text view
(``ansi``) and the game's own renderer, headless (``rgb_array``)."""

from __future__ import annotations

import numpy as np

from shibumi.errors import shown
from spoker.engine.state import GameState

RENDER_MODES = ("human", "ansi", "rgb_array")
"""``human`` prints the text view (the desktop game is ``spoker play``)."""

DEFAULT_RENDER_SIZE = (640, 480)

MAX_RENDER_SIDE = 4096
"""The largest ``render_size`` side, in pixels. A picture is drawn into one
OpenGL texture and framebuffer, whose sides the driver limits (16,384 with
Mesa's llvmpipe; some GPUs allow less), and beyond that arcade fails with a
``GLException`` at the first render. A fixed cap, well inside those limits,
refuses a size at construction, the same on every machine; a frame of 4096 x
4096 is already 48 MB."""


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(
            f"render_mode {render_mode!r}: expected None or one of {', '.join(RENDER_MODES)}"
        )
    return render_mode


def check_render_size(size: object) -> tuple[int, int]:
    """``size`` as ``(width, height)``: two ints from 1 to :data:`MAX_RENDER_SIDE`;
    else ``ValueError`` naming it."""
    if (
        not isinstance(size, tuple | list)
        or len(size) != 2
        or any(isinstance(n, bool) or not isinstance(n, int | np.integer) for n in size)
    ):
        raise ValueError(f"render_size {shown(size)}: expected (width, height), two ints")
    width, height = int(size[0]), int(size[1])
    if not (1 <= width <= MAX_RENDER_SIDE and 1 <= height <= MAX_RENDER_SIDE):
        raise ValueError(
            f"render_size {shown(size)}: each side must be 1 to {MAX_RENDER_SIDE} pixels "
            "(a picture is one OpenGL texture)"
        )
    return width, height


def ansi(state: GameState) -> str:
    """The command line's text view of a state."""
    from spoker.text.textview import state_text

    return state_text(state)


def rgb_array(state: GameState, size: tuple[int, int] = DEFAULT_RENDER_SIZE) -> np.ndarray:
    """The board as the game draws it: a (height, width, 3) uint8 array.

    Uses the running arcade window's context, or opens a hidden, headless one."""
    from spoker.gui.render.offscreen import render_board_image

    image = render_board_image(state.board, size=check_render_size(size))
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
