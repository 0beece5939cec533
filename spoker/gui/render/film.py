"""A recorded game as an animation to share: each draw and each placement a
frame, drawn by the game's own off-screen renderer and captioned in the
narrator's words.

For each move of the range two frames: the draw (the position before it,
the ball drawn shown beside the narrator's line, an open challenge outlined)
and the placement (the ball placed, the group it formed outlined, the
challenge it opens or the settlement of one). A header gives the players, the
score and the move; with an analysis, small bars under the board give each
draw's luck and each placement's value for its mover (P(win) − P(loss)).

:func:`film_shots` decides what each frame shows (no window needed),
:func:`film_frames` draws them, :func:`export_animation` writes the file
(:func:`spoker.records.files.write_animation_atomic`). Drawing uses the
running arcade window's context when there is one (the replay viewer's: an
off-screen framebuffer, the window left as it was), otherwise a hidden,
headless one (:func:`spoker.gui.render.offscreen.render_board_image`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from PIL import Image, ImageDraw

from shibumi import Board, Cell, Colour
from shibumi.errors import expect, shown
from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.errors import ArgumentError
from spoker.gui.render.palette import BACKGROUND, BALL_RGB, CYAN, GOLD, HOVER
from spoker.gui.render.theme import THEME, player_colour
from spoker.records.files import animation_format, check_fps, write_animation_atomic
from spoker.records.record import GameRecord
from spoker.records.replay import Replay
from spoker.runs.analysis import GameAnalysis, MoveAnalysis
from spoker.safe_text import one_line
from spoker.text import film_text
from spoker.text.narrator import banner, game_result, log_line

if TYPE_CHECKING:
    from spoker.gui.render.scene import Highlight

RGBA = tuple[int, int, int, int]

DEFAULT_SIZE = (640, 400)
MIN_SIZE = (320, 200)
"""The smallest film whose captions can still be read."""
MAX_SIZE = (1920, 1200)
"""The largest: every frame is kept until the file is written (7 MB a frame here)."""
FLUSH: RGBA = (255, 80, 200, 255)
"""A straight flush's outline, the game screen's (``theme.ROLE_COLOURS["flush"]``)."""
DRAW_HOLD, PLACED_HOLD, MOMENT_HOLD, END_HOLD = 1, 2, 4, 4
"""Frame times a frame is shown: a draw, a placement, one with a challenge or
a settlement to read; the last frame of the film gets END_HOLD more."""
FILM_COLOURS: tuple[tuple[int, int, int], ...] = tuple(
    (c[0], c[1], c[2]) for c in (BACKGROUND, THEME.panel, THEME.panel_border, THEME.text, THEME.muted, THEME.good,
                    THEME.player1, THEME.player2, GOLD, CYAN, HOVER, FLUSH, *BALL_RGB.values())
)
"""The flat colours of a frame (text, panels, bars, the drawn ball's disc):
a GIF's palette holds them exactly."""
_BAR_STEPS = (0.1, 0.25, 0.5, 1.0, 2.0)  # the scales a lane of bars may have


class ExportInfo(NamedTuple):
    """What :func:`export_animation` wrote: frames and bytes."""

    frames: int
    bytes: int


class Outline(NamedTuple):
    """Cells to outline in a frame (a :class:`~spoker.gui.render.scene.Highlight` when drawn)."""

    cells: tuple[Cell, ...]
    colour: RGBA
    style: str = "glow"


class Shot(NamedTuple):
    """What one frame shows: move ``n`` drawn (``placed`` False) or placed."""

    n: int
    placed: bool
    board: Board
    outlines: tuple[Outline, ...]
    caption: tuple[tuple[str, RGBA], ...]
    """The narrator's lines, each with its colour."""
    drawn: Colour
    player: int
    score: tuple[int, int]
    hold: int


class Layout(NamedTuple):
    """The boxes of a frame, each ``(left, top, right, bottom)`` in pixels."""

    header: tuple[int, int, int, int]
    board: tuple[int, int, int, int]
    bars: tuple[int, int, int, int] | None
    caption: tuple[int, int, int, int]


# -- checks ---------------------------------------------------------------------
def check_size(size: object) -> tuple[int, int]:
    """A film's ``(width, height)``: from :data:`MIN_SIZE` to :data:`MAX_SIZE`."""
    if not (isinstance(size, tuple | list) and len(size) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
        raise TypeError(f"size {shown(size)}: expected (width, height) in pixels")
    width, height = int(size[0]), int(size[1])
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise ArgumentError(
            f"size {width}x{height}: an animation is {MIN_SIZE[0]}x{MIN_SIZE[1]} "
            f"to {MAX_SIZE[0]}x{MAX_SIZE[1]} pixels"
        )
    return width, height


def check_moves(moves: object, length: int) -> tuple[int, int]:
    """A range of moves ``(first, last)``, both counted from 1 and inside
    1..``length``; None is the whole record."""
    expect(length, int, "length")
    if length < 1:
        raise ArgumentError("the record has no moves: there is nothing to animate")
    if moves is None:
        return 1, length
    if not (isinstance(moves, tuple | list) and len(moves) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in moves)):
        raise TypeError(f"moves {shown(moves)}: expected (first, last) move numbers")
    first, last = int(moves[0]), int(moves[1])
    if not 1 <= first <= last <= length:
        raise ArgumentError(f"moves {first}-{last}: expected a range inside 1-{length}, the first not after the last")
    return first, last


def challenge_moves(replay: Replay, n: int) -> tuple[int, int]:
    """The moves of challenge ``n`` of the game (0: the first of
    ``replay.challenges``): from the opening move's draw to its answer (the
    opening move alone when there is none: the bag was empty or the record ends)."""
    expect(replay, Replay, "replay")
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"challenge {shown(n)}: expected a whole number")
    if not 0 <= n < len(replay.challenges):
        raise ArgumentError(f"challenge {n!r}: the game has {len(replay.challenges)} (0 to {len(replay.challenges) - 1})")
    c = replay.challenges[n]
    return c.move, c.response_move if c.response_move is not None else c.move


