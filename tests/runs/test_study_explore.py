"""Finding a fairer game (spoker/runs/explore.py): the space, the halving's
schedule, which rule sets it keeps, and the same result whatever the workers."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import spoker.runs.explore as explore_module
from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError
from spoker.runs.explore import MAX_ARMS, explore, fairness, parse_space, schedule
from spoker.runs.study import RuleTally


def test_the_space_is_the_cross_product_over_the_base() -> None:
    found = parse_space("tie=both|none bag=10-10-10|12-9-9", RuleSet.parse("touching, lines=in-level"))
    assert [str(r) for r in found] == [
        "touching, lines=in-level", "touching, lines=in-level, bag=12-9-9",
        "touching, lines=in-level, tie=none", "touching, lines=in-level, tie=none, bag=12-9-9",
    ]
    assert [str(r) for r in parse_space("visible|touching apex-free=off|on off=none|three_kinds+flush_four")][:3] == [
        "visible", "visible, off=three_kinds+flush_four", "visible, apex-free",
    ]
    # The base's own item is replaced, not added to.
    assert [str(r) for r in parse_space("apex-free=on|off", RuleSet.parse("apex-free, tie=none"))] == [
        "visible, apex-free, tie=none", "visible, tie=none",
    ]
    assert [r.order[-1] for r in parse_space(
        "order=three_kinds<flush_three<full_house<flush_four|three_kinds<flush_three<flush_four<full_house")
    ] == ["flush_four", "full_house"]


@pytest.mark.parametrize(
    ("space", "named"),
    [
        ("", "names no item"),
        ("   ", "names no item"),
        ("tie=both|", "'tie=both|'"),
        ("tie=both|both", "'tie=both|both'"),
        ("tie=maybe|none", "'tie=maybe|none'"),
        ("colour=red|blue", "'colour=red|blue'"),
        ("apex-free=yes|no", "'apex-free=yes|no'"),
        ("tie=both|none tie=none", "'tie=none'"),
        ("bag=10-10-10|12-12-12", "'bag=10-10-10|12-12-12'"),
        ("sideways|visible", "'sideways|visible'"),
        ("off=none|flush_five", "'off=none|flush_five'"),
        ("order=three_kinds<flush_three", "'order=three_kinds<flush_three'"),
    ],
)
def test_a_bad_space_is_named(space: str, named: str) -> None:
    with pytest.raises(ArgumentError) as err:
        parse_space(space)
    assert named in str(err.value) and "\n" not in str(err.value)


def test_a_space_too_large_is_refused() -> None:
    with pytest.raises(ArgumentError, match=f"at most {MAX_ARMS}"):
        parse_space("visible|touching lines=any|in-level apex-free=on|off tie=both|none "
                    "bag=10-10-10|11-10-9|12-9-9|9-10-11|10-11-9 off=none|three_kinds|flush_three|full_house")


def test_the_schedule_halves_and_doubles() -> None:
    assert schedule(800, 12) == [(12, 16), (6, 32), (3, 66), (2, 100)]
    assert schedule(64, 4) == [(4, 8), (2, 16)]
    assert schedule(7, 1) == [(1, 6)]  # an even number of games: seats swapped
    with pytest.raises(ArgumentError, match="at least 96"):
        schedule(95, 12)


def fake_play(calls: list[tuple[list[str], int, int]], second: dict[int, float]):  # type: ignore[no-untyped-def]
    """Stands for the games: under bag W-B-R the second seat wins the share
    ``second[W]`` of every round's games, the first the rest."""

    def play(tallies: Sequence[RuleTally], start: int, games: int, seed: int, *_: object) -> None:
        calls.append(([str(t.rules) for t in tallies], start, games))
        for t in tallies:
            wins = round(games * second[t.rules.bag[0]])
            t.games += games
            t.seat_wins[1] += wins
            t.seat_wins[0] += games - wins

    return play


def test_halving_keeps_the_fairest(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[list[str], int, int]] = []
    second = {10: 0.70, 11: 0.56, 12: 0.52, 13: 0.38, 14: 0.49, 15: 0.60}
    monkeypatch.setattr(explore_module, "play_tallies", fake_play(calls, second))
    space = "bag=10-10-10|11-10-9|12-9-9|13-9-8|14-8-8|15-8-7"
    found = explore(("random", "random"), 600, space, seed=1)
    # 6 rule sets: three rounds of 200 games; each keeps the better half, rounded up.
    assert found.rounds == [(6, 32), (3, 66), (2, 100)]
    assert [(len(a), start, games) for a, start, games in calls] == [(6, 0, 32), (3, 32, 66), (2, 98, 100)]
    assert calls[1][0] == ["visible, bag=11-10-9", "visible, bag=12-9-9", "visible, bag=14-8-8"]
    assert calls[2][0] == ["visible, bag=12-9-9", "visible, bag=14-8-8"]
    assert [(t.rules.bag[0], r, t.games) for t, r in found.ranking] == [
        (14, 3, 198), (12, 3, 198), (11, 2, 98), (15, 1, 32), (13, 1, 32), (10, 1, 32),
    ]
    assert found.games == 590 and found.to_json()["ranking"][0]["rank"] == 1
    table = found.table()
    assert "successive halving" in table and "from 'visible'" in table and "visible, bag=14-8-8" in table
    assert "bag=10-10-10" not in table.split("\n", 4)[-1]  # five shown, the worst left out


def test_fairness_ranks_by_balance_then_skill() -> None:
    tally = RuleTally(RuleSet(), ("a", "b"), games=10, seat_wins=[3, 5], draws=2)
    assert fairness(tally, False) == (pytest.approx(0.1), 0.0)  # (5 + 2 / 2) / 10 = 60%
    tally.luck_games = [(1, 500), (-1, -400), (0, 100), (1, 900)]
    distance, skill = fairness(tally, True)
    assert distance == pytest.approx(0.1) and -1 < skill < 0


def test_the_same_seed_gives_the_same_exploration_whatever_the_workers() -> None:
    space = "bag=10-10-10|12-9-9 apex-free=off|on"
    one = explore(("greedy", "random"), 48, space, seed=5)
    two = explore(("greedy", "random"), 48, space, seed=5, workers=2)
    assert one.to_json() == two.to_json()
    assert sum(e["games"] for e in one.to_json()["ranking"]) == one.games == 48
