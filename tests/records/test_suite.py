"""Group test suites (notation.md): parsing, running, the shipped suites and
``spoker suite`` / ``spoker groups --as-case``, held against the plain
reference runner of tests/support/reference_suite.py."""

from __future__ import annotations

import contextlib
import io
import json
import threading
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import reference_suite as rs
from support.example_counts import examples
from support.strategies import placements, rule_sets

from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.errors import IllegalActionError, NotationError, SpokerError
from spoker.records.suite import (
    Case,
    case_for,
    expect_of,
    format_case,
    parse_case,
    read_suite,
    run_case,
)

SUITES = sorted((Path(__file__).resolve().parents[2] / "assets" / "suites").glob("*.txt"))
assert SUITES, "the shipped suites are found"  # an empty list would skip their tests
EX1 = "WB............../........./..../."
EX2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."
EX4 = "WBWBRRBWWBRBBWRW/WBWBRBWRR/W.../."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def result_of(line: str) -> tuple[bool, str, str]:
    case = parse_case(line)
    assert case is not None
    return tuple(run_case(case))  # type: ignore[return-value]


# -- hand-made cases ----------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 1E1",
        f"{EX1} R@1E1 => three_kinds@1",
        f"{EX1} R@1E1 => three_kinds@1 1E1 1A1 1C1",  # cells in any order
        f"{EX1} r@e1 => THREE_KINDS@1 1e1 1c1 1a1",  # letters in either case
        f"  {EX1}\tR@1E1   =>   three_kinds@1   # a comment",
        f"{EX1} R@1E1=>three_kinds@1",
        f"{EX1} R@1E1 touching,apex-free => three_kinds@1",
        f"{EX2_CUT} W@1G3 => three_kinds@1 1G3 1G5 1G7",
        f"{EX2_CUT} W@1G3 touching => flush_four@1 1A3 1C3 1E3 1G3",
        f"{EX4} R@3E5 => three_kinds@3",
        "WW..BB........../........./..../. W@2B2 => full_house@2 2B2 1A1 1C1 1A3 1C3",
        "WB..BW........../........./..../. W@2B2 => none",
        f"{EX1} R@1A1 => error",  # taken
        f"{EX1} R@2B2 => error",  # unplayable
        "WWWWWWWWWW....../........./..../. W@1E5 => error",  # no white left
        "W............../........./..../. W@1E5 => error",  # a bad board
        f"{EX1} X@1E1 => error",  # a bad move
        f"{EX1} R@C3 => none",  # the lowest empty cell at C3: 1C3
        ".....B........../........./..../. R@C3 => error",  # 1C3 taken: 3C3, unplayable
    ],
)
def test_passing_cases(line: str) -> None:
    assert result_of(line)[0]
    ref = rs.parse_line(line)
    assert ref is not None and rs.passes(ref)


@pytest.mark.parametrize(
    ("line", "expected", "got"),
    [
        (f"{EX1} R@1E1 => none", "none", "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1E1 => flush_three@1", "flush_three@1", "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1E1 => three_kinds@2", "three_kinds@2", "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1E1 => three_kinds@1 1A1 1C1", "three_kinds@1 1A1 1C1",
         "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 1E1 1G1", "three_kinds@1 1A1 1C1 1E1 1G1",
         "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1E1 => error", "error", "three_kinds@1 1A1 1C1 1E1"),
        (f"{EX1} R@1A1 => none", "none", "error"),
        (f"{EX2_CUT} W@1G3 => flush_four@1", "flush_four@1", "three_kinds@1 1G3 1G5 1G7"),
        (f"{EX4} R@3E5 => flush_three@3", "flush_three@3", "three_kinds@3 1G3 2F4 3E5"),
        ("WB..BW........../........./..../. W@2B2 => full_house@2", "full_house@2", "none"),
    ],
)
def test_failing_cases(line: str, expected: str, got: str) -> None:
    assert result_of(line) == (False, expected, got)
    ref = rs.parse_line(line)
    assert ref is not None and not rs.passes(ref)


