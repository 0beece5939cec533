"""``spoker groups BOARD MOVE``: the winning groups a ball forms, and which counts."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from shibumi import Board, ShibumiError, parse_board
from spoker.cli import CliError
from spoker.cli.streams import LINE_TOO_LONG, lines_limited, stdin_bytes
from spoker.engine.groups import Group, best_group, groups_at, standing
from spoker.engine.moves import Move
from spoker.engine.refusals import board_refusal
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.errors import IllegalActionError, NotationError
from spoker.records.rules_file import rules_of
from spoker.safe_text import one_line, printable
from spoker.text.textview import groups_text

EXAMPLE = """\
examples:
  spoker groups 'WB............../........./..../.' R@1E1 --json
    {"move": "R@1E1", "groups": [{"rank": "three_kinds", "cells": ["1A1", "1C1", "1E1"],
     "top_level": 1, "visible": true}], "best": {"rank": "three_kinds", ...}}
  spoker groups 'BBBRWWW.BBBRBBBB/.R..R..../..../.' W@1G3 --rules touching
  printf '%s\\n' 'WW..BB........../........./..../. W@2B2' | spoker groups --batch - --json
  spoker groups 'WB............../........./..../.' R@1E1 --as-case >> my-cases.txt
    WB............../........./..../. R@1E1 => three_kinds@1 1A1 1C1 1E1

