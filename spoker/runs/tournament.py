"""Round-robin tournaments between computer players, with confidence intervals.

Every pair of players meets for the same number of games, changing seats every
other game. A player's *score rate* is (wins + draws / 2) / games; its 95%
confidence interval is Wilson's score interval (:mod:`spoker.runs.stats`), which
stays inside [0, 1] and behaves near 0% and 100%, unlike the normal approximation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.errors import ArgumentError
from spoker.runs.luck_judge import DEFAULT_JUDGE
from spoker.runs.parallel import cap_workers
from spoker.runs.simulate import (
    MAX_GAMES,
    Tally,
    Unit,
    check_count,
    check_players,
    check_settings,
    plan,
    play_units,
)
from spoker.runs.stats import Rate, exact_mean_interval, wilson_interval
from spoker.runs.tally import LUCK_SCALE


@dataclass
class WinDrawLoss:
    """One player's wins, draws and losses, over a pairing or the whole tournament."""

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    luck: list[int] = field(default_factory=list)
    """With luck judged: each game's (luck-adjusted result + 1) in units of
    1 / LUCK_SCALE, for this player (:attr:`luck_adjusted`)."""

    @property
    def luck_adjusted(self) -> Rate | None:
        """The luck-adjusted score rate and its 95% interval (None: luck not judged)."""
        if not self.luck:
            return None
        return exact_mean_interval(self.luck, 2 * LUCK_SCALE)

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
        out: dict[str, Any] = {
            "name": self.name, "games": self.games, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "score_rate": round(self.score_rate, 4),
            "ci": [round(lo, 4), round(hi, 4)],
        }
        return _with_luck(out, self.luck_adjusted)


@dataclass
class Pairing:
    """The games between two players: ``tally.players`` is (A, B)."""

    tally: Tally

    @property
    def results(self) -> tuple[WinDrawLoss, WinDrawLoss]:
        """A's and B's wins, draws and losses."""
        t = self.tally
        a, b = t.players
        return (
            WinDrawLoss(a, t.games, t.player_wins[0], t.draws, [x + LUCK_SCALE for _, x in t.luck_games]),
            WinDrawLoss(b, t.games, t.player_wins[1], t.draws, [LUCK_SCALE - x for _, x in t.luck_games]),
        )

    def to_json(self) -> dict[str, Any]:
        a, _ = self.results
        lo, hi = a.interval
        t = self.tally
        out: dict[str, Any] = {
            "players": list(t.players), "games": t.games, "wins": list(t.player_wins),
            "draws": t.draws, "score_rate": round(a.score_rate, 4),
            "ci": [round(lo, 4), round(hi, 4)],
        }
        return _with_luck(out, a.luck_adjusted)


def _with_luck(out: dict[str, Any], rate: Rate | None) -> dict[str, Any]:
    """``out`` with its ``luck_adjusted`` rate and interval, when luck was judged."""
    if rate is not None:
        out["luck_adjusted"] = {"score_rate": round(rate[0], 4), "ci": [round(rate[1], 4), round(rate[2], 4)]}
    return out


