"""``spoker analyse``: JSON per notation.md, the text report, errors, fuzzed arguments."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.commands import call
from support.strategies import rules_texts

from spoker.cli import SUBCOMMANDS, main
from spoker.records.record import MAX_INPUT_BYTES

MOVE_KEYS = ["n", "player", "ball", "cell", "value", "best", "best_value", "loss", "exact", "draw_value", "luck"]
# Player 1 opens a flush three on move 3; player 2 answers with nothing on move 4.
SHORT = "Rules: visible\n\nW@1A1 W@1C1 W@1E1 B@1A3\n"
# The end of a game: the last moves are exact whatever the effort.
SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "sample-game.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def short(tmp_path: Path) -> Path:
    path = tmp_path / "short.txt"
    path.write_text(SHORT)
    return path


def test_registered_with_a_help_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert "analyse" in SUBCOMMANDS
    with pytest.raises(SystemExit) as info:
        main(["analyse", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "spoker analyse " in out


def test_json_is_notations_object(capsys: pytest.CaptureFixture[str], short: Path) -> None:
    code, out, err = run(capsys, "analyse", str(short), "--json", "--effort", "300")
    assert code == 0 and err == ""
    (line,) = out.splitlines()
    obj = json.loads(line)
    assert obj["file"] == str(short)
    assert [list(m) for m in obj["moves"]] == [MOVE_KEYS] * 4
    assert [(m["n"], m["player"], m["ball"], m["cell"]) for m in obj["moves"]] == [
        (1, 1, "W", "1A1"), (2, 2, "W", "1C1"), (3, 1, "W", "1E1"), (4, 2, "B", "1A3"),
    ]
    for m in obj["moves"]:
        assert m["loss"] == pytest.approx(m["best_value"] - m["value"], abs=1e-8)
        assert m["loss"] >= 0 and m["exact"] is False
    assert obj["challenges"][0]["challenge"] == "flush_three"
    assert [p["player"] for p in obj["players"]] == [1, 2]


def test_exact_at_the_end_of_a_full_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", str(SAMPLE), "--json", "--effort", "200")
    assert code == 0
    moves = json.loads(out)["moves"]
    assert len(moves) == 30 and all(m["exact"] for m in moves[25:])


def test_several_files_one_line_each_and_errors_at_the_end(
    capsys: pytest.CaptureFixture[str], short: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("W@1A1 W@2B2 R@1C1\n")
    code, out, err = run(
        capsys, "analyse", str(bad), str(short), str(tmp_path / "missing.txt"), "--json", "--effort", "100"
    )
    assert code == 2 and err == ""
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert first == {"file": str(bad), "error": "move 2 'W@2B2': 2B2 is not playable: its platform is not full"}
    assert len(second["moves"]) == 4
    assert set(third) == {"file", "error"} and "cannot read" in third["error"]


def test_text_marks_challenges_and_summaries(capsys: pytest.CaptureFixture[str], short: Path) -> None:
    code, out, err = run(capsys, "analyse", str(short), "--effort", "300")
    assert code == 0 and err == ""
    assert out.startswith(f"== {short}: 4 placements, rules visible, effort 300")
    assert "?? blunder >= 0.40" in out and "? mistake >= 0.20" in out
    assert "move  3, player 1, flush three:" in out
    assert "answered at move 4 by no group: player 1 scores" in out
    assert "Player 1: 2 placements, average loss" in out and "Player 2: 2 placements" in out


def test_text_shows_a_blunder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Player 2 (move 4) could answer the flush three with W@1G1 (a flush four)
    # but leaves the row: the flush three wins the point.
    path = tmp_path / "blunder.txt"
    path.write_text("W@1A1 W@1C1 W@1E1 W@1A3\n")
    code, out, _ = run(capsys, "analyse", str(path), "--effort", "300")
    assert code == 0
    line = next(x for x in out.splitlines() if x.lstrip().startswith("4 "))
    assert "1G1" in line and ("?? blunder" in line or "? mistake" in line)
    assert "worst move 4 W@1A3" in out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"W@1A1 X@1C1", ["move 2 'X@1C1'", "not a colour"]),
        (b"\xff\xfe", ["not UTF-8"]),
        (b"Rules: sideways\n\nW@1A1", ["Rules"]),
        (b"#" * (MAX_INPUT_BYTES + 1), ["16 MB"]),
    ],
)
def test_bad_records_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes, words: list[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(content)
    code, out, err = run(capsys, "analyse", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"spoker analyse: error: {path}: ") and err.count("\n") == 1
    assert all(w in err for w in words), err


def test_missing_file_and_bad_options(capsys: pytest.CaptureFixture[str], tmp_path: Path, short: Path) -> None:
    code, out, err = run(capsys, "analyse", str(tmp_path / "nope.txt"))
    assert code == 2 and out == "" and err.count("\n") == 1 and "cannot read" in err
    for argv in (["--effort", "0"], ["--effort", "many"], ["--workers", "0"], ["--rules", "sideways"]):
        try:
            code = main(["analyse", str(short), *argv])
        except SystemExit as exc:
            code = exc.code  # type: ignore[assignment]
        out, err = capsys.readouterr()
        assert code == 2 and out == "" and err.count("\n") == 1, argv


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SHORT.encode())))
    code, out, _ = run(capsys, "analyse", "-", "--json", "--effort", "100")
    assert code == 0 and json.loads(out)["file"] == "-"


def test_subprocess_huge_file_and_workers(tmp_path: Path, short: Path) -> None:
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"W@1A1 " * (MAX_INPUT_BYTES // 6 + 1))
    bad = subprocess.run(
        [sys.executable, "-m", "spoker", "analyse", str(huge)], capture_output=True, timeout=120, check=False
    )
    assert bad.returncode == 2 and bad.stdout == b"" and bad.stderr.count(b"\n") == 1
    assert b"Traceback" not in bad.stderr
    argv = [sys.executable, "-m", "spoker", "analyse", str(short), "--json", "--effort", "200"]
    one = subprocess.run(argv, capture_output=True, timeout=120, check=True)
    two = subprocess.run([*argv, "--workers", "2"], capture_output=True, timeout=120, check=True)
    assert one.stdout == two.stdout and one.stderr == b""


# -- fuzzing ------------------------------------------------------------------------
efforts = st.one_of(st.integers(-3, 300).map(str), st.text(max_size=6))
workers = st.one_of(st.sampled_from(["0", "-1", "1", "two", "", "1.5"]), st.text(max_size=4))


@given(
    st.lists(st.one_of(st.binary(max_size=120), st.sampled_from([SHORT.encode(), b"W@1A1 B@1C1"])),
             min_size=1, max_size=2),
    st.lists(
        st.one_of(
            st.tuples(st.just("--effort"), efforts), st.tuples(st.just("--workers"), workers),
            st.tuples(st.just("--rules"), rules_texts), st.tuples(st.just("--json")),
            st.tuples(st.text(max_size=8)),
        ),
        max_size=4,
    ),
)
def test_fuzzed_arguments(contents: list[bytes], options: list[tuple[str, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i, data in enumerate(contents):
            paths.append(str(Path(folder) / f"game{i}.txt"))
            Path(paths[-1]).write_bytes(data)
        argv = ["analyse", *paths, *(x for option in options for x in option)]
        if not any(o[0] == "--effort" for o in options):
            argv += ["--effort", "50"]  # keep the default's deep search out of the fuzzing
        code, out, err = call(argv)
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert all(line.startswith("spoker") for line in lines), (argv, err)
    if code == 0:
        assert not lines
    if "--json" in argv and code == 0:
        for line in out.splitlines():
            assert set(json.loads(line)) >= {"file", "moves"}


def test_progress_is_reported_and_closed(
    capsys: pytest.CaptureFixture[str], short: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[object] = []

    class Bar:
        def __init__(self, stream: object, label: str) -> None:
            seen.append(label)

        def __call__(self, done: int, total: int) -> None:
            seen.append((done, total))

        def close(self) -> None:
            seen.append("closed")

    monkeypatch.setattr("spoker.cli.analyse_cmd.ProgressBar", Bar)
    code, _, _ = run(capsys, "analyse", str(short), "--effort", "100")
    assert code == 0
    assert seen == ["placements", (1, 4), (2, 4), (3, 4), (4, 4), "closed"]


def test_an_effort_beyond_reason_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text("W@1A1\n")
    code, out, err = run(capsys, "analyse", str(path), "--effort", str(10**20))
    assert code == 2 and out == "" and err.count("\n") == 1 and "--effort" in err


def test_luck_and_skill_add_up_to_the_last_digit(capsys: pytest.CaptureFixture[str]) -> None:
    """notation.md, "Luck and skill": for a finished record,
    result - start_value = sum(s x luck) - sum(s x loss) + residual, exactly in
    the printed numbers; each player's luck and loss are the sums over their
    own moves; luck_adjusted = result - luck + the other's luck."""
    from decimal import Decimal

    code, out, _ = run(capsys, "analyse", str(SAMPLE), "--json", "--effort", "200")
    assert code == 0
    obj = json.loads(out, parse_float=Decimal)
    moves, (p1, p2) = obj["moves"], obj["players"]
    s = {1: 1, 2: -1}
    for m in moves:
        assert m["luck"] == m["best_value"] - m["draw_value"] and m["loss"] == m["best_value"] - m["value"]
    luck = sum(s[m["player"]] * m["luck"] for m in moves)
    loss = sum(s[m["player"]] * m["loss"] for m in moves)
    assert p1["result"] in (-1, 0, 1) and p2["result"] == -p1["result"]
    assert p1["result"] - obj["start_value"] == luck - loss + obj["residual"]
    assert obj["start_value"] == moves[0]["draw_value"]
    for p in (p1, p2):
        mine = [m for m in moves if m["player"] == p["player"]]
        assert p["luck"] == sum(m["luck"] for m in mine) and p["loss"] == sum(m["loss"] for m in mine)
    assert p1["luck_adjusted"] == p1["result"] - p1["luck"] + p2["luck"]
    assert p2["luck_adjusted"] == p2["result"] - p2["luck"] + p1["luck"]
    assert [p1["name"], p2["name"]] == ["Greedy A", "Greedy B"]  # the record's Player1 and Player2 headers
    # Where every value is exact nothing is left unexplained: the last moves add up alone.
    exact = [m for m in moves if m["exact"]]
    assert len(exact) >= 5
    for a, b in zip(exact, exact[1:], strict=False):
        if b["n"] == a["n"] + 1:
            assert s[b["player"]] * b["draw_value"] == s[a["player"]] * a["value"], (a["n"], b["n"])


def test_an_unfinished_record_has_no_result_and_no_luck_adjusted_result(
    capsys: pytest.CaptureFixture[str], short: Path
) -> None:
    code, out, _ = run(capsys, "analyse", str(short), "--json", "--effort", "200")
    assert code == 0
    players = json.loads(out)["players"]
    assert [p["result"] for p in players] == [None, None]
    assert [p["luck_adjusted"] for p in players] == [None, None]
    assert all(isinstance(p["luck"], float) for p in players)


def test_the_text_marks_lucky_draws_and_sums_up_luck_and_skill(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyse", str(SAMPLE), "--effort", "200")
    assert code == 0
    assert "lucky draw" in out and "unlucky draw" in out, "a 30-ball game has draws far from average"
    assert "lucky draw: the colour drawn worth 0.15 or more" in out
    summary = " ".join(out.split("\n\n")[-1].split())
    assert summary.startswith("Greedy A won ") and "The draws favoured" in summary and "luck-adjusted" in summary
