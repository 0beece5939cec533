"""Plug-ins: players and variants that installed distributions offer as entry points.

The fast tests put distributions' metadata (``NAME-VERSION.dist-info`` with
an ``entry_points.txt``) and their modules in a temporary folder on
``sys.path``, which is where ``importlib.metadata`` finds installed
distributions. The slow one installs docs/plugins.md's example with pip into
a fresh virtual environment and runs every command that should follow it.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.commands import run

import spoker
from spoker import RuleSet, parse_state
from spoker import plugins as plugins_module
from spoker.engine import rules as rules_module
from spoker.engine.rules import variant_names
from spoker.errors import PluginError
from spoker.players import PlayerError, make_player, player_entry, player_names
from spoker.players import registry as registry_module

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "plugins.md"
BOARD = "BRBRBWBRWRBRWBWR/BWBWBRBRW/.R../."
"""Player 1 holds a white ball: on 3C3 it makes a flush three that climbs."""
STATE = f"{BOARD} 1 3-2 - W *"

GOOD = '''
import random


class CarefulPlayer:
    """Plays the first playable cell."""

    name = "careful"

    def __init__(self, seed=None, first=True):
        self.rng = random.Random(seed)

    def choose(self, state):
        return state.legal_cells()[0]


from spoker import Variant

FLAT = Variant("flat-lines", "no line counts", lambda r: r.without(lambda p: p.kind in (3, 4), "flat"))
'''

BROKEN = '''
from spoker import Variant


class Plays:
    def __init__(self, seed=None):
        pass

    def choose(self, state):
        return state.legal_cells()[0]


class Renamed(Plays):
    name = "other"


class NoChoose:
    name = "nochoose"


class Random(Plays):
    name = "random"


class NoSeed(Plays):
    name = "noseed"

    def __init__(self, depth):
        pass


class Twin(Plays):
    name = "twin"


def factory(seed=None):
    return Twin(seed)


NOT_A_VARIANT = "level-lines"
TOUCHING = Variant("touching", "again", lambda r: r)
WRONG_NAME = Variant("right-name", "named otherwise", lambda r: r)
'''

CRASHY = '''
class CrashyPlayer:
    name = "crashy"

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, state):
        return state.legal_cells()[0] + None  # the plug-in's own bug
'''

BROKEN_POINTS = {
    "spoker.players": {
        "oops": "nothere:Player", "renamed": "broken_plugin:Renamed",
        "nochoose": "broken_plugin:NoChoose", "random": "broken_plugin:Random",
        "function": "broken_plugin:factory", "twin": "broken_plugin:Twin",
        "noseed": "broken_plugin:NoSeed",
    },
    "spoker.variants": {
        "not-a-variant": "broken_plugin:NOT_A_VARIANT", "touching": "broken_plugin:TOUCHING",
        "wrong-name": "broken_plugin:WRONG_NAME", "gone": "broken_plugin:NOTHING",
    },
}
"""Every way of being broken, and the words that tell it."""
WHY = {
    "oops": "cannot be imported (ModuleNotFoundError", "renamed": "whose name is 'other'",
    "nochoose": "not a player class", "random": "'random' already exists",
    "function": "not a player class", "twin": "too: neither is loaded",
    "noseed": "cannot be made from a seed and {}: missing a required argument: 'depth'",
    "not-a-variant": "not a spoker.Variant", "touching": "'touching' already exists",
    "wrong-name": "is the variant 'right-name'", "gone": "cannot be imported (AttributeError",
}


def _entry_points(points: dict[str, dict[str, str]]) -> str:
    return "".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in named.items()) + "\n"
        for group, named in points.items()
    )


def _metadata(name: str, version: str) -> str:
    return f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"


def _put(folder: Path, name: str, version: str, points: dict[str, dict[str, str]], modules: dict[str, str]) -> None:
    """A distribution as pip leaves it: its modules and its ``.dist-info``."""
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(_metadata(name, version), encoding="utf-8")
    (info / "entry_points.txt").write_text(_entry_points(points), encoding="utf-8")


def _install(
    folder: Path, monkeypatch: pytest.MonkeyPatch,
    distributions: list[tuple[str, str, dict[str, dict[str, str]], dict[str, str]]],
) -> None:
    """The ``distributions`` (name, version, entry points, modules) installed
    in ``folder`` on ``sys.path``, and registries that know nothing of them
    yet (restored after the test)."""
    for name, version, points, modules in distributions:
        _put(folder, name, version, points, modules)
    monkeypatch.setattr(plugins_module, "LOADED", {})
    monkeypatch.syspath_prepend(str(folder))
    importlib.invalidate_caches()
    monkeypatch.setattr(registry_module, "_ENTRIES", dict(registry_module._ENTRIES))
    monkeypatch.setattr(registry_module, "_PLUGINS", plugins_module.Plugins("spoker.players", registry_module._accept))
    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
    monkeypatch.setattr(rules_module, "_ORIGINS", {}, raising=False)
    monkeypatch.setattr(rules_module, "_PLUGINS", plugins_module.Plugins("spoker.variants", rules_module._accept))


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of installed distributions on ``sys.path``."""
    _install(tmp_path, monkeypatch, [
        ("spoker-good", "1.0", {
            "spoker.players": {"careful": "good_plugin:CarefulPlayer"},
            "spoker.variants": {"flat-lines": "good_plugin:FLAT"},
        }, {"good_plugin": GOOD}),
        ("spoker-broken", "0.1", BROKEN_POINTS, {"broken_plugin": BROKEN}),
        ("spoker-twin", "2.0", {"spoker.players": {"twin": "broken_plugin:Twin"}}, {}),
        ("spoker-crashy", "1.0", {"spoker.players": {"crashy": "crashy_plugin:CrashyPlayer"}},
         {"crashy_plugin": CRASHY}),
    ])
    yield tmp_path
    for module in ("good_plugin", "broken_plugin", "crashy_plugin"):
        sys.modules.pop(module, None)


