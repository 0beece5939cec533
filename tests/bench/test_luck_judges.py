"""bench/luck_judges.py: every evaluator judges the same game, and the
intervals are those of the per-game values."""

from __future__ import annotations

import math

import pytest

from bench.luck_judges import interval, play
from spoker.engine.rules import RuleSet
from spoker.runs.simulate import simulate


def test_each_evaluator_judges_the_simulators_game() -> None:
    result, luck, cost, played = play(("greedy", "random"), 1, 4, RuleSet("visible"), ["ply1", "ply2"])
    # Game 1 of seed 4 is spoker simulate's game 1 (seats swapped: A second).
    t = simulate(("greedy", "random"), 2, 4, swap=True, luck_adjusted=True, judge="ply1")
    assert t.luck_games[1][0] == result
    assert t.luck_games[1][1] == round((result - luck["ply1"]) * 10**9)
    assert set(cost) == {"ply1", "ply2"} and played >= 0.0


def test_interval_is_the_normal_one_of_the_rates() -> None:
    m, lo, hi = interval([1.0, -1.0, 0.0, 1.0])
    rates = [1.0, 0.0, 0.5, 1.0]
    sd = math.sqrt(sum((r - 0.625) ** 2 for r in rates) / 3)
    assert (m, lo, hi) == pytest.approx((0.625, 0.625 - 1.959964 * sd / 2, 0.625 + 1.959964 * sd / 2), abs=1e-6)
