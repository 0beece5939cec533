"""``spoker hint STATE BALL``: the best cells for a drawn ball, with their values."""

from __future__ import annotations

import argparse
import json

from shibumi import Cell, Colour, parse_board
from spoker.cli import CliError, positive_int
from spoker.engine.events import ChallengeResolved, GroupFormed, StraightFlush
from spoker.engine.groups import Group
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.players import HINT_EFFORTS, hint
from spoker.runs.analysis import placement_values
from spoker.runs.hints import HINT_VALUE_EFFORT
from spoker.text.value_words import value_words

EXAMPLE = """\
examples:
  spoker hint 'WB............../........./..../.' R --json
    {"state": "WB............../........./..../. 1 0-0 - - * visible", "ball": "R",
     "hints": [{"cell": "1E1", "value": 0.6436}, ...]}
  spoker hint 'WWW.BB........../........./..../. 2 0-0 flush_three:1A1,1C1,1E1' B --top 3
    Player 2 to place black (B); score 0-0; answering a flush three, level 1
      1. 2B2  +0.714  a full house, level 2: beats the flush three, level 1; wins about 6 games in 10 from here
      2. 1E3  -0.245  a flush three, level 1: ties the challenge; wins about 4 games in 10 from here
      3. 1G3  -1.245  no group: loses the challenge; wins about 3 games in 10 from here

STATE is a state string (board, player to move, score, pending challenge, drawn
ball, result, rules: docs/formats.md) or just a board string (read as a
position with no score and no challenge pending). BALL (W, B or R)
is the ball drawn; it must still be in the bag (or be the state's drawn ball).
A value is the expected final score difference, player to move minus opponent,
current score included; a straight flush counts as 8 points (a game win).
Each line says what the ball does there (the group it forms, and so the
challenge it opens, or how it answers the pending challenge) and the game's
expected result from there in words (a draw counting half a win), from the
search 'spoker analyse' uses.
--player sets how hard the hint looks: greedy (one ball), lookahead (default:
the opponent's next draw too) or expert (the expert's deeper search).
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "hint",
        help="the best cells for a drawn ball",
        description="Rank the playable cells for a drawn ball by expected score difference.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("state", metavar="STATE", help="a state string or a board string")
    p.add_argument("ball", metavar="BALL", help="the drawn ball: W, B or R")
    p.add_argument("--top", type=positive_int, default=3, metavar="N", help="cells to list (default 3)")
    p.add_argument(
        "--player", default="lookahead", choices=HINT_EFFORTS, metavar="LEVEL",
        help=f"how hard to look: {', '.join(HINT_EFFORTS)} (default lookahead)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)



def read_state(state_text: str, ball_text: str) -> tuple[GameState, Colour]:
    """The state with the ball drawn; ValueError (quoting the input) if it cannot be."""
    state = read_position(state_text)
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


def read_position(text: str) -> GameState:
    """A state string, or a bare board string read as a position with no
    history: no score, no challenge (a what-if, not a game to check)."""
    if len(text.split()) == 1:
        return GameState.from_board(parse_board(text))
    return parse_state(text)


def effect(state: GameState, cell: Cell) -> str:
    """What the drawn ball does on ``cell``: the group it forms, the
    challenge it opens or how it answers the pending one."""
    events = state.copy().apply_place(cell)
    formed = next((e.group for e in events if isinstance(e, GroupFormed)), None)
    if any(isinstance(e, StraightFlush) for e in events):
        return f"a {_group(formed)}: wins the game at once"
    resolved = next((e for e in events if isinstance(e, ChallengeResolved)), None)
    if resolved is not None and not resolved.bag_empty:
        if formed is None:
            return "no group: loses the challenge"
        if resolved.winner is None:
            return f"a {_group(formed)}: ties the challenge"
        won = resolved.winner == state.to_move
        return f"a {_group(formed)}: {'beats' if won else 'loses to'} the {_group(resolved.challenge)}"
    if formed is not None:
        return f"a {_group(formed)}: opens a challenge"
    return "no group"


def _group(group: Group | None) -> str:
    assert group is not None
    text = group.describe()
    return text[0].lower() + text[1:]


def run(args: argparse.Namespace) -> int:
    state, colour = read_state(args.state, args.ball)
    given = state.copy()
    hints = hint(state, top=args.top, effort=args.player)
    if args.json:
        print(json.dumps({
            "state": read_position(args.state).to_string(),
            "ball": colour.char,
            "hints": [{"cell": str(h.cell), "value": round(h.value, 4)} for h in hints],
        }))
        return 0
    mover = given.to_move
    print(f"Player {mover} to place {colour.word} ({colour.char}); "
          f"score {given.scores[0]}-{given.scores[1]}"
          + (f"; answering a {_group(given.challenge.group)}" if given.challenge else ""))
    # The words say the game's expected result, from the analysis's search.
    results = placement_values(state, HINT_VALUE_EFFORT, prune=False).values
    for i, h in enumerate(hints, start=1):
        print(f"{i:3d}. {h.cell}  {h.value:+.3f}  {effect(given, h.cell)}; {value_words(results[h.cell])}")
    return 0
