"""``--rules`` with notation.md's items and rules files (``FILE.toml``): the
commands follow them, and every bad value, key or file is one line, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import reference_rules as ref
from support.commands import run
from support.strategies import placements

from shibumi import Board, Cell, Colour
from spoker.cli.groups_cmd import analyse, to_json
from spoker.engine.moves import Move
from spoker.engine.rules import RuleSet
from spoker.records.record import parse_record
from spoker.text.textview import groups_text

LEVEL_LINES = '''\
name = "level-lines"
summary = "Only lines within one level count"
lines = "in-level"
tie = "none"
bag = [9, 11, 10]
'''

EXAMPLE4 = "RRWRBRBWWBWBBWBW/WBWBRBWBR/..../."  # (tests/cli/test_cli.py) without 3C3


def groups(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, "groups", *argv, "--json")
    assert (code, err) == (0, ""), err
    answer: dict[str, object] = json.loads(out)
    return answer


def test_groups_follow_lines_in_level_and_say_why(capsys: pytest.CaptureFixture[str]) -> None:
    plain = groups(capsys, EXAMPLE4, "R@3E5")
    assert plain["best"] == {"rank": "flush_three", "cells": ["1C3", "2D4", "3E5"], "top_level": 3}
    level = groups(capsys, EXAMPLE4, "R@3E5", "--rules", "visible, lines=in-level")
    assert level["best"] is None  # every line through 3E5 climbs
    assert level["groups"] and all(not g["counts"] for g in level["groups"])  # type: ignore[attr-defined, union-attr]
    assert {g["why"] for g in level["groups"]} == {  # type: ignore[attr-defined, union-attr]
        "a line that climbs does not count under lines=in-level"
    }


def test_groups_follow_order_and_off(capsys: pytest.CaptureFixture[str]) -> None:
    # Row 3 becomes W W W W: a flush four, and flush threes inside it.
    board = "BBBRWWW.BBBRBBBB/........./..../."
    assert groups(capsys, board, "W@1G3")["best"]["rank"] == "flush_four"  # type: ignore[index]
    flush_four_low = "--rules", "order=flush_four<three_kinds<flush_three<full_house"
    assert groups(capsys, board, "W@1G3", *flush_four_low)["best"]["rank"] == "flush_three"  # type: ignore[index]
    off = groups(capsys, board, "W@1G3", "--rules", "off=flush_four+flush_three")
    assert off["best"]["rank"] == "three_kinds"  # type: ignore[index]
    assert "a flush four does not count under off=flush_four" == next(
        g["why"] for g in off["groups"] if g["rank"] == "flush_four"  # type: ignore[attr-defined, union-attr, index]
    )


def test_a_rules_file_is_the_same_rule_set_as_its_items(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "level.toml"
    path.write_text(LEVEL_LINES)
    by_file = groups(capsys, EXAMPLE4, "R@3E5", "--rules", str(path))
    by_items = groups(capsys, EXAMPLE4, "R@3E5", "--rules", "lines=in-level, tie=none, bag=9-11-10")
    assert by_file == by_items
    code, out, err = run(capsys, "groups", EXAMPLE4, "R@3E5", "--rules", str(path), "--as-case")
    assert (code, err) == (0, "")
    assert " visible,lines=in-level,tie=none,bag=9-11-10 => none" in out


def test_a_bag_lets_a_board_hold_more_of_a_colour(capsys: pytest.CaptureFixture[str]) -> None:
    board = "WWWWWWWWWWW...../........./..../."  # 11 white
    code, out, err = run(capsys, "groups", board, "W@1G5", "--json")
    assert code == 2 and "11 white balls" in err
    answer = groups(capsys, board, "W@1G5", "--rules", "bag=12-9-9")
    assert answer["best"] is not None
    code, out, err = run(capsys, "groups", board, "W@1G5", "--rules", "bag=11-10-9", "--json")
    assert (code, out) == (2, "") and "no white ball is left in the bag" in err


def test_simulate_under_items_and_a_record_keeps_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "simulate", "--games", "40", "--players", "greedy,random", "--seed", "3",
        "--rules", "touching, tie=none, bag=14-8-8, order=flush_four<full_house<flush_three<three_kinds", "--json",
    )
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 40
    # A record written under items replays anywhere: its Rules header is canonical.
    rules = RuleSet.parse("tie=none, bag=14-8-8, touching")
    text = "Rules: bag=14-8-8, touching,tie=none\n\nW@1A1 W@1C1 W@1E1 B@1A3\n"
    record = parse_record(text)
    assert record.rules == rules and record.headers["Rules"] == "touching, tie=none, bag=14-8-8"


@pytest.mark.parametrize(("value", "says"), [
    ("visible, touching", "name two visibilities"),
    ("tie=none, tie=none", "given twice"),
    ("order=three_kinds<flush_three", "order= takes the four ranks"),
    ("bag=10-10-11", "the bag holds 30 balls, not 31"),
    ("lines=sideways", "lines= takes"),
    ("colour=red", "unknown item 'colour=red'"),
])
def test_a_bad_rules_value_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], value: str, says: str
) -> None:
    for argv in (
        ("groups", "WB............../........./..../.", "R@1E1", "--rules", value),
        ("simulate", "--games", "2", "--players", "random,random", "--rules", value),
    ):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, "") and err.count("\n") == 1 and says in err and repr(value) in err


@pytest.mark.parametrize(("content", "says"), [
    (b'name = "x"\nsummary = "s"\ncolour = 1\n', "key 'colour': unknown key"),
    (b'name = "x"\nsummary = "s"\nbag = [10, 10]\n', "key 'bag'"),
    (b'name = "x"\nsummary = "s"\ntie = 0\n', "key 'tie'"),
    (b'summary = "s"\n', "key 'name': missing"),
    (b'name = "x"\nsummary = \n', "not TOML"),
    (b"name = \"x\"\x00\n", "binary data"),
    (b"\xff\xfe name", "not UTF-8"),
    (b"#" * (65 * 1024), "too large"),
])
def test_a_bad_rules_file_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, says: str
) -> None:
    path = tmp_path / "mine.toml"
    path.write_bytes(content)
    code, out, err = run(capsys, "groups", "WB............../........./..../.", "R@1E1", "--rules", str(path))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert says in err and "mine.toml" in err


def test_a_missing_rules_file_or_a_folder_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    for path in (tmp_path / "none.toml", folder):
        code, out, err = run(capsys, "simulate", "--games", "2", "--players", "random,random", "--rules", str(path))
        assert (code, out) == (2, "") and err.count("\n") == 1 and path.name in err


def test_render_reads_a_board_and_a_record_under_rules(tmp_path: Path) -> None:
    """``spoker render`` takes --rules as every command reading a board string
    does (a real process, headless): a board of 11 white balls is a picture
    under ``bag=12-9-9``; a record is animated under the rules given."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_DATA_HOME")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2]) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(SPOKER_HOME=str(tmp_path / "home"), ARCADE_HEADLESS="1")
    record = tmp_path / "game.txt"
    record.write_text("Rules: visible\n\nW@1A1 B@1C1 R@1E1\n", encoding="utf-8")
    still, film = tmp_path / "eleven.png", tmp_path / "game.gif"
    for argv in (["render", "WWWWWWWWWWW...../........./..../.", "--rules", "bag=12-9-9", "--size", "160x120",
                  "--out", str(still)],
                 ["render", str(record), "--rules", "touching, tie=none", "--animate", str(film), "--moves", "1",
                  "--size", "320x200"]):
        proc = subprocess.run([sys.executable, "-m", "spoker", *argv], env=env, capture_output=True, text=True,
                              timeout=300, check=False, cwd=tmp_path)
        assert (proc.returncode, proc.stderr.replace("\r\x1b[K", "")) == (0, ""), proc.stderr
        assert proc.stdout.startswith("wrote ")
    assert still.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and film.read_bytes()[:6] == b"GIF89a"


