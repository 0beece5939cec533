"""A record's analysis as the replay viewer shows it: computed move by move
off the window's thread, the graph filling in as placements are judged, and
kept for the session (arcade-free: the view only renders it).

:class:`AnalysisJob` is one record's analysis in progress: a worker runs its
steps (one placement each, :func:`spoker.runs.analysis.analyse_move`) and the
window's thread calls :meth:`AnalysisJob.poll` to see the placements done so
far. The steps run on an executor (:mod:`spoker.runs.workers`): the app's
daemon thread in the window, or at once (screenshots and tests). In the
window each step's search runs on the app's process executor (:func:`on`:
the daemon thread only waits for it), so the window keeps its interpreter
lock; a step whose search was stopped (its process was let go) is asked
again. The app gives the analysis a thread and a process of its own: it never
waits behind a computer player's turn, a hint or a puzzle's search, and a
puzzle let go never ends (and so never repeats) one of its steps.

A job with a ``quick_effort`` first judges every placement at that effort
(:data:`QUICK_EFFORT`: the whole game in about a second), so the graph, the
marks and the luck and skill are there at once, as an estimate; then each
placement is judged again at the full effort, its figures replacing the
estimate's. ``moves`` holds what is shown (the placements judged at full
effort, then the estimates of the rest); only the full analysis is the
result (kept on disk, exported, retried).
:class:`AnalysisCache` keeps one job per record for the session, and with an
:class:`~spoker.gui.models.analysis_store.AnalysisStore` every finished
analysis on disk for the next sessions.

Every placement is judged with its draw (``luck``: the value before the
draw, so that the luck of each draw and the players' luck and skill are
the same figures as ``spoker analyse --json``'s). An analysis kept before
luck was measured (the store's old format) is a head start: reopened, it is
analysed again for the draws only, its placements' values taken as kept
(the result is the same as a fresh analysis's).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, Executor
from typing import NamedTuple

from spoker.engine.rules import RuleSet
from spoker.gui.models.analysis_store import AnalysisStore, Key, key_of
from spoker.notices import Notice
from spoker.records.record import GameRecord
from spoker.records.replay import Replay
from spoker.runs.analysis import (
    DEFAULT_EFFORT,
    GameAnalysis,
    MoveAnalysis,
    analyse_move,
    challenge_swings,
    check_effort,
)
from spoker.runs.luck import Balance
from spoker.text.analysis_words import (
    VERDICT_MARKS,
    draw_line,
    luck_mark,
    value_line,
    verdict_line,
    why_words,
)

IDLE, RUNNING, DONE, FAILED = "idle", "running", "done", "failed"

QUICK_EFFORT = 2_000
"""Positions a placement is given in the quick pass: the sample record's 30
placements in half a second of one core, the same placements marked as by
the full analysis, two of its mistakes as inaccuracies (docs/decisions.md)."""

__all__ = [
    "DONE", "FAILED", "IDLE", "QUICK_EFFORT", "RUNNING", "VERDICT_MARKS", "AnalysisCache", "AnalysisJob", "Compute", "MoveWords", "on",
]


class MoveWords(NamedTuple):
    """A judged placement in words (spoker.text.analysis_words): its verdict
    line (the mark, what it gave away), why it was a mistake ("" without a
    verdict), the values after it and the draw's luck ("" if not judged)."""

    head: str
    why: str
    value: str
    draw: str = ""


Compute = Callable[[GameRecord, int, int, RuleSet, MoveAnalysis | None], MoveAnalysis]
"""How a step judges placement n with its draw (the last argument: the
placement as kept without its draw, or None):
:func:`~spoker.runs.analysis.analyse_move` here, or in another process
(:func:`on`)."""


def on(executor: Executor) -> Compute:
    """A step's search run on ``executor`` (the app's process; the caller waits)."""

    def compute(
        record: GameRecord, n: int, effort: int, rules: RuleSet, known: MoveAnalysis | None = None,
    ) -> MoveAnalysis:
        return executor.submit(analyse_move, record, n, effort, rules, True, known).result()

    return compute


