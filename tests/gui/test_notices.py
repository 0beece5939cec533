"""Notices are data: a screen chooses its words by a notice's kind, never by
the words of its line (a folder named "damaged" is not a damaged file)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameSetup
from spoker.gui.views.lessons import LessonsView
from spoker.notices import Notice, NoticeKind, tell_all
from spoker.records.record import seed_notice


def test_a_write_failure_in_a_folder_named_damaged_is_not_told_as_a_damaged_file(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    home = tmp_path / "damaged-data"
    home.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv("SPOKER_HOME", str(home))
    app = SpokerApp(window, threaded=False, persist=True)
    app.on_quit = lambda: None
    view = app.show_lessons()
    assert isinstance(view, LessonsView)
    capsys.readouterr()
    view.book.progress.mark_done("line")  # cannot be written: its folder is a file
    view._tell_notices()
    err = capsys.readouterr().err
    assert err.startswith("spoker: cannot keep the lessons' progress file in ") and "damaged-data" in err
    assert "is a file, not a folder" in err
    assert view.message == "Cannot keep the lessons' progress (see the terminal)"


def test_tell_all_tells_each_line_and_shows_the_damaged_one() -> None:
    moved = Notice(NoticeKind.SET_ASIDE, "the preferences file was damaged (x): moved to 'p'", "A damaged file")
    late = Notice(NoticeKind.INFO, "something else")
    out = io.StringIO()
    assert tell_all([moved, late], out) is moved
    assert out.getvalue() == f"spoker: {moved.line}\nspoker: {late.line}\n"
    assert tell_all([late], out) is late and tell_all([], out) is None


def test_an_unreadable_seed_is_a_notice_with_a_short_form() -> None:
    notice = seed_notice({"Seed": "-12"}, continued=True)
    assert notice is not None and notice.kind is NoticeKind.IGNORED and not notice.damaged
    assert notice.line.startswith("header 'Seed' '-12' is not a whole number")
    assert notice.screen == "Seed header unreadable: the draws start afresh"
    assert seed_notice({"Seed": "12"}, continued=True) is None


@pytest.mark.parametrize("where", ["/dev/null", "unfinished-a-file"])
def test_an_autosave_that_cannot_be_written_names_the_file(
    window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    """SPOKER_HOME=/dev/null (the game's lock cannot be made there), or a data
    folder whose ``unfinished`` is a file: the line names the file it is about."""
    home = Path(where) if where.startswith("/") else tmp_path / "home"
    if not where.startswith("/"):
        (home / "unfinished").parent.mkdir()
        (home / "unfinished").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SPOKER_HOME", str(home))
    app = SpokerApp(window, threaded=False, persist=True)
    app.on_quit = lambda: None
    capsys.readouterr()
    view = app.new_game(GameSetup(seed=1))
    told = [line for line in capsys.readouterr().err.splitlines() if "autosave" in line]
    assert len(told) == 1 and f"'{home / 'unfinished'}" in told[0], told
    assert "File exists" not in told[0]
    assert view.message.startswith("Cannot autosave")


def test_a_data_folder_that_is_a_file_is_said_so_not_file_exists(
    window: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPOKER_HOME=/dev/null: the kept files' lines name the file and say why
    in words that fit ("File exists" was the system's word for making a folder
    where a file is)."""
    monkeypatch.setenv("SPOKER_HOME", "/dev/null")
    app = SpokerApp(window, threaded=False, persist=True)
    app.on_quit = lambda: None
    view = app.show_lessons()
    assert isinstance(view, LessonsView)
    capsys.readouterr()
    view.book.progress.mark_done("line")
    view._tell_notices()
    (line,) = capsys.readouterr().err.splitlines()
    assert "'/dev/null/lessons.json'" in line and "File exists" not in line and "'/dev/null'" in line
