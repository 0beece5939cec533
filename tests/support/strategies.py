"""Hypothesis strategies shared by the tests: random legal boards and games.

Both play random legal balls (a random colour still in the bag on a random
playable cell), so every example is a position a real game can reach. The
balls come from a ``random.Random`` seeded by Hypothesis (``seeds``), not
from a Hypothesis draw each.
"""

from __future__ import annotations

import random

from hypothesis import assume
from hypothesis import strategies as st

from shibumi import BALLS_PER_COLOUR, Board, Cell, Colour
from spoker import GameState, Move, RuleSet

seeds = st.integers(0, 2**32 - 1)
"""A seed for ``random.Random``, which then plays the balls: two Hypothesis
draws a ball made a 30-ball board cost about 30 ms, one seed costs next to
nothing. A failure still shrinks (to fewer balls, a smaller seed) and replays."""


def random_board(rng: random.Random, n: int) -> Board:
    """The board after ``n`` random legal balls (a colour still in the bag on a
    playable cell), each chosen by ``rng``."""
    board = Board()
    for _ in range(n):
        left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
        board = board.place(rng.choice(board.playable()), rng.choice(left))
    return board


@st.composite
def boards(draw: st.DrawFn, min_balls: int = 0, max_balls: int = 30) -> Board:
    """A random board reached by placing random legal balls."""
    n = draw(st.integers(min_balls, max_balls))
    return random_board(random.Random(draw(seeds)), n)


@st.composite
def placements(draw: st.DrawFn, min_balls: int = 0, max_balls: int = 29) -> tuple[Board, Cell, Colour]:
    """A board and a legal next ball for it (cell playable, colour in the bag)."""
    board = draw(boards(min_balls, max_balls))
    left = [k for k in Colour if board.count(k) < BALLS_PER_COLOUR]
    return board, draw(st.sampled_from(board.playable())), draw(st.sampled_from(left))


# The four rule sets of rules.md (builds() would fill a named tuple's defaulted fields too).
rule_sets = st.builds(
    lambda visibility, apex_free: RuleSet(visibility, apex_free), st.sampled_from(["visible", "touching"]),
    st.booleans(),
)

_LOWER = ("three_kinds", "flush_three", "full_house", "flush_four")
_SHAPES = (*_LOWER, "straight_flush")


@st.composite
def bags(draw: st.DrawFn) -> tuple[int, int, int]:
    """A bag of 30 balls (W, B, R), often near the rules' 10-10-10."""
    w = draw(st.integers(0, 30) | st.integers(8, 12))
    near = st.integers(max(0, 18 - w), max(0, min(30 - w, 22 - w)))
    b = draw(st.integers(0, 30 - w) | near)
    return (w, b, 30 - w - b)


@st.composite
def any_rule_sets(draw: st.DrawFn) -> RuleSet:
    """Any rule set of notation.md's items (no plug-in variant): each item
    at its default about half the time, so the rules as written are met too."""
    def maybe(strategy: st.SearchStrategy[object], default: object) -> object:
        return draw(st.just(default) | strategy)

    return RuleSet(
        draw(st.sampled_from(["visible", "touching"])),
        draw(st.booleans()),
        (),
        maybe(st.just("in-level"), "any"),  # type: ignore[arg-type]
        maybe(st.lists(st.sampled_from(_SHAPES), unique=True, max_size=2).map(tuple), ()),  # type: ignore[arg-type]
        maybe(st.permutations(_LOWER).map(tuple), _LOWER),  # type: ignore[arg-type]
        maybe(st.just("none"), "both"),  # type: ignore[arg-type]
        maybe(bags(), (10, 10, 10)),  # type: ignore[arg-type]
    )


@st.composite
def games(draw: st.DrawFn, max_moves: int = 30, rules: RuleSet | None = None) -> GameState:
    """A game played with random legal draws and placements, possibly unfinished."""
    state = GameState(rules if rules is not None else draw(rule_sets))
    limit = draw(st.integers(0, max_moves))
    rng = random.Random(draw(seeds))
    while not state.is_over and state.move_number < limit:
        state.apply_draw(rng.choice([k for k, _ in state.chance_outcomes()]))
        state.apply_place(rng.choice(state.legal_cells()))
    return state


@st.composite
def endgames(draw: st.DrawFn, left: tuple[int, ...] = (4, 5, 6)) -> GameState:
    """A random game stopped with one of ``left`` balls left to place, a ball
    drawn: small enough for an exhaustive search."""
    state = GameState(draw(rule_sets))
    stop = 30 - draw(st.sampled_from(left))
    rng = random.Random(draw(seeds))
    while not state.is_over and state.move_number < stop:
        state.draw(rng)
        state.apply_place(rng.choice(state.legal_cells()))
    assume(not state.is_over)
    state.draw(rng)
    return state


def moves_of(state: GameState) -> list[Move]:
    return list(state.history)


# Rule-set texts for --rules: anything, and lists of items right and wrong.
rules_texts = st.one_of(
    st.text(max_size=20),
    st.lists(st.sampled_from([
        "visible", "touching", "apex-free", "Touching", " ", "x", "lines=in-level", "lines=up",
        "off=three_kinds", "off=full_house+straight_flush", "off=", "off=flush_four+flush_four",
        "order=flush_four<full_house<flush_three<three_kinds", "order=three_kinds<flush_three",
        "tie=none", "tie=both", "tie=", "bag=12-9-9", "bag=10-10-11", "bag=30-0-0", "bag=-1-16-15",
        "bag=a-b-c", "=", "lines", "bag=010-10-10",
    ]), max_size=4).map(", ".join),
)
