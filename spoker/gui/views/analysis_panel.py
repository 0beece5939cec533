"""The replay viewer's analysis: the evaluation graph with its axis in words
and the legend of its marks (click a point to jump there), the luck lane
under it (a bar a draw, its luck for its drawer; hover or click one), the
current placement's lines (what it gave away, why, the values, the draw's
luck), the verdict and luck marks of the story, the luck-and-skill summary
with its bars (here and on the end screen), the best cell's label, and the
tip that shows a whole text.

What is drawn comes from an :class:`~spoker.gui.models.analysis_model.AnalysisJob`
and every word from :mod:`spoker.text.analysis_words`; nothing here computes
or keeps game state."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import arcade

from spoker.gui.models.analysis_model import IDLE, RUNNING, VERDICT_MARKS, AnalysisJob
from spoker.gui.models.story import Line
from spoker.gui.render.shapes import draw_box, draw_disc, draw_ring
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, VERDICT_COLOURS, player_colour, ui_scale
from spoker.gui.widgets.base import window_height, window_width
from spoker.gui.widgets.text_block import Layered, TextBlock
from spoker.runs.analysis import MoveAnalysis
from spoker.runs.luck import Balance, edges
from spoker.text.analysis_words import (
    LEGEND,
    LUCK_LEGEND,
    LUCK_UNIT,
    TICK,
    axis_words,
    best_label,
    draw_line,
    edge_words,
    lead_words,
    luck_summary,
    short_name,
)

POINT_RADII = {None: 2.5, "inaccuracy": 3.5, "mistake": 4.5, "blunder": 5.5}
LINE_COLOUR = (225, 230, 240, 255)
GRID_COLOUR = (60, 68, 84, 255)
_MOVE_LINE = re.compile(r"(\d+)\. ")
LANE_RANGE = 0.5
"""The luck lane shows a draw's luck up to this much either way, at the
graph's own scale (its height half the graph's: the graph spans -1..+1);
a bar beyond it is capped with a white line."""
LANE_COLOUR = (18, 22, 29, 255)
LUCK_TINT = 150
"""The luck part of a bar: its player's colour, this opaque (the skill part is solid)."""


def marked_log(log: Sequence[Line], verdicts: dict[int, str], luck: dict[int, str] | None = None) -> list[Line]:
    """The story with each judged move's mark (``?!``, ``?``, ``??``) and
    colour, and next to it its draw's mark (``lucky draw +0.31``) if any."""
    luck = luck or {}
    if not verdicts and not luck:
        return list(log)
    out = []
    for line in log:
        found = _MOVE_LINE.match(line.text) if line.kind == "move" else None
        n = int(found.group(1)) if found else None
        verdict = verdicts.get(n) if n is not None else None
        lucky = luck.get(n) if n is not None else None
        if verdict is None and lucky is None:
            out.append(line)
            continue
        text = line.text.rstrip(".")
        if verdict is not None:
            text += f" {VERDICT_MARKS[verdict]} {verdict}"
        if lucky is not None:
            text += f" \u00b7 {lucky}"
        out.append(Line(text, verdict or line.kind))
    return out


