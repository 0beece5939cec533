"""Settling a challenge, once: who scores when a challenge is answered.

A challenge and its response are *challenge codes*
(:func:`spoker.engine.judging.challenge_code`; 0 is no group), which compare as
groups do: rank first, then the highest level. The rule (rules.md,
"Challenges" and "Straight flush"), written in :func:`_settle` alone:

- the stronger group wins the challenge and its player scores 1; a tie
  scores 1 for each player;
- a response that forms no group (code 0) loses: the challenger scores 1. A
  challenge that finds the bag empty is settled the same way (no response);
- a straight flush in answer wins the game at once (the caller ends it) and
  the challenge it answers scores nothing;
- no challenge (code 0) settles nothing.

Every layer settles through here: the engine
(:meth:`spoker.engine.state.GameState.apply_place`), the players' search
(:class:`spoker.players.search.Expectimax`) and the batch simulator
(:mod:`spoker.runs.batch`, which turns :data:`POINTS` into numpy arrays). Those are
hot loops, so they read the tables below, built from :func:`_settle` at
import, instead of calling a function: a lookup in place of the comparison,
and still one rule (``tests/engine/test_settling.py`` holds each of them to it).
"""

from __future__ import annotations

from typing import NamedTuple

from shibumi.errors import shown
from spoker.engine.judging import STRAIGHT_FLUSH_CODE, split_code
from spoker.errors import SpokerError

CODE_COUNT = STRAIGHT_FLUSH_CODE + 5
"""Codes run from 0 to ``CODE_COUNT - 1`` (a straight flush on level 4): the
tables below are indexed ``[challenge][response]`` over that range."""


def _settle(challenge: int, response: int, tie_scores: bool = True) -> tuple[int, int]:
    """The rule: (challenger's points, responder's points); see the module
    doc. ``tie_scores`` False (``tie=none``): a tie scores nothing."""
    if not challenge or response >= STRAIGHT_FLUSH_CODE:
        return (0, 0)  # nothing to settle; a straight flush cancels the challenge
    if response > challenge:
        return (0, 1)
    if response < challenge:  # no group (0) included
        return (1, 0)
    return (1, 1) if tie_scores else (0, 0)


Points = tuple[tuple[tuple[int, int], ...], ...]
Gain = tuple[tuple[int, ...], ...]


def _points(tie_scores: bool) -> Points:
    return tuple(tuple(_settle(c, r, tie_scores) for r in range(CODE_COUNT)) for c in range(CODE_COUNT))


def _gain(points: Points) -> Gain:
    return tuple(tuple(p[1] - p[0] for p in row) for row in points)


POINTS: Points = _points(True)
"""``POINTS[challenge][response]``: (challenger's points, responder's points),
under the rules as written (``tie=both``); :func:`tables` for any rule set."""

GAIN: Gain = _gain(POINTS)
"""``GAIN[challenge][response]``: the responder's points minus the
challenger's, what the search adds to the responder's lead (+1, 0 or -1);
under the rules as written (:func:`tables` for any rule set)."""

def _told(points: tuple[int, int], challenger: int) -> tuple[tuple[int, int], int | None]:
    """(challenger's, responder's) points as the engine's events hold them:
    (player 1's, player 2's), and the challenge's winner (None: a tie or nothing)."""
    mine, theirs = points
    both = (mine, theirs) if challenger == 1 else (theirs, mine)
    return both, challenger if mine > theirs else 3 - challenger if theirs > mine else None


ByPlayer = tuple[tuple[tuple[tuple[tuple[int, int], int | None], ...], ...], ...]


def _by_player(points: Points, challenger: int) -> tuple[tuple[tuple[tuple[int, int], int | None], ...], ...]:
    # Four distinct outcomes: each told once, the table filled by lookups
    # (a start of the command line builds it: bench/startup.py).
    told = {p: _told(p, challenger) for row in points for p in set(row)}
    return tuple(tuple(map(told.__getitem__, row)) for row in points)


BY_PLAYER: ByPlayer = (_by_player(POINTS, 1), _by_player(POINTS, 2))
"""``BY_PLAYER[challenger - 1][challenge][response]``: (points of player 1
and player 2, the winner of the challenge: None for a tie or nothing), as
the engine's events hold them (``tie=both``)."""


class Tables(NamedTuple):
    """The settling tables of one tie ruling: :data:`POINTS`, :data:`GAIN`
    and :data:`BY_PLAYER` for it."""

    points: Points
    gain: Gain
    by_player: ByPlayer


_TABLES = {True: Tables(POINTS, GAIN, BY_PLAYER)}


def tables(tie_scores: bool = True) -> Tables:
    """The settling tables when a tie scores one point each (``tie=both``)
    or nothing (``tie=none``), built once each."""
    if not isinstance(tie_scores, bool):
        raise TypeError(f"tie_scores {shown(tie_scores)}: expected True or False")
    found = _TABLES.get(tie_scores)
    if found is None:
        points = _points(tie_scores)
        found = _TABLES[tie_scores] = Tables(points, _gain(points), (_by_player(points, 1), _by_player(points, 2)))
    return found


def _check(what: str, code: object, top: int) -> None:
    if isinstance(code, bool) or not isinstance(code, int):
        raise TypeError(f"{what} {shown(code)}: expected a challenge code (an int)")
    rank, level = split_code(code)  # SpokerError unless 0 to a straight flush on level 4
    if rank and not level:
        raise SpokerError(f"{what} {shown(code)} is not a challenge code of a group (level 1-4), nor 0")
    if code >= top:
        raise SpokerError(f"{what} {shown(code)}: a straight flush opens no challenge")


def settle(challenge: int, response: int, tie_scores: bool = True) -> tuple[int, int]:
    """(challenger's points, responder's points) when a challenge of code
    ``challenge`` is answered by a group of code ``response`` (0: none, or
    the bag was empty); ``challenge`` 0 (none) settles nothing; a tie scores
    one point each, or none when ``tie_scores`` is False (``tie=none``). A straight
    flush never opens a challenge; in answer it scores (0, 0) and ends the game."""
    _check("challenge", challenge, STRAIGHT_FLUSH_CODE)
    _check("response", response, CODE_COUNT)
    return tables(tie_scores).points[challenge][response]


__all__ = ["BY_PLAYER", "CODE_COUNT", "GAIN", "POINTS", "Tables", "settle", "tables"]
