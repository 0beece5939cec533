"""``spoker study --luck-adjusted``: the share of the results' variance the
draws explain, and the skill a variant leaves (spoker/runs/study.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError
from spoker.runs.simulate import simulate
from spoker.runs.stats import score_rates
from spoker.runs.study import BOOTSTRAP, luck_share, run_study
from spoker.runs.tally import LUCK_SCALE

RULES = [RuleSet.parse("visible"), RuleSet.parse("touching, apex-free")]


def test_the_share_against_a_hand_computation() -> None:
    games = [(1, int(0.5 * LUCK_SCALE)), (-1, int(-0.25 * LUCK_SCALE)), (0, 0), (1, int(0.75 * LUCK_SCALE))]
    found = luck_share(games, seed=3)
    r = np.array([1.0, -1.0, 0.0, 1.0])
    a = np.array([0.5, -0.25, 0.0, 0.75])
    assert found.share == pytest.approx(1 - a.var(ddof=1) / r.var(ddof=1), abs=1e-12)
    assert found.share_ci is not None and found.share_ci[0] <= found.share <= found.share_ci[1] + 1e-12
    assert luck_share(games, seed=3) == found  # seeded: the same interval
    assert found.plain[0] == pytest.approx(2.5 / 4)
    assert found.adjusted[0] == pytest.approx(((a + 1) / 2).mean())
    alike = luck_share([(1, 0), (1, 5)], seed=1)
    assert alike.share is None and alike.share_ci is None
    with pytest.raises(ArgumentError, match="luck"):
        luck_share([], seed=1)
    assert BOOTSTRAP >= 1000


def test_study_luck_is_the_simulators_and_the_same_whatever_the_workers() -> None:
    one = run_study(("greedy", "random"), 10, 4, RULES, luck_adjusted=True, judge="ply1")
    two = run_study(("greedy", "random"), 10, 4, RULES, workers=2, luck_adjusted=True, judge="ply1")
    assert one.to_json() == two.to_json()
    # The same games and luck as spoker simulate --swap --luck-adjusted.
    for tally in one.tallies:
        sim = simulate(("greedy", "random"), 10, 4, tally.rules, swap=True, luck_adjusted=True, judge="ply1")
        assert tally.luck_games == sim.luck_games
        (plain, adjusted), _ = score_rates(sim)
        share = tally.luck_share(0)
        assert share is not None and share.adjusted == adjusted and share.plain == pytest.approx(plain)
    with pytest.raises(TypeError, match="'no'"):
        run_study(("greedy", "random"), 2, 4, RULES, luck_adjusted="no")  # type: ignore[arg-type]


def test_cli_study_luck_adjusted(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["study", "--players", "random,random", "--games", "4", "--seed", "2", "--rules", "visible",
                 "--luck-adjusted", "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    luck = json.loads(out)["rules"][0]["luck"]
    assert set(luck) == {"variance_share", "skill_share", "name", "plain", "luck_adjusted"}
    lo, hi = luck["luck_adjusted"]["ci"]
    assert lo <= luck["luck_adjusted"]["score_rate"] <= hi
    code = main(["study", "--players", "random,random", "--games", "4", "--seed", "2", "--rules", "visible",
                 "--luck-adjusted"])
    out, _ = capsys.readouterr()
    assert code == 0 and "draws decide" in out and "skill left" in out