def _here(record: GameRecord, n: int, effort: int, rules: RuleSet, known: MoveAnalysis | None = None) -> MoveAnalysis:
    return analyse_move(record, n, effort, rules, True, known)  # looked up at each call (tests replace it)


class AnalysisJob:
    """One record's analysis, made placement by placement on an executor.

    The worker only appends to ``_found`` (under the lock); the window's
    thread reads the copy :meth:`poll` makes, so drawing never races it."""

    def __init__(
        self, record: GameRecord, rules: RuleSet | None = None, effort: int = DEFAULT_EFFORT,
        compute: Compute = _here, kept: Sequence[MoveAnalysis] = (), quick_effort: int | None = None,
    ) -> None:
        check_effort(effort)
        if quick_effort is not None:
            check_effort(quick_effort)
        self.compute = compute
        self.record = record
        self.replay = Replay(record, rules)  # refuses a record that does not replay
        self.rules = self.replay.rules
        self.effort = effort
        self.total = self.replay.length
        if kept and [m.n for m in kept] != list(range(1, self.total + 1)):
            raise ValueError(f"{len(kept)} placements kept for a record of {self.total}")
        self.kept = tuple(kept)
        """The placements kept without their draws' values: only the draws are judged."""
        self.quick = quick_effort is not None and quick_effort < effort and not kept and self.total > 0
        """Whether every placement is estimated first (kept placements need no estimate)."""
        self.quick_effort = quick_effort if self.quick else None
        self.moves: list[MoveAnalysis] = []
        """What is shown: the placements judged at full effort, then the rest's estimates."""
        self.judged = 0
        """How many of ``moves`` (the first ones) are judged at full effort."""
        self.result: GameAnalysis | None = None
        self.error = ""
        self.started = False
        self._lock = threading.Lock()
        self._found: list[MoveAnalysis] = []
        self._estimates: list[MoveAnalysis] = []
        self._error = ""
        self._executor: Executor | None = None
        self._words: dict[tuple[int, tuple[str, str], bool], MoveWords] = {}
        self._balance: tuple[Balance | None] | None = None
        self._rough: tuple[int, Balance | None] | None = None  # (judged, balance) of the estimate
        self.on_done: Callable[[AnalysisJob], None] | None = None
        """Called once, on the window's thread, when the last placement is judged here."""

    @classmethod
    def finished(cls, analysis: GameAnalysis) -> AnalysisJob:
        """A job holding an analysis already made (a fixture, a file)."""
        return cls.from_moves(analysis.record, analysis.rules, analysis.effort, analysis.moves)

    @classmethod
    def from_moves(
        cls, record: GameRecord, rules: RuleSet | None, effort: int, moves: list[MoveAnalysis],
    ) -> AnalysisJob:
        """A job holding the placements of an analysis made before (all of them)."""
        job = cls(record, rules, effort)
        if len(moves) != job.total:
            raise ValueError(f"{len(moves)} placements for a record of {job.total}")
        job.started = True
        job._found = list(moves)
        job.poll()
        return job

    # -- the worker's side -------------------------------------------------------
    def start(self, executor: Executor) -> None:
        """Begin (once): the executor judges the placements one by one."""
        if self.started:
            return
        self.started = True
        self._executor = executor
        if self.total:
            executor.submit(self._step)

    def _step(self) -> None:
        """Judge the next placement (its estimate first, in the quick pass),
        then hand the one after to the executor."""
        with self._lock:
            rough = self.quick_effort is not None and len(self._estimates) < self.total
            n = len(self._estimates if rough else self._found) + 1
        try:
            if rough:
                assert self.quick_effort is not None
                found = self.compute(self.record, n, self.quick_effort, self.rules, None)
            else:
                found = self.compute(self.record, n, self.effort, self.rules, self.kept[n - 1] if self.kept else None)
        except CancelledError:  # the search was let go (another's stop): asked again
            if self._executor is not None:
                self._executor.submit(self._step)
            return
        except Exception as err:  # a worker must report, never die silently
            with self._lock:
                self._error = f"move {n}: {err}" if str(err) else f"move {n}: {err.__class__.__name__}"
            return
        with self._lock:
            (self._estimates if rough else self._found).append(found)
            more = len(self._found) < self.total
        if more and self._executor is not None:
            self._executor.submit(self._step)

    # -- the window's side -------------------------------------------------------
    def poll(self) -> bool:
        """Take the placements judged since the last call; True if any (or the end)."""
        with self._lock:
            found = list(self._found[self.judged:])
            estimates = list(self._estimates[len(self.moves):]) if len(self._estimates) > len(self.moves) else []
            error = self._error
        changed = bool(found) or bool(estimates) or error != self.error
        self.moves.extend(estimates)  # the estimates first: a placement refined replaces its own
        self.moves[self.judged:self.judged + len(found)] = found
        self.judged += len(found)
        self.error = error
        if self.result is None and self.judged == self.total and self.started:
            self.result = GameAnalysis(
                self.record, self.rules, self.effort, list(self.moves),
                challenge_swings(self.replay, self.moves),
            )
            changed = True
            if self.on_done is not None:
                self.on_done(self)
        return changed

    @property
    def key(self) -> Key:
        """What this analysis depends on: the record's moves, the rules, the effort."""
        return key_of(self.record.moves, self.rules, self.effort)

    @property
    def state(self) -> str:
        if self.error:
            return FAILED
        if self.result is not None:
            return DONE
        return RUNNING if self.started else IDLE

    def progress_text(self) -> str:
        """What the viewer says about the analysis now."""
        state = self.state
        if state == IDLE:
            return "analysed before luck was measured: A judges the draws" if self.kept else "not analysed yet"
        if state == FAILED:
            return f"Analysis failed at {self.error}"
        if state == RUNNING:
            if self.estimated():
                return f"estimate; refining\u2026 move {self.judged + 1} of {self.total}"
            doing = "Judging the draws" if self.kept else "Analysing"  # a kept analysis gets its luck
            return f"{doing}\u2026 move {min(self.total, len(self.moves) + 1)} of {self.total}"
        counts = [(sum(1 for m in self.moves if m.verdict == v), v) for v in ("blunder", "mistake")]
        said = [f"{n} {v}{'s' if n != 1 else ''}" for n, v in counts if n]
        return ", ".join(said) if said else "no mistake, no blunder"

    def estimated(self) -> bool:
        """Whether every placement shows figures, some of them the quick pass's estimate."""
        return self.result is None and len(self.moves) == self.total > self.judged

    def graph(self) -> list[tuple[int, float]]:
        """(move number, player 1's expected result after it), so far."""
        return [(m.n, m.value if m.player == 1 else -m.value) for m in self.moves]

    def at(self, n: int) -> MoveAnalysis | None:
        """Placement ``n``'s analysis, if judged yet."""
        return self.moves[n - 1] if 1 <= n <= len(self.moves) else None

    def verdicts(self) -> dict[int, str]:
        """Move number -> verdict, for the placements with one."""
        return {m.n: m.verdict for m in self.moves if m.verdict is not None}

    def luck_marks(self) -> dict[int, str]:
        """Move number -> ``lucky draw +0.31`` (or unlucky), for the draws marked."""
        marks = {m.n: luck_mark(m.luck) for m in self.moves}
        return {n: mark for n, mark in marks.items() if mark}

    def lucks(self) -> list[tuple[int, int, float]]:
        """(move number, drawer, luck) of each draw judged so far, in order."""
        return [(m.n, m.player, m.luck) for m in self.moves if m.luck is not None]

    def balance(self) -> Balance | None:
        """The game's luck and skill (as ``spoker analyse --json``), once every draw is judged."""
        if self.result is None:
            return None
        if self._balance is None:
            self._balance = (self.result.balance(),)  # worked out once: the screens draw it every frame
        return self._balance[0]

    def rough_balance(self) -> Balance | None:
        """The game's luck and skill from what is shown: the full analysis's
        once done, else the estimate's once every placement has one."""
        if self.result is not None:
            return self.balance()
        if not self.estimated():
            return None
        if self._rough is None or self._rough[0] != self.judged:  # worked out again as placements are refined
            rough = GameAnalysis(self.record, self.rules, self.effort, list(self.moves), [])
            self._rough = (self.judged, rough.balance())
        return self._rough[1]

    def words(self, n: int, names: tuple[str, str]) -> MoveWords | None:
        """Placement ``n`` in words, if judged yet (worked out once: why a
        mistake was one is the engine playing both placements out)."""
        m = self.at(n)
        if m is None:
            return None
        key = (n, names, n <= self.judged)  # an estimate's words go when the placement is refined
        found = self._words.get(key)
        if found is None:
            mover = names[m.player - 1]
            why = ""
            if m.verdict is not None:
                after = self.record.moves[n] if n < len(self.record.moves) else None
                why = why_words(self.replay.state_at(n - 1), m.ball, m.cell, m.best, names,
                                m.value, m.best_value, after)
            found = self._words[key] = MoveWords(
                verdict_line(m.verdict, m.loss, m.best == m.cell), why,
                value_line(mover, m.cell, m.value, m.exact, m.best, m.best_value, self.replay.state_at(n).is_over),
                "" if m.luck is None else draw_line(m.n, mover, m.ball, m.luck),
            )
        return found


