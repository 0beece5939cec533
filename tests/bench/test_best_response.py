"""bench/best_response.py: the expert's search against an exact model of
lookahead, held against a plain best-response solver walking the engine."""

from __future__ import annotations

import random

import pytest

from bench.best_response import BestResponsePlayer, LookaheadModel
from bench.ladder import make_expert, play_games
from shibumi import CELLS
from spoker import GameState
from spoker.players import make_player
from spoker.players.bitboard import root_args
from spoker.players.lookahead import LookaheadPlayer


class ReferenceBestResponse:
    """Expected result for ``me`` when ``me`` plays best and the opponent
    plays as lookahead does (its tied cells equally likely), by exhaustive
    walk of :class:`GameState`: no bit masks, no pruning, no depth limit."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.lookahead = LookaheadPlayer()
        self.memo: dict[str, float] = {}

    def value(self, state: GameState) -> float:
        key = state.to_string()
        if key not in self.memo:
            self.memo[key] = self._value(state)
        return self.memo[key]

    def _value(self, state: GameState) -> float:
        if state.is_over:
            return 0.0 if state.winner is None else 1.0 if state.winner == self.me else -1.0
        if state.drawn is None:
            return sum(p * self.value(state.child(colour)) for colour, p in state.chance_outcomes())
        if state.to_move == self.me:
            return max(self.value(state.child(cell)) for cell in state.legal_cells())
        scored = self.lookahead.analyse(state)
        top = max(v for _, v in scored)
        tied = [cell for cell, v in scored if v >= top - 1e-9]
        return sum(self.value(state.child(CELLS[cell])) for cell in tied) / len(tied)


def late_state(seed: int, placed: int) -> GameState:
    """A game of lookahead players stopped with ``placed`` balls on the board
    and the next ball drawn (None if it ended earlier)."""
    rng = random.Random(seed)
    player = make_player("lookahead", seed)
    state = GameState()
    while not state.is_over and state.move_number < placed:
        state.draw(rng)
        state.apply_place(player.choose(state))
    if state.is_over:
        return state
    state.draw(rng)
    return state


@pytest.mark.parametrize(("seed", "placed"), [(1, 24), (2, 24), (3, 24), (4, 25), (5, 25), (6, 23)])
def test_exact_values_are_the_best_response_to_lookahead(seed: int, placed: int) -> None:
    """Searched to the end, every root value is the plain solver's value of
    playing there against lookahead, both seats (and not the minimax value,
    in general: below)."""
    state = late_state(seed, placed)
    if state.is_over:
        pytest.skip("the game ended early")
    player = BestResponsePlayer(seed, time_limit=None, effort=10_000_000)
    values = dict(player.analyse(state))
    assert player.last_depth == 30 - state.move_number, "the search reached the end"
    reference = ReferenceBestResponse(state.to_move)
    for cell, value in values.items():
        assert value == pytest.approx(reference.value(state.child(CELLS[cell])), abs=1e-9), CELLS[cell]


def test_it_exploits_what_minimax_does_not_expect() -> None:
    """Somewhere late, the best response and the expert's minimax values
    differ: the model changes the search (found in the first positions)."""
    differ = 0
    for seed in range(1, 9):
        state = late_state(seed, 24)
        if state.is_over:
            continue
        br = dict(BestResponsePlayer(seed, time_limit=None, effort=10_000_000).analyse(state))
        mm = dict(make_player("expert", seed, time_limit=None, effort=10_000_000).analyse(state))  # type: ignore[attr-defined]
        differ += any(abs(br[c] - mm[c]) > 1e-6 for c in br)
    assert differ > 0


def test_the_model_picks_lookaheads_cells() -> None:
    """Each of lookahead's own choices is among the model's tied cells."""
    for seed in range(1, 6):
        state = late_state(seed, 6 + 3 * seed)
        model = LookaheadModel(state.rules)
        masks, occ, pl, chal, colour, d = root_args(state)
        tied = model.choice(*masks, occ, pl, chal, colour, d)
        chooser = make_player("lookahead", seed)
        assert chooser.choose(state).index in tied
        assert model.choice(*masks, occ, pl, chal, colour, d) is tied and model.searches == 1, "remembered"


def test_the_ladder_makes_it_from_the_expert_options() -> None:
    assert isinstance(make_expert(1, {"model": "lookahead", "effort": 500}), BestResponsePlayer)
    assert not isinstance(make_expert(1, {"effort": 500}), BestResponsePlayer)
    with pytest.raises(ValueError, match="model='minimax'"):
        make_expert(1, {"model": "minimax"})
    games, times = play_games(("expert", "lookahead", 4, 0, 1, {"model": "lookahead", "effort": 500}, None))
    assert len(games) == 1 and games[0][2] in (0.0, 0.5, 1.0) and len(times["expert"]) == 15