class EvalGraph(Layered):
    """Player 1's expected result after each move, from -1 (player 2 wins
    every game) to +1, with its axis in words and the legend of its marks."""

    def __init__(self) -> None:
        self._title = TextBlock(11, bold=True)
        self._axis = [Label("", 9, anchor_y=a) for a in ("top", "center", "top")]
        self._scale = [Label("", 9, THEME.muted, anchor_x="right", anchor_y=a)
                       for a in ("top", "center", "center", "top")]
        self._legend = [Label("", 8, THEME.muted, anchor_y="center") for _ in LEGEND]
        self._lines = TextBlock(11)
        self._start = Label("", 12, THEME.accent, bold=True, anchor_x="center", anchor_y="center")
        self._lane_caption = Label("", 8, THEME.muted, anchor_y="top")
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.lane_rect = (0.0, 0.0, 0.0, 0.0)  # the luck lane as last drawn (none: zero size)
        self.bars: list[tuple[float, int]] = []  # (x, move) of the lane's bars as last drawn
        self.points: list[tuple[float, float, int]] = []  # (x, y, move) as last drawn

    def height(self, job: AnalysisJob, room: float) -> float:
        """The graph box's height for ``room`` pixels of panel."""
        k = ui_scale()
        if job.state == IDLE:
            return 30.0 * k
        return max(56.0 * k, min(130.0 * k, room * 0.1))

    def draw(
        self, job: AnalysisJob, length: int, position: int, names: tuple[str, str],
        left: float, top: float, width: float, box_h: float, show_best: bool,
        challenges: Sequence[int] = (), bottom_limit: float = -1e9, lines: bool = True,
    ) -> float:
        """The title, the graph (or the start button) between its axis words,
        its luck lane, its legend and (with ``lines``) the current move's
        lines under ``top`` (not below ``bottom_limit``); returns the y below
        them. ``challenges``: the moves that opened one (ticks on the graph)."""
        k = ui_scale()
        title = [("ANALYSIS  \u00b7  " + job.progress_text(), THEME.muted)]
        y = self._title.draw(title, left, top, width) - 1 * k
        self.points = []
        self.bars = []
        self.lane_rect = (0.0, 0.0, 0.0, 0.0)
        if job.state == IDLE:
            self.rect = (left, y - box_h, width, box_h)
            draw_box(left, y - box_h, width, box_h, (40, 48, 64, 255), THEME.accent, radius=6)
            self._start.draw_at(left + width / 2, y - box_h / 2,
                                self._start.fitted("Analyse this game (A)", width - 12 * k))
            return y - box_h - 8 * k
        axis = axis_words(names)
        brief = axis_words((short_name(names[0]), short_name(names[1])))  # long names: their first words
        row = self._axis[0].set("M").content_height + 2 * k
        # Above the box: who is ahead up there, and the scale's edge; below it the same for the other.
        self._edge(self._axis[0], self._scale[0], (axis.top, brief.top), axis.edge, player_colour(1), left, y, width)
        y -= row
        self.rect = (left, y - box_h, width, box_h)
        self._draw_graph(job, length, position, left, y - box_h, width, box_h, challenges)
        y -= box_h + 1 * k
        self._edge(self._axis[2], self._scale[3], (axis.bottom, brief.bottom), axis.edge, player_colour(2),
                   left, y, width)
        y = self._draw_lane(job, length, position, left, y - row - 1 * k, width, box_h)
        y = self._draw_legend(left, y, width)
        if lines:
            return self.draw_lines(job, position, names, left, y, width, show_best, bottom_limit)
        return y - 4 * k

    def draw_lines(
        self, job: AnalysisJob, position: int, names: tuple[str, str], left: float, top: float, width: float,
        show_best: bool, bottom_limit: float = -1e9,
    ) -> float:
        """The current move's lines (its verdict, its values, why, its draw's luck) under ``top``."""
        k = ui_scale()
        y = top
        words = job.words(position, names)
        if words is not None:
            m = job.at(position)
            assert m is not None
            value = words.value
            if m.best != m.cell:
                value += "   B: hide the best" if show_best else "   B: show the best"
            lines = [(words.head, VERDICT_COLOURS.get(m.verdict or "", THEME.text)), (value, THEME.muted)]
            if words.why:
                lines.append((words.why, THEME.text))
            if words.draw:
                lines.append((words.draw, THEME.muted))
            y = self._lines.draw(lines, left, y, width, bottom_limit=bottom_limit, gap=2 * k)
        return y - 4 * k

    @staticmethod
    def _edge(name: Label, scale: Label, who: Sequence[str], edge: str, colour: Sequence[int],
              left: float, top: float, width: float) -> None:
        """One edge of the graph in words: ``Ann ahead`` on the left (the first
        of ``who`` that fits), ``10 in 10`` on the right."""
        right = scale.set(edge).content_width
        name.draw_at(left + 2, top, name.first_fitting(who, width - right - 12), colour)
        scale.draw_at(left + width - 2, top, edge)

    def _draw_graph(
        self, job: AnalysisJob, length: int, position: int,
        left: float, bottom: float, width: float, height: float, challenges: Sequence[int],
    ) -> None:
        k = ui_scale()
        draw_box(left, bottom, width, height, (18, 22, 29, 255), THEME.panel_border, radius=6)
        pad = 6.0 * k
        x0, span = left + pad, width - 2 * pad
        mid, half = bottom + height / 2, height / 2 - 4 * k

        def sx(n: float) -> float:
            return x0 + span * n / max(1, length)

        def sy(v: float) -> float:
            return mid + half * max(-1.0, min(1.0, v))

        tall = height >= 96 * k  # room for the scale's lines and their words
        if tall:
            for v in (TICK, -TICK):
                arcade.draw_line(x0, sy(v), x0 + span, sy(v), GRID_COLOUR, 1)
        graph = job.graph()
        # Who is ahead: the area between the line and zero in that player's colour.
        for (n1, v1), (n2, v2) in zip(graph, graph[1:]):
            self._fill(sx(n1), v1, sx(n2), v2, mid, sy)
        arcade.draw_line(x0, mid, x0 + span, mid, (110, 118, 135, 255), 1)
        for n in challenges:  # where a challenge was opened: a tick at each edge
            tx = sx(n)
            arcade.draw_line(tx, bottom + 1 * k, tx, bottom + 6 * k, ROLE_COLOURS["challenge"], 2)
            arcade.draw_line(tx, bottom + height - 6 * k, tx, bottom + height - 1 * k, ROLE_COLOURS["challenge"], 2)
        # The zero line's and the scale lines' words (small and muted: the curve shows through).
        axis = axis_words(("", ""))
        middle = self._axis[1]
        middle.draw_at(left + pad, mid + middle.set("M").content_height / 2, axis.middle, THEME.muted)
        if tall:
            right = left + width - pad
            self._scale[1].draw_at(right, sy(TICK) - 7 * k, axis.tick)
            self._scale[2].draw_at(right, sy(-TICK) + 7 * k, axis.tick)
        if len(graph) > 1:
            arcade.draw_line_strip([(sx(n), sy(v)) for n, v in graph], LINE_COLOUR, 1.5)
        if 0 < position <= length:
            px = sx(position)
            arcade.draw_line(px, bottom + 2 * k, px, bottom + height - 2 * k, (255, 255, 255, 150), 1)
        for m, (n, v) in zip(job.moves, graph):
            x, y = sx(n), sy(v)
            self.points.append((x, y, n))
            self._point(m, x, y, n == position, k)
        if job.state == RUNNING:  # what is left to judge
            done = len(graph)
            arcade.draw_lrbt_rectangle_filled(sx(done), x0 + span, bottom + 2 * k, bottom + 4 * k, (70, 120, 200, 255))

    def _draw_lane(
        self, job: AnalysisJob, length: int, position: int, left: float, top: float, width: float, box_h: float,
    ) -> float:
        """The luck lane under the graph: one bar a draw judged, in its
        drawer's colour, up when the colour drawn was worth more than an
        average draw to its drawer, down when less, at the graph's scale
        (:data:`LANE_RANGE`). Returns the y below it."""
        k = ui_scale()
        pad = 6.0 * k
        half = (box_h / 2 - 4 * k) * LANE_RANGE  # pixels of LANE_RANGE: the graph's scale
        height = 2 * half + 6 * k
        bottom = top - height
        self.lane_rect = (left, bottom, width, height)
        draw_box(left, bottom, width, height, LANE_COLOUR, THEME.panel_border, radius=5)
        x0, span = left + pad, width - 2 * pad
        mid = bottom + height / 2
        arcade.draw_line(x0, mid, x0 + span, mid, (110, 118, 135, 255), 1)
        lucks = job.lucks()
        caption = self._lane_caption
        if job.moves and not lucks:
            caption.draw_at(left + pad, top - 2 * k, caption.first_fitting(
                ("luck of the draws: not measured in this analysis", "luck: not measured"), span))
            return bottom - 4 * k
        caption.draw_at(left + pad, top - 2 * k, caption.first_fitting(
            ("luck of each draw: up lucky, down unlucky for its drawer", "luck of each draw", "luck"), span * 0.7))
        bar_w = max(2.0 * k, min(8.0 * k, span / max(1, length) * 0.6))
        for n, player, luck in lucks:
            x = x0 + span * n / max(1, length)
            v = max(-LANE_RANGE, min(LANE_RANGE, luck)) / LANE_RANGE * half
            lo, hi = (mid, mid + v) if v >= 0 else (mid + v, mid)
            arcade.draw_lrbt_rectangle_filled(x - bar_w / 2, x + bar_w / 2, lo, max(hi, lo + 1), player_colour(player))
            if abs(luck) > LANE_RANGE:  # beyond the lane: capped
                edge = hi if v > 0 else lo
                arcade.draw_line(x - bar_w / 2 - 1, edge, x + bar_w / 2 + 1, edge, (255, 255, 255, 255), 2)
            self.bars.append((x, n))
        if 0 < position <= length:
            px = x0 + span * position / max(1, length)
            arcade.draw_line(px, bottom + 2 * k, px, bottom + height - 2 * k, (255, 255, 255, 150), 1)
        return bottom - 4 * k

    def lane_contains(self, x: float, y: float) -> bool:
        left, bottom, w, h = self.lane_rect
        return w > 0 and left <= x <= left + w and bottom <= y <= bottom + h

    def _draw_legend(self, left: float, top: float, width: float) -> float:
        """The marks' legend in as many rows as it needs; returns the y below it."""
        k = ui_scale()
        row_h = self._legend[0].set("M").content_height + 3 * k
        x, y = left, top - row_h / 2
        for label, (kind, words) in zip(self._legend, LEGEND):
            w = 10 * k + label.set(words).content_width + 6 * k
            if x > left and x + w - 6 * k > left + width:
                x, y = left, y - row_h
            if kind == "challenge":
                arcade.draw_line(x + 4 * k, y - 5 * k, x + 4 * k, y + 5 * k, ROLE_COLOURS["challenge"], 2)
            else:
                draw_disc(x + 4 * k, y, POINT_RADII[kind] * k, VERDICT_COLOURS[kind])
            label.draw_at(x + 10 * k, y, words)
            x += w
        return y - row_h / 2 - 3 * k

    @staticmethod
    def _fill(x1: float, v1: float, x2: float, v2: float, mid: float, sy: Callable[[float], float]) -> None:
        if v1 * v2 < 0:
            xc = x1 + (x2 - x1) * v1 / (v1 - v2)  # where the line crosses zero
            EvalGraph._fill(x1, v1, xc, 0.0, mid, sy)
            EvalGraph._fill(xc, 0.0, x2, v2, mid, sy)
            return
        ahead = 1 if v1 + v2 >= 0 else 2
        colour = (*player_colour(ahead)[:3], 70)
        arcade.draw_polygon_filled([(x1, mid), (x1, sy(v1)), (x2, sy(v2)), (x2, mid)], colour)

    @staticmethod
    def _point(m: MoveAnalysis, x: float, y: float, current: bool, k: float) -> None:
        r = POINT_RADII.get(m.verdict, 2.5) * k
        colour = VERDICT_COLOURS.get(m.verdict or "", LINE_COLOUR)
        if m.verdict is not None:
            draw_disc(x, y, r + 1.5 * k, (10, 12, 16, 255))
        draw_disc(x, y, r, colour)
        if current:
            draw_ring(x, y, r + 3.5 * k, (255, 255, 255, 255), 2 * k)

    def contains(self, x: float, y: float) -> bool:
        """(x, y) on the graph or on its luck lane (a click there goes to a move)."""
        left, bottom, w, h = self.rect
        return left <= x <= left + w and bottom <= y <= bottom + h or self.lane_contains(x, y)

    def move_at(self, x: float, y: float) -> int | None:
        """The move of the point (the lane's bar) nearest to (x, y) along the
        graph (the lane), if (x, y) is in it."""
        if self.lane_contains(x, y):
            return min(self.bars, key=lambda b: abs(b[0] - x))[1] if self.bars else None
        if not self.points or not self.contains(x, y):
            return None
        return min(self.points, key=lambda p: abs(p[0] - x))[2]

    def tip_at(self, job: AnalysisJob, names: tuple[str, str], x: float, y: float) -> str:
        """What the point (the bar) under (x, y) says in words ("" if none):
        who is ahead after it; what the draw was worth to its drawer."""
        n = self.move_at(x, y)
        if self.lane_contains(x, y):
            m = None if n is None else job.at(n)
            if n is None or m is None or m.luck is None:
                return ""
            return f"{draw_line(n, names[m.player - 1], m.ball, m.luck)} Click: go to move {n}."
        graph = dict(job.graph())
        if n is None or n not in graph:
            return ""
        m = job.at(n)
        who = "" if m is None else f" ({names[m.player - 1]})"
        final = n == job.total and job.replay.final_state.is_over  # the value is the result
        return f"After move {n}{who}: {lead_words(graph[n], names, final)}. Click: go to move {n}."


