"""The puzzles shipped in assets/puzzles/ (issue 26): each file made by the
command its first line names, across the four rule sets, at least 200 in
all, a quarter or more with 8 or fewer balls left, no position twice; and a
sample of them re-solved (``spoker puzzles check assets/puzzles/*.txt``
re-solves them all: 27 s, too long for this suite)."""

from __future__ import annotations

from pathlib import Path

from spoker import parse_state
from spoker.records.puzzles import read_puzzles
from spoker.runs.puzzles import check

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
FILES = sorted(FOLDER.glob("*.txt"))


def test_the_shipped_files_say_how_they_were_made_and_cover_the_rule_sets() -> None:
    assert {f.stem for f in FILES} == {"visible", "touching", "visible-apex-free", "touching-apex-free"}
    for f in FILES:
        first = f.read_text(encoding="utf-8").splitlines()[0]
        rules = f.stem.replace("-apex", ",apex")
        assert first.startswith("# spoker puzzles make ") and f"--rules {rules} " in first and f"--out {f.name}" in first


def test_at_least_200_puzzles_a_quarter_late_and_no_position_twice() -> None:
    puzzles = [p.puzzle for f in FILES for p in read_puzzles(f)]
    assert len(puzzles) >= 200
    left = [30 - parse_state(p.state).move_number for p in puzzles]
    assert sum(n <= 8 for n in left) * 4 >= len(puzzles)
    assert len({p.state for p in puzzles}) == len(puzzles)
    for f in FILES:  # every file's puzzles are of its rules
        rules = f.stem.replace("-apex", ",apex")
        assert all(p.puzzle.state.endswith(" " + rules) for p in read_puzzles(f)), f.name


def test_a_sample_of_the_shipped_puzzles_still_holds() -> None:
    puzzles = [p for f in FILES for p in read_puzzles(f)]
    for p in puzzles[::30]:  # ten of them, from every file
        assert check(p.puzzle) == [], f"{p.file}:{p.line}"