def record_names(record: GameRecord) -> tuple[str, str]:
    """The players' names of a record's headers, on one line (``Player 1``,
    ``Player 2`` when unnamed, as the replay viewer says)."""
    expect(record, GameRecord, "record")
    out = []
    for i in (1, 2):
        name = " ".join(one_line(record.headers.get(f"Player{i}", "")).split())[:40]
        out.append(name or f"Player {i}")
    return out[0], out[1]


def _analysis_by_move(analysis: object, record: GameRecord) -> dict[int, MoveAnalysis]:
    """The analysis's placements by move number, checked against the record."""
    if analysis is None:
        return {}
    moves = analysis.moves if isinstance(analysis, GameAnalysis) else analysis
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        raise TypeError(f"analysis {shown(analysis)}: expected a GameAnalysis or its MoveAnalysis list")
    out: dict[int, MoveAnalysis] = {}
    for m in moves:
        expect(m, MoveAnalysis, "analysed move")
        if not 1 <= m.n <= len(record.moves):
            raise ArgumentError(f"analysed move {m.n!r}: the record has {len(record.moves)} moves")
        played = record.moves[m.n - 1]
        if (played.colour, played.cell) != (m.ball, m.cell):
            raise ArgumentError(f"analysed move {m.n} ({m.ball.char}@{m.cell}) is not the record's {played}: another game")
        out[m.n] = m
    return out


# -- what each frame shows ------------------------------------------------------
def film_shots(replay: Replay, moves: tuple[int, int] | None = None,
               names: tuple[str, str] | None = None) -> list[Shot]:
    """The frames of moves ``first..last`` of ``replay``: a draw and a placement a move."""
    expect(replay, Replay, "replay")
    first, last = check_moves(moves, replay.length)
    names = record_names(replay.record) if names is None else _check_names(names)
    shots: list[Shot] = []
    for n in range(first, last + 1):
        before, after = replay.state_at(n - 1), replay.state_at(n)
        events = replay.events_at(n)
        drawn = next(ev for ev in events if isinstance(ev, BallDrawn))
        shots.append(_draw_shot(n, before.board, before.score, drawn, replay.events_at(n - 1), names))
        shots.append(_placed_shot(n, after, drawn, events, names))
    last_shot = shots[-1]
    shots[-1] = last_shot._replace(hold=last_shot.hold + END_HOLD)
    return shots


def _check_names(names: object) -> tuple[str, str]:
    if not (isinstance(names, tuple) and len(names) == 2 and all(isinstance(s, str) for s in names)):
        raise TypeError(f"names {shown(names)}: expected two strings")
    return names[0], names[1]


