"""Images of the board renderer, generated once with Pillow and numpy.

Balls are lit spheres (ambient, diffuse, a specular highlight, a darker rim),
the board is procedural wood grain, and the decorations (holes, soft shadows,
glows, rings) are small greyscale-alpha images tinted when drawn. Everything
is deterministic: the same pictures every run, so screenshots are stable.
Pure Pillow/numpy: no arcade here (``scene`` wraps these into arcade textures).
"""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import NDArray
from PIL import Image

from shibumi import Colour
from spoker.gui.render.palette import BALL_RGB, HOLE_RGB, RGB, WOOD_DARK, WOOD_LIGHT

BALL_SIZE = 160  # texture side in pixels; a ball spans the whole texture
HALO_SPAN = 1.4  # halo and ring textures reach this many ball radii
WOOD_SIZE = 512

# Light from the upper left, somewhat towards the viewer (screen space:
# x right, y up, z out of the screen).
_LIGHT = np.array([-0.5, 0.62, 0.6]) / np.linalg.norm([-0.5, 0.62, 0.6])
_HALF = (_LIGHT + np.array([0.0, 0.0, 1.0])) / np.linalg.norm(_LIGHT + np.array([0.0, 0.0, 1.0]))

FloatArray = NDArray[np.float64]


def _grid(size: int, span: float = 1.0) -> tuple[FloatArray, FloatArray]:
    """Pixel-centre coordinates in [-span, span], y pointing up."""
    axis = (np.arange(size) + 0.5) / size * 2 * span - span
    u, v = np.meshgrid(axis, -axis)
    return u, v


def _rgba(rgb: FloatArray, alpha: FloatArray) -> Image.Image:
    data = np.dstack([np.clip(rgb, 0, 255), np.clip(alpha, 0, 1) * 255])
    return Image.fromarray(data.round().astype(np.uint8))


def _edge_alpha(r: FloatArray, size: int, span: float = 1.0) -> FloatArray:
    """Anti-aliased coverage of the unit disc."""
    px = size / (2 * span)
    result: FloatArray = np.clip((1.0 - r) * px + 0.5, 0.0, 1.0)
    return result


def _sphere(albedo: RGB, size: int, specular: float, shininess: float) -> Image.Image:
    u, v = _grid(size)
    r2 = u * u + v * v
    r = np.sqrt(r2)
    nz = np.sqrt(np.clip(1.0 - r2, 0.0, 1.0))
    diffuse = np.clip(u * _LIGHT[0] + v * _LIGHT[1] + nz * _LIGHT[2], 0.0, 1.0)
    n_dot_h = np.clip(u * _HALF[0] + v * _HALF[1] + nz * _HALF[2], 0.0, 1.0)
    spec = specular * n_dot_h**shininess
    # Light bounced from the wooden board brightens the underside a little.
    bounce = 0.12 * np.clip(-v, 0.0, 1.0) * (1 - nz) ** 0.5
    rim = 1.0 - 0.25 * np.clip(r - 0.75, 0.0, 1.0) / 0.25
    base = np.array(albedo, dtype=float)
    shade = (0.34 + 0.78 * diffuse) * rim
    rgb = base[None, None, :] * shade[..., None]
    rgb = rgb + np.array([180.0, 120.0, 70.0])[None, None, :] * bounce[..., None]
    rgb = rgb + 255.0 * spec[..., None]
    return _rgba(rgb, _edge_alpha(r, size))


_BALL_LOOK = {  # specular strength and shininess: black is glossier
    Colour.WHITE: (0.45, 30.0),
    Colour.BLACK: (0.75, 45.0),
    Colour.RED: (0.6, 40.0),
}


