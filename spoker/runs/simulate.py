"""Many games between two computer players, and their statistics.

Each game's randomness (the draws, and each player's own generator) is seeded
from the run's seed and the game's index alone, so a run gives the same
statistics however its games are shared among worker processes. Random and
greedy players are played in bulk by :mod:`spoker.runs.batch` (blocks of games
seeded by their index), the others one game at a time through
:class:`spoker.engine.state.GameState`.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from typing import NamedTuple

import numpy as np

from shibumi.errors import expect
from spoker.engine.events import ChallengeOpened, GroupFormed
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.players import Player, checked_choice, make_player, player_entry
from spoker.runs.luck_judge import DEFAULT_JUDGE, LuckJudge, luck_judge
from spoker.runs.parallel import cap_workers, running, slots, stream
from spoker.runs.tally import ENDS as ENDS
from spoker.runs.tally import RANK_KEYS as RANK_KEYS
from spoker.runs.tally import GameOutcome, Tally, check_count

ENGINES = ("auto", "batch", "scalar")


# -- seeding ------------------------------------------------------------------
def game_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """Seeds of a game's draws, of player A and of player B, from the run's
    seed and the game's index (not from Python's salted ``hash``)."""
    words = np.random.SeedSequence([seed, index]).generate_state(6, dtype=np.uint32)
    w = [int(x) for x in words]
    return (w[0] << 32 | w[1], w[2] << 32 | w[3], w[4] << 32 | w[5])


# -- one game -------------------------------------------------------------------
def play_game(
    first: Player, second: Player, rng: random.Random, rules: RuleSet = DEFAULT_RULES
) -> tuple[GameOutcome, list[int], int]:
    """Play a whole game; returns the outcome, the counting groups formed by
    rank (index 1..5) and the number of challenges opened."""
    outcome, groups, challenges, _ = play_judged_game(first, second, rng, rules)
    return outcome, groups, challenges


def play_judged_game(
    first: Player, second: Player, rng: random.Random, rules: RuleSet = DEFAULT_RULES,
    judge: LuckJudge | None = None,
) -> tuple[GameOutcome, list[int], int, tuple[float, float]]:
    """:func:`play_game`, and with a ``judge`` each seat's luck summed over its
    draws (:mod:`spoker.runs.luck_judge`; (0, 0) without one). The draws are
    the same with a judge or without: it only looks."""
    for seat in (first, second):
        if not callable(getattr(seat, "choose", None)):
            raise TypeError(f"player {seat!r}: expected a Player (spoker.players.make_player)")
    state = GameState(rules)
    seats = (first, second)
    groups = [0] * 6
    challenges = 0
    luck = [0.0, 0.0]
    while not state.is_over:
        before = state.copy() if judge is not None else None
        state.draw(rng)
        if before is not None and judge is not None:
            luck[state.to_move - 1] += judge.luck(before, int(state.drawn))  # type: ignore[arg-type]
        cell = checked_choice(seats[state.to_move - 1], state)
        for event in state.apply_place(cell):
            if isinstance(event, GroupFormed):
                groups[int(event.group.rank)] += 1
            elif isinstance(event, ChallengeOpened):
                challenges += 1
    assert state.end is not None
    return GameOutcome(state.winner, state.score, state.end), groups, challenges, (luck[0], luck[1])


# -- units of work ----------------------------------------------------------------
MAX_GAMES = 10**12
"""The most games one run may ask for (game indices stay exact in numpy's int64)."""

LUCK_CHUNK = 20
"""Games a unit at most when luck is judged: judging makes even random games
slow (some 0.2 s of one core a game), so units stay small enough to share."""


class Unit(NamedTuple):
    """A share of a run: ``size`` games from index ``first``; ``block`` is
    the batch block index, or -1 to play the games one by one; ``tag`` tells
    the caller which part of its run the unit belongs to (a tournament's pairing)."""

    players: tuple[str, str]
    seed: int
    first: int
    size: int
    block: int
    rules: RuleSet
    swap: bool
    tag: int = 0
    luck: str = ""
    """The evaluator judging each draw's luck (:data:`spoker.runs.luck_judge.JUDGES`); "" for none."""


def run_unit(unit: Unit) -> Tally:
    """Play a unit of games (in this process or a worker)."""
    expect(unit, Unit, "unit")
    if unit.block >= 0:
        from spoker.runs.batch import play_block

        tally, _ = play_block(
            unit.players, unit.seed, unit.block, unit.size, unit.first, unit.rules, unit.swap
        )
        return tally
    tally = Tally(unit.players)
    judge = luck_judge(unit.luck) if unit.luck else None
    for index in range(unit.first, unit.first + unit.size):
        draw_seed, seed_a, seed_b = game_seeds(unit.seed, index)
        a = make_player(unit.players[0], seed_a)
        b = make_player(unit.players[1], seed_b)
        a_second = unit.swap and index % 2 == 1
        first, second = (b, a) if a_second else (a, b)
        outcome, groups, challenges, luck = play_judged_game(
            first, second, random.Random(draw_seed), unit.rules, judge
        )
        tally.record(outcome, a_second)
        tally.add_game_events(groups, challenges)
        if judge is not None:
            a_seat = 1 if a_second else 0
            result = 0 if outcome.winner is None else (1 if outcome.winner - 1 == a_seat else -1)
            tally.record_luck(result, result - luck[a_seat] + luck[1 - a_seat])
    return tally


def plan(
    players: tuple[str, str], games: int, seed: int, rules: RuleSet, swap: bool, engine: str,
    tag: int = 0, luck: str = "",
) -> Iterator[Unit]:
    """Split a run into units, lazily: batch blocks when the engine and
    players allow, else small chunks of games played one by one (always when
    ``luck`` names an evaluator of draws: the batch simulator keeps no positions)."""
    names = check_players(players)
    if len(names) != 2:
        raise ArgumentError(f"players {players!r}: a simulation takes two players")
    players = (names[0], names[1])
    check_count("games", games, 1, MAX_GAMES)
    check_count("seed", seed, 0)
    check_settings(rules, engine)
    from spoker.runs.batch import BATCH_PLAYERS, BLOCK_SIZE, plays

    entries = [player_entry(p) for p in players]  # an unknown name is told first
    if luck:
        luck_judge(luck)
        if not swap:
            raise ArgumentError("luck-adjusted rates need seats swapped (--swap): each player drawing first as often")
        if engine == "batch":
            raise ArgumentError("the batch engine cannot judge luck: use --engine auto or scalar with --luck-adjusted")
    batchable = plays(players) and not luck
    if engine == "batch" and not batchable:
        raise ArgumentError(
            f"the batch engine plays only {' and '.join(BATCH_PLAYERS)}, not {', '.join(players)}"
        )
    if engine != "scalar" and batchable:
        return (
            Unit(players, seed, first, min(BLOCK_SIZE, games - first), first // BLOCK_SIZE, rules, swap, tag)
            for first in range(0, games, BLOCK_SIZE)
        )
    chunk = min(e.simulate_chunk for e in entries)
    if luck:
        chunk = max(1, min(chunk, LUCK_CHUNK))
    return (
        Unit(players, seed, first, min(chunk, games - first), -1, rules, swap, tag, luck)
        for first in range(0, games, chunk)
    )


def play_units(
    units: Iterable[Unit],
    total: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> Iterator[tuple[Unit, Tally]]:
    """Each unit with its tally, in the units' order, played on ``executor``
    (default: ``workers`` processes, see :mod:`spoker.runs.parallel`).

    ``progress(done, total)`` is called as units finish and while waiting."""
    done = 0

    def tick() -> None:
        if progress is not None:
            progress(done, total)

    external = executor
    with contextlib.ExitStack() as stack:
        if executor is None:
            executor = stack.enter_context(running(workers))
        # One unit at a time in this process (progress after each); a few
        # per worker otherwise (a cluster's workers counted), so that none
        # waits for the next.
        in_flight = 1 if workers <= 1 and external is None else 4 * max(2, slots(executor, workers))
        for unit, tally in stream(run_unit, units, executor, in_flight, tick):
            done += tally.games
            tick()
            yield unit, tally


def check_players(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Normalised player names; :class:`ArgumentError` for an unknown one."""
    if isinstance(names, str) or not isinstance(names, list | tuple):
        raise TypeError(f"players {names!r}: expected a list of player names")
    out = []
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"player {name!r}: expected a player's name")
        try:
            out.append(player_entry(name).name)
        except ArgumentError as err:
            raise ArgumentError(str(err)) from None
    return tuple(out)


def check_settings(rules: object, engine: object) -> None:
    """The rules are a :class:`RuleSet` and the engine one of :data:`ENGINES`."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules {rules!r}: expected a RuleSet (RuleSet.parse('visible'))")
    if engine not in ENGINES:
        raise ArgumentError(f"unknown engine {engine!r}: expected one of {', '.join(ENGINES)}")


def simulate(
    players: tuple[str, str],
    games: int,
    seed: int = 0,
    rules: RuleSet = DEFAULT_RULES,
    workers: int = 1,
    swap: bool = False,
    engine: str = "auto",
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    luck_adjusted: bool = False,
    judge: str = DEFAULT_JUDGE,
) -> Tally:
    """Play ``games`` games between ``players`` (A, B): A first in every game,
    or, with ``swap``, A first in the even-numbered games (0, 2, ...).

    ``luck_adjusted`` (with ``swap`` only) judges every draw's luck with the
    evaluator ``judge`` (:mod:`spoker.runs.luck_judge`) and keeps each game's
    luck-adjusted result (``Tally.luck_games``; the rates:
    :func:`spoker.runs.stats.score_rates`); the games are played one by one.

    ``engine``: ``auto`` (batch when both players allow it), ``batch`` or
    ``scalar``. ``progress(done, total)`` is called as games finish.
    ``workers`` processes play the games (capped at the number of CPUs), or
    ``executor`` if one is given (any ``concurrent.futures.Executor``: a Dask
    client's, :func:`spoker.runs.cluster.cluster_executor`; its ``slots``
    attribute, if any, tells how many units it plays at once); the result is
    the same either way.
    """
    names = check_players(players)
    if len(names) != 2:
        raise ArgumentError(f"players {players!r}: a simulation takes two players")
    check_count("games", games, 1, MAX_GAMES)
    check_count("workers", workers, 1)
    check_count("seed", seed, 0)
    check_settings(rules, engine)
    a, b = names
    if not isinstance(luck_adjusted, bool):
        raise TypeError(f"luck_adjusted {luck_adjusted!r}: expected True or False")
    units = plan((a, b), games, seed, rules, bool(swap), str(engine), luck=judge if luck_adjusted else "")
    total = Tally((a, b))
    for _, tally in play_units(units, games, cap_workers(workers), progress, executor):
        total.merge(tally)
    return total


class ProgressBar:
    """A one-line progress bar on a terminal stream, for runs that take a
    while: nothing is drawn in the first half second, nor when the stream is
    not a terminal (pipes and files get clean output)."""

    def __init__(self, stream: object, label: str = "games", delay: float = 0.5) -> None:
        import time

        self._clock = time.perf_counter
        self.stream = stream
        self.label = label
        self.start = self._clock()
        self.delay = delay
        isatty = getattr(stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or self._clock() - self.start < self.delay:
            return
        width = 30
        filled = width * done // max(total, 1)
        bar = "#" * filled + "." * (width - filled)
        line = f"\r[{bar}] {100 * done // max(total, 1):3d}% {done}/{total} {self.label}"
        self.stream.write(line)  # type: ignore[attr-defined]
        self.stream.flush()  # type: ignore[attr-defined]
        self.drawn = True

    def close(self) -> None:
        """Erase the bar, if one was drawn."""
        if self.drawn:
            self.stream.write("\r" + " " * 70 + "\r")  # type: ignore[attr-defined]
            self.stream.flush()  # type: ignore[attr-defined]
