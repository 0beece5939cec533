"""Links in the data folder (docs/decisions.md, "Links in the data folder"):
nothing below it is followed through a symbolic link, and "only a regular
file" is decided in one place, :func:`spoker.records.files.open_regular`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spoker.errors import StorageError
from spoker.gui.models import storage
from spoker.records.files import open_regular, same_file


def test_open_regular_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x")
    with open_regular(tmp_path / "f") as f:
        assert f.read() == b"x"
    with pytest.raises(StorageError, match="is a folder"):
        open_regular(tmp_path)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(StorageError, match="not a regular file"):  # at once: nobody writes the FIFO
        open_regular(tmp_path / "fifo")
    with pytest.raises(FileNotFoundError):
        open_regular(tmp_path / "none")


def test_open_regular_without_links_refuses_a_link_even_a_dangling_one(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x")
    (tmp_path / "link").symlink_to(tmp_path / "f")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    with open_regular(tmp_path / "link") as f:  # links are followed unless refused
        assert f.read() == b"x"
    for name in ("link", "dangling"):
        with pytest.raises(StorageError, match="symbolic link") as caught:
            open_regular(tmp_path / name, no_links=True)
        assert caught.value.path == str(tmp_path / name)


def test_same_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x")
    (tmp_path / "link").symlink_to(tmp_path / "f")
    assert same_file(tmp_path / "f", tmp_path / "link")
    assert same_file(tmp_path / "none", tmp_path / "." / "none")
    assert not same_file(tmp_path / "f", tmp_path / "none")


def test_a_kept_file_that_is_a_link_is_damage_never_read_through(tmp_path: Path) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").symlink_to(outside)
    with pytest.raises(StorageError, match="symbolic link"):
        storage.read_json(home / "settings.json")


def test_inside_data_folder_refuses_any_link_below_the_folder(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    assert storage.inside_data_folder(home / "locks" / "a.lock", home) == home / "locks" / "a.lock"
    (home / "locks").symlink_to(elsewhere)
    with pytest.raises(StorageError, match="symbolic link") as caught:
        storage.inside_data_folder(home / "locks" / "a.lock", home)
    assert caught.value.path == str(home / "locks")
    (home / "x.json").symlink_to(tmp_path / "gone")  # dangling: would create its target outside
    with pytest.raises(StorageError, match="symbolic link"):
        storage.inside_data_folder(home / "x.json", home)
    with pytest.raises(StorageError, match="not in the data folder"):
        storage.inside_data_folder(elsewhere / "x.json", home)


def test_the_data_folder_itself_may_be_a_link(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "home").symlink_to(real)
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    assert storage.inside_data_folder(tmp_path / "home" / "settings.json") == tmp_path / "home" / "settings.json"


def test_write_atomic_never_writes_through_a_link(tmp_path: Path) -> None:
    (tmp_path / "settings.json").symlink_to(tmp_path / "outside.json")
    with pytest.raises(StorageError, match="symbolic link"):
        storage.write_atomic(tmp_path / "settings.json", "{}")
    assert not (tmp_path / "outside.json").exists()


def test_a_link_made_after_the_check_is_refused_by_the_open_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link put in place between the look (``islink``) and the open is not
    followed either: the open refuses links too (O_NOFOLLOW), and says so as
    the look would, naming the path."""
    (tmp_path / "f").write_bytes(b"x")
    (tmp_path / "link").symlink_to(tmp_path / "f")
    monkeypatch.setattr(os.path, "islink", lambda name: False)  # the look saw a file
    with pytest.raises(StorageError, match="symbolic link") as caught:
        open_regular(tmp_path / "link", no_links=True)
    assert caught.value.path == str(tmp_path / "link")


def test_open_regular_gives_a_file_that_reads_blocking(tmp_path: Path) -> None:
    """Opened without blocking (a FIFO must not hang the look), the file is
    handed back as ``open`` would give it: reads that wait."""
    (tmp_path / "f").write_bytes(b"x")
    with open_regular(tmp_path / "f") as f:
        assert os.get_blocking(f.fileno())


@pytest.mark.parametrize("missing", ["O_CLOEXEC", "O_NOFOLLOW", "O_NONBLOCK"])
def test_a_system_without_a_flag_still_opens_a_file_for_reading_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, missing: str
) -> None:
    """Windows has none of O_CLOEXEC, O_NOFOLLOW, O_NONBLOCK: the open goes on
    without it (the lstat look still refuses a link), reading only."""
    import fcntl

    (tmp_path / "f").write_bytes(b"x")
    monkeypatch.delattr(os, missing)
    with open_regular(tmp_path / "f", no_links=True) as f:
        assert fcntl.fcntl(f.fileno(), fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY
        assert f.read() == b"x"
