"""``spoker analyse RECORD...``: how good was each placement of a game?"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from shibumi.errors import ShibumiError
from spoker.cli import CliError, cap_workers_told, positive_int
from spoker.cli.streams import read_stdin, stdin_once
from spoker.engine.groups import Rank
from spoker.errors import WorkerError
from spoker.records.record import GameRecord, decode_record, load_record
from spoker.records.replay import Replay
from spoker.records.rules_file import rules_of
from spoker.runs.analysis import (
    BLUNDER,
    DEFAULT_EFFORT,
    INACCURACY,
    MAX_EFFORT,
    MISTAKE,
    TURNING,
    ChallengeSwing,
    GameAnalysis,
    MoveAnalysis,
    PlayerSummary,
    analyse_record,
)
from spoker.runs.simulate import ProgressBar
from spoker.safe_text import one_line, printable  # the file names reach the terminal
from spoker.text.analysis_words import (
    LUCKY,
    luck_mark,
    luck_summary,
    verdict_line,
    why_words,
    wins_words,
)
from spoker.text.value_words import loss_words

EXAMPLE = f"""\
examples:
  spoker analyse game.txt --json
    {{"file": "game.txt", "moves": [{{"n": 1, "player": 1, "ball": "R", "cell": "1E1",
     "value": 0.005476055, "best": "1C3", "best_value": 0.006845069, "loss": 0.001369014,
     "exact": false, "draw_value": 0.0041, "luck": 0.0027}}, ...], "start_value": 0.0041,
     "residual": 0.0, "players": [{{"player": 1, "name": "Ann", "luck": 0.61, "loss": 0.35,
     "result": 1, "luck_adjusted": 0.37, ...}}, ...], "challenges": [...],
     "effort": {DEFAULT_EFFORT}, "rules": "visible"}}
  spoker analyse assets/records/sample-game.txt
  spoker analyse games/*.txt --effort 20000 --workers 2 --json

A placement's value is the expected result for the player who placed the ball
(+1 a win, 0 a draw, -1 a loss: P(win) - P(loss)) with best play by both sides
after it and the bag's odds at every draw; best/best value are the best cell
for that ball; loss = best value - value. Values are exact (an exhaustive
search to the end of the game) whenever five or fewer balls remain before the
placement, and earlier when that fits in the effort; other values are
estimates from a search of --effort positions (default {DEFAULT_EFFORT}).
Marks: ?! inaccuracy (loss >= {INACCURACY:.2f}), ? mistake (>= {MISTAKE:.2f}),
?? blunder (>= {BLUNDER:.2f}); a loss x gives away x/2 of the games.
Each draw is judged too: its luck is what the colour drawn was worth to the
drawer against an average draw (marked lucky or unlucky at {LUCKY:.2f} or more
either way); each player's luck, loss and luck-adjusted result add up exactly
with the result (docs/analysis.md, "Luck and skill").
--json prints one object a file, one a line; a record that cannot be replayed
gives {{"file": ..., "error": ...}} and the exit status is 2 once every file is
done. RECORD may be - for stdin. The result does not depend on --workers.
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "analyse",
        help="judge every placement of game records",
        description="Judge every placement of game records: its value, the best cell, the loss.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="RECORD", help="a game record (- for stdin)")
    p.add_argument(
        "--effort", type=positive_int, default=DEFAULT_EFFORT, metavar="N",
        help=f"positions searched a placement (default {DEFAULT_EFFORT}, at most 100,000,000)",
    )
    p.add_argument("--workers", type=positive_int, default=1, metavar="K", help="processes (default 1)")
    p.add_argument(
        "--rules", metavar="RULES",
        help="override the records' Rules: visible or touching, optionally with apex-free (or items: lines=, off=, order=, tie=, bag=; or FILE.toml)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object a file (docs/formats.md)")
    p.set_defaults(func=run)


def read(path: str) -> GameRecord:
    """A record from a file (``-``: stdin), refusing files too large to be
    one or binary; an unreadable ``Seed`` header is told on stderr."""
    from spoker.cli.replay_cmd import warn_seed

    record = decode_record(read_stdin()) if path == "-" else load_record(path)
    warn_seed("analyse", path, record)
    return record


def _failure(path: str, err: Exception) -> str:
    if isinstance(err, OSError):
        return f"cannot read {path!r}: {err.strerror or err}"
    return f"{path}: {err}" if str(err) else f"{path}: {err.__class__.__name__}"



def run(args: argparse.Namespace) -> int:
    if args.effort > MAX_EFFORT:
        raise CliError(f"--effort {args.effort}: at most {MAX_EFFORT:,} positions a placement")
    stdin_once(args.files)
    rules = rules_of(args.rules) if args.rules is not None else None
    workers = cap_workers_told("analyse", args.workers)
    status = 0
    first = True
    for path in args.files:
        bar = ProgressBar(sys.stderr, label="placements")
        try:
            analysis = analyse_record(read(path), args.effort, bar, rules, workers, luck=True)
        except WorkerError:
            raise  # the machine's fault, not the file's: the command stops (one line)
        except (ShibumiError, OSError) as err:
            status = 2
            if args.json:
                message = _failure(path, err).removeprefix(f"{path}: ")
                sys.stdout.write(json.dumps({"file": path, "error": message}) + "\n")
                sys.stdout.flush()
            else:
                print(f"spoker analyse: error: {one_line(_failure(path, err))}", file=sys.stderr)
            continue
        finally:
            bar.close()
        if args.json:
            sys.stdout.write(json.dumps(analysis.to_json(path)) + "\n")
        else:
            if not first:
                sys.stdout.write("\n")
            sys.stdout.write(report(analysis, path) + "\n")
        sys.stdout.flush()
        first = False
    return status


# -- the text report ---------------------------------------------------------------
_MARKS = {None: "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def report(analysis: GameAnalysis, path: str) -> str:
    """The readable analysis of one record."""
    lines = [f"== {printable(path)}: {len(analysis.moves)} placements, rules {analysis.rules}, "
             f"effort {analysis.effort}"]
    if analysis.moves:
        lines.append("")
        lines.append(f"{'move':>4s} {'player':>6s}  {'placed':<8s}{'value':>6s}   {'best':<5s}"
                     f"{'value':>6s}  {'loss':>5s}")
        replay = Replay(analysis.record, analysis.rules)
        names = _names(analysis.record)
        for m in analysis.moves:
            lines.append(_move_line(m))
            lines.extend(_why_lines(m, replay, names))
        exact = [m.n for m in analysis.moves if m.exact]
        lines.append("")
        lines.append(
            "value: the expected result for the player who placed the ball, P(win) - P(loss) (+1 a win,"
        )
        lines.append(
            f"-1 a loss); in games, a value v wins (1 + v) / 2 of them, draws counted half "
            f"(+0.400: {wins_words(0.4)});"
        )
        lines.append(
            "best play after it; = exact (searched to the end"
            + (f", from move {exact[0]} on)" if exact else "; none here)")
            + "; ~ estimated."
        )
        lines.append(
            f"?! inaccuracy: loss >= {INACCURACY:.2f} (gives away {loss_words(INACCURACY)}); "
            f"? mistake >= {MISTAKE:.2f} ({loss_words(MISTAKE)}); "
            f"?? blunder >= {BLUNDER:.2f} ({loss_words(BLUNDER)})."
        )
        if analysis.balance() is not None:
            lines.append(
                f"lucky draw: the colour drawn worth {LUCKY:.2f} or more to the drawer against an average "
                f"draw; unlucky: {LUCKY:.2f} or more less."
            )
    if analysis.challenges:
        lines.append("")
        lines.append(
            "Challenges: the challenger's expected result before the draw -> after the "
            "challenge -> after the answer"
        )
        lines.extend(_challenge_line(c) for c in analysis.challenges)
        lines.append(f"(<< turning point: the challenger's expected result moved {TURNING:.2f} or more)")
    lines.append("")
    lines.extend(_player_line(p) for p in analysis.players)
    luck = analysis.balance()
    if luck is not None:
        p1, p2 = luck.players
        final = analysis.record.play(analysis.rules)
        lines.append("")
        lines.extend(textwrap.wrap(luck_summary(
            _names(analysis.record), final.score, p1.result, (float(p1.luck), float(p2.luck)),
            (float(p1.loss), float(p2.loss)),
        ), WIDTH))
    return "\n".join(lines)


def _move_line(m: MoveAnalysis) -> str:
    how = "=" if m.exact else "~"
    best = "" if m.best == m.cell else f"{m.best}"
    best_value = "" if m.best == m.cell else _signed(m.best_value)
    mark = _MARKS[m.verdict]
    tail = f"  {mark} {m.verdict}" if mark else ""
    lucky = luck_mark(m.luck)
    if lucky:
        tail += f"  ({lucky})"
    return (f"{m.n:4d} {m.player:6d}  {m.ball.char}@{str(m.cell):<6s}{_signed(m.value)}{how}  {best:<5s}"
            f"{best_value:>6s}  {m.loss:5.3f}{tail}")


WIDTH = 100
"""The text report's width: the sentences under a move wrap there."""


def _names(record: GameRecord) -> tuple[str, str]:
    """The players' names of the record's headers (made safe for a terminal), else ``player 1``, ``player 2``."""
    return (one_line(record.headers.get("Player1", "") or "player 1"),
            one_line(record.headers.get("Player2", "") or "player 2"))


def _why_lines(m: MoveAnalysis, replay: Replay, names: tuple[str, str]) -> list[str]:
    """Under a move with a verdict: what it gave away and why, in the replay viewer's words."""
    if m.verdict is None:
        return []
    after = replay.record.moves[m.n] if m.n < len(replay.record.moves) else None
    why = why_words(replay.state_at(m.n - 1), m.ball, m.cell, m.best, names, m.value, m.best_value, after)
    text = f"{verdict_line(None, m.loss, False)}. {why}"  # the mark is on the move's line
    return textwrap.wrap(text, WIDTH, initial_indent=" " * 12, subsequent_indent=" " * 12)


def _title(key: str) -> str:
    return Rank.from_key(key).title.lower()


def _challenge_line(c: ChallengeSwing) -> str:
    before = "start" if c.before is None else _signed(c.before, 2)
    after = "" if c.answered is None else f" -> {_signed(c.answered, 2)}"
    line = (f"  move {c.move:2d}, player {c.challenger}, {_title(c.rank)}: "
            f"{before} -> {_signed(c.opened, 2)}{after}; {_outcome(c)}")
    return line + ("  << turning point" if c.turning else "")


def _outcome(c: ChallengeSwing) -> str:
    if c.points is None:
        return "still open when the record ends"
    if c.response_move is None:
        return f"the bag is empty: player {c.challenger} scores"
    answer = "no group" if c.response is None else f"a {_title(c.response)}"
    if c.points == (0, 0):
        return f"answered at move {c.response_move} by {answer}: it ends the game"
    if c.points == (1, 1):
        return f"answered at move {c.response_move} by {answer}: a tie, both score"
    scorer = 1 if c.points[0] else 2
    return f"answered at move {c.response_move} by {answer}: player {scorer} scores"


def _player_line(p: PlayerSummary) -> str:
    if not p.moves:
        return f"Player {p.player}: no placements."
    head = f"Player {p.player}: {_count(p.moves, 'placement')}, average loss {p.average_loss:.3f}"
    if p.worst is None:
        return head + ", no placement lost anything."
    w = p.worst
    what = f": {w.verdict}" if w.verdict else ""
    counts = ", ".join(
        _count(n, word) for n, word in
        ((p.blunders, "blunder"), (p.mistakes, "mistake"), (p.inaccuracies, "inaccuracy"))
    )
    return (f"{head}, worst move {w.n} {w.ball.char}@{w.cell} (loss {w.loss:.3f}{what}, "
            f"{w.best} was better); {counts}.")


def _count(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def _signed(x: float, digits: int = 3) -> str:
    """``x`` with its sign, never ``-0.000``."""
    text = f"{x:+.{digits}f}"
    return "+" + text[1:] if text.startswith("-") and float(text) == 0 else text
