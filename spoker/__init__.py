"""Spoker, "Shibumi meets poker": the rules engine and the tools around it.

Start with :class:`GameState` (draws are explicit chance events), the groups
(:func:`groups_at`, :func:`best_group`) and records (:mod:`spoker.record`).

The public names are loaded when first used (PEP 562), so that ``import
spoker`` and a command line that needs only a few of them start at once:
``from spoker import GameState`` imports :mod:`spoker.state` then, and no
sooner.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what type checkers and editors see; at run time, __getattr__
    from spoker.errors import (
        IllegalActionError,
        MoveError,
        RecordError,
        RulesError,
        SpokerError,
        StateStringError,
    )
    from spoker.events import (
        BallDrawn,
        BallPlaced,
        ChallengeOpened,
        ChallengeResolved,
        Event,
        GameOver,
        GroupFormed,
        StraightFlush,
        describe,
    )
    from spoker.groups import Group, Rank, best_group, compare, explain, groups_at
    from spoker.moves import Move
    from spoker.rules import DEFAULT_RULES, RuleSet
    from spoker.state import Challenge, GameState

__version__ = "0.1.0"

_HOMES = {
    "spoker.errors": (
        "IllegalActionError", "MoveError", "RecordError", "RulesError", "SpokerError",
        "StateStringError",
    ),
    "spoker.events": (
        "BallDrawn", "BallPlaced", "ChallengeOpened", "ChallengeResolved", "Event", "GameOver",
        "GroupFormed", "StraightFlush", "describe",
    ),
    "spoker.groups": ("Group", "Rank", "best_group", "compare", "explain", "groups_at"),
    "spoker.moves": ("Move",),
    "spoker.rules": ("DEFAULT_RULES", "RuleSet"),
    "spoker.state": ("Challenge", "GameState"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}
"""Each public name and the module that defines it."""

__all__ = [
    "DEFAULT_RULES", "BallDrawn", "BallPlaced", "Challenge", "ChallengeOpened",
    "ChallengeResolved", "Event", "GameOver", "GameState", "Group", "GroupFormed",
    "IllegalActionError", "Move", "MoveError", "Rank", "RecordError", "RuleSet", "RulesError",
    "SpokerError", "StateStringError", "StraightFlush", "best_group", "compare", "describe",
    "explain", "groups_at",
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
