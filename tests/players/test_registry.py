"""One registry entry a computer player holds what every command needs.

A player registered with a name, a description and a factory alone plays in
``simulate``, ``tournament`` and ``study`` (in units of a few games, the
default for a player of unknown cost), is listed wherever players are, and
``make_player`` tells a bad option from a bug inside a constructor.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from support.commands import run

from shibumi import Cell
from spoker import GameState, RuleSet
from spoker.errors import ArgumentError
from spoker.players import (
    PLAYER_DESCRIPTIONS,
    PLAYER_NAMES,
    PlayerEntry,
    PlayerError,
    level_typo,
    make_player,
    player_entries,
    player_entry,
    player_names,
    register_player,
    unregister_player,
)
from spoker.players.registry import DEFAULT_CHUNK
from spoker.runs.batch import BATCH_PLAYERS
from spoker.runs.simulate import check_players, plan, simulate
from spoker.runs.study import plan_study, run_study
from spoker.runs.tournament import run_tournament


class LowPlayer:
    """Plays the lowest playable cell it can, ties at random."""

    name = "low"

    def __init__(self, seed: int | None = None, tie: str = "random") -> None:
        self.rng = random.Random(seed)
        self.tie = tie

    def choose(self, state: GameState) -> Cell:
        cells = state.legal_cells()
        low = min(c.level for c in cells)
        lowest = [c for c in cells if c.level == low]
        return lowest[0] if self.tie == "first" else self.rng.choice(lowest)


@pytest.fixture
def low() -> Iterator[PlayerEntry]:
    """``low`` registered with a name, a description and a factory only."""
    entry = register_player(PlayerEntry("low", "Plays as low as it can.", LowPlayer))
    try:
        yield entry
    finally:
        unregister_player("low")


def test_spokers_own_players_keep_their_tables() -> None:
    own = {e.name: e for e in player_entries() if e.origin == "spoker"}
    assert list(own) == ["random", "greedy", "lookahead", "expert"]
    assert {n: (e.simulate_chunk, e.study_chunk) for n, e in own.items()} == {
        "random": (500, 2000), "greedy": (200, 1000), "lookahead": (4, 8), "expert": (1, 1),
    }
    # The batch simulator implements two of them (its own list, not the entries').
    assert set(BATCH_PLAYERS) < set(own)
    assert dict(own["expert"].study_options) == {"time_limit": None}
    assert all(not e.study_options for n, e in own.items() if n != "expert")
    assert PLAYER_NAMES == player_names() and set(PLAYER_DESCRIPTIONS) == set(PLAYER_NAMES)


def test_a_new_player_is_listed_and_made(low: PlayerEntry) -> None:
    import spoker.players

    assert player_names()[-1] == "low" and "low" in spoker.players.PLAYER_NAMES
    assert spoker.players.PLAYER_DESCRIPTIONS["low"] == "Plays as low as it can."
    assert player_entry(" LOW ") is low
    assert check_players(["Low", "random"]) == ("low", "random")
    player = make_player("low", 3, tie="first")
    state = GameState()
    state.draw(random.Random(1))
    assert player.choose(state) == min(state.legal_cells())
    assert level_typo("lwo") is None and level_typo("loww") == "low" and level_typo("low") is None


def test_a_new_player_plays_every_run(low: PlayerEntry) -> None:
    units = list(plan(("low", "random"), 7, 1, RuleSet(), True, "auto"))
    assert [u.size for u in units] == [DEFAULT_CHUNK] * 3 + [1] and all(u.block == -1 for u in units)
    tally = simulate(("low", "random"), 6, seed=1, swap=True)
    assert tally.games == 6 and tally.players == ("low", "random")
    assert simulate(("low", "random"), 6, seed=1, swap=True, workers=2).to_json() == tally.to_json()
    with pytest.raises(ArgumentError, match="batch engine plays only random and greedy"):
        simulate(("low", "random"), 2, engine="batch")
    table = run_tournament(["low", "random", "greedy"], 2, seed=1)
    assert sorted(r.name for r in table.standings()) == ["greedy", "low", "random"]
    assert [u.size for u in plan_study(("random", "low"), 5, 1, [RuleSet()])] == [2, 2, 1]
    study = run_study(["low", "greedy"], 4, seed=2, rule_sets=[RuleSet(), RuleSet("touching")])
    assert [t.games for t in study.tallies] == [4, 4]


def test_a_new_player_plays_from_the_command_line(
    low: PlayerEntry, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "low,random", "--games", "4", "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["players"] == ["low", "random"]
    code, out, _ = run(capsys, "tournament", "low", "greedy", "--games", "2", "--json")
    assert code == 0 and {s["name"] for s in json.loads(out)["standings"]} == {"low", "greedy"}
    code, out, _ = run(capsys, "study", "--players", "low,low", "--games", "2", "--rules", "visible", "--json")
    assert code == 0 and json.loads(out)["players"] == ["low", "low"]
    for command in ("simulate", "tournament", "study"):
        code, out, _ = run(capsys, command, "--help")
        assert code == 0 and "low" in out
    code, out, _ = run(capsys, "simulate", "--help")
    assert "  low        Plays as low as it can." in out


def test_an_options_mistake_is_the_users_and_a_constructor_bug_is_a_bug(low: PlayerEntry) -> None:
    with pytest.raises(PlayerError, match=r"'low' does not take 'depth': its options are tie"):
        make_player("low", 1, depth=2)
    with pytest.raises(PlayerError, match="'greedy' does not take 'colour': its options are none"):
        make_player("greedy", 1, colour="red")

    class Broken(LowPlayer):
        def __init__(self, seed: int | None = None) -> None:
            raise TypeError("a bug inside the constructor")

    register_player(PlayerEntry("broken", "Fails.", Broken))
    try:
        with pytest.raises(TypeError, match="a bug inside the constructor"):
            make_player("broken", 1)
    finally:
        unregister_player("broken")

    def seedless() -> LowPlayer:
        return LowPlayer()

    register_player(PlayerEntry("seedless", "Takes no seed.", seedless))
    try:
        with pytest.raises(PlayerError, match=r"'seedless' cannot be made from a seed and \{\}"):
            make_player("seedless")
    finally:
        unregister_player("seedless")


def test_a_factory_function_with_any_options_is_called_with_them() -> None:
    made: list[dict[str, object]] = []

    def factory(seed: int | None = None, **options: object) -> LowPlayer:
        made.append({"seed": seed, **options})
        return LowPlayer(seed)

    register_player(PlayerEntry("made", "Made by a function.", factory))
    try:
        make_player("made", 4, depth=3)
    finally:
        unregister_player("made")
    assert made == [{"seed": 4, "depth": 3}]


@pytest.mark.parametrize(
    ("name", "error"),
    [("Low", "lower-case"), ("a,b", "lower-case"), ("two words", "lower-case"), ("", "lower-case"),
     ("person", "reserved"), ("50%", "lower-case")],
)
def test_a_player_name_must_be_one_lower_case_word(name: str, error: str) -> None:
    with pytest.raises(PlayerError, match=error):
        PlayerEntry(name, "x", LowPlayer)


def test_entries_are_checked_and_frozen(low: PlayerEntry) -> None:
    with pytest.raises(PlayerError, match="'low' already exists"):
        register_player(PlayerEntry("low", "again", LowPlayer))
    with pytest.raises(PlayerError, match="one of Spoker's own"):
        unregister_player("greedy")
    with pytest.raises(PlayerError, match="no computer player is named 'wizard'"):
        unregister_player("wizard")
    with pytest.raises(TypeError, match="study_chunk"):
        PlayerEntry("x", "x", LowPlayer, study_chunk=0)
    with pytest.raises(TypeError, match="factory"):
        PlayerEntry("x", "x", "LowPlayer")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="PlayerEntry"):
        register_player(LowPlayer)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        low.name = "high"  # type: ignore[misc]
    options = {"tie": "first"}
    entry = PlayerEntry("x", "x", LowPlayer, study_options=options)
    options["tie"] = "random"
    assert dict(entry.study_options) == {"tie": "first"}
    with pytest.raises(TypeError):
        entry.study_options["tie"] = "random"  # type: ignore[index]


def test_an_unknown_player_is_one_error_listing_the_known() -> None:
    with pytest.raises(PlayerError, match=r"unknown player 'wizard': expected one of random, greedy"):
        make_player("wizard")
    with pytest.raises(ArgumentError, match="unknown player 'Wizard'"):
        check_players(["Wizard"])
    with pytest.raises(TypeError, match="player's name"):
        player_entry(3)  # type: ignore[arg-type]
