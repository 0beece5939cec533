"""``spoker render BOARD --out FILE.png``: a picture of a position, headless;
``spoker render RECORD --animate OUT.gif``: a recorded game as an animation
(GIF, APNG or WebP), each draw and placement a frame (spoker.gui.render.film)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from shibumi import Board, Cell, parse_cell
from spoker.cli import CliError, positive_int
from spoker.cli.streams import check_output
from spoker.errors import ArgumentError, SpokerError
from spoker.records.files import ANIMATION_FORMATS, MAX_FPS, MIN_FPS, write_png_atomic
from spoker.records.rules_file import rules_of
from spoker.safe_text import printable

if TYPE_CHECKING:
    from spoker.engine.rules import RuleSet
    from spoker.records.record import GameRecord

EXAMPLE = """\
examples:
  spoker render 'WB............../........./..../.' --out start.png
  spoker render 'WWWWBBBB......../........./..../.' --out flush.png \\
      --highlight 1A1,1C1,1E1,1G1 --rotate 1 --size 640x480
  spoker render "$(spoker show game.txt --state)" --out game.png --marks
  spoker render 'WWWWWWWWWWW...../........./..../.' --rules bag=12-9-9 --out eleven.png

BOARD is a board string or a state string (docs/formats.md); a state string's
pending challenge is highlighted unless --highlight is given. --highlight takes
comma-separated cells, optionally followed by ':glow', ':dashed' or ':dim'
(a group that does not count); repeat it for several groups (gold, cyan,
green...). --rotate turns the view by quarter turns, --exploded lifts the
levels apart, --marks adds the colour-blind marks (a ring on red, a cross on
black). --rules names the rules a board string is read under (its bag; a
state string names its own) and, with --animate, overrides the record's.
Works without a display.

  spoker render game.txt --animate game.gif
  spoker render game.txt --animate ch.webp --moves 20-21 --size 1280x800 --fps 1
  spoker render game.txt --animate game.png --analyse --effort 20000

With --animate, the first argument is a record file (- for stdin) and the
game becomes an animation: GIF, APNG (.png) or WebP by the file's ending.
Each move is two frames, the draw and the placement, captioned as the game
tells them; a challenge and its settlement are held longer. --moves A-B (or A)
takes moves A to B, counted from 1 (default: all); --size defaults to
640x400 (320x200 to 1920x1200); --fps is frame times a second (default 2,
0.1 to 30). --analyse adds bars under the board: each draw's luck and each
placement's value for its mover, in P(win) - P(loss) (spoker analyse, at
--effort positions a placement).
"""

MAX_SIDE = 4096
HIGHLIGHT_STYLES = ("glow", "dashed", "dim")
STILL_SIZE = "800x600"
FILM_SIZE = "640x400"
ANIMATION_ONLY = ("moves", "fps", "analyse", "effort")
"""Options of --animate alone (their dest names)."""


@dataclass(frozen=True)
class HighlightSpec:
    """Cells to highlight and how (``glow``, ``dashed`` or ``dim``)."""

    cells: tuple[Cell, ...]
    style: str = "glow"


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "render",
        help="draw a position to a PNG file, or a record as an animation",
        description="Draw a position with the game's own renderer into a PNG file, or a recorded game into an animation.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("board", metavar="BOARD|RECORD",
                   help="a board string or a state string; with --animate, a record file (- for stdin)")
    p.add_argument("--out", metavar="FILE.png", help="the picture to write")
    p.add_argument("--animate", metavar="OUT.gif",
                   help="write the record as an animation: OUT.gif, OUT.png (APNG) or OUT.webp")
    p.add_argument("--size", metavar="WxH",
                   help=f"picture size (default {STILL_SIZE}; an animation {FILM_SIZE})")
    p.add_argument("--rotate", default="0", metavar="N", help="quarter turns of the view (0-3)")
    p.add_argument(
        "--highlight", action="append", default=[], metavar="CELLS",
        help="comma-separated cells of a group, e.g. 1A1,1C1,1E1 or 1A1,1C1,1E1:dashed",
    )
    p.add_argument(
        "--rules", metavar="RULES",
        help="for a board string: the rules it is read under, whose bag it is; with --animate: override the"
        " record's Rules (visible or touching, optionally apex-free; items such as tie=none; or FILE.toml)",
    )
    p.add_argument("--exploded", action="store_true", help="lift the levels apart")
    p.add_argument("--marks", action="store_true", help="colour-blind marks on red and black")
    p.add_argument("--moves", metavar="A-B", help="with --animate: moves A to B only (e.g. 20-21)")
    p.add_argument("--fps", metavar="N", help="with --animate: frame times a second (default 2)")
    p.add_argument("--analyse", action="store_true",
                   help="with --animate: bars of each draw's luck and each placement's value")
    p.add_argument("--effort", type=positive_int, metavar="N",
                   help="with --analyse: positions searched a placement (as spoker analyse)")
    p.set_defaults(func=run)


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. ``800x600``), each side 16..4096 pixels."""
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text) if isinstance(text, str) else None
    if not match:
        raise ArgumentError(f"size {text!r}: expected WIDTHxHEIGHT, e.g. 800x600")
    width, height = int(match.group(1)), int(match.group(2))
    if not (16 <= width <= MAX_SIDE and 16 <= height <= MAX_SIDE):
        raise ArgumentError(f"size {text!r}: each side must be 16 to {MAX_SIDE} pixels")
    return width, height