def _draw_shot(n: int, board: Board, score: tuple[int, int], drawn: BallDrawn,
               previous: tuple[Event, ...], names: tuple[str, str]) -> Shot:
    """The position before move ``n``, the ball drawn, an open challenge outlined."""
    caption: list[tuple[str, RGBA]] = [(log_line(drawn, names), THEME.text)]
    outlines: list[Outline] = []
    opened = next((ev for ev in previous if isinstance(ev, ChallengeOpened)), None)
    if opened is not None:  # the drawer must answer it: the banner's last line says so
        outlines.append(Outline(tuple(opened.group.cells), GOLD))
        caption.append((banner(opened, names)[1][-1], GOLD))
    return Shot(n, False, board, tuple(outlines), tuple(caption), drawn.colour, drawn.player, score, DRAW_HOLD)


def _placed_shot(n: int, state: Any, drawn: BallDrawn, events: tuple[Event, ...], names: tuple[str, str]) -> Shot:
    """The position after move ``n``: the ball placed, its group, the challenge or its settlement."""
    told = {tuple(ev.group.cells) for ev in events if isinstance(ev, ChallengeOpened | StraightFlush)}
    told |= {tuple(ev.response.cells) for ev in events if isinstance(ev, ChallengeResolved) and ev.response}
    caption: list[tuple[str, RGBA]] = []
    outlines: list[Outline] = []
    placed_cell: Cell | None = None
    hold = PLACED_HOLD
    for ev in events:
        if isinstance(ev, BallPlaced):
            placed_cell = ev.cell
            caption.append((log_line(ev, names), THEME.text))
        elif isinstance(ev, GroupFormed):
            outlines.append(Outline(tuple(ev.group.cells), GOLD))
            if tuple(ev.group.cells) not in told:  # a challenge's line names it already
                caption.append((log_line(ev, names), GOLD))
        elif isinstance(ev, ChallengeOpened):
            caption.append((log_line(ev, names), GOLD))
            hold = MOMENT_HOLD
        elif isinstance(ev, ChallengeResolved):
            outlines += _settled_outlines(ev)
            caption.append((log_line(ev, names), CYAN))
            hold = MOMENT_HOLD
        elif isinstance(ev, StraightFlush):
            outlines.append(Outline(tuple(ev.group.cells), FLUSH))
            caption.append((log_line(ev, names), FLUSH))
            hold = MOMENT_HOLD
        elif isinstance(ev, GameOver):
            caption.append((game_result(state, names), THEME.good))
    outlined = {c for o in outlines for c in o.cells}
    if placed_cell is not None and placed_cell not in outlined:
        outlines.append(Outline((placed_cell,), HOVER))
    return Shot(n, True, state.board, _unique(outlines), tuple(caption), drawn.colour, drawn.player,
                state.score, hold)


def _settled_outlines(ev: ChallengeResolved) -> list[Outline]:
    """The challenge and its answer, both solid as the game draws them (dashed
    means covered or cut); the caption says who won."""
    out = [Outline(tuple(ev.challenge.cells), GOLD)]
    if ev.response is not None:
        out.append(Outline(tuple(ev.response.cells), CYAN))
    return out


def _unique(outlines: list[Outline]) -> tuple[Outline, ...]:
    """Each group outlined once (the last word on it wins: a settlement over a formed group)."""
    by_cells: dict[tuple[Cell, ...], Outline] = {}
    for o in outlines:
        by_cells.pop(o.cells, None)
        by_cells[o.cells] = o
    return tuple(by_cells.values())


# -- drawing ---------------------------------------------------------------------
def film_layout(size: tuple[int, int], bars: bool, caption_lines: int = 3) -> Layout:
    """Where the header, board, bars (with an analysis) and caption go; the
    caption holds ``caption_lines`` lines (three at least, at most 40% of the height)."""
    width, height = check_size(size)
    expect(caption_lines, int, "caption lines")
    k = height / DEFAULT_SIZE[1]
    header = round(28 * k)
    needed = max(3, caption_lines) * _line_height(_caption_size(height)) + round(9 * k)
    caption = min(max(round(66 * k), needed), round(0.4 * height))
    bar_h = round(60 * k) if bars else 0
    board_bottom = height - caption - bar_h
    return Layout(
        (0, 0, width, header),
        (0, header, width, board_bottom),
        (0, board_bottom, width, board_bottom + bar_h) if bars else None,
        (0, height - caption, width, height),
    )


