"""How long the tutor makes a person wait, on one core:
the time from the click to the decision (ask, or place), over whole games.

Plays ``--games`` games of a person against a computer seat through the game
screen's own model (:class:`spoker.gui.models.controller.GameController`) and
the tutor's (:class:`spoker.gui.models.tutor.CellValues`, its searches in the
window's worker thread, one for the session and prepared at its start as the
app does: ``--unprepared`` leaves that out). At the start of the person's turn the
searches of the positions each ball can make start (``prefetch``, as the
screen's first frame of the turn does; ``--no-prefetch``: only once the ball
is drawn); the person draws ``--draw-delay`` seconds later and clicks
``--think`` seconds after the draw (both 0 by default: the worst case, a
person who draws and clicks at once). The person's cells are chosen by a
lookahead player before the turn starts, for each ball (not timed). The
waiting click is polled once a frame (1/60 s), as the screen's ``on_update``
does; it waits at most ``TUTOR_WAIT`` seconds, then the ball is placed
without asking ("late"). When the tutor asks, the person plays it anyway, so
the game goes on as chosen.

The process is pinned to one core (``os.sched_setaffinity``). The baseline,
measured in the same run: one plain placement (the engine's ``apply_place``
on a copy of the same positions), the median; the figures are also given as
multiples of it. Target: the worst click-to-decision under 50 ms.

    python3 bench/tutor.py                   # 20 games, about two minutes
    python3 bench/tutor.py --no-prefetch     # the search only from the draw
    python3 bench/tutor.py --unprepared      # the worker's memo not written at the window's start
    python3 bench/tutor.py --games 5 --draw-delay 0.5 --think 0.2 --threshold 0.10
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import spoker.kernel  # noqa: E402
from shibumi import Colour  # noqa: E402
from spoker.engine.rules import RuleSet  # noqa: E402
from spoker.engine.state import GameState  # noqa: E402
from spoker.gui.models.controller import PERSON, GameController, GameSetup  # noqa: E402
from spoker.gui.models.tutor import DEFAULT_THRESHOLD, TUTOR_WAIT, CellValues  # noqa: E402
from spoker.players import make_player  # noqa: E402
from spoker.runs.hints import Hint  # noqa: E402
from spoker.runs.workers import ThreadExecutor  # noqa: E402

TARGET_MS = 50.0
FRAME = 1 / 60  # the screen polls a waiting click once a frame


def one_core() -> str:
    """Pin this process (and its worker thread) to one core; which, in words."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity here)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, nearest rank."""
    k = max(0, min(len(sorted_values) - 1, round(q * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def worker(prepared: bool = True) -> ThreadExecutor:
    """The window's worker thread, where the tutor searches: one for the
    session, prepared at the window's start (``prepared``: its memo written
    once, :func:`spoker.kernel.prepare_thread`), as the app does; unprepared,
    its first search writes the memo's pages itself (the window before it
    prepared its worker). Returned once the preparation is done: a person's
    first click comes seconds after the window opens."""
    executor = ThreadExecutor("tutor-bench")
    if prepared:
        executor.submit(spoker.kernel.prepare_thread).result()
    return executor


def play(seed: int, opponent: str, rules: RuleSet, threshold: float, draw_delay: float, think: float,
         prefetch: bool, executor: ThreadExecutor | None = None) -> dict[str, list[float]]:
    """One game; the click-to-decision times (s), the searches' own times,
    the plain placements' times, and the counts of questions and late clicks.
    The tutor searches in ``executor`` (the session's :func:`worker`; a new
    prepared one if not given)."""
    c = GameController(GameSetup(("You", "Computer"), (PERSON, opponent), rules, seed))
    person = make_player("lookahead", seed=seed)
    values = CellValues(executor if executor is not None else worker())  # the game screen's worker thread
    out: dict[str, list[float]] = {"decide": [], "search": [], "cpu": [], "place": [], "asked": [], "late": []}
    search = c.cell_values

    def timed(state: GameState) -> list[Hint]:
        """The search, its CPU time in the worker thread kept (a loaded machine's wall clock is not one core's)."""
        t = time.thread_time()
        try:
            return search(state)
        finally:
            out["cpu"].append(time.thread_time() - t)

    c.cell_values = timed  # type: ignore[method-assign,assignment]
    while not c.over:
        if c.computer_to_move:
            if c.state.drawn is None:
                c.draw()
            else:
                c.place(c.computer_choice())
            continue
        # The person's mind, made up for each ball before the turn starts (not timed).
        counts = c.state.bag()
        colours = [c.redraws[0]] if c.redraws else [k for k in Colour if counts[k]]
        choices = {}
        for colour in colours:
            drawn = c.state.copy()
            drawn.apply_draw(colour)
            choices[colour] = person.choose(drawn)
        if prefetch:
            values.prefetch(c)  # the screen's first frame of the person's turn
        time.sleep(draw_delay)
        c.draw()
        assert c.state.drawn is not None
        cell = choices[c.state.drawn]
        copy = c.state.copy()
        t = time.perf_counter()
        copy.apply_place(cell)
        out["place"].append(time.perf_counter() - t)
        drawn_at = time.perf_counter()
        values.values(c)  # the first frame after the draw: the search starts, unless prefetched
        if think > 0:
            time.sleep(think)
        clicked = time.perf_counter()
        decision = values.click(c, cell, threshold, clicked)
        while decision is None:
            time.sleep(FRAME)
            decision = values.poll(c, threshold, time.perf_counter())
        decided = time.perf_counter()
        out["decide"].append(decided - clicked)
        if not decision.late:
            out["search"].append(decided - drawn_at)  # the values there, within a frame
        out["asked"].append(float(decision.warning is not None))
        out["late"].append(float(decision.late))
        c.place(decision.cell)  # asked: played anyway
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="lookahead")
    parser.add_argument("--rules", default="visible")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    parser.add_argument("--think", type=float, default=0.0, help="seconds from the draw to the click")
    parser.add_argument("--draw-delay", type=float, default=0.0,
                        help="seconds from the start of the person's turn to the draw")
    parser.add_argument("--no-prefetch", action="store_true",
                        help="start the search at the draw, not before it (the draws' positions)")
    parser.add_argument("--unprepared", action="store_true",
                        help="the worker thread not prepared at start (its first search writes its memo's pages)")
    args = parser.parse_args(argv)
    pinned = one_core()
    print(f"search: {spoker.kernel.warm_up()}", flush=True)  # the window's start, not a decision's cost
    rules = RuleSet.parse(args.rules)
    totals: dict[str, list[float]] = {}
    started = time.perf_counter()
    executor = worker(not args.unprepared)  # one for the session, as the window's
    for g in range(args.games):
        for k, v in play(args.seed + g, args.opponent, rules, args.threshold, args.draw_delay, args.think,
                         not args.no_prefetch, executor).items():
            totals.setdefault(k, []).extend(v)
    decide = sorted(totals["decide"])
    search = sorted(totals["search"])
    base = statistics.median(totals["place"])
    worst, p95, median = decide[-1], percentile(decide, 0.95), statistics.median(decide)
    print(f"tutor bench: {args.games} games against {args.opponent} ({args.rules}), {pinned}, "
          f"threshold {args.threshold:g}, draw {args.draw_delay:g} s into the turn, click {args.think:g} s after it, "
          f"{'no prefetch' if args.no_prefetch else 'the draws prefetched'}, "
          f"wait at most {TUTOR_WAIT * 1000:.0f} ms, {time.perf_counter() - started:.0f} s")
    print(f"  placements by the person: {len(decide)}; asked {sum(totals['asked']):.0f}; "
          f"late (placed without asking) {sum(totals['late']):.0f}")
    print(f"  baseline, one plain placement (median): {base * 1e3:.3f} ms")
    for name, x in (("worst", worst), ("95th percentile", p95), ("median", median)):
        print(f"  click to decision, {name}: {x * 1e3:.0f} ms ({x / base:,.0f} plain placements)")
    if search:
        print(f"  draw to values, when found in time (wall, within a frame): worst {search[-1] * 1e3:.0f} ms, "
              f"95th percentile {percentile(search, 0.95) * 1e3:.0f} ms, median {statistics.median(search) * 1e3:.0f} ms")
    cpu = sorted(totals["cpu"])
    print(f"  one search's CPU time in the worker (every one started): worst {cpu[-1] * 1e3:.0f} ms, "
          f"95th percentile {percentile(cpu, 0.95) * 1e3:.0f} ms, median {statistics.median(cpu) * 1e3:.0f} ms "
          f"({cpu[-1] / base:,.0f} plain placements); on a free core a click at once waits about that "
          f"plus a frame: {(cpu[-1] + FRAME) * 1e3:.0f} ms at worst")
    print(f"  this machine's load while it ran: {os.getloadavg()[0]:.1f} (1-minute average)")
    outcome = "holds" if worst * 1e3 < TARGET_MS else "MISSED"
    print(f"  target: worst under {TARGET_MS:.0f} ms: {outcome}")
    return 0 if worst * 1e3 < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
