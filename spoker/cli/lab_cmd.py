"""``spoker lab [BOARD]``: the laboratory in the window."""

from __future__ import annotations

import argparse

from shibumi import parse_board
from spoker.cli import CliError
from spoker.records.rules_file import rules_of

EXAMPLE = """\
examples:
  spoker lab                                         an empty board
  spoker lab 'BBBRWWW.BBBRBBBB/.R..R..../..../.'     set up from a board string
  spoker lab --rules touching,apex-free              judge groups by these rules first
  spoker lab --rules lines=in-level,tie=none         the rules panel open on these items
  spoker lab --rules fair-tie.toml                   ... or on a rules file's
  spoker lab --suite cases.txt                       step through a suite, failing cases first

In the window: click a lit cell to place a ball of the chosen colour (W, B, R),
point at one to see every group that ball would form and why each counts or
not, under the four rule sets; click a ball for the groups through it,
right-click to remove it; Ctrl+Z / Ctrl+Y undo and redo; Ctrl+C / Ctrl+V copy
and paste the board string; S appends the query to the suite file as a test
case ('spoker suite' runs it); U opens the rules panel: every item of the
rule set as a control, the groups judged again at each change, and "Save as
rules file" (the data folder's rules/, offered on the title screen). A bad
BOARD, RULES or suite file is refused before the window opens.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "lab",
        help="the laboratory: set up a position, see what a ball would form",
        description="Open the window on the laboratory: set up any position and see which "
        "groups a ball would form there, and why each counts or not.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("board", nargs="?", metavar="BOARD", help="a board string (docs/formats.md) to start from")
    p.add_argument("--rules", metavar="RULES", help="visible (default) or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)")
    p.add_argument("--suite", metavar="FILE", help="a group test suite to step through (docs/formats.md)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Everything the user typed is checked here, before any window opens.
    rules = rules_of(args.rules) if args.rules is not None else None
    board = parse_board(args.board, rules.counts if rules else None) if args.board is not None else None
    if rules is not None:
        _ = rules.judge  # a plug-in variant's mistake: one line here, not in the window
    if args.suite is not None:
        from spoker.records.suite import read_suite

        if not read_suite(args.suite, regular=True):  # a FIFO would hold the window
            raise CliError(f"{args.suite}: no cases in this suite")
    try:
        from spoker.gui.launch import run_lab
    except ImportError as err:
        raise CliError(f"the game window cannot start ({err})") from None
    return int(run_lab(board, rules, args.suite) or 0)
