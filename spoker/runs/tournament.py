"""Round-robin tournaments between computer players, with confidence intervals.

Every pair of players meets for the same number of games, changing seats every
other game. A player's *score rate* is (wins + draws / 2) / games; its 95%
confidence interval is Wilson's score interval (:mod:`spoker.runs.stats`), which
stays inside [0, 1] and behaves near 0% and 100%, unlike the normal approximation.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from shibumi.errors import expect
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.records.record import write_png_atomic
from spoker.runs.parallel import cap_workers
from spoker.runs.simulate import (
    MAX_GAMES,
    SimulationError,
    Tally,
    Unit,
    check_count,
    check_players,
    check_settings,
    plan,
    play_units,
)
from spoker.runs.stats import wilson_interval


@dataclass
class Record:
    """One player's results, over a pairing or the whole tournament."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def score(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score_rate(self) -> float:
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.games)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "name": self.name, "games": self.games, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "score_rate": round(self.score_rate, 4),
            "ci": [round(lo, 4), round(hi, 4)],
        }


@dataclass
class Pairing:
    """The games between two players: ``tally.players`` is (A, B)."""

    tally: Tally

    @property
    def records(self) -> tuple[Record, Record]:
        t = self.tally
        a, b = t.players
        return (
            Record(a, t.games, t.player_wins[0], t.draws),
            Record(b, t.games, t.player_wins[1], t.draws),
        )

    def to_json(self) -> dict[str, Any]:
        a, _ = self.records
        lo, hi = a.interval
        t = self.tally
        return {
            "players": list(t.players), "games": t.games, "wins": list(t.player_wins),
            "draws": t.draws, "score_rate": round(a.score_rate, 4),
            "ci": [round(lo, 4), round(hi, 4)],
        }


@dataclass
class Tournament:
    """A round robin's results: ``pairings`` in the order (0,1), (0,2), ..."""

    players: tuple[str, ...]
    games: int
    seed: int
    rules: RuleSet
    pairings: list[Pairing] = field(default_factory=list)

    def standings(self) -> list[Record]:
        """Each player's record over all its games, best score rate first."""
        totals = {name: Record(name) for name in self.players}
        for pairing in self.pairings:
            for rec in pairing.records:
                tot = totals[rec.name]
                tot.games += rec.games
                tot.wins += rec.wins
                tot.draws += rec.draws
        return sorted(totals.values(), key=lambda r: (-r.score_rate, self.players.index(r.name)))

    def rate(self, row: str, col: str) -> Record | None:
        """``row``'s record against ``col`` (None for a player against itself)."""
        for pairing in self.pairings:
            a, b = pairing.records
            if (a.name, b.name) == (row, col):
                return a
            if (b.name, a.name) == (row, col):
                return b
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "rules": str(self.rules),
            "standings": [r.to_json() for r in self.standings()],
            "pairings": [p.to_json() for p in self.pairings],
        }

    def table(self) -> str:
        """Standings and the cross table, as text."""
        width = max(10, *(len(p) for p in self.players)) + 2
        lines = [
            f"Round robin: {len(self.players)} players, {self.games} games a pairing "
            f"(seats swapped every other game), rules {self.rules}, seed {self.seed}",
            "",
            f"{'':4s}{'player':{width}s}{'games':>7s}{'wins':>7s}{'draws':>7s}"
            f"{'score rate':>12s}   95% CI",
        ]
        for i, r in enumerate(self.standings(), start=1):
            lo, hi = r.interval
            lines.append(
                f"{i:2d}. {r.name:{width}s}{r.games:7d}{r.wins:7d}{r.draws:7d}"
                f"{r.score_rate:12.1%}   [{lo:.1%}, {hi:.1%}]"
            )
        lines += ["", "Score rate of the row's player against the column's:", ""]
        lines.append(" " * width + "".join(f"{p:>{width}s}" for p in self.players))
        for row in self.players:
            cells = []
            for col in self.players:
                rec = self.rate(row, col)
                cells.append(f"{'-' if rec is None else f'{rec.score_rate:.1%}':>{width}s}")
            lines.append(f"{row:{width}s}" + "".join(cells))
        return "\n".join(lines)


def pairing_seed(seed: int, i: int, j: int) -> int:
    """The seed of the games between the i-th and j-th players."""
    words = np.random.SeedSequence([seed, i, j]).generate_state(2, dtype=np.uint32)
    return int(words[0]) << 32 | int(words[1])


def run_tournament(
    players: Sequence[str],
    games: int,
    seed: int = 0,
    rules: RuleSet = DEFAULT_RULES,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> Tournament:
    """Every pair of distinct ``players`` plays ``games`` games, seats swapped.

    The games are played by ``workers`` processes (capped at the number of
    CPUs), or on ``executor`` if one is given; the result is the same either way."""
    if isinstance(players, str):
        raise TypeError(f"players {players!r}: expected a list of player names")
    names = check_players(list(players))
    if len(names) < 2:
        raise SimulationError("a tournament needs at least two players")
    if len(set(names)) != len(names):
        raise SimulationError(f"players {' '.join(names)!r}: name each player once")
    check_count("games", games, 1, MAX_GAMES)
    check_count("workers", workers, 1)
    check_count("seed", seed, 0)
    check_settings(rules, "auto")
    pairs = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]

    def units() -> Iterator[Unit]:
        for k, (i, j) in enumerate(pairs):
            yield from plan((names[i], names[j]), games, pairing_seed(seed, i, j), rules, True, "auto", k)

    totals = [Tally((names[i], names[j])) for i, j in pairs]
    for unit, tally in play_units(units(), games * len(pairs), cap_workers(workers), progress, executor):
        totals[unit.tag].merge(tally)
    result = Tournament(names, games, seed, rules)
    result.pairings.extend(Pairing(t) for t in totals)
    return result


# -- the chart ------------------------------------------------------------------
_BAR = (70, 120, 180)
_BAR_LIGHT = (150, 185, 220)
_INK = (30, 30, 30)
_GRID = (215, 215, 215)
_EVEN = (200, 60, 60)


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
        raise SimulationError(f"size {size!r}: a font size from 1 to 1000")
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        try:
            return ImageFont.load_default(size=size)
        except TypeError:  # Pillow without FreeType
            return ImageFont.load_default()


def _panel(
    draw: Any, box: tuple[int, int, int, int], title: str,
    bars: list[tuple[str, float, tuple[float, float]]], colour: tuple[int, int, int],
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


def draw_chart(tournament: Tournament, path: str) -> None:
    """Save a PNG: each player's score rate with its 95% confidence interval,
    then each pairing's (first-named player's rate), whiskers for the intervals."""
    expect(tournament, Tournament, "tournament")
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path {path!r}: expected a file name")
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
        a, b = p.records
        rows.append((f"{a.name} v {b.name}", a.score_rate, a.interval))
    _panel(draw, (20, 395, width - 20, 745), "Pairings: first player's score rate", rows, _BAR_LIGHT)
    write_png_atomic(image, path)
