"""``spoker replay FILE...``: replay game records (JSON, narrated text or the viewer)."""

from __future__ import annotations

import argparse
import json
import sys

from shibumi.errors import ShibumiError
from spoker.cli import CliError
from spoker.cli.play_cmd import check_display
from spoker.cli.record_views import narrate
from spoker.cli.streams import check_output, read_stdin, stdin_once
from spoker.engine.rules import RuleSet
from spoker.errors import NotationError
from spoker.records.record import GameRecord, load_record, parse_record, seed_warning
from spoker.records.replay import Replay
from spoker.records.rules_file import rules_of
from spoker.safe_text import one_line, printable

EXAMPLE = """\
examples:
  spoker replay game.txt --json
    {"file": "game.txt", "moves": [{"n": 1, "player": 1, "ball": "W", "cell": "1A1",
     "group": null, "challenge": false, "response": false}, ...], "challenges": [...],
     "score": [1, 0], "winner": 1, "end": "complete"}
  spoker replay games/*.txt --rules touching --json
  spoker replay game.txt --text
  spoker replay game.txt
  spoker replay game.txt --analyse
  spoker replay game.txt --analyse --effort 20000 --at 23 --best --screenshot a.png --size 1280x800
    a.png: replay of game.txt at move 23 of 30, analysed, 1280x800

--json prints one JSON object a file, one a line (docs/formats.md); a record that
cannot be replayed gives {"file": ..., "error": "move 12 'R@2B2': ..."} and the
exit status is 2 once every file is done. --text tells each game move by move.
Without either, the replay viewer opens (one file). --rules overrides the
records' Rules header. FILE may be - for stdin. --analyse starts the viewer's
analysis at once (key A does it in the viewer; --effort as in spoker analyse).
--screenshot draws the viewer headless into a PNG file instead of opening a
window (the analysis, if asked for, is computed first): --size, --at (the move
shown, default the last) and --best (the best cell's ghost, key B) set it up.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "replay",
        help="replay game records",
        description="Replay game records: JSON summaries, narrated text or the replay viewer.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="a game record (- for stdin)")
    p.add_argument(
        "--rules", metavar="RULES",
        help="override the records' Rules: visible or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON object a file (docs/formats.md)")
    out.add_argument("--text", action="store_true", help="narrate each game as text")
    p.add_argument("--analyse", action="store_true", help="viewer: start the game's analysis at once")
    p.add_argument("--effort", type=_positive, metavar="N",
                   help="positions searched a placement by the analysis (default 200000)")
    p.add_argument("--screenshot", metavar="PNG", help="draw the viewer headless into this PNG file and exit")
    p.add_argument("--size", metavar="WxH", help="the screenshot's size (default 1280x800)")
    p.add_argument("--at", type=_positive_or_zero, metavar="N", help="the screenshot's move (default the last)")
    p.add_argument("--best", action="store_true", help="the screenshot shows the move's best cell (key B)")
    p.set_defaults(func=run)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def _positive_or_zero(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of moves")
    return int(text)


def run(args: argparse.Namespace) -> int:
    stdin_once(args.files)
    rules = rules_of(args.rules) if args.rules is not None else None
    if args.json:
        return _run_json(args.files, rules)
    if args.text:
        return _run_text(args.files, rules)
    return _run_viewer(args, rules)


def read(path: str, command: str = "replay") -> GameRecord:
    """A record from a file, or from stdin for ``-``; a ``Seed`` header that
    cannot be read is told on stderr (:func:`warn_seed`)."""
    if path == "-":
        data = read_stdin()
        try:
            record = parse_record(data.decode("utf-8"))
        except UnicodeDecodeError as err:
            raise NotationError(f"not UTF-8 text (byte {err.start})") from None
    else:
        record = load_record(path)
    warn_seed(command, path, record)
    return record


def warn_seed(command: str, path: str, record: GameRecord) -> None:
    """One line on stderr when the record's ``Seed`` header cannot be read
    (the words are :func:`spoker.records.record.seed_warning`'s, as in the window)."""
    warning = seed_warning(record.headers, continued=False)
    if warning is not None:
        name = "standard input" if path == "-" else path
        print(f"spoker {command}: warning: {one_line(f'{name}: {warning}')}", file=sys.stderr)


def _failure(path: str, err: Exception) -> str:
    if isinstance(err, OSError):
        return f"cannot read {path!r}: {err.strerror or err}"
    return str(err) or err.__class__.__name__


def _run_json(files: list[str], rules: RuleSet | None) -> int:
    status = 0
    for path in files:
        try:
            out = Replay(read(path), rules).to_json(path)
        except (ShibumiError, OSError) as err:
            out = {"file": path, "error": _failure(path, err)}
            status = 2
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return status


def _run_text(files: list[str], rules: RuleSet | None) -> int:
    status = 0
    for i, path in enumerate(files):
        try:
            text = narrate(Replay(read(path), rules))
        except (ShibumiError, OSError) as err:
            message = f"{path}: {_failure(path, err)}"
            print(f"spoker replay: error: {one_line(message)}", file=sys.stderr)
            status = 2
            continue
        if i:
            print()
        print(f"== {printable(path)}")
        print(text)
    return status


def _run_viewer(args: argparse.Namespace, rules: RuleSet | None) -> int:
    files = args.files
    if len(files) != 1:
        raise CliError("the replay viewer opens one file at a time; use --json or --text for several")
    path = files[0]
    if path == "-":
        raise CliError("the replay viewer needs a file, not stdin; use --json or --text")
    try:
        record = read(path)
        length = Replay(record, rules).length  # refuse a bad record here, with one clear line
    except OSError as err:
        raise CliError(_failure(path, err)) from None
    except ShibumiError as err:
        raise CliError(f"{path}: {err}") from None
    if args.at is not None and args.at > length:
        raise CliError(f"--at {args.at}: {printable(path)} has {length} moves")
    if args.screenshot:
        check_output(args.screenshot, "--screenshot", ".png")
        from spoker.gui.render.offscreen import ensure_headless

        ensure_headless()  # before arcade is imported: no display needed
    else:
        for name in ("size", "at", "best"):
            if getattr(args, name) not in (None, False):
                raise CliError(f"--{name} only goes with --screenshot FILE.png")
        check_display()
    try:
        from spoker.gui.launch import run_replay
    except ImportError as err:
        raise CliError(f"the replay viewer cannot start ({err}); use --text or --json") from None
    if args.screenshot:
        return _screenshot(args, record, rules)
    return int(run_replay(record, rules, source=path, analyse=args.analyse, effort=args.effort) or 0)


def _screenshot(args: argparse.Namespace, record: GameRecord, rules: RuleSet | None) -> int:
    """``--screenshot PNG``: the viewer drawn headless (spoker.gui.screenshot)."""
    from spoker.gui.screenshot import parse_size, replay_screenshot

    try:
        size = parse_size(args.size or "1280x800")
    except ValueError as err:
        raise CliError(str(err)) from None
    return replay_screenshot(args.screenshot, record, rules, args.files[0], size, args.analyse, args.effort,
                             args.at, args.best)
