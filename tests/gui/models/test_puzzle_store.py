"""The Puzzles screen's files in the data folder: round trips, damaged files
set aside with one notice, a folder that cannot be written told once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spoker.gui.models.kept_file import LOCK_SUFFIX
from spoker.gui.models.puzzle_rating import Rating
from spoker.gui.models.puzzle_store import (
    FILENAME,
    MINE_FILENAME,
    MineStore,
    ProgressStore,
    PuzzleProgress,
    progress_json,
    record_key,
)
from spoker.records.puzzles import parse_puzzle

LINE = ("RBWRBRWRBBWRWRWW/BBRBBR.B./..../. 2 2-6 flush_three:2D2,2D4,2D6 W * visible "
        "=> 3C3 deny-the-straight-flush # difficulty 0")


def test_the_progress_round_trips(tmp_path: Path) -> None:
    path = tmp_path / FILENAME
    kept = PuzzleProgress(Rating(1612.5, 80.25, 0.0601), 3, 5, 9, 6, ("a", "b"))
    ProgressStore(path).keep(kept)
    again = ProgressStore(path)
    assert again.progress == kept
    assert again.take_notices() == []
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "spoker-puzzles-1"


@pytest.mark.parametrize("content", [
    "{not json", json.dumps({"format": "other"}), json.dumps({**progress_json(PuzzleProgress()), "rating": "high"}),
    json.dumps({**progress_json(PuzzleProgress()), "solved": 5, "tried": 2}),
    json.dumps({**progress_json(PuzzleProgress()), "recent": [1, 2]}),
])
def test_a_damaged_progress_file_is_set_aside_with_one_notice(tmp_path: Path, content: str) -> None:
    path = tmp_path / FILENAME
    path.write_text(content, encoding="utf-8")
    store = ProgressStore(path)
    assert store.progress == PuzzleProgress()
    notices = store.take_notices()
    assert len(notices) == 1 and "damaged" in notices[0].line
    assert not path.exists()
    assert [p.name.startswith(FILENAME + ".damaged-") for p in tmp_path.iterdir()
            if not p.name.endswith(LOCK_SUFFIX)] == [True]
    store.keep(PuzzleProgress(streak=1, best_streak=1, tried=1, solved=1))
    assert ProgressStore(path).progress.streak == 1  # written afresh


def test_a_folder_that_cannot_be_written_is_told_once(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    store = ProgressStore(blocker / FILENAME)  # a file where the folder should be
    store.keep(PuzzleProgress(tried=1))
    store.keep(PuzzleProgress(tried=2))
    notices = store.take_notices()
    assert len(notices) == 1 and "cannot keep" in notices[0].line
    assert store.progress.tried == 2  # kept for the session


def test_the_puzzles_of_my_games_round_trip(tmp_path: Path) -> None:
    path = tmp_path / MINE_FILENAME
    puzzle = parse_puzzle(LINE)
    assert puzzle is not None
    store = MineStore(path)
    store.keep(record_key("visible", ["W@1A1"]), [puzzle])
    store.keep(record_key("visible", ["W@1C1"]), [])
    again = MineStore(path)
    assert again.find(record_key("visible", ["W@1A1"])) == (puzzle,)
    assert again.find(record_key("visible", ["W@1C1"])) == ()
    assert again.find("visible R@1A1") is None
    assert again.puzzles() == [puzzle]


def test_a_damaged_file_of_my_puzzles_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / MINE_FILENAME
    path.write_text(json.dumps({"format": "spoker-puzzles-mine-1", "records": {"k": ["not a puzzle"]}}),
                    encoding="utf-8")
    store = MineStore(path)
    assert store.records == {}
    assert len(store.take_notices()) == 1
    assert not path.exists()
