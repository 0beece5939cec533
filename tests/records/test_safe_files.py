"""Any file, read and written safely (spoker.records.files): the bounded
reader, the atomic writer (permissions, links, FIFOs, folders, leftovers of
a crash, a full disk) and the whole-line append."""

from __future__ import annotations

import errno
import io
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from shibumi.errors import shown
from spoker.errors import RecordError
from spoker.records import files
from spoker.records.files import (
    STALE_TEMP_SECONDS,
    append_whole,
    read_bounded,
    remove_stale_temporaries,
    write_bytes_atomic,
    write_png_atomic,
    write_text_atomic,
)
from spoker.records.inputs import MAX_INPUT_BYTES, READ_CHUNK, size_in_words


# -- the bounded reader --------------------------------------------------------------
def test_read_bounded_reads_up_to_the_limit_and_refuses_more() -> None:
    assert read_bounded(io.BytesIO(b"x" * 10), limit=10) == b"x" * 10
    with pytest.raises(RecordError, match="too large for a results file"):
        read_bounded(io.BytesIO(b"x" * 11), limit=10, what="a results file")
    with pytest.raises(RecordError, match="a NUL byte at byte 2"):
        read_bounded(io.BytesIO(b"ab\0c"), text=True)
    assert read_bounded(io.BytesIO(b"ab\0c")) == b"ab\0c"  # bytes are bytes, unless text is asked


class _Endless:
    """A stream that never ends (as /dev/zero), counting the bytes it gave."""

    def __init__(self) -> None:
        self.given = 0

    def read(self, size: int) -> bytes:
        assert isinstance(size, int) and size >= 0, "an endless stream asked for all of it"
        self.given += size
        return b"x" * size


def test_an_input_larger_than_16_mb_is_refused_in_one_line_without_reading_on() -> None:
    """docs/formats.md (Size limit): a record larger than 16 MB is refused with
    ``too large for a record: more than 16 MB``, without reading more than that."""
    stream = _Endless()
    with pytest.raises(RecordError) as err:
        read_bounded(stream)  # type: ignore[arg-type]
    assert str(err.value) == "too large for a record: more than 16 MB"
    assert stream.given == MAX_INPUT_BYTES + 1  # the limit and the one byte that tells


def _limits_in_use() -> list[tuple[int, str]]:
    """Every limit a reader passes to read_bounded, with the words it should say."""
    from spoker.gui.models import analysis_store, lessons, puzzle_store, storage
    from spoker.records.rules_file import MAX_RULES_BYTES

    return [
        (MAX_INPUT_BYTES, "16 MB"), (MAX_RULES_BYTES, "64 KB"), (storage.MAX_JSON_BYTES, "1 MB"),
        (analysis_store.MAX_BYTES, "512 KB"), (lessons.MAX_BYTES, "64 KB"), (puzzle_store.MAX_BYTES, "1 MB"),
    ]


@pytest.mark.parametrize(("limit", "words"), _limits_in_use())
def test_the_too_large_message_says_every_limit_in_use_in_the_unit_that_fits(limit: int, words: str) -> None:
    """A limit under a megabyte (a rules file's 64 KB) is said in KB, never
    "more than 0 MB"."""
    with pytest.raises(RecordError) as err:
        read_bounded(io.BytesIO(b"x" * (limit + 1)), limit, "this file")
    assert str(err.value) == f"too large for this file: more than {words}"


