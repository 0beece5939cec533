"""One palette for all the frames of an animation (GIF, APNG): which colours,
and the frames mapped to them. Kept apart from :mod:`spoker.records.files`
(safe files), which writes the animation.

One palette for all frames keeps colours from flickering and lets unchanged
pixels compress to nothing; it is the median cut of a few frames, then the
colours it serves worst added one by one; no dithering (flat areas stay flat).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from shibumi.errors import shown
from spoker.errors import SpokerError

GIF_COLOURS = 128
"""The one palette a GIF's frames share: enough for the shaded balls, the wood
and the captions; one palette for all frames keeps colours from flickering and
lets unchanged pixels compress to nothing."""
_PALETTE_SAMPLES = 6  # frames the shared palette is made from, spread over the film
_SAMPLE_PIXELS = 640 * 400  # a frame's pixels the palette looks at, at most
_RARE_COLOURS = 16  # of them, added for the colours the median cut serves worst
_KEPT_COLOURS = 64  # colours a caller may ask the palette to hold exactly
_CLOSE_ENOUGH = 24  # a pixel this near its palette colour (|dR|+|dG|+|dB|) needs no colour of its own


def quantise(images: list[Any], kept: list[tuple[int, int, int]]) -> None:
    """Map each RGB frame of ``images`` to one shared palette
    (:func:`shared_palette`), in place: each full-colour frame is freed as it goes."""
    from PIL import Image

    palette = shared_palette(images, kept)
    for i, im in enumerate(images):
        images[i] = im.quantize(palette=palette, dither=Image.Dither.NONE)


def check_colours(keep: object) -> list[tuple[int, int, int]]:
    """The colours a palette must hold exactly: (red, green, blue) each 0..255, at most 64."""
    if isinstance(keep, str | bytes) or not isinstance(keep, Sequence):
        raise TypeError(f"keep {shown(keep)}: expected a list of (red, green, blue) colours")
    out = []
    for colour in keep:
        if not (isinstance(colour, tuple) and len(colour) in (3, 4)
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in colour)):
            raise TypeError(f"colour {shown(colour)}: expected (red, green, blue), each 0..255")
        out.append((colour[0], colour[1], colour[2]))
    out = list(dict.fromkeys(out))
    if len(out) > _KEPT_COLOURS:
        raise SpokerError(f"keep: {len(out)} colours, at most {_KEPT_COLOURS}")
    return out


def shared_palette(images: list[Any], kept: list[tuple[int, int, int]]) -> Any:
    """A palette image of :data:`GIF_COLOURS` colours for every frame: the
    median cut of a few frames spread over the film (the last holds the most
    balls), side by side, then the colours it serves worst added one by one
    (a caption's green covers few pixels, but must not turn grey)."""
    import numpy as np
    from PIL import Image

    count = min(len(images), _PALETTE_SAMPLES)
    picks = sorted({round(i * (len(images) - 1) / max(1, count - 1)) for i in range(count)})
    # Large frames are sampled (every other pixel or fewer: nearest, so no
    # colour is made up) to keep the sheet near a few 640x400 frames.
    step = max(1, math.ceil(math.sqrt(images[0].width * images[0].height / _SAMPLE_PIXELS)))
    width, height = -(-images[0].width // step), -(-images[0].height // step)
    sheet = Image.new("RGB", (width * len(picks), height))
    for slot, index in enumerate(picks):
        frame = images[index]
        small = frame if step == 1 else frame.resize((width, height), Image.Resampling.NEAREST)
        sheet.paste(small, (slot * width, 0))
    base = sheet.quantize(colors=GIF_COLOURS - _RARE_COLOURS - len(kept), method=Image.Quantize.MEDIANCUT,
                          dither=Image.Dither.NONE)
    used = len(base.getcolors(256) or ())
    colours: list[tuple[int, ...]] = list(kept)
    colours += [tuple(base.getpalette()[3 * i:3 * i + 3]) for i in range(used)]  # type: ignore[index]
    pixels = np.asarray(sheet, dtype=np.int16).reshape(-1, 3)
    for _ in range(_RARE_COLOURS):
        mapped = np.asarray(sheet.quantize(palette=_palette_image(colours), dither=Image.Dither.NONE)
                            .convert("RGB"), dtype=np.int16).reshape(-1, 3)
        error = np.abs(pixels - mapped).sum(axis=1)
        worst = int(error.argmax())
        if error[worst] < _CLOSE_ENOUGH:
            break
        colours.append(tuple(int(v) for v in pixels[worst]))
    return _palette_image(colours)


def _palette_image(colours: list[tuple[int, ...]]) -> Any:
    """A one-pixel P image whose palette is ``colours`` (the rest: the first again)."""
    from PIL import Image

    image = Image.new("P", (1, 1))
    flat = [v for c in colours for v in c[:3]]
    image.putpalette(flat + flat[:3] * (256 - len(colours)))
    return image


__all__ = ["GIF_COLOURS", "check_colours", "quantise", "shared_palette"]
