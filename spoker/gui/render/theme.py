"""The look of the screens: the theme's colours, the font, the players'
colours and the scale of every size on screen (fonts, boxes, margins).

Ball and board colours live in :mod:`spoker.gui.render.palette` (one palette for the
pyramid and the icons)."""

from __future__ import annotations

import math
from dataclasses import dataclass

FONT = ("DejaVu Sans", "Arial", "calibri")

RGBA = tuple[int, int, int, int]


@dataclass(frozen=True)
class Theme:
    background: RGBA = (24, 28, 36, 255)
    panel: RGBA = (36, 42, 54, 240)
    panel_border: RGBA = (70, 80, 100, 255)
    text: RGBA = (232, 234, 240, 255)
    muted: RGBA = (150, 158, 175, 255)
    accent: RGBA = (255, 196, 64, 255)
    button: RGBA = (58, 68, 88, 255)
    button_hover: RGBA = (80, 94, 122, 255)
    button_primary: RGBA = (46, 120, 200, 255)
    button_primary_hover: RGBA = (70, 146, 230, 255)
    button_disabled: RGBA = (44, 48, 58, 255)
    field: RGBA = (20, 24, 30, 255)
    focus: RGBA = (90, 170, 255, 255)
    good: RGBA = (96, 210, 120, 255)
    bad: RGBA = (240, 96, 86, 255)
    player1: RGBA = (90, 170, 255, 255)
    player2: RGBA = (255, 140, 70, 255)


THEME = Theme()

BASE_SIZE = (1280, 800)  # the window the screens are designed for: scale 1
MAX_SCALE = 2.0


class _UiScale:
    value = 1.0


def ui_scale() -> float:
    """The factor of every size on screen (fonts, boxes, margins): 1 up to
    1280x800, growing with the window up to 2 (set by :func:`set_ui_scale`)."""
    return _UiScale.value


def scale_for(width: float, height: float) -> float:
    """The scale of a window of this size: the smaller of its two ratios to
    1280x800, never below 1, in steps of 0.05 (few font sizes to cache)."""
    s = min(width / BASE_SIZE[0], height / BASE_SIZE[1])
    return max(1.0, min(MAX_SCALE, math.floor(s * 20 + 1e-9) / 20))


def set_ui_scale(width: float, height: float) -> float:
    _UiScale.value = scale_for(width, height)
    return _UiScale.value


def player_colour(player: int) -> RGBA:
    return THEME.player1 if player == 1 else THEME.player2


# -- the highlights' and the story's colours (the board, the log, the banner) -------
ROLE_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "challenge": (255, 200, 40, 255),
    "response": (60, 210, 255, 255),
    "formed": (255, 200, 40, 255),
    "flush": (255, 80, 200, 255),
    "blocked": (175, 175, 185, 255),
    "hint": (90, 230, 110, 255),
    "selected": (255, 255, 255, 255),
}
ROLE_STYLES = {"blocked": "dashed", "hint": "dashed"}
VERDICT_COLOURS: dict[str, tuple[int, int, int, int]] = {
    "inaccuracy": (240, 220, 90, 255),
    "mistake": (255, 150, 40, 255),
    "blunder": (255, 60, 60, 255),
}
"""The analysis's verdicts on moves (graph points, the story's marked moves)."""
LOG_COLOURS = {
    "info": THEME.muted,
    "move": THEME.text,
    "group": (255, 220, 140, 255),
    "challenge": ROLE_COLOURS["challenge"],
    "settled": ROLE_COLOURS["response"],
    "flush": ROLE_COLOURS["flush"],
    "end": THEME.good,
    "warn": (190, 190, 200, 255),
    **VERDICT_COLOURS,
}
BANNER_COLOURS = {
    "challenge": ROLE_COLOURS["challenge"],
    "settled": ROLE_COLOURS["response"],
    "straight_flush": ROLE_COLOURS["flush"],
    "blocked": ROLE_COLOURS["blocked"],
    "end": THEME.good,
}
