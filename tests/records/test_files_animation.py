"""spoker.records.files.write_animation_atomic: GIF, APNG and WebP, read back
with Pillow; one shared palette; never half a file."""

from __future__ import annotations

import errno
import math
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from spoker.errors import SpokerError
from spoker.records import files
from spoker.records.files import animation_format, check_fps, write_animation_atomic
from spoker.records.palette_quant import GIF_COLOURS

SIZE = (96, 64)
GREEN = (96, 210, 120)


def frames(count: int = 5, size: tuple[int, int] = SIZE) -> list[Image.Image]:
    """Frames like a film's: a shaded background that stays, a square that
    moves, a few pixels of a rare colour."""
    out = []
    for i in range(count):
        im = Image.new("RGB", size)
        draw = ImageDraw.Draw(im)
        for x in range(size[0]):
            draw.line([(x, 0), (x, size[1])], fill=(x * 2 % 256, 60, 255 - x * 2 % 256))
        draw.rectangle([10 + 8 * i, 10, 26 + 8 * i, 26], fill=(240, 240, 230))
        draw.rectangle([2, size[1] - 5, 6, size[1] - 2], fill=GREEN)
        out.append(im)
    return out


def read_back(path: Path) -> tuple[int, tuple[int, int], list[int]]:
    with Image.open(path) as im:
        durations = []
        for i in range(im.n_frames):
            im.seek(i)
            im.load()  # WebP tells a frame's duration once it is loaded
            durations.append(im.info.get("duration"))
        return im.n_frames, im.size, durations


@pytest.mark.parametrize("name", ["a.gif", "a.png", "a.webp", "a.apng", "A.GIF"])
def test_every_kind_writes_and_reads_back_with_its_frames_and_size(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    written = write_animation_atomic(frames(5), path, 4)
    assert written == path.stat().st_size > 0
    count, size, durations = read_back(path)
    assert (count, size) == (5, SIZE)
    assert all(d == pytest.approx(250, abs=10) for d in durations)
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left


def test_a_frames_hold_shows_it_that_many_frame_times(tmp_path: Path) -> None:
    made = frames(3)
    made[1].info["hold"] = 4
    path = tmp_path / "held.gif"
    write_animation_atomic(made, path, 2)
    assert read_back(path)[2] == [500, 2000, 500]


def test_the_gif_palette_keeps_a_colour_of_few_pixels(tmp_path: Path) -> None:
    path = tmp_path / "rare.gif"
    write_animation_atomic(frames(4), path, 2)
    with Image.open(path) as im:
        im.seek(3)
        pixel = im.convert("RGB").getpixel((4, SIZE[1] - 3))
    assert isinstance(pixel, tuple)
    assert sum(abs(a - b) for a, b in zip(pixel, GREEN)) < 30, pixel


def test_a_gif_of_still_frames_is_small(tmp_path: Path) -> None:
    still = frames(1) * 30
    moving = frames(30)
    write_animation_atomic([im.copy() for im in still], tmp_path / "still.gif", 2)
    write_animation_atomic(moving, tmp_path / "moving.gif", 2)
    # Only what changed is stored: thirty still frames cost little more than one.
    assert (tmp_path / "still.gif").stat().st_size < (tmp_path / "moving.gif").stat().st_size / 3


def test_a_failure_while_the_frames_are_made_leaves_no_file_and_no_temporary(tmp_path: Path) -> None:
    def broken() -> Iterator[Image.Image]:
        yield from frames(2)
        raise RuntimeError("the renderer failed")

    with pytest.raises(RuntimeError):
        write_animation_atomic(broken(), tmp_path / "x.gif", 2)
    assert list(tmp_path.iterdir()) == []


def test_a_failing_write_keeps_the_old_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "x.webp"
    path.write_bytes(b"old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OSError, match="space"):
        write_animation_atomic(frames(2), path, 2)
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.webp"]


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((frames(2), "x.jpg", 2), SpokerError, "x.jpg"),
        ((frames(2), "x", 2), SpokerError, ".gif"),
        ((frames(2), "x.gif", 0), SpokerError, "0"),
        ((frames(2), "x.gif", 31), SpokerError, "31"),
        ((frames(2), "x.gif", math.nan), SpokerError, "nan"),
        ((frames(2), "x.gif", True), TypeError, "True"),
        ((frames(2), "x.gif", "2"), TypeError, "'2'"),
        (([], "x.gif", 2), SpokerError, "at least one frame"),
        (([1, 2], "x.gif", 2), TypeError, "PIL image"),
        (("ab", "x.gif", 2), TypeError, "'ab'"),
        ((frames(1) + frames(1, (50, 50)), "x.gif", 2), SpokerError, r"\(50, 50\)"),
        ((frames(2), 7, 2), TypeError, "7"),
        ((frames(2), "", 2), SpokerError, "empty"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[object, object, object],
    error: type[Exception], match: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(error, match=match):
        write_animation_atomic(*args)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_a_bad_hold_is_refused_naming_the_frame(tmp_path: Path) -> None:
    made = frames(3)
    made[2].info["hold"] = 0
    with pytest.raises(SpokerError, match="frame 3: hold 0"):
        write_animation_atomic(made, tmp_path / "x.png", 2)
    assert list(tmp_path.iterdir()) == []


def test_the_format_is_the_names_ending() -> None:
    assert [animation_format(n) for n in ("a.gif", "b.PNG", "c.apng", "d.webp")] == ["GIF", "PNG", "PNG", "WEBP"]


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**6, 10**6), st.booleans(),
                 st.text(max_size=4), st.none()))
