"""Variant studies: the same match under several rule sets, compared.

Two players play N games under each rule set, changing seats every other game
(A first in games 0, 2, ...). Game ``i`` draws from the same seeds under every
rule set (:func:`spoker.runs.simulate.game_seeds`, and the batch simulator's blocks),
so rule sets are compared on the same luck as far as the games run alike.
For each rule set the study reports, by seat (first and second player), score
rates with 95% Wilson intervals, and draws, game length, straight-flush
endings, challenges per game, lead changes per game and how early the winner
was decided (:func:`lead_changes`, :func:`decided_at`: Browne's drama and
decisiveness, docs/study.md), and for each rank how often it is formed, how
often it challenges and how often such a challenge is won.

Random and greedy players are played by the batch simulator and their games
replayed through :class:`~spoker.engine.state.GameState` to read every challenge;
the others are played one game at a time, in units of the players' registry
entries' ``study_chunk`` games, with their ``study_options``
(:mod:`spoker.players.registry`).
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from shibumi import Cell, Colour
from spoker.engine.events import (
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.engine.groups import Rank
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.players import checked_choice, make_player, player_entry
from spoker.runs.luck_judge import DEFAULT_JUDGE, LuckJudge, luck_judge
from spoker.runs.parallel import running, slots, stream
from spoker.runs.simulate import LUCK_CHUNK, check_players, game_seeds
from spoker.runs.stats import Rate, exact_mean_interval, mean_interval, wilson_interval
from spoker.runs.tally import LUCK_SCALE

RANKS: tuple[Rank, ...] = tuple(Rank)
ALL_RULES: tuple[RuleSet, ...] = (
    RuleSet("visible"), RuleSet("touching"),
    RuleSet("visible", True), RuleSet("touching", True),
)
"""Every rule set the engine offers: the default for ``--rules``."""


MOVES = 31
"""Rows of :attr:`RuleTally.decided`: a game holds at most 30 moves."""


def lead_changes(leads: Sequence[int]) -> int:
    """How often the lead passed from one player to the other in a game whose
    leader after each move is ``leads`` (+1 player 1, -1 player 2, 0 level):
    a level score between two leads of the same player is no change."""
    changes, last = 0, 0
    for lead in leads:
        if lead:
            changes += last != 0 and lead != last
            last = lead
    return changes


def decided_at(leads: Sequence[int]) -> int:
    """The move (from 1) after which the game's final leader (``leads[-1]``,
    the winner) led for good: one past the last move after which it did not."""
    if not leads or not leads[-1]:
        raise ArgumentError(f"decided_at({list(leads)!r}): expected the leads of a game someone won")
    for move in range(len(leads), 0, -1):
        if leads[move - 1] != leads[-1]:
            return move + 1
    return 1


def _lead(score: Sequence[int]) -> int:
    return (score[0] > score[1]) - (score[0] < score[1])


@dataclass
class RuleTally:
    """What the games under one rule set added up to. Seats are 0 (first
    player) and 1 (second); rank lists are indexed by rank (1..5)."""

    rules: RuleSet
    players: tuple[str, str]
    label: str = ""
    """The name its row is shown under (a rules file's ``name``); "" for the
    rule set's canonical items."""
    games: int = 0
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    player_wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    straight_flush_ends: int = 0
    length: int = 0
    length_sq: int = 0
    challenges: int = 0
    challenges_sq: int = 0
    lead_changes: int = 0
    lead_changes_sq: int = 0
    decided: list[int] = field(default_factory=lambda: [0] * MOVES * MOVES)
    """Games won, by (length, move after which the winner led for good):
    ``decided[length * MOVES + move]``; whole counts, so that the mean share
    is exact whatever order the games were added in."""
    formed: list[int] = field(default_factory=lambda: [0] * 6)
    opened: list[int] = field(default_factory=lambda: [0] * 6)
    won: list[int] = field(default_factory=lambda: [0] * 6)
    tied: list[int] = field(default_factory=lambda: [0] * 6)
    luck_games: list[tuple[int, int]] = field(default_factory=list)
    """With luck judged: each game's (result for A, A's luck-adjusted result
    in units of 1 / LUCK_SCALE), in the games' order (:class:`LuckShare`)."""

    def merge(self, other: RuleTally) -> None:
        """Add another tally's games (of the same rule set) to this one."""
        for name in ("games", "draws", "straight_flush_ends", "length", "length_sq",
                     "challenges", "challenges_sq", "lead_changes", "lead_changes_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("seat_wins", "player_wins", "formed", "opened", "won", "tied", "decided"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, v in enumerate(theirs):
                mine[i] += v
        self.luck_games.extend(other.luck_games)

    def add_game(self, events: Iterable[Event], a_second: bool) -> None:
        """Count one finished game from its events (in order)."""
        winner: int | None = None
        balls = challenges = 0
        sf = False
        score = [0, 0]
        leads: list[int] = []  # the leader after each move, as the score stands
        for event in events:
            if isinstance(event, BallPlaced):
                balls += 1
                leads.append(_lead(score))
            elif isinstance(event, GroupFormed):
                self.formed[event.group.rank] += 1
            elif isinstance(event, ChallengeOpened):
                challenges += 1
                self.opened[event.group.rank] += 1
            elif isinstance(event, ChallengeResolved):
                score[0] += event.points[0]
                score[1] += event.points[1]
                leads[-1] = _lead(score)
                # A challenge a straight flush answers is never resolved: it lost.
                if event.winner is None:
                    self.tied[event.challenge.rank] += 1
                elif event.winner == event.challenger:
                    self.won[event.challenge.rank] += 1
            elif isinstance(event, StraightFlush):
                sf = True
            elif isinstance(event, GameOver):
                winner = event.winner
        self.games += 1
        self.length += balls
        self.length_sq += balls * balls
        self.challenges += challenges
        self.challenges_sq += challenges * challenges
        self.straight_flush_ends += sf
        if leads:  # the winner leads at the end, a straight flush's former too
            leads[-1] = 0 if winner is None else (1 if winner == 1 else -1)
        changes = lead_changes(leads)
        self.lead_changes += changes
        self.lead_changes_sq += changes * changes
        if winner is None:
            self.draws += 1
        else:
            self.decided[balls * MOVES + decided_at(leads)] += 1
            self.seat_wins[winner - 1] += 1
            a_won = (winner == 2) == a_second
            self.player_wins[0 if a_won else 1] += 1

    # -- figures ----------------------------------------------------------------
    def seat_score_rate(self, seat: int) -> float:
        """Wins plus half the draws, per game, of the first (0) or second (1) player."""
        return (self.seat_wins[seat] + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def name(self) -> str:
        """The name its row is shown under: the label, else the canonical items."""
        return self.label or str(self.rules)

    def decided_share(self) -> tuple[int, float, float, float]:
        """Over the games won: how many, and the mean share of the game played
        when the winner took the lead for good (move / length) with its 95%
        normal interval; computed exactly, then rounded once."""
        from fractions import Fraction

        count, total, squares = 0, Fraction(0), Fraction(0)
        for index, games in enumerate(self.decided):
            if games:
                length, move = divmod(index, MOVES)
                share = Fraction(move, length)
                count += games
                total += games * share
                squares += games * share * share
        m, lo, hi = mean_interval(float(total), float(squares), count)
        return count, m, lo, hi

    def luck_share(self, seed: int) -> LuckShare | None:
        """How much of the results the draws decided (None: luck not judged);
        ``seed`` seeds the bootstrap."""
        if not self.luck_games:
            return None
        return luck_share(self.luck_games, seed)

    def to_json(self, seed: int = 0) -> dict[str, Any]:
        n = self.games

        def rate(count: float, total: int) -> dict[str, Any]:
            lo, hi = wilson_interval(count, total)
            return {"rate": _r(count / total if total else 0.0), "ci": [_r(lo), _r(hi)]}

        def mean(total: int, squares: int, most: float) -> dict[str, Any]:
            # The normal interval, kept within what a game can hold (0 to most).
            m, lo, hi = mean_interval(total, squares, n)
            return {"mean": _r(m), "ci": [_r(max(lo, 0.0)), _r(min(hi, most))]}

        seats = []
        for seat in (0, 1):
            score = self.seat_wins[seat] + 0.5 * self.draws
            lo, hi = wilson_interval(score, n)
            seats.append({
                "wins": self.seat_wins[seat], "win_rate": _r(self.seat_wins[seat] / n if n else 0.0),
                "score_rate": _r(score / n if n else 0.0), "ci": [_r(lo), _r(hi)],
            })
        players = []
        for i in (0, 1):
            score = self.player_wins[i] + 0.5 * self.draws
            lo, hi = wilson_interval(score, n)
            players.append({
                "name": self.players[i], "wins": self.player_wins[i],
                "score_rate": _r(score / n if n else 0.0), "ci": [_r(lo), _r(hi)],
            })
        all_challenges = sum(self.opened)
        ranks = {}
        for r in RANKS:
            entry: dict[str, Any] = {
                "formed": self.formed[r], "formed_per_game": _r(self.formed[r] / n if n else 0.0),
            }
            if r != Rank.STRAIGHT_FLUSH:  # a straight flush ends the game: no challenge
                entry["challenges"] = self.opened[r]
                entry["share"] = rate(self.opened[r], all_challenges)
                entry["won"] = rate(self.won[r], self.opened[r])
                entry["tied"] = rate(self.tied[r], self.opened[r])
            ranks[r.key] = entry
        decided, d_mean, d_lo, d_hi = self.decided_share()
        out = {
            "rules": str(self.rules), "name": self.name, "games": n, "players": list(self.players),
            "first": seats[0], "second": seats[1], "by_player": players,
            "draws": {"count": self.draws, **rate(self.draws, n)},
            "length": mean(self.length, self.length_sq, 30),
            "straight_flush_ends": {"count": self.straight_flush_ends,
                                    **rate(self.straight_flush_ends, n)},
            "challenges_per_game": mean(self.challenges, self.challenges_sq, 15),
            "lead_changes": mean(self.lead_changes, self.lead_changes_sq, 29),
            "decided_at": {"games": decided, "mean": _r(d_mean), "ci": [_r(max(d_lo, 0.0)), _r(min(d_hi, 1.0))]},
            "ranks": ranks,
        }
        share = self.luck_share(seed)
        if share is not None:
            out["luck"] = share.to_json(self.players)
        return out


def _r(x: float) -> float:
    return round(x, 4)


BOOTSTRAP = 2000
"""Resamples of the games for the interval of the share of variance the draws explain."""


class LuckShare(NamedTuple):
    """How much of a rule set's results the draws decide, and the skill left.

    ``share`` is 1 - Var(luck-adjusted result) / Var(result) over the games
    (A's results, +1, 0, -1): the part of the results' variance that judging
    each draw's luck removes. Its 95% interval is the bootstrap's percentile
    interval (:data:`BOOTSTRAP` resamples of the games, seeded); None when it
    is undefined (fewer than two games, or every game ended alike). ``adjusted``
    is A's luck-adjusted score rate with its 95% normal interval, ``plain``
    A's plain one (Wilson): the skill the variant leaves to A over B."""

    share: float | None
    share_ci: tuple[float, float] | None
    plain: Rate
    adjusted: Rate

    @property
    def skill(self) -> float | None:
        """The skill share: Var(luck-adjusted result) / Var(result) = 1 - share,
        the part of the results' spread the draws leave (None with the share)."""
        return None if self.share is None else 1.0 - self.share

    @property
    def skill_ci(self) -> tuple[float, float] | None:
        """The skill share's 95% interval: the share's, mirrored."""
        return None if self.share_ci is None else (1.0 - self.share_ci[1], 1.0 - self.share_ci[0])

    def to_json(self, players: tuple[str, str]) -> dict[str, Any]:
        ci = None if self.share_ci is None else [_r(self.share_ci[0]), _r(self.share_ci[1])]
        skill_ci = None if self.skill_ci is None else [_r(self.skill_ci[0]), _r(self.skill_ci[1])]
        return {
            "variance_share": {"value": None if self.share is None else _r(self.share), "ci": ci},
            "skill_share": {"value": None if self.skill is None else _r(self.skill), "ci": skill_ci},
            "name": players[0],
            "plain": {"score_rate": _r(self.plain[0]), "ci": [_r(self.plain[1]), _r(self.plain[2])]},
            "luck_adjusted": {"score_rate": _r(self.adjusted[0]), "ci": [_r(self.adjusted[1]), _r(self.adjusted[2])]},
        }


def luck_share(games: Sequence[tuple[int, int]], seed: int, resamples: int = BOOTSTRAP) -> LuckShare:
    """:class:`LuckShare` of games given as (result for A, A's luck-adjusted
    result in units of 1 / LUCK_SCALE); the bootstrap is seeded by ``seed``
    (the same games and seed, the same interval); ``resamples`` 0 leaves the
    interval out (None), for a ranking that reads only the share."""
    if isinstance(resamples, bool) or not isinstance(resamples, int) or resamples < 0:
        raise ArgumentError(f"resamples {resamples!r} must be a whole number >= 0")
    if not games:
        raise ArgumentError("no game's luck was judged")
    import numpy as np

    results = np.array([r for r, _ in games], dtype=np.float64)
    adjusted = np.array([a for _, a in games], dtype=np.float64) / LUCK_SCALE

    def share(r: np.ndarray, a: np.ndarray) -> np.ndarray:
        var_r = r.var(axis=-1, ddof=1)
        var_a = a.var(axis=-1, ddof=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(var_r > 0, 1.0 - var_a / np.where(var_r > 0, var_r, 1.0), np.nan)

    n = len(games)
    value = float(share(results, adjusted)) if n > 1 else math.nan
    ci: tuple[float, float] | None = None
    if math.isfinite(value) and resamples:
        picks = np.random.default_rng([seed, n]).integers(0, n, size=(resamples, n))
        shares = share(results[picks], adjusted[picks])
        shares = shares[np.isfinite(shares)]  # a resample of games all alike has none
        low, high = np.percentile(shares, [2.5, 97.5])
        ci = (float(low), float(high))
    score = sum(r + 1 for r, _ in games)
    lo, hi = wilson_interval(score / 2, n)
    plain = (score / (2 * n), lo, hi)
    adjusted_rate = exact_mean_interval([a + LUCK_SCALE for _, a in games], 2 * LUCK_SCALE)
    return LuckShare(value if math.isfinite(value) else None, ci, plain, adjusted_rate)


@dataclass
class Study:
    """A whole study: one :class:`RuleTally` a rule set, in the order asked."""

    players: tuple[str, str]
    games: int
    seed: int
    tallies: list[RuleTally]

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players), "games": self.games, "seed": self.seed,
            "rules": [t.to_json(self._share_seed(i)) for i, t in enumerate(self.tallies)],
        }

    def _share_seed(self, slot: int) -> int:
        """The bootstrap's seed for the ``slot``-th rule set: from the study's seed."""
        return self.seed * 16 + slot

    def table(self) -> str:
        """The figures as plain text, one block a rule set."""
        a, b = self.players
        out = [f"{a} v {b}, {self.games} games a rule set (seats swapped), seed {self.seed}",
               "rates with 95% intervals", ""]
        figures = [t.to_json(self._share_seed(i)) for i, t in enumerate(self.tallies)]
        out.extend(summary_table(figures))
        for j in figures:
            out.append("")
            named = "" if j["name"] == j["rules"] else f"{j['name']}: "
            out.append(f"rules: {named}{j['rules']}")
            luck = j.get("luck")
            if luck is not None:
                v = luck["variance_share"]
                decided = ("- (every game ended alike)" if v["value"] is None
                           else f"{_pct(v['value'], v['ci'])} of the variance of results")
                out.append(f"  {'draws decide':15} {decided}")
                skill = luck["skill_share"]
                if skill["value"] is not None:
                    out.append(f"  {'skill share':15} {_pct(skill['value'], skill['ci'])} of it left")
                adj = luck["luck_adjusted"]
                out.append(f"  {'skill left':15} {a} scores {_pct(adj['score_rate'], adj['ci'])} luck-adjusted "
                           f"(plain {_pct(luck['plain']['score_rate'], luck['plain']['ci']).strip()})")
            for seat in ("first", "second"):
                s = j[seat]
                out.append(f"  {seat + ' player':15} score {_pct(s['score_rate'], s['ci'])}"
                           f"   wins {s['win_rate']:.1%}")
            for p in j["by_player"]:
                out.append(f"  {p['name']:15} score {_pct(p['score_rate'], p['ci'])}")
            out.append(f"  {'draws':15} {_pct(j['draws']['rate'], j['draws']['ci'])}")
            sf = j["straight_flush_ends"]
            out.append(f"  {'straight flush':15} {_pct(sf['rate'], sf['ci'])} of games end so")
            out.append(f"  {'length':15} {_mean(j['length'])} balls")
            out.append(f"  {'challenges':15} {_mean(j['challenges_per_game'])} a game")
            out.append(f"  {'lead changes':15} {_mean(j['lead_changes'])} a game")
            d = j["decided_at"]
            out.append(f"  {'decided at':15} {_pct(d['mean'], d['ci'])} of the game "
                       f"(the winner leads for good; {d['games']} games won)")
            out.append(f"  {'rank':15} {'a game':>7} {'of challenges':>22} {'challenge won':>22}")
            for key, e in j["ranks"].items():
                if "won" in e:
                    share = _pct(e["share"]["rate"], e["share"]["ci"])
                    won = _pct(e["won"]["rate"], e["won"]["ci"])
                else:
                    share = won = "-"
                out.append(f"  {key:15} {e['formed_per_game']:7.2f} {share:>22} {won:>22}")
        return "\n".join(out)


SUMMARY = (("second seat", 22), ("draws", 6), ("skill", 6), ("length", 6), ("SF ends", 7),
           ("challenges", 10), ("lead changes", 12), ("decided at", 10))
"""The summary's columns after the rule set: heading and width."""


def summary_table(figures: Sequence[dict[str, Any]], extra: Sequence[tuple[str, list[str]]] = ()) -> list[str]:
    """The figures a game designer reads, one row a rule set (its JSON,
    :meth:`RuleTally.to_json`): balance (the second seat's score rate with its
    95% interval), draws, skill share (with luck judged), length, straight-flush
    endings, challenges and lead changes a game, and when the winner took the
    lead for good; ``extra`` columns (heading, one cell a row) come first."""
    width = max([len("rule set"), *(len(j["name"]) for j in figures)])
    heads = [(h, max(len(h), *(len(c) for c in cells))) for h, cells in extra] + list(SUMMARY)
    lines = ["  ".join([f"{'rule set':{width}}", *(f"{h:>{w}}" for h, w in heads)])]
    for row, j in enumerate(figures):
        second = j["second"]
        skill = (j.get("luck") or {}).get("skill_share", {}).get("value")
        cells = [cells[row] for _, cells in extra] + [
            _pct(second["score_rate"], second["ci"]).strip(), f"{j['draws']['rate']:.1%}",
            "-" if skill is None else f"{skill:.1%}", f"{j['length']['mean']:.2f}",
            f"{j['straight_flush_ends']['rate']:.1%}", f"{j['challenges_per_game']['mean']:.2f}",
            f"{j['lead_changes']['mean']:.2f}",
            "-" if not j["decided_at"]["games"] else f"{j['decided_at']['mean']:.1%}",
        ]
        lines.append("  ".join([f"{j['name']:{width}}", *(f"{c:>{w}}" for c, (_, w) in zip(cells, heads))]))
    return lines


def _pct(rate: float, ci: Sequence[float]) -> str:
    return f"{rate:6.1%} [{ci[0]:.1%}, {ci[1]:.1%}]"


def _mean(m: dict[str, Any]) -> str:
    return f"{m['mean']:6.2f} [{m['ci'][0]:.2f}, {m['ci'][1]:.2f}]"


# -- playing ------------------------------------------------------------------------
class StudyUnit(NamedTuple):
    """``size`` games from index ``first`` under one rule set (``index`` in the study)."""

    slot: int
    rules: RuleSet
    players: tuple[str, str]
    seed: int
    first: int
    size: int
    batch: bool
    luck: str = ""
    """The evaluator judging each draw's luck (:mod:`spoker.runs.luck_judge`); "" for none."""


def play_events(
    first: Any, second: Any, rng: random.Random, rules: RuleSet, judge: LuckJudge | None = None,
    luck: list[float] | None = None,
) -> list[Event]:
    """Play one whole game (as :func:`spoker.runs.simulate.play_game` does) and
    return every event of its placements; with a ``judge``, add each seat's
    luck to ``luck`` (two numbers, by seat)."""
    state = GameState(rules)
    seats = (first, second)
    events: list[Event] = []
    while not state.is_over:
        before = state.copy() if judge is not None else None
        state.draw(rng)
        if before is not None and judge is not None and luck is not None:
            luck[state.to_move - 1] += judge.luck(before, int(state.drawn))  # type: ignore[arg-type]
        events.extend(state.apply_place(checked_choice(seats[state.to_move - 1], state)))
    return events


def replay_events(moves: list[tuple[int, int]], rules: RuleSet) -> list[Event]:
    """The events of a game given as (colour, cell) pairs."""
    state = GameState(rules)
    events: list[Event] = []
    for colour, cell in moves:
        state.apply_draw(Colour(colour))
        events.extend(state.apply_place(Cell(cell)))
    return events


def run_study_unit(unit: StudyUnit) -> RuleTally:
    """Play one unit (in this process or a worker)."""
    tally = RuleTally(unit.rules, unit.players)
    if unit.batch:
        from spoker.runs.batch import BLOCK_SIZE, play_block

        _, moves = play_block(
            unit.players, unit.seed, unit.first // BLOCK_SIZE, unit.size, unit.first,
            unit.rules, swap=True, record=True,
        )
        assert moves is not None
        for g in range(unit.size):
            a_second = (unit.first + g) % 2 == 1
            tally.add_game(replay_events(moves.moves(g), unit.rules), a_second)
        return tally
    options = [dict(player_entry(name).study_options) for name in unit.players]
    judge = luck_judge(unit.luck) if unit.luck else None
    for index in range(unit.first, unit.first + unit.size):
        draw_seed, seed_a, seed_b = game_seeds(unit.seed, index)
        a = make_player(unit.players[0], seed_a, **options[0])
        b = make_player(unit.players[1], seed_b, **options[1])
        a_second = index % 2 == 1
        first, second = (b, a) if a_second else (a, b)
        luck = [0.0, 0.0]
        events = play_events(first, second, random.Random(draw_seed), unit.rules, judge, luck)
        tally.add_game(events, a_second)
        if judge is not None:
            winner = next((e.winner for e in reversed(events) if isinstance(e, GameOver)), None)
            a_seat = 2 if a_second else 1
            result = 0 if winner is None else (1 if winner == a_seat else -1)
            adjusted = result - luck[a_seat - 1] + luck[2 - a_seat]
            tally.luck_games.append((result, round(adjusted * LUCK_SCALE)))
    return tally


def plan_study(
    players: tuple[str, str], games: int, seed: int, rule_sets: Sequence[RuleSet], luck: str = "",
    start: int = 0,
) -> list[StudyUnit]:
    """Units of work for games ``start`` to ``start + games - 1`` under each
    rule set: batch blocks (aligned as the simulator's) for random and
    greedy, else chunks of the slowest player's ``study_chunk`` games (always
    with ``luck``, an evaluator of draws, and at most :data:`LUCK_CHUNK`)."""
    from spoker.runs.batch import BLOCK_SIZE, plays

    entries = [player_entry(p) for p in players]
    batch = plays(players) and not luck
    chunk = min(BLOCK_SIZE, min(e.study_chunk for e in entries))
    if luck:
        luck_judge(luck)
        chunk = min(chunk, LUCK_CHUNK)
    units = []
    for index, rules in enumerate(rule_sets):
        first = start
        while first < start + games:
            # A batch unit never straddles a block: a block's games come from one generator.
            end = min(start + games, first + chunk, (first // BLOCK_SIZE + 1) * BLOCK_SIZE)
            units.append(StudyUnit(index, rules, players, seed, first, end - first, batch, luck))
            first = end
    return units


def _results(
    units: list[StudyUnit], workers: int, executor: Executor | None = None
) -> Iterator[tuple[StudyUnit, RuleTally]]:
    """Each unit with its tally, in order: in this process for one worker,
    else on ``executor`` or ``workers`` processes (:mod:`spoker.runs.parallel`:
    a bounded stream, Ctrl-C stops the workers)."""
    if executor is None and (workers <= 1 or len(units) <= 1):
        for unit in units:
            yield unit, run_study_unit(unit)
        return
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(running(min(workers, len(units))))
        in_flight = 4 * max(2, slots(executor, workers))
        yield from stream(run_study_unit, units, executor, in_flight)


def check_study(players: Sequence[str], games: int, seed: int, workers: int) -> tuple[str, str]:
    """The two players' names, once the settings every study takes are checked."""
    names = check_players(list(players))
    if len(names) != 2:
        raise ArgumentError(f"a study needs two players, not {len(names)}: {', '.join(names)}")
    for what, value, low in (("games", games, 1), ("workers", workers, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ArgumentError(f"{what} {value!r} must be a whole number >= {low}")
    return names[0], names[1]


def play_tallies(
    tallies: Sequence[RuleTally], start: int, games: int, seed: int, workers: int = 1,
    executor: Executor | None = None, luck: str = "", progress: Callable[[int], None] | None = None,
) -> None:
    """Add games ``start`` to ``start + games - 1`` under each tally's rule set
    to it (the tallies share their players); ``luck`` is the evaluator of
    draws ("" for none); ``progress(games)`` as units finish."""
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor {executor!r}: expected a concurrent.futures.Executor")
    if not tallies:
        return
    units = plan_study(tallies[0].players, games, seed, [t.rules for t in tallies], luck, start)
    for unit, tally in _results(units, workers, executor):
        tallies[unit.slot].merge(tally)
        if progress is not None:
            progress(tally.games)


def run_study(
    players: Sequence[str],
    games: int,
    seed: int = 0,
    rule_sets: Sequence[RuleSet] = ALL_RULES,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    luck_adjusted: bool = False,
    judge: str = DEFAULT_JUDGE,
    labels: Sequence[str] | None = None,
) -> Study:
    """Play ``games`` games between two players under each rule set.

    ``luck_adjusted`` judges each draw's luck with the evaluator ``judge``
    (:mod:`spoker.runs.luck_judge`): each rule set then also reports the
    share of the results' variance the draws explain and A's luck-adjusted
    score rate (:class:`LuckShare`); the games are played one by one.

    The result depends only on the players, games, seed and rule sets, not on
    ``workers`` processes (capped at the number of CPUs) nor on ``executor``,
    which plays the games if given (a Dask cluster's: :mod:`spoker.runs.cluster`);
    tallies are sums. ``progress(done, total)`` as games finish. ``labels``
    name the rule sets' rows (a rules file's name; "" for the items).
    """
    pair = check_study(players, games, seed, workers)
    if not rule_sets:
        raise ArgumentError("a study needs at least one rule set")
    if len(set(rule_sets)) != len(rule_sets):
        raise ArgumentError("a rule set is named twice: " + ", ".join(r.token for r in rule_sets))
    names = [""] * len(rule_sets) if labels is None else list(labels)
    if len(names) != len(rule_sets) or not all(isinstance(n, str) for n in names):
        raise ArgumentError(f"labels {labels!r}: expected one name (or \"\") a rule set")
    tallies = [RuleTally(r, pair, label) for r, label in zip(rule_sets, names)]
    if not isinstance(luck_adjusted, bool):
        raise TypeError(f"luck_adjusted {luck_adjusted!r}: expected True or False")
    total, done = games * len(rule_sets), 0

    def tick(finished: int) -> None:
        nonlocal done
        done += finished
        if progress is not None:
            progress(done, total)

    play_tallies(tallies, 0, games, seed, workers, executor, judge if luck_adjusted else "", tick)
    return Study(pair, games, seed, tallies)
