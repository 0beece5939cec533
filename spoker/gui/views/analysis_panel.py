"""The replay viewer's analysis: the evaluation graph (click a point to jump
there), the verdict marks of the story and the best cell's label.

What is drawn comes from an :class:`~spoker.gui.models.analysis_model.AnalysisJob`;
nothing here computes or keeps game state."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import arcade

from spoker.gui.models.analysis_model import (
    IDLE,
    RUNNING,
    VERDICT_MARKS,
    AnalysisJob,
    best_label,
    move_summary,
)
from spoker.gui.models.story import Line
from spoker.gui.render.shapes import draw_box, draw_disc, draw_ring
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, player_colour, ui_scale
from spoker.gui.views.common import VERDICT_COLOURS, Layered
from spoker.runs.analysis import MoveAnalysis

POINT_RADII = {None: 2.5, "inaccuracy": 3.5, "mistake": 4.5, "blunder": 5.5}
LINE_COLOUR = (225, 230, 240, 255)
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
    """Player 1's expected result after each move, from -1 to +1."""

    def __init__(self) -> None:
        self._title = Label("", 11, THEME.muted, bold=True, anchor_y="top")
        self._names = [Label("", 9, player_colour(p), bold=True, anchor_y=a) for p, a in ((1, "top"), (2, "bottom"))]
        self._summary = Label("", 11, THEME.text, anchor_y="top")
        self._better = Label("", 11, THEME.muted, anchor_y="top")
        self._start = Label("", 12, THEME.accent, bold=True, anchor_x="center", anchor_y="center")
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self.points: list[tuple[float, float, int]] = []  # (x, y, move) as last drawn

    def height(self, job: AnalysisJob, room: float) -> float:
        """The graph box's height for ``room`` pixels of panel."""
        k = ui_scale()
        if job.state == IDLE:
            return 30.0 * k
        return max(56.0 * k, min(130.0 * k, room * 0.13))

    def draw(
        self, job: AnalysisJob, length: int, position: int, names: Sequence[str],
        left: float, top: float, width: float, box_h: float, show_best: bool,
    ) -> float:
        """The title, the graph (or the start button) and the current move's
        line under ``top``; returns the y below them."""
        k = ui_scale()
        title = "ANALYSIS  \u00b7  " + job.progress_text()
        self._title.draw_at(left, top, self._title.fitted(title, width))
        y = top - self._title.content_height - 3 * k
        self.rect = (left, y - box_h, width, box_h)
        self.points = []
        if job.state == IDLE:
            draw_box(left, y - box_h, width, box_h, (40, 48, 64, 255), THEME.accent, radius=6)
            self._start.draw_at(left + width / 2, y - box_h / 2,
                                self._start.fitted("Analyse this game (A)", width - 12 * k))
            return y - box_h - 8 * k
        self._draw_graph(job, length, position, names, left, y - box_h, width, box_h)
        y -= box_h + 4 * k
        m = job.at(position)
        if m is not None:
            colour = VERDICT_COLOURS.get(m.verdict or "", THEME.text)
            self._summary.draw_at(left, y, self._summary.fitted(move_summary(m, names[m.player - 1]), width), colour)
            y -= self._summary.content_height + 2 * k
            if m.best != m.cell:
                better = best_label(m) + ("   (B: hide)" if show_best else "   (B: show)")
                self._better.draw_at(left, y, self._better.fitted(better, width))
                y -= self._better.content_height + 2 * k
        return y - 4 * k

    def _draw_graph(
        self, job: AnalysisJob, length: int, position: int, names: Sequence[str],
        left: float, bottom: float, width: float, height: float,
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

        for p, (label, y) in enumerate(zip(self._names, (bottom + height - 3 * k, bottom + 3 * k))):
            label.draw_at(left + pad, y, label.fitted(names[p], width / 2))
        graph = job.graph()
        # Who is ahead: the area between the line and zero in that player's colour.
        for (n1, v1), (n2, v2) in zip(graph, graph[1:]):
            self._fill(sx(n1), v1, sx(n2), v2, mid, sy)
        arcade.draw_line(x0, mid, x0 + span, mid, (110, 118, 135, 255), 1)
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


class BestLabel(Layered):
    """``best: 2B2 (+0.31)`` over the best cell's ghost."""

    def __init__(self) -> None:
        self._text = Label("", 11, THEME.text, bold=True, anchor_x="center", anchor_y="center")

    def draw(self, m: MoveAnalysis, x: float, y: float) -> None:
        text = best_label(m)
        self._text.set(text)
        k = ui_scale()
        w, h = self._text.content_width + 16 * k, self._text.content_height + 6 * k
        draw_box(x - w / 2, y - h / 2, w, h, (12, 14, 18, 225), VERDICT_COLOURS.get(m.verdict or "", THEME.good),
                 radius=6)
        self._text.draw_at(x, y, text)
