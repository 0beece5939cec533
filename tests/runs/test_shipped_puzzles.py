"""The puzzles shipped in assets/puzzles/: each file made by the
command its first line names, across the four rule sets (a file ``RULES.txt``
from games between two lookahead players, ``RULES-greedy-random.txt`` from
games of greedy against random, where straight flushes and cuts are less
rare), every theme, at least 200 in all, a quarter or more with 8 or fewer
balls left, no position twice; and a sample of them re-solved (``spoker
puzzles check assets/puzzles/*.txt`` re-solves them all: about a minute, too
long for this suite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spoker import parse_state
from spoker.records.puzzles import read_puzzles
from spoker.runs.puzzles import THEMES, check

FOLDER = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
FILES = sorted(FOLDER.glob("*.txt"))
RULE_SETS = ("visible", "touching", "visible-apex-free", "touching-apex-free")
PLAYERS = {"": "lookahead,lookahead", "-greedy-random": "greedy,random"}


def rules_of(path: Path) -> str:
    """The rules of a shipped file, from its name (``visible-apex-free-greedy-random`` -> ``visible,apex-free``)."""
    stem = path.stem.removesuffix("-greedy-random")
    return stem.replace("-apex", ",apex")


def test_the_shipped_files_say_how_they_were_made_and_cover_the_rule_sets() -> None:
    assert {f.stem for f in FILES} == {r + suffix for r in RULE_SETS for suffix in PLAYERS}
    for f in FILES:
        first = f.read_text(encoding="utf-8").splitlines()[0]
        players = PLAYERS[f.stem.removeprefix(rules_of(f).replace(",", "-"))]
        assert first.startswith("# spoker puzzles make ") and f"--rules {rules_of(f)} " in first
        assert f"--out {f.name}" in first and f"--players {players} " in first


def test_every_theme_is_shipped() -> None:
    shipped = {t for f in FILES for p in read_puzzles(f) for t in p.puzzle.themes}
    assert shipped == set(THEMES)


def test_at_least_200_puzzles_a_quarter_late_and_no_position_twice() -> None:
    puzzles = [p.puzzle for f in FILES for p in read_puzzles(f)]
    assert len(puzzles) >= 200
    left = [30 - parse_state(p.state).move_number for p in puzzles]
    assert sum(n <= 8 for n in left) * 4 >= len(puzzles)
    assert len({p.state for p in puzzles}) == len(puzzles)
    for f in FILES:  # every file's puzzles are of its rules
        assert all(p.puzzle.state.endswith(" " + rules_of(f)) for p in read_puzzles(f)), f.name


@pytest.mark.usefixtures("quick_search")  # checked as the product checks them
def test_a_sample_of_the_shipped_puzzles_still_holds() -> None:
    for f in FILES:  # one of every file, its middle one
        puzzles = read_puzzles(f)
        for p in puzzles[len(puzzles) // 2:][:1]:
            assert check(p.puzzle) == [], f"{p.file}:{p.line}"
