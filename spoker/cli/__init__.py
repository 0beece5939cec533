"""The ``spoker`` command line.

Each subcommand lives in its own module of this package, which defines
``register(subparsers)``; the names and one-line helps are listed in
``COMMANDS``. A run imports only the module of the command it runs (and what
that module needs): ``spoker --help`` lists the others from ``COMMANDS``
alone, so the command line starts at once (``bench/startup.py``).
Errors from bad input go to stderr as one line, with exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import io
import sys
from collections.abc import Sequence
from typing import NoReturn

from spoker import __version__

COMMANDS = (
    ("groups", "the winning groups a ball forms on a board"),
    ("show", "draw a board, a state or a record's final position as text"),
    ("replay", "replay game records"),
    ("play", "play Spoker in a window"),
    ("lab", "the laboratory: set up a position, see what a ball would form"),
    ("render", "draw a position to a PNG file, or a record as an animation"),
    ("simulate", "play many games between two computer players"),
    ("tournament", "a round robin between computer players"),
    ("hint", "the best cells for a drawn ball"),
    ("suite", "run group test suites (BOARD MOVE [RULES] => EXPECT lines)"),
    ("study", "compare rule sets (seat advantage, draws, drama, ranks) or find a fairer one"),
    ("analyse", "judge every placement of game records"),
    ("puzzles", "make and check puzzles proved by exhaustive search"),
)
"""Every subcommand, in the order ``spoker --help`` lists them, with the
one-line help its module registers (a test holds the two equal)."""

SUBCOMMANDS = tuple(name for name, _ in COMMANDS)


class CliError(Exception):
    """A bad-input error to print as one line (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """Usage errors as one line on stderr, exit status 2 (docs/cli.md), told
    by the subcommand whose arguments they are."""

    _seen: list[str] = []

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._seen = list(sys.argv[1:] if args is None else args)
        parsed, extras = super().parse_known_args(self._seen, namespace)
        if extras and self.prog != "spoker":
            # A subcommand tells its own unknown arguments (argparse would
            # leave them to the top parser, which names no subcommand).
            self.error(_unrecognized(extras))
        return parsed, extras

    def error(self, message: str) -> NoReturn:
        if message.startswith("the following arguments are required"):
            # '--gmes 10' is why '--games' is missing: name the unknown option.
            unknown = _unknown_options(self, self._seen)
            if unknown:
                message = _unrecognized(unknown)
        from spoker.safe_text import one_line

        message = clip(one_line(message))  # arguments may hold line breaks
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every add_argument, and its own asks
        # shutil for the terminal's width: importing shutil costs each command
        # about 2.5 ms of a 45 ms start (bench/startup.py). The same width, from os.
        return self.formatter_class(prog=self.prog, width=terminal_width() - 2)  # type: ignore[call-arg]


def terminal_width() -> int:
    """The terminal's columns as ``shutil.get_terminal_size`` gives them:
    ``COLUMNS`` if set, else standard output's terminal, else 80."""
    import os

    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


MAX_ERROR_CHARS = 1000
"""An error line quotes the bad input, but not megabytes of it."""


def clip(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` cut in the middle when longer than ``limit`` characters."""
    if len(message) <= limit:
        return message
    half = (limit - 30) // 2
    return f"{message[:half]} ... ({len(message) - 2 * half} characters) ... {message[-half:]}"


def _unknown_options(parser: argparse.ArgumentParser, args: list[str]) -> list[str]:
    """The option-like arguments (before any ``--``) that name no option."""
    known = list(parser._option_string_actions)
    out = []
    for arg in args:
        if arg == "--":
            break
        if not arg.startswith("-") or arg == "-" or _is_number(arg):
            continue
        name = arg.split("=", 1)[0]
        if name in known or (name.startswith("--") and any(k.startswith(name) for k in known)):
            continue
        out.append(arg)
    return out


def _unrecognized(extras: list[str]) -> str:
    return f"unrecognized arguments: {' '.join(extras)}"


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


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


class _Version(argparse.Action):
    """``--version``: the version and the search in use (compiled or Python),
    named without importing the compiler (spoker.kernel only asks whether it
    is installed), and only when asked."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))  # type: ignore[arg-type]

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> NoReturn:
        from spoker.kernel import kernel_path

        # On standard output, as argparse's own version action prints it.
        sys.stdout.write(f"spoker {__version__}\nsearch: {kernel_path()}\n")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand. With ``only``, just that command's
    module is imported to define its arguments; the others are listed by
    name and help alone (enough for ``spoker --help`` and for telling a
    mistyped command); when ``only`` names a command, not even that: each
    parser costs argparse a few translation look-ups on disk, and a run of
    one command needs no other's (``bench/startup.py``)."""
    parser = _Parser(
        prog="spoker",
        description="Spoker (Shibumi meets poker): play, replay, analyse and simulate.",
        epilog="Run 'spoker COMMAND --help' for a command's options and an example.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and the search in use, then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    known = only in SUBCOMMANDS
    for name, help_line in COMMANDS:
        if only is None or name == only:
            importlib.import_module(f"spoker.cli.{name}_cmd").register(sub)
        elif not known:
            sub.add_parser(name, help=help_line)
    return parser


def _build_for_process(command: str) -> argparse.ArgumentParser:
    """``build_parser(command)`` for this process's own command line: with the
    cycle collector paused meanwhile, and every object made so far then set
    aside from later collections (``gc.freeze``). Importing the engine builds
    tables of tens of thousands of tuples that live as long as the process:
    collecting while they grow, and again at every full collection (Python
    makes one at exit), took longer than all the rest of a command-line start."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        return build_parser(command)
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def chosen_command(argv: Sequence[str]) -> str:
    """The subcommand ``argv`` names: its first argument that is no option
    (the top-level options take no values), or "" when there is none."""
    for arg in argv:
        if arg == "--":
            break
        if not arg.startswith("-") or arg == "-":
            return arg
    return ""


def main(argv: Sequence[str] | None = None) -> int:
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        # Imports the chosen command's module: Ctrl-C may come meanwhile.
        command = chosen_command(words)
        # Called with arguments (tests, scripts), the caller's objects are left alone.
        parser = build_parser(command) if argv is not None else _build_for_process(command)
        args = parser.parse_args(words)
    except KeyboardInterrupt:
        print("spoker: interrupted", file=sys.stderr)
        return 130
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    if sys.stdout is None:  # started with stdout closed (>&-)
        sys.stdout = _ClosedOutput()
    _escape_unencodable()
    nul = next((w for w in words if "\0" in w), None)
    if nul is not None:
        # No process gets a NUL in its arguments; a caller of main() may pass
        # one, and no file name, board or number holds it (open() would raise
        # ValueError deep in a command): refused here, for every command.
        from spoker.safe_text import printable

        print(f"spoker {args.command}: error: argument '{clip(printable(nul))}' holds a NUL character",
              file=sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # The reader went away (``spoker show ... | head``): not an error of ours.
        _silence_stdout()
        return 0
    except _user_errors() as err:
        # A mistake in the input, or the machine's fault (a file, a worker):
        # the project's own error types and the system's, told in one line.
        from spoker.safe_text import one_line

        message = str(err) or err.__class__.__name__
        print(f"spoker {args.command}: error: {clip(one_line(message))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # Ctrl-C: the work is abandoned (workers stopped, no output written).
        print(f"spoker {args.command}: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print(f"spoker {args.command}: error: out of memory", file=sys.stderr)
        return 2
    except Exception as err:
        return _bug(args.command, err)


def _user_errors() -> tuple[type[Exception], ...]:
    """What a run tells as one line: :class:`CliError`, the system's
    ``OSError`` and the project's own errors (``shibumi.errors.ShibumiError``,
    which every ``SpokerError`` is). Looked up when an error is met, so that
    ``--help`` imports no engine: an error of shibumi's means it is loaded."""
    errors = sys.modules.get("shibumi.errors")
    own: tuple[type[Exception], ...] = () if errors is None else (errors.ShibumiError,)
    return (CliError, OSError, *own)


BUG_STATUS = 1
"""Exit status of a run that met a bug of spoker's (any error that is not
one of the project's own types, nor the system's)."""


def _bug(command: str, err: Exception) -> int:
    """A bug reaches the person as one: its traceback, then a line saying so
    (never dressed as a mistake of theirs) and whose it is (spoker's, or an
    installed plug-in's), exit status :data:`BUG_STATUS`."""
    import traceback

    from spoker.safe_text import printable

    traceback.print_exception(err, file=sys.stderr)
    plugin = _plugin_at_fault(err)
    whose = "spoker" if plugin is None else printable(plugin)
    print(
        f"spoker {command}: this is a bug in {whose} ({err.__class__.__name__}), not a mistake in "
        "what you gave it: please report it with the traceback above",
        file=sys.stderr,
    )
    return BUG_STATUS


def _plugin_at_fault(err: BaseException) -> str | None:
    """The installed plug-in whose code raised ``err``, or None
    (:func:`spoker.plugins.culprit`; no plug-in is loaded unless that module is)."""
    plugins = sys.modules.get("spoker.plugins")
    return None if plugins is None else plugins.culprit(err)


def _escape_unencodable() -> None:
    """A name the terminal's encoding cannot show (``Zoë`` on latin-1 is
    fine, ``→`` is not) is written as an escape, not a failed run."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


class _ClosedOutput(io.TextIOBase):
    """Stands for a closed stdout: writing to it is a one-line error, not a
    traceback (Python sets ``sys.stdout`` to None when fd 1 is closed)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise CliError("standard output is closed")


def cap_workers_told(command: str, workers: int) -> int:
    """``--workers`` capped at the number of CPUs, said in one line on stderr."""
    from spoker.runs.parallel import cap_workers

    capped = cap_workers(workers)
    if capped < workers:
        print(
            f"spoker {command}: --workers {workers} capped at {capped} (the number of CPUs)",
            file=sys.stderr,
        )
    return capped


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
