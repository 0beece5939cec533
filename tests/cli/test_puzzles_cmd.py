"""``spoker puzzles make`` and ``check``: the file written, the exit statuses, one-line errors."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.commands import call

from spoker.cli import SUBCOMMANDS
from spoker.records.puzzles import format_puzzle, read_puzzles

SAMPLE = Path(__file__).resolve().parents[2] / "assets" / "records" / "sample-game.txt"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game' puzzles, made once for the module."""
    out = tmp_path_factory.mktemp("puzzles") / "made.txt"
    code, text, err = call(["puzzles", "make", "--games", "1", "--seed", "5", "--max-left", "7", "--out", str(out)])
    assert code == 0, err
    assert err == ""  # no progress bar: not a terminal
    assert text.endswith(f"positions written to {out}\n")
    return out


def test_make_writes_the_command_then_the_puzzles(made: Path) -> None:
    lines = made.read_text().splitlines()
    assert lines[0] == f"# spoker puzzles make --games 1 --seed 5 --players lookahead,lookahead --max-left 7 --out {made}"
    puzzles = read_puzzles(made)
    assert puzzles, "one game gives some puzzles"
    assert [format_puzzle(p.puzzle) for p in puzzles] == [x for x in lines if not x.startswith("#")]
    assert len({p.puzzle.state for p in puzzles}) == len(puzzles)
    assert all(p.puzzle.difficulty is not None for p in puzzles)


def test_make_is_the_same_with_workers(made: Path, tmp_path: Path) -> None:
    out = tmp_path / "two.txt"
    code, _, err = call(["puzzles", "make", "--games", "1", "--seed", "5", "--max-left", "7", "--workers", "2", "--out", str(out)])
    assert code == 0, err
    body = [x for x in out.read_text().splitlines() if not x.startswith("#")]
    assert body == [x for x in made.read_text().splitlines() if not x.startswith("#")]


def test_check_holds_the_made_puzzles(made: Path) -> None:
    code, out, err = call(["puzzles", "check", str(made)])
    count = len(read_puzzles(made))
    assert (code, err) == (0, "")
    assert out == f"{count} puzzles: {count} hold, 0 do not\n"


def test_check_names_the_lines_that_fail(made: Path, tmp_path: Path) -> None:
    first = read_puzzles(made)[0].puzzle
    state = first.game_state()
    wrong = next(c for c in state.legal_cells() if c not in first.answers)
    bad = tmp_path / "bad.txt"
    bad.write_text(f"# one good, one wrong\n{format_puzzle(first)}\n{format_puzzle(first._replace(answers=(wrong,)))}\n")
    code, out, err = call(["puzzles", "check", str(bad)])
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{bad}:3: the answers are {','.join(map(str, first.answers))}, not {wrong}",
        "2 puzzles: 1 hold, 1 does not",
    ]


def test_an_unreadable_file_is_status_2_in_one_line(tmp_path: Path) -> None:
    code, _, err = call(["puzzles", "check", str(tmp_path / "missing.txt")])
    assert code == 2 and err.count("\n") == 1 and "cannot read" in err
    junk = tmp_path / "junk.txt"
    junk.write_text("\n\nnot => a puzzle\n")
    code, _, err = call(["puzzles", "check", str(junk)])
    assert code == 2 and err.count("\n") == 1
    assert f"{junk}: line 3: not a puzzle: 'not => a puzzle'" in err


def test_make_from_a_record(tmp_path: Path) -> None:
    out = tmp_path / "mine.txt"
    code, text, err = call(["puzzles", "make", "--from", str(SAMPLE), "--max-left", "7", "--out", str(out)])
    assert code == 0, err
    assert out.read_text().splitlines()[0] == f"# spoker puzzles make --from {SAMPLE} --max-left 7 --out {out}"
    assert call(["puzzles", "check", str(out)])[0] == 0


@pytest.mark.parametrize(("argv", "why"), [
    (["make", "--games", "1", "--from", "x.txt", "--out", "o.txt"], "not allowed with"),
    (["make", "--games", "1"], "--out"),
    (["make", "--out", "o.txt"], "--games"),
    (["make", "--games", "0", "--out", "o.txt"], "--games"),
    (["make", "--games", "1", "--players", "wizard,greedy", "--out", "o.txt"], "wizard"),
    (["make", "--games", "1", "--players", "greedy", "--out", "o.txt"], "two names"),
    (["make", "--from", "x.txt", "--seed", "3", "--out", "o.txt"], "are for --games"),
    (["make", "--from", "missing.txt", "--out", "o.txt"], "cannot read"),
    (["make", "--games", "1", "--out", "/no/such/folder/o.txt"], "does not exist"),
    (["check"], "FILE"),
    (["make", "--games", "1", "--max-left", "0", "--out", "o.txt"], "--max-left"),
])
def test_bad_arguments_are_one_line_errors(argv: list[str], why: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = call(["puzzles", *argv])
    assert code == 2 and err.count("\n") == 1 and err.startswith("spoker puzzles"), err
    assert why in err
    assert not (tmp_path / "o.txt").exists()


def test_puzzles_is_a_listed_command() -> None:
    from spoker.cli import puzzles_cmd
    from spoker.runs import puzzles

    assert "puzzles" in SUBCOMMANDS
    assert puzzles_cmd.MAX_LEFT == puzzles.MAX_LEFT


TOKENS = ["make", "check", "--games", "--from", "--seed", "--players", "--rules", "--out", "--workers",
          "--max-left", "-", "1", "0", "x", "o.txt", "greedy,random", "touching", "apex-free", "p.txt"]
FAST = ["--max-left", "3"]  # appended last: argparse keeps the last value


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), max_size=7))
def test_any_argument_list_ends_in_a_status_and_at_most_one_line(args: list[str]) -> None:
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            Path("p.txt").write_text("not a puzzle\n")
            argv = ["puzzles", *args, *(FAST if args[:1] == ["make"] else [])]
            if "--games" in args:  # never a long run: one game at most
                argv += ["--games", "1"] if "--from" not in args else []
            code, _, err = call(argv)
        finally:
            os.chdir(here)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err
    if code == 2:
        lines = err.splitlines()  # check tells each unreadable file in a line of its own
        assert lines and all(x.startswith("spoker") and ": error: " in x for x in lines), (argv, err)
        assert len(lines) == 1 or argv[1] == "check", (argv, err)


def test_progress_goes_through_the_terminal_bar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bar (spoker.runs.simulate.ProgressBar: drawn on a terminal only) is
    told each position tried, then closed."""
    seen: list[object] = []

    class Bar:
        def __init__(self, stream: object, label: str) -> None:
            seen.append(label)

        def __call__(self, done: int, total: int) -> None:
            seen.append((done, total))

        def close(self) -> None:
            seen.append("closed")

    monkeypatch.setattr("spoker.runs.simulate.ProgressBar", Bar)
    out = tmp_path / "p.txt"
    code, text, _ = call(["puzzles", "make", "--games", "1", "--seed", "5", "--max-left", "4", "--out", str(out)])
    assert code == 0
    tried = int(text.split(" from ")[1].split()[0])
    assert tried > 0
    assert seen == ["positions", *((n, tried) for n in range(1, tried + 1)), "closed"]
