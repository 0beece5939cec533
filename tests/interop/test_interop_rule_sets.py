"""The interop constructors under rule sets other than the four built-in ones:
items and rules files, and an observation that stays in [0, 1] under any bag."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.strategies import any_rule_sets

from spoker import GameState, RuleSet
from spoker.errors import NotationError, StorageError
from spoker.interop.encoding import LAYOUT, encode

LEVEL_LINES = """\
name = "level-lines"
summary = "Only lines within one level count"
lines = "in-level"
bag = [12, 9, 9]
"""


@pytest.fixture
def rules_file(tmp_path: Path) -> Path:
    path = tmp_path / "level-lines.toml"
    path.write_text(LEVEL_LINES, encoding="utf-8")
    return path


def test_the_bag_plane_is_the_share_of_each_colour_left() -> None:
    state = GameState(RuleSet.parse("bag=20-10-0"))
    state.apply_draw(0)
    bag = encode(state, 1)[LAYOUT["bag"]]
    assert bag.tolist() == pytest.approx([19 / 20, 1.0, 0.0])


@settings(max_examples=40, deadline=None)
@given(any_rule_sets(), st.randoms(use_true_random=False))
def test_every_entry_is_in_0_1_under_any_rule_set(rules: RuleSet, rng: object) -> None:
    state = GameState(rules)
    while True:
        for observer in (1, 2):
            obs = encode(state, observer)
            assert ((obs >= 0) & (obs <= 1)).all(), (str(rules), state.to_string())
        if state.is_over:
            break
        state.draw(rng)  # type: ignore[arg-type]
        state.apply_place(state.legal_cells()[0])


def test_pettingzoo_and_gymnasium_take_items_and_rules_files(rules_file: Path) -> None:
    import gymnasium

    import spoker.interop.gymnasium_env  # noqa: F401  (registers the environment)
    from spoker.interop import pettingzoo_env

    expect = RuleSet.parse("lines=in-level, bag=12-9-9")
    for rules in (str(rules_file), "lines=in-level, bag=12-9-9", expect):
        env = pettingzoo_env.raw_env(rules=rules)
        env.reset(seed=1)
        assert env.game.rules == expect
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # gymnasium's checker on a custom space
            gym = gymnasium.make("spoker/Spoker-v0", opponent="random", rules=rules)
        obs, _ = gym.reset(seed=1)
        assert gym.unwrapped.rules == expect
        assert gym.observation_space.contains(obs)
    with pytest.raises(NotationError, match="bag=9-9-9"):
        pettingzoo_env.raw_env(rules="bag=9-9-9")
    with pytest.raises(StorageError, match="missing.toml"):
        pettingzoo_env.raw_env(rules=str(rules_file.with_name("missing.toml")))


def test_openspiel_takes_items_as_a_game_parameter_and_a_rules_file(rules_file: Path) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import spoker.interop.openspiel_game as og

    for rules in ("touching, lines=in-level, off=three_kinds+flush_three, tie=none, bag=12-9-9",
                  "order=flush_three<three_kinds<full_house<flush_four, apex-free"):
        expect = RuleSet.parse(rules)
        game = pyspiel.load_game(f"python_spoker(rules={og.rules_param(expect)})")
        assert game.rules == expect
        assert pyspiel.load_game(str(game)).rules == expect  # the game string loads back
        assert og.SpokerGame({"rules": rules}).rules == expect  # commas and '=' read too
    state = pyspiel.load_game("python_spoker(rules=visible+bag:20-10-0)").new_initial_state()
    assert state.chance_outcomes() == [(0, 2 / 3), (1, 1 / 3)]
    game = pyspiel.load_game(f"python_spoker(rules={rules_file})")
    assert game.rules == RuleSet.parse("lines=in-level, bag=12-9-9")
    assert pyspiel.load_game(str(game)).rules == game.rules


def test_a_bad_openspiel_parameter_is_refused_quoting_it() -> None:
    pytest.importorskip("pyspiel")
    import spoker.interop.openspiel_game as og

    for param in ("visible+bag:9-9-9", "tie:sometimes", "off:three_kinds+diagonal"):
        with pytest.raises(NotationError, match=repr(param).replace("+", r"\+")):
            og.rules_from_param(param)