def test_a_name_looks_up_that_plugin_alone(installed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    player = make_player("Careful", 3, first=False)
    assert type(player).__name__ == "CarefulPlayer"
    assert player_entry("careful").origin == "distribution spoker-good 1.0"
    assert player_entry("careful").description == "Plays the first playable cell."
    rules = RuleSet.parse("touching, flat-lines")
    assert rules.variants == ("flat-lines",) and str(rules) == "touching, flat-lines"
    state = parse_state(f"{STATE} {rules.token}")
    assert state.rules == rules and parse_state(state.to_string()) == state
    assert "broken_plugin" not in sys.modules  # nothing else was imported...
    assert capsys.readouterr().err == ""  # ...nor told


def test_the_commands_follow_an_installed_plugin(installed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "groups", BOARD, "W@3C3", "--rules", "flat-lines", "--json")
    assert (code, err) == (0, "") and json.loads(out)["best"] is None
    code, out, err = run(capsys, "simulate", "--players", "careful,random", "--games", "3", "--json")
    assert (code, err) == (0, "") and json.loads(out)["players"] == ["careful", "random"]


def test_a_broken_plugin_is_one_line_and_the_others_work(
    installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = player_names()
    assert names[:4] == ("random", "greedy", "lookahead", "expert") and names[4:] == ("careful", "crashy")
    assert variant_names() == ("visible", "touching", "apex-free", "flat-lines")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == len(WHY) + 1  # twin: one line for each distribution claiming it
    for name, why in WHY.items():
        told = [line for line in lines if line.startswith(f"spoker: plug-in {name!r} of distribution ")]
        assert told and all(why in line and line.endswith("; it is left out") for line in told), (name, lines)
    assert sum(line.startswith(f"spoker: plug-in {n!r} of distribution spoker-broken 0.1 (") for line in lines
               for n in WHY) == len(WHY)
    assert any("'twin' of distribution spoker-twin 2.0 (" in line for line in lines)
    documented = re.search(r"^  (spoker: plug-in 'oops' .*)$", DOC.read_text(encoding="utf-8"), re.M)
    assert documented is not None and documented.group(1) in lines
    # Loaded once: asking again tells nothing more, and Spoker's own still work.
    assert player_names() == names and variant_names()[-1] == "flat-lines"
    assert make_player("random", 1).name == "random" and RuleSet.parse("touching").visibility == "touching"
    assert capsys.readouterr().err == ""


def test_an_unknown_name_is_refused_naming_the_installed_ones(
    installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(PlayerError, match=r"unknown player 'wizard': expected one of random, .*careful"):
        make_player("wizard")
    with pytest.raises(spoker.RulesError, match=r"unknown rule variant 'wizard'.*apex-free or flat-lines"):
        RuleSet.parse("visible, wizard")
    with pytest.raises(spoker.RulesError, match="unknown rule variant 'wizard'"):
        RuleSet("visible", False, ("wizard",))
    code, _, err = run(capsys, "groups", BOARD, "W@3C3", "--rules", "wizard")
    assert code == 2 and err.splitlines()[-1].startswith("spoker groups: error: unknown rule variant 'wizard'")


def test_a_plugin_needs_only_the_top_level_package() -> None:
    for name in ("Variant", "register_variant", "variant_names", "Rulings", "Pattern", "Cell",
                 "GameState", "Player", "PlayerEntry", "make_player", "player_names", "register_player"):
        assert name in spoker.__all__ and getattr(spoker, name) is not None
    assert callable(spoker.Rulings().without) and {"kind", "cells"} <= set(spoker.Pattern._fields)
    assert spoker.Cell(29).level == 4 and spoker.player_names()[0] == "random"


LIGHT_PROBE = """
import contextlib, io, json, sys
from spoker.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(json.loads(sys.argv[1]))
print(json.dumps({"code": code, "out": out.getvalue(), "metadata": "importlib.metadata" in sys.modules}))
"""


@pytest.mark.parametrize(
    ("rules", "asks"), [("visible", False), ("touching, apex-free", False), ("level-lines", True)]
)
def test_a_light_command_asks_the_installed_distributions_only_for_a_name_not_its_own(
    rules: str, asks: bool, tmp_path: Path
) -> None:
    _put(tmp_path, "spoker-levels", "0.1", {"spoker.variants": {"level-lines": "level_lines:LEVEL_LINES"}},
         {"level_lines": _doc_files()["spoker_level_lines.py"]})
    done = subprocess.run(
        [sys.executable, "-c", LIGHT_PROBE, json.dumps(["groups", BOARD, "W@3C3", "--rules", rules, "--json"])],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])},
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["code"] == 0 and seen["metadata"] is asks
    assert (json.loads(seen["out"])["best"] is None) is (rules == "level-lines")


# -- the documented example, installed with pip ---------------------------------------
def _doc_files() -> dict[str, str]:
    """docs/plugins.md's code blocks by the file they are (```toml title="pyproject.toml")."""
    files: dict[str, str] = {}
    for name, body in re.findall(r'```\w+ title="([^"]+)"\n(.*?)```', DOC.read_text(encoding="utf-8"), re.S):
        files[name] = files.get(name, "") + body
    return files


DRIVER = """
import contextlib, io, json, sys
from spoker.cli import main

def spoker(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = stop.code
    return {"code": code, "out": out.getvalue(), "err": err.getvalue()}

board, state, suite, record = sys.argv[1:5]
seen = {
    "tournament": spoker("tournament", "cautious", "random", "--games", "2", "--seed", "1", "--json"),
    "study": spoker("study", "--players", "cautious,greedy", "--games", "2", "--rules", "visible",
                    "visible, level-lines", "--json"),
    "workers": spoker("simulate", "--players", "random,cautious", "--games", "6", "--workers", "2",
                      "--seed", "5", "--json"),
    "dask": spoker("simulate", "--players", "random,cautious", "--games", "6", "--workers", "2",
                   "--seed", "5", "--cluster", "dask", "--json"),
    "help": spoker("simulate", "--help"),
    "groups": spoker("groups", board, "W@3C3", "--rules", "visible, level-lines", "--json"),
    "show": spoker("show", state + " touching,level-lines"),
    "suite": spoker("suite", suite, "--json"),
    "hint": spoker("hint", state + " visible,level-lines", "W", "--json"),
    "record": spoker("show", record),
}
import spoker as api
from shibumi import parse_board
from spoker.players import level_typo
from spoker.gui.models.lab import ask
from spoker.gui.views.title import seat_options, seat_tip
from spoker.interop import gymnasium_env, pettingzoo_env

env = gymnasium_env.SpokerEnv(opponent="cautious", seat=2, rules="level-lines")
observation, info = env.reset(seed=3)
zoo = pettingzoo_env.env(rules="visible, level-lines")
zoo.reset(seed=1)
lab = ask(parse_board(board), "3C3", "W", (api.RuleSet.parse("visible"), api.RuleSet.parse("visible, level-lines")))
seen["python"] = {
    "lab": [[(v.group.rank.key, v.standing.counts) for v in a.judged] for a in lab.answers],
    "spoker": api.__file__, "seats": seat_options(), "tip": seat_tip("cautious"),
    "typo": level_typo("cautous"), "gym": str(env.rules), "zoo": str(zoo.unwrapped.game.rules),
    "opponent": type(env.opponent).__name__,
}
print(json.dumps(seen))
"""


@pytest.mark.slow
def test_the_documented_plugin_installs_and_plays_everywhere(tmp_path: Path) -> None:
    project = tmp_path / "spoker-levels"
    project.mkdir()
    for name, text in _doc_files().items():
        (project / name).write_text(text, encoding="utf-8")
    assert set(_doc_files()) == {"pyproject.toml", "spoker_cautious.py", "spoker_level_lines.py"}
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
                   check=True, timeout=120)
    python = venv / "bin" / "python"
    # pip builds and installs the project as a user would (pip of this interpreter, for the
    # venv's), with the setuptools of the dev extra: no network, so no isolated build.
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
         "--no-build-isolation", "--disable-pip-version-check", str(project)],
        capture_output=True, text=True, timeout=300,
    )
    assert install.returncode == 0, install.stderr
    # The working tree under test is what the environment imports (not another install).
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ARCADE_HEADLESS": "1"}
    real = subprocess.run(
        [str(python), "-m", "spoker", "simulate", "--players", "cautious,random", "--games", "4", "--json"],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path,
    )
    assert real.returncode == 0 and real.stderr == "", real.stderr
    assert json.loads(real.stdout)["players"] == ["cautious", "random"]

    suite = tmp_path / "cases.txt"
    suite.write_text(f"{BOARD} W@3C3 => flush_three@3 1A5 2B4 3C3\n{BOARD} W@3C3 visible,level-lines => none\n")
    record = tmp_path / "game.txt"
    record.write_text("Rules: touching, level-lines\nPlayer1Type: cautious\n\n1. W@1A1\n2. B@1C1\n")
    driver = subprocess.run(
        [str(python), "-c", DRIVER, BOARD, STATE, str(suite), str(record)],
        capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path,
    )
    assert driver.returncode == 0, driver.stderr
    seen = json.loads(driver.stdout)
    for command, result in seen.items():
        if command != "python":
            assert result["code"] == 0 and result["err"] == "", (command, result)
    assert Path(seen["python"]["spoker"]).resolve() == ROOT / "spoker" / "__init__.py"
    assert {s["name"] for s in json.loads(seen["tournament"]["out"])["standings"]} == {"cautious", "random"}
    assert [r["rules"] for r in json.loads(seen["study"]["out"])["rules"]] == ["visible", "visible, level-lines"]
    assert json.loads(seen["workers"]["out"])["players"] == ["random", "cautious"]
    # Dask's worker processes find the plug-in as the command did, and play the same games.
    assert json.loads(seen["dask"]["out"]) == json.loads(seen["workers"]["out"])
    assert "  cautious   Plays as low on the pyramid as it can" in seen["help"]["out"]
    assert json.loads(seen["groups"]["out"])["best"] is None
    assert "touching, level-lines" in seen["show"]["out"] or "touching,level-lines" in seen["show"]["out"]
    assert [json.loads(line).get("pass") for line in seen["suite"]["out"].splitlines()[:2]] == [True, True]
    assert json.loads(seen["hint"]["out"])["state"].endswith(" visible,level-lines")
    assert "level-lines" in seen["record"]["out"]
    python_side = seen["python"]
    assert ["cautious", "Computer: cautious"] in python_side["seats"]
    assert python_side["tip"].startswith("Plays as low on the pyramid")
    assert python_side["typo"] == "cautious" and python_side["opponent"] == "CautiousPlayer"
    assert python_side["gym"] == "visible, level-lines" and python_side["zoo"] == "visible, level-lines"
    # The laboratory judges the query under the variant too: the climbing flush
    # three counts under the visible rules, not with level-lines.
    plain, levels = python_side["lab"]
    assert ["flush_three", True] in plain and ["flush_three", False] in levels


