"""The charts of the runs: bar charts of rates with their 95% intervals, as PNG.

:func:`draw_tournament_chart` draws a round robin's score rates
(:mod:`spoker.runs.tournament`), :func:`draw_study_chart` a variant study's
(:mod:`spoker.runs.study`); both share the colours, the font and the rate
axis. Pillow is imported only when a chart is drawn, so that the runs (and
this module) load without it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from typing import Any

from shibumi.errors import expect
from spoker.errors import ArgumentError
from spoker.records.files import write_png_atomic
from spoker.runs.explore import Exploration
from spoker.runs.stats import wilson_interval
from spoker.runs.study import RANKS, RuleTally, Study
from spoker.runs.tournament import Tournament

RGB = tuple[int, int, int]
"""A colour of the charts (not a ball's :class:`shibumi.Colour`)."""

_INK: RGB = (30, 30, 30)
"""Titles, labels, axes and whiskers."""
_GRID: RGB = (215, 215, 215)
_EVEN: RGB = (200, 60, 60)
"""The 50% line of a tournament's panels: an even match."""
_BAR: RGB = (70, 120, 180)
"""A tournament's standings; a study's first player."""
_BAR_LIGHT: RGB = (150, 185, 220)
"""A tournament's pairings."""
_SECOND: RGB = (220, 130, 50)
"""A study's second player."""
_DRAWS: RGB = (140, 140, 140)
"""A study's draws."""
_RANK_COLOURS: tuple[RGB, ...] = ((120, 160, 90), (70, 120, 180), (160, 100, 170), (200, 80, 80))
"""A study's ranks that can challenge, lowest first."""


# -- shared parts ---------------------------------------------------------------
def rate_axis(
    draw: Any, left: int, plot_left: float, right: float, plot_bottom: float, height: float, font: Any
) -> Callable[[float], float]:
    """Grid lines and labels at 0, 25, 50, 75 and 100% on a chart's plot;
    returns the y of a rate (0..1)."""
    if not (callable(getattr(draw, "line", None)) and callable(getattr(draw, "text", None))):
        raise TypeError(f"draw {draw!r:.60}: expected a PIL ImageDraw")
    for name, value in (("left", left), ("plot_left", plot_left), ("right", right),
                        ("plot_bottom", plot_bottom), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{name} {value!r:.60}: expected a number")

    def y_of(rate: float) -> float:
        return plot_bottom - rate * height

    for tick in range(0, 101, 25):
        y = y_of(tick / 100)
        draw.line([(plot_left, y), (right, y)], fill=_GRID, width=1)
        draw.text((left + 5, y - 7), f"{tick}%", fill=_INK, font=font)
    return y_of


def chart_font(size: int) -> Any:
    """The charts' font: DejaVu Sans at ``size`` where it is installed."""
    from PIL import ImageFont

    expect(size, int, "size")
    if not 1 <= size <= 1000:
        raise ArgumentError(f"size {size!r}: a font size from 1 to 1000")
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        try:
            return ImageFont.load_default(size=size)
        except TypeError:  # Pillow without FreeType
            return ImageFont.load_default()


def _check_path(path: object) -> None:
    """Refuse a path that is not a file name (before Pillow is imported)."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path {path!r}: expected a file name")


# -- a tournament ---------------------------------------------------------------
def _panel(
    draw: Any, box: tuple[int, int, int, int], title: str,
    bars: list[tuple[str, float, tuple[float, float]]], colour: RGB,
) -> None:
    """A bar chart of rates (0..1) with whiskers from ``lo`` to ``hi``."""
    left, top, right, bottom = box
    font, small = chart_font(16), chart_font(12)
    draw.text((left, top), title, fill=_INK, font=font)
    plot_top, plot_bottom = top + 30, bottom - 40
    plot_left = left + 50
    height = plot_bottom - plot_top

    y_of = rate_axis(draw, left, plot_left, right, plot_bottom, height, small)
    draw.line([(plot_left, y_of(0.5)), (right, y_of(0.5))], fill=_EVEN, width=1)
    slot = (right - plot_left) / max(len(bars), 1)
    for k, (label, rate, (lo, hi)) in enumerate(bars):
        cx = plot_left + slot * (k + 0.5)
        half = min(slot * 0.3, 40)
        draw.rectangle([cx - half, y_of(rate), cx + half, plot_bottom], fill=colour)
        for y in (y_of(lo), y_of(hi)):
            draw.line([(cx - half / 2, y), (cx + half / 2, y)], fill=_INK, width=2)
        draw.line([(cx, y_of(lo)), (cx, y_of(hi))], fill=_INK, width=2)
        draw.text((cx, y_of(hi) - 4), f"{rate:.1%}", fill=_INK, font=small, anchor="md")
        draw.text((cx, plot_bottom + 6), label, fill=_INK, font=small, anchor="ma")
    draw.line([(plot_left, plot_bottom), (right, plot_bottom)], fill=_INK, width=1)


def draw_tournament_chart(tournament: Tournament, path: str) -> None:
    """Save a PNG: each player's score rate with its 95% confidence interval,
    then each pairing's (first-named player's rate), whiskers for the intervals."""
    expect(tournament, Tournament, "tournament")
    _check_path(path)
    from PIL import Image, ImageDraw

    pairs = tournament.pairings
    width = max(900, 120 * len(pairs) + 80)
    image = Image.new("RGB", (width, 760), "white")
    draw = ImageDraw.Draw(image)
    standings = [(r.name, r.score_rate, r.interval) for r in tournament.standings()]
    _panel(
        draw, (20, 15, width - 20, 380),
        f"Score rate over all games (95% Wilson interval), {tournament.games} games a pairing",
        standings, _BAR,
    )
    rows = []
    for p in pairs:
        a, b = p.results
        rows.append((f"{a.name} v {b.name}", a.score_rate, a.interval))
    _panel(draw, (20, 395, width - 20, 745), "Pairings: first player's score rate", rows, _BAR_LIGHT)
    write_png_atomic(image, path)


# -- a study ----------------------------------------------------------------------
def _bars(
    draw: Any, box: tuple[int, int, int, int], title: str, labels: list[str],
    series: list[tuple[str, RGB, list[tuple[float, float, float]]]], even: bool = False,
) -> None:
    """Grouped bars of rates (0..1), one group a label, whiskers for intervals;
    ``even`` draws the 50% line (a fair game)."""
    left, top, right, bottom = box
    font, small = chart_font(16), chart_font(12)
    draw.text((left, top), title, fill=_INK, font=font)
    key_x = left
    for name, colour, _ in series:
        draw.rectangle([key_x, top + 26, key_x + 12, top + 38], fill=colour)
        draw.text((key_x + 16, top + 25), name, fill=_INK, font=small)
        key_x += 30 + int(draw.textlength(name, font=small))
    label_lines = max((label.count("\n") + 1 for label in labels), default=1)
    plot_top, plot_bottom, plot_left = top + 60, bottom - 10 - 15 * label_lines, left + 50
    height = plot_bottom - plot_top

    y_of = rate_axis(draw, left, plot_left, right, plot_bottom, height, small)
    if even:
        draw.line([(plot_left, y_of(0.5)), (right, y_of(0.5))], fill=_EVEN, width=1)
    slot = (right - plot_left) / max(len(labels), 1)
    width = min(slot * 0.8 / max(len(series), 1), 70)
    for k, label in enumerate(labels):
        x0 = plot_left + slot * (k + 0.5) - width * len(series) / 2
        for s, (_, colour, values) in enumerate(series):
            rate, lo, hi = values[k]
            cx = x0 + width * (s + 0.5)
            draw.rectangle([cx - width * 0.42, y_of(rate), cx + width * 0.42, plot_bottom], fill=colour)
            draw.line([(cx, y_of(lo)), (cx, y_of(hi))], fill=_INK, width=2)
            for y in (y_of(lo), y_of(hi)):
                draw.line([(cx - width * 0.2, y), (cx + width * 0.2, y)], fill=_INK, width=2)
            draw.text((cx, y_of(hi) - 3), f"{rate:.0%}", fill=_INK, font=small, anchor="md")
        for row, text in enumerate(label.split("\n")):  # each line centred under its bars
            draw.text((plot_left + slot * (k + 0.5), plot_bottom + 6 + 15 * row), text,
                      fill=_INK, font=small, anchor="ma")
    draw.line([(plot_left, plot_bottom), (right, plot_bottom)], fill=_INK, width=1)


def _check_studies(studies: object) -> None:
    """Refuse anything but a non-empty list of :class:`~spoker.runs.study.Study`."""
    if isinstance(studies, str) or not isinstance(studies, Sequence):
        raise TypeError(f"studies {studies!r:.60}: expected a list of studies")
    for study in studies:
        expect(study, Study, "study")
    if not studies:
        raise ArgumentError("a study chart needs at least one study")


def _designer_series(figures: Sequence[dict[str, Any]]) -> list[tuple[str, RGB, list[tuple[float, float, float]]]]:
    """The study's figures a game designer reads that are shares (0..1), as
    bar series: draws, straight-flush endings, when the winner took the lead
    for good (share of the game) and, with luck judged, the skill share."""
    def rate(entry: dict[str, Any], key: str = "rate") -> tuple[float, float, float]:
        return (entry[key], entry["ci"][0], entry["ci"][1])

    series = [
        ("draws", _DRAWS, [rate(j["draws"]) for j in figures]),
        ("straight-flush endings", _RANK_COLOURS[3], [rate(j["straight_flush_ends"]) for j in figures]),
        ("decided at (share of the game)", _RANK_COLOURS[0], [rate(j["decided_at"], "mean") for j in figures]),
    ]
    skills = [(j.get("luck") or {}).get("skill_share", {}) for j in figures]
    if all(s.get("value") is not None for s in skills):
        series.append(("skill share", _RANK_COLOURS[2], [(s["value"], *s["ci"]) for s in skills]))
    return series


def draw_study_chart(studies: Sequence[Study], path: str) -> None:
    """Save a PNG: for each study (a pair of players), the first and second
    player's score rates under each rule set; then how often each rank wins
    its challenge, for the first study, under each rule set; then the first
    study's draws, straight-flush endings, when the winner was decided and
    (luck judged) the skill share."""
    _check_studies(studies)
    _check_path(path)
    from PIL import Image, ImageDraw

    columns = [(s, t) for s in studies for t in s.tallies]
    width = max(900, 110 * len(columns) + 100)
    image = Image.new("RGB", (width, 1260), "white")
    draw = ImageDraw.Draw(image)
    labels = [_short(t) + ("" if len(studies) == 1 else f"\n{s.players[0]}") for s, t in columns]
    seats = []
    for seat, name, colour in ((0, "first player", _BAR), (1, "second player", _SECOND)):
        values = []
        for _, t in columns:
            lo, hi = wilson_interval(t.seat_wins[seat] + 0.5 * t.draws, t.games)
            values.append((t.seat_score_rate(seat), lo, hi))
        seats.append((name, colour, values))
    games = ", ".join(sorted({str(s.games) for s in studies}))
    who = "; ".join(f"{s.players[0]} v {s.players[1]}" for s in studies)
    _bars(draw, (20, 15, width - 20, 450),
          f"Score rate by seat (95% Wilson interval), {games} games a rule set: {who}", labels, seats)
    first = studies[0]
    ranks = []
    for r, colour in zip(RANKS[:4], _RANK_COLOURS):
        values = []
        for t in first.tallies:
            lo, hi = wilson_interval(t.won[r], t.opened[r])
            values.append((t.won[r] / t.opened[r] if t.opened[r] else 0.0, lo, hi))
        ranks.append((r.key, colour, values))
    _bars(draw, (20, 470, width - 20, 845),
          f"How often a challenge wins, by its rank ({first.players[0]} v {first.players[1]})",
          [_short(t) for t in first.tallies], ranks)
    figures = first.to_json()["rules"]
    _bars(draw, (20, 865, width - 20, 1245),
          f"Draws, straight-flush endings, when the winner was decided ({first.players[0]} v {first.players[1]})",
          [_short(t) for t in first.tallies], _designer_series(figures))
    write_png_atomic(image, path)


def draw_explore_chart(found: Exploration, path: str, few: int = 10) -> None:
    """Save a PNG of an exploration's fairest ``few`` rule sets, best first:
    the second seat's score rate against the 50% line, then draws,
    straight-flush endings, when the winner was decided and the skill share."""
    expect(found, Exploration, "found")
    _check_path(path)
    expect(few, int, "few")
    if few < 1:
        raise ArgumentError(f"few {few!r}: at least one rule set")
    from PIL import Image, ImageDraw

    ranking = found.to_json()["ranking"][:few]
    tallies = [t for t, _ in found.ranking[:few]]
    labels = [f"#{j['rank']} ({j['games']} games)\n" + _short(t) for j, t in zip(ranking, tallies)]
    extra = 15 * max(label.count("\n") for label in labels)  # the labels' lines below each panel
    width = max(900, 150 * len(ranking) + 100)
    image = Image.new("RGB", (width, 900 + 2 * extra), "white")
    draw = ImageDraw.Draw(image)
    second = [(j["second"]["score_rate"], *j["second"]["ci"]) for j in ranking]
    a, b = found.players
    _bars(draw, (20, 15, width - 20, 450 + extra),
          f"The fairest rule sets ({a} v {b}, successive halving, {found.games} games): "
          "second seat's score rate (95% interval)", labels, [("second player", _SECOND, second)], even=True)
    _bars(draw, (20, 470 + extra, width - 20, 885 + 2 * extra),
          "Draws, straight-flush endings, when the winner was decided", labels, _designer_series(ranking))
    write_png_atomic(image, path)


LABEL_CHARS = 20
"""The longest line of a rule set's label under its bars (about 130 pixels)."""


def _short(tally: RuleTally) -> str:
    """A rule set's label under its bars: its name, else its items one a
    line (``visible`` left out beside others: it is the default), a long
    item broken after its ``<`` or ``+``."""
    if tally.label:
        return tally.label
    items = tally.rules.items()
    if len(items) > 1 and items[0] == "visible":
        items = items[1:]
    lines: list[str] = []
    for item in items:
        line = ""
        for piece in re.split(r"(?<=[<+])", item):
            if line and len(line) + len(piece) > LABEL_CHARS:
                lines.append(line)
                line = ""
            line += piece
        lines.append(line)
    return "\n".join(lines)


__all__ = ["chart_font", "draw_explore_chart", "draw_study_chart", "draw_tournament_chart", "rate_axis"]