def _caption_size(height: int) -> int:
    return max(10, round(15 * height / DEFAULT_SIZE[1]))


def _line_height(size: int) -> int:
    return round(size * 1.25)


def _disc_radius(k: float) -> float:
    """The drawn ball's disc beside a draw's caption."""
    return 18 * k


def _caption_lines(shots: list[Shot], width: int, fonts: _Fonts) -> int:
    """The most lines a caption of the film takes at the caption's font."""
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    font = fonts.sized(fonts.caption_size)
    room = width - round(8 * fonts.k) * 3 - 2 * _disc_radius(fonts.k)
    return max(sum(len(_wrap(draw, text, font, room)) for text, _ in shot.caption) for shot in shots)


def film_frames(
    record: GameRecord,
    *,
    moves: tuple[int, int] | None = None,
    size: tuple[int, int] = DEFAULT_SIZE,
    analysis: GameAnalysis | Sequence[MoveAnalysis] | None = None,
    rotation: int = 0,
    names: tuple[str, str] | None = None,
    colour_marks: bool = False,
) -> Iterator[Image.Image]:
    """The frames (RGB pictures of ``size``) of moves ``moves`` (first, last;
    None: all) of ``record``, two a move (:func:`film_shots`); each frame's
    ``info["hold"]`` is how many frame times to show it. Bad arguments are
    refused here, before any drawing."""
    expect(record, GameRecord, "record")
    replay = Replay(record)
    size = check_size(size)
    if isinstance(rotation, bool) or not isinstance(rotation, int):
        raise TypeError(f"rotation {shown(rotation)}: expected a number of quarter turns")
    by_move = _analysis_by_move(analysis, record)
    shots = film_shots(replay, moves, names)
    first, last = shots[0].n, shots[-1].n
    return _frames(shots, size, by_move if analysis is not None else None, (first, last),
                   record_names(record) if names is None else names, replay.length, rotation % 4, colour_marks)


def _frames(shots: list[Shot], size: tuple[int, int], by_move: dict[int, MoveAnalysis] | None,
            span: tuple[int, int], names: tuple[str, str], total: int, rotation: int,
            colour_marks: bool) -> Iterator[Image.Image]:
    from spoker.gui.render.offscreen import ensure_headless

    ensure_headless()  # before arcade is first imported
    from spoker.gui.render.offscreen import render_board_image
    from spoker.gui.render.scene import Highlight

    fonts = _Fonts(size[1])
    layout = film_layout(size, by_move is not None, _caption_lines(shots, size[0], fonts))
    bx0, by0, bx1, by1 = layout.board
    for shot in shots:
        canvas = Image.new("RGB", size, BACKGROUND[:3])
        highlights: list[Highlight] = [Highlight(o.cells, o.colour, o.style) for o in shot.outlines]
        board = render_board_image(shot.board, (bx1 - bx0, by1 - by0), rotation=rotation,
                                   highlights=highlights, colour_marks=colour_marks)
        canvas.paste(board.convert("RGB"), (bx0, by0))
        draw = ImageDraw.Draw(canvas)
        _draw_header(draw, layout.header, shot, names, total, fonts)
        _draw_caption(draw, layout.caption, shot, fonts)
        if layout.bars is not None and by_move is not None:
            _draw_bars(draw, layout.bars, shot, by_move, span, fonts)
        canvas.info["hold"] = shot.hold
        yield canvas


class _Fonts:
    """The film's fonts (DejaVu Sans, as the charts'), sized to its height."""

    def __init__(self, height: int) -> None:
        from spoker.runs.charts import chart_font

        self._chart_font = chart_font
        self._cache: dict[int, Any] = {}
        k = height / DEFAULT_SIZE[1]
        self.header = chart_font(max(10, round(16 * k)))
        self.caption_size = _caption_size(height)
        self.small = chart_font(max(8, round(11 * k)))
        self.k = k

    def sized(self, size: int) -> Any:
        """DejaVu Sans at ``size``, loaded once a film (each frame asks again)."""
        if size not in self._cache:
            self._cache[size] = self._chart_font(size)
        return self._cache[size]


def _rgb(colour: RGBA) -> tuple[int, int, int]:
    return colour[0], colour[1], colour[2]


