"""``spoker render BOARD --out FILE.png``: a picture of a position, headless."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass

from shibumi import Board, Cell, parse_board, parse_cell
from spoker.cli.streams import check_output
from spoker.errors import SpokerError
from spoker.records.files import write_png_atomic
from spoker.safe_text import printable

EXAMPLE = """\
examples:
  spoker render 'WB............../........./..../.' --out start.png
  spoker render 'WWWWBBBB......../........./..../.' --out flush.png \\
      --highlight 1A1,1C1,1E1,1G1 --rotate 1 --size 640x480
  spoker render "$(spoker show game.txt --state)" --out game.png --marks

BOARD is a board string or a state string (docs/formats.md); a state string's
pending challenge is highlighted unless --highlight is given. --highlight takes
comma-separated cells, optionally followed by ':glow', ':dashed' or ':dim'
(a group that does not count); repeat it for several groups (gold, cyan,
green...). --rotate turns the view by quarter turns, --exploded lifts the
levels apart, --marks adds the colour-blind marks (a ring on red, a cross on
black). Works without a display.
"""

MAX_SIDE = 4096
HIGHLIGHT_STYLES = ("glow", "dashed", "dim")


class RenderArgumentError(SpokerError):
    """A bad ``spoker render`` argument (size, rotation, highlight)."""


@dataclass(frozen=True)
class HighlightSpec:
    """Cells to highlight and how (``glow``, ``dashed`` or ``dim``)."""

    cells: tuple[Cell, ...]
    style: str = "glow"


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "render",
        help="draw a position to a PNG file, without a display",
        description="Draw a position with the game's own renderer into a PNG file.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("board", metavar="BOARD", help="a board string or a state string")
    p.add_argument("--out", required=True, metavar="FILE.png", help="the picture to write")
    p.add_argument("--size", default="800x600", metavar="WxH", help="picture size (default 800x600)")
    p.add_argument("--rotate", default="0", metavar="N", help="quarter turns of the view (0-3)")
    p.add_argument(
        "--highlight", action="append", default=[], metavar="CELLS",
        help="comma-separated cells of a group, e.g. 1A1,1C1,1E1 or 1A1,1C1,1E1:dashed",
    )
    p.add_argument("--exploded", action="store_true", help="lift the levels apart")
    p.add_argument("--marks", action="store_true", help="colour-blind marks on red and black")
    p.set_defaults(func=run)


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. ``800x600``), each side 16..4096 pixels."""
    match = re.fullmatch(r"\s*(\d{1,5})\s*[xX]\s*(\d{1,5})\s*", text) if isinstance(text, str) else None
    if not match:
        raise RenderArgumentError(f"size {text!r}: expected WIDTHxHEIGHT, e.g. 800x600")
    width, height = int(match.group(1)), int(match.group(2))
    if not (16 <= width <= MAX_SIDE and 16 <= height <= MAX_SIDE):
        raise RenderArgumentError(f"size {text!r}: each side must be 16 to {MAX_SIDE} pixels")
    return width, height


def parse_rotation(text: str) -> int:
    """A number of quarter turns (any integer; taken modulo 4)."""
    if not isinstance(text, str) or not re.fullmatch(r"\s*[+-]?\d{1,6}\s*", text):
        raise RenderArgumentError(f"rotation {text!r}: expected a number of quarter turns, e.g. 1")
    return int(text.strip()) % 4  # the regex's spaces are str.isspace()'s, more than int() takes


def parse_highlight(text: str) -> HighlightSpec:
    """``1A1,1C1,1E1`` or ``1A1,1C1,1E1:dashed``."""
    if not isinstance(text, str):
        raise RenderArgumentError(f"highlight {text!r}: expected comma-separated cells")
    cells_text, _, style = text.partition(":")
    style = style.strip().lower() or "glow"
    if style not in HIGHLIGHT_STYLES:
        raise RenderArgumentError(
            f"highlight {text!r}: style {style!r} is not one of {', '.join(HIGHLIGHT_STYLES)}"
        )
    names = [n for n in (p.strip() for p in cells_text.split(",")) if n]
    if not names:
        raise RenderArgumentError(f"highlight {text!r}: expected comma-separated cells, e.g. 1A1,1C1,1E1")
    cells = []
    for name in names:
        try:
            cells.append(parse_cell(name))
        except ValueError:
            raise RenderArgumentError(f"highlight {text!r}: {name!r} is not a cell") from None
    return HighlightSpec(tuple(dict.fromkeys(cells)), style)


def read_position(text: str) -> tuple[Board, HighlightSpec | None]:
    """A board from a board string or a state string, and the state's pending
    challenge group (None for a board string or no challenge)."""
    if isinstance(text, str) and len(text.split()) > 1:
        from spoker.engine.state_strings import parse_state

        state = parse_state(text)
        challenge = state.challenge
        spec = None if challenge is None else HighlightSpec(tuple(challenge.group.cells))
        return state.board, spec
    return parse_board(text), None


def check_highlights(board: Board, specs: list[HighlightSpec], texts: list[str]) -> None:
    """Every highlighted cell must hold a ball: a ring around nothing helps no one."""
    for spec, text in zip(specs, texts):
        for cell in spec.cells:
            if cell not in board:
                raise RenderArgumentError(f"highlight {text!r}: {cell} holds no ball")


def run(args: argparse.Namespace) -> int:
    check_output(str(args.out), "--out", ".png")  # before any drawing
    size = parse_size(args.size)
    rotation = parse_rotation(args.rotate)
    board, pending = read_position(args.board)
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