@dataclass
class Tournament:
    """A round robin's results: ``pairings`` in the order (0,1), (0,2), ..."""

    players: tuple[str, ...]
    games: int
    seed: int
    rules: RuleSet
    pairings: list[Pairing] = field(default_factory=list)

    def standings(self) -> list[WinDrawLoss]:
        """Each player's wins, draws and losses over all its games, best score rate first."""
        totals = {name: WinDrawLoss(name) for name in self.players}
        for pairing in self.pairings:
            for wdl in pairing.results:
                tot = totals[wdl.name]
                tot.games += wdl.games
                tot.wins += wdl.wins
                tot.draws += wdl.draws
                tot.luck.extend(wdl.luck)
        return sorted(totals.values(), key=lambda r: (-r.score_rate, self.players.index(r.name)))

    def rate(self, row: str, col: str) -> WinDrawLoss | None:
        """``row``'s wins, draws and losses against ``col`` (None for a player against itself)."""
        for pairing in self.pairings:
            a, b = pairing.results
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
        """Standings and the cross table, as text (with luck judged, the
        luck-adjusted rates too: a column of the standings, a second cross table)."""
        width = max(10, *(len(p) for p in self.players)) + 2
        luck = bool(self.pairings) and bool(self.pairings[0].tally.luck_games)
        lines = [
            f"Round robin: {len(self.players)} players, {self.games} games a pairing "
            f"(seats swapped every other game), rules {self.rules}, seed {self.seed}",
            "",
            f"{'':4s}{'player':{width}s}{'games':>7s}{'wins':>7s}{'draws':>7s}"
            f"{'score rate':>12s}   {'95% CI':16s}" + (f"{'luck-adjusted':>14s}   95% CI" if luck else ""),
        ]
        for i, r in enumerate(self.standings(), start=1):
            lo, hi = r.interval
            adjusted = r.luck_adjusted
            lines.append((
                f"{i:2d}. {r.name:{width}s}{r.games:7d}{r.wins:7d}{r.draws:7d}"
                f"{r.score_rate:12.1%}   {f'[{lo:.1%}, {hi:.1%}]':16s}"
                + ("" if adjusted is None else f"{adjusted[0]:14.1%}   [{adjusted[1]:.1%}, {adjusted[2]:.1%}]")
            ).rstrip())
        lines += ["", "Score rate of the row's player against the column's:", ""]
        lines.append(" " * width + "".join(f"{p:>{width}s}" for p in self.players))
        for row in self.players:
            cells = []
            for col in self.players:
                wdl = self.rate(row, col)
                cells.append(f"{'-' if wdl is None else f'{wdl.score_rate:.1%}':>{width}s}")
            lines.append(f"{row:{width}s}" + "".join(cells))
        if luck:
            lines += ["", "Luck-adjusted score rate of the row's player against the column's "
                      "(each draw's luck judged: docs/players.md):", ""]
            lines.append(" " * width + "".join(f"{p:>{width}s}" for p in self.players))
            for row in self.players:
                cells = []
                for col in self.players:
                    wdl = self.rate(row, col)
                    rate = None if wdl is None else wdl.luck_adjusted
                    cells.append(f"{'-' if rate is None else f'{rate[0]:.1%}':>{width}s}")
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
    luck_adjusted: bool = False,
    judge: str = DEFAULT_JUDGE,
) -> Tournament:
    """Every pair of distinct ``players`` plays ``games`` games, seats swapped.

    ``luck_adjusted`` judges every draw's luck with the evaluator ``judge``
    (:mod:`spoker.runs.luck_judge`) and adds luck-adjusted score rates (the
    games are then played one by one).

    The games are played by ``workers`` processes (capped at the number of
    CPUs), or on ``executor`` if one is given; the result is the same either way."""
    if isinstance(players, str):
        raise TypeError(f"players {players!r}: expected a list of player names")
    names = check_players(list(players))
    if len(names) < 2:
        raise ArgumentError("a tournament needs at least two players")
    if len(set(names)) != len(names):
        raise ArgumentError(f"players {' '.join(names)!r}: name each player once")
    check_count("games", games, 1, MAX_GAMES)
    check_count("workers", workers, 1)
    check_count("seed", seed, 0)
    check_settings(rules, "auto")
    if not isinstance(luck_adjusted, bool):
        raise TypeError(f"luck_adjusted {luck_adjusted!r}: expected True or False")
    pairs = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]

    def units() -> Iterator[Unit]:
        for k, (i, j) in enumerate(pairs):
            yield from plan(
                (names[i], names[j]), games, pairing_seed(seed, i, j), rules, True, "auto", k,
                luck=judge if luck_adjusted else "",
            )

    totals = [Tally((names[i], names[j])) for i, j in pairs]
    for unit, tally in play_units(units(), games * len(pairs), cap_workers(workers), progress, executor):
        totals[unit.tag].merge(tally)
    result = Tournament(names, games, seed, rules)
    result.pairings.extend(Pairing(t) for t in totals)
    return result
