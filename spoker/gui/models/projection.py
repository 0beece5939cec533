"""Where things of the pyramid land on the screen: an orthographic 3-D view.

World units: the ball radius is 1, so level-1 balls, two grid points apart,
touch. ``gx``/``gy`` are grid coordinates (column A..G = 0..6, row 1..7 =
0..6), ``z`` the height above the board's top face. The camera looks down at
``ELEVATION`` and turns about the board's centre by ``yaw``: quarter turns plus
a small offset, enough to look solid while columns stay left to right and rows
front to back, and little enough that most outer balls stay in sight.
Screen ``depth`` grows away from the viewer: draw larger depths first.
Pure math, no arcade: the tests and the picking rely on the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shibumi import Cell

ELEVATION = math.radians(45.0)
YAW_OFFSET = math.radians(12.0)
SIN_E = math.sin(ELEVATION)
COS_E = math.cos(ELEVATION)

BALL_RADIUS = 1.0
LEVEL_RISE = math.sqrt(2.0)  # a ball on a square platform of touching balls
BASE_Z = 0.72  # level-1 balls sit a little into their holes
CENTRE = 3.0  # grid coordinate of the board's centre
BOARD_HALF = 5.3  # half the side of the square board, in world units
BOARD_THICKNESS = 0.9
HOLE_RADIUS = 0.8
LABEL_INSET = 1.6  # distance of the coordinate labels outside the outer centres
DROP_HEIGHT = 3.5  # a new ball falls from this far above its place


# Extra height of each level (levels 1..4) in the exploded view. Found by a
# search over lifts with a 3-D ray cast: the smallest whose every ball shows
# its centre and at least half of its disc, in every quarter turn (the
# picking tests check the centres). Depends on ELEVATION and YAW_OFFSET.
EXPLODE_LIFT = (0.0, 5.5, 9.0, 10.5)


def cell_height(cell: Cell, explode: float = 0.0) -> float:
    """Height of a ball's centre on ``cell``; ``explode`` in 0..1 lifts levels apart."""
    level = cell.level
    return BASE_Z + (level - 1) * LEVEL_RISE + explode * EXPLODE_LIFT[level - 1]


@dataclass(frozen=True)
class View:
    """A camera: yaw (radians), zoom (pixels per world unit) and where the
    board's centre (at z = 0) lands in window pixels."""

    yaw: float
    scale: float
    origin_x: float
    origin_y: float

    def project(self, gx: float, gy: float, z: float) -> tuple[float, float, float]:
        """Window ``(x, y, depth)`` of a world point; depth in world units."""
        wx = gx - CENTRE
        wy = gy - CENTRE
        c = math.cos(self.yaw)
        s = math.sin(self.yaw)
        rx = wx * c - wy * s
        ry = wx * s + wy * c
        sx = self.origin_x + rx * self.scale
        sy = self.origin_y + (ry * SIN_E + z * COS_E) * self.scale
        return sx, sy, ry * COS_E - z * SIN_E

    def ball(self, cell: Cell, explode: float = 0.0, lift: float = 0.0) -> tuple[float, float, float]:
        """``(x, y, depth)`` of the centre of a ball on ``cell``."""
        return self.project(cell.x, cell.y, cell_height(cell, explode) + lift)

    @property
    def radius(self) -> float:
        """A ball's radius in pixels (orthographic: the same everywhere)."""
        return BALL_RADIUS * self.scale


def yaw_for(rotation: float) -> float:
    """The camera yaw for a (possibly fractional) number of quarter turns."""
    return YAW_OFFSET + rotation * math.pi / 2


def scene_bounds(explode: float, yaw: float = YAW_OFFSET) -> tuple[float, float, float, float]:
    """``(left, bottom, right, top)`` of everything drawn, in world units on
    the screen plane relative to the board centre, seen at ``yaw``."""
    view = View(yaw, 1.0, 0.0, 0.0)
    lo, hi = CENTRE - BOARD_HALF, CENTRE + BOARD_HALF
    xs: list[float] = []
    ys: list[float] = []
    for gx in (lo, hi):
        for gy in (lo, hi):
            for z in (0.0, -BOARD_THICKNESS):
                x, y, _ = view.project(gx, gy, z)
                xs.append(x)
                ys.append(y)
    for level in (1, 2, 3, 4):
        k = level - 1
        z = BASE_Z + k * LEVEL_RISE + explode * EXPLODE_LIFT[k]
        for gx in (k, 6 - k):
            for gy in (k, 6 - k):
                x, y, _ = view.project(gx, gy, z)
                xs += [x - BALL_RADIUS, x + BALL_RADIUS]
                ys += [y - BALL_RADIUS, y + BALL_RADIUS]
    return min(xs), min(ys), max(xs), max(ys)


def _fit(viewport: tuple[float, float, float, float], bounds: tuple[float, float, float, float], margin: float) -> float:
    _, _, width, height = viewport
    x0, y0, x1, y1 = bounds
    usable_w = max(width * (1 - 2 * margin), 1.0)
    usable_h = max(height * (1 - 2 * margin), 1.0)
    return min(usable_w / (x1 - x0), usable_h / (y1 - y0))


def fit_view(
    viewport: tuple[float, float, float, float], rotation: float, explode: float, margin: float = 0.03
) -> View:
    """The view that fits the scene into ``viewport`` = (left, bottom, width, height).

    At rest (whole quarter turns) the zoom and centre are those of the resting
    view; while turning, the camera pulls back just enough for the board's
    corners to stay inside, and the picture stays centred where it rests."""
    left, bottom, width, height = viewport
    rest = scene_bounds(explode)
    scale = _fit(viewport, rest, margin)
    yaw = yaw_for(rotation)
    if abs(rotation - round(rotation)) > 1e-9:
        scale = min(scale, _fit(viewport, scene_bounds(explode, yaw), margin))
    x0, y0, x1, y1 = rest
    origin_x = left + width / 2 - (x0 + x1) / 2 * scale
    origin_y = bottom + height / 2 - (y0 + y1) / 2 * scale
    return View(yaw, scale, origin_x, origin_y)


Point = tuple[float, float]
"""A point in window pixels (x, y)."""
