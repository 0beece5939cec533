"""docs/variants.md runs as written: its rules file, its ``spoker groups`` and
``spoker show`` commands (the output it quotes), its refused file."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from support.commands import call

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "variants.md"
RUNS_TODAY = ("groups", "show")
"""The page's commands the test runs (play, lab and study open a window or play thousands of games)."""


def _blocks(kind: str) -> list[str]:
    return [body for lang, body in re.findall(r"```(\w*)\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
            if lang == kind]


def _commands() -> list[tuple[list[str], str | None]]:
    """Each ``spoker`` command of the page's ``sh`` blocks (continued lines
    joined), with the error line it is shown with (after ``$ ``), if any."""
    out: list[tuple[list[str], str | None]] = []
    for block in _blocks("sh"):
        lines = block.replace("\\\n", " ").splitlines()
        for i, line in enumerate(lines):
            shown = line.startswith("$ ")
            argv = shlex.split(line.removeprefix("$ "))
            if argv[:1] == ["spoker"]:
                out.append((argv[1:], lines[i + 1] if shown else None))
    return out


def test_the_pages_commands_run_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (rules_file,) = _blocks("toml")
    (tmp_path / "level-lines.toml").write_text(rules_file, encoding="utf-8")
    (tmp_path / "broken.toml").write_text(rules_file.replace('"in-level"', '"level"'), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    commands = _commands()
    assert {argv[0] for argv, _ in commands} >= {"groups", "show", "play", "lab", "study"}
    quoted = [line for line in _blocks("")[0].splitlines() if line != "..."]
    ran = 0
    for argv, error in commands:
        if argv[0] not in RUNS_TODAY:
            continue
        code, out, err = call(argv)
        ran += 1
        if error is not None:
            assert (code, out, err.strip()) == (2, "", error), argv
            continue
        assert (code, err) == (0, ""), (argv, err)
        if argv[0] == "groups" and "level-lines.toml" in argv:
            assert all(line in out.splitlines() for line in quoted), out
        elif argv[0] == "groups":
            assert "Best counting group: flush three, level 3 (1C3 2D4 3E5)." in out
    assert ran == 4


def test_the_page_is_linked_from_the_readme_and_the_rules() -> None:
    assert "docs/variants.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(variants.md)" in (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
