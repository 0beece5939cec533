"""Computer players: a ladder from ``random`` to ``expert``, and hints.

Every player follows :class:`Player`: ``choose(state)`` returns a playable
cell for the ball drawn in ``state`` (which it never changes). Players own
their random generator, seeded by :func:`make_player`, so a seeded player is
deterministic.
"""

from __future__ import annotations

from spoker.players.base import HintEntry, Player, PlayerError
from spoker.players.expert import ExpertPlayer
from spoker.players.hints import HINT_EFFORTS, hint
from spoker.players.lookahead import LookaheadPlayer
from spoker.players.simple import GreedyPlayer, RandomPlayer

PLAYER_NAMES: tuple[str, ...] = ("random", "greedy", "lookahead", "expert")

PLAYER_DESCRIPTIONS: dict[str, str] = {
    "random": "Places the ball on any playable cell, at random.",
    "greedy": "Makes the best group it can with the ball in hand.",
    "lookahead": "Also weighs the opponent's chances on the next draw.",
    "expert": "Searches several draws ahead and plays for the win; exact at the end.",
}

_CLASSES: dict[str, type] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "lookahead": LookaheadPlayer,
    "expert": ExpertPlayer,
}


def make_player(name: str, seed: int | None = None, **options: object) -> Player:
    """A new player by name (see :data:`PLAYER_NAMES`), seeded for repeatable play.

    ``options`` are the player's own (``expert``: ``effort`` nodes a move,
    ``time_limit`` seconds); an unknown name or option raises :class:`PlayerError`.
    """
    cls = _CLASSES.get(name.strip().lower()) if isinstance(name, str) else None
    if cls is None:
        raise PlayerError(f"unknown player {name!r}: expected one of {', '.join(PLAYER_NAMES)}")
    try:
        player: Player = cls(seed, **options)
    except TypeError:
        raise PlayerError(f"player {name!r} does not take the options {options!r}") from None
    return player


__all__ = [
    "HINT_EFFORTS", "PLAYER_DESCRIPTIONS", "PLAYER_NAMES", "ExpertPlayer", "GreedyPlayer",
    "HintEntry", "LookaheadPlayer", "Player", "PlayerError", "RandomPlayer", "hint", "make_player",
]
