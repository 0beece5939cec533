"""The analyses kept between sessions: ``analyses.json`` in the data folder.

An analysis takes a minute of the computer's time; analysed once (from the
end screen, the replay viewer), a record reopened later, in this session or
another, shows it at once. Each analysis is kept under its key: the record's
moves, the rules and the effort (the same three give the same analysis,
:mod:`spoker.runs.analysis`). The file is bounded: the newest
:data:`MAX_ANALYSES` analyses, and no more than :data:`MAX_BYTES`; the oldest
go first.

The file follows the data folder's rules (:mod:`spoker.gui.models.storage`):
written atomically (all or nothing), and a file that cannot be used as it
is (cut short, not JSON, a value of the wrong type, a move that does not
agree with its record...) is moved aside with one line saying so, never a
crash; its usable analyses are kept and the file is written afresh at the
next analysis. Two windows may analyse at once: each write merges the
analyses another window wrote meanwhile. A file of the first format
(:data:`OLD_FORMAT`, without the draws' values) is read and written afresh in
the new one at the next analysis kept.

No arcade here.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from shibumi import Cell, Colour, ShibumiError
from spoker.engine.moves import Move
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import SpokerError
from spoker.gui.models.kept_file import KeptFile
from spoker.notices import Notice
from spoker.runs.analysis import MoveAnalysis, verdict

FORMAT = "spoker-analyses-2"
"""Each placement a list of 12 values: the 11 of :data:`OLD_FORMAT` and the
value before its draw (``draw_value``, for the luck; null: not judged)."""
OLD_FORMAT = "spoker-analyses-1"
"""Before luck was measured: 11 values a placement, read (their luck not
judged: the viewer judges it when the analysis is reopened), never written."""
FILENAME = "analyses.json"
MAX_ANALYSES = 100
"""Analyses kept at most (one is some 3 KB: a record's 30 placements)."""
MAX_BYTES = 512 * 1024
"""The file's size at most (the data folder's reader takes 1 MB)."""
TOLERANCE = 1e-6
"""How far a stored loss may be from best value - value (they are written exactly)."""

CLOCK_SKEW = 24 * 3600.0
"""How far in the future (seconds) a kept analysis may be dated: another
computer's clock, a time zone changed. Later is damage (docs/decisions.md,
"Kept analyses dated in the future")."""

WHAT = "the file of kept analyses"
"""How the notices name the file."""


class Key(NamedTuple):
    """What an analysis depends on: the moves (``R@1A1 W@1C1 ...``), the rules' name, the effort."""

    moves: str
    rules: str
    effort: int


def key_of(moves: Sequence[Move], rules: object, effort: int) -> Key:
    """The key of an analysis of ``moves`` under ``rules`` (a RuleSet or its name) at ``effort``."""
    return Key(" ".join(str(m) for m in moves), str(rules), effort)


class _Entry(NamedTuple):
    key: Key
    saved: float  # when it was kept (seconds since the epoch): the oldest go first
    moves: tuple[MoveAnalysis, ...]


class AnalysisStore:
    """The analyses kept in ``path`` (read on first use), a
    :class:`~spoker.gui.models.kept_file.KeptFile`.

    ``writable`` False (a screenshot) reads the file and never changes it."""

    def __init__(self, path: Path, writable: bool = True) -> None:
        self.file = KeptFile(path, WHAT, entries_from, _text, dict, writable=writable)
        self.writable = writable
        self._entries: dict[Key, _Entry] | None = None

    @property
    def path(self) -> Path:
        assert self.file.path is not None
        return self.file.path

    # -- reading -----------------------------------------------------------------
    def find(self, key: Key) -> list[MoveAnalysis] | None:
        """The placements of the analysis kept under ``key``, if any."""
        entry = self._loaded().get(key)
        return None if entry is None else list(entry.moves)

    def __len__(self) -> int:
        return len(self._loaded())

    def _loaded(self) -> dict[Key, _Entry]:
        if self._entries is None:
            self._entries = self.file.read()
        return self._entries

    # -- writing -----------------------------------------------------------------
    def keep(self, key: Key, moves: Sequence[MoveAnalysis]) -> None:
        """Keep an analysis (the newest now) and write the file, within its
        bounds, with the analyses another window kept meanwhile (the newest
        of each key wins). The analysis just kept is always kept, whatever
        the dates of the others. A failure is one notice; the analysis is
        still kept in memory for this session."""
        entries = self._loaded()
        entries[key] = _Entry(key, time.time(), tuple(moves))
        if not self.writable:
            return
        self._entries = self.file.keep(
            _bounded(entries, key), lambda disk, mine: _bounded(_newest_of_each(disk, mine), key))

    @property
    def notices(self) -> list[Notice]:
        """The notices not yet told, left to tell."""
        return self.file.notices

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        return self.file.take_notices()


def _newest_of_each(a: dict[Key, _Entry], b: dict[Key, _Entry]) -> dict[Key, _Entry]:
    out = dict(a)
    for k, e in b.items():
        if k not in out or out[k].saved <= e.saved:
            out[k] = e
    return out


def _bounded(entries: dict[Key, _Entry], first: Key | None = None) -> dict[Key, _Entry]:
    """The newest analyses that fit the bounds (:data:`MAX_ANALYSES`,
    :data:`MAX_BYTES`), ``first`` (the one just kept) before any other."""
    newest = sorted(entries.values(), key=lambda e: (e.key == first, e.saved), reverse=True)[:MAX_ANALYSES]
    size = 64
    kept: dict[Key, _Entry] = {}
    for e in newest:
        size += len(_entry_text(e)) + 2
        if size > MAX_BYTES:
            break
        kept[e.key] = e
    return kept


def _text(entries: dict[Key, _Entry]) -> str:
    """The file's text, the newest analysis first."""
    body = ",\n".join(_entry_text(e) for e in sorted(entries.values(), key=lambda e: e.saved, reverse=True))
    return f'{{"format":"{FORMAT}","analyses":[\n{body}\n]}}\n'


def _entry_text(e: _Entry) -> str:
    return json.dumps(_entry_json(e), separators=(",", ":"))


# -- the file's content ------------------------------------------------------------
def _entry_json(e: _Entry) -> dict[str, object]:
    return {
        "moves": e.key.moves, "rules": e.key.rules, "effort": e.key.effort, "saved": e.saved,
        "placements": [
            [m.n, m.player, m.ball.char, str(m.cell), m.value, str(m.best), m.best_value, m.loss,
             m.exact, m.verdict, m.depth, m.draw_value]
            for m in e.moves
        ],
    }


def entries_from(data: object) -> tuple[dict[Key, _Entry], str]:
    """The usable analyses of a JSON value, and what was unusable ("" if
    nothing): an analysis with anything wrong is left out whole."""
    if not isinstance(data, dict):
        return {}, f"not an object but {type(data).__name__}"
    if data.get("format") not in (FORMAT, OLD_FORMAT):
        return {}, f"unknown format {str(data.get('format'))[:40]!r}"
    size = 12 if data.get("format") == FORMAT else 11
    items = data.get("analyses")
    if not isinstance(items, list):
        return {}, "no list of analyses"
    out: dict[Key, _Entry] = {}
    bad: list[str] = []
    for i, item in enumerate(items):
        try:
            entry = _entry(item, size)
        except (ValueError, TypeError, ShibumiError, SpokerError) as err:
            bad.append(f"analysis {i + 1}: {str(err)[:80]}")
            continue
        if entry.key not in out or out[entry.key].saved < entry.saved:
            out[entry.key] = entry
    return out, "; ".join(bad[:2]) + (" ..." if len(bad) > 2 else "")


def _entry(item: object, size: int = 12) -> _Entry:
    if not isinstance(item, dict):
        raise ValueError(f"not an object but {type(item).__name__}")
    moves_text, rules, effort, saved = item.get("moves"), item.get("rules"), item.get("effort"), item.get("saved")
    if not isinstance(moves_text, str) or not isinstance(rules, str) or not rules:
        raise ValueError("its moves or rules are not text")
    if not _whole(effort) or effort < 1:  # type: ignore[operator]
        raise ValueError(f"effort {effort!r} is not a positive whole number")
    if not _number(saved) or saved < 0:  # type: ignore[operator]
        raise ValueError(f"saved {saved!r} is not a time")
    if saved > time.time() + CLOCK_SKEW:  # type: ignore[operator]
        raise ValueError(f"saved {saved!r} is in the future")
    moves = [Move.from_str(token) for token in moves_text.split()]
    placements = item.get("placements")
    if not isinstance(placements, list) or len(placements) != len(moves):
        raise ValueError(f"not one placement a move ({len(moves)} moves)")
    found = tuple(_placement(p, n, moves[n - 1], size) for n, p in enumerate(placements, 1))
    _check_against_record(rules, moves, found)
    key = Key(" ".join(str(m) for m in moves), rules, int(effort))  # type: ignore[arg-type]
    return _Entry(key, float(saved), found)  # type: ignore[arg-type]


def _check_against_record(rules: str, moves: Sequence[Move], found: Sequence[MoveAnalysis]) -> None:
    """Replay the record the key names: each move must be legal, and each
    placement's best cell a cell its ball could go to (playable, empty), or
    the viewer would show (and place) a ghost where no ball can be. Rules
    this installation cannot read (a plug-in's variant not installed) are
    not checked: no record under them can be opened here."""
    try:
        state = GameState(RuleSet.parse(rules))
    except (ShibumiError, SpokerError):
        return
    for n, (move, m) in enumerate(zip(moves, found), 1):
        if state.drawn is None and state.end is None:
            try:
                state.apply_draw(move.colour)
            except (ShibumiError, SpokerError) as err:
                raise ValueError(f"move {n} {move}: {err}") from None
        legal = state.legal_cells()
        if m.best not in legal:
            raise ValueError(f"placement {n}: its best cell {m.best} is not a cell its ball can go to")
        if move.cell not in legal:
            raise ValueError(f"move {n} {move}: not a cell its ball can go to")
        state.apply_place(move.cell)


def _placement(p: object, n: int, move: Move, size: int = 12) -> MoveAnalysis:
    """Placement ``n`` as stored (``size`` values: 12, or 11 in the old
    format), checked against its move and against itself."""
    if not isinstance(p, list) or len(p) != size:
        raise ValueError(f"placement {n} is not a list of {size} values")
    number, player, ball, cell, value, best, best_value, loss, exact, judged, depth = p[:11]
    drawn = p[11] if size == 12 else None
    if number != n or isinstance(number, bool) or player != 2 - n % 2 or isinstance(player, bool):
        raise ValueError(f"placement {n} has the wrong number or player")
    if not isinstance(ball, str) or not isinstance(cell, str) or not isinstance(best, str):
        raise ValueError(f"placement {n}: ball or cells are not text")
    colour, where, better = Colour.from_char(ball), Cell(cell), Cell(best)
    if colour != move.colour or where != move.cell:
        raise ValueError(f"placement {n} is not the record's move {move}")
    if drawn is not None and (not _number(drawn) or not -1.0 - TOLERANCE <= drawn <= 1.0 + TOLERANCE):
        raise ValueError(f"placement {n}: draw value {drawn!r} is not an expected result")
    for x in (value, best_value):
        if not _number(x) or not -1.0 - TOLERANCE <= x <= 1.0 + TOLERANCE:  # type: ignore[operator]
            raise ValueError(f"placement {n}: value {x!r} is not an expected result")
    if not _number(loss) or abs(best_value - value - loss) > TOLERANCE or loss < -TOLERANCE:  # type: ignore[operator]
        raise ValueError(f"placement {n}: loss {loss!r} is not best value - value")
    if not isinstance(exact, bool) or not _whole(depth) or not 0 <= depth <= 30:  # type: ignore[operator]
        raise ValueError(f"placement {n}: exact or depth of the wrong type")
    if judged != verdict(float(loss)) or (better == where) != (loss == 0):  # type: ignore[arg-type]
        raise ValueError(f"placement {n}: verdict {judged!r} or best cell does not follow from its loss")
    return MoveAnalysis(n, player, colour, where, float(value), better, float(best_value),  # type: ignore[arg-type]
                        float(loss), exact, judged, int(depth),  # type: ignore[arg-type]
                        None if drawn is None else float(drawn))


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


__all__ = ["FILENAME", "FORMAT", "OLD_FORMAT", "MAX_ANALYSES", "MAX_BYTES", "AnalysisStore", "Key", "entries_from", "key_of"]
