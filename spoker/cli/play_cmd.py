"""``spoker play``: the desktop game."""

from __future__ import annotations

import argparse

from spoker.cli import CliError
from spoker.rules import RuleSet

EXAMPLE = """\
examples:
  spoker play                                   the title screen (new game, continue, records)
  spoker play --player1 Ann --player2 greedy    Ann against the greedy computer, at once
  spoker play --seed 7 --rules touching,apex-free
  spoker play --resume                          continue the autosaved game
  spoker play --record game.txt                 also keep the record in game.txt
  spoker play --screenshot shot.png --seed 3 --autoplay 12
                                                a picture after 12 computer moves, headless

A --player value that names a computer player (random, greedy, lookahead,
expert) seats that player; any other value is a person's name. The game is
autosaved after every move in $SPOKER_HOME, else $XDG_DATA_HOME/spoker, else
~/.local/share/spoker, and offered for resumption at the next start.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "play",
        help="play Spoker in a window",
        description="Play Spoker in a window: two people, or against the computer.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--seed", type=_seed, metavar="S", help="seed of the draws (same seed, same draws)")
    p.add_argument("--rules", metavar="RULES", help="visible or touching, optionally with apex-free")
    p.add_argument("--player1", metavar="NAME", help="player 1's name, or a computer player's name")
    p.add_argument("--player2", metavar="NAME", help="player 2's name, or a computer player's name")
    p.add_argument("--no-hints", action="store_true", help="no hints in this game")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--resume", action="store_true", help="continue the autosaved game")
    start.add_argument("--load", metavar="FILE", help="continue the game of a record file")
    p.add_argument("--record", metavar="FILE", help="write the game's record to FILE after every move")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="draw one frame headless to FILE.png and exit (with --autoplay, --show)")
    p.add_argument("--autoplay", type=int, default=0, metavar="N",
                   help="with --screenshot: N moves played by the computer first")
    p.add_argument("--show", choices=("game", "end", "help", "title", "replay"), default="game",
                   help="with --screenshot: the screen to draw (default: game, or end if over)")
    p.add_argument("--size", default="1280x800", metavar="WxH", help="with --screenshot: the picture's size")
    p.set_defaults(func=run)


def _seed(text: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise argparse.ArgumentTypeError(f"seed {text!r} is not a non-negative integer")
    return int(text)


def run(args: argparse.Namespace) -> int:
    if args.rules is not None:
        RuleSet.parse(args.rules)  # a bad value fails here, with one line
    if args.autoplay < 0:
        raise CliError(f"--autoplay {args.autoplay}: expected 0 or more moves")
    for i in (1, 2):
        name = getattr(args, f"player{i}")
        if name is not None and not name.strip():
            raise CliError(f"--player{i}: the name is empty")
    from spoker.cli.streams import check_output

    if args.record is not None:
        check_output(args.record, "--record")  # before the game, not after its first move
    if args.screenshot:
        check_output(args.screenshot, "--screenshot", ".png")
        from spoker.gui.offscreen import ensure_headless

        ensure_headless()  # before arcade is imported: no display needed
    try:
        from spoker.gui.app import run_play
    except ImportError as err:
        raise CliError(f"the game window cannot start ({err})") from None
    return int(run_play(args) or 0)
