"""bench/ladder.py: --expert-balls (the expert plays its phase, lookahead the
rest), --results and --paired (game-by-game comparisons)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bench.ladder import PhasedPlayer, load_results, paired, parse_balls, play_games, save_results
from spoker import GameState
from spoker.players import make_player


def test_parse_balls_reads_a_range_and_quotes_bad_text() -> None:
    assert parse_balls("20-30") == range(20, 31)
    assert parse_balls("1-1") == range(1, 2)
    for bad in ("", "20", "x-3", "0-5", "5-31", "9-8", "20-30-1"):
        with pytest.raises(ValueError, match="--expert-balls") as info:
            parse_balls(bad)
        assert repr(bad) in str(info.value)


def test_phased_player_follows_lookahead_outside_its_balls() -> None:
    """Before ball 28 it plays lookahead's cell (same seed); from 28 on the expert's."""
    phased = PhasedPlayer(5, {"effort": 2000}, range(28, 31))
    lookahead = make_player("lookahead", 5)
    expert = make_player("expert", 5, effort=2000)
    state, rng = GameState(), random.Random(9)
    while not state.is_over:
        state.draw(rng)
        ball = state.move_number + 1
        reference = expert if ball >= 28 else lookahead
        cell = phased.choose(state)
        assert cell == reference.choose(state), f"ball {ball}"
        state.apply_place(cell)


def test_results_round_trip_and_pair_game_by_game(tmp_path: Path) -> None:
    """Two short runs of the same deals: a run paired with itself changes nothing;
    a changed game shows in the difference and the count."""
    games, _ = play_games(("greedy", "random", 3, 0, 4, {}, None))
    assert [(i, seat) for i, seat, _ in games] == [(0, 1), (1, 2), (2, 1), (3, 2)]
    path = tmp_path / "base.json"
    save_results(path, "greedy", 3, "", None, games)
    base = load_results(path, "greedy", 3)
    assert base == {i: r for i, _, r in games}
    assert paired(games, base).endswith("difference +0.0 points +-0.0 (95%); 0 games changed")
    flipped = [(i, seat, 1.0 - r if i == 0 else r) for i, seat, r in games]
    text = paired(flipped, base)
    sign = "+" if games[0][2] < 0.5 else "-"
    assert f"difference {sign}" in text and text.endswith("1 games changed")
    assert paired(games, {99: 1.0}) == "paired: no game in common"


@pytest.mark.parametrize(("content", "why"), [
    ("not json", "Expecting value"),
    ('{"rung": "expert", "seed": 2, "games": []}', "holds rung 'expert' with seed 2"),
    ('{"rung": "greedy", "seed": 3}', "games"),
    ('{"rung": "greedy", "seed": 3, "games": [{"game": 0, "result": 2}]}', "0, 0.5 or 1"),
    ('{"rung": "greedy", "seed": 3, "games": [{"result": 1}]}', "game"),
    ("[1, 2]", "list indices"),
    ("[" * 100_000 + "]" * 100_000, "recursion"),
    (" " * (17 * 1024 * 1024), "too large for a results file"),
    (b'{"rung": "\xff"}', "utf-8"),
])
def test_a_bad_results_file_is_refused_by_name(tmp_path: Path, content: str | bytes, why: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(ValueError, match=why) as info:
        load_results(path, "greedy", 3)
    assert repr(str(path)) in str(info.value)


def test_a_missing_results_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="No such file") as info:
        load_results(tmp_path / "none.json", "greedy", 3)
    assert "none.json" in str(info.value)
    assert json.dumps(str(tmp_path / "none.json"))[1:-1] in str(info.value)


LADDER = Path(__file__).resolve().parents[2] / "bench" / "ladder.py"


@pytest.mark.parametrize(("extra", "why"), [
    (["--results", "base.json", "--paired", "./base.json"], "name the same file 'base.json'"),
    (["--results", "no/such/folder/r.json"], "'no/such/folder/r.json': no such folder"),
    (["--rungs", "greedy,lookahead", "--results", "r.json"], "exactly one rung"),
    (["--games", "0"], "--games '0'"),
    (["--games", "x"], "--games 'x'"),
])
def test_the_ladder_refuses_bad_arguments_before_playing(tmp_path: Path, extra: list[str], why: str) -> None:
    """A baseline is never overwritten by the run compared with it, a run
    that could not write its results does not start, and a bad number of
    games is a usage error that quotes it."""
    base = tmp_path / "base.json"
    save_results(base, "greedy", 1, "", None, [(0, 1, 1.0)])
    before = base.read_bytes()
    argv = [sys.executable, str(LADDER), *([] if "--games" in extra else ["--games", "2"]), *extra]
    if "--rungs" not in extra:
        argv += ["--rungs", "greedy"]
    proc = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert why in proc.stderr
    assert base.read_bytes() == before
    assert "games" not in proc.stdout


def test_luck_adjusted_games_keep_their_results_and_average_alike() -> None:
    from bench.ladder import luck_report, pair_interval, play_judged_games

    games, _, adjusted = play_judged_games(("greedy", "random", 3, 0, 4, {}, None, "ply1"))
    assert games == play_games(("greedy", "random", 3, 0, 4, {}, None))[0]  # judging only looks
    assert sorted(adjusted) == [0, 1, 2, 3]
    m, lo, hi = pair_interval({0: 1.0, 1: 0.0, 2: 1.0, 3: 1.0})
    assert m == 0.75 and lo < m < hi  # pairs (0.5, 1.0): mean 0.75
    report = luck_report({"results": games, "adjusted": adjusted, "games": 4})
    assert "luck-adjusted" in report and "width ratio" in report


def test_the_old_expert_rung_plays_the_expert_at_its_old_effort() -> None:
    from bench.ladder import OLD_EXPERT, RUNGS, _make
    from spoker.players.expert import DEFAULT_EFFORT, ExpertPlayer

    upper, lower, _, _ = RUNGS["old-expert"]
    new, old = _make(upper, 1, {}), _make(lower, 1, {})
    assert isinstance(new, ExpertPlayer) and isinstance(old, ExpertPlayer)
    assert (new.effort, old.effort) == (DEFAULT_EFFORT, OLD_EXPERT["effort"]) and new.effort > old.effort
    assert new.time_limit == old.time_limit  # only the effort differs


def test_first_exact_ball_is_where_the_exact_moves_run_to_the_end() -> None:
    from bench.expert_depth import first_exact

    assert first_exact([(21, 4, False, 0.1), (23, 8, True, 0.2), (25, 6, True, 0.0)]) == 23
    assert first_exact([(23, 8, True, 0.2), (25, 5, False, 0.0)]) == 31  # the last move was not exact
