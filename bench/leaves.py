"""The research leaves, plugged into the expert: measured, not shipped.

The product's expert judges its leaves by the hand-made leaf
(:meth:`spoker.players.search.Expectimax.leaf_value`); the experiments of
docs/players.md judged them otherwise, and live here so that the benchmarks
can still replay them:

- ``evaluation=learned``: the learned leaf (:mod:`bench.learned_leaf`);
- ``evaluation=patterns``: the pattern leaf (:mod:`bench.pattern_leaf`),
  from its lowest gate on (the hand-made leaf before);
- ``opening=K,opening_from=N``: the forced-opening term (:mod:`bench.openings`):
  at leaves with N or more balls placed, the lead of the player about to draw
  counts K points lower when that player must open a new cell first, K higher
  when the opponent must.

They plug in through the expert's public seam, its ``search`` factory
(:data:`spoker.players.expert.SearchFactory`): :class:`ResearchSearch` is the
expert's search with these leaves. ``bench/ladder.py --expert OPTIONS`` and
``bench/exact_loss.py`` take the options by these names::

    python3 bench/ladder.py --rungs expert --games 200 --seed 2 --expert evaluation=patterns
    python3 bench/exact_loss.py --players "expert;expert:opening=0.25;depth:4,evaluation=patterns"
"""

from __future__ import annotations

import functools
import math
from typing import Any, Protocol

from bench.learned_leaf import fitted
from bench.openings import opening_parity
from bench.pattern_leaf import fitted_patterns
from spoker.engine.rules import RuleSet
from spoker.players.expert import SearchFactory
from spoker.players.search import Expectimax, Utility

EVALUATIONS = ("hand", "learned", "patterns")
"""Leaves by option value: the product's hand-made leaf, the learned leaf,
the pattern leaf."""

OPTIONS = ("evaluation", "opening", "opening_from")
"""The research options, taken out of the expert's own."""


class Leaf(Protocol):
    """A leaf evaluation: judges the leaves with at least ``gate`` balls placed."""

    gate: int

    def leaf_value(
        self, search: Expectimax, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, d: int
    ) -> float:
        """Expected result for the player about to draw at this leaf of ``search``."""
        ...


class ResearchSearch(Expectimax):
    """The expert's search with a research ``leaf`` (at or past its gate; the
    hand-made leaf earlier) and the forced-opening term (``opening`` points at
    leaves with ``opening_from`` or more balls placed; 0: off). With neither
    it values every position as :class:`Expectimax` does (only slower)."""

    def __init__(
        self, rules: RuleSet, utility: Utility | None = None, *,
        leaf: Leaf | None = None, opening: float = 0.0, opening_from: int = 0, **options: Any,
    ) -> None:
        super().__init__(rules, utility, **options)
        self.research_leaf = leaf
        self.opening = opening
        self.opening_from = opening_from

    def leaf_value(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int,
    ) -> float:
        leaf = self.research_leaf
        if leaf is not None and occupied.bit_count() >= leaf.gate:
            return leaf.leaf_value(self, white, black, red, occupied, playable, challenge, lead)
        return self.leaf_terms(white, black, red, occupied, playable, challenge, lead)[0]

    def leaf_terms(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: float,
    ) -> tuple[float, float, float]:
        """The hand-made leaf's terms, the lead shifted by the forced-opening
        term (which the learned and pattern leaves read through them too)."""
        if self.opening and occupied.bit_count() >= self.opening_from:
            lead = lead + self.opening * opening_parity(occupied, playable)
        return super().leaf_terms(white, black, red, occupied, playable, challenge, lead)


def take_options(options: dict[str, object]) -> dict[str, Any] | None:
    """Remove the research options from the expert's ``options`` and return
    :class:`ResearchSearch`'s keywords for them (None when none was given:
    the product's expert, exactly). Raises ValueError naming a bad value, or
    a research leaf with expert options it cannot work with."""
    if not any(key in options for key in OPTIONS):
        return None
    evaluation = options.pop("evaluation", "hand")
    opening = options.pop("opening", 0.0)
    opening_from = options.pop("opening_from", 0)
    if evaluation not in EVALUATIONS:
        raise ValueError(f"evaluation {evaluation!r}: expected one of {', '.join(EVALUATIONS)}")
    if evaluation != "hand" and (options.get("utility", "win") != "win" or not options.get("quiescence", True)):
        raise ValueError(f"the {evaluation} evaluation needs utility 'win' and quiescence")
    if isinstance(opening, bool) or not isinstance(opening, (int, float)) or not math.isfinite(opening):
        raise ValueError(f"opening {opening!r} must be a number of points")
    if isinstance(opening_from, bool) or not isinstance(opening_from, int) or not 0 <= opening_from <= 30:
        raise ValueError(f"opening_from {opening_from!r} must be a number of balls placed, 0 to 30")
    leaf: Leaf | None = fitted() if evaluation == "learned" else fitted_patterns() if evaluation == "patterns" else None
    return {"leaf": leaf, "opening": float(opening), "opening_from": opening_from}


def research_search(research: dict[str, Any]) -> SearchFactory:
    """The expert's ``search`` factory for :func:`take_options`' keywords."""
    return functools.partial(ResearchSearch, **research)