def _draw_header(draw: Any, box: tuple[int, int, int, int], shot: Shot, names: tuple[str, str],
                 total: int, fonts: _Fonts) -> None:
    """The players and their points (the mover underlined), and the move
    counter; long names make the font smaller until all of it fits."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=_rgb(THEME.panel))
    pad = round(10 * fonts.k)
    middle = (y0 + y1) / 2
    texts = [film_text.seat_score(names[p - 1], shot.score[p - 1]) for p in (1, 2)]
    counter = film_text.move_counter(shot.n, total)
    font = fonts.header
    size = font.size if hasattr(font, "size") else 16
    while size > 9 and _header_width(draw, texts, counter, font) + 8 * pad > x1 - x0:
        size -= 1
        font = fonts.sized(size)
    room = (x1 - x0 - 8 * pad - draw.textlength(counter, font=font)) / 2
    texts = [_seat_text(draw, names[p - 1], shot.score[p - 1], font, room) for p in (1, 2)]
    x = x0 + pad
    for player, text in zip((1, 2), texts):
        colour = _rgb(player_colour(player))
        draw.text((x, middle), text, fill=colour, font=font, anchor="lm")
        width = draw.textlength(text, font=font)
        if player == shot.player:
            line_y = y1 - max(2, round(3 * fonts.k))
            draw.line([(x, line_y), (x + width, line_y)], fill=colour, width=max(2, round(2 * fonts.k)))
        x += width + 3 * pad
    draw.text((x1 - pad, middle), counter, fill=_rgb(THEME.muted), font=font, anchor="rm")


def _header_width(draw: Any, texts: list[str], counter: str, font: Any) -> float:
    return float(sum(draw.textlength(t, font=font) for t in texts) + draw.textlength(counter, font=font))


def _seat_text(draw: Any, name: str, score: int, font: Any, width: float) -> str:
    """A player's name and points in ``width`` pixels: the name cut short
    (with an ellipsis) when it does not fit, the points never."""
    text = film_text.seat_score(name, score)
    while len(name) > 1 and draw.textlength(text, font=font) > width:
        name = name[:-1]
        text = film_text.seat_score(name.rstrip() + "\u2026", score)
    return text


def _draw_caption(draw: Any, box: tuple[int, int, int, int], shot: Shot, fonts: _Fonts) -> None:
    """The narrator's lines, wrapped and made smaller until they fit; a draw
    shows the ball drawn beside them."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=_rgb(THEME.panel))
    pad = round(8 * fonts.k)
    left = x0 + pad
    if not shot.placed:
        radius = _disc_radius(fonts.k)
        cx, cy = left + radius, (y0 + y1) / 2
        draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius],
                     fill=BALL_RGB[shot.drawn], outline=_rgb(THEME.panel_border), width=max(1, round(2 * fonts.k)))
        left = round(cx + radius + pad)
    size = fonts.caption_size
    while True:
        font = fonts.sized(size)
        line_h = _line_height(size)
        lines = [(part, colour) for text, colour in shot.caption
                 for part in _wrap(draw, text, font, x1 - pad - left)]
        if len(lines) * line_h <= y1 - y0 - pad or size <= 8:
            break
        size -= 1
    y = y0 + (y1 - y0 - len(lines) * line_h) / 2
    for text, colour in lines:
        draw.text((left, y), text, fill=_rgb(colour), font=font)
        y += line_h


def _wrap(draw: Any, text: str, font: Any, width: float) -> list[str]:
    """``text`` cut at spaces into lines at most ``width`` pixels wide (a word
    wider than that stands alone)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and draw.textlength(trial, font=font) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def _scale(values: Sequence[float]) -> float:
    """The smallest of the lanes' scales that holds every value."""
    top = max((abs(v) for v in values), default=0.0)
    return next((s for s in _BAR_STEPS if top <= s), _BAR_STEPS[-1])


