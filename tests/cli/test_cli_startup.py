"""The command line starts at once: each command imports what it needs.

``spoker --help`` lists every command from a static table, a command imports
only its own module, and the light commands never import numpy, arcade or
the computer players, nor the parts of the engine they do not use: a query
of ``groups`` and a ``suite`` need no game state, narrator or records, and
``show STATE`` no records or replays (their timings, in a fresh virtual
environment as a user installs Spoker: ``bench/startup.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import spoker
from spoker.cli import COMMANDS, SUBCOMMANDS, build_parser, chosen_command

ROOT = Path(__file__).resolve().parents[2]
BOARD = "WB............../........./..../."
STATE = "WB..BB........../........./..../. 1 0-0 - R * visible"
HEAVY = ("numpy", "numba", "arcade", "pyglet", "PIL", "spoker.players", "spoker.runs.simulate", "spoker.gui")

PROBE = """
import contextlib, io, json, sys
from spoker.cli import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(json.loads(sys.argv[1]))
    except SystemExit as stop:  # --help
        code = stop.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def probe(*argv: str) -> dict:
    """Run ``spoker ARGV`` in a fresh interpreter: exit code, output, modules imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(argv)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("groups", BOARD, "R@1E1", "--json"),
        ("groups", BOARD, "R@1E1"),
        ("show", STATE),
        ("suite", str(ROOT / "assets" / "suites" / "worked-examples.txt")),
    ],
)
def test_light_commands_import_no_numpy_arcade_or_players(argv: tuple[str, ...]) -> None:
    # nor numba: a search compiles (or loads its cache) only when one is made
    seen = probe(*argv)
    assert seen["code"] == 0
    assert seen["out"]
    assert [m for m in HEAVY if m in seen["modules"]] == []


COSTLY_STDLIB = ("dataclasses", "inspect", "shutil")
"""Standard modules a light command can do without, costing it 2.5 to 8 ms
of a 40 ms start each (bench/startup.py): named tuples stand for dataclasses,
the parser asks os for the terminal width."""


@pytest.mark.parametrize(
    "argv",
    [
        ("--help",),
        ("groups", BOARD, "R@1E1", "--json"),
        ("show", STATE),
        ("suite", str(ROOT / "assets" / "suites" / "worked-examples.txt")),
    ],
)
def test_light_commands_import_no_costly_standard_module(argv: tuple[str, ...]) -> None:
    # Measured against a bare interpreter's modules: a site hook of the
    # environment may import one of them before spoker starts.
    bare = subprocess.run(
        [sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=True,
    )
    already = set(json.loads(bare.stdout))
    seen = probe(*argv)
    assert seen["code"] == 0
    assert [m for m in COSTLY_STDLIB if m in seen["modules"] and m not in already] == []


GAME = ("spoker.engine.state", "spoker.text.narrator", "spoker.records.record", "spoker.records.replay")
"""The game: states and their tables, sentences, records."""


@pytest.mark.parametrize(
    ("argv", "unused"),
    [
        (("groups", BOARD, "R@1E1", "--json"), (*GAME, "spoker.records.suite")),
        (("suite", str(ROOT / "assets" / "suites" / "worked-examples.txt")), GAME),
        (("show", STATE), ("spoker.records.record", "spoker.records.replay")),
        (("show", BOARD), ("spoker.records.record", "spoker.records.replay")),
    ],
    ids=["groups --json", "suite", "show STATE", "show BOARD"],
)
def test_light_commands_import_no_part_of_the_engine_they_do_not_use(
    argv: tuple[str, ...], unused: tuple[str, ...]
) -> None:
    seen = probe(*argv)
    assert seen["code"] == 0
    assert seen["out"]
    assert [m for m in unused if m in seen["modules"]] == []


def test_the_readers_of_input_import_no_engine() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import json, sys, spoker.cli.streams, spoker.records.inputs;"
         " print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    modules = json.loads(done.stdout)
    engine = ("spoker.engine.judging", "spoker.engine.groups", "spoker.engine.rules", "spoker.engine.events", *GAME)
    assert [m for m in engine if m in modules] == []


def test_groups_json_answers_from_a_fresh_interpreter() -> None:
    seen = probe("groups", BOARD, "R@1E1", "--json")
    answer = json.loads(seen["out"])
    assert answer["best"]["rank"] == "three_kinds"
    assert answer["best"]["cells"] == ["1A1", "1C1", "1E1"]


def test_help_imports_no_command_module_and_no_engine() -> None:
    modules = probe("--help")["modules"]
    commands = [m for m in modules if m.startswith("spoker.cli.") and m.endswith("_cmd")]
    assert commands == []
    assert "spoker.engine.state" not in modules and "spoker.engine.groups" not in modules


def test_a_command_imports_its_own_module_only() -> None:
    modules = probe("show", STATE)["modules"]
    commands = [m for m in modules if m.startswith("spoker.cli.") and m.endswith("_cmd")]
    assert commands == ["spoker.cli.show_cmd"]


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:  # type: ignore[type-arg]
    (action,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action


def test_the_table_holds_each_command_and_the_help_its_module_registers() -> None:
    registered = {a.dest: a.help for a in _subparsers(build_parser())._choices_actions}
    assert registered == dict(COMMANDS)
    assert SUBCOMMANDS == tuple(registered)  # the same order


def test_top_help_is_the_same_without_importing_the_commands() -> None:
    assert build_parser("").format_help() == build_parser().format_help()
    assert "tournament" in build_parser("").format_help()


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_a_command_help_is_the_same_when_only_it_is_imported(command: str) -> None:
    alone = _subparsers(build_parser(command)).choices[command]
    among_all = _subparsers(build_parser()).choices[command]
    assert alone.format_help() == among_all.format_help()
    assert "example" in alone.format_help()


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        ((), ""),
        (("--help",), ""),
        (("--version",), ""),
        (("groups", "B", "M"), "groups"),
        (("-h", "show", "x"), "show"),
        (("--", "show"), ""),
        (("-", "x"), "-"),
        (("nonsense", "--json"), "nonsense"),
    ],
)
def test_chosen_command(argv: tuple[str, ...], command: str) -> None:
    assert chosen_command(argv) == command


def test_package_names_load_when_used() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import spoker, sys; print('spoker.engine.state' in sys.modules)"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert done.stdout.strip() == "False", done.stderr
    for name in spoker.__all__:
        assert getattr(spoker, name) is not None
        assert name in dir(spoker)
    from spoker import GameState, best_group
    from spoker.engine.groups import best_group as home_best_group
    from spoker.engine.state import GameState as home_game_state

    assert (GameState, best_group) == (home_game_state, home_best_group)
    with pytest.raises(AttributeError, match="no_such_name"):
        spoker.no_such_name  # noqa: B018


def test_version_names_the_search_without_importing_the_compiler() -> None:
    seen = probe("--version")
    assert seen["code"] == 0
    assert "numba" not in seen["modules"] and "numpy" not in seen["modules"]


HINT_STATE = "WWW.BB........../........./..../. 2 0-0 flush_three:1A1,1C1,1E1"


def _spoker(*argv: str, compiled: bool) -> subprocess.CompletedProcess[str]:
    """``spoker ARGV`` in a fresh interpreter, on the command line's default
    search (``compiled``) or the Python one the rest of the suite uses."""
    env = {k: v for k, v in os.environ.items() if k != "SPOKER_KERNEL"}
    if not compiled:
        env["SPOKER_KERNEL"] = "python"
    return subprocess.run([sys.executable, "-m", "spoker", *argv], capture_output=True, text=True,
                          timeout=300, cwd=ROOT, env=env, check=True)


@pytest.mark.usefixtures("compiled_kernel")
def test_the_command_line_searches_compiled_by_default_with_the_python_values() -> None:
    version = _spoker("--version", compiled=True)
    assert "search: compiled (numba " in version.stdout  # on standard output, as argparse prints a version
    hint = ("hint", HINT_STATE, "B", "--top", "3", "--json")
    fast = _spoker(*hint, compiled=True)
    assert fast.stderr == ""  # loaded from the session's cache: nothing compiled, nothing said
    found = [(h["cell"], h["value"]) for h in json.loads(fast.stdout)["hints"]]
    expected = [(h["cell"], h["value"]) for h in json.loads(_spoker(*hint, compiled=False).stdout)["hints"]]
    assert [c for c, _ in found] == [c for c, _ in expected]
    assert [v for _, v in found] == pytest.approx([v for _, v in expected], abs=1e-6)