MOVE is colour@cell (R@1E1, w@d4); a short cell (E1) means the lowest empty
cell at that point. The cell must be playable and the colour still in the bag.
'groups' lists every winning group containing the ball, visible or not; 'best'
is the best group that counts under --rules (null if none). The apex ruling is
about turns, so it is not applied here. --batch reads one 'BOARD MOVE' query a
line (FILE, or - for stdin) and always answers with one JSON object a line; a
bad line gets {"error": "..."} and the run goes on (exit status 0); a line
longer than 16 MB is refused that way too. Binary input (a NUL byte, such as
/dev/zero) is no batch: refused at once in one line, exit status 2. Board
strings: docs/formats.md.
--as-case prints the query and its answer as a 'spoker suite' case instead
(the apex ruling applied, as a suite does; a refused query gives '=> error');
with --batch, one case a line (a line that is no query becomes a comment).
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "groups",
        help="the winning groups a ball forms on a board",
        description="Place a ball on a board and list the winning groups it forms.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("board", nargs="?", metavar="BOARD", help="a board string (docs/formats.md)")
    p.add_argument("move", nargs="?", metavar="MOVE", help="the ball to place, e.g. R@1E1")
    p.add_argument(
        "--rules", default="visible", metavar="RULES",
        help="a rule set: items such as 'touching, apex-free, lines=in-level, tie=none, bag=12-9-9' "
        "(default: visible), or a rules file FILE.toml (docs/rules.md)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object (docs/formats.md)")
    p.add_argument(
        "--batch", metavar="FILE", help="read 'BOARD MOVE' queries, one a line (- for stdin)"
    )
    p.add_argument(
        "--as-case", action="store_true", help="print the query as a 'spoker suite' case line"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_of(args.rules)
    if args.batch is not None:
        if args.board is not None:
            raise CliError("give either BOARD MOVE or --batch FILE, not both")
        return _run_batch(args.batch, rules, args.as_case)
    if args.board is None or args.move is None:
        raise CliError("give a BOARD and a MOVE (or --batch FILE); see 'spoker groups --help'")
    if args.as_case:
        from spoker.records.suite import (  # only here: a plain query starts sooner
            case_for,
            format_case,
        )

        # Escaped: an unreadable board or move is kept as typed in the case.
        print(printable(format_case(case_for(args.board, args.move, rules))))
        return 0
    board, move = read_query(args.board, args.move, rules)
    groups, best = analyse(board, move, rules)
    if args.json:
        print(json.dumps(to_json(move, groups, best, board, rules)))
    else:
        print(groups_text(board, move, groups, best, rules))
    return 0


def read_query(board_text: str, move_text: str, rules: RuleSet = DEFAULT_RULES) -> tuple[Board, Move]:
    """Board and move of a query; ValueError unless the ball can go there now
    (the cell playable, the colour still in ``rules``' bag)."""
    board = parse_board(board_text, rules.counts)
    move = Move.from_str(move_text, board)
    refusal = board_refusal(board, move.cell, move.colour, rules.counts)
    if refusal is not None:
        from spoker.text.narrator import (
            refusal_text,  # the sentences load the game: only for a refusal
        )

        words = refusal_text(refusal, move.cell, move.colour)
        raise IllegalActionError(f"{move_text!r}: {words}", refusal, move.cell, move.colour)
    return board, move


def analyse(board: Board, move: Move, rules: RuleSet) -> tuple[list[Group], Group | None]:
    """Every group through the placed ball, and the best one counting under ``rules``."""
    after = board.place(move.cell, move.colour)
    return groups_at(after, move.cell), best_group(after, move.cell, rules)


def group_json(group: Group, with_visible: bool) -> dict[str, object]:
    """A group as docs/formats.md writes it: cells are canonical names, sorted."""
    out: dict[str, object] = {
        "rank": group.rank.key,
        "cells": sorted(str(c) for c in group.cells),
        "top_level": group.top_level,
    }
    if with_visible:
        out["visible"] = group.visible
    return out


def to_json(
    move: Move, groups: list[Group], best: Group | None, board: Board, rules: RuleSet = DEFAULT_RULES
) -> dict[str, object]:
    """The answer of docs/formats.md: each group with ``counts`` (under
    ``rules``) and, when it does not count, ``why`` (the explanations' words)."""
    after = board.place(move.cell, move.colour)
    return {
        "move": str(move),
        "groups": [{**group_json(g, True), **counts_json(after, g, rules)} for g in groups],
        "best": group_json(best, False) if best is not None else None,
    }


def counts_json(after: Board, group: Group, rules: RuleSet) -> dict[str, object]:
    """``counts`` and, when false, ``why``: the one why-not cascade
    (:func:`spoker.engine.groups.standing`) in the narrator's words. The apex
    ruling, about turns, is not applied here."""
    told = standing(after, group, rules)
    if told.counts:
        return {"counts": True}
    from spoker.text.narrator import (
        reasons_text,  # the sentences: only for a group that does not count
    )

    return {"counts": False, "why": reasons_text(told.against)}


def answer(line: str, rules: RuleSet) -> dict[str, object]:
    """The JSON answer to one batch line (an error object for a bad one)."""
    fields = line.split()
    if len(fields) != 2:
        return {"error": f"expected 'BOARD MOVE', got {line.strip()!r}"}
    try:
        board, move = read_query(fields[0], fields[1], rules)
        return to_json(move, *analyse(board, move, rules), board, rules)
    except (CliError, ShibumiError) as err:
        return {"error": str(err)}


def case_line(line: str, number: int, rules: RuleSet) -> str:
    """A batch line as a suite case (a comment if it is no query)."""
    from spoker.records.suite import case_for, format_case

    fields = line.split()
    try:
        if len(fields) != 2:
            raise CliError(f"expected 'BOARD MOVE', got {line.strip()!r}")
        return printable(format_case(case_for(fields[0], fields[1], rules)))
    except (ShibumiError, CliError) as err:
        return f"# line {number}: {one_line(str(err))}"


def _run_batch(source: str, rules: RuleSet, as_case: bool = False) -> int:
    try:
        if source == "-":
            return _answer_all(stdin_bytes(), rules, as_case)
        try:
            f = open(source, "rb")
        except OSError as err:  # named as the other readers name a file they cannot read
            raise CliError(f"cannot read {source!r}: {err.strerror or err}") from None
        with f:
            return _answer_all(f, rules, as_case)
    except NotationError as err:  # binary data (a NUL byte): not a batch, refused whole
        name = "standard input" if source == "-" else source
        raise CliError(f"{name}: {err}") from None


def _answer_all(stream: IO[bytes], rules: RuleSet, as_case: bool = False) -> int:
    for number, raw in enumerate(lines_limited(stream, "a batch of queries"), start=1):
        out: dict[str, object]
        if raw is None:
            out = {"error": f"line {number}: {LINE_TOO_LONG}"}
            if as_case:
                sys.stdout.write(f"# line {number}: {LINE_TOO_LONG}\n")
            else:
                sys.stdout.write(json.dumps(out) + "\n")
            sys.stdout.flush()
            continue
        if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # a byte order mark some editors write (as suite files)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            out = {"error": f"line {number} is not UTF-8 text"}
        else:
            if as_case:
                sys.stdout.write(case_line(line, number, rules) + "\n")
                continue
            out = answer(line, rules)
        if as_case:
            sys.stdout.write(f"# line {number}: {out['error']}\n")
            continue
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0
