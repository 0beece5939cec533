"""spoker.records.palette_quant: the one palette an animation's frames share,
held to its colours (which frames it looks at, which pixels, which colours it
adds, how many), not only to frames that read back."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spoker.errors import SpokerError
from spoker.records.palette_quant import GIF_COLOURS, check_colours, quantise, shared_palette

CREAM = (250, 240, 200)
RED = (200, 20, 20)
BLUE = (20, 20, 200)


def colours_of(palette: Any) -> set[tuple[int, ...]]:
    """Every colour a palette image holds (its unused entries repeat the first)."""
    flat = palette.getpalette()
    return {tuple(flat[i:i + 3]) for i in range(0, len(flat), 3)}


def gradient(size: tuple[int, int] = (256, 40)) -> Image.Image:
    """A frame of 256 colours, one a column: more than a palette holds."""
    im = Image.new("RGB", size)
    draw = ImageDraw.Draw(im)
    for x in range(size[0]):
        draw.line([(x, 0), (x, size[1])], fill=(x % 256, 255 - x % 256, x * 7 % 256))
    return im


def test_the_palette_looks_at_frames_spread_over_the_film_the_first_and_the_last() -> None:
    """Six frames of twelve, evenly spread, the last included (it holds the most
    balls): a film of twelve plain frames gives a palette of exactly their six
    colours."""
    solid = [(200, 30 + 15 * i, 40) for i in range(12)]
    film = [Image.new("RGB", (40, 30), c) for c in solid]
    assert colours_of(shared_palette(film, [])) == {solid[i] for i in (0, 2, 4, 7, 9, 11)}


def test_a_film_of_one_or_two_frames_has_the_palette_of_every_frame() -> None:
    assert colours_of(shared_palette([Image.new("RGB", (30, 20), RED)], [])) == {RED}
    two = [Image.new("RGB", (30, 20), RED), Image.new("RGB", (30, 20), BLUE)]
    assert colours_of(shared_palette(two, [])) == {RED, BLUE}


def test_the_palette_of_flat_colours_is_those_colours_and_nothing_made_up() -> None:
    """A large frame is made smaller by nearest pixels, never blended (no
    colour of an edge between two areas), and looked at whole (a colour in
    its far corner counts); frames are put side by side, nothing else on the
    sheet (no black where no frame is)."""
    big = Image.new("RGB", (1280, 800), CREAM)
    draw = ImageDraw.Draw(big)
    draw.rectangle([700, 450, 1279, 799], fill=BLUE)
    draw.rectangle([0, 0, 300, 300], fill=RED)
    assert colours_of(shared_palette([big, big.copy()], [])) == {CREAM, RED, BLUE}


def test_a_large_frame_is_looked_at_every_other_pixel() -> None:
    """A 1280x800 frame is sampled on a grid of one pixel in four (its
    pixels beyond 640x400): a colour on the other pixels only is not sought,
    while a frame that small is looked at whole."""
    pixels = np.full((800, 1280, 3), CREAM, dtype=np.uint8)
    pixels[::2, ::2] = RED
    grid = Image.fromarray(pixels)
    assert colours_of(shared_palette([grid], [])) == {CREAM}


def test_a_small_frame_is_looked_at_pixel_by_pixel() -> None:
    """Two colours of one pixel each, side by side: a frame under 640x400 is
    not sampled, so both get a colour of their own."""
    small = Image.new("RGB", (96, 64), CREAM)
    small.putpixel((0, 0), RED)
    small.putpixel((1, 1), BLUE)
    assert colours_of(shared_palette([small], [])) == {CREAM, RED, BLUE}


def test_a_colour_of_a_few_pixels_gets_a_palette_colour_of_its_own_exactly() -> None:
    """The median cut of 256 colours serves two green pixels with a near
    colour at best; the colours it serves worst are then added as they are."""
    frame = gradient()
    green = (20, 230, 20)
    frame.putpixel((5, 5), green)
    frame.putpixel((6, 5), green)
    palette = colours_of(shared_palette([frame], []))
    assert green in palette
    assert len(palette) <= GIF_COLOURS


@pytest.mark.parametrize(("count", "seed"), [(114, 114), (115, 115), (119, 119), (113, 122), (118, 157)])
def test_the_added_colours_serve_every_pixel_within_close_enough(count: int, seed: int) -> None:
    """Films of a few colours more than the median cut keeps (112): the
    colours added one by one, each the worst served as the frames will be
    mapped (without dithering) until every pixel is within 24
    (|dR|+|dG|+|dB|: 24 itself is not close enough), bring every pixel of these
    films within 24 (random colours, seeded; in the last two a pixel is
    exactly 24 from its nearest colour before its own is added)."""
    colours = np.random.default_rng(seed).integers(0, 256, size=(count, 3), dtype=np.uint8)
    frame = Image.fromarray(np.repeat(colours[np.newaxis], 4, axis=0))
    mapped = frame.quantize(palette=shared_palette([frame], []), dither=Image.Dither.NONE).convert("RGB")
    error = np.abs(np.asarray(frame, dtype=np.int16) - np.asarray(mapped, dtype=np.int16)).sum(axis=2)
    assert error.max() < 24


def test_the_palette_holds_at_most_gif_colours_kept_ones_included() -> None:
    """Kept colours take the median cut's room, not more: 64 kept and a film
    of more colours than fit is still at most 128 colours, the 64 among them."""
    keep = [(i, 0, 0) for i in range(64)]
    palette = colours_of(shared_palette([gradient()], keep))
    assert set(keep) <= palette
    assert len(palette) <= GIF_COLOURS


def test_quantise_maps_every_frame_to_the_shared_palette_without_dithering() -> None:
    """Every frame ends as a P image of the one palette (no frame of its own
    palette: colours would flicker); no dithering, so a column of one colour
    stays one colour."""
    film = [gradient() for _ in range(3)]
    expected = shared_palette([im.copy() for im in film], [])
    quantise(film, [])
    for frame in film:
        assert frame.mode == "P"
        assert frame.getpalette() == expected.getpalette()
        assert all(len({frame.getpixel((x, y)) for y in range(40)}) == 1 for x in range(256))


@pytest.mark.parametrize(
    ("keep", "match"),
    [("red", "keep 'red'"), (7, "keep 7"), ([(1, 2)], r"colour \(1, 2\)"), ([(0, 0, 256)], "256"),
     ([(True, 0, 0)], "True")],
)
def test_check_colours_refuses_naming_what_it_was_given(keep: object, match: str) -> None:
    with pytest.raises(TypeError, match=match):
        check_colours(keep)


def test_check_colours_gives_red_green_blue_in_order_once_each() -> None:
    """An alpha is dropped, a repeat counted once, the order kept."""
    assert check_colours([(1, 2, 3, 255), (4, 5, 6), (1, 2, 3)]) == [(1, 2, 3), (4, 5, 6)]


def test_check_colours_takes_64_colours_and_no_more() -> None:
    """A palette may be asked to hold 64 colours exactly: the rest of its 128
    are the film's."""
    assert len(check_colours([(i, 0, 0) for i in range(64)])) == 64
    with pytest.raises(SpokerError, match="keep: 65 colours, at most 64"):
        check_colours([(i, 0, 0) for i in range(65)])
