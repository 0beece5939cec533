"""Variant studies (spoker study): figures from a few games, reproducible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError
from spoker.runs.simulate import simulate
from spoker.runs.study import ALL_RULES, RuleTally, run_study


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_batch_players_agree_with_the_simulator() -> None:
    # Same seeds, seats swapped: the study's replayed batch games are simulate's games.
    study = run_study(("greedy", "random"), 60, seed=5, rule_sets=[RuleSet("touching")])
    tally = simulate(("greedy", "random"), 60, seed=5, rules=RuleSet("touching"), swap=True)
    t = study.tallies[0]
    assert t.games == 60
    assert t.seat_wins == tally.wins and t.draws == tally.draws
    assert t.player_wins == tally.player_wins
    assert t.straight_flush_ends == tally.ends["straight_flush"]
    assert t.formed[1:] == tally.groups[1:]
    assert sum(t.opened) == tally.challenges


def test_scalar_players_agree_with_the_simulator() -> None:
    study = run_study(("lookahead", "random"), 4, seed=2, rule_sets=[RuleSet("visible")])
    tally = simulate(("lookahead", "random"), 4, seed=2, swap=True, engine="scalar")
    t = study.tallies[0]
    assert t.seat_wins == tally.wins and t.player_wins == tally.player_wins
    assert t.formed[1:] == tally.groups[1:] and sum(t.opened) == tally.challenges


def test_figures_add_up() -> None:
    study = run_study(("random", "greedy"), 40, seed=1)
    assert [t.rules for t in study.tallies] == list(ALL_RULES)
    for t in study.tallies:
        j = t.to_json()
        assert j["first"]["wins"] + j["second"]["wins"] + j["draws"]["count"] == 40
        assert j["first"]["score_rate"] + j["second"]["score_rate"] == pytest.approx(1.0, abs=1e-3)
        lo, hi = j["first"]["ci"]
        assert lo <= j["first"]["score_rate"] <= hi
        assert 1 <= j["length"]["ci"][0] <= j["length"]["mean"] <= j["length"]["ci"][1] <= 30
        ranks = j["ranks"]
        assert sum(r.get("challenges", 0) for r in ranks.values()) == t.challenges
        for key, r in ranks.items():
            if key == "straight_flush":
                assert "won" not in r
                continue
            # a challenge is won, tied or lost (a straight flush answer loses it)
            assert r["won"]["rate"] + r["tied"]["rate"] <= 1.0 + 1e-9
        assert t.straight_flush_ends == ranks["straight_flush"]["formed"]


def test_the_same_seed_gives_the_same_study_whatever_the_workers() -> None:
    one = run_study(("greedy", "greedy"), 30, seed=9, rule_sets=[RuleSet("visible", True)])
    two = run_study(("greedy", "greedy"), 30, seed=9, rule_sets=[RuleSet("visible", True)], workers=2)
    assert one.to_json() == two.to_json()
    other = run_study(("greedy", "greedy"), 30, seed=10, rule_sets=[RuleSet("visible", True)])
    assert other.to_json() != one.to_json()


def test_merging_tallies_is_adding_games() -> None:
    a = run_study(("random", "random"), 20, seed=3, rule_sets=[RuleSet()]).tallies[0]
    b = RuleTally(RuleSet(), ("random", "random"))
    b.merge(a)
    b.merge(a)
    assert b.games == 40 and b.seat_wins == [2 * w for w in a.seat_wins]
    assert b.won == [2 * w for w in a.won]


@pytest.mark.parametrize(
    ("players", "games", "rules"),
    [(("random",), 5, [RuleSet()]), (("random", "nobody"), 5, [RuleSet()]),
     (("random", "random"), 0, [RuleSet()]), (("random", "random"), 5, []),
     (("random", "random"), 5, [RuleSet(), RuleSet()])],
)
def test_bad_settings(players: tuple[str, ...], games: int, rules: list[RuleSet]) -> None:
    with pytest.raises(ValueError):
        run_study(players, games, 1, rules)
    assert issubclass(ArgumentError, ValueError)


def test_cli_text_json_and_chart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "study.png"
    code, out, err = run(capsys, "study", "--players", "greedy,random", "--games", "12",
                         "--seed", "4", "--rules", "visible", "touching, apex-free",
                         "--chart", str(chart))
    assert (code, err) == (0, "")
    assert "rules: visible" in out and "rules: touching, apex-free" in out
    assert "first player" in out and "second player" in out and f"chart: {chart}" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = run(capsys, "study", "--players", "greedy,random", "--players", "random,random",
                         "--games", "12", "--seed", "4", "--rules", "visible", "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert [o["players"] for o in lines] == [["greedy", "random"], ["random", "random"]]
    assert lines[0]["seed"] == 4 and lines[0]["rules"][0]["rules"] == "visible"
    assert set(lines[0]["rules"][0]["ranks"]) == {
        "three_kinds", "flush_three", "full_house", "flush_four", "straight_flush"
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["study", "--players", "random", "--games", "3"],
        ["study", "--players", "random,nobody", "--games", "3"],
        ["study", "--players", "random,random", "--games", "0"],
        ["study", "--players", "random,random", "--games", "3", "--rules", "sideways"],
        ["study", "--players", "random,random", "--games", "3", "--rules", "visible", "visible"],
        ["study", "--games", "3"],
    ],
)
def test_cli_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    try:
        code, out, err = run(capsys, *argv)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
        out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("study", "suite"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out, _ = capsys.readouterr()
        assert "examples:" in out and f"spoker {command} " in out