@pytest.mark.parametrize(
    "line",
    [
        f"{EX1} R@1E1",  # no =>
        f"{EX1} => none",  # one field
        f"{EX1} R@1E1 visible touching => none",  # four fields
        f"{EX1} R@1E1 => ",  # no expectation
        f"{EX1} R@1E1 => nothing",
        f"{EX1} R@1E1 => none none",
        f"{EX1} R@1E1 => error 1A1",
        f"{EX1} R@1E1 => three_kinds",
        f"{EX1} R@1E1 => three_kinds@5",
        f"{EX1} R@1E1 => three_kinds@01",
        f"{EX1} R@1E1 => three_kind@1",
        f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 E1",  # a cell without its level
        f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 1C1",  # a cell twice
        f"{EX1} R@1E1 => three_kinds@1 1A2",
        f"{EX1} R@1E1 visble => none",
        f"{EX1} R@1E1 visible,touching => none",
        f"{EX1} R@1E1 touching, => none",
        f"{EX1} R@1E1 => none => none",
        f"{EX1} R@1E1 => three_kinds@1\xa01A1",  # only ASCII white space separates
        f"{EX1}\xa0R@1E1 => none",
    ],
)
def test_lines_that_are_not_cases(line: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_case(line)
    assert repr(line) in str(err.value)
    with pytest.raises(rs.NotACase):
        rs.parse_line(line)


@pytest.mark.parametrize("line", ["", "   ", "\t\n", "# a comment", "   # indented => none"])
def test_blank_and_comment_lines(line: str) -> None:
    assert parse_case(line) is None
    assert rs.parse_line(line) is None


def test_suite_error_is_the_projects_value_error() -> None:
    assert issubclass(NotationError, SpokerError) and issubclass(NotationError, ValueError)


def test_the_apex_counts_as_a_normal_turn() -> None:
    # A full pyramid but the apex, whose ball forms only a flush three 2B6 3C5 4D4.
    board = "WWBBRBWBWRBWWBBW/BRWRWWRRB/BRRR/."
    assert expect_of(board, "R@4D4") == "none"
    assert expect_of(board, "R@4D4", "apex-free") == "flush_three@4 2B6 3C5 4D4"
    assert expect_of(board, "R@D4", RuleSet("touching", True)) == "flush_three@4 2B6 3C5 4D4"


def test_any_of_several_best_groups_may_match() -> None:
    board = "BR.BBBRRBWRRBWBR/R..BRWRRB/..W./."
    first = f"{board} W@1E1 => three_kinds@1 1A1 1C1 1E1"
    other = f"{board} W@1E1 => three_kinds@1 1C1 1E1 1G1"
    assert result_of(first) == (True, "three_kinds@1 1A1 1C1 1E1", "three_kinds@1 1A1 1C1 1E1")
    # got names the group that matched, so a passing case reads got == expected
    assert result_of(other) == (True, "three_kinds@1 1C1 1E1 1G1", "three_kinds@1 1C1 1E1 1G1")
    assert expect_of(board, "W@1E1") == "three_kinds@1 1A1 1C1 1E1"


@pytest.mark.parametrize(
    ("rules", "line", "passes"),
    [
        # The survivor: a tied group that does not count (covered or
        # cut) must not match, though it is as strong as the counting best.
        ("visible", "BBRW.BRRRWBB.RWW/.BB.RR.WW/..../. W@1A3 => three_kinds@1 1A3 1C3 1E3", False),
        ("visible", "BBRW.BRRRWBB.RWW/.BB.RR.WW/..../. W@1A3 => three_kinds@1 1A1 1A3 1A5", True),
        # Under the touching rules the hidden one counts, so it may match.
        ("touching", "BBRW.BRRRWBB.RWW/.BB.RR.WW/..../. W@1A3 touching => three_kinds@1 1A3 1C3 1E3", True),
    ],
    ids=["visible-hidden-tie", "visible-counting-tie", "touching-hidden-tie"],
)
def test_only_counting_groups_may_match_a_tie(rules: str, line: str, passes: bool) -> None:
    assert result_of(line)[0] is passes
    ref = rs.parse_line(line)
    assert ref is not None and rs.passes(ref) is passes  # the reference runner agrees


def test_format_is_canonical() -> None:
    case = parse_case(f"  {EX1.lower()}   r@e1 TOUCHING,Apex-Free => Three_Kinds@1 1e1 1a1 1c1 # x")
    assert case is not None
    assert format_case(case) == f"{EX1} R@1E1 touching,apex-free => three_kinds@1 1A1 1C1 1E1"
    assert case.rules == RuleSet("touching", True)
    assert format_case(Case(EX1, "R@1E1")) == f"{EX1} R@1E1 => none"
    # what cannot be read is kept as written: it is the case's point
    odd = parse_case("wb.. r@e1 => ERROR")
    assert odd is not None and format_case(odd) == "wb.. r@e1 => error"


# -- fuzzing: any text; and case-like lines against the reference runner ------------------


@given(st.text(max_size=120))
def test_any_text_parses_or_raises_quoting_it(line: str) -> None:
    try:
        case = parse_case(line)
    except NotationError as err:
        assert repr(line) in str(err)
        return
    if case is not None:
        again = parse_case(format_case(case))
        assert again == case


SEPARATORS = st.sampled_from([" "] * 12 + ["  ", "\t", " \t ", "\x0c", "\xa0", "\x1c"])
RANKS = ["three_kinds", "flush_three", "full_house", "flush_four", "straight_flush"]
CELL_NAMES = [
    "1A1", "1C1", "1E1", "1G1", "1A3", "1C3", "1E3", "1G3", "1A5", "1C5", "1E5", "1G5",
    "1A7", "1C7", "1E7", "1G7", "2B2", "2D2", "2F2", "2B4", "2D4", "2F4", "2B6", "2D6",
    "2F6", "3C3", "3E3", "3C5", "3E5", "4D4",
]


def _spell(draw: st.DrawFn, text: str) -> str:
    """The same text in a random mix of upper and lower case."""
    return "".join(ch.upper() if draw(st.booleans()) else ch.lower() for ch in text)


@st.composite
def case_lines(draw: st.DrawFn) -> str:
    """Lines like cases: right answers, near misses, odd spellings and junk."""
    board, cell, colour = draw(placements(0, 29))
    board_text = str(board)
    cell_text = str(cell)
    if draw(st.integers(0, 4)) == 0:
        cell_text = cell_text[1:]  # a short cell
    move = f"{colour.char}@{cell_text}"
    if draw(st.integers(0, 5)) == 0:  # an illegal or malformed query
        move = draw(st.sampled_from([f"{colour.char}@{c}" for c in CELL_NAMES] + ["X@1A1", "R1A1", "R@", "@1A1", "R@Z9"]))
    if draw(st.integers(0, 8)) == 0:
        board_text = draw(st.sampled_from([board_text[:-1], board_text + ".", "W" + board_text[1:], board_text.replace("/", "|")]))
    if draw(st.booleans()):
        board_text = _spell(draw, board_text)
        move = _spell(draw, move)
    touching, apex_free = draw(st.booleans()), draw(st.booleans())
    rules = ",".join((["touching"] if touching else (["visible"] if draw(st.booleans()) else []))
                     + (["apex-free"] if apex_free else []))
    if draw(st.integers(0, 10)) == 0:
        rules = draw(st.sampled_from(["visible,touching", "touching,", "vis", "touching;apex-free"]))
    elif draw(st.integers(0, 3)) == 0:  # the rules a case names need not be those answered
        touching, apex_free = not touching, draw(st.booleans())
    rules = _spell(draw, rules) if draw(st.booleans()) else rules
    got = rs.answer(board_text, move, touching, apex_free)
    expect = rs.expect_text(got, draw(st.sampled_from(got.best)) if got.best else None)
    mutation = draw(st.integers(0, 6))
    words = expect.split()
    if mutation == 1:
        words[0] = draw(st.sampled_from(["none", "error", "NONE", *RANKS])) + ("" if draw(st.booleans()) else f"@{draw(st.integers(0, 5))}")
    elif mutation == 2 and len(words) > 1:
        words.pop(draw(st.integers(1, len(words) - 1)))
    elif mutation == 3 and len(words) > 1:
        words.append(draw(st.sampled_from(CELL_NAMES + ["E1", "1a1", "9Z9"])))
    elif mutation == 4 and len(words) > 1:
        words = [words[0], *draw(st.permutations(words[1:]))]
    elif mutation == 5 and len(words) > 1:
        words = words[:1]
    elif mutation == 6:
        words = [_spell(draw, w) for w in words]
    sep = draw(SEPARATORS)
    fields = [board_text, move] + ([rules] if rules else [])
    line = sep.join(fields) + draw(st.sampled_from([" => "] * 6 + ["=>", " =>\t", " = > "])) + sep.join(words)
    if draw(st.booleans()):
        line += draw(st.sampled_from(["  # why", "#", " # => none"]))
    return line


@given(case_lines())
def test_case_lines_agree_with_the_reference_runner(line: str) -> None:
    try:
        ref = rs.parse_line(line)
    except rs.NotACase:
        with pytest.raises(NotationError):
            parse_case(line)
        return
    case = parse_case(line)
    assert (case is None) == (ref is None)
    if case is None or ref is None:
        return
    assert run_case(case).passed == rs.passes(ref), line
    canonical = format_case(case)
    again = parse_case(canonical)
    assert again == case and format_case(again) == canonical
    assert run_case(again) == run_case(case)


# -- the shipped suites --------------------------------------------------------------------


def test_the_shipped_suites_hold_enough_cases() -> None:
    assert len(SUITES) >= 6
    assert sum(len(read_suite(p)) for p in SUITES) >= 150


@pytest.mark.parametrize("path", SUITES, ids=lambda p: p.name)
def test_the_shipped_suites_pass(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for case in read_suite(path):
        assert case.line is not None
        text = lines[case.line - 1]
        result = run_case(case)
        assert result.passed, f"{path.name}:{case.line}: {text}: got {result.got}"
        ref = rs.parse_line(text)
        assert ref is not None and rs.passes(ref), f"reference model: {path.name}:{case.line}"
        assert lines[case.line - 2].startswith("# "), f"{path.name}:{case.line} has no comment"


@pytest.mark.parametrize("path", [p for p in SUITES if p.name != "spelling.txt"], ids=lambda p: p.name)
def test_the_shipped_suites_are_canonical(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    for case in read_suite(path):
        assert case.line is not None
        assert format_case(case) == lines[case.line - 1]


# -- spoker suite ---------------------------------------------------------------------------


def write(tmp_path: Path, text: str, name: str = "s.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_cli_all_pass(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, f"# two cases\n{EX1} R@1E1 => three_kinds@1\n\n{EX1} R@1A1 => error\n")
    assert run(capsys, "suite", path) == (0, "2 cases: 2 passed, 0 failed\n", "")


def test_cli_reports_failing_cases(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, f"{EX1} R@1E1 => three_kinds@1\n{EX1} r@e1 => none # oops\n")
    code, out, err = run(capsys, "suite", path)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{path}:2: {EX1} R@1E1 => none: expected none, got three_kinds@1 1A1 1C1 1E1",
        "2 cases: 1 passed, 1 failed",
    ]


def test_cli_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = write(tmp_path, f"{EX1} R@1E1 => three_kinds@1\n", "a.txt")
    b = write(tmp_path, f"\n{EX1} R@1E1 touching => none\n", "b.txt")
    code, out, err = run(capsys, "suite", a, b, "--json")
    assert (code, err) == (1, "")
    assert [json.loads(line) for line in out.splitlines()] == [
        {"file": a, "line": 1, "pass": True, "expected": "three_kinds@1",
         "got": "three_kinds@1 1A1 1C1 1E1"},
        {"file": b, "line": 2, "pass": False, "expected": "none", "got": "three_kinds@1 1A1 1C1 1E1"},
        {"summary": {"cases": 2, "passed": 1, "failed": 1}},
    ]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (f"{EX1} R@1E1 => none\n{EX1} R@1E1 => maybe\n", ["line 2", "'maybe'"]),
        (f"{EX1} R@1E1 => none\nhello\n", ["line 2", "'hello'"]),
        (f"{EX1} R@1E1 => none\n".encode() + b"\xff\xfe => none\n", ["line 2", "UTF-8"]),
    ],
)
def test_cli_lines_that_are_not_cases(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str | bytes, words: list[str]
) -> None:
    path = tmp_path / "bad.txt"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    code, out, err = run(capsys, "suite", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("spoker suite: error: ")
    for word in words:
        assert word in err


def test_cli_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "suite", str(tmp_path / "missing.txt"))
    assert (code, out) == (2, "")
    assert "missing.txt" in err and err.count("\n") == 1
    code, out, err = run(capsys, "suite", str(tmp_path))
    assert (code, out) == (2, "")


def test_cli_runs_the_shipped_suites(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "suite", *map(str, SUITES))
    assert (code, err) == (0, "")
    assert out.endswith(" failed\n") and out.count("\n") == 1 and ", 0 failed" in out


# -- spoker groups --as-case ------------------------------------------------------------------


def test_as_case_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "groups", EX1, "R@E1", "--as-case")
    assert (code, out, err) == (0, f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 1E1\n", "")
    code, out, _ = run(capsys, "groups", EX1, "R@1A1", "--as-case", "--rules", "touching, apex-free")
    assert (code, out) == (0, f"{EX1} R@1A1 touching,apex-free => error\n")


def test_as_case_batch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    queries = write(tmp_path, f"{EX1} R@1E1\nnonsense\n{EX1} X@1E1\n", "q.txt")
    code, out, err = run(capsys, "groups", "--batch", queries, "--as-case")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{EX1} R@1E1 => three_kinds@1 1A1 1C1 1E1"
    assert lines[1].startswith("# line 2: ") and "'nonsense'" in lines[1]
    assert lines[2] == f"{EX1} X@1E1 => error"
    suite = write(tmp_path, out, "cases.txt")
    assert run(capsys, "suite", suite)[0] == 0


def test_case_for_refuses_what_a_line_cannot_hold() -> None:
    for board, move in ((EX1, "R@1E1 # x"), ("", "R@1E1"), (EX1, "R@1E1=>"), (EX1 + "\n", "R@1E1")):
        with pytest.raises(NotationError):
            case_for(board, move)


@settings(max_examples=examples(60))  # each example runs the groups command and the suite
@given(placements(), rule_sets, st.booleans())
def test_as_case_output_passes(placement: tuple, rules: RuleSet, short: bool) -> None:
    board, cell, colour = placement
    cell_text = str(cell)[1:] if short else str(cell)
    assume(not short or board.resolve(cell_text) == cell)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["groups", str(board), f"{colour.char}@{cell_text}", "--as-case", "--rules", str(rules)])
    assert code == 0
    line = buffer.getvalue()
    assert line.endswith("\n") and line.count("\n") == 1
    case = parse_case(line)
    assert case is not None and run_case(case).passed
    ref = rs.parse_line(line)
    assert ref is not None and rs.passes(ref)


