"""The engine's events and the reference model's happenings in one form, to
compare games move by move (tests/engine)."""

from __future__ import annotations

import random

from spoker import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    Event,
    GameOver,
    GameState,
    Group,
    GroupFormed,
    RuleSet,
    StraightFlush,
)
from support import reference_rules as ref

GroupKey = tuple[str, tuple[str, ...], int, bool]


def gkey(g: Group | None) -> GroupKey | None:
    return None if g is None else (g.rank.key, tuple(str(c) for c in g.cells), g.top_level, g.visible)


def rkey(g: ref.RefGroup | None) -> GroupKey | None:
    return None if g is None else (g.rank, g.cells, g.top_level, g.visible)


def normal(event: Event) -> tuple[object, ...] | None:
    """An engine event in the reference model's terms (None: a draw)."""
    if isinstance(event, BallDrawn):
        return None
    if isinstance(event, BallPlaced):
        return ("placed", event.player, event.colour.char, str(event.cell), event.move_number, event.response)
    if isinstance(event, GroupFormed):
        return ("formed", event.player, gkey(event.group))
    if isinstance(event, ChallengeOpened):
        return ("opened", event.challenger, gkey(event.group), event.move_number)
    if isinstance(event, ChallengeResolved):
        return ("resolved", event.challenger, gkey(event.challenge), gkey(event.response),
                event.points, event.winner, event.move_number, event.bag_empty)
    if isinstance(event, StraightFlush):
        return ("straight_flush", event.player, gkey(event.group), gkey(event.cancelled_challenge))
    assert isinstance(event, GameOver)
    return ("over", event.winner, event.score, event.end)


def model_happening(h: tuple[object, ...]) -> tuple[object, ...]:
    return tuple(
        rkey(x) if isinstance(x, ref.RefGroup) or (x is None and h[0] in ("resolved", "straight_flush")) else x
        for x in h
    )



def ref_rules(rules: RuleSet) -> ref.RefRules:
    """The reference model's rules for ``rules`` (no plug-in variant)."""
    return ref.RefRules(
        rules.visibility == "touching", rules.apex_free, rules.lines, rules.off, rules.order, rules.tie, rules.bag
    )


def play_both(rng: random.Random, rules: RuleSet) -> tuple[GameState, ref.RefGame, int]:
    """A random game played move by move in the engine and the model; every
    move's events must agree. Returns both and the number of moves."""
    state = GameState(rules)
    model = ref.RefGame(rules=ref_rules(rules))
    moves = 0
    while not state.is_over:
        assert state.bag() == tuple(model.bag().values())
        state.draw(rng)
        cell = rng.choice(state.legal_cells())
        colour = state.drawn
        assert colour is not None
        mine = [n for n in map(normal, state.apply_place(cell)) if n is not None]
        theirs = [model_happening(h) for h in model.place(str(cell), colour.char)]
        assert mine == theirs, f"move {moves + 1} of {[str(m) for m in state.history]}"
        moves += 1
    return state, model, moves
