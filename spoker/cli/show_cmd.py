"""``spoker show BOARD|RECORD|STATE``: a readable text diagram of a position."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from shibumi import parse_board
from shibumi.errors import ShibumiError
from spoker.cli import CliError
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.records.rules_file import rules_of
from spoker.text.textview import LEGEND, bag_text, board_diagram, state_text

if TYPE_CHECKING:
    from spoker.records.replay import (
        Replay,  # imported for a record only: a state string starts sooner
    )

EXAMPLE = """\
examples:
  spoker show 'WB..BB........../........./..../.'
  spoker show 'WB..BB........../........./..../. 1 0-0 - R * visible'
  spoker show game.txt
  spoker show game.txt --rules touching
  spoker show game.txt --state
    WWBWBRWBWRRBBBRB/BW.R...W./..../. 1 2-1 flush_three:1G3,1G5,1G7 - * visible

The argument is a record file if such a file exists, else a board string, or a
state string (a board string followed by more fields, notation in
docs/formats.md). Levels are drawn side by side as seen from above: columns A-G,
rows 1-7, each cell at its own point. For a record: the headers, the final
position, the score and the list of challenges (--rules overrides the record's;
for a board string it names the rules, whose bag the board is read against; a
state string names its own, and other --rules are refused).
--state prints only the state string of the position (a record's final one).
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "show",
        help="draw a board, a state or a record's final position as text",
        description="Draw a position as text, level by level, with coordinates.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("what", metavar="BOARD|RECORD|STATE", help="a board string, a record file or a state string")
    p.add_argument(
        "--rules", metavar="RULES",
        help="for a record: override its Rules; for a board string: the rules it is read under, whose bag it is"
        " (visible or touching, optionally apex-free; items such as tie=none; or FILE.toml)",
    )
    p.add_argument(
        "--state", action="store_true", help="print only the state string (docs/formats.md)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rules = rules_of(args.rules) if args.rules is not None else None
    print(state_of(args.what, rules).to_string() if args.state else show(args.what, rules))
    return 0


def state_of(what: str, rules: RuleSet | None = None) -> GameState:
    """The position a BOARD, RECORD or STATE argument names (a record's final one)."""
    if os.path.exists(what):
        return _replay(what, rules).final_state
    _check_position(what)
    return position_of(what, rules)


def position_of(text: str, rules: RuleSet | None = None) -> GameState:
    """A state string, or a bare board string read as a position with no
    history under ``rules`` (the rules as written if None): no score, no
    challenge (a what-if, not a game to check). A state string names its own
    rules: ``rules`` other than those is refused, never dropped. The one
    reader of a position argument under ``--rules`` (show, hint, render)."""
    if len(text.split()) == 1:
        rules = rules or RuleSet()
        return GameState.from_board(parse_board(text, rules.counts), rules)
    state = parse_state(text)
    if rules is not None and rules != state.rules:
        raise CliError(f"--rules {str(rules)!r}: the state string names its own rules ({state.rules}); give a board string")
    return state


def _replay(path: str, rules: RuleSet | None) -> Replay:
    from spoker.cli.replay_cmd import read
    from spoker.records.replay import Replay

    try:
        return Replay(read(path, "show"), rules)
    except OSError as err:
        raise CliError(f"cannot read {path!r}: {err.strerror or err}") from None
    except ShibumiError as err:
        raise CliError(f"{path}: {err}") from None


def _check_position(what: str) -> None:
    if what.count("/") != 3:
        raise CliError(f"{what!r} is not a record file, a board string or a state string")


def show(what: str, rules: RuleSet | None = None) -> str:
    """The text for a record file, a board string or a state string."""
    if os.path.exists(what):
        from spoker.cli.record_views import (
            record_text,  # a record only: a state string starts sooner
        )

        return record_text(_replay(what, rules))
    _check_position(what)
    if len(what.split()) > 1:
        return state_text(position_of(what, rules))
    rules = rules or RuleSet()
    board = parse_board(what, rules.counts)
    playable = " ".join(str(c) for c in board.playable())
    return "\n".join(
        [
            f"Board: {board}",
            "",
            board_diagram(board),
            "",
            LEGEND,
            "",
            f"Balls placed: {len(board)}; {bag_text(board, rules)}",
            f"Playable cells: {playable or 'none (the pyramid is full)'}",
        ]
    )