@pytest.mark.parametrize(("size", "words"), [
    (1, "1 byte"), (900, "900 bytes"), (1024, "1 KB"), (1536, "1.5 KB"), (1024 * 1024 - 1, "1023.9 KB"),
    (3 * 1024 * 1024 // 2, "1.5 MB"), (16 * 1024 * 1024 + 1, "16 MB"),
])
def test_a_size_in_words_never_says_more_than_the_size(size: int, words: str) -> None:
    """The largest unit that holds at least one, to a tenth rounded down (a
    file "more than" the limit is more than the words say)."""
    assert size_in_words(size) == words


def test_read_bounded_reads_the_limit_and_one_byte_at_most() -> None:
    """Chunk by chunk, the last one cut to what the limit leaves (plus the one
    byte that tells the input is longer), whatever is left in the file."""
    f = io.BytesIO(b"x" * (3 * READ_CHUNK))
    with pytest.raises(RecordError, match="too large for a batch"):
        read_bounded(f, limit=READ_CHUNK + 10, what="a batch")
    assert f.tell() == READ_CHUNK + 11


def test_read_bounded_gives_an_input_of_several_chunks_whole() -> None:
    data = bytes(range(256)) * (2 * READ_CHUNK // 256) + b"end"  # two chunks and a piece
    assert read_bounded(io.BytesIO(data)) == data


def test_a_nul_byte_in_a_later_chunk_is_named_from_the_input_s_start() -> None:
    """docs/formats.md (Input limits): ``a NUL byte at byte N: binary data, not
    a suite``, N counted from the input's first byte, in the reader's words."""
    data = b"a" * (READ_CHUNK + 5) + b"\0rest"
    with pytest.raises(RecordError) as err:
        read_bounded(io.BytesIO(data), what="a suite", text=True)
    assert str(err.value) == f"a NUL byte at byte {READ_CHUNK + 5}: binary data, not a suite"
    with pytest.raises(RecordError) as err:
        read_bounded(io.BytesIO(b"ab\0"), text=True)
    assert str(err.value) == "a NUL byte at byte 2: binary data, not a record"  # the default


def test_read_bounded_wants_a_binary_file() -> None:
    """A name instead of a file, or a text file, is a TypeError quoting it."""
    with pytest.raises(TypeError) as err:
        read_bounded("game.txt")  # type: ignore[arg-type]
    assert str(err.value) == "f 'game.txt': expected a binary file open for reading"
    text_file = io.StringIO("1. W@1A1\n")
    with pytest.raises(TypeError) as err:
        read_bounded(text_file)  # type: ignore[arg-type]
    assert str(err.value) == f"file {shown(text_file)}: expected a binary file, it gave str"


# -- the atomic writer ---------------------------------------------------------------
def test_atomic_write_keeps_the_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old")
    path.chmod(0o640)
    write_text_atomic(path, "new")
    assert path.read_text() == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o027)
    try:
        write_text_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640  # 0666 less the umask, not 0600


def test_an_atomic_write_makes_a_file_as_open_would(tmp_path: Path) -> None:
    """write_text_atomic: the new file's mode is what ``open`` gives (0o666 less
    the umask), and its temporary file is made beside it (one file system, so
    the rename is atomic), then gone."""
    from spoker.records.files import write_text_atomic

    target = tmp_path / "game.txt"
    write_text_atomic(target, "1. W@1A1\n")
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["game.txt"]


def test_atomic_writes_want_text_and_bytes_naming_the_argument(tmp_path: Path) -> None:
    with pytest.raises(TypeError) as err:
        write_text_atomic(tmp_path / "a.txt", b"x")  # type: ignore[arg-type]
    assert str(err.value) == "text b'x': expected a str, not bytes"
    with pytest.raises(TypeError) as err:
        write_bytes_atomic(tmp_path / "a.txt", "x")  # type: ignore[arg-type]
    assert str(err.value) == "data 'x': expected a bytes, not str"
    assert os.listdir(tmp_path) == []


def test_the_temporary_file_lies_beside_the_target_named_for_it_and_the_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``.NAME.PID.xxxx.tmp`` in the target's folder: on one file system, so the
    rename is atomic, and named so that a later save of NAME knows a crash's
    leftover (remove_stale_temporaries: the prefix, the process, the suffix)."""
    renamed: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        renamed.append((src, dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    write_text_atomic(tmp_path / "game.txt", "x")
    [(src, dst)] = renamed
    assert dst == os.path.realpath(tmp_path / "game.txt")
    assert os.path.dirname(src) == os.path.dirname(dst)
    name = os.path.basename(src)
    assert name.startswith(f".game.txt.{os.getpid()}.") and name.endswith(".tmp"), name


def test_atomic_write_goes_through_a_symbolic_link(tmp_path: Path) -> None:
    real = tmp_path / "records" / "game.txt"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "records"]


def test_atomic_write_into_a_fifo_keeps_the_fifo(tmp_path: Path) -> None:
    # '--out /dev/null' or a FIFO: a rename would put a file in the device's
    # place (as root, /dev/null itself); the bytes go into it instead.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so opening it to write does not wait
    try:
        write_text_atomic(fifo, "through")
        assert os.read(reader, 100) == b"through"
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


def test_atomic_write_into_a_fifo_nobody_reads_fails_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as err:
        write_text_atomic(fifo, "lost")
    assert err.value.errno == errno.ENXIO and err.value.filename == str(fifo)
    assert str(err.value) == f"[Errno {errno.ENXIO}] a FIFO that nobody reads: '{fifo}'"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_slow_reader_of_a_fifo_gets_every_byte(tmp_path: Path) -> None:
    """Opened without blocking, then written blocking: more than a pipe holds
    waits for the reader, it is not cut off with EAGAIN."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    keeper = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # so the reader waits for the data, not EOF
    os.set_blocking(reader, True)
    got: list[bytes] = []

    def drain() -> None:  # a small read at a time: the pipe stays full
        while chunk := os.read(reader, 4096):
            got.append(chunk)

    data = bytes(range(256)) * 4096  # 1 MB, sixteen times what a pipe holds
    thread = threading.Thread(target=drain)
    thread.start()
    try:
        write_bytes_atomic(fifo, data)
    finally:
        os.close(keeper)
        thread.join()
        os.close(reader)
    assert b"".join(got) == data


def test_a_system_without_o_nonblock_still_writes_into_a_fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no os.O_NONBLOCK: the flag is left out, the bytes still go."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    monkeypatch.delattr(os, "O_NONBLOCK")
    try:
        write_text_atomic(fifo, "through")
        assert os.read(reader, 100) == b"through"
    finally:
        os.close(reader)


def test_atomic_write_refuses_a_folder_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError, match="is a folder") as err:
        write_text_atomic(tmp_path / "out", "x")
    assert ".tmp" not in str(err.value)  # not the temporary file's name
    assert err.value.errno == errno.EISDIR and err.value.filename == str(tmp_path / "out")
    assert err.value.strerror == "is a folder, not a file"
    assert os.listdir(tmp_path) == ["out"]


