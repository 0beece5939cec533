"""The tutor (opt-in, games against the computer): before a person's
placement that gives away more than a threshold of expected result
(P(win) - P(loss), the hint engine's values), the game asks whether to
rethink or play it, with the hints' words for the better cell.

The values are the hints' own (:mod:`spoker.runs.hints`, every playable cell),
computed in the worker thread while the person thinks (:class:`CellValues`);
a click that comes before them waits at most :data:`TUTOR_WAIT` seconds, then
the ball is placed without asking (:class:`PendingClick`). No window library
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shibumi import Cell, Colour
from spoker.gui.models.computer_turns import Job
from spoker.gui.models.settings import DEFAULT_THRESHOLD, TUTOR_THRESHOLDS
from spoker.text.narrator import tutor_lines, tutor_question
from spoker.text.value_words import given_away_words

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from spoker.gui.models.controller import GameController
    from spoker.runs.hints import Hint

TUTOR_WAIT = 0.4
"""Seconds a click may wait for the values (the issue allows half a second
from the click to the decision; the rest is the decision and a frame)."""

SLACK = 1e-9
"""A loss this close to the threshold counts as at it (not more): rounding."""


@dataclass(frozen=True)
class TutorWarning:
    """A placement the tutor asks about: the chosen cell's hint, the best
    cell's hint and what the choice gives away (best value - its value)."""

    chosen: Hint
    best: Hint

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.chosen.value)

    @property
    def question(self) -> str:
        """``This gives away about 1 game in 7: rethink, or play it?``"""
        return tutor_question(given_away_words(min(2.0, self.loss)))

    @property
    def lines(self) -> list[str]:
        """The better cell, then the chosen one, in the hints' words."""
        return tutor_lines(self.chosen.cell, self.chosen.words, self.best.cell, self.best.words)


def tutor_watches(controller: GameController, on: bool) -> bool:
    """Whether the tutor watches this game: it is on, and the game is one
    person against the computer (not hot-seat, not two computers)."""
    setup = controller.setup
    return on and sum(setup.is_computer(p) for p in (1, 2)) == 1


def tutor_applies(controller: GameController, on: bool) -> bool:
    """Whether the tutor watches the placement now: it watches the game
    (:func:`tutor_watches`) and the person has a ball to place."""
    return tutor_watches(controller, on) and controller.person_to_move and controller.state.drawn is not None


def check(values: Sequence[Hint], cell: Cell, threshold: float) -> TutorWarning | None:
    """The warning for placing on ``cell`` given every playable cell's hint
    (``values``, best first, as :meth:`GameController.cell_values` gives), or
    None when it gives away no more than ``threshold``."""
    if not values:
        return None
    chosen = next((h for h in values if h.cell == cell), None)
    if chosen is None:
        return None
    best = max(values, key=lambda h: h.value)
    if best.value - chosen.value <= threshold + SLACK:
        return None
    return TutorWarning(chosen, best)


@dataclass(frozen=True)
class Decision:
    """What a click comes to: place the ball on ``cell`` at once (``warning``
    None), or ask first; ``late``: the values were not ready in time, so the
    ball is placed without asking."""

    cell: Cell
    warning: TutorWarning | None
    late: bool = False


@dataclass(frozen=True)
class PendingClick:
    """A click made before the values were ready: the cell, the position it
    was made in (its state string) and when it stops waiting (a clock's time)."""

    cell: Cell
    key: str
    deadline: float

    def expired(self, now: float) -> bool:
        return now >= self.deadline


