"""Spoker, "Shibumi meets poker": the rules engine and the tools around it.

Start with :class:`GameState` (draws are explicit chance events), the groups
(:func:`groups_at`, :func:`best_group`) and records (:mod:`spoker.record`).
"""

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

__all__ = [
    "DEFAULT_RULES", "BallDrawn", "BallPlaced", "Challenge", "ChallengeOpened",
    "ChallengeResolved", "Event", "GameOver", "GameState", "Group", "GroupFormed",
    "IllegalActionError", "Move", "MoveError", "Rank", "RecordError", "RuleSet", "RulesError",
    "SpokerError", "StateStringError", "StraightFlush", "best_group", "compare", "describe",
    "explain", "groups_at",
]