def test_an_error_without_an_errno_keeps_its_words_and_names_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An OSError with a message but no errno (a file system's own words) is
    told with those words, and the path asked for, not the temporary file."""
    def gone(fd: int) -> None:
        raise OSError("the disk went away")

    monkeypatch.setattr(files.os, "fsync", gone)
    with pytest.raises(OSError, match="the disk went away") as err:
        write_bytes_atomic(tmp_path / "out", b"x")
    assert err.value.filename == str(tmp_path / "out")
    assert os.listdir(tmp_path) == []


def test_atomic_write_syncs_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    write_text_atomic(tmp_path / "a.txt", "x")
    assert str(tmp_path) in synced  # the folder, after the rename
    assert synced.index(str(tmp_path)) == len(synced) - 1


def test_a_system_without_o_directory_still_syncs_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no os.O_DIRECTORY: the folder is opened without it."""
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    monkeypatch.delattr(os, "O_DIRECTORY")
    write_text_atomic(tmp_path / "a.txt", "x")
    assert synced[-1] == str(tmp_path)


def test_only_a_folder_is_opened_to_be_synced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """_sync_folder opens with O_DIRECTORY: given anything but a folder (a file,
    a FIFO that would block the open) it opens and syncs nothing."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    (tmp_path / "a.txt").write_text("x")
    files._sync_folder(str(tmp_path / "a.txt"))
    assert synced == []
    files._sync_folder(str(tmp_path))
    assert len(synced) == 1


@pytest.fixture
def live_pid() -> Iterator[int]:
    """The id of a process that runs while the test does (a child of ours: a
    mistaken signal would reach no one else)."""
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        yield child.pid
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait()


def test_leftover_temporary_files_of_a_crash_are_removed(tmp_path: Path, live_pid: int) -> None:
    target = tmp_path / "game.txt"
    dead = tmp_path / ".game.txt.999999999.abcd.tmp"  # no such process
    old = tmp_path / ".game.txt.x1y2z3.tmp"  # an older name, long ago
    fresh = tmp_path / f".game.txt.{live_pid}.live.tmp"  # a running process, just now
    other = tmp_path / ".other.txt.999999999.abcd.tmp"  # another file's: not ours to judge
    for p in (dead, old, fresh, other):
        p.write_text("half")
    long_ago = os.path.getmtime(old) - STALE_TEMP_SECONDS - 5
    os.utime(old, (long_ago, long_ago))
    write_text_atomic(target, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.txt", fresh.name, other.name])
    assert remove_stale_temporaries(str(tmp_path), "game.txt") == []


def test_a_fresh_leftover_is_removed_only_if_its_process_is_gone(
    tmp_path: Path, live_pid: int, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whether a save may still be writing: its process is asked with signal 0
    (no signal sent). Gone, or this very process (saves hold a lock: ours is a
    leftover of a reused id): removed. Running, a name without a process id
    (an older save's) or an id the system cannot hold: left to the age test."""
    signals: list[int] = []
    real_kill = os.kill

    def probe(pid: int, sig: int) -> None:
        signals.append(sig)
        if sig == 0:  # any other signal is not sent on
            real_kill(pid, sig)

    monkeypatch.setattr(os, "kill", probe)
    names = {
        ".game.txt.999999999.a.tmp": "removed",  # gone
        f".game.txt.{os.getpid()}.b.tmp": "removed",  # ours
        f".game.txt.{live_pid}.c.tmp": "kept",  # running
        ".game.txt.x1y2z3.tmp": "kept",  # no process id
        ".game.txt.\u00b2.d.tmp": "kept",  # a digit to str.isdigit, no process id
        ".game.txt.99999999999999999999.e.tmp": "kept",  # too large for a process id
    }
    for name in names:
        (tmp_path / name).write_text("half")
    removed = remove_stale_temporaries(str(tmp_path), "game.txt")
    assert sorted(removed) == sorted(str(tmp_path / n) for n, fate in names.items() if fate == "removed")
    assert sorted(os.listdir(tmp_path)) == sorted(n for n, fate in names.items() if fate == "kept")
    assert signals and set(signals) == {0}


def test_a_leftover_is_stale_once_older_than_stale_temp_seconds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A leftover of a save that may still run is removed once *older* than
    STALE_TEMP_SECONDS: exactly that old, it is kept."""
    now = 1_700_000_000
    monkeypatch.setattr(files, "time", SimpleNamespace(time=lambda: float(now)))
    just = tmp_path / ".game.txt.x1y2z3.tmp"
    older = tmp_path / ".game.txt.a4b5c6.tmp"
    for path, age in ((just, STALE_TEMP_SECONDS), (older, STALE_TEMP_SECONDS + 1)):
        path.write_text("half")
        os.utime(path, (now - age, now - age))
    assert remove_stale_temporaries(str(tmp_path), "game.txt") == [str(older)]
    assert os.listdir(tmp_path) == [just.name]


def test_only_the_named_file_s_temporaries_are_judged(tmp_path: Path) -> None:
    """A temporary of NAME starts with ``.NAME.`` *and* ends with ``.tmp``: a
    file with the prefix alone (a user's) is not one, dead process id or not."""
    keep = [".game.txt.999999999.keep", ".other.txt.999999999.a.tmp", "game.txt"]
    for name in keep:
        (tmp_path / name).write_text("mine")
    assert remove_stale_temporaries(str(tmp_path), "game.txt") == []
    assert sorted(os.listdir(tmp_path)) == sorted(keep)


def test_a_leftover_is_removed_whatever_the_folder_lists_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Another file, a leftover removed meanwhile by someone else, a symbolic
    link named like a leftover (never followed, never removed): each is passed
    over, and the leftovers after it are still removed."""
    dead = tmp_path / ".game.txt.999999999.dead.tmp"
    dead.write_text("half")
    (tmp_path / "notes.txt").write_text("mine")
    link = tmp_path / ".game.txt.999999999.link.tmp"
    link.symlink_to(tmp_path / "notes.txt")
    listed = ["notes.txt", ".game.txt.999999999.gone.tmp", link.name, dead.name]  # in this order
    monkeypatch.setattr(os, "listdir", lambda folder: list(listed))
    assert remove_stale_temporaries(str(tmp_path), "game.txt") == [str(dead)]
    assert link.is_symlink() and (tmp_path / "notes.txt").read_text() == "mine"


def test_remove_stale_temporaries_wants_text_naming_the_argument(tmp_path: Path) -> None:
    """os.listdir would take an int for an open folder's descriptor."""
    with pytest.raises(TypeError) as err:
        remove_stale_temporaries(3, "game.txt")  # type: ignore[arg-type]
    assert str(err.value) == "folder 3: expected a str, not int"
    with pytest.raises(TypeError) as err:
        remove_stale_temporaries(str(tmp_path), 5)  # type: ignore[arg-type]
    assert str(err.value) == "name 5: expected a str, not int"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old")

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError):
        write_text_atomic(path, "new")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["game.txt"]


# -- the whole-line append -----------------------------------------------------------
def test_append_whole_puts_a_newline_before_a_glued_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.txt"
    append_whole(path, b"one\n")
    path.write_bytes(path.read_bytes() + b"# no newline at the end")
    append_whole(path, b"two\n")
    assert path.read_bytes() == b"one\n# no newline at the end\ntwo\n"


def test_append_whole_after_a_whole_line_adds_no_blank_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.txt"
    append_whole(path, b"one\n")
    append_whole(path, b"two\n")
    assert path.read_bytes() == b"one\ntwo\n"
    path.write_bytes(b"\n")
    append_whole(path, b"three\n")
    assert path.read_bytes() == b"\nthree\n"
    path.write_bytes(b"x")
    append_whole(path, b"four\n")
    assert path.read_bytes() == b"x\nfour\n"


def test_append_whole_makes_a_new_file_as_open_would(tmp_path: Path) -> None:
    """0o666 less the umask, as ``open(path, "a")`` (not executable)."""
    mask = os.umask(0o022)
    try:
        append_whole(tmp_path / "cases.txt", b"one\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "cases.txt").stat().st_mode) == 0o644


def test_a_system_without_o_cloexec_still_appends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows has no os.O_CLOEXEC: the flag is left out, the line still goes."""
    monkeypatch.delattr(os, "O_CLOEXEC")
    append_whole(tmp_path / "cases.txt", b"one\n")
    append_whole(tmp_path / "cases.txt", b"two\n")
    assert (tmp_path / "cases.txt").read_bytes() == b"one\ntwo\n"


def test_a_short_append_is_cut_back_to_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cases.txt"
    path.write_bytes(b"one\n")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:  # the disk fills up after three bytes
        return real_write(fd, bytes(data[:3]))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError) as info:
        append_whole(path, b"a longer line\n")
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(path)
    assert str(info.value) == f"[Errno {errno.ENOSPC}] {os.strerror(errno.ENOSPC)}: '{path}'"  # the disk is full
    assert path.read_bytes() == b"one\n"


# -- pictures ------------------------------------------------------------------------
def _gradient() -> object:
    from PIL import Image

    image = Image.new("RGB", (64, 64))
    image.putdata([((x * 5) % 256, (y * 7) % 256, (x * y) % 256) for y in range(64) for x in range(64)])
    return image


def test_a_picture_is_written_as_pil_s_optimized_png(tmp_path: Path) -> None:
    """write_png_atomic: the PNG that PIL makes with ``optimize`` (its extra
    effort: compression level 9), not its default one."""
    image = _gradient()

    def png(**options: object) -> bytes:
        picture = io.BytesIO()
        image.save(picture, format="PNG", **options)  # type: ignore[attr-defined]
        return picture.getvalue()

    assert png(optimize=True) != png()  # the picture tells the two apart
    write_png_atomic(image, tmp_path / "board.png")
    assert (tmp_path / "board.png").read_bytes() == png(optimize=True)


def test_write_png_atomic_wants_an_image(tmp_path: Path) -> None:
    with pytest.raises(TypeError) as err:
        write_png_atomic("board.png", tmp_path / "board.png")
    assert str(err.value) == "image 'board.png': expected a PIL image"
    assert os.listdir(tmp_path) == []
