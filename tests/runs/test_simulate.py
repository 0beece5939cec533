"""spoker simulate: the statistics, their JSON, seeds and worker processes."""

from __future__ import annotations

import io
import json

import pytest

from spoker import RuleSet
from spoker.cli import main
from spoker.errors import ArgumentError
from spoker.runs.batch import BLOCK_SIZE
from spoker.runs.simulate import RANK_KEYS, ProgressBar, Tally, game_seeds, plan, simulate

KEYS = {"games", "players", "wins", "draws", "ends", "groups", "challenges", "points"}


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's usage errors
        status = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return status, out, err


def _consistent(t: Tally) -> None:
    assert sum(t.wins) + t.draws == t.games
    assert sum(t.player_wins) + t.draws == t.games
    assert sum(t.ends.values()) == t.games
    assert sum(t.points) == sum(t.player_points)
    assert t.groups[5] == t.ends["straight_flush"]  # every straight flush ends its game
    assert t.challenges <= sum(t.groups)


@pytest.mark.parametrize("engine", ["batch", "scalar"])
def test_simulate_counts_add_up(engine: str) -> None:
    for swap in (False, True):
        t = simulate(("random", "greedy"), 120, seed=4, swap=swap, engine=engine)
        assert t.games == 120
        _consistent(t)
        if not swap:
            assert t.player_wins == t.wins and t.player_points == t.points


def test_same_seed_same_result_other_seed_other_result() -> None:
    a = simulate(("lookahead", "random"), 6, seed=9)
    assert a == simulate(("lookahead", "random"), 6, seed=9)
    assert simulate(("random", "random"), 500, seed=1) != simulate(("random", "random"), 500, seed=2)


@pytest.mark.parametrize(
    ("players", "games"),
    [(("greedy", "lookahead"), 8), (("random", "random"), BLOCK_SIZE + 300)],
)
def test_results_do_not_depend_on_workers(players: tuple[str, str], games: int) -> None:
    one = simulate(players, games, seed=21, swap=True, workers=1)
    two = simulate(players, games, seed=21, swap=True, workers=2)
    assert one == two
    _consistent(one)


def test_scalar_units_split_the_same_games_whatever_the_chunks() -> None:
    # Seeds are per game: playing games 0..9 in one unit or two gives the same total.
    whole = simulate(("greedy", "random"), 10, seed=3, engine="scalar")
    units = plan(("greedy", "random"), 10, 3, RuleSet(), False, "scalar")
    assert sum(u.size for u in units) == 10
    assert whole.games == 10
    assert game_seeds(3, 4) == game_seeds(3, 4) != game_seeds(3, 5)


def test_batch_and_scalar_engines_agree_statistically() -> None:
    # Different random streams, same rules: rates agree within sampling error.
    n = 3000
    b = simulate(("greedy", "random"), n, seed=7, swap=True, engine="batch")
    s = simulate(("greedy", "random"), n, seed=7, swap=True, engine="scalar")
    for x, y in ((b.score_rate(0), s.score_rate(0)), (b.ends["straight_flush"] / n, s.ends["straight_flush"] / n)):
        assert abs(x - y) < 0.03
    assert abs(b.challenges - s.challenges) / s.challenges < 0.05


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ArgumentError, match="'wizard'"):
        simulate(("wizard", "random"), 10)
    with pytest.raises(ArgumentError, match="0"):
        simulate(("random", "random"), 0)
    with pytest.raises(ArgumentError, match="batch"):
        simulate(("expert", "random"), 10, engine="batch")
    with pytest.raises(ArgumentError, match="-1"):
        simulate(("random", "random"), 10, seed=-1)


def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(
        ["simulate", "--games", "200", "--players", "random,greedy", "--seed", "5", "--json"], capsys
    )
    assert status == 0
    data = json.loads(out)
    assert set(data) == KEYS
    assert data["games"] == 200 and data["players"] == ["random", "greedy"]
    assert set(data["ends"]) == {"straight_flush", "complete"}
    assert list(data["groups"]) == list(RANK_KEYS)
    assert sum(data["wins"]) + data["draws"] == 200
    assert all(isinstance(v, int) for v in data["points"] + data["wins"])


def test_cli_swap_reports_by_player(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "50", "--players", "greedy,random", "--seed", "5", "--swap", "--json"]
    status, out, _ = _run(argv, capsys)
    assert status == 0
    data = json.loads(out)
    assert set(data) == KEYS | {"by_player"}
    names = [p["name"] for p in data["by_player"]]
    assert names == ["greedy", "random"]
    assert sum(p["points"] for p in data["by_player"]) == sum(data["points"])
    assert data["by_player"][0]["wins"] > data["by_player"][1]["wins"]


def test_cli_same_seed_same_output_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "--games", "6", "--players", "lookahead,greedy", "--seed", "8", "--json"]
    _, one, _ = _run(base, capsys)
    _, two, _ = _run(base + ["--workers", "2"], capsys)
    assert json.loads(one) == json.loads(two)


@pytest.mark.usefixtures("compiled_kernel")
def test_cli_every_player_name_is_accepted(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The command line's own search, the compiled one (tests/conftest.py): the
    # expert's game in the Python search took seconds.
    monkeypatch.delenv("SPOKER_KERNEL", raising=False)
    status, out, _ = _run(
        ["simulate", "--games", "1", "--players", "expert,lookahead", "--seed", "2", "--json"], capsys
    )
    assert status == 0
    assert json.loads(out)["players"] == ["expert", "lookahead"]


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(
        ["simulate", "--games", "100", "--players", "random,random", "--seed", "3", "--rules", "touching,apex-free"],
        capsys,
    )
    assert status == 0
    assert "100 games" in out and "seed 3" in out and "touching, apex-free" in out
    assert "Straight flush" in out and "score rate" in out
    assert err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--games", "10", "--players", "random"],
        ["simulate", "--games", "10", "--players", "random,wizard"],
        ["simulate", "--games", "10", "--players", "random,random,random"],
        ["simulate", "--games", "x", "--players", "random,random"],
        ["simulate", "--games", "10", "--players", "random,random", "--rules", "sideways"],
        ["simulate", "--games", "10", "--players", "random,random", "--workers", "0"],
        ["simulate", "--games", "10", "--players", "random,random", "--seed", "-3"],
        ["simulate", "--games", "10", "--players", "expert,random", "--engine", "batch"],
    ],
)
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and "error" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    term = _Terminal()
    bar = ProgressBar(term, delay=0.0)
    bar(50, 200)
    assert "25%" in term.getvalue() and "50/200 games" in term.getvalue()
    bar.close()
    assert term.getvalue().endswith("\r")
    pipe = io.StringIO()
    quiet = ProgressBar(pipe, delay=0.0)
    quiet(50, 200)
    quiet.close()
    assert pipe.getvalue() == ""
