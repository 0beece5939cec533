"""Hypothesis strategies shared by the tests: random legal boards and games.

Both play random legal balls (a random colour still in the bag on a random
playable cell), so every example is a position a real game can reach.
"""

from __future__ import annotations

import random

from hypothesis import assume
from hypothesis import strategies as st

from shibumi import BALLS_PER_COLOUR, Board, Cell, Colour
from spoker import GameState, Move, RuleSet


@st.composite
def boards(draw: st.DrawFn, min_balls: int = 0, max_balls: int = 30) -> Board:
    """A random board reached by placing random legal balls."""
    n = draw(st.integers(min_balls, max_balls))
    board = Board()
    for _ in range(n):
        left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
        colour = draw(st.sampled_from(left))
        cell = draw(st.sampled_from(board.playable()))
        board = board.place(cell, colour)
    return board


@st.composite
def placements(draw: st.DrawFn, min_balls: int = 0, max_balls: int = 29) -> tuple[Board, Cell, Colour]:
    """A board and a legal next ball for it (cell playable, colour in the bag)."""
    board = draw(boards(min_balls, max_balls))
    left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
    return board, draw(st.sampled_from(board.playable())), draw(st.sampled_from(left))


# The four rule sets of rules.md (builds() would fill a named tuple's defaulted fields too).
rule_sets = st.builds(RuleSet, st.sampled_from(["visible", "touching"]), st.booleans(), st.just(()))


@st.composite
def games(draw: st.DrawFn, max_moves: int = 30, rules: RuleSet | None = None) -> GameState:
    """A game played with random legal draws and placements, possibly unfinished."""
    state = GameState(rules if rules is not None else draw(rule_sets))
    limit = draw(st.integers(0, max_moves))
    while not state.is_over and state.move_number < limit:
        colours = [k for k, _ in state.chance_outcomes()]
        state.apply_draw(draw(st.sampled_from(colours)))
        state.apply_place(draw(st.sampled_from(state.legal_cells())))
    return state


@st.composite
def endgames(draw: st.DrawFn, left: tuple[int, ...] = (4, 5, 6)) -> GameState:
    """A random game stopped with one of ``left`` balls left to place, a ball
    drawn: small enough for an exhaustive search."""
    state = GameState(draw(rule_sets))
    stop = 30 - draw(st.sampled_from(left))
    rng = random.Random(draw(st.integers(0, 2**32)))
    while not state.is_over and state.move_number < stop:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    assume(not state.is_over)
    state.draw(rng)
    return state


def moves_of(state: GameState) -> list[Move]:
    return list(state.history)


# Rule-set texts for --rules: anything, and lists of names right and wrong.
rules_texts = st.one_of(
    st.text(max_size=20),
    st.lists(st.sampled_from(["visible", "touching", "apex-free", "Touching", " ", "x"]), max_size=3).map(
        ", ".join
    ),
)