def _key(record: GameRecord, rules: RuleSet | None, effort: int) -> Key:
    return key_of(record.moves, rules if rules is not None else record.rules, effort)


class AnalysisCache:
    """One job per record (its moves, rules and effort) for the session; with
    a ``store``, the analyses finished here are kept on disk and those kept
    before are taken from it instead of being made again."""

    def __init__(
        self, executor: Executor, effort: int = DEFAULT_EFFORT, compute: Compute = _here,
        store: AnalysisStore | None = None, quick_effort: int | None = None,
    ) -> None:
        self.executor = executor
        self.effort = effort
        self.quick_effort = quick_effort
        """Each new job's quick pass (None: none, the analyses made at once)."""
        self.compute = compute
        self.store = store
        self._jobs: dict[Key, AnalysisJob] = {}

    def job(self, record: GameRecord, rules: RuleSet | None = None) -> AnalysisJob:
        """The record's job: the one of this session, else one holding the
        analysis kept on disk, else a new one (not started; with the kept
        placements as a head start when they were kept without their draws)."""
        key = _key(record, rules, self.effort)
        job = self._jobs.get(key)
        if job is None:
            kept = None if self.store is None else self.store.find(key)
            head: list[MoveAnalysis] = []
            if kept is not None and any(m.draw_value is None for m in kept):
                head, kept = kept, None  # kept before luck was measured: judge the draws
            if kept is not None:
                try:
                    job = AnalysisJob.from_moves(record, rules, self.effort, kept)
                except ValueError:  # not this record's (the key says it is): analyse it again
                    job = None
            if job is None:
                try:
                    job = AnalysisJob(record, rules, self.effort, self.compute, head, self.quick_effort)
                except ValueError:  # the head start is not this record's: all again
                    job = AnalysisJob(record, rules, self.effort, self.compute, quick_effort=self.quick_effort)
                job.on_done = self._keep
            self._jobs[key] = job
        return job

    def add(self, analysis: GameAnalysis) -> AnalysisJob:
        """Keep an analysis made elsewhere (for its record and effort), for the session."""
        job = AnalysisJob.finished(analysis)
        self._jobs[_key(analysis.record, analysis.rules, analysis.effort)] = job
        return job

    def _keep(self, job: AnalysisJob) -> None:
        """A finished analysis, on disk for the next sessions (a failure is
        one of the store's notices)."""
        if self.store is not None:
            self.store.keep(job.key, job.moves)

    def take_notices(self) -> list[Notice]:
        """The kept analyses' notices not yet told (a damaged file, a failed write)."""
        return [] if self.store is None else self.store.take_notices()

    def start(self, record: GameRecord, rules: RuleSet | None = None) -> AnalysisJob:
        job = self.job(record, rules)
        job.start(self.executor)
        return job
