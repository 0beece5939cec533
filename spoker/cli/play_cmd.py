"""``spoker play``: the desktop game."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import TYPE_CHECKING

from shibumi.errors import ShibumiError
from spoker.cli import CliError
from spoker.engine.rules import RulesFile
from spoker.records.inputs import read_seed
from spoker.records.rules_file import read_rules

if TYPE_CHECKING:
    from spoker.records.record import GameRecord


EXAMPLE = """\
examples:
  spoker play                                   the title screen (new game, continue, records)
  spoker play --player1 Ann --player2 greedy    Ann against the greedy computer, at once
  spoker play --seed 7 --rules touching,apex-free
  spoker play --resume                          continue the last unfinished game
  spoker play --record game.txt                 also keep the record in game.txt
  spoker play --screenshot shot.png --seed 3 --autoplay 12
                                                a picture after 12 computer moves, headless
  spoker play --screenshot lab.png --show lab --size 1920x1080
                                                the laboratory (on the autoplayed position,
                                                or a worked example with --autoplay 0)
  spoker play --screenshot lesson.png --show lesson:4
                                                Learn to play, lesson 4 (--show lessons: the list)

A --player value that names a computer player (random, greedy, lookahead,
expert, or an installed plug-in's) seats that player; any other value is a
person's name (a warning if it looks like a misspelt level). Every game is
autosaved after every move in $SPOKER_HOME, else $XDG_DATA_HOME/spoker, else
~/.local/share/spoker (no autosave without any of them); a new game never
replaces an unfinished one: the title screen lists them all. --record refuses
an existing FILE (except the --load FILE itself, which the game then
extends). --screenshot takes --load and --resume into account, writes
--record, and never changes the autosaves or preferences. Without a display,
use --screenshot or set ARCADE_HEADLESS=1.
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
    p.add_argument("--rules", metavar="RULES", help="visible or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)")
    p.add_argument("--player1", metavar="NAME", help="player 1's name, or a computer player's name")
    p.add_argument("--player2", metavar="NAME", help="player 2's name, or a computer player's name")
    p.add_argument("--no-hints", action="store_true", help="no hints in this game")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--resume", action="store_true", help="continue the last unfinished game")
    start.add_argument("--load", metavar="FILE", help="continue the game of a record file")
    p.add_argument("--record", metavar="FILE", help="write the game's record to FILE after every move")
    p.add_argument("--screenshot", metavar="FILE.png",
                   help="draw one frame headless to FILE.png and exit (with --autoplay, --show)")
    p.add_argument("--autoplay", type=int, metavar="N",
                   help="with --screenshot: N moves played by the computer first (default: 0)")
    p.add_argument("--show", type=_screen, metavar="SCREEN",
                   help=f"with --screenshot: the screen to draw: {', '.join(SCREENS)}, lesson:N or puzzle:N (default: game)")
    p.add_argument("--size", metavar="WxH", help="with --screenshot: the picture's size (default: 1280x800)")
    p.add_argument("--plan", action="store_const", const=True,
                   help="with --screenshot: the board as the plan, its levels flat side by side (the L key)")
    p.add_argument("--analyse", action="store_const", const=True,
                   help="with --screenshot and --show end or replay: the game's analysis first (its luck and skill)")
    p.add_argument("--effort", type=_effort, metavar="N",
                   help="with --analyse: positions searched a placement (default 200000)")
    p.set_defaults(func=run)


SCREENS = ("game", "end", "help", "title", "replay", "lab", "lab-rules", "settings", "lessons", "puzzles", "retry", "my-games")
"""The screens --show draws; ``lesson:N`` is lesson N of Learn to play, open;
``puzzle:N`` shipped puzzle N, tried on a wrong cell (its values shown);
``retry`` Retry my mistakes over the game played to its end."""


def _screen(text: str) -> str:
    from spoker.gui.models.lessons import LESSONS

    number = text.partition(":")[2] if text.startswith("lesson:") else ""
    if text in SCREENS or (number.isdigit() and number.isascii() and 1 <= int(number) <= len(LESSONS)):
        return text
    puzzle = text.partition(":")[2] if text.startswith("puzzle:") else ""
    if puzzle.isdigit() and puzzle.isascii() and 1 <= int(puzzle) <= 100_000:
        return text
    shown = text if len(text) <= 30 else text[:27] + "..."
    raise argparse.ArgumentTypeError(
        f"invalid choice: {shown!r} (choose from {', '.join(SCREENS)}, lesson:1 to lesson:{len(LESSONS)}, or puzzle:N)")


def _effort(text: str) -> int:
    from spoker.runs.analysis import MAX_EFFORT

    shown = text if len(text) <= 30 else text[:27] + "..."
    if not (text.isdigit() and text.isascii()) or not 1 <= int(text) <= MAX_EFFORT:
        raise argparse.ArgumentTypeError(f"effort {shown!r} is not a whole number from 1 to {MAX_EFFORT:,}")
    return int(text)


def _seed(text: str) -> int:
    shown = text if len(text) <= 30 else text[:27] + "..."
    seed = read_seed(text) if text == text.strip() else None
    if seed is None:
        raise argparse.ArgumentTypeError(f"seed {shown!r} is not a whole number from 0 to 2^64-1")
    return seed


SETUP_OPTIONS = ("seed", "rules", "player1", "player2", "no_hints")
SCREENSHOT_OPTIONS = ("autoplay", "show", "size", "analyse", "effort", "plan")


def read_rules_option(args: argparse.Namespace) -> None:
    """``--rules`` read: a bad value fails here, with one line; a file becomes
    its items in ``args.rules`` and its name in ``args.rules_name`` (the
    game's header, its record's ``RulesName``; "" for items)."""
    args.rules_name = ""
    if args.rules is not None:
        read = read_rules(args.rules)
        if isinstance(read, RulesFile):
            args.rules_name, read = read.name, read.rules
        args.rules = read.token


def run(args: argparse.Namespace) -> int:
    check_combinations(args)
    read_rules_option(args)
    if args.autoplay is not None and args.autoplay < 0:
        raise CliError(f"--autoplay {args.autoplay}: expected 0 or more moves")
    for i in (1, 2):
        name = getattr(args, f"player{i}")
        if name is not None and not name.strip():
            raise CliError(f"--player{i}: the name is empty")
    from spoker.cli.streams import check_output

    args.load_record = read_load(args.load) if args.load else None
    if args.record is not None:
        check_record_target(args.record, args.load)  # never over another record
        check_output(args.record, "--record")  # before the game, not after its first move
    if args.screenshot:
        check_output(args.screenshot, "--screenshot", ".png")
        from spoker.gui.render.offscreen import ensure_headless

        ensure_headless()  # before arcade is imported: no display needed
    else:
        check_display()
    warn_level_typos(args)
    try:
        if args.screenshot:  # one frame drawn headless, no window shown
            from spoker.gui.screenshot import take_screenshot as run_play
        else:
            from spoker.gui.launch import run_play
    except ImportError as err:
        raise CliError(f"the game window cannot start ({err})") from None
    return int(run_play(args) or 0)


def check_combinations(args: argparse.Namespace) -> None:
    """Options that would be silently ignored are refused instead: a new
    game's setup with --resume or --load (that game goes on as it was), and
    the picture's options without --screenshot."""
    continuing = "--resume" if args.resume else "--load" if args.load else ""
    given = [name for name in SETUP_OPTIONS if getattr(args, name) not in (None, False)]
    if continuing and given:
        names = ", ".join("--" + n.replace("_", "-") for n in given)
        raise CliError(f"{names} set up a new game: not with {continuing}, which continues a game as it was")
    if not args.screenshot:
        for name in SCREENSHOT_OPTIONS:
            if getattr(args, name) is not None:
                raise CliError(f"--{name} only goes with --screenshot FILE.png")
    if args.effort is not None and not args.analyse:
        raise CliError("--effort only goes with --analyse")
    if args.analyse and (args.show or "game") not in ("end", "replay"):
        raise CliError(f"--analyse only goes with --show end or --show replay, not --show {args.show or 'game'}")


def read_load(path: str) -> GameRecord:
    """The --load record, read before any window opens: one line if it is
    missing, unreadable, not a record, too large or a finished game."""
    from spoker.records.record import load_record

    full = os.path.expanduser(path)
    try:
        if not stat.S_ISREG(os.stat(full).st_mode):
            raise CliError(f"--load {path!r}: not a regular file")
        record = load_record(full)
    except OSError as err:
        raise CliError(f"--load {path!r}: cannot read it: {err.strerror or err}") from None
    except ShibumiError as err:
        raise CliError(f"--load {path!r}: {err}") from None
    if record.play().is_over:
        raise CliError(f"--load {path!r} is a finished game: watch it with 'spoker replay {path}'")
    return record


def check_record_target(path: str, load: str | None) -> None:
    """--record FILE must not replace a file, unless it is the --load record
    (the game continues it); its folder must exist."""
    from spoker.records.files import same_file

    full = os.path.expanduser(path)
    if os.path.lexists(full):
        if load and same_file(full, os.path.expanduser(load)):
            return
        if os.path.isdir(full):
            raise CliError(f"--record {path!r} is a folder: give a file name")
        raise CliError(
            f"--record {path!r} exists: choose another name, or continue that game "
            f"with --load {path} --record {path}"
        )
    folder = os.path.dirname(os.path.abspath(full))
    if not os.path.isdir(folder):
        raise CliError(f"--record {path!r}: the folder {folder!r} does not exist")


def check_display() -> None:
    """No window without a display: one line saying what works instead.

    Only where X11 or Wayland is the way to a display (Linux and the BSDs);
    ARCADE_HEADLESS=1 runs the game with no visible window."""
    if sys.platform.startswith(("darwin", "win", "cygwin")) or os.environ.get("ARCADE_HEADLESS"):
        return
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return
    raise CliError(
        "no display (DISPLAY is not set): for a picture use --screenshot FILE.png; "
        "ARCADE_HEADLESS=1 runs the game with no visible window"
    )


def warn_level_typos(args: argparse.Namespace) -> None:
    """A --player value that looks like a misspelt computer level seats a
    person of that name: say so on stderr (the game screen says it too)."""
    if args.player1 is None and args.player2 is None:
        return  # the players' module takes a while to import: only when needed
    from spoker.players import level_typo, player_names

    for i in (1, 2):
        value = getattr(args, f"player{i}")
        level = level_typo(value) if value else None
        if level:
            print(
                f"spoker play: warning: --player{i} {value!r} is not a computer level "
                f"({', '.join(player_names())}): it seats a person named {value!r}; "
                f"did you mean {level!r}?",
                file=sys.stderr,
            )
