"""The replay viewer's analysis: the evaluation graph with its axis in words
and the legend of its marks (click a point to jump there), the current
placement's lines (what it gave away, why, the values), the verdict marks of
the story, the best cell's label, and the tip that shows a whole text.

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
from spoker.gui.render.theme import THEME, player_colour, ui_scale
from spoker.gui.views.common import ROLE_COLOURS, VERDICT_COLOURS, Layered, TextBlock
from spoker.gui.widgets.base import window_height, window_width
from spoker.runs.analysis import MoveAnalysis
from spoker.text.analysis_words import LEGEND, TICK, axis_words, best_label, lead_words, short_name

POINT_RADII = {None: 2.5, "inaccuracy": 3.5, "mistake": 4.5, "blunder": 5.5}
LINE_COLOUR = (225, 230, 240, 255)
GRID_COLOUR = (60, 68, 84, 255)
_MOVE_LINE = re.compile(r"(\d+)\. ")


def marked_log(log: Sequence[Line], verdicts: dict[int, str]) -> list[Line]:
    """The story with each judged move's mark (``?!``, ``?``, ``??``) and colour."""
    if not verdicts:
        return list(log)
    out = []
    for line in log:
        found = _MOVE_LINE.match(line.text) if line.kind == "move" else None
        verdict = verdicts.get(int(found.group(1))) if found else None
        if verdict is None:
            out.append(line)
        else:
            out.append(Line(f"{line.text.rstrip('.')} {VERDICT_MARKS[verdict]} {verdict}", verdict))
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
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.points: list[tuple[float, float, int]] = []  # (x, y, move) as last drawn
        self.legend_drawn: list[str] = []  # the legend's words as last drawn (tests)

    def height(self, job: AnalysisJob, room: float) -> float:
        """The graph box's height for ``room`` pixels of panel."""
        k = ui_scale()
        if job.state == IDLE:
            return 30.0 * k
        return max(56.0 * k, min(130.0 * k, room * 0.1))

    def draw(
        self, job: AnalysisJob, length: int, position: int, names: tuple[str, str],
        left: float, top: float, width: float, box_h: float, show_best: bool,
        challenges: Sequence[int] = (), bottom_limit: float = -1e9,
    ) -> float:
        """The title, the graph (or the start button) between its axis words,
        its legend and the current move's lines under ``top`` (not below
        ``bottom_limit``); returns the y below them. ``challenges``: the moves
        that opened one (ticks on the graph)."""
        k = ui_scale()
        title = [("ANALYSIS  \u00b7  " + job.progress_text(), THEME.muted)]
        y = self._title.draw(title, left, top, width) - 1 * k
        self.points = []
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
        y = self._draw_legend(left, y - row - 1 * k, width)
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

    def _draw_legend(self, left: float, top: float, width: float) -> float:
        """The marks' legend in as many rows as it needs; returns the y below it."""
        k = ui_scale()
        row_h = self._legend[0].set("M").content_height + 3 * k
        x, y = left, top - row_h / 2
        self.legend_drawn = []
        for label, (kind, words) in zip(self._legend, LEGEND):
            w = 10 * k + label.set(words).content_width + 6 * k
            if x > left and x + w - 6 * k > left + width:
                x, y = left, y - row_h
            if kind == "challenge":
                arcade.draw_line(x + 4 * k, y - 5 * k, x + 4 * k, y + 5 * k, ROLE_COLOURS["challenge"], 2)
            else:
                draw_disc(x + 4 * k, y, POINT_RADII[kind] * k, VERDICT_COLOURS[kind])
            label.draw_at(x + 10 * k, y, words)
            self.legend_drawn.append(words)
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
        left, bottom, w, h = self.rect
        return left <= x <= left + w and bottom <= y <= bottom + h

    def move_at(self, x: float, y: float) -> int | None:
        """The move of the point nearest to (x, y) along the graph, if (x, y) is in it."""
        if not self.points or not self.contains(x, y):
            return None
        return min(self.points, key=lambda p: abs(p[0] - x))[2]

    def tip_at(self, job: AnalysisJob, names: tuple[str, str], x: float, y: float) -> str:
        """What the point under (x, y) says in words ("" if none): who is ahead after it."""
        n = self.move_at(x, y)
        graph = dict(job.graph())
        if n is None or n not in graph:
            return ""
        m = job.at(n)
        who = "" if m is None else f" ({names[m.player - 1]})"
        return f"After move {n}{who}: {lead_words(graph[n], names)}. Click: go to move {n}."


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
    no layer), at most :attr:`MAX_W` wide and kept inside the window."""

    MAX_W = 380.0

    def __init__(self) -> None:
        self._block = TextBlock(11)
        self.text = ""  # as last drawn (tests)

    def draw(self, text: str, x: float, y: float) -> None:
        """``text`` in a box above (x, y), or below it when there is no room above."""
        self.text = text
        if not text:
            return
        k = ui_scale()
        width, height = window_width(), window_height()
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