def _paint_mark(img: Image.Image, colour: Colour) -> Image.Image:
    """A mark for colour-blind players: a ring on red, a cross on black.

    Both leave the ball's centre pixel in the ball's own colour."""
    size = img.width
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    px = size / 2
    if colour == Colour.RED:
        cover = np.clip(1.0 - np.abs(r - 0.3) * px / 2.2 + 0.5, 0.0, 1.0)
        ink = np.array([255.0, 226.0, 214.0])
    elif colour == Colour.BLACK:
        dist = np.minimum(np.abs(u), np.abs(v))  # distance to the cross's arms
        arm = (np.maximum(np.abs(u), np.abs(v)) > 0.12) & (np.maximum(np.abs(u), np.abs(v)) < 0.4)
        cover = np.where(arm, np.clip(1.0 - dist * px / 2.5 + 0.5, 0.0, 1.0), 0.0)
        ink = np.array([205.0, 205.0, 215.0])
    else:
        return img
    data = np.asarray(img).astype(float)
    cover = cover * 0.85
    data[..., :3] = data[..., :3] * (1 - cover[..., None]) + ink[None, None, :] * cover[..., None]
    return Image.fromarray(data.round().astype(np.uint8))


@functools.cache
def ball_image(colour: Colour, marked: bool = False) -> Image.Image:
    """A shaded ball of ``colour`` (optionally with its colour-blind mark)."""
    specular, shininess = _BALL_LOOK[colour]
    img = _sphere(BALL_RGB[colour], BALL_SIZE, specular, shininess)
    return _paint_mark(img, colour) if marked else img


@functools.cache
def shadow_image(size: int = 64) -> Image.Image:
    """A soft round shadow (black, alpha falling off to the edge)."""
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    alpha = np.clip(1.0 - r, 0.0, 1.0) ** 1.4
    return _rgba(np.zeros(r.shape + (3,)), alpha)


@functools.cache
def halo_image(size: int = 128) -> Image.Image:
    """A white glow around a ball of radius 1/HALO_SPAN of the texture; tint it."""
    u, v = _grid(size, HALO_SPAN)
    r = np.sqrt(u * u + v * v)
    alpha = np.exp(-(((r - 1.0) / 0.22) ** 2))
    alpha = np.where(r < 1.0, np.exp(-(((r - 1.0) / 0.08) ** 2)), alpha)
    return _rgba(np.full(r.shape + (3,), 255.0), alpha)


@functools.cache
def ring_image(dashed: bool = False, width: float = 0.09, size: int = 192) -> Image.Image:
    """A white ring just outside a ball's edge (radius 1 = the ball); tint it."""
    u, v = _grid(size, HALO_SPAN)
    r = np.sqrt(u * u + v * v)
    px = size / (2 * HALO_SPAN)
    centre = 1.0 + width / 2
    alpha = np.clip((width / 2 - np.abs(r - centre)) * px + 0.5, 0.0, 1.0)
    if dashed:
        angle = np.arctan2(v, u)
        dashes = 14
        phase = (angle / (2 * math.pi) * dashes) % 1.0
        # Dashes on 60% of each period, with a pixel or so of soft edge.
        alpha = alpha * np.clip((0.3 - np.abs(phase - 0.5)) * 20 + 0.5, 0.0, 1.0)
    # A thin dark outline keeps light rings readable on light balls and wood.
    outline = np.clip((width / 2 + 1.5 / px - np.abs(r - centre)) * px + 0.5, 0.0, 1.0)
    rgb = np.where((alpha > 0.5)[..., None], 255.0, 40.0) * np.ones(r.shape + (3,))
    return _rgba(rgb, np.maximum(alpha, 0.55 * outline * (alpha > 0) + 0.0 * outline))


@functools.cache
def spot_image(size: int = 128) -> Image.Image:
    """Where a ball can go: a small dot at the centre of the ball's place
    (radius 1 the ball's), as boards mark where a piece may move; tint it."""
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    px = size / 2
    dot = np.clip((0.26 - r) * px + 0.5, 0.0, 1.0)
    return _rgba(np.full(r.shape + (3,), 255.0), dot)


