"""Checks of a search that hold for the product's expert and for the research
leaves of bench/ (tests/players/test_expert.py, tests/bench/test_leaves.py)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spoker import GameState
from spoker.engine.rules import RuleSet
from spoker.players import ExpertPlayer, Player
from spoker.players.bitboard import pending_code, score_diff
from spoker.players.expert import MAX_FACTOR
from spoker.players.search import Expectimax


def position(seed: int, placed: int) -> GameState:
    """A position of a game played at random up to ``placed`` balls, its next ball drawn."""
    rng = random.Random(seed)
    state = GameState()
    while state.move_number < placed:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
        if state.is_over:
            state = GameState()
    state.draw(rng)
    return state


def plays_the_same_twice(make: Callable[[int], list[Player]]) -> None:
    """The game of the players ``make(seed)`` (seats 1 and 2), on seeded
    draws, is the same when played again: every move legal."""
    def play(seed: int) -> list[str]:
        rng = random.Random(4)
        players = make(seed)
        state = GameState()
        while not state.is_over:
            state.draw(rng)
            cell = players[state.to_move - 1].choose(state)
            assert cell in state.legal_cells()
            state.apply_place(cell)
        return [str(m) for m in state.history]

    assert play(3) == play(3)


def budget_is_respected(make: Callable[[int, int], ExpertPlayer], placed: int) -> None:
    """Around the 20th ball the search turns into an exact solver of the rest
    of the game: the costliest moves. The nodes spent by ``make(seed,
    effort)`` stay within the cap (plus one chance node's cells: the budget
    is checked per chance node). Also used for the research leaves."""
    effort = 20_000
    for seed in (1, 2):
        state = position(seed, placed)
        player = make(seed, effort)
        cell = player.choose(state)
        assert cell in state.legal_cells()
        assert player.last_depth >= 1
        assert player.last_nodes <= effort * MAX_FACTOR + 2 * 30


def pruned_and_exact(search: Callable[[RuleSet], Expectimax], seed: int, placed: int, depth: int) -> None:
    """The root pruned by ``search(rules)`` keeps the best cells of the
    unpruned search (and their value); also used for the research leaves."""
    state = position(seed, placed)
    m = state.masks
    args = (m, state.occupied, state.playable_mask, pending_code(state), int(state.drawn), score_diff(state))  # type: ignore[arg-type]
    exact = dict(search(state.rules).analyse(*args, depth))
    pruned = dict(search(state.rules).analyse(*args, depth, prune=True))
    best = max(exact.values())
    assert max(pruned.values()) == pytest.approx(best)
    assert {c for c, v in pruned.items() if v >= best - 1e-9} == {c for c, v in exact.items() if v >= best - 1e-9}