def test_a_bug_in_a_plugin_is_told_as_the_plugins(installed: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--players", "crashy,random", "--games", "1", "--json")
    assert code == 1 and out == ""
    assert "crashy_plugin.py" in err and err.startswith("Traceback (most recent call last):")
    assert err.splitlines()[-1] == (
        "spoker simulate: this is a bug in plug-in 'crashy' of distribution spoker-crashy 1.0 (TypeError), "
        "not a mistake in what you gave it: please report it with the traceback above"
    )


# -- a plug-in's mistakes are its own, by name ----------------------------------------
ENDS_IMPORT = {
    "exits": "import sys\nsys.exit(3)\n",
    "interrupts": "raise KeyboardInterrupt\n",
    "exits-quietly": "raise SystemExit\n",
}
"""Modules whose import ends the process, or seems to be a Ctrl-C."""

MISTAKEN = '''
from spoker import Cell, Variant


class _Plays:
    def __init__(self, seed=None):
        self.seed = seed


class Raiser(_Plays):
    name = "raiser"

    def choose(self, state):
        raise RuntimeError("the raiser gives up")


class StrCell(_Plays):
    name = "strcell"

    def choose(self, state):
        return str(state.legal_cells()[0])


class NoneCell(_Plays):
    name = "nonecell"

    def choose(self, state):
        return None


class BadCell(_Plays):
    name = "badcell"

    def choose(self, state):
        return next(Cell(i) for i in range(30) if Cell(i) not in state.legal_cells())


NONE_RULES = Variant("none-rules", "returns nothing", lambda rulings: None)
BAD_BUT = Variant("bad-but", "passes but() a wrong type", lambda rulings: rulings.but(apex_free="yes"))
ESC_WHY = Variant("esc-why", "a reason in red", lambda rulings: rulings.without(lambda p: p.kind == 3, "\x1b[31mred"))
'''

MISTAKEN_POINTS = {
    "spoker.players": {
        "raiser": "mistaken_plugin:Raiser", "strcell": "mistaken_plugin:StrCell",
        "nonecell": "mistaken_plugin:NoneCell", "badcell": "mistaken_plugin:BadCell",
    },
    "spoker.variants": {
        "none-rules": "mistaken_plugin:NONE_RULES", "bad-but": "mistaken_plugin:BAD_BUT",
        "esc-why": "mistaken_plugin:ESC_WHY",
    },
}
MISTAKEN_WORDS = "of distribution spoker-mistaken 1.0"


@pytest.fixture
def mistaken(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Plug-ins that end their import, and one module of several mistaken ones."""
    _install(tmp_path, monkeypatch, [
        ("spoker-good", "1.0", {"spoker.players": {"careful": "good_plugin:CarefulPlayer"}}, {"good_plugin": GOOD}),
        ("spoker-ends", "0.1", {"spoker.players": {
            name: f"{name.replace('-', '_')}_plugin:Player" for name in ENDS_IMPORT
        }}, {f"{name.replace('-', '_')}_plugin": text for name, text in ENDS_IMPORT.items()}),
        ("spoker-mistaken", "1.0", MISTAKEN_POINTS, {"mistaken_plugin": MISTAKEN}),
    ])
    yield tmp_path
    for module in ("good_plugin", "mistaken_plugin", *(f"{n.replace('-', '_')}_plugin" for n in ENDS_IMPORT)):
        sys.modules.pop(module, None)


def test_a_plugin_ending_its_import_is_left_out_and_the_command_goes_on(
    mistaken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """sys.exit() or a KeyboardInterrupt raised at a plug-in's import ends
    neither the listing nor the command: the plug-in is named and left out."""
    code, out, err = run(capsys, "simulate", "--help")
    assert code == 0 and "  careful " in out and "  badcell " in out
    lines = err.splitlines()
    assert lines == [
        f"spoker: plug-in {name!r} of distribution spoker-ends 0.1 (spoker.players = "
        f"'{name.replace('-', '_')}_plugin:Player') cannot be imported ({why}); it is left out"
        for name, why in (("exits", "SystemExit: 3"), ("interrupts", "KeyboardInterrupt"),
                          ("exits-quietly", "SystemExit"))
    ]
    # Told once: the next listing says nothing more.
    code, _, err = run(capsys, "simulate", "--players", "careful,random", "--games", "1", "--json")
    assert (code, err) == (0, "") and "exits" not in player_names()


CTRL_C_AT_IMPORT = "import signal\nsignal.raise_signal(signal.SIGINT)\nNOT_REACHED = 1\n"


def test_a_real_ctrl_c_while_a_plugin_imports_stays_a_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A KeyboardInterrupt the plug-in raises is its own; the key pressed
    (SIGINT) while it imports is the person's: the command stops."""
    _install(tmp_path, monkeypatch, [
        ("spoker-slow", "1.0", {"spoker.players": {"slow": "slow_plugin:Player"}}, {"slow_plugin": CTRL_C_AT_IMPORT}),
    ])
    # As a terminal gives Ctrl-C: a suite started in the background ignores SIGINT.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code, out, err = run(capsys, "simulate", "--players", "slow,random", "--games", "1")
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.modules.pop("slow_plugin", None)
    assert (code, out, err) == (130, "", "spoker simulate: interrupted\n")


@pytest.mark.parametrize(("name", "answer"), [
    ("badcell", r"chose \dD?[A-G]\d, which is not playable now"),
    ("nonecell", r"answered None, not a cell"),
    ("strcell", r"answered '1A1', not a cell"),
])
def test_a_plugin_players_illegal_answer_is_told_as_its_own(
    mistaken: Path, capsys: pytest.CaptureFixture[str], name: str, answer: str
) -> None:
    """Not the person's mistake ("error: 2B2 is not playable") nor a bug in
    spoker: one line naming the plug-in."""
    code, out, err = run(capsys, "simulate", "--players", f"random,{name}", "--games", "1", "--seed", "2")
    assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
    assert re.fullmatch(
        rf"spoker simulate: error: plug-in '{name}' {MISTAKEN_WORDS} {answer}: a mistake in the player, "
        r"not in the game\n", err,
    ), err


def test_the_gymnasium_opponents_illegal_answer_is_the_opponents(mistaken: Path) -> None:
    from spoker.interop.gymnasium_env import SpokerEnv

    env = SpokerEnv(opponent="badcell", seat=1)
    _, info = env.reset(seed=1)
    learner = int(next(i for i, legal in enumerate(info["action_mask"]) if legal))
    with pytest.raises(PluginError, match=rf"^the opponent, plug-in 'badcell' {MISTAKEN_WORDS} chose "):
        env.step(learner)
    with pytest.raises(PluginError, match="^the opponent, plug-in 'nonecell' .* answered None"):
        SpokerEnv(opponent="nonecell", seat=2).reset(seed=1)


@pytest.mark.parametrize(("name", "why"), [
    ("badcell", "which is not playable now"), ("nonecell", "answered None"), ("raiser", "failed (RuntimeError"),
])
def test_the_window_plays_the_lowest_cell_for_a_mistaken_plugin_and_names_it(
    mistaken: Path, name: str, why: str
) -> None:
    """The game goes on (it used to stay at move 0 for good, or stop on an
    AssertionError), and the screen's line names the plug-in."""
    from spoker.gui.models.computer_turns import ComputerTurns
    from spoker.gui.models.controller import GameController, GameSetup
    from spoker.runs.workers import InlineExecutor

    game = GameController(GameSetup(("A", "B"), (name, "random"), spoker.RuleSet(), 7, False))
    turns = ComputerTurns(InlineExecutor())
    assert turns.step(0.1, game, (0.0, 0.0)) is not None  # draw
    game.draw()
    turns.drawn(game, (0.0, 0.0))
    action = turns.step(0.1, game, (0.0, 0.0))
    assert action is not None and action.kind == "place" and action.cell == game.state.legal_cells()[0]
    assert action.error.startswith(f"plug-in {name!r} {MISTAKEN_WORDS} ") and why in action.error


def test_a_bug_is_blamed_on_the_plugin_that_raised_not_the_last_of_its_module(
    mistaken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert player_names()[-1] == "badcell"  # all four loaded from one module, badcell last
    code, _, err = run(capsys, "simulate", "--players", "raiser,random", "--games", "1")
    assert code == 1 and "the raiser gives up" in err
    assert err.splitlines()[-1].startswith(
        f"spoker simulate: this is a bug in plug-in 'raiser' {MISTAKEN_WORDS} (RuntimeError)"
    )


def test_a_bug_in_a_worker_process_is_blamed_on_the_plugin_too(
    mistaken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The worker's traceback comes as text: its files name the plug-in."""
    code, _, err = run(capsys, "simulate", "--players", "raiser,random", "--games", "2", "--workers", "2")
    assert code == 1 and "the raiser gives up" in err
    assert err.splitlines()[-1].startswith(
        f"spoker simulate: this is a bug in plug-in 'raiser' {MISTAKEN_WORDS} (RuntimeError)"
    )


@pytest.mark.parametrize(("name", "why"), [
    ("none-rules", "changed the rulings into None, not a Rulings"),
    ("bad-but", "failed to change the rulings (TypeError: apex_free 'yes': expected True or False)"),
    ("esc-why", r"gave the reason '\x1b[31mred', not one printable line"),
])
def test_a_plugin_variants_mistake_is_told_as_its_own(
    mistaken: Path, capsys: pytest.CaptureFixture[str], name: str, why: str
) -> None:
    code, out, err = run(capsys, "groups", BOARD, "W@3C3", "--rules", f"visible, {name}")
    assert (code, out) == (2, "")
    assert err == (
        f"spoker groups: error: plug-in variant {name!r} {MISTAKEN_WORDS} {why}: a mistake in the variant, "
        "not in what you gave\n"
    )


@pytest.mark.parametrize("name", [
    "rt-esc\x1b[2j\x1b[31m", "bell\x07", "nul\x00", "tab\tname", "Upper", "é", "-dash", "", "a b", "a,b",
])
def test_a_name_outside_the_documented_rule_is_refused(name: str) -> None:
    """docs/plugins.md: names are one lower-case word of a-z 0-9 - _ . (no
    control character ever reaches a terminal through ``groups`` or ``show``)."""
    with pytest.raises(spoker.RulesError, match="variant name .*: expected a lower-case word"):
        spoker.Variant(name, "a summary", lambda rulings: rulings)
    with pytest.raises(PlayerError, match="player name .*: expected a lower-case word"):
        spoker.PlayerEntry(name, "a description", lambda seed=None: None)  # type: ignore[arg-type,return-value]
    for good in ("level-lines", "v2.1", "a_b", "9lives"):
        assert spoker.Variant(good, "", lambda rulings: rulings).name == good


@pytest.mark.parametrize("words", ["two\nlines", "esc\x1b[2J", "bell\x07"])
def test_a_summary_or_description_with_a_control_character_is_refused(words: str) -> None:
    """Shown as they are (--help, the title screen): one printable line."""
    with pytest.raises(spoker.RulesError, match="summary .* must be one printable line"):
        spoker.Variant("fine-name", words, lambda rulings: rulings)
    with pytest.raises(PlayerError, match="description .* must be one printable line"):
        spoker.PlayerEntry("fine-name", words, lambda seed=None: None)  # type: ignore[arg-type,return-value]