class BestLabel(Layered):
    """``best: 2B2, wins 6 in 10`` over the best cell's ghost."""

    def __init__(self) -> None:
        self._text = Label("", 11, THEME.text, bold=True, anchor_x="center", anchor_y="center")

    def draw(self, m: MoveAnalysis, x: float, y: float) -> None:
        text = best_label(m.best, m.best_value)
        self._text.set(text)
        k = ui_scale()
        w, h = self._text.content_width + 16 * k, self._text.content_height + 6 * k
        draw_box(x - w / 2, y - h / 2, w, h, (12, 14, 18, 225), VERDICT_COLOURS.get(m.verdict or "", THEME.good),
                 radius=6)
        self._text.draw_at(x, y, text)


class TipBox:
    """A whole text, wrapped in a box by the mouse: where a line on screen had
    to be cut, the tip shows all of it. Drawn over everything (its labels in
    no layer), at most :attr:`MAX_W` wide and kept inside its screen:
    ``screen`` gives the view's size, as ``WidgetGroup(screen=)`` does for
    the controls' tooltips (the window's by default)."""

    MAX_W = 380.0

    def __init__(self, screen: Callable[[], tuple[float, float]] | None = None) -> None:
        self._block = TextBlock(11)
        self.screen = screen or (lambda: (window_width(), window_height()))

    def draw(self, text: str, x: float, y: float) -> None:
        """``text`` in a box above (x, y), or below it when there is no room above."""
        if not text:
            return
        k = ui_scale()
        width, height = self.screen()
        w = min(self.MAX_W * k, width - 16.0)
        inner = w - 16 * k
        lines = [(text, THEME.text)]
        h = self._block.height(lines, inner, gap=0) + 10 * k
        left = min(max(4.0, x - w / 2), max(4.0, width - w - 4))
        bottom = y + 14 * k
        if bottom + h > height - 4:
            bottom = max(4.0, y - 14 * k - h)
        draw_box(left, bottom, w, h, (10, 12, 16, 240), THEME.accent, radius=6)
        self._block.draw(lines, left + 8 * k, bottom + h - 5 * k, inner, gap=0)


