"""Spoker, "Shibumi meets poker": the rules engine and the tools around it.

Start with :class:`GameState` (draws are explicit chance events; a state
string reads back with :func:`parse_state`), the groups (:func:`groups_at`,
:func:`best_group`) and records (:mod:`spoker.records.record`).
A plug-in (docs/plugins.md) finds here what it needs: :class:`Variant`,
:func:`register_variant`, :class:`Rulings`, :class:`Pattern` and :class:`Cell`
for a rule variant; :class:`Player`, :func:`make_player`, :func:`player_names`
and :func:`register_player` for a computer player.

The public names are loaded when first used (PEP 562), so that ``import
spoker`` and a command line that needs only a few of them start at once:
``from spoker import GameState`` imports :mod:`spoker.engine.state` then, and no
sooner.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what type checkers and editors see; at run time, __getattr__
    from shibumi import Cell
    from spoker.engine.events import (
        BallDrawn,
        BallPlaced,
        ChallengeOpened,
        ChallengeResolved,
        Event,
        GameOver,
        GroupFormed,
        StraightFlush,
    )
    from spoker.engine.groups import Group, Rank, best_group, compare, groups_at
    from spoker.engine.judging import Pattern, Rulings
    from spoker.engine.moves import Move
    from spoker.engine.rules import DEFAULT_RULES, RuleSet, Variant, register_variant, variant_names
    from spoker.engine.state import Challenge, GameState
    from spoker.engine.state_strings import parse_state
    from spoker.errors import (
        ArgumentError,
        IllegalActionError,
        MoveError,
        NotationError,
        PluginError,
        PositionError,
        RecordError,
        Refusal,
        RulesError,
        SpokerError,
        StateStringError,
        StorageError,
        WorkerError,
    )
    from spoker.players import (
        Player,
        PlayerEntry,
        PlayerError,
        make_player,
        player_names,
        register_player,
    )
    from spoker.text.narrator import describe, explain

__version__ = "0.1.0"

_HOMES = {
    "shibumi": ("Cell",),
    "spoker.errors": (
        "ArgumentError", "IllegalActionError", "MoveError", "NotationError", "PluginError", "PositionError",
        "RecordError", "Refusal", "RulesError", "SpokerError", "StateStringError", "StorageError", "WorkerError",
    ),
    "spoker.engine.events": (
        "BallDrawn", "BallPlaced", "ChallengeOpened", "ChallengeResolved", "Event", "GameOver",
        "GroupFormed", "StraightFlush",
    ),
    "spoker.engine.groups": ("Group", "Rank", "best_group", "compare", "groups_at"),
    "spoker.text.narrator": ("describe", "explain"),
    "spoker.engine.judging": ("Pattern", "Rulings"),
    "spoker.engine.moves": ("Move",),
    "spoker.players": (
        "Player", "PlayerEntry", "PlayerError", "make_player", "player_names", "register_player",
    ),
    "spoker.engine.rules": ("DEFAULT_RULES", "RuleSet", "Variant", "register_variant", "variant_names"),
    "spoker.engine.state": ("Challenge", "GameState"),
    "spoker.engine.state_strings": ("parse_state",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
"""Each public name and the module that defines it."""

__all__ = [
    "DEFAULT_RULES", "ArgumentError", "BallDrawn", "BallPlaced", "Cell", "Challenge", "ChallengeOpened",
    "ChallengeResolved", "Event", "GameOver", "GameState", "Group", "GroupFormed",
    "IllegalActionError", "Move", "MoveError", "NotationError", "Pattern", "Player", "PlayerEntry",
    "PlayerError", "PluginError", "PositionError", "Rank", "RecordError", "Refusal", "RuleSet", "Rulings",
    "RulesError", "SpokerError", "StateStringError", "StorageError", "StraightFlush", "WorkerError", "Variant", "best_group", "compare", "describe", "explain", "groups_at",
    "make_player", "parse_state", "player_names", "register_player", "register_variant",
    "variant_names",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (then cached here)."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'spoker' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
