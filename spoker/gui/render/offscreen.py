"""Drawing a position to a picture, without a display.

``render_board_image`` uses the running arcade window's context if there is
one (drawing into an offscreen framebuffer, so the window is left alone), and
otherwise opens a hidden window, headless when no display is available.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from shibumi import Board

if TYPE_CHECKING:
    from spoker.gui.render.scene import Highlight


def ensure_headless() -> None:
    """Ask arcade for a headless (EGL) context when there is no display.

    Must run before arcade is first imported; afterwards it changes nothing."""
    if "arcade" in sys.modules:
        return
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("ARCADE_HEADLESS", "1")


def _window() -> object:
    """The current arcade window, or a new hidden one."""
    ensure_headless()
    import arcade

    try:
        return arcade.get_window()
    except RuntimeError:
        from spoker.gui.render.frame import open_window

        return open_window(64, 64, "spoker render", visible=False)


def render_board_image(
    board: Board,
    size: tuple[int, int] = (800, 600),
    rotation: int = 0,
    highlights: Sequence[Highlight] = (),
    exploded: bool = False,
    colour_marks: bool = False,
) -> Image.Image:
    """An RGBA picture of ``board`` as the game draws it, animations finished."""
    width, height = int(size[0]), int(size[1])
    if width < 1 or height < 1:
        raise ValueError(f"image size {width}x{height}: both sides must be positive")
    _window()
    import arcade
    from arcade.camera.default import ViewportProjector
    from arcade.types import LBWH

    from spoker.gui.render.palette import BACKGROUND
    from spoker.gui.render.scene import BoardScene

    window = arcade.get_window()
    ctx = window.ctx
    scene = BoardScene()
    scene.set_viewport(0, 0, width, height)
    scene.colour_marks = colour_marks
    scene.rotate(rotation % 4)
    scene.set_exploded(exploded)
    scene.set_board(board, animate=False)
    scene.set_highlights(highlights)
    scene.finish_animations()
    colour = ctx.texture((width, height), components=4)
    fbo = ctx.framebuffer(color_attachments=[colour])
    try:
        with fbo.activate():
            projector = ViewportProjector(viewport=LBWH(0, 0, width, height), context=ctx)
            with projector.activate():
                fbo.clear(color=BACKGROUND)
                scene.draw()
                data = fbo.read(components=4)
        ctx.finish()
    finally:
        fbo.delete()
        colour.delete()
    image = Image.frombytes("RGBA", (width, height), data)
    # Blending leaves partial alpha in the framebuffer: the picture is opaque.
    image.putalpha(255)
    return image.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
