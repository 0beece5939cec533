"""A best response to ``lookahead``: the expert's search told what it will play.

A measuring stick, not a player to ship: it asks how much an expert could
gain against ``lookahead`` by knowing it. The search is the expert's (the
same leaf, pruning at its own placements, iterative deepening, the time
limit), except at the opponent's placements: instead of the opponent's best
reply (best by the expert's own judgement) it takes the cell ``lookahead``
would choose there, found by running lookahead's own search on that
position; when lookahead has tied cells (it picks one at random) the value
is their average. So the search is a best response to ``lookahead`` within
its depth, and exact, a best response to the end of the game, once the
depth reaches the last ball.

Used by ``bench/ladder.py --expert model=lookahead`` (docs/players.md)::

    python3 bench/ladder.py --rungs expert --games 400 --seed 2 --expert model=lookahead

A lookahead search (a few milliseconds) is not cut by the time limit once
started, so moves can run a few tenths of a second past it.

It plugs into the expert through its ``search`` factory
(:data:`spoker.players.expert.SearchFactory`); the research leaves of
``bench/leaves.py`` apply too (``--expert model=lookahead,evaluation=patterns``).
"""

from __future__ import annotations

import math
from typing import Any

from bench.leaves import ResearchSearch
from spoker.engine.rules import RuleSet
from spoker.players.base import best_cells
from spoker.players.expert import ExpertPlayer
from spoker.players.search import _EXACT, Expectimax, Utility

MODEL_CACHE_LIMIT = 500_000
"""Lookahead choices remembered before the memo starts afresh."""

class LookaheadModel:
    """The cells ``lookahead`` would choose (its ties) for a drawn colour on a
    position, remembered: lookahead's search depends on the position alone."""

    def __init__(self, rules: RuleSet, depth: int = 2) -> None:
        self.rules = rules
        self.depth = depth
        self.memo: dict[tuple[int, int, int, int, int, int], tuple[int, ...]] = {}
        self.searches = 0

    def choice(self, m0: int, m1: int, m2: int, occ: int, pl: int, chal: int, colour: int, d: int) -> tuple[int, ...]:
        """The cells lookahead's search rates best for ``colour`` (lead ``d``
        of the player placing it), in cell order."""
        key = (m0, m1, m2, chal, colour, d)
        hit = self.memo.get(key)
        if hit is None:
            self.searches += 1
            scored = Expectimax(self.rules).analyse((m0, m1, m2), occ, pl, chal, colour, d, self.depth)
            hit = tuple(best_cells(scored))  # lookahead's ties, as its pick_best sees them
            if len(self.memo) >= MODEL_CACHE_LIMIT:
                self.memo.clear()
            self.memo[key] = hit
        return hit


class ModelSearch(ResearchSearch):
    """The expert's search, with ``model``'s cells at the placements of the
    opponent of the player at the root (``me``, set by :meth:`analyse`: 0 the
    first player, who places the odd-numbered balls; 1 the second)."""

    def __init__(self, rules: RuleSet, model: LookaheadModel, utility: Utility | None = None, **options: Any) -> None:
        super().__init__(rules, utility, **options)
        self.model = model
        self.me = 0

    def analyse(
        self, masks: tuple[int, int, int], occupied: int, playable: int, challenge: int,
        colour: int, lead: int, depth: int, prune: bool = False,
    ) -> list[tuple[int, float]]:
        self.me = occupied.bit_count() & 1  # the root's mover places the next ball
        return super().analyse(masks, occupied, playable, challenge, colour, lead, depth, prune)

    def chance(
        self, white: int, black: int, red: int, occupied: int, playable: int, challenge: int,
        lead: int, depth: int, alpha: float = -math.inf, beta: float = math.inf,
    ) -> float:
        placed = occupied.bit_count()
        if placed & 1 == self.me:
            return super().chance(
                white, black, red, occupied, playable, challenge, lead, depth, alpha, beta
            )
        # The opponent draws: its placements are the model's, so the value is
        # exact whatever the window (no bound is ever stored for it).
        left = 30 - placed
        depth = min(depth, left)
        key = (white, black, red, challenge, lead, depth)
        hit = self.table.get(key)
        if hit is not None and hit[1] == _EXACT:
            return hit[0]
        self.nodes += 1
        self._tick()
        counts = (10 - white.bit_count(), 10 - black.bit_count(), 10 - red.bit_count())
        responding = challenge != 0
        total = 0.0
        for colour, count in enumerate(counts):
            if not count:
                continue
            cells = self.model.choice(
                white, black, red, occupied, playable, challenge, colour, lead
            )
            # A lookahead choice counts as five nodes, so that the budget and
            # the clock (read every 1,024 nodes) see some of its cost.
            self.nodes += 5
            value = 0.0
            for cell in cells:
                code = self._codes(white, black, red, cell, responding)[colour]
                value += self.place(
                    white, black, red, occupied, playable, challenge, colour, cell, code, lead, depth
                )
            total += count * value / len(cells)
        value = total / left
        self.table[key] = (value, _EXACT)
        return value


class ModelSearches:
    """The best response's search factory: a :class:`ModelSearch` with the
    rules' :class:`LookaheadModel` (kept from move to move) and the research
    keywords ``research`` (:func:`bench.leaves.take_options`)."""

    def __init__(self, research: dict[str, Any] | None = None) -> None:
        self.models: dict[RuleSet, LookaheadModel] = {}
        self.research = research or {}

    def __call__(self, rules: RuleSet, utility: Utility | None = None, **options: Any) -> ModelSearch:
        model = self.models.setdefault(rules, LookaheadModel(rules))
        return ModelSearch(rules, model, utility, **self.research, **options)


class BestResponsePlayer(ExpertPlayer):
    """The expert searching against :class:`LookaheadModel` (see the module doc).
    Takes the expert's options, and research leaves' keywords as ``research``."""

    def __init__(self, seed: int | None = None, research: dict[str, Any] | None = None, **options: Any) -> None:
        super().__init__(seed, search=ModelSearches(research), **options)
