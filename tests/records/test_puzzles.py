"""The puzzle line format (notation.md, "Puzzles"): parsing, writing, files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spoker.engine.state import GameState
from spoker.errors import NotationError
from spoker.records.puzzles import QUOTED_CHARS, Puzzle, format_puzzle, parse_puzzle, read_puzzles

# A position of a real game with the ball drawn: 2F6, 3C3, 3E3 and 3C5 are playable.
STATE = "WRRWBBBRWWRBRWBR/WRRWWBRB./..../. 1 3-5 three_kinds:2D2,2D4,2D6 W * visible"


def drawn_states(seed: int, count: int) -> list[GameState]:
    """Positions with a ball drawn, from a game of first playable cells."""
    rng = random.Random(seed)
    state = GameState()
    found: list[GameState] = []
    while not state.is_over and len(found) < count:
        state.draw(rng)
        found.append(state.copy())
        state.apply_place(rng.choice(state.legal_cells()))
    return found


def test_a_line_is_read_with_its_answers_themes_and_difficulty() -> None:
    puzzle = parse_puzzle(f"  {STATE} => 3e3,2F6 cut bag-odds # difficulty 2")
    assert puzzle is not None
    assert puzzle.state == STATE
    assert [str(c) for c in puzzle.answers] == ["2F6", "3E3"]  # cell order
    assert puzzle.themes == ("cut", "bag-odds")
    assert puzzle.difficulty == 2
    assert format_puzzle(puzzle) == f"{STATE} => 2F6,3E3 cut bag-odds # difficulty 2"


def test_blank_lines_and_comments_are_no_puzzles() -> None:
    assert parse_puzzle("") is None
    assert parse_puzzle("   \t") is None
    assert parse_puzzle("# a comment => 1A1") is None
    plain = parse_puzzle(f"{STATE} => 3C3 # any other comment")
    assert plain is not None and plain.difficulty is None and plain.themes == ()


@pytest.mark.parametrize(("line", "why"), [
    ("nothing here", "expected 'STATE => CELL"),
    (f"{STATE} => 3C3 => 3E3", "more than once"),
    (f"{STATE} =>", "no answer"),
    (f"{STATE} => 9Z9", "not a cell name"),
    (f"{STATE} => 1A1", "not a playable cell"),
    (f"{STATE} => 3C3,3C3", "named twice"),
    (f"{STATE} => 3C3 Cut", "theme 'Cut'"),
    (STATE.replace(" W * ", " - * ") + " => 3C3", "drawn ball"),
    ("WB............../........./..../. 2 => 1A3", "player '2' to move"),
    (f"{STATE} => 3C3 café", "ASCII"),
])
def test_a_bad_line_is_refused_quoting_it(line: str, why: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_puzzle(line)
    assert repr(line) in str(err.value)
    assert why in str(err.value)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 29), st.data())
def test_format_and_parse_round_trip(seed: int, at: int, data: st.DataObject) -> None:
    states = drawn_states(seed, at + 1)
    state = states[-1]
    cells = data.draw(st.lists(st.sampled_from(state.legal_cells()), min_size=1, unique=True))
    themes = data.draw(st.lists(st.from_regex(r"[a-z0-9-]{1,12}", fullmatch=True), max_size=3))
    difficulty = data.draw(st.none() | st.integers(0, 2))
    puzzle = Puzzle(state.to_string(), tuple(sorted(cells)), tuple(themes), difficulty)
    line = format_puzzle(puzzle)
    assert parse_puzzle(line) == puzzle
    assert format_puzzle(parse_puzzle(line)) == line  # type: ignore[arg-type]


pieces = st.sampled_from([STATE, "=>", " => ", "3C3", ",", "2F6", "#", " difficulty 1", "cut", "\n", "-", "é"])


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(pieces | st.text(max_size=4), max_size=8).map("".join)))
def test_any_text_is_a_puzzle_or_a_puzzle_error_quoting_it(text: str) -> None:
    try:
        parse_puzzle(text)
    except NotationError as err:
        shown = text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + "..."  # a long line is cut
        assert repr(shown) in str(err)


def test_a_file_is_read_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"# made by hand\n\n{STATE} => 3C3\n{STATE} => 3E3 covered\n")
    read = read_puzzles(path)
    assert [(x.file, x.line) for x in read] == [(str(path), 3), (str(path), 4)]
    assert read[1].puzzle.themes == ("covered",)


def test_a_bad_file_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(f"{STATE} => 3C3\nnot a puzzle\n")
    with pytest.raises(NotationError, match=r"p\.txt: line 2: not a puzzle: 'not a puzzle'"):
        read_puzzles(path)


def test_binary_and_non_utf8_files_are_refused(tmp_path: Path) -> None:
    (tmp_path / "z").write_bytes(b"abc\0def")
    with pytest.raises(NotationError, match="NUL byte"):
        read_puzzles(tmp_path / "z")
    (tmp_path / "l").write_bytes(b"caf\xe9")
    with pytest.raises(NotationError, match="not UTF-8"):
        read_puzzles(tmp_path / "l")
    with pytest.raises(OSError):
        read_puzzles(tmp_path / "missing")