def parse_rotation(text: str) -> int:
    """A number of quarter turns (any integer; taken modulo 4)."""
    if not isinstance(text, str) or not re.fullmatch(r"\s*[+-]?\d{1,6}\s*", text):
        raise ArgumentError(f"rotation {text!r}: expected a number of quarter turns, e.g. 1")
    return int(text.strip()) % 4  # the regex's spaces are str.isspace()'s, more than int() takes


def parse_highlight(text: str) -> HighlightSpec:
    """``1A1,1C1,1E1`` or ``1A1,1C1,1E1:dashed``."""
    if not isinstance(text, str):
        raise ArgumentError(f"highlight {text!r}: expected comma-separated cells")
    cells_text, _, style = text.partition(":")
    style = style.strip().lower() or "glow"
    if style not in HIGHLIGHT_STYLES:
        raise ArgumentError(
            f"highlight {text!r}: style {style!r} is not one of {', '.join(HIGHLIGHT_STYLES)}"
        )
    names = [n for n in (p.strip() for p in cells_text.split(",")) if n]
    if not names:
        raise ArgumentError(f"highlight {text!r}: expected comma-separated cells, e.g. 1A1,1C1,1E1")
    cells = []
    for name in names:
        try:
            cells.append(parse_cell(name))
        except ValueError:
            raise ArgumentError(f"highlight {text!r}: {name!r} is not a cell") from None
    return HighlightSpec(tuple(dict.fromkeys(cells)), style)


def read_position(text: str, rules: RuleSet | None = None) -> tuple[Board, HighlightSpec | None]:
    """A board from a board string (read under ``rules``, whose bag it is) or
    a state string (under its own rules: other ``rules`` are refused), and
    the state's pending challenge group (None for a board string or no
    challenge): :func:`spoker.cli.show_cmd.position_of`, the one reader."""
    from spoker.cli.show_cmd import position_of

    state = position_of(text, rules)
    challenge = state.challenge
    return state.board, None if challenge is None else HighlightSpec(tuple(challenge.group.cells))


def check_highlights(board: Board, specs: list[HighlightSpec], texts: list[str]) -> None:
    """Every highlighted cell must hold a ball: a ring around nothing helps no one."""
    for spec, text in zip(specs, texts):
        for cell in spec.cells:
            if cell not in board:
                raise ArgumentError(f"highlight {text!r}: {cell} holds no ball")


def parse_moves(text: str) -> tuple[int, int]:
    """``A-B`` (moves A to B, counted from 1) or ``A`` (that move alone)."""
    match = re.fullmatch(r"\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?", text) if isinstance(text, str) else None
    if not match:
        raise ArgumentError(f"moves {text!r}: expected FIRST-LAST move numbers, e.g. 20-21")
    first = int(match.group(1))
    last = int(match.group(2)) if match.group(2) is not None else first
    if first < 1 or last < first:
        raise ArgumentError(f"moves {text!r}: moves count from 1, the first not after the last")
    return first, last


def parse_fps(text: str) -> float:
    """Frame times a second: a number from 0.1 to 30 (``2``, ``0.5``)."""
    match = re.fullmatch(r"\s*(\d{1,4}(?:\.\d{1,6})?)\s*", text) if isinstance(text, str) else None
    if not match:
        raise ArgumentError(f"fps {text!r}: expected a number of frames a second, e.g. 2")
    fps = float(match.group(1))
    if not MIN_FPS <= fps <= MAX_FPS:
        raise ArgumentError(f"fps {text!r}: frames a second must be {MIN_FPS:g} to {MAX_FPS:g}")
    return fps


