"""Inputs that are not what they claim to be: a record's unreadable
``Seed`` header is told, binary input is refused at its first NUL byte
without reading on, and text from outside is escaped before it reaches the
terminal."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from support.commands import run
from support.games import EXAMPLE5_GAME

from spoker.errors import NotationError
from spoker.records.record import parse_record, seed_warning
from spoker.records.suite import read_suite

BOARD = "WB............../........./..../."
GOOD_QUERY = f"{BOARD} R@1E1\n"
HOSTILE = "a\x1b[31mred\r\u202eevil\ufeff"
"""A file name or input holding an escape sequence, a carriage return, a
right-to-left override and a byte order mark."""
RAW = ("\x1b", "\r", "\u202e", "\ufeff")


def assert_escaped(text: str) -> None:
    for ch in RAW:
        assert ch not in text, (ch, text)


def record_with_seed(seed: str) -> str:
    return f"Player1: Ann\nPlayer2: Bob\nSeed: {seed}\n\n{EXAMPLE5_GAME}\n"


# -- A. a Seed header that cannot be read ------------------------------------------

BAD_SEEDS = ["\u00b2", "-5", "9" * 5000, str(2**64), "1e3", ""]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=["superscript", "negative", "5000 digits", "2^64", "1e3", "empty"])
def test_an_unreadable_seed_is_told(seed: str) -> None:
    headers = parse_record(record_with_seed(seed)).headers
    continued = seed_warning(headers, continued=True)
    replayed = seed_warning(headers, continued=False)
    assert continued is not None and replayed is not None
    for line in (continued, replayed):
        assert line.startswith("header 'Seed' ") and "\n" not in line and len(line) < 300
    assert "fresh random" in continued
    assert "replay" in replayed


@pytest.mark.parametrize("seed", ["0", "42", " 7", str(2**64 - 1)])
def test_a_readable_or_missing_seed_is_not_told(seed: str) -> None:
    assert seed_warning(parse_record(record_with_seed(seed)).headers, continued=True) is None
    assert seed_warning({"Rules": "visible"}, continued=True) is None


@pytest.mark.parametrize("argv", [
    ["replay", "{}", "--json"], ["replay", "{}", "--text"], ["show", "{}"], ["show", "{}", "--state"],
    ["analyse", "{}", "--effort", "50", "--json"], ["analyse", "{}", "--effort", "50"],
])
def test_commands_warn_of_an_unreadable_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    path = tmp_path / "game.txt"
    path.write_text(record_with_seed("\u00b2"), encoding="utf-8")
    code, out, err = run(capsys, *(a.format(path) for a in argv))
    assert code == 0 and out
    lines = err.splitlines()
    warning = [line for line in lines if "warning" in line]
    assert len(warning) == 1, err
    assert warning == [f"spoker {argv[0]}: warning: {path}: {seed_warning({'Seed': '²'}, continued=False)}"]


def test_replay_from_stdin_warns_of_an_unreadable_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = record_with_seed("-1").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(capsys, "replay", "-", "--json")
    assert code == 0 and json.loads(out)["moves"]
    assert err.startswith("spoker replay: warning: standard input: header 'Seed' '-1'"), err


# -- B. binary input ------------------------------------------------------------------


READ_AT_MOST = 1 << 20
"""What a reader may take of an endless binary stream before refusing it."""


class Zeros(io.RawIOBase):
    """An endless stream of NUL bytes that counts what was read of it
    (/dev/zero); reading far beyond the first chunk fails the test at once
    rather than running for ever."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        if self.given > 4 * READ_AT_MOST:
            raise AssertionError(f"{self.given} bytes of an endless binary stream read")
        n = len(buffer)
        buffer[:] = bytes(n)
        self.given += n
        return n


@pytest.mark.parametrize("argv", [
    ["groups", "--batch", "-"], ["groups", "--batch", "-", "--as-case"], ["replay", "-", "--json"],
    ["replay", "-", "--text"], ["analyse", "-"], ["analyse", "-", "--json"],
])
def test_endless_binary_stdin_is_refused_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    zeros = Zeros()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(zeros)))  # type: ignore[type-var]
    code, out, err = run(capsys, *argv)
    assert code == 2
    message = err + out
    assert "standard input" in message and "NUL byte at byte 0" in message, message
    assert "Traceback" not in err
    assert zeros.given <= READ_AT_MOST  # the first chunk, not 16 MB


@pytest.mark.parametrize("command", ["groups", "suite", "replay", "analyse"])
def test_dev_zero_is_refused_at_once(command: str) -> None:
    argv = {"groups": ["--batch", "/dev/zero"], "suite": ["/dev/zero"], "replay": ["/dev/zero", "--text"],
            "analyse": ["/dev/zero"]}[command]
    proc = subprocess.run(
        [sys.executable, "-m", "spoker", command, *argv], capture_output=True, text=True, timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"spoker {command}: error: "), proc.stderr
    assert "/dev/zero" in lines[0] and "NUL byte at byte 0" in lines[0]


