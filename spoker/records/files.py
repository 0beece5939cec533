"""Reading and writing any file safely: an input read whole but bounded, and
writes that never leave half a file (a temporary file, then a rename; an
append that is cut back on failure).

Kept apart from :mod:`spoker.records.record` (the record format), which uses
them, as do the window's saves, settings, screenshots and laboratory suites,
the charts, ``render``, ``simulate --out`` and the benchmarks: none of them
needs the engine to write a file. What every reader checks first (the size
limit, the file name) is :mod:`spoker.records.inputs`.
"""

from __future__ import annotations

import errno
import math
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Sequence
from typing import IO, Any

from shibumi.errors import expect, shown
from spoker.errors import NotationError, SpokerError, StorageError
from spoker.records.inputs import (
    MAX_INPUT_BYTES,
    READ_CHUNK,
    check_text,
    expect_path,
    size_in_words,
)
from spoker.records.palette_quant import check_colours, quantise


def read_bounded(
    f: IO[bytes], limit: int = MAX_INPUT_BYTES, what: str = "a record", text: bool = False,
) -> bytes:
    """All of ``f``, or :class:`~spoker.errors.NotationError` if it holds more than ``limit``
    bytes; with ``text``, also if it holds a NUL byte (:func:`check_text`,
    told at the first chunk that holds one)."""
    if not callable(getattr(f, "read", None)):
        raise TypeError(f"f {shown(f)}: expected a binary file open for reading")
    parts: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = f.read(min(READ_CHUNK, limit + 1 - size))
        if not isinstance(chunk, bytes):
            raise TypeError(f"file {shown(f)}: expected a binary file, it gave {type(chunk).__name__}")
        if not chunk:
            break
        if text:
            check_text(chunk, size, what)
        parts.append(chunk)
        size += len(chunk)
    if size > limit:
        raise NotationError(f"too large for {what}: more than {size_in_words(limit)}")
    return b"".join(parts)