def test_cli_refuses_a_suite_without_cases(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # An empty (or truncated, or all-comment) suite must not pass, checking nothing.
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n", encoding="utf-8")
    assert main(["suite", str(empty)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no cases" in captured.err and captured.err.count("\n") == 1


# -- examples for the mutation run's survivors (docs/testing.md) ---------------


def test_a_case_prints_as_its_canonical_line() -> None:
    case = parse_case(f"{EX1.lower()}  r@e1  => none")
    assert case is not None and str(case) == format_case(case) == f"{EX1} R@1E1 => none"


def test_a_suite_file_may_begin_with_a_byte_order_mark(tmp_path: Path) -> None:
    """suites.md: a suite is UTF-8 text; the byte order mark some editors write
    first is not part of its first case."""
    from spoker.records.suite import iter_suite

    plain, marked = tmp_path / "plain.txt", tmp_path / "marked.txt"
    line = f"{EX1} R@1E1 => none\n"
    plain.write_bytes(line.encode())
    marked.write_bytes(b"\xef\xbb\xbf" + line.encode())
    assert [c.board for c in iter_suite(marked)] == [c.board for c in iter_suite(plain)] == [EX1]


def test_a_line_of_the_longest_length_is_read_one_longer_is_refused(tmp_path: Path) -> None:
    """suites.md: a line of more than MAX_LINE_BYTES bytes (its newline included)
    is no case: the file is refused there."""
    from spoker.records.suite import MAX_LINE_BYTES, iter_suite

    case = f"{EX1} R@1E1 => none #"
    longest = case + "x" * (MAX_LINE_BYTES - len(case) - 1) + "\n"
    assert len(longest.encode()) == MAX_LINE_BYTES
    path = tmp_path / "s.txt"
    path.write_text(longest)
    assert len(list(iter_suite(path))) == 1
    path.write_text("y" + longest)
    with pytest.raises(NotationError, match="s.txt: line 1 is longer than 64 KB"):
        list(iter_suite(path))


def test_a_move_may_be_given_as_a_move() -> None:
    from spoker.engine.moves import Move
    from spoker.records.suite import place

    after, cell = place(EX1, Move.from_str("R@1E1"))
    colour = after[cell]
    assert colour is not None and (str(cell), colour.char) == ("1E1", "R")
    assert place(EX1, "R@1E1") == (after, cell)


@pytest.mark.parametrize(
    ("board", "move", "message"),
    [
        (EX1, "R @1E1", "the move 'R @1E1' cannot be written as a field of a suite line"),
        ("", "R@1E1", "the board '' cannot be written as a field of a suite line"),
    ],
)
def test_a_query_that_is_no_suite_line_says_which_field(board: str, move: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        case_for(board, move)
    assert str(err.value) == message


# -- messages that say what is wrong (suites.md, "What is a case") -------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("  \t ", "empty expectation '': expected none, error or RANK@LEVEL"),
        ("  none   1A1 ", "expectation 'none 1A1': nothing may follow 'none'"),
        ("three_kind@1", "expectation 'three_kind@1': 'three_kind@1' is not none, error or RANK@LEVEL"
         " (RANK one of three_kinds, flush_three, full_house, flush_four, straight_flush)"),
        ("three_kinds@1@2", "expectation 'three_kinds@1@2': level '1@2' is not 1, 2, 3 or 4"),
        ("three_kinds@1  1A1 E1", "expectation 'three_kinds@1 1A1 E1': 'E1' is not a cell name"
         " with its level, such as '1A1'"),
        ("three_kinds@1   1A1  1A1 ", "expectation 'three_kinds@1 1A1 1A1': '1A1' is named twice"),
    ],
    ids=["empty", "after-none", "rank", "level", "cell", "twice"],
)
def test_a_bad_expectation_is_quoted_as_read_and_says_what_is_wrong(text: str, message: str) -> None:
    """suites.md: EXPECT is none, error, RANK@LEVEL (a known rank, a level 1-4)
    and cell names with their level, none twice; the message quotes the
    expectation with single spaces and names the word at fault."""
    from spoker.records.suite import parse_expect

    with pytest.raises(NotationError) as err:
        parse_expect(text)
    assert str(err.value) == message


def test_only_ascii_letters_are_read_in_either_case_in_an_expectation() -> None:
    """suites.md: letters are read in either case; the Kelvin sign (U+212A),
    whose lower case is an ASCII k, is not a K: the rank is unknown."""
    from spoker.records.suite import parse_expect

    assert parse_expect("THREE_KINDS@1").rank is not None
    with pytest.raises(NotationError, match="is not none, error or RANK@LEVEL"):
        parse_expect("three_\u212ainds@1")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (f"{EX1} => none", f"not a case: '{EX1} => none': 1 field(s) before '=>',"
         " expected BOARD MOVE [RULES]"),
        (f"{EX1} R@1E1 => none => none", f"not a case: '{EX1} R@1E1 => none => none':"
         " '=>' appears more than once"),
        (f"{EX1} R@1E1 touching, => none", f"not a case: '{EX1} R@1E1 touching, => none':"
         " rules 'touching,': an empty item: expected items such as visible, touching, apex-free,"
         " lines=, off=, order=, tie=, bag= separated by commas"),
        (f"{EX1} R@1E1 visible,tie=sometimes => none", f"not a case: '{EX1} R@1E1 visible,tie=sometimes => none':"
         " rules 'visible,tie=sometimes': 'tie=sometimes': tie= takes 'both' or 'none'"),
    ],
    ids=["fields", "two-arrows", "rules", "item"],
)
def test_a_line_that_is_no_case_is_quoted_and_says_what_is_wrong(line: str, message: str) -> None:
    """suites.md: a case has one '=>', two or three fields before it and a
    known RULES value (a Rules value without spaces)."""
    with pytest.raises(NotationError) as err:
        parse_case(line)
    assert str(err.value) == message