def test_check_fps_takes_a_rate_in_range_or_raises_a_documented_error(value: object) -> None:
    try:
        rate = check_fps(value)
    except (TypeError, ValueError):
        return
    assert files.MIN_FPS <= rate <= files.MAX_FPS


def test_kept_colours_are_held_exactly_even_on_one_pixel(tmp_path: Path) -> None:
    made = frames(3)
    odd = (90, 170, 255)
    for im in made:
        im.putpixel((50, 50), odd)
    path = tmp_path / "kept.gif"
    write_animation_atomic(made, path, 2, keep=[odd, (1, 2, 3, 255)])
    with Image.open(path) as im:
        im.seek(2)
        assert im.convert("RGB").getpixel((50, 50)) == odd
    for bad in ([(1, 2)], [(0, 0, 256)], "red", [(True, 0, 0)]):
        with pytest.raises(TypeError):
            write_animation_atomic(made, tmp_path / "bad.gif", 2, keep=bad)  # type: ignore[arg-type]
    with pytest.raises(SpokerError, match="at most 64"):
        write_animation_atomic(made, tmp_path / "bad.gif", 2, keep=[(i, 0, 0) for i in range(65)])
    assert not (tmp_path / "bad.gif").exists()


def test_frames_a_second_run_from_min_fps_to_max_fps_both_included() -> None:
    assert (check_fps(files.MIN_FPS), check_fps(files.MAX_FPS), check_fps(30)) == (0.1, 30.0, 30.0)
    for outside in (0.09, 30.01):
        with pytest.raises(SpokerError, match="0.1 to 30"):
            check_fps(outside)


def test_an_animation_without_a_rate_shows_two_frames_a_second(tmp_path: Path) -> None:
    write_animation_atomic(frames(2), tmp_path / "x.gif")
    assert read_back(tmp_path / "x.gif")[2] == [500, 500]


def test_a_hold_runs_from_1_to_1000(tmp_path: Path) -> None:
    made = frames(2)
    made[1].info["hold"] = 1000
    write_animation_atomic(made, tmp_path / "x.png", 30)  # an APNG keeps milliseconds
    assert read_back(tmp_path / "x.png")[2] == [33, 33333]
    made[1].info["hold"] = 1001
    with pytest.raises(SpokerError, match="frame 2: hold 1001"):
        write_animation_atomic(made, tmp_path / "y.gif", 30)


def test_a_frame_of_another_size_is_named_by_its_place(tmp_path: Path) -> None:
    with pytest.raises(SpokerError, match=r"frame 3 is \(50, 50\), the first \(96, 64\)"):
        write_animation_atomic(frames(2) + frames(1, (50, 50)), tmp_path / "x.gif")


@pytest.mark.parametrize(("name", "kind"), [("a.gif", "GIF"), ("a.png", "PNG"), ("a.apng", "PNG"), ("a.webp", "WEBP")])
def test_each_kind_is_what_its_name_says_and_loops_for_ever(tmp_path: Path, name: str, kind: str) -> None:
    """Frames with an alpha channel (the window's screenshots are RGBA)
    written as the name's kind, looping (loop 0: for ever)."""
    made = [im.convert("RGBA") for im in frames(3)]
    write_animation_atomic(made, tmp_path / name, 2)
    with Image.open(tmp_path / name) as im:
        assert (im.format, im.n_frames, im.info.get("loop")) == (kind, 3, 0)


def test_a_gif_stores_only_the_colours_of_its_palette(tmp_path: Path) -> None:
    """Written optimised: the GIF's colour table holds the shared palette's
    colours (at most 128), not 256 entries padded out."""
    write_animation_atomic(frames(3), tmp_path / "x.gif", 2)
    with Image.open(tmp_path / "x.gif") as im:
        assert len(im.getpalette() or []) <= 3 * GIF_COLOURS


class _Convertible:
    """Has a ``convert`` but no ``info``: not a PIL image."""

    def convert(self, mode: str) -> None:
        return None


class _Informed:
    """Has an ``info`` but no ``convert``: not a PIL image."""

    info: dict[str, object] = {}


@pytest.mark.parametrize("frame", [_Convertible(), _Informed()])
def test_a_frame_needs_both_convert_and_info_and_is_named(tmp_path: Path, frame: object) -> None:
    with pytest.raises(TypeError, match=f"frame {re.escape(repr(frame))}: expected a PIL image"):
        write_animation_atomic([frame], tmp_path / "x.gif")  # type: ignore[list-item]


@pytest.mark.parametrize("hold", [True, 2.0, "2", None])
def test_a_hold_that_is_no_whole_number_is_refused(tmp_path: Path, hold: object) -> None:
    made = frames(1)
    made[0].info["hold"] = hold
    with pytest.raises(SpokerError, match=f"frame 1: hold {re.escape(repr(hold))} is not a whole number"):
        write_animation_atomic(made, tmp_path / "x.gif")
