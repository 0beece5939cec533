"""Round robins: standings, the table and the JSON (the chart: test_charts.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spoker.cli import main
from spoker.errors import ArgumentError
from spoker.runs.stats import wilson_interval
from spoker.runs.tournament import WinDrawLoss, run_tournament


def test_win_draw_loss_counts_half_draws() -> None:
    r = WinDrawLoss("x", games=10, wins=6, draws=2)
    assert r.losses == 2 and r.score == 7 and r.score_rate == 0.7
    assert r.to_json()["ci"] == [round(v, 4) for v in wilson_interval(7, 10)]


def test_round_robin() -> None:
    t = run_tournament(["random", "greedy", "lookahead"], 12, seed=3)
    assert [tuple(p.tally.players) for p in t.pairings] == [
        ("random", "greedy"), ("random", "lookahead"), ("greedy", "lookahead")
    ]
    standings = t.standings()
    assert {r.name for r in standings} == {"random", "greedy", "lookahead"}
    assert all(r.games == 24 for r in standings)
    assert standings[-1].name == "random"
    # Every game gives one point in all: the score rates add up to the pairings.
    assert sum(r.score for r in standings) == pytest.approx(3 * 12)
    assert t.rate("greedy", "random").score_rate == pytest.approx(1 - t.rate("random", "greedy").score_rate)
    assert t.rate("greedy", "greedy") is None
    assert run_tournament(["random", "greedy", "lookahead"], 12, seed=3, workers=2).to_json() == t.to_json()


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(ArgumentError, match="two"):
        run_tournament(["random"], 10)
    with pytest.raises(ArgumentError, match="once"):
        run_tournament(["random", "random"], 10)
    with pytest.raises(ArgumentError, match="'wizard'"):
        run_tournament(["random", "wizard"], 10)


def test_cli_json_and_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    chart = tmp_path / "t.png"
    status = main(["tournament", "random", "greedy", "--games", "30", "--seed", "2", "--json", "--chart", str(chart)])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"players", "games", "seed", "rules", "standings", "pairings"}
    assert data["players"] == ["random", "greedy"] and data["games"] == 30 and data["seed"] == 2
    assert [s["name"] for s in data["standings"]] == ["greedy", "random"]
    for s in data["standings"]:
        assert set(s) == {"name", "games", "wins", "draws", "losses", "score_rate", "ci"}
        assert s["ci"][0] <= s["score_rate"] <= s["ci"][1]
    (pairing,) = data["pairings"]
    assert set(pairing) == {"players", "games", "wins", "draws", "score_rate", "ci"}
    assert chart.exists()


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "greedy", "--games", "10", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "greedy" in out and "seed 4" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["tournament", "random", "--games", "10"],
        ["tournament", "random", "wizard", "--games", "10"],
        ["tournament", "random", "greedy", "--games", "0"],
        ["tournament", "random", "greedy"],
    ],
)
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
