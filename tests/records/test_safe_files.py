"""Any file, read and written safely (spoker.records.files): the bounded
reader, the atomic writer (permissions, links, FIFOs, folders, leftovers of
a crash, a full disk) and the whole-line append."""

from __future__ import annotations

import errno
import io
import os
import stat
from pathlib import Path

import pytest

from spoker.errors import RecordError
from spoker.records.files import (
    STALE_TEMP_SECONDS,
    append_whole,
    read_bounded,
    remove_stale_temporaries,
    write_text_atomic,
)


# -- the bounded reader --------------------------------------------------------------
def test_read_bounded_reads_up_to_the_limit_and_refuses_more() -> None:
    assert read_bounded(io.BytesIO(b"x" * 10), limit=10) == b"x" * 10
    with pytest.raises(RecordError, match="too large for a results file"):
        read_bounded(io.BytesIO(b"x" * 11), limit=10, what="a results file")
    with pytest.raises(RecordError, match="a NUL byte at byte 2"):
        read_bounded(io.BytesIO(b"ab\0c"), text=True)
    assert read_bounded(io.BytesIO(b"ab\0c")) == b"ab\0c"  # bytes are bytes, unless text is asked


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
    with pytest.raises(OSError, match="nobody reads"):
        write_text_atomic(fifo, "lost")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_atomic_write_refuses_a_folder_by_its_name(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError, match="is a folder") as err:
        write_text_atomic(tmp_path / "out", "x")
    assert ".tmp" not in str(err.value)  # not the temporary file's name
    assert os.listdir(tmp_path) == ["out"]


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


def test_leftover_temporary_files_of_a_crash_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "game.txt"
    dead = tmp_path / ".game.txt.999999999.abcd.tmp"  # no such process
    old = tmp_path / ".game.txt.x1y2z3.tmp"  # an older name, long ago
    fresh = tmp_path / f".game.txt.{os.getppid()}.live.tmp"  # a running process, just now
    other = tmp_path / ".other.txt.999999999.abcd.tmp"  # another file's: not ours to judge
    for p in (dead, old, fresh, other):
        p.write_text("half")
    long_ago = os.path.getmtime(old) - STALE_TEMP_SECONDS - 5
    os.utime(old, (long_ago, long_ago))
    write_text_atomic(target, "whole")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.txt", fresh.name, other.name])
    assert remove_stale_temporaries(str(tmp_path), "game.txt") == []


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


def test_a_short_append_is_cut_back_to_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cases.txt"
    path.write_bytes(b"one\n")
    real_write = os.write

    def full(fd: int, data: bytes) -> int:  # the disk fills up after three bytes
        return real_write(fd, bytes(data[:3]))

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError) as info:
        append_whole(path, b"a longer line\n")
    assert info.value.errno == errno.ENOSPC
    assert path.read_bytes() == b"one\n"

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
