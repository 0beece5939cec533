"""The luck of each draw, judged cheaply enough for many games
(``spoker simulate --swap --luck-adjusted``; notation.md, "Luck and skill").

A draw's luck, for the player drawing, is ``best(drawn) - sum_c p_c best(c)``:
``best(c)`` is the value, under one evaluator E, of the best placement of a
ball of colour ``c`` had it been drawn, and ``p_c`` the bag's chance of ``c``.
Whatever E is, the bag-weighted mean of the luck over the colours that could
come is 0, so a game's luck-adjusted result (the result less the player's
luck plus the opponent's) has the same expectation as the result: the
luck-adjusted score rate estimates the same rate as the plain one. A better E
removes more of the draws' noise; a cheaper one plays more games a second.

The evaluator E (:data:`DEFAULT_JUDGE`, ``ply2``) values a placement by its
expected game result (+1 a win, -1 a loss,
:class:`~spoker.players.search.WinUtility`) under
:func:`~spoker.kernel.new_search`'s expectimax two placements deep (the placement,
then the opponent's best reply to each colour of the bag, weighted by the bag)
with the search's static leaf; with five balls or fewer left before the draw
it searches to the end (exact). It has no clock and no generator: the same
position always gets the same value, on any machine and in any worker.

Chosen by measurement (``bench/luck_judges.py``, docs/players.md
"Luck-adjusted measurement"): on 200 lookahead-greedy games the luck-adjusted
interval is 0.557 times the plain width with ``ply2`` (0.19 s of CPU a game),
0.623 with ``ply1`` (0.02 s) and 0.524 with ``ply3`` (2.3 s); ``ply2`` is the
cheapest that narrows to 0.6 and the best per second once a game costs more
than about 0.7 s.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from shibumi.errors import expect
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.kernel import new_search
from spoker.players.bitboard import pending_code, score_diff
from spoker.players.search import WinUtility


class LuckJudge(NamedTuple):
    """An evaluator of draws: expectimax ``depth`` placements deep for the
    game result, to the end of the game with ``exact_left`` balls left or fewer."""

    name: str
    depth: int
    exact_left: int

    def colour_values(self, state: GameState) -> list[tuple[int, float, float]]:
        """(colour, chance, value of its best placement for the drawer) of
        every colour that can be drawn in ``state`` (waiting for its draw).
        Does not change ``state``."""
        expect(state, GameState, "state")
        if state.is_over or state.drawn is not None:
            raise ArgumentError("a draw's luck needs a position waiting for its draw")
        masks = state.masks
        occupied = state.occupied
        playable = state.playable_mask
        challenge = pending_code(state)
        lead = score_diff(state)
        left = 30 - occupied.bit_count()
        depth = left if left <= self.exact_left else min(self.depth, left)
        # One search for every colour of the draw: they share positions.
        search = new_search(state.rules, WinUtility())
        bag = state.bag()
        out = []
        for colour, count in enumerate(bag):
            if not count:
                continue
            values = search.analyse(masks, occupied, playable, challenge, colour, lead, depth, prune=True)
            out.append((colour, count / left, max(v for _, v in values)))
        return out

    def luck(self, state: GameState, drawn: int) -> float:
        """The luck of drawing ``drawn`` in ``state`` (before the draw), for
        the player about to draw."""
        if isinstance(drawn, bool) or not isinstance(drawn, int):
            raise TypeError(f"drawn {drawn!r}: expected a colour (0, 1, 2 or a Colour)")
        values = self.colour_values(state)
        average = math.fsum(chance * value for _, chance, value in values)
        for colour, _, value in values:
            if colour == int(drawn):
                return value - average
        raise ArgumentError(f"colour {drawn!r} is not in the bag of {state.bag()!r}")


JUDGES: dict[str, LuckJudge] = {
    judge.name: judge
    for judge in (
        LuckJudge("ply1", 1, 5),
        LuckJudge("ply2", 2, 5),
        LuckJudge("ply3", 3, 6),
    )
}
"""The evaluators measured (docs/players.md): ``ply1`` judges the placement
by the search's static leaf after it, ``ply2`` also searches the opponent's
reply to each colour (the lookahead player's tree, for the game result),
``ply3`` one placement more; all exact with the last balls."""

DEFAULT_JUDGE = "ply2"
"""The evaluator of ``--luck-adjusted``: the best narrowing per second measured."""


def luck_judge(name: str = DEFAULT_JUDGE) -> LuckJudge:
    """The evaluator called ``name`` (one of :data:`JUDGES`)."""
    judge = JUDGES.get(name) if isinstance(name, str) else None
    if judge is None:
        raise ArgumentError(f"unknown luck evaluator {name!r}: expected one of {', '.join(JUDGES)}")
    return judge


__all__ = ["DEFAULT_JUDGE", "JUDGES", "LuckJudge", "luck_judge"]
