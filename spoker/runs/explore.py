"""Finding a fairer game: many rule sets, games spent where they matter.

``spoker study --explore SPACE`` varies the items SPACE lists (the cross
product of their alternatives, every other item as the base rule set has it)
and looks for the rule set whose second seat scores closest to 50%. It
spends its budget of games by successive halving (Karnin, Koren and Somekh,
"Almost optimal exploration in multi-armed bandits", ICML 2013; as
hyperparameter search: Jamieson and Talwalkar, "Non-stochastic best arm
identification and hyperparameter optimization", AISTATS 2016): the budget
is split evenly over ``ceil(log2 n)`` rounds; in each round every rule set
still in plays an equal share of it (an even number of games, seats swapped),
the better half by :func:`fairness` stays, and the survivors keep their games
and add the next round's. Every rule set plays game ``i`` from the same seeds
(:mod:`spoker.runs.study`), so their differences are not the draws'.
"""

from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, NamedTuple

from shibumi.errors import shown
from spoker.engine.rules import DEFAULT_RULES, VISIBILITIES, RuleSet, variant_names
from spoker.errors import ArgumentError, NotationError
from spoker.runs.luck_judge import DEFAULT_JUDGE, luck_judge
from spoker.runs.parallel import running
from spoker.runs.study import RuleTally, check_study, luck_share, play_tallies, summary_table

MAX_ARMS = 256
"""Rule sets one exploration may compare: a space larger than this is a typo."""
FEW = 5
"""Rule sets the report names (the JSON ranks them all)."""
SWITCHES = ("on", "off")
"""The two values of an item that is present or not (``apex-free``, a plug-in variant)."""
_KEYED = {"lines": "lines", "off": "off", "order": "order", "tie": "tie", "bag": "bag"}
"""The ``key=value`` items and the :class:`RuleSet` field each sets."""


# -- the space -------------------------------------------------------------------
class Choice(NamedTuple):
    """One alternative of an item: its text as written and the field it sets."""

    text: str
    field: str
    value: object


def _choices(part: str, space: str) -> list[Choice]:
    """The alternatives of one part of a space: ``KEY=A|B...`` or ``visible|touching``."""
    where = f"explore space {space!r}: {part!r}"
    key, sep, values = part.partition("=")
    alternatives = (values if sep else part).split("|")
    if any(not a for a in alternatives):
        raise ArgumentError(f"{where} holds an empty alternative: expected values separated by '|'")
    if len(set(alternatives)) != len(alternatives):
        raise ArgumentError(f"{where} names a value twice")
    if not sep:
        if not all(a in VISIBILITIES for a in alternatives):
            raise ArgumentError(f"{where}: expected KEY=A|B (lines, off, order, tie, bag, apex-free "
                                "or a variant) or visible|touching")
        return [Choice(a, "visibility", a) for a in alternatives]
    if key in _KEYED:
        out = []
        for a in alternatives:
            if key == "off" and a == "none":
                out.append(Choice(a, "off", ()))
                continue
            try:
                rules = RuleSet.parse(f"{key}={a}")
            except NotationError as err:
                raise ArgumentError(f"{where}: {err}") from None
            out.append(Choice(a, _KEYED[key], getattr(rules, _KEYED[key])))
        return out
    if key == "apex-free" or key in variant_names()[3:]:
        if not all(a in SWITCHES for a in alternatives):
            raise ArgumentError(f"{where}: {key}= takes on|off")
        field = "apex_free" if key == "apex-free" else "variant:" + key
        return [Choice(a, field, a == "on") for a in alternatives]
    raise ArgumentError(f"{where}: unknown item {key!r}: expected lines, off, order, tie, bag, apex-free, "
                        "visible|touching or a variant")


def parse_space(space: str, base: RuleSet = DEFAULT_RULES) -> list[RuleSet]:
    """The rule sets a space names, in the order of the cross product of its
    parts (the first part's first value first), each other item as ``base``
    has it. A part is ``KEY=A|B|...`` (``lines``, ``off`` with ``none`` for no
    shape, ``order``, ``tie``, ``bag``, ``apex-free=on|off``, a plug-in
    variant ``=on|off``) or ``visible|touching``; parts are separated by
    spaces. :class:`ArgumentError` naming the bad part otherwise."""
    if not isinstance(space, str):
        raise ArgumentError(f"explore space {shown(space)}: expected text such as 'tie=both|none'")
    if not isinstance(base, RuleSet):
        raise TypeError(f"base {shown(base)}: expected a RuleSet")
    parts = space.lower().split()
    if not parts:
        raise ArgumentError(f"explore space {space!r} names no item to vary: expected e.g. 'tie=both|none'")
    groups: list[list[Choice]] = []
    fields: set[str] = set()
    for part in parts:
        choices = _choices(part, space)
        if choices[0].field in fields:
            raise ArgumentError(f"explore space {space!r}: {part!r} varies an item a part before it varies")
        fields.add(choices[0].field)
        groups.append(choices)
    arms = math.prod(len(g) for g in groups)
    if arms > MAX_ARMS:
        raise ArgumentError(f"explore space {space!r} names {arms} rule sets: at most {MAX_ARMS}")
    out = []
    for combination in itertools.product(*groups):
        out.append(_applied(base, combination, space))
    return out


def _applied(base: RuleSet, combination: Sequence[Choice], space: str) -> RuleSet:
    """``base`` with each choice's field set."""
    fields: dict[str, Any] = base._asdict()
    for choice in combination:
        if choice.field.startswith("variant:"):
            name = choice.field.removeprefix("variant:")
            rest = tuple(v for v in fields["variants"] if v != name)
            fields["variants"] = (*rest, name) if choice.value else rest
        else:
            fields[choice.field] = choice.value
    try:
        return RuleSet(**fields)
    except NotationError as err:
        raise ArgumentError(f"explore space {space!r}: {err}") from None