class CellValues:
    """Every playable cell's hint for the position on screen, found in the
    worker thread (a :class:`Job` keyed by the state string, so a value is
    always the drawn ball's in this position), for the hints and the tutor
    alike; and the tutor's decision on a click.

    Before the person draws, :meth:`prefetch` starts the search for each ball
    that can come, the likeliest first (the worker is idle then), so that the
    values are usually there when the ball is: the others are dropped at the
    draw (those not started yet are cancelled)."""

    def __init__(self, executor: Executor, wait: float = TUTOR_WAIT) -> None:
        self.executor = executor
        self.wait = wait
        self.jobs: dict[str, Job[list[Hint]]] = {}  # by position: the one on screen, or prefetched
        self.found: tuple[str, list[Hint]] | None = None
        self.error = ""  # what the last search raised ("" if nothing)
        self.pending: PendingClick | None = None
        self.prefetched = ""  # the position before a draw whose draws are being searched

    def reset(self) -> None:
        """Forget everything (a takeback: the positions come again)."""
        self._drop(set())
        self.prefetched = ""
        self.found = None
        self.error = ""
        self.pending = None

    def _drop(self, keep: set[str]) -> None:
        """Forget the jobs of positions not in ``keep`` (cancelled if not started)."""
        for key in [k for k in self.jobs if k not in keep]:
            self.jobs.pop(key).future.cancel()

    def prefetch(self, controller: GameController) -> None:
        """The person is to draw: search each position the draw can make (the
        next ball only, after a takeback: the draws come again), likeliest first."""
        state = controller.state
        if state.drawn is not None or state.is_over or not controller.person_to_move:
            return
        here = state.to_string()
        if here == self.prefetched:  # asked once a frame: the jobs are out already
            return
        self.prefetched = here
        if controller.redraws:
            colours = [controller.redraws[0]]
        else:
            counts = state.bag()
            colours = sorted((c for c in Colour if counts[c]), key=lambda c: -counts[c])
        keys = []
        for colour in colours:
            drawn = state.copy()
            drawn.apply_draw(colour)
            key = drawn.to_string()
            keys.append(key)
            if key not in self.jobs:
                self.jobs[key] = Job(key, self.executor, controller.cell_values, drawn)
        self._drop(set(keys))

    def values(self, controller: GameController) -> list[Hint] | None:
        """The values of the position now, best first (empty: nothing to
        value, or the search failed: ``error``); None while they are being
        found. The first call for a position starts the search (unless
        prefetched) and drops the others."""
        key = controller.state.to_string()
        if self.found is not None and self.found[0] == key:
            return self.found[1]
        self._drop({key})
        job = self.jobs.get(key)
        if job is None:
            job = self.jobs[key] = Job(key, self.executor, controller.cell_values, controller.state.copy())
        if not job.done():
            return None
        del self.jobs[key]
        try:
            found = job.result()
            self.error = ""
        except Exception as err:  # a search's bug must not stop the game: no hint, no question
            found = []
            self.error = str(err) or type(err).__name__
        self.found = (key, found)
        return found

    def click(self, controller: GameController, cell: Cell, threshold: float, now: float) -> Decision | None:
        """The decision on placing on ``cell`` now, or None: the values are
        not ready, the click waits (:meth:`poll`) until ``now`` + ``wait``."""
        found = self.values(controller)
        if found is None:
            self.pending = PendingClick(cell, controller.state.to_string(), now + self.wait)
            return None
        self.pending = None
        return Decision(cell, check(found, cell, threshold))

    def poll(self, controller: GameController, threshold: float, now: float) -> Decision | None:
        """The decision on a waiting click once its values are found, or
        once it has waited ``wait`` seconds (placed without asking: ``late``)."""
        click = self.pending
        if click is None:
            return None
        if click.key != controller.state.to_string():  # the position changed (a takeback)
            self.pending = None
            return None
        found = self.values(controller)
        if found is not None:
            self.pending = None
            return Decision(click.cell, check(found, click.cell, threshold))
        if click.expired(now):
            self.pending = None
            return Decision(click.cell, None, late=True)
        return None


__all__ = [
    "DEFAULT_THRESHOLD", "TUTOR_THRESHOLDS", "TUTOR_WAIT", "CellValues", "Decision", "PendingClick",
    "TutorWarning", "check", "tutor_applies", "tutor_watches",
]