def test_a_suite_line_must_be_text() -> None:
    with pytest.raises(NotationError) as err:
        parse_case(b"x => none")  # type: ignore[arg-type]
    assert str(err.value) == "a suite line must be text, not b'x => none'"


def test_a_comment_runs_from_the_first_hash_to_the_line_end() -> None:
    """suites.md: '#' starts a comment, anywhere: a '#' inside the comment is
    part of it."""
    case = parse_case(f"{EX1} R@1E1 => three_kinds@1 # see #12, and #13")
    assert case is not None and case.expect == "three_kinds@1"


def test_a_field_holding_a_hash_cannot_be_written_in_a_case_line() -> None:
    """suites.md: '#' starts a comment anywhere, so a board or move holding one
    cannot be a field of a suite line, even without white space."""
    for board, move, what in ((EX1 + "#", "R@1E1", "board"), (EX1, "R@1E1#x", "move")):
        with pytest.raises(NotationError, match=f"^the {what} .* cannot be written as a field"):
            case_for(board, move)


@pytest.mark.parametrize(
    ("board", "move"),
    [(EX1 + "\x1c", "R@1E1"), (EX1, "R@1E1\x1c"), ("\x1c" + EX1, "R@1E1")],
    ids=["board-end", "move-end", "board-start"],
)
def test_a_board_or_move_holding_a_control_character_is_refused(board: str, move: str) -> None:
    """suites.md: boards and moves must be printable ASCII. U+001C is ASCII
    but not printable (and no field separator of a suite line): the readers
    under the suite would strip it as white space and read the query."""
    from spoker.records.suite import place

    assert expect_of(board, move) == "error"
    line = f"{board} {move} => error"
    assert result_of(line)[0] and not result_of(f"{board} {move} => three_kinds@1")[0]
    with pytest.raises(NotationError, match="board string|is not a move"):
        place(board, move)


