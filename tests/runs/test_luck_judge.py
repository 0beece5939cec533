"""The evaluator of draws for many games (spoker/runs/luck_judge.py) and the
luck-adjusted rates built on it (simulate, tournament, stats)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.players import make_player
from spoker.players.bitboard import root_args
from spoker.players.search import Expectimax, WinUtility
from spoker.runs.luck_judge import DEFAULT_JUDGE, JUDGES, luck_judge
from spoker.runs.simulate import Tally, plan, simulate
from spoker.runs.stats import Z95, exact_mean_interval, score_rates, wilson_interval
from spoker.runs.tally import LUCK_SCALE
from spoker.runs.tournament import run_tournament


def position(seed: int, moves: int) -> GameState:
    """A game between random players after ``moves`` placements, waiting for its draw."""
    rng = random.Random(seed)
    state = GameState(RuleSet("visible"))
    player = make_player("random", seed)
    for _ in range(moves):
        state.draw(rng)
        state.apply_place(player.choose(state))
        if state.is_over:
            break
    return state


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 28), st.sampled_from(["ply1", "ply2"]))
def test_a_draws_luck_has_bag_weighted_mean_zero(seed: int, moves: int, name: str) -> None:
    state = position(seed, moves)
    if state.is_over:
        return
    judge = luck_judge(name)
    values = judge.colour_values(state)
    bag = state.bag()
    assert [(c, p) for c, p, _ in values] == [(c, n / sum(bag)) for c, n in enumerate(bag) if n]
    lucks = {c: judge.luck(state, c) for c, _, _ in values}
    # Exactly 0 in the bag's own whole-number weights, up to the floats' rounding.
    assert math.fsum(n * lucks[c] for c, n in enumerate(bag) if n) == pytest.approx(0.0, abs=1e-12)
    assert all(-2.0 <= x <= 2.0 for x in lucks.values())
    assert state.drawn is None  # the judge did not change the position


def test_a_colours_value_is_its_best_placement_by_the_search() -> None:
    state = position(4, 12)
    judge = luck_judge("ply2")
    for colour, _, value in judge.colour_values(state):
        drawn = state.copy()
        drawn.apply_draw(colour)
        cells = Expectimax(state.rules, WinUtility()).analyse(*root_args(drawn), 2)
        assert value == pytest.approx(max(v for _, v in cells), abs=1e-12)


def test_the_last_draws_are_judged_exactly() -> None:
    # With 5 balls left every evaluator searches to the end: all agree.
    state = position(9, 25)
    assert not state.is_over
    found = {name: luck_judge(name).colour_values(state) for name in JUDGES}
    first = found[DEFAULT_JUDGE]
    for values in found.values():
        assert [c for c, _, _ in values] == [c for c, _, _ in first]
        for (_, _, v), (_, _, w) in zip(values, first, strict=True):
            assert v == pytest.approx(w, abs=1e-12)


def test_bad_judges_and_positions_are_refused_quoting_them() -> None:
    with pytest.raises(ArgumentError, match="'nope'"):
        luck_judge("nope")
    state = position(1, 3)
    state.draw(random.Random(0))
    with pytest.raises(ArgumentError, match="waiting for its draw"):
        luck_judge().colour_values(state)


# -- intervals ---------------------------------------------------------------
def test_exact_mean_interval_against_a_hand_computation() -> None:
    values = [3, 1, 4, 1, 5]  # in tenths
    m, lo, hi = exact_mean_interval(values, 10)
    mean = Fraction(14, 50)
    var = sum((Fraction(v, 10) - mean) ** 2 for v in values) / 4
    half = Z95 * math.sqrt(var / 5)
    assert (m, lo, hi) == pytest.approx((0.28, 0.28 - half, 0.28 + half), abs=1e-15)
    assert exact_mean_interval([7], 10) == (0.7, 0.7, 0.7)
    assert exact_mean_interval([], 10) == (0.0, 0.0, 0.0)
    # The order of the values does not change a bit of the figures.
    assert exact_mean_interval(values[::-1], 10) == (m, lo, hi)


def test_score_rates_from_the_games_against_a_hand_computation() -> None:
    t = Tally(("a", "b"))
    games = [(1, 0.5), (-1, -0.25), (0, 0.125), (1, 1.5)]
    for r, x in games:
        t.record_luck(r, x)
    (plain_a, adj_a), (plain_b, adj_b) = score_rates(t)
    score = sum((r + 1) / 2 for r, _ in games)
    assert plain_a == (score / 4, *wilson_interval(score, 4))
    assert plain_b == pytest.approx((1 - score / 4, *wilson_interval(4 - score, 4)))
    rates = [(x + 1) / 2 for _, x in games]
    mean = sum(rates) / 4
    sd = math.sqrt(sum((r - mean) ** 2 for r in rates) / 3)
    assert adj_a == pytest.approx((mean, mean - Z95 * sd / 2, mean + Z95 * sd / 2), abs=1e-12)
    assert adj_b == pytest.approx((1 - mean, 1 - adj_a[2], 1 - adj_a[1]), abs=1e-12)
    assert t.luck_games[0] == (1, LUCK_SCALE // 2)
    with pytest.raises(ArgumentError, match="no game's luck"):
        score_rates(Tally(("a", "b")))
    with pytest.raises(ArgumentError, match="2"):
        t.record_luck(2, 0.0)


# -- runs ----------------------------------------------------------------------
def test_luck_adjusted_runs_are_the_same_whatever_the_workers() -> None:
    args = (("greedy", "random"), 24, 5)
    one = simulate(*args, swap=True, luck_adjusted=True, judge="ply1")
    two = simulate(*args, swap=True, luck_adjusted=True, judge="ply1", workers=2)
    assert one == two
    assert len(one.luck_games) == 24
    assert score_rates(one) == score_rates(two)
    # The games are those of a plain scalar run: judging only looks.
    plain = simulate(*args, swap=True, engine="scalar")
    assert (plain.player_wins, plain.draws, plain.points) == (one.player_wins, one.draws, one.points)
    assert sum(r for r, _ in one.luck_games) == one.player_wins[0] - one.player_wins[1]


def agree(t: Tally) -> None:
    """The plain and luck-adjusted estimates agree within their intervals."""
    (plain, adjusted), _ = score_rates(t)
    assert adjusted[1] <= plain[0] <= adjusted[2] or plain[1] <= adjusted[0] <= plain[2]
    assert abs(plain[0] - adjusted[0]) < (plain[2] - plain[1]) + (adjusted[2] - adjusted[1])


def test_luck_adjusted_and_plain_rates_agree_within_their_intervals() -> None:
    agree(simulate(("random", "random"), 30, 2, swap=True, luck_adjusted=True, judge="ply1"))


@pytest.mark.slow
@pytest.mark.usefixtures("compiled_kernel")
def test_luck_adjusted_and_plain_rates_agree_for_lookahead_against_greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    # The default judge's searches, compiled as a user's run has them (the
    # Python search took seconds here; the kernel's tests hold the two equal).
    monkeypatch.delenv("SPOKER_KERNEL", raising=False)
    t = simulate(("lookahead", "greedy"), 40, 2, swap=True, luck_adjusted=True)
    agree(t)
    (plain, adjusted), _ = score_rates(t)
    assert adjusted[2] - adjusted[1] < plain[2] - plain[1]  # the point of it


def test_bad_luck_settings_are_refused() -> None:
    with pytest.raises(ArgumentError, match="--swap"):
        simulate(("random", "greedy"), 4, 1, luck_adjusted=True)
    with pytest.raises(ArgumentError, match="batch"):
        simulate(("random", "greedy"), 4, 1, swap=True, engine="batch", luck_adjusted=True)
    with pytest.raises(TypeError, match="'yes'"):
        simulate(("random", "greedy"), 4, 1, swap=True, luck_adjusted="yes")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="'x'"):
        list(plan(("random", "greedy"), 4, 1, RuleSet("visible"), True, "auto", luck="x"))


def test_tournament_shows_both_rates() -> None:
    t = run_tournament(["random", "greedy"], 6, seed=3, luck_adjusted=True, judge="ply1")
    data = t.to_json()
    for row in data["standings"] + data["pairings"]:
        rate, (lo, hi) = row["luck_adjusted"]["score_rate"], row["luck_adjusted"]["ci"]
        assert lo <= rate <= hi
    a, b = data["standings"]
    assert a["luck_adjusted"]["score_rate"] + b["luck_adjusted"]["score_rate"] == pytest.approx(1.0, abs=2e-4)
    text = t.table()
    assert "luck-adjusted" in text and "Luck-adjusted score rate of the row's player" in text
    assert "luck_adjusted" not in run_tournament(["random", "greedy"], 2, seed=3).to_json()["standings"][0]
