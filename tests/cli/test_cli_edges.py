"""The command line under load and bad input: Ctrl-C, workers, bounded
inputs, output paths checked first, escaped text, unknown options."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from support.commands import run
from support.games import EXAMPLE5_GAME
from support.processes import descendants
from support.terminal import on_a_terminal

import spoker.cli.simulate_cmd as simulate_cmd
import spoker.cli.study_cmd as study_cmd
import spoker.cli.tournament_cmd as tournament_cmd
from spoker.cli import SUBCOMMANDS, CliError, main
from spoker.errors import ArgumentError, SpokerError
from spoker.records.record import MAX_INPUT_BYTES
from spoker.runs.parallel import cpu_count
from spoker.runs.simulate import MAX_GAMES, plan, simulate
from spoker.runs.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[2]
BOARD = "WB............../........./..../."


def one_error_line(err: str, command: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"spoker {command}: error: "), err
    assert "Traceback" not in err
    return lines[0]


# -- Ctrl-C -----------------------------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("argv", "sig"),
    [
        (["simulate", "--players", "lookahead,lookahead", "--games", "100000", "--workers", "2", "--json"],
         signal.SIGINT),
        (["tournament", "random", "greedy", "lookahead", "--games", "100000", "--workers", "2"], signal.SIGINT),
        (["simulate", "--players", "greedy,lookahead", "--games", "100000", "--workers", "2"], signal.SIGTERM),
    ],
    ids=["simulate", "tournament", "simulate-sigterm"],
)
def test_ctrl_c_stops_the_run_and_its_workers_at_once(argv: list[str], sig: int, tmp_path: Path) -> None:
    out = tmp_path / "result.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with on_a_terminal([*argv, "--out", str(out)], tmp_path, env) as term:
        term.wait_started()
        workers = descendants(term.proc.pid)
        assert len(workers) >= 2 or cpu_count() == 1
        term.proc.send_signal(sig)
        code = term.finish(10)  # the 100,000 games would take minutes
        proc, text = term.proc, term.text
    assert code == 130, code
    assert "Traceback" not in text and "interrupted" in text
    assert proc.stdout is not None and proc.stdout.read() == b""
    assert not out.exists() and list(tmp_path.iterdir()) == []  # no partial or temporary file
    deadline = time.monotonic() + 3
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)


# -- workers and streaming ----------------------------------------------------------


def test_workers_are_capped_at_the_cpus_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "3", "--players", "random,random",
                         "--workers", "64", "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["games"] == 3
    assert err == f"spoker simulate: --workers 64 capped at {cpu_count()} (the number of CPUs)\n"
    code, _, err = run(capsys, "simulate", "--games", "3", "--players", "random,random", "--json")
    assert code == 0 and err == ""


def test_the_result_is_the_same_whatever_the_executor() -> None:
    one = simulate(("greedy", "lookahead"), 6, seed=5, swap=True)
    with ThreadPoolExecutor(3) as pool:
        assert simulate(("greedy", "lookahead"), 6, seed=5, swap=True, executor=pool) == one
        a = run_tournament(["random", "greedy"], 40, seed=2, executor=pool)
    assert a.to_json() == run_tournament(["random", "greedy"], 40, seed=2, workers=2).to_json()


def test_a_run_of_any_length_is_planned_lazily() -> None:
    units = plan(("lookahead", "expert"), MAX_GAMES, 1, simulate.__defaults__[1], False, "auto")  # type: ignore[index]
    first = next(units)
    assert (first.first, first.size) == (0, 1)
    with pytest.raises(ArgumentError, match="from 1 to"):
        simulate(("random", "random"), MAX_GAMES + 1)


def test_progress_is_told_while_the_games_are_played() -> None:
    calls: list[tuple[int, int]] = []
    run_tournament(["random", "greedy", "lookahead"], 4, seed=1, progress=lambda d, t: calls.append((d, t)))
    assert calls and {t for _, t in calls} == {12}
    done = [d for d, _ in calls]
    assert done == sorted(done) and done[-1] == 12


# -- bounded inputs -------------------------------------------------------------------


def test_a_closed_stdin_is_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    for argv in (["groups", "--batch", "-"], ["replay", "-", "--json"], ["replay", "-", "--text"]):
        code, _, err = run(capsys, *argv)
        assert code == 2
        assert one_error_line(err, argv[0]).endswith("standard input is closed")


def test_a_closed_stdin_in_a_real_process(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "spoker", "groups", "--batch", "-"],
        capture_output=True, text=True, env=env, cwd=tmp_path, preexec_fn=lambda: os.close(0),
    )
    assert proc.returncode == 2
    assert proc.stderr == "spoker groups: error: standard input is closed\n"


@pytest.mark.parametrize("argv", [["show", BOARD], ["replay", "-", "--json"], ["groups", "--batch", "-"]])
def test_a_closed_stdout_is_one_line(argv: list[str], tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "spoker", *argv], input=f"{BOARD} R@1E1\n", stderr=subprocess.PIPE,
        text=True, env=env, cwd=tmp_path, preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 2
    assert proc.stderr == f"spoker {argv[0]}: error: standard output is closed\n"


def test_stdin_beyond_the_limit_is_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"#" * (MAX_INPUT_BYTES + 1))))
    code, _, err = run(capsys, "replay", "-", "--json")
    assert code == 2 and one_error_line(err, "replay").endswith("standard input: too large for a record: more than 16 MB")


def test_a_batch_line_beyond_the_limit_is_answered_and_skipped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"x" * (MAX_INPUT_BYTES + 10) + b"\n" + b"WW..BB........../........./..../. W@2B2\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(capsys, "groups", "--batch", "-")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == ""
    assert answers[0] == {"error": "line 1: the line is longer than 16 MB"}
    assert answers[1]["best"]["rank"] == "full_house" and len(answers) == 2


# -- output paths first -------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--games", "5", "--players", "random,random", "--out", "{missing}/r.json"], "does not exist"),
        (["simulate", "--games", "5", "--players", "random,random", "--out", "{folder}"], "is a folder"),
        (["tournament", "random", "greedy", "--games", "5", "--chart", "{folder}/c.jpg"], "name it FILE.png"),
        (["tournament", "random", "greedy", "--games", "5", "--chart", "{missing}/c.png"], "does not exist"),
        (["tournament", "random", "greedy", "--games", "5", "--out", "{folder}"], "is a folder"),
        (["tournament", "random", "greedy", "--games", "5", "--out", "{folder}/c.png", "--chart", "{folder}/c.png"],
         "the same file"),
        (["render", BOARD, "--out", "{missing}/p.png"], "does not exist"),
        (["render", BOARD, "--out", "{folder}/p.gif"], "name it FILE.png"),
        (["play", "--record", "{missing}/g.txt"], "does not exist"),
        (["play", "--record", "{folder}"], "is a folder"),
        (["play", "--record", "{missing}/"], "is a folder"),
        (["simulate", "--games", "5", "--players", "random,random", "--out", "{dangling}"], "does not exist"),
        (["study", "--players", "random,random", "--games", "5", "--chart", "{folder}"], "name it FILE.png"),
        (["study", "--players", "random,random", "--games", "5", "--chart", "{missing}/c.png"], "does not exist"),
        (["study", "--players", "random,random", "--games", "5", "--chart", ""], "is empty"),
    ],
)
def test_output_paths_are_checked_before_the_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    argv: list[str], message: str,
) -> None:
    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr(simulate_cmd, "simulate", no_work)
    monkeypatch.setattr(tournament_cmd, "run_tournament", no_work)
    monkeypatch.setattr(study_cmd, "run_study", no_work)
    monkeypatch.setitem(sys.modules, "spoker.gui.launch", None)  # play would fail to import it
    (tmp_path / "link.txt").symlink_to(tmp_path / "nowhere" / "r.txt")  # into a missing folder
    argv = [a.format(missing=tmp_path / "nowhere", folder=tmp_path, dangling=tmp_path / "link.txt") for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in one_error_line(err, argv[0])


def test_out_writes_the_whole_result(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code, printed, _ = run(capsys, "simulate", "--games", "4", "--players", "random,greedy",
                           "--seed", "3", "--json", "--out", str(out))
    assert code == 0 and printed == ""
    assert json.loads(out.read_text())["games"] == 4
    code, printed, _ = run(capsys, "tournament", "random", "greedy", "--games", "4", "--seed", "3",
                           "--json", "--out", str(out))
    assert code == 0 and json.loads(out.read_text())["games"] == 4


# -- untrusted text ---------------------------------------------------------------------

HOSTILE = "Eve\x1b[2J\x1b]0;owned\x07\r\u202e"


def test_record_headers_and_names_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hostile.txt"
    name = HOSTILE.replace("\r", "")  # a line end would end the header
    path.write_text(f"Player1: {name}\nEvent: {name}\n\n{EXAMPLE5_GAME}\n", encoding="utf-8")
    for argv in (["show", str(path)], ["replay", str(path), "--text"]):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert not any(ch in out for ch in "\x1b\x07\u202e")
        assert "Eve\\x1b[2J" in out


def test_error_lines_escape_what_they_quote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / f"bad{HOSTILE}.txt"
    bad.write_text("W@9Z9")
    for argv in (["show", f"x{HOSTILE}"], ["replay", str(bad), "--text"], ["show", str(bad)],
                 ["groups", BOARD, f"W@{HOSTILE}"], ["simulate", "--games", f"1{HOSTILE}"]):
        code, out, err = run(capsys, *argv)
        assert code == 2
        assert not any(ch in err for ch in "\x1b\x07\r\u202e"), err
        assert err.count("\n") == 1


# -- unknown options -------------------------------------------------------------------


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_an_unknown_option_is_told_by_its_subcommand(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, _, err = run(capsys, command, "--jsn")
    assert code == 2
    assert err == f"spoker {command}: error: unrecognized arguments: --jsn (see 'spoker {command} --help')\n"


def test_a_misspelt_option_is_named_before_the_missing_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--gmes", "10")
    assert code == 2 and "unrecognized arguments: --gmes" in one_error_line(err, "simulate")
    code, _, err = run(capsys, "simulate", "--gmes", "10", "--games", "2", "--players", "random,random")
    assert code == 2 and "unrecognized arguments: --gmes 10" in err
    code, _, err = run(capsys, "groups", "--", "--jsn", "R@1E1")
    assert code == 2 and "unrecognized" not in err  # after --, a board string


# -- what a new user met -------------------------------------------------------------------


def test_show_leaves_the_drawn_ball_out_of_the_bag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", BOARD + " 1 0-0 - R * visible")
    assert code == 0 and "bag: 9 white, 9 black, 9 red" in out and "a red ball is drawn" in out


def test_hint_prints_what_its_help_shows(capsys: pytest.CaptureFixture[str]) -> None:
    from spoker.cli.hint_cmd import EXAMPLE

    lines = EXAMPLE.splitlines()
    command = next(line.strip() for line in lines if "--top 3" in line)
    shown = [line.strip() for line in lines[lines.index(next(x for x in lines if "--top 3" in x)) + 1:][:4]]
    state = command.split("'")[1]
    code, out, _ = run(capsys, "hint", state, "B", "--top", "3")
    assert code == 0
    assert [line.strip() for line in out.splitlines()] == shown


def test_replay_text_names_the_players(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(f"Player1: Ann\nPlayer2: Bob\n\n{EXAMPLE5_GAME}\n")
    code, out, _ = run(capsys, "replay", str(path), "--text")
    assert code == 0
    assert "1. Ann places" in out and "2. Bob places" in out and "Player 1" not in out
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert "move 20, Bob: flush three" in out and "player 2" not in out.split("Challenges")[1]


def test_help_texts_point_to_the_docs_users_have(capsys: pytest.CaptureFixture[str]) -> None:
    for command in SUBCOMMANDS:
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and "notation.md" not in out, command


def test_the_readme_example_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text()
    code = readme.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own README
    printed = capsys.readouterr().out.splitlines()
    said = code.splitlines()[-1].split("# ", 1)[1]
    assert printed[-1] == said


def test_names_the_terminal_cannot_encode_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text(f"Player1: Zoë →\n\n{EXAMPLE5_GAME}\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="ascii")
    proc = subprocess.run([sys.executable, "-m", "spoker", "replay", "--text", str(path)],
                          capture_output=True, env=env, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == b""
    assert b"1. Zo\\xeb \\u2192 places" in proc.stdout


@pytest.mark.parametrize("name", ["\x1e", "a\x1cb", "x\x85", "\u2028", "\x1b[2J"])
@pytest.mark.parametrize("command", [["replay", "--text"], ["replay", "--json"], ["show"], ["suite"], ["analyse"]])
def test_a_file_name_with_separators_is_one_escaped_line(
    capsys: pytest.CaptureFixture[str], command: list[str], name: str
) -> None:
    # str.splitlines() breaks at \x1c-\x1e, \x85 and \u2028: the error must
    # still be one line, and name the file with its characters escaped.
    code, out, err = run(capsys, command[0], name, *command[1:])
    assert code == 2
    text = err or out
    assert text.count("\n") == 1 and len(text.splitlines()) == 1, text
    assert "\x1b" not in text


@pytest.mark.parametrize("argv", [["replay", "--text"], ["replay", "--json"], ["analyse", "--effort", "5"]])
def test_standard_input_named_twice_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    # The second '-' would read nothing: an empty record, shown as a game.
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(EXAMPLE5_GAME.encode())))
    code, out, err = run(capsys, *argv, "-", "-")
    assert code == 2 and out == ""
    assert "more than once" in one_error_line(err, argv[0])


# -- a mistake or a bug -----------------------------------------------------------
@pytest.mark.parametrize(
    ("error", "status"),
    [
        (ValueError("a plain ValueError is no message of ours"), 1),  # a bug, not bad input
        (TypeError("unsupported operand"), 1),
        (KeyError("mine"), 1),  # the old KeyError of an unregistered player's chunk size
        (SpokerError("bad input, said by the project"), 2),
        (CliError("bad input, said by the command line"), 2),
        (FileNotFoundError(2, "No such file or directory", "x.txt"), 2),  # the machine's
    ],
    ids=["ValueError", "TypeError", "KeyError", "SpokerError", "CliError", "OSError"],
)
def test_a_bug_is_told_as_a_bug_and_a_mistake_as_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, error: Exception, status: int
) -> None:
    import spoker.cli.show_cmd as show_cmd

    def fails(args: object) -> int:
        raise error

    monkeypatch.setattr(show_cmd, "run", fails)
    code, out, err = run(capsys, "show", BOARD)
    assert code == status and out == ""
    if status == 2:
        one_error_line(err, "show")
        assert "Traceback" not in err
    else:
        assert err.startswith("Traceback (most recent call last):")
        assert err.splitlines()[-1] == (
            f"spoker show: this is a bug in spoker ({type(error).__name__}), not a mistake in what "
            "you gave it: please report it with the traceback above"
        )


@pytest.mark.parametrize(
    "argv",
    [["replay", "\x00"], ["groups", "--batch", "a\x00b"], ["play", "--load", "\x00", "--screenshot", "x.png"],
     ["analyse", "game\x00.txt"], ["suite", "\x00"]],
)
def test_an_argument_with_a_nul_character_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """No process gets a NUL in its arguments, but a caller of main() can:
    every command refuses it in one line (exit 2) instead of a traceback."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "holds a NUL character" in err and "\\x00" in err
