"""``spoker study``: rule sets from repeated --rules (items and rules files),
and --explore from the command line, bad input included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spoker.cli import main

LEVEL_LINES = '''name = "level-lines"
summary = "Only lines within one level count"
lines = "in-level"
'''


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_repeated_rules_with_a_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "level.toml"
    path.write_text(LEVEL_LINES, encoding="utf-8")
    code, out, err = run(capsys, "study", "--players", "greedy,random", "--games", "6", "--seed", "2",
                         "--rules", "visible", "touching", "--rules", str(path), "--rules", "tie=none, bag=12-9-9",
                         "--json")
    assert (code, err) == (0, "")
    rows = json.loads(out)["rules"]
    assert [(r["name"], r["rules"]) for r in rows] == [
        ("visible", "visible"), ("touching", "touching"), ("level-lines", "visible, lines=in-level"),
        ("visible, tie=none, bag=12-9-9", "visible, tie=none, bag=12-9-9"),
    ]
    for r in rows:
        assert {"lead_changes", "decided_at"} <= set(r) and r["games"] == 6
    code, out, err = run(capsys, "study", "--players", "greedy,random", "--games", "6", "--seed", "2",
                         "--rules", "visible", "--rules", str(path))
    assert (code, err) == (0, "")
    assert "rules: level-lines: visible, lines=in-level" in out
    assert any(line.startswith("level-lines ") for line in out.splitlines())


def test_explore_ranks_them_all_and_draws_its_chart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "explore.png"
    argv = ["study", "--players", "greedy,random", "--games", "48", "--seed", "3", "--rules", "touching",
            "--explore", "bag=10-10-10|12-9-9 apex-free=off|on"]
    code, out, err = run(capsys, *argv, "--chart", str(chart), "--json")
    assert (code, err) == (0, "")
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    found = json.loads(out)
    assert found["method"] == "successive halving" and found["base"] == "touching"
    assert found["rounds"] == [{"rule_sets": 4, "games": 6}, {"rule_sets": 2, "games": 12}]
    assert [r["rank"] for r in found["ranking"]] == [1, 2, 3, 4]
    assert {r["rules"] for r in found["ranking"]} == {
        "touching", "touching, bag=12-9-9", "touching, apex-free", "touching, apex-free, bag=12-9-9"}


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--explore", "tie=both|maybe"], "'tie=both|maybe'"),
        (["--explore", "colour=red|blue"], "'colour=red|blue'"),
        (["--explore", ""], "names no item"),
        (["--explore", "tie=both|none", "--games", "3"], "too few"),
        (["--explore", "tie=both|none", "--rules", "visible", "touching"], "one base rule set"),
        (["--explore", "tie=both|none", "--players", "random,random"], "one pair"),
        (["--rules", "visible", "--rules", "tie=sometimes"], "'tie=sometimes'"),
        (["--rules", "visible", "--rules", "missing.toml"], "missing.toml"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: list[str], named: str
) -> None:
    chart = tmp_path / "never.png"
    games = [] if "--games" in extra else ["--games", "40"]
    code, out, err = run(capsys, "study", "--players", "greedy,random", *games, "--seed", "1",
                         "--chart", str(chart), *extra)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and named in err
    assert not chart.exists() and list(tmp_path.iterdir()) == []
