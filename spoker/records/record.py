"""Game records (docs/formats.md, "Game records"): read, replay, write.

A record is UTF-8 text: optional ``Key: Value`` header lines, a blank line,
then the moves (``R@1C3``) separated by white space; move numbers such as
``12.`` are ignored and ``#`` starts a comment anywhere. Reading replays the
moves, so a record that parses is a game the rules allow; a bad record raises
:class:`NotationError` naming the move number, the token and the reason.

The writer puts one numbered move a line and annotates challenges, their
outcome, straight flushes and the running score in comments; reading what it
wrote gives back the same record.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field

from shibumi import Cell, Colour, ShibumiError
from shibumi.errors import expect, shown
from spoker.engine.events import End, Event
from spoker.engine.moves import Move
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.state import GameState
from spoker.errors import NotationError, Refusal
from spoker.notices import Notice, NoticeKind
from spoker.records import files
from spoker.records.inputs import MAX_INPUT_BYTES, expect_path, read_seed, size_in_words
from spoker.text.narrator import record_note, refusal_text, result_text

_HEADER = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)[ \t]*:[ \t]*(.*)", re.ASCII)
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]*", re.ASCII)
_MOVE_NUMBER = re.compile(r"[0-9]+\.", re.ASCII)


@dataclass
class GameRecord:
    """A game as a record: headers, the moves in order, and the rules.

    ``rules`` is authoritative (the writer's ``Rules`` header comes from it);
    ``headers`` keeps the headers as read, with ``Rules`` always first and
    canonical; the writer recomputes ``Result`` (present only when the game is over).
    ``comments`` are lines the writer puts before the moves (how many takebacks
    the game had): words for a reader, not the game, so reading drops them and
    they take no part in comparing records.
    """

    headers: dict[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    rules: RuleSet = DEFAULT_RULES
    comments: list[str] = field(default_factory=list, compare=False)

    def __post_init__(self) -> None:
        expect(self.headers, dict, "headers")
        for key, value in self.headers.items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise TypeError(f"header {shown(key)}: {shown(value)}: headers are text")
        expect(self.moves, list, "moves")
        for move in self.moves:
            expect(move, Move, "move")
        expect(self.rules, RuleSet, "rules")
        expect(self.comments, list, "comments")
        for comment in self.comments:
            if not isinstance(comment, str) or len(comment.splitlines()) > 1:
                raise TypeError(f"comment {shown(comment)}: comments are one line of text")

    @classmethod
    def from_state(cls, state: GameState, headers: dict[str, str] | None = None) -> GameRecord:
        """The record of the game that led to ``state`` (its history)."""
        expect(state, GameState, "state")
        if headers is not None:
            expect(headers, dict, "headers")
        out = {"Rules": str(state.rules)}
        for key, value in (headers or {}).items():
            if key.lower() not in ("rules", "result"):
                out[key] = value
        if state.is_over:
            out["Result"] = result_text(state)
        _check_headers(out)
        return cls(out, list(state.history), state.rules)

    def play(self, rules: RuleSet | None = None) -> GameState:
        """Replay every move; :class:`NotationError` names the first bad one."""
        state = GameState(rules if rules is not None else self.rules)
        for _ in play_moves(state, self.moves):
            pass
        return state


def play_moves(state: GameState, moves: list[Move]) -> Iterator[tuple[int, tuple[Event, ...]]]:
    """Apply ``moves`` to ``state`` one by one, yielding (move number, events)."""
    expect(state, GameState, "state")
    expect(moves, (list, tuple), "moves")
    for move in moves:
        n = state.move_number + 1
        token = str(move)
        reason = _why_not(state, move.colour, move.cell)
        if reason:
            raise NotationError(f"move {n} {token!r}: {reason}", n, token)
        yield n, state.apply_move(move)


def _why_not(state: GameState, colour: Colour, cell: Cell) -> str | None:
    """Why ``colour`` cannot be drawn and placed on ``cell`` now (None: it can):
    the engine's refusal in the narrator's words, and how the game ended."""
    refusal = state.refusal(cell, colour)
    if refusal is None:
        return None
    return _game_over_reason(state) if refusal is Refusal.GAME_OVER else refusal_text(refusal, cell, colour)


def _game_over_reason(state: GameState) -> str:
    """The refusal of any move once the game is over, with how it ended."""
    if state.end == End.STRAIGHT_FLUSH:
        how = f"player {state.winner} made a straight flush on move {state.move_number}"
    else:
        how = "the pyramid is full"
    return f"{refusal_text(Refusal.GAME_OVER)}: {how}"


# -- reading ----------------------------------------------------------------
def parse_record(text: str) -> GameRecord:
    """Read a record and check it by replaying it (:class:`NotationError` if bad)."""
    if not isinstance(text, str):
        raise NotationError(f"a record must be text, not {type(text).__name__}")
    read, tokens = _split(text)
    rules = DEFAULT_RULES
    if "Rules" in read:
        try:
            rules = RuleSet.parse(read["Rules"])
        except ShibumiError as err:
            raise NotationError(f"header 'Rules': {err}") from None
    # Rules is always there, first and canonical, as the writer puts it.
    headers = {"Rules": str(rules)}
    headers.update((k, v) for k, v in read.items() if k != "Rules")
    state = GameState(rules)
    moves = []
    for token in tokens:
        n = state.move_number + 1
        if state.is_over:
            raise NotationError(f"move {n} {token!r}: {_game_over_reason(state)}", n, token)
        move = _read_move(state, token, n)
        reason = _why_not(state, move.colour, move.cell)
        if reason:
            raise NotationError(f"move {n} {token!r}: {reason}", n, token)
        state.apply_move(move)
        moves.append(move)
    return GameRecord(headers, moves, rules)


def _split(text: str) -> tuple[dict[str, str], list[str]]:
    """Headers and move tokens, comments and move numbers dropped."""
    headers: dict[str, str] = {}
    seen: dict[str, str] = {}
    tokens: list[str] = []
    in_headers = True
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.partition("#")[0].strip()
        if in_headers:
            if not line:
                if headers and "#" not in raw:
                    in_headers = False  # the blank line that ends the headers
                continue
            match = _HEADER.fullmatch(line)
            if match:
                key, value = match.group(1), match.group(2).strip()
                if key.lower() == "rules":
                    key = "Rules"
                if key.lower() in seen:
                    raise NotationError(
                        f"line {number}: header {key!r} is given twice "
                        f"(first as {seen[key.lower()]!r})"
                    )
                seen[key.lower()] = key
                headers[key] = value
                continue
            in_headers = False
        tokens.extend(t for t in line.split() if not _MOVE_NUMBER.fullmatch(t))
    return headers, tokens


def _read_move(state: GameState, token: str, n: int) -> Move:
    """A move token, its short cell resolved on the current board."""
    try:
        return _move_of(state, token)
    except ShibumiError as err:
        raise NotationError(f"move {n} {token!r}: {err}", n, token) from None


def _move_of(state: GameState, token: str) -> Move:
    colour_text, sep, cell_text = token.partition("@")
    if not sep:
        raise NotationError("not a move: expected colour@cell, such as 'R@1C3'")
    try:
        colour = Colour.from_char(colour_text)
    except ShibumiError:
        raise NotationError(f"{colour_text!r} is not a colour: expected W, B or R") from None
    return Move(colour, state.board.resolve(cell_text))


def seed_warning(headers: dict[str, str], continued: bool) -> str | None:
    """The one line telling that a record's ``Seed`` header cannot be read
    and what is done instead (None: no such header, or a good one). Every
    command that reads records says it in these words: ``continued`` when
    the game goes on from the record (``spoker play --load``), else the
    moves are only replayed."""
    expect(headers, dict, "headers")
    value = headers.get("Seed")
    if not isinstance(value, str | None):
        raise TypeError(f"header 'Seed' {shown(value)}: expected text, not {type(value).__name__}")
    if value is None or read_seed(value) is not None:
        return None
    quoted = repr(value if len(value) <= 24 else f"{value[:20]}...")
    more = f" ({len(value):,} characters)" if len(value) > 24 else ""
    if continued:
        instead = "the game goes on with fresh random draws"
    else:
        instead = "the moves replay as recorded, but a game continued from it would draw afresh"
    return f"header 'Seed' {quoted}{more} is not a whole number from 0 to 2^64-1: ignored, {instead}"


def seed_notice(headers: dict[str, str], continued: bool) -> Notice | None:
    """:func:`seed_warning` as a notice (kind IGNORED) with a short form for a
    screen (fits at 800x600); None when there is nothing to tell."""
    line = seed_warning(headers, continued)
    if line is None:
        return None
    short = "Seed header unreadable: the draws start afresh" if continued else "Seed header unreadable: ignored"
    return Notice(NoticeKind.IGNORED, line, short)


# -- writing ----------------------------------------------------------------
def _check_headers(headers: dict[str, str]) -> None:
    for key, value in headers.items():
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise NotationError(f"header key {key!r} must be a letter then letters, digits, '_' or '-'")
        if not isinstance(value, str) or "#" in value or len(value.splitlines()) > 1:
            raise NotationError(f"header {key!r}: value {value!r} must be one line without '#'")


def format_record(record: GameRecord) -> str:
    """The record as text: headers, then one numbered, annotated move a line."""
    expect(record, GameRecord, "record")
    state = GameState(record.rules)
    lines = []
    for n, events in play_moves(state, record.moves):
        note = annotate(events, state)
        line = f"{n}. {record.moves[n - 1]}"
        lines.append(f"{line}  # {note}" if note else line)
    headers = {"Rules": str(record.rules)}
    for key, value in record.headers.items():
        if key.lower() not in ("rules", "result"):
            headers[key] = value.strip()
    if state.is_over:
        headers["Result"] = result_text(state)
    _check_headers(headers)
    head = [f"{k}: {v}" if v else f"{k}:" for k, v in headers.items()]
    comments = [f"# {c}".rstrip() for c in record.comments]
    return "\n".join(head) + "\n\n" + "".join(line + "\n" for line in comments + lines)


def annotate(events: tuple[Event, ...], state: GameState) -> str:
    """A comment for a move: the challenge it opens or answers, points, score
    (the words are :func:`spoker.text.narrator.record_note`'s)."""
    return record_note(events, state)


# -- record files (any file's safe reading and writing: spoker.records.files) ----
def decode_record(data: bytes) -> GameRecord:
    """A record from its bytes (UTF-8 text without NUL bytes, at most
    :data:`MAX_INPUT_BYTES`)."""
    expect(data, bytes, "data")
    if len(data) > MAX_INPUT_BYTES:
        raise NotationError(f"too large for a record: more than {size_in_words(MAX_INPUT_BYTES)}")
    from spoker.records.inputs import check_text

    check_text(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise NotationError(f"not UTF-8 text (byte {err.start})") from None
    return parse_record(text)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record file (UTF-8, at most :data:`MAX_INPUT_BYTES`);
    OSError if unreadable, NotationError if bad or too large."""
    expect_path(path)
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        if stat.S_ISREG(st.st_mode) and st.st_size > MAX_INPUT_BYTES:  # told without reading it
            raise NotationError(f"too large for a record: more than {size_in_words(MAX_INPUT_BYTES)}")
        data = files.read_bounded(f, text=True)
    return decode_record(data)


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write a record atomically: a temporary file in the same folder, then
    rename (:func:`spoker.records.files.write_text_atomic`)."""
    expect(record, GameRecord, "record")
    files.write_text_atomic(path, format_record(record))


__all__ = [
    "MAX_INPUT_BYTES", "GameRecord", "annotate", "decode_record", "expect_path", "format_record",
    "load_record", "parse_record", "play_moves", "result_text", "save_record", "seed_notice", "seed_warning",
]