# -- the halving -----------------------------------------------------------------
def fairness(tally: RuleTally, luck: bool) -> tuple[float, float]:
    """The ranking key, lowest best: how far the second seat's score rate is
    from 50%, then (with luck judged) the skill share, highest first."""
    skill = 0.0
    if luck and tally.luck_games:
        found = luck_share(tally.luck_games, 0, resamples=0).skill
        skill = found if found is not None else 0.0
    return (abs(tally.seat_score_rate(1) - 0.5), -skill)


def schedule(budget: int, arms: int) -> list[tuple[int, int]]:
    """The rounds of successive halving: (rule sets in, games each), the
    budget split evenly over ``ceil(log2 arms)`` rounds (one for one rule
    set), games each an even number (seats swapped); the better half
    (rounded up) stays after each round."""
    for what, value in (("budget", budget), ("arms", arms)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ArgumentError(f"{what} {value!r} must be a whole number >= 1")
    rounds = max(1, math.ceil(math.log2(arms)))
    out, alive = [], arms
    for _ in range(rounds):
        out.append((alive, 2 * (budget // (2 * rounds * alive))))
        alive = math.ceil(alive / 2)
    if out[0][1] < 2:
        raise ArgumentError(f"--games {budget} is too few to explore {arms} rule sets in {rounds} "
                            f"rounds: at least {2 * rounds * arms} (two games each a round)")
    return out


@dataclass
class Exploration:
    """An exploration's outcome: every rule set's tally, ranked (the last
    round's first), with the round each dropped out after."""

    players: tuple[str, str]
    budget: int
    seed: int
    base: RuleSet
    space: str
    luck: bool
    rounds: list[tuple[int, int]]
    ranking: list[tuple[RuleTally, int]]
    """(tally, rounds played), best first."""

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(t.games for t, _ in self.ranking)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players), "budget": self.budget, "games": self.games, "seed": self.seed,
            "base": str(self.base), "space": self.space, "luck_adjusted": self.luck,
            "method": "successive halving",
            "rounds": [{"rule_sets": n, "games": g} for n, g in self.rounds],
            "ranking": [{"rank": i + 1, "rounds": r, **t.to_json(self.seed * 16 + i)}
                        for i, (t, r) in enumerate(self.ranking)],
        }

    def table(self, few: int = FEW) -> str:
        """The fairest few as plain text, with the rounds played."""
        a, b = self.players
        rounds = "; ".join(f"{n} x {g}" for n, g in self.rounds)
        out = [
            f"{a} v {b}: {len(self.ranking)} rule sets from {str(self.base)!r} varying {self.space!r}",
            f"successive halving, {self.games} of {self.budget} games (rule sets x games each a round: "
            f"{rounds}), seed {self.seed}",
            "ranked by |second seat - 50%|" + (", then skill share" if self.luck else "")
            + "; rates with 95% intervals", "",
        ]
        top = self.to_json()["ranking"][:few]
        ranks = [str(e["rank"]) for e in top]
        games = [str(e["games"]) for e in top]
        out.extend(summary_table(top, [("#", ranks), ("games", games)]))
        return "\n".join(out)


def explore(
    players: Sequence[str],
    budget: int,
    space: str,
    base: RuleSet = DEFAULT_RULES,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    luck_adjusted: bool = False,
    judge: str = DEFAULT_JUDGE,
    progress: Callable[[int, int], None] | None = None,
) -> Exploration:
    """Explore the rule sets ``space`` names from ``base`` with ``budget``
    games in all (:func:`schedule`); with ``luck_adjusted`` every draw's luck
    is judged and the skill share breaks ties. The result depends only on the
    players, budget, space, base and seed, not on ``workers`` or ``executor``."""
    pair = check_study(players, budget, seed, workers)
    rule_sets = parse_space(space, base)
    if not isinstance(luck_adjusted, bool):
        raise TypeError(f"luck_adjusted {luck_adjusted!r}: expected True or False")
    luck = judge if luck_adjusted else ""
    if luck:
        luck_judge(luck)
    plan = schedule(budget, len(rule_sets))
    tallies = [RuleTally(r, pair) for r in rule_sets]
    alive = list(range(len(tallies)))
    played = [0] * len(tallies)
    total, done, start = sum(n * g for n, g in plan), 0, 0

    def tick(finished: int) -> None:
        nonlocal done
        done += finished
        if progress is not None:
            progress(done, total)

    with contextlib.ExitStack() as stack:
        if executor is None and workers > 1:  # one set of workers for every round
            executor = stack.enter_context(running(workers))
        for number, (_, games) in enumerate(plan, 1):
            play_tallies([tallies[i] for i in alive], start, games, seed, workers, executor, luck, tick)
            start += games
            for i in alive:
                played[i] = number
            alive.sort(key=lambda i: (*fairness(tallies[i], bool(luck)), i))
            alive = sorted(alive[: math.ceil(len(alive) / 2)])  # played in the space's order
    order = sorted(range(len(tallies)), key=lambda i: (-played[i], *fairness(tallies[i], bool(luck)), i))
    canonical = " ".join(space.lower().split())
    return Exploration(pair, budget, seed, base, canonical, bool(luck), plan, [(tallies[i], played[i]) for i in order])


__all__ = ["FEW", "MAX_ARMS", "Exploration", "explore", "fairness", "parse_space", "schedule"]