class LuckBars(Layered):
    """A game's luck and skill (notation.md): the summary in words
    (:func:`~spoker.text.analysis_words.luck_summary`) and, for each player,
    one bar of two parts stacked from the zero line: the luck (what their
    draws gave them over the other's, tinted) and then the skill (what the
    other's placements lost more than theirs, solid); the unit under them.
    The same figures as ``spoker analyse --json`` (:func:`spoker.runs.luck.edges`)."""

    def __init__(self) -> None:
        self._title = Label("", 11, THEME.muted, bold=True, anchor_y="top")
        self._words = TextBlock(11)
        self._names = [Label("", 10, bold=True, anchor_y="center") for _ in range(2)]
        self._figures = [Label("", 9, THEME.muted, anchor_x="right", anchor_y="center") for _ in range(2)]
        self._legend = [Label("", 8, THEME.muted, anchor_y="center") for _ in LUCK_LEGEND]
        self._unit = TextBlock(8)
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.row_rects: list[tuple[float, float, float, float]] = []
        self.summary = ""  # the words, whole, as last drawn (the tip; tests)
        self.figures: tuple[tuple[float, float], tuple[float, float]] | None = None  # as last drawn (tests)
        self.names: tuple[str, str] = ("", "")
        self.words_shown = False
        self.long_figures = True
        self.bar_names: tuple[str, str] = ("", "")

    def draw(
        self, balance: Balance | None, names: tuple[str, str], score: tuple[int, int], progress: str,
        left: float, top: float, width: float, bottom_limit: float = -1e9,
    ) -> float:
        """The title (with ``progress`` if any: until the figures are there,
        or while they are an estimate), the words if they fit above
        ``bottom_limit`` with the bars, the bars, the legend and the unit.
        Returns the y below them."""
        k = ui_scale()
        self.row_rects = []
        self.names = names
        title = f"LUCK AND SKILL  \u00b7  {progress}" if progress else "LUCK AND SKILL"
        self._title.draw_at(left, top, self._title.fitted(title, width))
        y = top - self._title.content_height - 4 * k
        if balance is None:
            self.figures = None
            self.summary = ""
            self.rect = (left, y, width, top - y)
            return y
        one, two = balance.players
        self.summary = luck_summary(names, score, one.result, (float(one.luck), float(two.luck)),
                                    (float(one.loss), float(two.loss)), unit=False)
        (l1, s1), (l2, s2) = edges(balance)
        self.figures = ((float(l1), float(s1)), (float(l2), float(s2)))
        row_h = 17 * k
        unit = [(f"Figures {LUCK_UNIT}.", THEME.muted)]
        bars_h = 2 * row_h + 14 * k + self._unit.height(unit, width, gap=0) + 4 * k
        words = [(self.summary, THEME.text)]
        self.words_shown = y - self._words.height(words, width) - 4 * k - bars_h >= bottom_limit
        if self.words_shown:
            y = self._words.draw(words, left, y, width) - 4 * k
        y = self._draw_bars(left, y, width, row_h)
        y = self._draw_legend(left, y, width)
        y = self._unit.draw(unit, left, y, width, gap=0) - 2 * k
        self.rect = (left, y, width, top - y)
        return y

    def _draw_bars(self, left: float, top: float, width: float, row_h: float) -> float:
        assert self.figures is not None
        k = ui_scale()
        shorts = (short_name(self.names[0]), short_name(self.names[1]))
        self.bar_names = shorts if shorts[0] != shorts[1] else self.names  # "Greedy A", "Greedy B": whole
        name_w = min(width * 0.28, max(self._names[p].set(self.bar_names[p]).content_width for p in range(2)))
        # The figures named where the bars keep half the width, else the numbers alone (legend order).
        self.long_figures = self._figures[0].set(_figures(8.88, 8.88, True)).content_width < width * 0.3
        fig_w = self._figures[0].set(_figures(8.88, 8.88, self.long_figures)).content_width
        x0 = left + name_w + 6 * k
        span = width - name_w - fig_w - 14 * k
        reach = max([1.0] + [abs(a) for a, b in self.figures] + [abs(a + b) for a, b in self.figures])
        zero = x0 + span / 2

        def sx(v: float) -> float:
            return zero + span / 2 * v / reach

        y = top
        for p, (luck, skill) in enumerate(self.figures):
            cy = y - row_h / 2
            colour = player_colour(p + 1)
            name = self._names[p]
            name.draw_at(left, cy, name.fitted(self.bar_names[p], name_w), colour)
            draw_box(x0, cy - row_h * 0.36, span, row_h * 0.72, LANE_COLOUR, THEME.panel_border, radius=3)
            bar_h = row_h * 0.26
            a, b = sorted((sx(0.0), sx(luck)))
            arcade.draw_lrbt_rectangle_filled(a, max(b, a + 1), cy - bar_h, cy + bar_h, (*colour[:3], LUCK_TINT))
            a, b = sorted((sx(luck), sx(luck + skill)))
            arcade.draw_lrbt_rectangle_filled(a, max(b, a + 1), cy - bar_h, cy + bar_h, colour)
            arcade.draw_line(zero, cy - row_h * 0.36, zero, cy + row_h * 0.36, (150, 158, 175, 255), 1)
            self._figures[p].draw_at(left + width, cy, _figures(luck, skill, self.long_figures))
            self.row_rects.append((left, y - row_h, width, row_h))
            y -= row_h
        return y - 2 * k

    def _draw_legend(self, left: float, top: float, width: float) -> float:
        k = ui_scale()
        cy = top - 6 * k
        x = left
        for label, (kind, words) in zip(self._legend, LUCK_LEGEND):
            colour = (*THEME.text[:3], LUCK_TINT) if kind == "luck" else THEME.text
            arcade.draw_lrbt_rectangle_filled(x, x + 12 * k, cy - 3 * k, cy + 3 * k, colour)
            label.draw_at(x + 16 * k, cy, label.fitted(words, max(10.0, left + width - x - 16 * k)))
            x += 16 * k + label.content_width + 12 * k
        return cy - 8 * k

    def contains(self, x: float, y: float) -> bool:
        left, bottom, w, h = self.rect
        return w > 0 and left <= x <= left + w and bottom <= y <= bottom + h

    def tip_at(self, x: float, y: float) -> str:
        """A bar's figures in words (and the summary when its words had no
        room); the summary over the rest of the box ("" outside it)."""
        if not self.contains(x, y) or self.figures is None:
            return ""
        for p, (left, bottom, w, h) in enumerate(self.row_rects):
            if left <= x <= left + w and bottom <= y <= bottom + h:
                luck, skill = self.figures[p]
                tail = "" if self.words_shown else f" {self.summary}"
                return f"{edge_words(self.names[p], luck, skill)} ({LUCK_UNIT}).{tail}"
        return self.summary


def _figures(luck: float, skill: float, named: bool) -> str:
    """A bar's two figures: ``luck +0.44 skill -0.09`` (``+0.44 -0.09`` without names)."""
    return f"luck {luck:+.2f}  skill {skill:+.2f}" if named else f"{luck:+.2f} {skill:+.2f}"
