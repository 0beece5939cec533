"""``spoker hint STATE BALL``: the best cells for a drawn ball, what it does
there and the game's expected result from there (the game screen's hints)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TextIO

from shibumi import Colour
from spoker.cli import CliError, positive_int
from spoker.cli.show_cmd import position_of
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.records.rules_file import rules_of
from spoker.runs.analysis import MAX_EFFORT
from spoker.runs.hints import HINT_VALUE_EFFORT, Hint, hints

EXAMPLE = f"""\
examples:
  spoker hint 'WWW.BB........../........./..../. 2 0-0 flush_three:1A1,1C1,1E1' B --top 3
    Player 2 to place black (B); score 0-0; answering a flush three, level 1
      1. 2B2  +0.226  a full house, level 2: beats the flush three, level 1; wins about 6 games in 10
      2. 1E3  -0.171  a flush three, level 1: ties the challenge; wins about 4 games in 10
      3. 1E5  -0.420  no group: loses the challenge; wins about 3 games in 10
  spoker hint 'WB............../........./..../.' R --top 1 --json
    {{"state": "WB............../........./..../. 1 0-0 - - * visible", "ball": "R", "hints":
     [{{"cell": "1E1", "value": 0.2295, "forms": "three_kinds", "level": 1, "outcome": "opens",
       "words": "a three of three kinds, level 1: opens a challenge; wins about 6 games in 10"}}]}}

STATE is a state string (board, player to move, score, pending challenge, drawn
ball, result, rules: docs/formats.md) or just a board string (read as a
position with no score and no challenge pending, under --rules: the rules as
written if not given; a state string names its own). BALL (W, B or R)
is the ball drawn; it must still be in the bag (or be the state's drawn ball).
A value is the game's expected result from there for the player to move,
P(win) - P(loss) (+1 a sure win, -1 a sure loss), from the search 'spoker
analyse' uses: exact near the end of the game, else an estimate from a search
of --effort positions (default {HINT_VALUE_EFFORT:,}, as the game screen's
hints). Each line says what the ball does there (the group it forms, and so
the challenge it opens, or how it answers the pending one) and the value in
words (a draw counting half a win). The game window's hints are the same.
A search of more than a second shows its progress on stderr when that is a
terminal (one line, rewritten; gone at the end); Ctrl-C stops it at once.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "hint",
        help="the best cells for a drawn ball",
        description="Rank the playable cells for a drawn ball by the game's expected result.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("state", metavar="STATE", help="a state string or a board string")
    p.add_argument("ball", metavar="BALL", help="the drawn ball: W, B or R")
    p.add_argument("--top", type=positive_int, default=3, metavar="N", help="cells to list (default 3)")
    p.add_argument(
        "--effort", type=positive_int, default=HINT_VALUE_EFFORT, metavar="N",
        help=f"positions the search judges (default {HINT_VALUE_EFFORT:,}, as the game's hints)",
    )
    p.add_argument(
        "--rules", metavar="RULES",
        help="for a board string: the rules it is read under (items such as tie=none, bag=12-9-9, or FILE.toml);"
        " a state string names its own",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


PROGRESS_AFTER = 1.0
"""Seconds of search before the progress line shows (a quick hint shows none)."""
PROGRESS_EVERY = 0.25
"""Seconds between two rewrites of the progress line."""


class SearchProgress:
    """The search's progress as one line on a terminal, rewritten in place
    (``spoker hint: searching 5 deep, 12,345,678 positions (Ctrl-C stops)``)
    and wiped by :meth:`close`. On a stream that is not a terminal (a file, a
    pipe, a test's capture) it writes nothing: a log keeps only the answer."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        isatty = getattr(stream, "isatty", None)
        self.live = bool(isatty is not None and isatty())
        self.clock = clock
        self.due = clock() + PROGRESS_AFTER
        self.shown = False

    def __call__(self, depth: int, positions: int) -> None:
        if not self.live:
            return
        now = self.clock()
        if now < self.due:
            return
        self.due = now + PROGRESS_EVERY
        self.shown = True  # first: a Ctrl-C in the middle of the write still wipes it
        self.stream.write(f"\rspoker hint: searching {depth} deep, {positions:,} positions (Ctrl-C stops)\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        """Wipe the line (before the answer, or the line saying it was interrupted)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def read_state(state_text: str, ball_text: str, rules: RuleSet | None = None) -> tuple[GameState, Colour]:
    """The state with the ball drawn; ValueError (quoting the input) if it cannot be."""
    state = position_of(state_text, rules)
    colour = Colour.from_char(ball_text.strip())
    if state.is_over:
        raise CliError(f"state {state_text!r}: the game is over")
    if state.drawn is not None:
        if state.drawn != colour:
            raise CliError(
                f"ball {ball_text!r}: the state has already drawn {state.drawn.char}"
            )
        return state, colour
    state.apply_draw(colour)
    return state, colour


def hint_json(h: Hint) -> dict[str, object]:
    """One hint as ``--json`` gives it."""
    formed = h.preview.formed
    return {
        "cell": str(h.cell),
        "value": round(h.value, 4),
        "forms": None if formed is None else formed.rank.key,
        "level": None if formed is None else formed.top_level,
        "outcome": h.preview.outcome.value,
        "words": h.words,
    }


def run(args: argparse.Namespace) -> int:
    if args.effort > MAX_EFFORT:
        raise CliError(f"--effort {args.effort}: at most {MAX_EFFORT:,} positions")
    rules = rules_of(args.rules) if args.rules is not None else None
    state, colour = read_state(args.state, args.ball, rules)
    given = state.copy()
    progress = SearchProgress(sys.stderr)
    try:
        found = hints(state, top=args.top, effort=args.effort, progress=progress)
    finally:  # Ctrl-C too: spoker.cli.main then says "interrupted", exit 130
        progress.close()
    if args.json:
        print(json.dumps({
            "state": position_of(args.state, rules).to_string(),
            "ball": colour.char,
            "hints": [hint_json(h) for h in found],
        }))
        return 0
    mover = given.to_move
    pending = given.challenge.group.describe() if given.challenge else ""
    print(f"Player {mover} to place {colour.word} ({colour.char}); "
          f"score {given.scores[0]}-{given.scores[1]}"
          + (f"; answering a {pending[0].lower() + pending[1:]}" if pending else ""))
    for i, h in enumerate(found, start=1):
        print(f"{i:3d}. {h.cell}  {h.value:+.3f}  {h.words}")
    return 0
