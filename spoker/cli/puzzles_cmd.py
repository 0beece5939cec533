"""``spoker puzzles make|check``: puzzles proved by exhaustive search (notation.md, "Puzzles")."""

from __future__ import annotations

import argparse
import shlex
import sys

from shibumi.errors import ShibumiError
from spoker.cli import CliError, cap_workers_told, positive_int
from spoker.cli.streams import check_output
from spoker.errors import NotationError
from spoker.safe_text import one_line, printable

MAX_LEFT = 10
"""``--max-left``'s default: :data:`spoker.runs.puzzles.MAX_LEFT` (held equal by a test;
not imported, so that ``spoker puzzles --help`` starts at once)."""

EXAMPLE = """\
examples:
  spoker puzzles make --games 20 --seed 1 --players lookahead,greedy --out my-puzzles.txt
  spoker puzzles make --from games/*.txt --out from-my-games.txt --workers 2
  spoker puzzles check assets/puzzles/*.txt
    assets/puzzles/visible.txt:12: the answers are 2D4, not 2B4
    120 puzzles: 119 hold, 1 does not

A puzzle is STATE => CELL[,CELL...] [THEME ...] (one a line, '#' a comment):
the position with the ball to place, every cell within 0.01 of the best, the
themes. make keeps the positions of the games (or records) whose values are
exact and whose answer is clear (every other cell at least 0.25 worse), each
once, with a '# difficulty N' comment (how many wrong cells greedy and
lookahead pick); the file starts with the command that made it. check
re-solves each puzzle. Exit status (check) 0: all hold; 1: some do not (each
named, file:line); 2: a file cannot be read or a line is not a puzzle.
Themes and difficulty: docs/decisions.md ("Puzzles").
"""


PLAYERS = "lookahead,lookahead"
"""The games' players when --players is not given."""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "puzzles",
        help="make and check puzzles proved by exhaustive search",
        description="Make puzzles from simulated games or records, or check puzzle files.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    make = actions.add_parser(
        "make", help="find puzzles in simulated games or in records",
        description="Find the positions with one clear, exact answer and write them as puzzles.",
        epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    source = make.add_mutually_exclusive_group(required=True)
    source.add_argument("--games", type=positive_int, metavar="N", help="simulate N games")
    source.add_argument("--from", dest="records", nargs="+", metavar="RECORD", help="game records")
    make.add_argument("--seed", type=_seed, metavar="S", help="the games' seed (default 0)")
    make.add_argument("--players", metavar="A,B",
                      help=f"the two players of the games (default {PLAYERS})")
    make.add_argument("--rules", metavar="RULES",
                      help="the games' rules: visible or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)")
    make.add_argument(
        "--max-left", type=positive_int, metavar="L",
        help=f"try positions with at most L balls left to place (default {MAX_LEFT}: earlier ones are "
             "never exact within the search's effort)",
    )
    make.add_argument("--out", required=True, metavar="FILE", help="the puzzle file to write")
    make.add_argument("--workers", type=positive_int, default=1, metavar="K", help="processes (default 1)")
    make.set_defaults(func=run_make)
    check = actions.add_parser(
        "check", help="re-solve the puzzles of files",
        description="Re-solve every puzzle and name the ones that do not hold.",
        epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="puzzle files")
    check.set_defaults(func=run_check)


def _seed(text: str) -> int:
    from spoker.records.inputs import read_seed

    seed = read_seed(text)
    if seed is None:
        raise argparse.ArgumentTypeError(f"invalid seed {text!r}: a whole number from 0 to 2^64-1")
    return seed


def command_line(args: argparse.Namespace) -> str:
    """The command that makes this file again (written at its top)."""
    words = ["spoker", "puzzles", "make"]
    if args.records is not None:
        words += ["--from", *args.records]
    else:
        words += ["--games", str(args.games), "--seed", str(args.seed or 0), "--players", args.players or PLAYERS]
    if args.rules is not None:
        words += ["--rules", args.rules]
    if args.max_left is not None:
        words += ["--max-left", str(args.max_left)]
    words += ["--out", args.out]
    return shlex.join(words)


def run_make(args: argparse.Namespace) -> int:
    from spoker.engine.state import GameState
    from spoker.records.files import write_text_atomic
    from spoker.records.puzzles import format_puzzle
    from spoker.records.rules_file import rules_of
    from spoker.runs import puzzles
    from spoker.runs.simulate import ProgressBar, check_players

    check_output(args.out, "--out")
    rules = rules_of(args.rules) if args.rules is not None else None
    if args.records is not None:
        if args.players is not None or args.seed is not None:
            raise CliError("--players and --seed are for --games: records have their own players and draws")
        from spoker.records.record import load_record

        states: list[GameState] = []
        for path in args.records:
            try:
                record = load_record(path)
            except OSError as err:
                raise CliError(f"cannot read {path!r}: {err.strerror or err}") from None
            except ShibumiError as err:
                raise CliError(f"{path}: {err}") from None
            state = GameState(rules if rules is not None else record.rules)
            states.extend(puzzles.record_positions(state, [(m.colour, m.cell) for m in record.moves]))
    else:
        given = args.players or PLAYERS
        names = tuple(n.strip().lower() for n in given.split(","))
        if len(names) != 2:
            raise CliError(f"--players {printable(repr(given))}: expected two names, A,B")
        a, b = check_players(names)
        states = list(puzzles.game_positions(args.games, args.seed or 0, (a, b), rules))
    workers = cap_workers_told("puzzles", args.workers)
    bar = ProgressBar(sys.stderr, label="positions")
    try:
        found, tried = puzzles.make(
            states, workers, tick=bar, max_left=MAX_LEFT if args.max_left is None else args.max_left
        )
    finally:
        bar.close()
    lines = [f"# {command_line(args)}", f"# {len(found)} puzzles from {tried} positions tried"]
    lines += [format_puzzle(p) for p in found]
    write_text_atomic(args.out, "\n".join(lines) + "\n")
    print(f"{len(found)} puzzles from {tried} positions written to {printable(args.out)}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from spoker.records.puzzles import PuzzleLine, read_puzzles
    from spoker.runs.puzzles import check

    status = 0
    read: list[PuzzleLine] = []
    for path in args.files:
        try:
            read.extend(read_puzzles(path))
        except NotationError as err:
            print(f"spoker puzzles: error: {one_line(str(err))}", file=sys.stderr)
            status = 2
        except OSError as err:
            print(f"spoker puzzles: error: cannot read {one_line(repr(path))}: {err.strerror or err}",
                  file=sys.stderr)
            status = 2
    failed = 0
    for item in read:
        reasons = check(item.puzzle)
        if reasons:
            failed += 1
            sys.stdout.write(printable(f"{item.file}:{item.line}: {'; '.join(reasons)}") + "\n")
    noun = "puzzle" if len(read) == 1 else "puzzles"
    verb = "does not" if failed == 1 else "do not"
    sys.stdout.write(f"{len(read)} {noun}: {len(read) - failed} hold, {failed} {verb}\n")
    if status:
        return status
    return 1 if failed else 0