def test_a_nul_byte_in_a_batch_is_refused_with_its_offset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "queries.txt"
    path.write_bytes(GOOD_QUERY.encode() + b"WB..\x00\n" + GOOD_QUERY.encode())
    code, out, err = run(capsys, "groups", "--batch", str(path), "--json")
    assert code == 2
    assert len(out.splitlines()) <= 1  # the line before it may have been answered
    assert err == (
        f"spoker groups: error: {path}: a NUL byte at byte {len(GOOD_QUERY) + 4}: "
        "binary data, not a batch of queries\n"
    )


def test_a_batch_that_turns_binary_after_a_long_line_ends(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A good line, then /dev/zero: refused, not skipped as a long line for ever."""
    class Then(io.RawIOBase):
        def __init__(self) -> None:
            self.head = GOOD_QUERY.encode()
            self.zeros = Zeros()

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            if self.head:
                n = min(len(buffer), len(self.head))
                buffer[:n], self.head = self.head[:n], self.head[n:]
                return n
            return self.zeros.readinto(buffer)

    source = Then()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(source)))  # type: ignore[type-var]
    code, out, err = run(capsys, "groups", "--batch", "-")
    assert code == 2 and f"NUL byte at byte {len(GOOD_QUERY)}" in err
    assert source.zeros.given <= READ_AT_MOST


def test_a_nul_byte_in_a_suite_names_file_line_and_offset(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.txt"
    good = f"{BOARD} R@1E1 => three_kinds@1\n"
    path.write_bytes(good.encode() + f"{BOARD} R@1E1 => none\x00\n".encode())
    with pytest.raises(NotationError, match=f"line 2: a NUL byte at byte {len(good) + len(BOARD) + 14}"):
        read_suite(path)
    code, out, err = run(capsys, "suite", str(path))
    assert code == 2 and out == ""
    assert err.startswith(f"spoker suite: error: {path}: line 2: a NUL byte at byte ") and "binary" in err


@pytest.mark.parametrize("command", ["replay", "analyse", "show"])
def test_a_nul_byte_in_a_record_is_refused_with_its_offset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "game.txt"
    path.write_bytes(b"Player1: Ann\n\nW@1A1\x00 B@1C1\n")
    argv = [command, str(path)] + (["--text"] if command == "replay" else [])
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err == f"spoker {command}: error: {path}: a NUL byte at byte 19: binary data, not a record\n"


# -- D. control characters reach no terminal -------------------------------------------


def test_suite_escapes_file_names_and_failing_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"s{HOSTILE}.txt"
    path.write_text(
        f"{BOARD} R@1E1 => none\n"  # fails: a readable case
        f"{BOARD}\u202e R@1E1\ufeff => none\n",  # fails too: the board cannot be read
        encoding="utf-8",
    )
    code, out, err = run(capsys, "suite", str(path))
    assert code == 1 and err == ""
    assert_escaped(out)
    assert out.count("\\x1b[31m") == 2 and "\\u202e" in out and "\\ufeff" in out
    # A file that cannot be read: its name escaped on the error line.
    code, out, err = run(capsys, "suite", str(tmp_path / f"missing{HOSTILE}"))
    assert code == 2 and "\\x1b" in err
    assert_escaped(err)


def test_analyse_escapes_the_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / f"g{HOSTILE}.txt"
    path.write_text("W@1A1 B@1C1\n", encoding="utf-8")
    code, out, err = run(capsys, "analyse", str(path), "--effort", "50")
    assert code == 0 and "\\x1b[31m" in out.splitlines()[0]
    assert_escaped(out)
    bad = tmp_path / f"b{HOSTILE}.txt"
    bad.write_text("W@1A1 B@1A1\n", encoding="utf-8")
    code, out, err = run(capsys, "analyse", str(bad), str(tmp_path / f"missing{HOSTILE}"))
    assert code == 2 and out == "" and len(err.splitlines()) == 2 and err.count("\\x1b[31m") == 2
    assert_escaped(err)


def test_groups_as_case_escapes_board_and_move(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "groups", f"{BOARD}\u202e\x1b[31m", "R@1E1\ufeff", "--as-case")
    assert code == 0 and out.endswith("=> error\n")
    assert_escaped(out)
    path = tmp_path / "queries.txt"
    path.write_text(f"{BOARD}\x1b[31m\u202e R@1E1\ufeff\n{HOSTILE}\n", encoding="utf-8")
    code, out, err = run(capsys, "groups", "--batch", str(path), "--as-case")
    assert code == 0 and len(out.splitlines()) == 2
    assert_escaped(out)


# -- F. smaller ---------------------------------------------------------------------------


def test_lab_suite_folder_is_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "cases"
    folder.mkdir()
    code, out, err = run(capsys, "lab", "--suite", str(folder))
    assert (code, out) == (2, "")
    assert err == f"spoker lab: error: {folder}: is a folder, not a suite file\n"


def test_the_documented_record_limit_is_the_code_s() -> None:
    from spoker.records.inputs import MAX_INPUT_BYTES

    root = Path(__file__).resolve().parents[2]
    assert MAX_INPUT_BYTES == 16 * 1024 * 1024
    for doc in ("docs/analysis.md", "docs/decisions.md"):
        text = " ".join((root / doc).read_text(encoding="utf-8").split())
        assert "1,000,000 bytes" not in text, doc
    assert "larger than 16 MB is refused" in " ".join((root / "docs/analysis.md").read_text().split())
