"""The computer's side of a game on screen, without arcade: computer moves
and hints as jobs keyed by the position they were asked about, run on the
app's thread executor (:class:`spoker.runs.workers.ThreadExecutor`, a daemon
thread: closing the window never waits for a player thinking), and the
pacing of a computer seat (wait, draw, think, wait, place) driven by the
screen's frame clock (never ``sleep``).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from shibumi import Cell

T = TypeVar("T")


class Job(Generic[T]):
    """Work asked about the position ``key``, run on ``executor`` (the app's
    thread, or at once: :class:`spoker.runs.workers.InlineExecutor`)."""

    def __init__(self, key: str, executor: Executor, fn: Callable[..., T], *args: Any) -> None:
        self.key = key
        self.future: Future[T] = executor.submit(fn, *args)

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> T:
        """The answer (raises what the work raised); only once ``done``."""
        return self.future.result(timeout=0)


class Game(Protocol):
    """What the pacing needs of a game (spoker.gui.models.controller.GameController)."""

    @property
    def computer_to_move(self) -> bool: ...

    @property
    def state(self) -> Any: ...

    def computer_choice(self, state: Any = None) -> Cell: ...


@dataclass(frozen=True)
class Action:
    """What the screen does now for a computer seat: ``draw`` a ball, or
    ``place`` it on ``cell`` (``error``: the player failed, this is the
    lowest legal cell instead)."""

    kind: str
    cell: Cell | None = None
    error: str = ""


DRAW = Action("draw")


class ComputerTurns:
    """Paces the computer seats: ``wait`` seconds, draw, think (a
    :class:`Job`), wait the rest of ``delays[1]``, place."""

    def __init__(self, executor: Executor, wait: float = 0.0) -> None:
        self.executor = executor
        self.wait = wait
        self.choice: Job[Cell] | None = None

    def start(self, game: Game) -> None:
        """Think about the drawn ball now (a copy of the state, made here)."""
        state = game.state
        self.choice = Job(state.to_string(), self.executor, game.computer_choice, state.copy())

    def step(self, dt: float, game: Game, delays: tuple[float, float]) -> Action | None:
        """Advance by ``dt`` seconds: the action due now, if any. After a
        ``draw`` the screen draws and calls :meth:`drawn`."""
        if not game.computer_to_move:
            self.choice = None
            return None
        self.wait -= dt
        if game.state.drawn is None:
            return DRAW if self.wait <= 0 else None
        if self.choice is None:
            self.start(game)
        if self.wait > 0 or self.choice is None or not self.choice.done():
            return None
        job, self.choice = self.choice, None
        if job.key != game.state.to_string():  # asked about another position
            return None
        try:
            return Action("place", job.result())
        except Exception as err:  # a player's bug must not end the game
            return Action("place", game.state.legal_cells()[0], str(err))

    def drawn(self, game: Game, delays: tuple[float, float]) -> None:
        """The computer's ball is drawn: think while the second delay runs."""
        self.wait = delays[1]
        self.start(game)
