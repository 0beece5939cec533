"""``spoker render RECORD --animate OUT``: its arguments, refused in one line
(exit 2) before any frame is drawn. The frames themselves are drawn in
tests/gui/render/test_film.py, under the GUI tests' one window."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.commands import call
from support.games import COMPLETE_GAME

from spoker.cli.render_cmd import parse_fps, parse_moves
from spoker.errors import ArgumentError

BOARD = "WB............../........./..../."


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("Player1: Ann\nPlayer2: Bob\n\n" + COMPLETE_GAME + "\n")
    return path


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--moves", "0-3"], "moves '0-3': moves count from 1"),
        (["--moves", "5-31"], "moves '5-31': the record has 30 moves (1-30)"),
        (["--moves", "9-4"], "moves '9-4'"),
        (["--moves", "a-b"], "moves 'a-b': expected FIRST-LAST"),
        (["--fps", "0"], "fps '0': frames a second must be 0.1 to 30"),
        (["--fps", "31"], "fps '31'"),
        (["--fps", "fast"], "fps 'fast'"),
        (["--size", "100x100"], "size '100x100': an animation is 320x200 to 1920x1200 pixels"),
        (["--size", "2000x1000"], "size '2000x1000'"),
        (["--highlight", "1A1"], "--highlight is for --out"),
        (["--exploded"], "--exploded is for --out"),
        (["--effort", "100"], "--effort is the analysis's"),
        (["--out", "x.png"], "give one of them"),
    ],
)
def test_bad_animation_arguments_are_one_line_exit_2_and_nothing_is_written(
    record: Path, tmp_path: Path, extra: list[str], message: str
) -> None:
    out = tmp_path / "film.gif"
    code, stdout, err = call(["render", str(record), "--animate", str(out), *extra])
    assert code == 2, err
    assert err.startswith("spoker render: error:") and err.count("\n") == 1, err
    assert message in err
    assert not out.exists() and stdout == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("W@9Z9\n", "move 1 'W@9Z9'"),
        ("W@1A1 W@1A1\n", "move 2"),
        ("Player1: Ann\n\n", "no moves"),
    ],
)
def test_a_bad_record_is_refused_naming_the_file(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "bad.txt"
    if content is not None:
        path.write_text(content)
    code, _, err = call(["render", str(path), "--animate", str(tmp_path / "x.gif")])
    assert code == 2 and err.count("\n") == 1, err
    assert "bad.txt" in err and message in err
    assert not (tmp_path / "x.gif").exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--animate", "{tmp}/x.jpg"], "name it FILE.gif, FILE.png (APNG) or FILE.webp"),
        (["--animate", "{tmp}/missing/x.gif"], "does not exist"),
        (["--out", "{tmp}/x.png", "--moves", "1-2"], "--moves is for --animate"),
        (["--out", "{tmp}/x.png", "--analyse"], "--analyse is for --animate"),
        (["--out", "{tmp}/x.png"], "is a file: a record is drawn with --animate"),
        ([], "give --out FILE.png"),
    ],
)
def test_the_two_kinds_of_output_are_told_apart(record: Path, tmp_path: Path, argv: list[str], message: str) -> None:
    code, _, err = call(["render", str(record), *[a.format(tmp=tmp_path) for a in argv]])
    assert code == 2 and err.count("\n") == 1, err
    assert message in err


def test_a_board_without_an_output_is_still_refused_as_before(tmp_path: Path) -> None:
    code, _, err = call(["render", BOARD])
    assert code == 2 and "--out FILE.png" in err


@pytest.mark.parametrize(("text", "expected"), [("20-21", (20, 21)), ("7", (7, 7)), (" 1 - 30 ", (1, 30))])
def test_parse_moves_takes_a_range_or_one_move(text: str, expected: tuple[int, int]) -> None:
    assert parse_moves(text) == expected


@pytest.mark.parametrize(("text", "expected"), [("2", 2.0), ("0.5", 0.5), (" 30 ", 30.0), ("0.1", 0.1)])
def test_parse_fps_takes_a_number_of_frames_a_second(text: str, expected: float) -> None:
    assert parse_fps(text) == pytest.approx(expected)


@given(st.one_of(st.text(max_size=12), st.from_regex(r"\s?\d{1,7}(-\d{0,7})?\s?", fullmatch=True)))
def test_parse_moves_fuzz(text: str) -> None:
    try:
        first, last = parse_moves(text)
    except ArgumentError as err:
        assert repr(text) in str(err)
        return
    assert 1 <= first <= last


@given(st.one_of(st.text(max_size=10), st.from_regex(r"\d{1,5}(\.\d{0,7})?", fullmatch=True),
                 st.floats().map(str)))
def test_parse_fps_fuzz(text: str) -> None:
    try:
        fps = parse_fps(text)
    except ArgumentError as err:
        assert repr(text) in str(err)
        return
    assert 0.1 <= fps <= 30