@functools.cache
def marker_image(size: int = 96) -> Image.Image:
    """The last move's mark: a small ring drawn on the ball's face (radius 1
    the texture's edge; the ring at 0.62); white with a dark edge, tint it."""
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    px = size / 2
    ring = np.clip((0.16 - np.abs(r - 0.62)) * px + 0.5, 0.0, 1.0)
    edge = np.clip((0.26 - np.abs(r - 0.62)) * px + 0.5, 0.0, 1.0)
    rgb = np.where((ring > 0.5)[..., None], 255.0, 30.0) * np.ones(r.shape + (3,))
    return _rgba(rgb, np.maximum(ring, 0.7 * edge))


@functools.cache
def hole_image(size: int = 96) -> Image.Image:
    """A hole drilled into the board, as seen from straight above (squash it
    vertically to lay it on the board): dark, its far wall catching light."""
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    base = np.array(HOLE_RGB, dtype=float)
    wall = np.clip((v + 0.2) / 1.2, 0.0, 1.0) * np.clip((r - 0.55) / 0.45, 0.0, 1.0)
    rgb = base[None, None, :] * (1 + 1.3 * wall[..., None])
    lip = np.clip(1 - np.abs(r - 0.96) * 25, 0.0, 1.0) * np.clip(-v, 0.0, 1.0)
    rgb = rgb * (1 - lip[..., None]) + np.array([222.0, 178.0, 120.0]) * lip[..., None]
    return _rgba(rgb, _edge_alpha(r, size))


@functools.cache
def plate_image(size: int = 256) -> Image.Image:
    """A round pane of glass seen from straight above (squash it vertically):
    the floor under a lifted level in the exploded view."""
    u, v = _grid(size)
    r = np.sqrt(u * u + v * v)
    fill = 0.16 + 0.08 * np.clip(v, 0.0, 1.0)
    rim = np.clip(1 - np.abs(r - 0.975) * size / 5, 0.0, 1.0) * 0.6
    alpha = np.maximum(fill * (r < 0.975), rim) * _edge_alpha(r, size)
    rgb = np.ones(r.shape + (3,)) * np.array([214.0, 228.0, 255.0])
    return _rgba(rgb, alpha)


def _smooth_noise(rng: np.random.Generator, shape: tuple[int, int], cells: tuple[int, int]) -> FloatArray:
    """Value noise: a coarse random grid upsampled with bicubic smoothing."""
    coarse = rng.random((cells[1], cells[0])).astype(np.float32)
    img = Image.fromarray(coarse).resize((shape[1], shape[0]), Image.Resampling.BICUBIC)
    result: FloatArray = np.asarray(img, dtype=float)
    return result


@functools.cache
def wood_image(size: int = WOOD_SIZE, seed: int = 11) -> Image.Image:
    """Procedural wood: long grain along x, wavy growth rings, fine streaks."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:size, 0:size].astype(float)
    warp = _smooth_noise(rng, (size, size), (3, 6)) * 22 + _smooth_noise(rng, (size, size), (8, 16)) * 5
    rings = np.sin((y + warp) / size * 2 * math.pi * 9.0)
    grain = 0.5 + 0.5 * rings
    grain = grain**2.2
    streak_rows = rng.random(size)
    streaks = np.repeat(streak_rows[:, None], size, axis=1)
    streaks = np.asarray(
        Image.fromarray((streaks * 255).astype(np.uint8)).resize((size, size), Image.Resampling.BILINEAR),
        dtype=float,
    ) / 255
    mix = np.clip(0.7 * grain + 0.12 * streaks + 0.18 * _smooth_noise(rng, (size, size), (24, 24)), 0, 1)
    light = np.array(WOOD_LIGHT, dtype=float)
    dark = np.array(WOOD_DARK, dtype=float)
    rgb = light[None, None, :] * (1 - mix[..., None]) + dark[None, None, :] * mix[..., None]
    del x
    return Image.fromarray(np.clip(rgb, 0, 255).round().astype(np.uint8)).convert("RGBA")
