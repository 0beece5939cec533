"""Group test suites (notation.md): parsing, running, the shipped suites and
``spoker suite`` / ``spoker groups --as-case``, held against the plain
reference runner of tests/support/reference_suite.py."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import reference_suite as rs
from support.example_counts import examples
from support.strategies import placements, rule_sets

from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.errors import SpokerError
from spoker.records.suite import (
    Case,
    SuiteError,
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
    with pytest.raises(SuiteError) as err:
        parse_case(line)
    assert repr(line) in str(err.value)
    with pytest.raises(rs.NotACase):
        rs.parse_line(line)


@pytest.mark.parametrize("line", ["", "   ", "\t\n", "# a comment", "   # indented => none"])
def test_blank_and_comment_lines(line: str) -> None:
    assert parse_case(line) is None
    assert rs.parse_line(line) is None


def test_suite_error_is_the_projects_value_error() -> None:
    assert issubclass(SuiteError, SpokerError) and issubclass(SuiteError, ValueError)


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
    except SuiteError as err:
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
        with pytest.raises(SuiteError):
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
        with pytest.raises(SuiteError):
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
    with pytest.raises(SuiteError, match="s.txt: line 1 is longer than 65536 bytes"):
        list(iter_suite(path))


def test_a_move_may_be_given_as_a_move() -> None:
    from spoker.engine.moves import Move
    from spoker.records.suite import place

    after, cell = place(EX1, Move.from_str("R@1E1"))
    assert (str(cell), after[cell].char) == ("1E1", "R")
    assert place(EX1, "R@1E1") == (after, cell)


@pytest.mark.parametrize(
    ("board", "move", "message"),
    [
        (EX1, "R @1E1", "the move 'R @1E1' cannot be written as a field of a suite line"),
        ("", "R@1E1", "the board '' cannot be written as a field of a suite line"),
    ],
)
def test_a_query_that_is_no_suite_line_says_which_field(board: str, move: str, message: str) -> None:
    with pytest.raises(SuiteError) as err:
        case_for(board, move)
    assert str(err.value) == message