def open_regular(path: str | os.PathLike[str], *, no_links: bool = False) -> IO[bytes]:
    """``path`` open for reading in binary, if it is a regular file: the one
    place that decides "only a regular file".

    Opened without blocking, so a FIFO cannot hang the caller; a folder, a
    FIFO, a device or a socket is refused with :class:`StorageError`, as is
    (``no_links``) a symbolic link, even a dangling one: opened with
    ``O_NOFOLLOW`` where the system has it, checked with ``lstat`` too, so a
    link put in a data folder is never followed out of it. FileNotFoundError
    (and other OSError) as ``open`` raises them."""
    expect_path(path)
    name = os.fspath(path)
    if no_links and os.path.islink(name):
        raise StorageError(f"{name!r} is a symbolic link, not a file", name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if no_links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(name, flags)
    except OSError as err:
        if no_links and err.errno == errno.ELOOP:  # made a link since the check above
            raise StorageError(f"{name!r} is a symbolic link, not a file", name) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise StorageError(f"{name!r} is a folder, not a file", name)
        if not stat.S_ISREG(mode):
            raise StorageError(f"{name!r} is not a regular file", name)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` name one file (through links); two names of
    which one cannot be looked at are the same only if their absolute paths are."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError, OverflowError):  # no such file; a NUL in a name; a huge number as a descriptor
        return os.path.abspath(a) == os.path.abspath(b)


TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 600  # a temporary file this old belongs to no running save
_WRITING = threading.Lock()  # one save at a time in this process: our own leftovers are stale


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) so that ``path`` holds either the old or the new
    text, never half of it: see :func:`write_bytes_atomic`."""
    expect(text, str, "text")
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` so that ``path`` holds either the old or the new bytes,
    never half of them: a temporary file in the same folder, then ``os.replace``.

    A symbolic link is written through (its target is replaced, the link stays),
    an existing file keeps its permission bits, a new one gets the usual ones
    (0666 less the umask), and the folder is synced after the rename so the
    new name survives a power cut. Temporary files left by a save that crashed
    earlier are removed first. A path that is not a regular file (``/dev/null``,
    a FIFO) is written into directly; a folder is refused (IsADirectoryError).

    Every OSError names ``path`` as given (a full disk's write names no file;
    a temporary's name means nothing to the person who asked for ``path``)."""
    expect_path(path)
    expect(data, bytes, "data")
    try:
        _write_bytes(path, data)
    except OSError as err:
        raise OSError(err.errno, err.strerror or str(err), os.fspath(path)) from None


def _write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    try:
        st: os.stat_result | None = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", os.fspath(path))
    if st is not None and not stat.S_ISREG(st.st_mode):
        # /dev/null, /dev/stdout, a FIFO: written into, as the shell's '>'
        # would; a rename would replace the device itself with a file.
        _write_in_place(path, data)
        return
    with _WRITING:
        _write_atomic(os.path.realpath(path), data)  # through symbolic links: the link stays


def _write_in_place(path: str | os.PathLike[str], data: bytes) -> None:
    """Write into a device or FIFO. Opened without blocking, so a FIFO nobody
    reads is an error at once (not a window that waits for ever); then written
    blocking, so a slow reader gets every byte."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        if err.errno == errno.ENXIO:
            raise OSError(err.errno, "a FIFO that nobody reads", os.fspath(path)) from None
        raise
    with os.fdopen(fd, "wb") as f:
        os.set_blocking(fd, True)
        f.write(data)


def _write_atomic(target: str, data: bytes) -> None:
    folder = os.path.dirname(target)
    name = os.path.basename(target)
    remove_stale_temporaries(folder, name)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.{os.getpid()}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(folder)


def append_whole(path: str | os.PathLike[str], data: bytes) -> None:
    """Append ``data`` (a line) to ``path`` so that the file ends up either as
    it was or with the whole line, never with part of it (a full disk): one
    ``os.write``, synced, and on any failure the file is cut back to its old
    size. A last line without its newline gets one first, in the same write,
    so the new line is never glued to it."""
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        try:
            written = os.write(fd, data)
            if written != len(data):  # a short write: the disk filled up after part of it
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
            os.fsync(fd)  # some file systems tell a full disk only here
        except BaseException:
            try:
                os.ftruncate(fd, size)
            except OSError:
                pass  # nothing more can be done: the first error is the one to tell
            raise
    finally:
        os.close(fd)


def write_png_atomic(image: object, path: str | os.PathLike[str]) -> None:
    """Save a PIL image as PNG with :func:`write_bytes_atomic` (never half a picture)."""
    import io

    if not callable(getattr(image, "save", None)):
        raise TypeError(f"image {shown(image)}: expected a PIL image")
    expect_path(path)

    picture = io.BytesIO()
    image.save(picture, format="PNG", optimize=True)  # type: ignore[attr-defined]
    write_bytes_atomic(path, picture.getvalue())


ANIMATION_FORMATS: dict[str, str] = {".gif": "GIF", ".png": "PNG", ".apng": "PNG", ".webp": "WEBP"}
"""What an animation is written as, by the end of its file name: GIF, APNG
(a PNG that browsers and most viewers play) or WebP."""
MAX_FPS = 30.0
"""Frames a second at most: browsers slow GIF frames shorter than 20 ms down to 100 ms."""
MIN_FPS = 0.1
def animation_format(path: str | os.PathLike[str]) -> str:
    """Pillow's format for an animation named ``path``: ``GIF``, ``PNG`` (APNG)
    or ``WEBP``; :class:`SpokerError` for any other ending."""
    expect_path(path)
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in ANIMATION_FORMATS:
        raise SpokerError(
            f"{shown(os.path.basename(os.fspath(path)))}: an animation is a .gif, .png (APNG) or .webp file"
        )
    return ANIMATION_FORMATS[suffix]


def check_fps(fps: object) -> float:
    """A frame rate: a number of frames a second from :data:`MIN_FPS` to :data:`MAX_FPS`."""
    if isinstance(fps, bool) or not isinstance(fps, int | float):
        raise TypeError(f"fps {shown(fps)}: expected a number of frames a second")
    if not (math.isfinite(fps) and MIN_FPS <= fps <= MAX_FPS):
        raise SpokerError(f"fps {shown(fps)}: frames a second must be {MIN_FPS:g} to {MAX_FPS:g}")
    return float(fps)


def write_animation_atomic(
    frames: Iterable[object], path: str | os.PathLike[str], fps: float = 2.0,
    *, keep: Sequence[tuple[int, ...]] = (),
) -> int:
    """Write PIL images as one animation, looping, with :func:`write_bytes_atomic`
    (never half a file: a failure, even in the middle of making the frames,
    leaves the old file or none); returns the bytes written.

    The format is the name's ending (:func:`animation_format`). Each frame is
    shown ``1 / fps`` seconds, or ``hold`` times that when its ``info["hold"]``
    is a whole number ``hold`` (a settled challenge to read). All frames must have one
    size. GIF and APNG frames share one palette of
    :data:`~spoker.records.palette_quant.GIF_COLOURS` colours
    (:mod:`spoker.records.palette_quant`),
    without dithering (flat areas stay flat and compress: a third of the
    bytes of full colour); Pillow writes only the part of each frame that
    changed (in a GIF, the unchanged pixels inside it transparent). ``keep``:
    colours the palette holds exactly (at most 64: a caption's, a bar's,
    which cover too few pixels to be sure of a colour of their own). WebP is
    lossy, quality 80."""
    import io

    expect_path(path)
    kind = animation_format(path)
    rate = check_fps(fps)
    kept = check_colours(keep)
    if isinstance(frames, str | bytes) or not isinstance(frames, Iterable):
        raise TypeError(f"frames {shown(frames)}: expected PIL images")
    images: list[Any] = []
    durations: list[int] = []
    for frame in frames:
        if not (callable(getattr(frame, "convert", None)) and isinstance(getattr(frame, "info", None), dict)):
            raise TypeError(f"frame {shown(frame)}: expected a PIL image")
        hold = frame.info.get("hold", 1)  # type: ignore[attr-defined]
        if isinstance(hold, bool) or not isinstance(hold, int) or not 1 <= hold <= 1000:
            raise SpokerError(f"frame {len(images) + 1}: hold {shown(hold)} is not a whole number 1..1000")
        if images and frame.size != images[0].size:  # type: ignore[attr-defined]
            raise SpokerError(
                f"frame {len(images) + 1} is {shown(frame.size)}, "  # type: ignore[attr-defined]
                f"the first {shown(images[0].size)}: an animation has one size"
            )
        images.append(frame.convert("RGB"))  # type: ignore[attr-defined]
        durations.append(round(1000 * hold / rate))
    if not images:
        raise SpokerError(f"{os.fspath(path)!r}: an animation needs at least one frame")
    out = io.BytesIO()
    if kind in ("GIF", "PNG"):
        quantise(images, kept)
        extra = {"optimize": True} if kind == "GIF" else {"default_image": False, "optimize": True}
        images[0].save(out, format=kind, save_all=True, append_images=images[1:],
                       duration=durations, loop=0, **extra)
    else:
        images[0].save(out, format="WEBP", save_all=True, append_images=images[1:],
                       duration=durations, loop=0, quality=80, method=4)
    data = out.getvalue()
    write_bytes_atomic(path, data)
    return len(data)


def remove_stale_temporaries(folder: str, name: str) -> list[str]:
    """Delete the temporary files of earlier saves of ``name`` that crashed:
    those of a process that is gone, or older than :data:`STALE_TEMP_SECONDS`."""
    # Checked here: os.listdir would take an int for an open folder's descriptor.
    expect(folder, str, "folder")
    expect(name, str, "name")
    removed: list[str] = []
    prefix = f".{name}."
    try:
        entries = os.listdir(folder)
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not (entry.startswith(prefix) and entry.endswith(TEMP_SUFFIX)):
            continue
        full = os.path.join(folder, entry)
        try:
            st = os.lstat(full)
            if not stat.S_ISREG(st.st_mode):
                continue
            pid = entry[len(prefix):].partition(".")[0]
            if now - st.st_mtime > STALE_TEMP_SECONDS or not _alive(pid):
                os.unlink(full)
                removed.append(full)
        except OSError:
            continue
    return removed


def _alive(pid_text: str) -> bool:
    """Whether the process that named a temporary file may still be writing it."""
    if not pid_text.isdigit() or not pid_text.isascii():
        return True  # an older name without a process id: left to the age test
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # saves hold _WRITING and clean up: ours is a leftover (a reused pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True
    return True


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _sync_folder(folder: str) -> None:
    """fsync the folder so the rename itself is on disk (not possible everywhere)."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = [
    "ANIMATION_FORMATS", "MAX_FPS", "MIN_FPS", "STALE_TEMP_SECONDS", "TEMP_SUFFIX",
    "animation_format", "append_whole", "check_fps", "open_regular", "read_bounded", "remove_stale_temporaries", "same_file",
    "write_animation_atomic", "write_bytes_atomic", "write_png_atomic", "write_text_atomic",
]
