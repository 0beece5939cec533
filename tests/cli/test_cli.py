"""The command line: spoker groups, replay and show (notation.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
from support.games import COMPLETE_GAME, EXAMPLE5_GAME, STRAIGHT_FLUSH_RESPONSE_GAME

from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.records.record import GameRecord, format_record, parse_record

EMPTY = "................/........./..../."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def groups_json(capsys: pytest.CaptureFixture[str], board: str, move: str, *more: str) -> dict:
    code, out, err = run(capsys, "groups", board, move, "--json", *more)
    assert (code, err) == (0, "")
    assert out.count("\n") == 1
    return json.loads(out)  # type: ignore[no-any-return]


def assert_one_line_error(code: int, out: str, err: str, command: str, *words: str) -> None:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"spoker {command}: error: ")
    for word in words:
        assert word in err


# -- groups: the worked examples of rules.md -----------------------------------
def test_example_1_three_of_three_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    out = groups_json(capsys, "WB............../........./..../.", "R@1E1")
    assert out == {
        "move": "R@1E1",
        "groups": [
            {"rank": "three_kinds", "cells": ["1A1", "1C1", "1E1"], "top_level": 1, "visible": True,
             "counts": True}
        ],
        "best": {"rank": "three_kinds", "cells": ["1A1", "1C1", "1E1"], "top_level": 1},
    }
    assert list(out) == ["move", "groups", "best"]


def test_example_2_flush_four_and_its_cut(capsys: pytest.CaptureFixture[str]) -> None:
    out = groups_json(capsys, "BBBRWWW.BBBRBBBB/........./..../.", "W@1G3")
    assert out["best"] == {"rank": "flush_four", "cells": ["1A3", "1C3", "1E3", "1G3"], "top_level": 1}
    cut = groups_json(capsys, "BBBRWWW.BBBRBBBB/.R..R..../..../.", "W@1G3")
    assert cut["best"] == {"rank": "three_kinds", "cells": ["1G3", "1G5", "1G7"], "top_level": 1}
    spoiled = {(g["rank"], tuple(g["cells"])) for g in cut["groups"] if not g["visible"]}
    assert spoiled == {
        ("flush_four", ("1A3", "1C3", "1E3", "1G3")),
        ("flush_three", ("1C3", "1E3", "1G3")),
    }
    # Under the touching rules the cut flush four counts.
    touching = groups_json(capsys, "BBBRWWW.BBBRBBBB/.R..R..../..../.", "W@1G3", "--rules", "touching")
    assert touching["best"]["rank"] == "flush_four"
    def geometry(groups: list[dict[str, object]]) -> list[dict[str, object]]:
        return [{k: v for k, v in g.items() if k not in ("counts", "why")} for g in groups]

    assert geometry(touching["groups"]) == geometry(cut["groups"])  # visibility is geometry, whatever the rules
    # Whether each counts follows the rules (notation.md, "groups JSON").
    assert all(g["counts"] for g in touching["groups"])
    assert [g["why"] for g in cut["groups"] if not g["counts"]] == [
        "the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4"
    ] * 2


def test_example_3_full_house_and_checkerboard(capsys: pytest.CaptureFixture[str]) -> None:
    out = groups_json(capsys, "WW..BB........../........./..../.", "W@2B2")
    assert out["best"] == {
        "rank": "full_house", "cells": ["1A1", "1A3", "1C1", "1C3", "2B2"], "top_level": 2,
    }
    assert groups_json(capsys, "WB..BW........../........./..../.", "W@2B2") == {
        "move": "W@2B2", "groups": [], "best": None,
    }


# rules.md's board for example 4 has 11 white and 12 black balls (invalid, see
# docs/decisions.md); this one recolours 1A1, 1C1 and 1G1 red, away from every
# line through 3E5, so the groups of R@3E5 are the same.
EXAMPLE4 = "RRWRBRBWWBWBBWBW/WBWBRBWBR/W.../."


def test_example_4_covered_ball_spoils_the_flush(capsys: pytest.CaptureFixture[str]) -> None:
    out = groups_json(capsys, EXAMPLE4, "R@3E5")
    flush = {
        "rank": "flush_three", "cells": ["1C3", "2D4", "3E5"], "top_level": 3, "visible": False,
        "counts": False, "why": "1C3 is covered by the ball on 3C3",
    }
    assert flush in out["groups"]
    assert out["best"]["rank"] == "three_kinds" and out["best"]["top_level"] == 3
    uncovered = groups_json(capsys, EXAMPLE4.replace("/W.../", "/..../"), "R@3E5")
    assert uncovered["best"] == {"rank": "flush_three", "cells": ["1C3", "2D4", "3E5"], "top_level": 3}


def test_original_example_4_board_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "groups", "WBWBBRBWWBWBBWBW/WBWBRBWBR/W.../.", "R@3E5", "--json")
    assert_one_line_error(code, out, err, "groups", "white")


def test_example_5_higher_level_wins_the_challenge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "ex5.txt"
    path.write_text(EXAMPLE5_GAME)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out)["challenges"][-1] == {
        "move": 20, "challenger": 2, "challenge": "flush_three", "response": "flush_three",
        "points": [1, 0],
    }


# -- groups: more ---------------------------------------------------------------
def test_short_and_lower_case_move(capsys: pytest.CaptureFixture[str]) -> None:
    full_level_1 = "WBRWBRWBRWBRWBRW/........./..../."
    assert groups_json(capsys, full_level_1, "w@b2")["move"] == "W@2B2"
    assert groups_json(capsys, EMPTY, "b@c3")["move"] == "B@1C3"


def test_apex_ruling_is_not_applied(capsys: pytest.CaptureFixture[str]) -> None:
    # Twenty-nine balls; W on the apex over W W / B B is a full house, which
    # would not count on a normal turn: 'groups' is about geometry only.
    board = "BRWRWBRWBRBWRBRB/WBRWRWRBR/WWBB/."
    out = groups_json(capsys, board, "W@4D4")
    assert out["best"] == {
        "rank": "full_house", "cells": ["3C3", "3C5", "3E3", "3E5", "4D4"], "top_level": 4,
    }
    assert len(out["groups"]) == 4


@pytest.mark.parametrize(
    ("board", "move", "words"),
    [
        (EMPTY, "W@2B2", ["2B2 is not playable: its platform is not full"]),
        ("W" + EMPTY[1:], "B@1A1", ["1A1 is not playable: it already holds a ball"]),
        ("WWWWWWWWWW....../........./..../.", "W@1C5", ["no white ball is left in the bag"]),
        (EMPTY, "X@1A1", ["'X'"]),
        (EMPTY, "W1A1", ["'W1A1'"]),
        (EMPTY, "W@9Z9", ["'9Z9'"]),
        ("W.../", "W@1A1", ["'W.../'"]),
        ("................/R......../..../.", "W@1A1", ["2B2"]),
    ],
)
def test_groups_bad_input(capsys: pytest.CaptureFixture[str], board: str, move: str, words: list[str]) -> None:
    for json_flag in ([], ["--json"]):
        code, out, err = run(capsys, "groups", board, move, *json_flag)
        assert_one_line_error(code, out, err, "groups", *words)


def test_groups_bad_rules_and_missing_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "groups", EMPTY, "W@1A1", "--rules", "sideways")
    assert_one_line_error(code, out, err, "groups", "'sideways'")
    code, out, err = run(capsys, "groups", EMPTY)
    assert_one_line_error(code, out, err, "groups", "MOVE")


def test_groups_text_explains(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "groups", "BBBRWWW.BBBRBBBB/.R..R..../..../.", "W@1G3")
    assert code == 0 and err == ""
    assert "Flush four, level 1: 1A3 1C3 1E3 1G3" in out
    assert "It does not count: the contact 1C3-1E3 is cut by the balls on 2D2 and 2D4." in out
    assert "Best counting group: three of three kinds, level 1 (1G3 1G5 1G7)." in out
    assert "Level 4" in out


def test_groups_batch_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "queries.txt"
    path.write_bytes(
        b"WB............../........./..../. R@1E1\n"
        b"nonsense\n"
        b"\n"
        + EMPTY.encode() + b" W@2B2\n"
        + b"\xff\xfe\n"
        + b"WW..BB........../........./..../.   w@b2  \r\n"
    )
    code, out, err = run(capsys, "groups", "--batch", str(path), "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 6
    assert lines[0]["best"]["rank"] == "three_kinds"
    assert set(lines[1]) == {"error"} and "nonsense" in lines[1]["error"]
    assert set(lines[2]) == {"error"}
    assert "2B2 is not playable" in lines[3]["error"]
    assert "UTF-8" in lines[4]["error"]
    assert lines[5]["best"]["rank"] == "full_house"


def test_groups_batch_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"WB............../........./..../. R@1E1\nWB............../........./..../. R@1E1 x\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "groups", "--batch", "-", "--rules", "touching")
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["move"] == "R@1E1" and "error" in second


def test_groups_batch_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "groups", "--batch", str(tmp_path / "missing.txt"))
    assert_one_line_error(code, out, err, "groups", "missing.txt")
    code, out, err = run(capsys, "groups", EMPTY, "W@1A1", "--batch", "-")
    assert_one_line_error(code, out, err, "groups", "not both")
    code, out, err = run(capsys, "groups", "--batch", str(tmp_path))
    assert_one_line_error(code, out, err, "groups", "cannot read")


def test_groups_batch_skips_a_byte_order_mark(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "queries.txt"
    path.write_bytes(b"\xef\xbb\xbfWB............../........./..../. R@1E1\n")  # as some editors save
    code, out, err = run(capsys, "groups", "--batch", str(path), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["best"]["rank"] == "three_kinds"


# -- replay -----------------------------------------------------------------------
@pytest.fixture
def records(tmp_path: Path) -> dict[str, Path]:
    files = {
        "complete": COMPLETE_GAME,
        "example5": "Rules: touching\nPlayer1: Ann\n\n" + EXAMPLE5_GAME,
        "sf_response": STRAIGHT_FLUSH_RESPONSE_GAME,
        "bad": "W@1A1 B@1C1 R@2B2",
        "unfinished": " ".join(EXAMPLE5_GAME.split()[:20]),
    }
    out = {}
    for name, text in files.items():
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_text(text)
    return out


def test_replay_json(capsys: pytest.CaptureFixture[str], records: dict[str, Path]) -> None:
    code, out, err = run(capsys, "replay", str(records["complete"]), str(records["sf_response"]), "--json")
    assert (code, err) == (0, "")
    complete, sf = (json.loads(line) for line in out.splitlines())
    assert list(complete) == ["file", "moves", "challenges", "score", "winner", "end"]
    assert complete["file"] == str(records["complete"])
    assert (complete["score"], complete["winner"], complete["end"]) == ([3, 4], 2, "complete")
    assert complete["moves"][0] == {
        "n": 1, "player": 1, "ball": "B", "cell": "1E7", "group": None,
        "challenge": False, "response": False,
    }
    assert complete["challenges"][0] == {
        "move": 10, "challenger": 2, "challenge": "three_kinds", "response": None, "points": [0, 1],
    }
    assert (sf["winner"], sf["end"]) == (1, "straight_flush")
    assert sf["challenges"][-1]["response"] == "straight_flush"
    assert sf["challenges"][-1]["points"] == [0, 0]


def test_replay_json_keeps_going_after_a_bad_file(
    capsys: pytest.CaptureFixture[str], records: dict[str, Path], tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.txt")
    code, out, err = run(
        capsys, "replay", str(records["bad"]), missing, str(records["unfinished"]), "--json"
    )
    assert code == 2 and err == ""
    bad, gone, unfinished = (json.loads(line) for line in out.splitlines())
    assert bad == {"file": str(records["bad"]), "error": "move 3 'R@2B2': 2B2 is not playable: its platform is not full"}
    assert gone["file"] == missing and "No such file" in gone["error"]
    assert (unfinished["winner"], unfinished["end"]) == (None, "unfinished")
    assert unfinished["challenges"][-1]["points"] is None


def test_replay_rules_override_the_header(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 2D2 and 2D4 cut the row 1C3-1E3 before W@1G3 completes it.
    game = "B@1A1 B@1C1 B@1E1 R@1G1 W@1A3 W@1C3 W@1E3 B@1A5 B@1C5 B@2B2 R@1E5 R@2D2 R@2D4 W@1G3"
    path = tmp_path / "cut.txt"
    path.write_text("Rules: touching\n\n" + game)
    _, out, _ = run(capsys, "replay", str(path), "--json")
    _, out_visible, _ = run(capsys, "replay", str(path), "--json", "--rules", "visible")
    assert json.loads(out)["moves"][-1]["group"] == "flush_four"
    assert json.loads(out_visible)["moves"][-1]["group"] != "flush_four"
    code, out, err = run(capsys, "replay", str(path), "--json", "--rules", "upside-down")
    assert_one_line_error(code, out, err, "replay", "'upside-down'")


def test_replay_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(COMPLETE_GAME.encode())))
    code, out, _ = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["file"] == "-"


def test_replay_text(capsys: pytest.CaptureFixture[str], records: dict[str, Path]) -> None:
    code, out, err = run(capsys, "replay", str(records["example5"]), str(records["bad"]), "--text")
    assert code == 2
    assert "Player1: Ann" in out and "Rules: touching" in out
    assert "20. Player 2 places B@1G5." in out
    assert "Player 2 challenges with a flush three, level 1" in out
    assert "21. Ann answers with W@2D4." in out  # the record names player 1
    assert err.count("\n") == 1 and "move 3 'R@2B2'" in err


def test_replay_viewer_is_called_lazily(
    capsys: pytest.CaptureFixture[str], records: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []

    def run_replay(
        record: GameRecord, rules: RuleSet | None, source: str = "", analyse: bool = False, effort: int | None = None,
    ) -> int:
        assert isinstance(record, GameRecord) and record.moves  # the viewer gets the record, read and checked
        calls.append((source, rules))
        analysed.append((analyse, effort))
        return 0

    analysed: list[tuple[bool, int | None]] = []

    fake = types.ModuleType("spoker.gui.launch")
    fake.run_replay = run_replay  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spoker.gui.launch", fake)
    assert run(capsys, "replay", str(records["complete"]))[0] == 0
    assert run(capsys, "replay", str(records["complete"]), "--rules", "touching")[0] == 0
    assert [c[0] for c in calls] == [str(records["complete"])] * 2
    assert calls[0][1] is None and str(calls[1][1]) == "touching"
    # A bad record, several files or stdin never reach the viewer.
    for argv in ([str(records["bad"])], [str(records["bad"]), str(records["complete"])], ["-"]):
        code, out, err = run(capsys, "replay", *argv)
        assert_one_line_error(code, out, err, "replay")
    assert len(calls) == 2
    assert run(capsys, "replay", str(records["complete"]), "--analyse", "--effort", "500")[0] == 0
    assert analysed == [(False, None), (False, None), (True, 500)]


# -- show -----------------------------------------------------------------------
def test_show_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "WB..BB........../........./..../.")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Board: WB..BB........../........./..../."
    header = next(i for i, line in enumerate(lines) if line.startswith("Level 1"))
    assert lines[header + 1].split()[:7] == list("ABCDEFG")
    rows = lines[header + 2 : header + 9]
    # Row 7 at the top, row 1 at the bottom; level 1 cells on columns A C E G.
    assert [r[:15] for r in rows[-1:]] == ["1 W   B   +   +"]
    assert rows[-3][:15] == "3 B   B   +   +"
    assert rows[-2].split()[:3] == ["2", "2", "+"]  # level 2: 2B2 is playable
    assert "Playable cells: 1E1 1G1 1E3 1G3 1A5" in out


def test_show_state(capsys: pytest.CaptureFixture[str]) -> None:
    state = "WB..BB........../........./..../. 1 1-1 - R * touching"
    code, out, _ = run(capsys, "show", state)
    assert code == 0
    assert "Score: 1-1" in out and "Player 1 to move: a red ball is drawn" in out
    assert "Rules: touching" in out


def test_show_record(capsys: pytest.CaptureFixture[str], records: dict[str, Path]) -> None:
    code, out, _ = run(capsys, "show", str(records["complete"]))
    assert code == 0
    assert "Final position: " in out and "Score: 3-4" in out
    assert "Result: player 2 wins 3-4" in out
    assert "Challenges (7):" in out
    assert "move 10, player 2: three of three kinds, level 1 (1E1 1E3 1E5)" in out


def test_show_state_string_only(capsys: pytest.CaptureFixture[str], records: dict[str, Path]) -> None:
    code, out, _ = run(capsys, "show", str(records["unfinished"]), "--state")
    assert code == 0
    assert out == parse_record(records["unfinished"].read_text()).play().to_string() + "\n"
    assert out.split()[3] == "flush_three:1G3,1G5,1G7"
    _, out, _ = run(capsys, "show", "WB..BB........../........./..../.", "--state", "--rules", "touching")
    assert out == "WB..BB........../........./..../. 1 0-0 - - * touching\n"
    _, again, _ = run(capsys, "show", out.strip(), "--state")
    assert again == out


@pytest.mark.parametrize(
    "what", ["nothing", "W.../", "................/........./..../. 3", "a/b/c/d"]
)
def test_show_bad_input(capsys: pytest.CaptureFixture[str], what: str) -> None:
    code, out, err = run(capsys, "show", what)
    assert_one_line_error(code, out, err, "show")


def test_show_bad_record_and_directory(capsys: pytest.CaptureFixture[str], records: dict[str, Path]) -> None:
    code, out, err = run(capsys, "show", str(records["bad"]))
    assert_one_line_error(code, out, err, "show", "move 3 'R@2B2'")
    code, out, err = run(capsys, "show", str(records["bad"].parent))
    assert_one_line_error(code, out, err, "show")


# -- help and the real command ----------------------------------------------------------
@pytest.mark.parametrize("command", ["groups", "replay", "show"])
def test_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and f"spoker {command} " in out


def spoker(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "spoker", *argv], input=stdin, capture_output=True, timeout=120,
        check=False,
    )


def test_subprocess_exit_codes_and_stderr(tmp_path: Path) -> None:
    ok = spoker("groups", "WB............../........./..../.", "R@1E1", "--json")
    assert ok.returncode == 0 and ok.stderr == b""
    assert json.loads(ok.stdout)["best"]["rank"] == "three_kinds"
    for argv in (
        ["groups", EMPTY, "W@2B2", "--json"],
        ["groups", "--rules"],
        ["show", "nothing"],
        ["replay", str(tmp_path / "missing.txt"), "--text"],
        ["no-such-command"],
    ):
        bad = spoker(*argv)
        assert bad.returncode == 2, argv
        assert bad.stdout == b"" and bad.stderr.count(b"\n") == 1, (argv, bad.stderr)
        assert b"Traceback" not in bad.stderr


def test_subprocess_replay_json_and_batch(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(format_record(GameRecord.from_state(parse_record(COMPLETE_GAME).play())))
    done = spoker("replay", str(path), "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["score"] == [3, 4]
    batch = spoker("groups", "--batch", "-", stdin=b"WB............../........./..../. R@1E1\nbad\n")
    assert batch.returncode == 0
    assert [sorted(json.loads(line)) for line in batch.stdout.splitlines()] == [
        ["best", "groups", "move"], ["error"],
    ]
