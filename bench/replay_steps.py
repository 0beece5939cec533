"""Stepping through a record in the replay viewer: its story told once
against a game controller rebuilt from move 1 for every position.

The replay viewer shows, at each position, the log, the moment, the
challenges and the counting groups. It used to make a
:class:`~spoker.gui.models.controller.GameController` per position, which replays
the game from move 1 (so a record cost a quadratic number of moves told);
it now reads :class:`~spoker.gui.models.replay_model.ReplayStory`, which tells the
events the :class:`~spoker.records.replay.Replay` already holds once. Both ways are
timed here in the same run on the same full-length (30-move) records,
stepping from move 0 to the last and reading what a frame reads; the script
checks that both tell the same story, and prints the times and their ratio::

    python3 bench/replay_steps.py              # a few seconds
    python3 bench/replay_steps.py --records 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("ARCADE_HEADLESS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spoker import GameState  # noqa: E402
from spoker.gui.models.controller import PERSON, GameController, GameSetup  # noqa: E402
from spoker.gui.models.replay_model import ReplayStory  # noqa: E402
from spoker.records.record import GameRecord  # noqa: E402
from spoker.records.replay import Replay  # noqa: E402

REPEATS = 5  # each way steps through each record this often; the median counts


def full_records(count: int, seed: int) -> list[GameRecord]:
    """Random games that fill the pyramid (30 moves), as records."""
    rng = random.Random(seed)
    out: list[GameRecord] = []
    while len(out) < count:
        state = GameState()
        while state.end is None:
            state.draw(rng)
            state.apply_place(rng.choice(state.legal_cells()))
        if state.move_number == 30:
            out.append(GameRecord.from_state(state, {"Player1": "Ann", "Player2": "Bob"}))
    return out


def _read(page: object) -> tuple[object, ...]:
    """What a frame of the viewer reads from a position's story."""
    return (page.moment, len(page.log), page.last_move_text(), page.result_text())  # type: ignore[attr-defined]


def step_rebuilding(replay: Replay, setup: GameSetup) -> list[tuple[object, ...]]:
    """The former way: a controller made from the state at each position."""
    return [_read(GameController(setup, replay.state_at(n), note_resume=False)) for n in range(replay.length + 1)]


def step_told_once(replay: Replay, setup: GameSetup) -> list[tuple[object, ...]]:
    """The viewer's way: the replay's events told once, then a lookup a position."""
    story = ReplayStory(replay, setup.names)
    return [_read(story.at(n)) for n in range(replay.length + 1)]


def timed(way: Callable[[Replay, GameSetup], object], replays: list[Replay], setup: GameSetup) -> float:
    """Median seconds (CPU time) to step through every record once."""
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        for replay in replays:
            way(replay, setup)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--records", type=int, default=10, help="30-move records stepped through (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    setup = GameSetup(("Ann", "Bob"), (PERSON, PERSON), seed=0)
    replays = [Replay(r) for r in full_records(max(1, args.records), args.seed)]
    for replay in replays:
        if step_rebuilding(replay, setup) != step_told_once(replay, setup):
            print("the two ways tell different stories", file=sys.stderr)
            return 1
    old = timed(step_rebuilding, replays, setup)
    new = timed(step_told_once, replays, setup)
    per = 1000.0 / len(replays)
    print(f"records: {len(replays)} of 30 moves, positions 0..30 each, median of {REPEATS} runs (CPU time)")
    print(f"controller rebuilt per position: {old * per:8.2f} ms a record")
    print(f"story told once (ReplayStory):   {new * per:8.2f} ms a record")
    print(f"ratio: {old / new:.1f}x faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
