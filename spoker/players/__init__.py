"""Computer players: a ladder from ``random`` to ``expert``, and hints.

Every player follows :class:`Player`: ``choose(state)`` returns a playable
cell for the ball drawn in ``state`` (which it never changes). Players own
their random generator, seeded by :func:`make_player`, so a seeded player is
deterministic. Each is known by one :class:`PlayerEntry`
(:mod:`spoker.players.registry`): Spoker's own four are registered here,
others with :func:`register_player` or as installed plug-ins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spoker.players.base import Player, PlayerError, checked_choice
from spoker.players.expert import ExpertPlayer
from spoker.players.lookahead import LookaheadPlayer
from spoker.players.registry import (
    PlayerEntry,
    computer_name,
    level_label,
    level_typo,
    make_player,
    names_level,
    player_entries,
    player_entry,
    player_names,
    register_player,
    unregister_player,
)
from spoker.players.simple import GreedyPlayer, RandomPlayer

# Spoker's own players, weakest first. The chunks are games a unit of work
# (simulate, study): many of the quick ones, one expert game at a time.
for _entry in (
    PlayerEntry(
        "random", "Places the ball on any playable cell, at random.", RandomPlayer,
        simulate_chunk=500, study_chunk=2000, origin="spoker", label="Beginner",
    ),
    PlayerEntry(
        "greedy", "Makes the best group it can with the ball in hand.", GreedyPlayer,
        simulate_chunk=200, study_chunk=1000, origin="spoker", label="Casual",
    ),
    PlayerEntry(
        "lookahead", "Also weighs the opponent's chances on the next draw.", LookaheadPlayer,
        simulate_chunk=4, study_chunk=8, origin="spoker", label="Club",
    ),
    PlayerEntry(
        "expert", "Searches several draws ahead and plays for the win; exact at the end.",
        ExpertPlayer, simulate_chunk=1, study_chunk=1,
        # A study's expert searches its full effort every move, without its
        # time limit, so that the figures never depend on the machine's speed.
        study_options={"time_limit": None}, origin="spoker", label="Expert",
    ),
):
    register_player(_entry)
del _entry

if TYPE_CHECKING:
    PLAYER_NAMES: tuple[str, ...]
    PLAYER_DESCRIPTIONS: Mapping[str, str]


def __getattr__(name: str) -> Any:
    """``PLAYER_NAMES`` and ``PLAYER_DESCRIPTIONS``, read from the registry
    when asked (installed plug-ins included)."""
    if name == "PLAYER_NAMES":
        return player_names()
    if name == "PLAYER_DESCRIPTIONS":
        return {e.name: e.description for e in player_entries()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PLAYER_DESCRIPTIONS", "PLAYER_NAMES", "ExpertPlayer", "GreedyPlayer",
    "LookaheadPlayer", "Player", "PlayerEntry", "PlayerError", "RandomPlayer", "checked_choice", "computer_name",
    "level_label", "level_typo", "make_player", "names_level", "player_entries", "player_entry", "player_names", "register_player",
    "unregister_player",
]
