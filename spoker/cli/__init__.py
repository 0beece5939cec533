"""The ``spoker`` command line.

Each subcommand lives in its own module of this package, which defines
``register(subparsers)``; the module names are listed in ``SUBCOMMANDS``.
Errors from bad input go to stderr as one line, with exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from spoker import __version__

SUBCOMMANDS = (
    "groups", "show", "replay", "play", "lab", "render", "simulate", "tournament", "hint",
    "suite", "study", "analyse",
)


class CliError(Exception):
    """A bad-input error to print as one line (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit status 2 (notation.md)."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.splitlines())  # arguments may hold line breaks
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def seed_int(text: str) -> int:
    """argparse type: a seed, a whole number of 0 or more."""
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="spoker",
        description="Spoker (Shibumi meets poker): play, replay, analyse and simulate.",
        epilog="Run 'spoker COMMAND --help' for a command's options and an example.",
    )
    parser.add_argument("--version", action="version", version=f"spoker {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"spoker.cli.{name}_cmd").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # The reader went away (``spoker show ... | head``): not an error of ours.
        _silence_stdout()
        return 0
    except (CliError, ValueError, OSError) as err:
        message = str(err) or err.__class__.__name__
        print(f"spoker {args.command}: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _silence_stdout() -> None:
    """Point stdout at devnull so Python's exit-time flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