@pytest.mark.parametrize(
    ("board", "move", "message"),
    [
        ("WWWWWWWWWW....../........./..../.", "W@1E5", "'W@1E5': no white ball is left in the bag"),
        (EX1, "R@2B2", "'R@2B2': 2B2 is not playable: its platform is not full"),
        (EX1 + "\xe9", "R@1E1", f"board string '{EX1}\xe9' holds characters other than W, B, R, '.', '/'"),
        (EX1, "R@1E1\xe9", "'R@1E1\xe9' is not a move: expected colour@cell, such as 'R@1C3'"),
    ],
    ids=["bag", "unplayable", "board", "move"],
)
def test_a_refused_placement_says_why(board: str, move: str, message: str) -> None:
    """suites.md: a refusal (answered 'error'): an unplayable cell, a colour no
    longer in the bag, a board or move that cannot be read; place says which."""
    from spoker.records.suite import place

    with pytest.raises(SpokerError) as err:
        place(board, move)
    assert str(err.value) == message
    if isinstance(err.value, IllegalActionError):  # the rules' refusal carries its kind
        assert err.value.refusal is not None


def test_a_board_may_be_given_as_a_board() -> None:
    from shibumi import parse_board
    from spoker.records.suite import place

    board = parse_board(EX1)
    assert place(board, "R@1E1") == place(EX1, "R@1E1")


