"""What games add up to: one game's outcome and the statistics of many.

Shared by the scalar simulator (:mod:`spoker.runs.simulate`) and the batch
simulator (:mod:`spoker.runs.batch`), which both fill a :class:`Tally`; neither
imports the other for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from shibumi.errors import expect
from spoker.engine.events import End
from spoker.engine.groups import Rank
from spoker.errors import ArgumentError

LUCK_SCALE = 10**9
"""Luck-adjusted results are kept in whole units of 1 / LUCK_SCALE (nine decimals)."""

RANK_KEYS: tuple[str, ...] = tuple(r.key for r in Rank)
ENDS: tuple[str, ...] = tuple(End)


class GameOutcome(NamedTuple):
    """How a game ended: ``winner`` 1, 2 or None (a draw), the score by seat."""

    winner: int | None
    score: tuple[int, int]
    end: End


@dataclass
class Tally:
    """Statistics of games between players A and B (``players``).

    ``wins`` and ``points`` are by seat (player 1, player 2);
    ``player_wins`` and ``player_points`` by player (A, B); ``groups`` counts
    every counting group formed, by rank (index 1..5).
    """

    players: tuple[str, str]
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    ends: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDS, 0))
    groups: list[int] = field(default_factory=lambda: [0] * 6)
    challenges: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    player_wins: list[int] = field(default_factory=lambda: [0, 0])
    player_points: list[int] = field(default_factory=lambda: [0, 0])
    luck_games: list[tuple[int, int]] = field(default_factory=list)
    """With luck judged (``--luck-adjusted``): each game's result for A (+1,
    0, -1) and A's luck-adjusted result in units of 1 / :data:`LUCK_SCALE`, in the
    games' order (whole numbers: sums and spreads are exact, the same however
    the games were shared among workers)."""

    def merge(self, other: Tally) -> None:
        """Add another tally's games to this one."""
        expect(other, Tally, "tally")
        self.games += other.games
        self.draws += other.draws
        self.challenges += other.challenges
        for key in ENDS:
            self.ends[key] += other.ends[key]
        for mine, theirs in (
            (self.wins, other.wins), (self.groups, other.groups), (self.points, other.points),
            (self.player_wins, other.player_wins), (self.player_points, other.player_points),
        ):
            for i, v in enumerate(theirs):
                mine[i] += v
        self.luck_games.extend(other.luck_games)

    def record(self, outcome: GameOutcome, a_second: bool) -> None:
        """Count one finished game; ``a_second``: player A sat second."""
        expect(outcome, GameOutcome, "outcome")
        self.games += 1
        self.ends[outcome.end] += 1
        a, b = (1, 0) if a_second else (0, 1)
        for seat in (0, 1):
            self.points[seat] += outcome.score[seat]
        self.player_points[0] += outcome.score[a]
        self.player_points[1] += outcome.score[b]
        if outcome.winner is None:
            self.draws += 1
        else:
            seat = outcome.winner - 1
            self.wins[seat] += 1
            self.player_wins[0 if seat == a else 1] += 1

    @classmethod
    def from_arrays(
        cls,
        players: tuple[str, str],
        a_second: np.ndarray,
        winner: np.ndarray,
        score: np.ndarray,
        ended_sf: np.ndarray,
        groups: np.ndarray,
        challenges: int,
    ) -> Tally:
        """A tally from per-game arrays: winner seat 0/1 or -1 (a draw), the
        (2, games) score by seat, straight-flush ends, group counts by rank."""
        t = cls(players)
        t.games = len(winner)
        t.wins = [int(np.count_nonzero(winner == 0)), int(np.count_nonzero(winner == 1))]
        t.draws = int(np.count_nonzero(winner < 0))
        sf = int(np.count_nonzero(ended_sf))
        t.ends = {End.STRAIGHT_FLUSH: sf, End.COMPLETE: t.games - sf}
        t.groups = [int(x) for x in groups]
        t.challenges = int(challenges)
        t.points = [int(score[0].sum()), int(score[1].sum())]
        a_seat = a_second.astype(np.int8)
        t.player_wins = [
            int(np.count_nonzero(winner == a_seat)),
            int(np.count_nonzero((winner >= 0) & (winner != a_seat))),
        ]
        a_points = np.where(a_second, score[1], score[0])
        b_points = np.where(a_second, score[0], score[1])
        t.player_points = [int(a_points.sum()), int(b_points.sum())]
        return t

    def record_luck(self, result_a: int, adjusted_a: float) -> None:
        """Keep one game's result for A and A's luck-adjusted result (rounded
        to nine decimals, :data:`LUCK_SCALE`)."""
        if result_a not in (-1, 0, 1) or isinstance(result_a, bool) or not math.isfinite(adjusted_a):
            raise ArgumentError(f"result {result_a!r}, luck-adjusted {adjusted_a!r}: expected +1, 0 or -1 and a number")
        self.luck_games.append((result_a, round(adjusted_a * LUCK_SCALE)))

    def add_game_events(self, groups: list[int], challenges: int) -> None:
        if not isinstance(groups, list | tuple) or len(groups) > 6:
            raise TypeError(f"groups {groups!r}: expected counts by rank (index 1..5)")
        check_count("challenges", challenges, 0)
        for i, n in enumerate(groups):
            self.groups[i] += n
        self.challenges += challenges

    def to_json(self, by_player: bool = False) -> dict[str, object]:
        """The object ``spoker simulate --json`` prints (docs/formats.md)."""
        out: dict[str, object] = {
            "games": self.games,
            "players": list(self.players),
            "wins": list(self.wins),
            "draws": self.draws,
            "ends": dict(self.ends),
            "groups": {key: self.groups[i + 1] for i, key in enumerate(RANK_KEYS)},
            "challenges": self.challenges,
            "points": list(self.points),
        }
        if by_player:
            out["by_player"] = [
                {"name": self.players[i], "wins": self.player_wins[i], "points": self.player_points[i]}
                for i in (0, 1)
            ]
        return out

    def score_rate(self, player: int) -> float:
        """Wins plus half the draws, per game, of player A (0) or B (1)."""
        if player not in (0, 1) or isinstance(player, bool):
            raise ArgumentError(f"player {player!r}: expected 0 (A) or 1 (B)")
        if not self.games:
            return 0.0
        return (self.player_wins[player] + 0.5 * self.draws) / self.games


def check_count(what: str, value: object, least: int, most: int | None = None) -> int:
    """A whole number argument in [least, most]; :class:`ArgumentError` if not."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} {value!r}: expected a whole number")
    if value < least or (most is not None and value > most):
        limit = f"from {least} to {most}" if most is not None else f"at least {least}"
        raise ArgumentError(f"{what} {value!r} must be a whole number {limit}")
    return value