OFF_SAID = {
    "three_kinds": "three of three kinds does not count under off=three_kinds",
    "flush_three": "a flush three does not count under off=flush_three",
    "full_house": "a full house does not count under off=full_house",
    "flush_four": "a flush four does not count under off=flush_four",
    "straight_flush": "a straight flush does not count under off=straight_flush",
}
CLIMBS = "a line that climbs does not count under lines=in-level"


def test_a_shape_switched_off_is_said_plainly_in_the_explanation_and_the_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    full_house = groups(capsys, "WWRRBB.RWWRWBWRB/........./..../.", "W@2B4", "--rules", "off=full_house")
    assert full_house["best"] is None
    assert [(g["rank"], g["counts"], g["why"]) for g in full_house["groups"]] == [  # type: ignore[attr-defined, union-attr, index]
        ("full_house", False, OFF_SAID["full_house"])
    ]
    code, out, err = run(capsys, "groups", "WWRRBB.RWWRWBWRB/........./..../.", "W@2B4", "--rules", "off=full_house")
    assert (code, err) == (0, "") and f"rules: {OFF_SAID['full_house']}." in out
    # A line both off and climbing: the off item is said first, then the climb (before, the climb alone).
    both = groups(capsys, "BBWB.BWRRWBWRBRR/....WB.WW/..../.", "W@3E5", "--rules", "lines=in-level, off=three_kinds")
    assert [g["why"] for g in both["groups"]] == [  # type: ignore[attr-defined, union-attr, index]
        f"{OFF_SAID['three_kinds']}; {CLIMBS}"
    ]


@given(
    placements(min_balls=4),
    st.sets(st.sampled_from(sorted(OFF_SAID))),
    st.sampled_from(["any", "in-level"]),
    st.sampled_from(["visible", "touching"]),
)
def test_groups_say_every_item_that_holds_a_shape_back_as_the_reference_model_counts(
    placement: tuple[Board, Cell, Colour], off: set[str], lines: str, visibility: str,
) -> None:
    """``groups``' counts agree with tests/support's model under off= and
    lines=; every group of a shape switched off names its off= item plainly
    (in --json's why and the explanation), a climbing line under
    lines=in-level names that item too."""
    board, cell, colour = placement
    order = [k for k in OFF_SAID if k in off]
    items = [visibility, f"lines={lines}", *(["off=" + "+".join(order)] if order else [])]
    rules = RuleSet.parse(", ".join(items))
    move = Move(colour, cell)
    found, best = analyse(board, move, rules)
    answer = to_json(move, found, best, board, rules)
    model = ref.RefRules(touching=visibility == "touching", lines=lines, off=tuple(order))
    after = board.place(cell, colour)
    reference = {(g.rank, tuple(sorted(g.cells))): g for g in ref.groups_with({str(c): k.char for c, k in after},
                                                                              str(cell))}
    text = groups_text(board, move, found, best, rules)
    for g in answer["groups"]:  # type: ignore[attr-defined]
        model_group = reference[(g["rank"], tuple(g["cells"]))]
        assert g["counts"] == model.counts(model_group), (g, items)
        climbing = g["rank"] not in ("full_house", "straight_flush") and len({c[0] for c in g["cells"]}) > 1
        if g["rank"] in off:
            assert g["why"].startswith(OFF_SAID[g["rank"]]) and f"{OFF_SAID[g['rank']]}" in text, (g, items)
        if lines == "in-level" and climbing:
            assert CLIMBS in g["why"], (g, items)
