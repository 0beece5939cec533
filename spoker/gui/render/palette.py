"""Colours of the board renderer: balls, wood, background, highlights.

Kept apart from the drawing code so that views, tests and pictures agree on
what "white", "black" and "red" look like on screen.
"""

from __future__ import annotations

from shibumi import Colour

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Base albedo of the three balls: far apart in lightness (white, black) and in
# hue (red), so they stay distinct under shading and for colour-blind players.
BALL_RGB: dict[Colour, RGB] = {
    Colour.WHITE: (238, 234, 224),
    Colour.BLACK: (40, 40, 46),
    Colour.RED: (206, 32, 38),
}

BACKGROUND: RGBA = (34, 46, 54, 255)
WOOD_LIGHT: RGB = (196, 146, 92)
WOOD_DARK: RGB = (148, 98, 55)
HOLE_RGB: RGB = (52, 30, 16)
LABEL_RGBA: RGBA = (255, 240, 214, 215)

# Highlight colours offered to the views (challenge, response, not counting).
GOLD: RGBA = (255, 200, 40, 255)
CYAN: RGBA = (60, 210, 255, 255)
GREEN: RGBA = (90, 230, 110, 255)
GREY: RGBA = (170, 170, 170, 255)
HOVER: RGBA = (255, 255, 255, 255)


# Colours given to successive highlighted groups (e.g. challenge, response).
HIGHLIGHT_COLOURS: tuple[RGBA, ...] = (GOLD, CYAN, GREEN, GREY)
