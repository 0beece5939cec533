"""``spoker simulate --swap --luck-adjusted`` and ``spoker tournament --luck-adjusted``."""

from __future__ import annotations

import json

import pytest

from spoker.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_has_score_rates_as_notation_says(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "6", "--players", "random,greedy", "--seed", "3",
                         "--swap", "--luck-adjusted", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    rates = data["score_rates"]
    assert [r["name"] for r in rates] == ["random", "greedy"]
    for r in rates:
        assert set(r) == {"name", "plain", "luck_adjusted"}
        for key in ("plain", "luck_adjusted"):
            rate, low, high = r[key]
            assert low <= rate <= high
    wins = [p["wins"] for p in data["by_player"]]
    assert rates[0]["plain"][0] == pytest.approx((wins[0] + data["draws"] / 2) / 6, abs=1e-6)
    assert rates[0]["luck_adjusted"][0] + rates[1]["luck_adjusted"][0] == pytest.approx(1.0, abs=1e-5)
    # Without the flag, no score_rates (the JSON stays as it was).
    code, out, _ = run(capsys, "simulate", "--games", "6", "--players", "random,greedy", "--seed", "3",
                       "--swap", "--json")
    assert code == 0 and "score_rates" not in json.loads(out)


def test_simulate_text_shows_both_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "4", "--players", "random,random", "--seed", "1",
                         "--swap", "--luck-adjusted")
    assert (code, err) == (0, "")
    assert "plain" in out and "luck-adjusted" in out and "times as wide as the plain one" in out
    assert out.count("%, ") >= 4  # two players, two intervals each


@pytest.mark.parametrize("extra, needle", [
    ((), "--luck-adjusted needs --swap"),
    (("--swap", "--engine", "batch"), "--engine batch"),
])
def test_bad_flag_combinations_are_one_line(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], needle: str
) -> None:
    code, out, err = run(capsys, "simulate", "--games", "4", "--players", "random,greedy", "--luck-adjusted", *extra)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_tournament_luck_adjusted_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tournament", "random", "greedy", "--games", "2", "--seed", "2",
                         "--luck-adjusted", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert all("luck_adjusted" in row for row in data["standings"] + data["pairings"])
    code, out, err = run(capsys, "tournament", "random", "greedy", "--games", "2", "--seed", "2", "--luck-adjusted")
    assert code == 0 and "luck-adjusted" in out