def test_the_counting_best_is_the_group_as_groups_at_lists_it() -> None:
    """Under the touching rules a cut group counts: counting_best gives it with
    its geometric visibility (not visible), the same Group as groups_at."""
    from spoker.engine.groups import groups_at
    from spoker.records.suite import counting_best, place

    after, cell = place(EX2_CUT, "W@1G3")
    best = counting_best(after, cell, RuleSet("touching"))
    assert best is not None and not best.visible
    assert best == groups_at(after, cell)[0]


def test_equal_cases_compare_and_hash_alike_wherever_they_were_read() -> None:
    """A case is its board, move, rules and expectation; file and line take
    no part in comparisons."""
    a = Case(EX1, "R@1E1", RuleSet("visible"), "none", "a.txt", 1)
    b = Case(EX1, "R@1E1", RuleSet("visible"), "none", "b.txt", 7)
    c = Case(EX1, "R@1E1", RuleSet("touching"), "none", "a.txt", 1)
    assert a == b and not (a != b) and hash(a) == hash(b) and len({a, b}) == 1
    assert a != c and not (a == c)
    assert a != "not a case" and not (a == "not a case")


# -- reading suite files (suites.md; cli.md, "spoker lab": a FIFO is refused) --


def _suite_file(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "s.txt"
    path.write_bytes(data)
    return path


def test_a_nul_byte_is_refused_naming_its_line_and_byte(tmp_path: Path) -> None:
    """Binary data is no suite: told at its first NUL byte, with the line and
    the byte offset in the whole file."""
    from spoker.records.suite import iter_suite

    first, second = b"# a comment\n", f"{EX1} R@1E1 => none\n".encode()
    path = _suite_file(tmp_path, first + second + b"ab\x00\n")
    at = len(first) + len(second) + 2
    with pytest.raises(NotationError) as err:
        list(iter_suite(path))
    assert str(err.value) == f"{path}: line 3: a NUL byte at byte {at}: binary data, not a suite"


@pytest.mark.parametrize("end", [" \t", "\xa0", "X"], ids=["spaces", "nbsp", "letter"])
def test_a_suite_line_is_read_whole_but_its_line_end(tmp_path: Path, end: str) -> None:
    """Only the line end (\\n or \\r\\n) is taken off a line: an error quotes the
    rest as it is, and a non-ASCII space or a letter after EXPECT is part of it."""
    from spoker.records.suite import iter_suite

    line = f"{EX1} R@1E1 => none{end}"
    path = _suite_file(tmp_path, (line + "\r\n").encode())
    if end == " \t":
        assert [c.expect for c in iter_suite(path)] == ["none"]
        path = _suite_file(tmp_path, (f"{EX1} R@1E1 => maybe{end}" + "\r\n").encode())
        line = f"{EX1} R@1E1 => maybe{end}"
    with pytest.raises(NotationError) as err:
        list(iter_suite(path))
    assert str(err.value).startswith(f"{path}: line 1: not a case: {line!r}: ")


def test_the_window_reads_a_regular_suite_file_as_the_command_line_does(tmp_path: Path) -> None:
    path = _suite_file(tmp_path, f"# x\n{EX1} R@1E1 => none\n\n{EX1} R@1A1 => error\n".encode())
    cases = read_suite(path, regular=True)
    assert cases == read_suite(path) and [c.line for c in cases] == [2, 4]
    from spoker.records.suite import iter_suite

    assert list(iter_suite(path, regular=True)) == cases


def test_a_regular_suite_file_is_read_where_the_system_has_no_o_nonblock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows has no O_NONBLOCK (and no FIFO): the window opens suites plainly."""
    import os

    path = _suite_file(tmp_path, f"{EX1} R@1E1 => none\n".encode())
    monkeypatch.delattr(os, "O_NONBLOCK", raising=False)
    assert [c.expect for c in read_suite(path, regular=True)] == ["none"]


def test_a_folder_is_refused_by_the_window_and_cannot_be_read_by_the_command_line(tmp_path: Path) -> None:
    """cli.md: the window refuses a suite that is a folder in one line naming
    it; the command line's reader raises the OSError of reading it."""
    from spoker.records.suite import iter_suite

    for read in (read_suite, lambda p, r: list(iter_suite(p, r))):
        with pytest.raises(NotationError) as err:
            read(tmp_path, True)
        assert str(err.value) == f"{tmp_path}: is a folder, not a suite file"
        with pytest.raises(IsADirectoryError):
            read(tmp_path, False)
    with pytest.raises(IsADirectoryError):
        read_suite(tmp_path)
    with pytest.raises(IsADirectoryError):
        list(iter_suite(tmp_path))


needs_fifo = pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")


@needs_fifo
def test_the_window_refuses_a_fifo_at_once_never_waiting_for_a_writer(tmp_path: Path) -> None:
    """cli.md ("spoker lab"): a FIFO suite is refused, naming it. With no
    writer, opening it plainly would wait for ever: the refusal must come
    while nothing has written to it (a writer arrives only after 10 s, to end
    a wrong wait)."""
    import os

    fifo = tmp_path / "cases.txt"
    os.mkfifo(fifo)
    rescued: list[bool] = []

    def rescue() -> None:  # a writer that ends a blocked open
        rescued.append(True)
        os.close(os.open(fifo, os.O_RDWR | os.O_NONBLOCK))

    timer = threading.Timer(10.0, rescue)
    timer.start()
    try:
        with pytest.raises(NotationError) as err:
            read_suite(fifo, regular=True)
    finally:
        timer.cancel()
        timer.join()
    assert rescued == [] and str(err.value) == f"{fifo}: not a regular file"


def _write_to_fifo(fifo: Path, data: bytes, hold: threading.Event, closed: list[bool]) -> None:
    try:
        with open(fifo, "wb") as w:  # waits for the reader
            w.write(data)
            w.flush()
            hold.wait(10.0)  # keep the pipe open until told (or 10 s)
            closed.append(True)
    except BrokenPipeError:
        closed.append(True)


@needs_fifo
def test_the_command_line_reads_a_suite_from_a_fifo(tmp_path: Path) -> None:
    """cli.md ("spoker suite FILE..."): a FILE may be a pipe, as in
    ``spoker suite <(make-cases)``: the command line waits for its writer."""
    import os

    fifo = tmp_path / "cases.fifo"
    os.mkfifo(fifo)
    hold, closed = threading.Event(), list[bool]()
    hold.set()  # the writer closes as soon as it has written
    writer = threading.Thread(target=_write_to_fifo, args=(fifo, f"{EX1} R@1E1 => none\n".encode(), hold, closed),
                              daemon=True)
    writer.start()
    try:
        cases = read_suite(fifo)
    finally:
        if writer.is_alive():  # a wrong refusal left the writer waiting for a reader
            fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
            writer.join(10.0)
            os.close(fd)
        writer.join(10.0)
    assert [(c.board, c.expect, c.line) for c in cases] == [(EX1, "none", 1)]


@needs_fifo
def test_a_line_too_long_is_refused_at_its_limit_not_read_to_its_end(tmp_path: Path) -> None:
    """A line of more than MAX_LINE_BYTES is refused once that many bytes and
    one more are read, not after its end arrives: a stream that never ends
    its line (/dev/zero, a stuck pipe) is refused at once."""
    import os

    from spoker.records.suite import MAX_LINE_BYTES, iter_suite

    fifo = tmp_path / "long.fifo"
    os.mkfifo(fifo)
    hold, closed = threading.Event(), list[bool]()
    data = b"#" + b"x" * MAX_LINE_BYTES  # MAX_LINE_BYTES + 1 bytes, no newline
    writer = threading.Thread(target=_write_to_fifo, args=(fifo, data, hold, closed), daemon=True)
    writer.start()
    try:
        with pytest.raises(NotationError, match="line 1 is longer than 64 KB"):
            list(iter_suite(fifo))
        closed_before_refusal = bool(closed)
    finally:
        hold.set()
        writer.join(10.0)
    assert not closed_before_refusal, "the reader waited for the line's end"
