"""``spoker suite FILE...``: run group test suites (notation.md)."""

from __future__ import annotations

import argparse
import json
import sys

from spoker.cli import CliError
from spoker.errors import NotationError
from spoker.records.suite import Case, format_case, read_suite, run_case
from spoker.safe_text import printable

EXAMPLE = """\
examples:
  spoker suite assets/suites/*.txt
  spoker suite my-cases.txt --json
    {"file": "my-cases.txt", "line": 3, "pass": true, "expected": "three_kinds@1 1A1 1C1 1E1",
     "got": "three_kinds@1 1A1 1C1 1E1"}
    ...
    {"summary": {"cases": 12, "passed": 12, "failed": 0}}

A suite holds one case a line: BOARD MOVE [RULES] => EXPECT, where EXPECT is
none, error, RANK@LEVEL or RANK@LEVEL CELL CELL ...; '#' starts a comment:
  WB............../........./..../. R@1E1 => three_kinds@1 1A1 1C1 1E1
  WB............../........./..../. R@1E1 touching,apex-free => three_kinds@1
The ball is placed as a normal turn (the apex ruling applies). Without --json
each failing case gets a line (file:line: case, expected, got), then a summary.
Exit status 0: all pass; 1: some fail; 2: a file cannot be read, a line is
not a case or holds a NUL byte (binary data), or no file holds a case
(nothing is run then). Format: docs/suites.md.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "suite",
        help="run group test suites (BOARD MOVE [RULES] => EXPECT lines)",
        description="Run every case of group test suites and report the failing ones.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="suite files")
    p.add_argument("--json", action="store_true", help="one JSON object a case, then a summary")
    p.set_defaults(func=run)


def load(paths: list[str]) -> list[Case]:
    """Every case of every file, in order; CliError for an unreadable file or a
    line that is not a case (before anything is run)."""
    cases: list[Case] = []
    for path in paths:
        try:
            cases.extend(read_suite(path))
        except NotationError as err:
            raise CliError(str(err)) from None
        except OSError as err:
            raise CliError(f"cannot read {path!r}: {err.strerror or err}") from None
    return cases


def run(args: argparse.Namespace) -> int:
    cases = load(args.files)
    if not cases:  # an empty or truncated file would pass while checking nothing
        raise CliError(f"no cases in {' '.join(repr(f) for f in args.files)}: nothing to check")
    out = sys.stdout
    failed = 0
    for case in cases:
        result = run_case(case)
        if not result.passed:
            failed += 1
        if args.json:
            out.write(json.dumps({
                "file": case.file, "line": case.line, "pass": result.passed,
                "expected": result.expected, "got": result.got,
            }) + "\n")
        elif not result.passed:
            # Escaped: a file name, or a board or move that cannot be read
            # (kept as written), may hold escape sequences or a U+202E.
            out.write(printable(
                f"{case.file}:{case.line}: {format_case(case)}: "
                f"expected {result.expected}, got {result.got}"
            ) + "\n")
    passed = len(cases) - failed
    if args.json:
        out.write(json.dumps({"summary": {"cases": len(cases), "passed": passed, "failed": failed}}) + "\n")
    else:
        noun = "case" if len(cases) == 1 else "cases"
        out.write(f"{len(cases)} {noun}: {passed} passed, {failed} failed\n")
    return 1 if failed else 0