def _draw_bars(draw: Any, box: tuple[int, int, int, int], shot: Shot, by_move: dict[int, MoveAnalysis],
               span: tuple[int, int], fonts: _Fonts) -> None:
    """Two lanes, a bar a move coloured by its mover: the luck of the draw
    (known from the draw on) and the value of the placement (from the
    placement on), each for the mover; the current move framed."""
    x0, y0, x1, y1 = box
    pad = round(8 * fonts.k)
    legend = film_text.BARS_LEGEND
    if draw.textlength(legend, font=fonts.small) > x1 - x0 - 2 * pad:
        legend = film_text.BARS_LEGEND_SHORT
    legend_h = round(15 * fonts.k)
    draw.text((x0 + pad, y0 + 2), legend, fill=_rgb(THEME.muted), font=fonts.small)
    label_w = max(draw.textlength(t, font=fonts.small) for t in (film_text.LUCK_LABEL, film_text.VALUE_LABEL))
    scale_w = draw.textlength(film_text.scale_label(0.25), font=fonts.small)
    left, right = x0 + pad + label_w + pad, x1 - pad - scale_w - pad
    first, last = span
    count = last - first + 1
    slot = (right - left) / count
    half = min(slot * 0.35, 7 * fonts.k)  # a few moves get thin bars, not wide blocks
    lane_h = (y1 - y0 - legend_h - pad) / 2
    in_span = [by_move[n] for n in range(first, last + 1) if n in by_move]
    lanes = (
        (film_text.LUCK_LABEL, [m.luck for m in in_span if m.luck is not None],
         lambda m: m.luck if m.n <= shot.n else None),
        (film_text.VALUE_LABEL, [m.value for m in in_span],
         lambda m: m.value if m.n < shot.n or (m.n == shot.n and shot.placed) else None),
    )
    for row, (label, values, shown_value) in enumerate(lanes):
        top = y0 + legend_h + row * lane_h
        mid = top + lane_h / 2
        scale = _scale(values)
        draw.text((x0 + pad, mid), label, fill=_rgb(THEME.text), font=fonts.small, anchor="lm")
        draw.text((x1 - pad, mid), film_text.scale_label(scale), fill=_rgb(THEME.muted), font=fonts.small,
                  anchor="rm")
        draw.line([(left, mid), (right, mid)], fill=_rgb(THEME.panel_border), width=1)
        for m in in_span:
            value = shown_value(m)
            if value is None:
                continue
            centre = left + (m.n - first + 0.5) * slot
            h = value / scale * (lane_h / 2 - 1)
            bar = [centre - half, min(mid, mid - h), centre + half, max(mid, mid - h)]
            draw.rectangle(bar, fill=_rgb(player_colour(m.player)))
    centre = left + (shot.n - first + 0.5) * slot
    frame = half + max(1, round(2 * fonts.k))
    draw.rectangle([centre - frame, y0 + legend_h + 1, centre + frame, y1 - pad + 1],
                   outline=_rgb(THEME.text), width=1)


# -- the file ------------------------------------------------------------------
def export_animation(
    record: GameRecord,
    path: str | os.PathLike[str],
    *,
    moves: tuple[int, int] | None = None,
    size: tuple[int, int] = DEFAULT_SIZE,
    fps: float = 2,
    analysis: GameAnalysis | Sequence[MoveAnalysis] | None = None,
    progress: Callable[[int, int], None] | None = None,
    rotation: int = 0,
    names: tuple[str, str] | None = None,
    colour_marks: bool = False,
) -> ExportInfo:
    """Write moves ``moves`` of ``record`` (None: the whole game) as an
    animation: GIF, APNG (``.png``) or WebP by the name's ending, ``fps``
    frame times a second, written atomically; ``progress(done, total)`` is
    called after each frame is drawn. Every argument is checked before the
    first frame is drawn. Works headless and inside a running window."""
    animation_format(path)
    check_fps(fps)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress {shown(progress)}: expected a function (done, total)")
    frames = film_frames(record, moves=moves, size=size, analysis=analysis, rotation=rotation, names=names,
                         colour_marks=colour_marks)
    first, last = check_moves(moves, len(record.moves))
    total = 2 * (last - first + 1)
    drawn = 0

    def counted() -> Iterator[Image.Image]:
        nonlocal drawn
        for frame in frames:
            drawn += 1
            if progress is not None:
                progress(drawn, total)
            yield frame

    written = write_animation_atomic(counted(), path, fps, keep=FILM_COLOURS)
    return ExportInfo(drawn, written)


__all__ = [
    "DEFAULT_SIZE", "MAX_SIZE", "MIN_SIZE", "ExportInfo", "Layout", "Outline", "Shot",
    "challenge_moves", "check_moves", "check_size", "export_animation", "film_frames", "film_layout",
    "film_shots", "record_names",
]
