"""docs/architecture.md's recipes, followed: a new command and a new sentence
each go in their one place and then work everywhere they should. (A new rule
variant: tests/test_variant_plugin.py; a new computer player:
tests/players/test_registry.py; a new screen: tests/gui/views/test_recipes_screen.py.)"""

from __future__ import annotations

import argparse
import sys
import types

import pytest
from support.commands import run

import spoker.cli


def _hello_module() -> types.ModuleType:
    """``spoker/cli/hello_cmd.py`` as the recipe says: register(subparsers),
    a ``func``, bad input as a ``CliError``, nothing heavy at the top."""
    module = types.ModuleType("spoker.cli.hello_cmd")

    def run_hello(args: argparse.Namespace) -> int:
        if args.name == "":
            raise spoker.cli.CliError("NAME '': a name is not empty")
        print(f"hello, {args.name}")
        return 0

    def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
        p = subparsers.add_parser("hello", help="say hello")
        p.add_argument("name", metavar="NAME")
        p.set_defaults(func=run_hello)

    module.register = register  # type: ignore[attr-defined]
    return module


@pytest.fixture
def hello(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "spoker.cli.hello_cmd", _hello_module())
    monkeypatch.setattr(spoker.cli, "COMMANDS", (*spoker.cli.COMMANDS, ("hello", "say hello")))
    monkeypatch.setattr(spoker.cli, "SUBCOMMANDS", (*spoker.cli.SUBCOMMANDS, "hello"))


def test_a_new_command_is_one_module_and_one_line(hello: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "hello", "Ada")[:2] == (0, "hello, Ada\n")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "hello" in out and "say hello" in out
    code, _, err = run(capsys, "hello", "")
    assert code == 2 and err == "spoker hello: error: NAME '': a name is not empty\n"
    code, _, err = run(capsys, "hello")
    assert code == 2 and "NAME" in err and len(err.splitlines()) == 1


def test_a_new_sentence_is_the_narrators_and_every_reader_says_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # A move's sentences are the narrator's move_lines alone: said otherwise
    # there, the text replay says them otherwise, with no word of its own.
    from support.games import EXAMPLE5_GAME

    import spoker.cli.record_views as views
    from spoker.records.record import parse_record
    from spoker.records.replay import Replay

    replay = Replay(parse_record(EXAMPLE5_GAME))
    assert "challenges with a" in views.narrate(replay)
    monkeypatch.setattr(views, "move_lines", lambda n, events, names, score: [f"move {n}, said otherwise"])
    told = views.narrate(replay)
    assert "move 21, said otherwise" in told
    assert "challenges with a" not in told and "places" not in told