def animation_suffix(path: str) -> str:
    """The ending of an animation's file name (.gif, .png, .apng or .webp)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix not in ANIMATION_FORMATS:
        raise CliError(
            f"--animate {printable(repr(path))}: name it FILE.gif, FILE.png (APNG) or FILE.webp"
        )
    return suffix


def run(args: argparse.Namespace) -> int:
    if args.animate is not None:
        return run_animation(args)
    if args.out is None:
        raise CliError("give --out FILE.png (a picture of BOARD) or --animate OUT.gif (RECORD as an animation)")
    for name in ANIMATION_ONLY:
        if getattr(args, name) not in (None, False):
            raise CliError(f"--{name} is for --animate (an animation of a record), not --out")
    if os.path.isfile(args.board):  # a record given without --animate
        raise CliError(f"{printable(repr(args.board))} is a file: a record is drawn with --animate OUT.gif, "
                       "--out draws a board string")
    check_output(str(args.out), "--out", ".png")  # before any drawing
    size = parse_size(args.size if args.size is not None else STILL_SIZE)
    rotation = parse_rotation(args.rotate)
    board, pending = read_position(args.board, rules_of(args.rules) if args.rules is not None else None)
    specs = [parse_highlight(t) for t in args.highlight]
    check_highlights(board, specs, list(args.highlight))
    if not specs and pending is not None:
        specs = [pending]
    out = str(args.out)

    from spoker.gui.render.offscreen import ensure_headless

    ensure_headless()
    from spoker.gui.render.offscreen import render_board_image
    from spoker.gui.render.palette import HIGHLIGHT_COLOURS
    from spoker.gui.render.scene import Highlight

    highlights = [
        Highlight(spec.cells, HIGHLIGHT_COLOURS[i % len(HIGHLIGHT_COLOURS)], spec.style)
        for i, spec in enumerate(specs)
    ]
    image = render_board_image(
        board, size, rotation=rotation, highlights=highlights,
        exploded=args.exploded, colour_marks=args.marks,
    )
    write_png_atomic(image.convert("RGB"), out)
    print(f"wrote {printable(out)} ({size[0]}x{size[1]})")
    return 0


def run_animation(args: argparse.Namespace) -> int:
    """``spoker render RECORD --animate OUT``: every argument and the record
    checked before the first frame is drawn."""
    out = str(args.animate)
    if args.out is not None:
        raise CliError("--out draws one picture of a board, --animate a record: give one of them")
    if args.highlight or args.exploded:
        name = "--highlight" if args.highlight else "--exploded"
        raise CliError(f"{name} is for --out (one picture); an animation outlines each move's groups itself")
    if args.effort is not None and not args.analyse:
        raise CliError("--effort is the analysis's: give it with --analyse")
    check_output(out, "--animate", animation_suffix(out))
    size_text = args.size if args.size is not None else FILM_SIZE
    size = parse_size(size_text)
    rotation = parse_rotation(args.rotate)
    fps = parse_fps(args.fps) if args.fps is not None else 2.0
    from spoker.runs.analysis import DEFAULT_EFFORT, MAX_EFFORT

    effort = args.effort if args.effort is not None else DEFAULT_EFFORT
    if effort > MAX_EFFORT:
        raise CliError(f"--effort {effort}: at most {MAX_EFFORT:,} positions a placement")
    from spoker.gui.render.film import MAX_SIZE, MIN_SIZE

    if not (MIN_SIZE[0] <= size[0] <= MAX_SIZE[0] and MIN_SIZE[1] <= size[1] <= MAX_SIZE[1]):
        raise ArgumentError(
            f"size {size_text!r}: an animation is {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]} pixels"
        )
    record = read_record(str(args.board), rules_of(args.rules) if args.rules is not None else None)
    length = len(record.moves)
    if length == 0:
        raise CliError(f"{printable(repr(args.board))}: the record has no moves, there is nothing to animate")
    moves = parse_moves(args.moves) if args.moves is not None else (1, length)
    if moves[1] > length:
        raise ArgumentError(f"moves {args.moves!r}: the record has {length} moves (1-{length})")
    from spoker.runs.simulate import ProgressBar

    analysis = None
    if args.analyse:  # only the moves shown: a challenge's two moves take seconds, not the game's minute
        from spoker.runs.analysis import analyse_move

        bar = ProgressBar(sys.stderr, label="placements")
        analysis = []
        try:
            for n in range(moves[0], moves[1] + 1):
                analysis.append(analyse_move(record, n, effort, luck=True))
                bar(len(analysis), moves[1] - moves[0] + 1)
        finally:
            bar.close()

    from spoker.gui.render.film import export_animation

    bar = ProgressBar(sys.stderr, label="frames")
    try:
        info = export_animation(record, out, moves=moves, size=size, fps=fps, analysis=analysis,
                                progress=bar, rotation=rotation, colour_marks=args.marks)
    finally:
        bar.close()
    print(f"wrote {printable(out)} ({info.frames} frames, {size[0]}x{size[1]}, {info.bytes:,} bytes)")
    return 0


def read_record(path: str, rules: RuleSet | None = None) -> GameRecord:
    """The record of a file (``-``: standard input), read whole but bounded
    and replayed, under ``rules`` if given (``--rules`` overrides the record's
    ``Rules``, as for replay and show: the film, its captions and the analysis
    all follow the record's rules); a bad one is one line naming the file."""
    from spoker.cli.replay_cmd import warn_seed
    from spoker.cli.streams import read_stdin
    from spoker.records.record import decode_record, load_record
    from spoker.records.replay import Replay

    try:
        record = decode_record(read_stdin()) if path == "-" else load_record(path)
        if rules is not None:
            record = replace(record, rules=rules, headers={**record.headers, "Rules": str(rules)})
            Replay(record)  # refuses, here in one line, a record these rules do not replay
    except OSError as err:
        raise CliError(f"cannot read {printable(repr(path))}: {err.strerror or err}") from None
    except SpokerError as err:
        raise CliError(f"{printable(repr(path))}: {err}") from None
    warn_seed("render", path, record)
    return record
