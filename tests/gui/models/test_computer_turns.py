"""spoker.gui.models.computer_turns: the computer seats' pacing and jobs, with a
real game controller and no window (the module needs no arcade)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from shibumi import Cell
from spoker import RuleSet
from spoker.gui.models.computer_turns import ComputerTurns, Job
from spoker.runs.workers import InlineExecutor, ThreadExecutor

DELAYS = (0.3, 0.2)


def _controller(seats: tuple[str, str] = ("greedy", "greedy")) -> object:
    from spoker.gui.models.controller import GameController, GameSetup

    return GameController(GameSetup(("A", "B"), seats, RuleSet(), 7, False))


def _play(turns: ComputerTurns, game: object, dt: float, steps: int) -> list[str]:
    """Frames of ``dt`` seconds: what the pacing asked for, done as the game screen does."""
    done = []
    for _ in range(steps):
        action = turns.step(dt, game, DELAYS)  # type: ignore[arg-type]
        if action is None:
            continue
        if action.kind == "draw":
            game.draw()  # type: ignore[attr-defined]
            turns.drawn(game, DELAYS)  # type: ignore[arg-type]
            done.append("draw")
        else:
            assert action.cell is not None and not action.error
            game.place(action.cell)  # type: ignore[attr-defined]
            turns.wait = DELAYS[0]
            done.append(f"place {action.cell}")
    return done


@pytest.mark.parametrize("threaded", [False, True])
def test_a_computer_waits_draws_thinks_waits_and_places(threaded: bool) -> None:
    game = _controller()
    turns = ComputerTurns(ThreadExecutor() if threaded else InlineExecutor(), wait=DELAYS[0])
    assert _play(turns, game, 0.1, 2) == []  # 0.2 s of the 0.3 s first delay
    assert _play(turns, game, 0.1, 1) == ["draw"]
    assert turns.choice is not None
    if threaded:
        turns.choice.future.result(timeout=30)
    assert _play(turns, game, 0.1, 1) == []  # the second delay is not over
    actions = _play(turns, game, 0.1, 1)
    assert len(actions) == 1 and actions[0].startswith("place ")
    assert len(game.state.board) == 1  # type: ignore[attr-defined]


def test_a_whole_game_between_computers_ends() -> None:
    game = _controller(("random", "greedy"))
    turns = ComputerTurns(InlineExecutor())
    actions = _play(turns, game, 0.25, 400)
    assert game.over  # type: ignore[attr-defined]
    places = [a for a in actions if a.startswith("place ")]
    assert actions.count("draw") == len(places) >= len(game.state.board) > 0  # type: ignore[attr-defined]


def test_an_answer_about_another_position_is_dropped() -> None:
    game = _controller()
    turns = ComputerTurns(InlineExecutor())
    assert _play(turns, game, 1.0, 1) == ["draw"]
    turns.choice = Job("some other position", InlineExecutor(), lambda: Cell(0))
    assert turns.step(1.0, game, DELAYS) is None  # type: ignore[arg-type]
    assert turns.choice is None


def test_a_failing_player_places_the_lowest_cell_and_says_why() -> None:
    game = _controller()
    turns = ComputerTurns(InlineExecutor())
    _play(turns, game, 1.0, 1)

    def broken() -> Cell:
        raise RuntimeError("out of ideas")

    turns.choice = Job(game.state.to_string(), InlineExecutor(), broken)  # type: ignore[attr-defined]
    action = turns.step(1.0, game, DELAYS)  # type: ignore[arg-type]
    assert action is not None and action.kind == "place"
    assert action.cell == game.state.legal_cells()[0] and "out of ideas" in action.error  # type: ignore[attr-defined]


def test_no_computer_to_move_no_action_and_no_job() -> None:
    game = _controller(("person", "person"))
    turns = ComputerTurns(InlineExecutor())
    assert turns.step(5.0, game, DELAYS) is None  # type: ignore[arg-type]
    assert turns.choice is None


def test_the_module_needs_no_arcade() -> None:
    code = "import sys, spoker.gui.models.computer_turns; print('arcade' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

