"""Game analysis: how good was each placement of a record?

For every placement the analysis computes its *value*: the expected game
result (+1 a win, 0 a draw, -1 a loss, so P(win) - P(loss)) for the player who
placed the ball, after placing it where the record did, with best play by both
sides from then on and the bag's odds at every later draw (expectimax). It
also finds the best placement of that ball and its value; the difference is
the *loss* (0 when the record's placement is among the best).

Values come from the search of :func:`spoker.kernel.new_search` with the game
result as utility (:class:`~spoker.players.search.WinUtility`). Once the
search reaches the end of the game the value is *exact*: always when
:data:`EXACT_LEFT` or fewer balls remain before the placement, and earlier
when the exhaustive search fits in :data:`ANALYSIS_EXACT_FACTOR` times the effort.
Otherwise the search deepens placement by placement while the next depth is
predicted to fit in ``effort`` positions, and judges the positions at its
horizon by the leader's chances (an estimate).

Each placement is analysed on its own (fresh tables, no clock), so the result
depends only on the record, the rules and the effort: the same whatever the
machine, the order or the number of worker processes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from shibumi import CELLS, Cell, Colour
from spoker.engine.events import End
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.errors import ArgumentError, IllegalActionError, Refusal
from spoker.kernel import Kept, new_search
from spoker.players.bitboard import cells_of, pending_code, score_diff
from spoker.players.search import ROOT_MARGIN, OutOfBudget, WinUtility
from spoker.records.record import GameRecord
from spoker.records.replay import Replay
from spoker.runs.luck import Balance, MoveFigures, balance, decimal, move_figures
from spoker.runs.parallel import running, stream
from spoker.text.narrator import refusal_text

DEFAULT_EFFORT = 200_000
"""Positions judged per placement, at most, before the search is exact: a
whole record takes some 6 s of one core (bench/analyse.py; target 20 s)."""
MAX_EFFORT = 100_000_000
"""The most positions a placement may be given (about eight hours of one core
a record): more is a typo, not a wish."""

EXACT_FACTOR = 4
"""An exhaustive search to the end of the game may judge this many times the
effort: exactness is worth more than a deeper estimate."""

EXACT_LEFT = 5
"""With this many balls left before the placement, or fewer, the search is
always exhaustive, whatever the effort (it is tiny: a few thousand positions)."""

LAST_PLIES = 2
"""The search skips from this many placements short of the end straight to
the end: the last balls have a cell or two each, so the whole search costs
hardly more than the one two placements shorter."""

ANALYSIS_LAST_PLIES = 3
ANALYSIS_EXACT_FACTOR = 10
"""A record's analysis (its placements and the luck of its draws) tries the
end from three placements short of it, allowed ten times the effort: exact
from a ball earlier in most records (10 or 11 balls left, before 9 or 10)
for some 15-40% more time, the end screen's box still under 3 s of one core
(bench/analysis_effort.py; docs/decisions.md). The hints and the tutor keep
:data:`LAST_PLIES` and :data:`EXACT_FACTOR`: their time is the player's wait."""

TIE = 1e-9
"""Values this close are equal: the played cell is among the best."""

INACCURACY = 0.10
MISTAKE = 0.20
BLUNDER = 0.40
"""Verdicts by loss of expected result. A loss ``x`` gives away ``x / 2`` of
the games (draws counted half): an inaccuracy 1 game in 20, a mistake 1 in
10, a blunder 1 in 5."""

TURNING = 0.30
"""A challenge is a turning point when, from its opening move's draw to the
end of its answer, the challenger's expected result moves this much or more."""



class PlacementValues(NamedTuple):
    """What the search found for one drawn ball: the value of each cell it
    valued (the played cell and the best always; with pruning, cells found
    worse than the best are left out), whether the values are exact, the
    search depth in placements and the positions judged."""

    values: dict[Cell, float]
    exact: bool
    depth: int
    nodes: int


class MoveAnalysis(NamedTuple):
    """One placement judged (values for ``player``, the one who placed ``ball``)."""

    n: int
    player: int
    ball: Colour
    cell: Cell
    value: float
    best: Cell
    best_value: float
    loss: float
    exact: bool
    verdict: str | None
    """None, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"`` (:data:`BLUNDER` ...)."""
    depth: int
    """Placements the search looked ahead, this one included (balls left when exact)."""
    draw_value: float | None = None
    """The position before the draw, for the drawer (:func:`draw_value`; None: not judged)."""

    @property
    def luck(self) -> float | None:
        """What the colour drawn was worth against an average draw (None: not judged)."""
        return None if self.draw_value is None else self.best_value - self.draw_value

    def figures(self) -> MoveFigures:
        """The move's figures as ``spoker analyse`` prints them (nine places)."""
        if self.draw_value is None:
            raise ArgumentError(f"move {self.n}: its draw was not judged")
        return move_figures(self.n, self.player, self.draw_value, self.best_value, self.value)

    def to_json(self) -> dict[str, object]:
        """The move's object in ``spoker analyse --json`` (notation.md): the
        loss and the luck from the printed values, so that they add up."""
        value, best = decimal(self.value), decimal(self.best_value)
        out: dict[str, object] = {
            "n": self.n, "player": self.player, "ball": self.ball.char, "cell": str(self.cell),
            "value": float(value), "best": str(self.best),
            "best_value": float(best), "loss": float(best - value),
            "exact": self.exact,
        }
        if self.draw_value is not None:
            f = self.figures()
            out["draw_value"] = float(f.draw_value)
            out["luck"] = float(f.luck)
        return out


class PlayerSummary(NamedTuple):
    """A player's placements in one game, summed up."""

    player: int
    moves: int
    average_loss: float
    worst: MoveAnalysis | None
    """The placement with the largest loss (the first of equal ones); None if
    the player made no placement or lost nothing."""
    inaccuracies: int
    mistakes: int
    blunders: int

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player, "moves": self.moves,
            "average_loss": _rounded(self.average_loss),
            "worst": None if self.worst is None else self.worst.n,
            "inaccuracies": self.inaccuracies, "mistakes": self.mistakes, "blunders": self.blunders,
        }


class ChallengeSwing(NamedTuple):
    """A challenge and how the challenger's expected result moved through it.

    ``before`` is the value before the opening move's draw (None for the first
    move), ``opened`` right after the opening placement, ``answered`` after
    the answer (None if it was not answered in the record). ``turning`` when
    it moved :data:`TURNING` or more from ``before`` to the last known value.
    """

    move: int
    challenger: int
    rank: str
    response_move: int | None
    response: str | None
    points: tuple[int, int] | None
    before: float | None
    opened: float
    answered: float | None
    turning: bool

    def to_json(self) -> dict[str, object]:
        return {
            "move": self.move, "challenger": self.challenger, "challenge": self.rank,
            "response_move": self.response_move, "response": self.response,
            "points": None if self.points is None else list(self.points),
            "before": _rounded(self.before), "opened": _rounded(self.opened),
            "answered": _rounded(self.answered), "turning": self.turning,
        }


@dataclass
class GameAnalysis:
    """A record's placements judged one by one (see the module doc)."""

    record: GameRecord
    rules: RuleSet
    effort: int
    moves: list[MoveAnalysis]
    challenges: list[ChallengeSwing] = field(default_factory=list)

    @property
    def players(self) -> tuple[PlayerSummary, PlayerSummary]:
        """Player 1's and player 2's summaries."""
        return (summarise(self.moves, 1), summarise(self.moves, 2))

    def names(self) -> tuple[str, str]:
        """The players' names as the record gives them (``Player 1`` ... without)."""
        h = self.record.headers
        return (h.get("Player1") or "Player 1", h.get("Player2") or "Player 2")

    def result(self) -> int | None:
        """Player 1's result: +1, 0, -1; None for an unfinished record."""
        state = self.record.play(self.rules)
        if not state.is_over or len(self.moves) != len(self.record.moves):
            return None
        return 0 if state.winner is None else (1 if state.winner == 1 else -1)

    def balance(self) -> Balance | None:
        """Luck and skill (notation.md): None unless every draw was judged."""
        if not self.moves or any(m.draw_value is None for m in self.moves):
            return None
        return balance([m.figures() for m in self.moves], self.result())

    def graph(self) -> list[tuple[int, float]]:
        """(move number, player 1's expected result after it): the evaluation
        graph, one point a placement."""
        return [(m.n, m.value if m.player == 1 else -m.value) for m in self.moves]

    def to_json(self, file: str | None = None) -> dict[str, object]:
        """The ``spoker analyse --json`` object of a record (notation.md)."""
        out: dict[str, object] = {}
        if file is not None:
            out["file"] = file
        out["moves"] = [m.to_json() for m in self.moves]
        players = [p.to_json() for p in self.players]
        luck = self.balance()
        if luck is not None:
            out["start_value"] = float(luck.start_value)
            out["residual"] = float(luck.residual)
            for obj, figures, name in zip(players, luck.players, self.names(), strict=True):
                obj.update({
                    "name": name, "luck": float(figures.luck), "loss": float(figures.loss),
                    "result": figures.result,
                    "luck_adjusted": None if figures.luck_adjusted is None else float(figures.luck_adjusted),
                })
        out["players"] = players
        out["challenges"] = [c.to_json() for c in self.challenges]
        out["effort"] = self.effort
        out["rules"] = str(self.rules)
        return out


# -- the search ----------------------------------------------------------------
class DrawValue(NamedTuple):
    """The position before a draw, for the player about to draw: the best
    value each colour in the bag would have, its chance, and their mean."""

    value: float
    exact: bool
    by_colour: dict[Colour, tuple[float, float]]
    """Colour: (its chance, the best value of its placement)."""


_NOTHING_TO_PLACE = (Refusal.GAME_OVER, Refusal.NOT_DRAWN)


def placement_values(
    state: GameState, effort: int = DEFAULT_EFFORT, played: Cell | None = None, prune: bool = True,
    progress: Callable[[int, int], None] | None = None,
    *, last_plies: int = LAST_PLIES, exact_factor: int = EXACT_FACTOR,
) -> PlacementValues:
    """Values (expected result for the player to move) of the playable cells
    for ``state``'s drawn ball.

    ``played`` (if given) is valued first and exactly; with ``prune`` a cell
    found worse than the best so far is dropped (only the best cells and the
    played one are valued), without it every cell is. The search deepens while
    the next depth fits in ``effort`` positions (``exact_factor`` times it
    for the exhaustive one, tried from ``last_plies`` placements short of the
    end), always to the end with :data:`EXACT_LEFT` balls left or fewer.
    Does not change ``state``. ``progress(depth, positions)``, if given, is
    called every thousand positions or so with the depth being searched and
    the positions judged so far.
    """
    check_effort(effort)
    colour = state.drawn
    # Without a played cell any cell asks the game's side (over, not drawn),
    # which the rules ask before the cell's.
    refusal = state.refusal(CELLS[0] if played is None else played)
    if refusal is not None and (played is not None or refusal in _NOTHING_TO_PLACE):
        cell = None if played is None else Cell(played)
        raise IllegalActionError(f"nothing to value: {refusal_text(refusal, cell)}", refusal, cell)
    assert colour is not None
    left = 30 - state.move_number
    root = _Root(state, int(colour), None if played is None else int(played), prune)
    values: dict[int, float] = {}
    costs: list[int] = []
    used = 0
    depth = 0
    kept = Kept.fresh()  # shared by the depths
    while depth < left:
        target = depth + 1
        if target >= left - last_plies or left <= EXACT_LEFT:
            target = left  # the last balls have few cells: going to the end costs little more
        exact = target == left
        forced = exact and left <= EXACT_LEFT
        budget = effort * exact_factor if exact else effort
        if costs and not forced and used + _predicted(costs, len(root.cells)) > budget:
            break
        # One placement deep judges one position a cell: no limit needed.
        limit = None if forced or not depth else max(budget - used, 1)
        search = new_search(state.rules, WinUtility(), limit=limit, memo=kept.memo)
        kept.attach(search)
        search.windows = not exact  # exact values: every chance node searched whole
        if progress is not None:
            search.progress = _reporting(progress, target, used)
        try:
            found = root.search(search, target)
        except OutOfBudget:
            used += search.nodes
            break
        used += search.nodes
        costs.append(max(search.nodes, 1))
        values = found
        depth = target
    return PlacementValues(
        {CELLS[c]: v for c, v in values.items()}, depth >= left, depth, used
    )


def _reporting(progress: Callable[[int, int], None], depth: int, used: int) -> Callable[[int], None]:
    """A search's ``progress(nodes)`` told as ``progress(depth, positions so far)``."""
    return lambda nodes: progress(depth, used + nodes)


def draw_value(
    state: GameState, effort: int = DEFAULT_EFFORT, known: dict[Colour, tuple[float, bool]] | None = None,
) -> DrawValue:
    """``state`` (no ball drawn, not over) valued before the draw for the
    player about to draw: the bag-weighted mean over the colours still in the
    bag of the best placement's value had that colour been drawn. Exact when
    every colour's value is. ``known``: colours already valued (best value,
    exact), not searched again. Does not change ``state``."""
    check_effort(effort)
    if state.is_over or state.drawn is not None:
        raise ArgumentError("a draw value needs a position waiting for its draw")
    by_colour: dict[Colour, tuple[float, float]] = {}
    exact = True
    for colour, chance in state.chance_outcomes():
        given = (known or {}).get(Colour(colour))
        if given is not None:
            best, sure = given
        else:
            drawn = state.copy()
            drawn.apply_draw(colour)
            found = placement_values(drawn, effort, last_plies=ANALYSIS_LAST_PLIES, exact_factor=ANALYSIS_EXACT_FACTOR)
            best, sure = max(found.values.values()), found.exact
        exact = exact and sure
        by_colour[Colour(colour)] = (chance, best)
    value = sum(chance * best for chance, best in by_colour.values())
    return DrawValue(value, exact, by_colour)


def _predicted(costs: list[int], cells: int) -> float:
    """The next depth costs about the last one times the last growth (at most
    three colours times the cells playable now: the tree's branching)."""
    growth = 3.0 * max(cells, 1)
    if len(costs) > 1:
        growth = min(growth, costs[-1] / costs[-2])
    return costs[-1] * growth


class _Root:
    """The drawn ball's placements, in the order they are searched: the
    played cell first, then the strongest groups first (good bounds early)."""

    def __init__(self, state: GameState, colour: int, played: int | None, prune: bool) -> None:
        m0, m1, m2 = state.masks
        self.args = (m0, m1, m2, state.occupied, state.playable_mask, pending_code(state), colour)
        self.d = score_diff(state)
        self.prune = prune
        responding = state.challenge is not None
        judge = state.rules.judge
        codes = []
        for cell in cells_of(state.playable_mask):
            code = judge.turn_colour_codes(m0, m1, m2, cell, responding)[colour]
            codes.append((cell, code))
        codes.sort(key=lambda cc: (cc[0] != played, -cc[1], cc[0]))
        self.cells = codes

    def search(self, search: Any, depth: int) -> dict[int, float]:
        """Each cell's value ``depth`` placements deep (pruned cells left out)."""
        m0, m1, m2, occ, pl, chal, colour = self.args
        out: dict[int, float] = {}
        best = -math.inf
        for cell, code in self.cells:
            search.nodes += 1
            alpha = best - ROOT_MARGIN if self.prune and out else -math.inf
            v = search.place(m0, m1, m2, occ, pl, chal, colour, cell, code, self.d, depth, alpha, math.inf)
            if v > alpha:
                out[cell] = v  # inside the window: the exact value at this depth
                best = max(best, v)
        return out


# -- a record ------------------------------------------------------------------
def grade_move(n: int, player: int, ball: Colour, cell: Cell, found: PlacementValues) -> MoveAnalysis:
    """Placement ``n`` (``ball`` on ``cell``) graded from the values found:
    the best cell, the loss against it and the verdict."""
    value = found.values[cell]
    best_value = max(found.values.values())
    if value >= best_value - TIE:
        best, loss, best_value = cell, 0.0, value  # a tie: the played cell is the best
    else:
        best = min((c for c, v in found.values.items() if v >= best_value - TIE), key=int)
        loss = best_value - value
    return MoveAnalysis(
        n, player, ball, cell, value, best, best_value, loss, found.exact, verdict(loss), found.depth
    )


def verdict(loss: float) -> str | None:
    """``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None for a loss of
    expected result (thresholds :data:`BLUNDER`, :data:`MISTAKE`, :data:`INACCURACY`)."""
    if loss >= BLUNDER - TIE:
        return "blunder"
    if loss >= MISTAKE - TIE:
        return "mistake"
    if loss >= INACCURACY - TIE:
        return "inaccuracy"
    return None


class _Task(NamedTuple):
    """One placement to judge: the record's moves, the rules, which move (1..)."""

    record: GameRecord
    rules: RuleSet
    n: int
    effort: int
    luck: bool = False


def _run_task(task: _Task) -> MoveAnalysis:
    state = GameState(task.rules)
    for move in task.record.moves[: task.n - 1]:
        state.apply_move(move)
    move = task.record.moves[task.n - 1]
    player = state.to_move
    before = state.copy() if task.luck else None
    state.apply_draw(move.colour)
    found = placement_values(
        state, task.effort, played=move.cell, last_plies=ANALYSIS_LAST_PLIES, exact_factor=ANALYSIS_EXACT_FACTOR,
    )
    state.apply_place(move.cell)
    if state.end == End.STRAIGHT_FLUSH:
        # A won game: its value, 1, is the best there is, whatever the search's depth.
        found = found._replace(exact=True)
    graded = grade_move(task.n, player, move.colour, move.cell, found)
    if before is None:
        return graded
    # The colour drawn is valued by the search just made (one evaluator for
    # luck and loss); the other colours by their own.
    drawn = draw_value(before, task.effort, known={move.colour: (graded.best_value, found.exact)})
    return graded._replace(draw_value=drawn.value, exact=graded.exact and drawn.exact)


def judge_draw(
    record: GameRecord, move: MoveAnalysis, effort: int = DEFAULT_EFFORT, rules: RuleSet | None = None,
) -> MoveAnalysis:
    """``move`` (placement ``move.n`` of ``record``, judged without its draw)
    with its draw judged too: the same as :func:`analyse_move` with ``luck``,
    without searching the drawn colour again (its best value is the move's).
    An analysis kept before luck was measured is completed this way."""
    check_effort(effort)
    n = move.n
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(record.moves):
        raise ArgumentError(f"move {n!r} is not a move of the record (1 to {len(record.moves)})")
    played = record.moves[n - 1]
    if (move.ball, move.cell) != (played.colour, played.cell):
        raise ArgumentError(f"move {n}: {move.ball.char}@{move.cell} is not the record's {played}")
    state = GameState(rules if rules is not None else record.rules)
    for earlier in record.moves[: n - 1]:
        state.apply_move(earlier)
    drawn = draw_value(state, effort, known={move.ball: (move.best_value, move.exact)})
    return move._replace(draw_value=drawn.value, exact=move.exact and drawn.exact)


def _results(tasks: list[_Task], workers: int) -> Iterator[MoveAnalysis]:
    """The tasks' analyses, in any order. More than one worker: processes of
    :func:`spoker.runs.parallel.running` (at most one a CPU; Ctrl-C and SIGTERM
    stop them at once, a worker that dies is
    :class:`~spoker.errors.WorkerError`)."""
    if workers == 1 or len(tasks) < 2:
        for task in tasks:
            yield _run_task(task)
        return
    # The costly placements are the late ones (exhaustive searches): hand
    # those out first, all at once, so that the workers finish together.
    order = sorted(tasks, key=lambda task: -task.n)
    with running(min(workers, len(tasks))) as executor:
        for _, result in stream(_run_task, order, executor, in_flight=len(order)):
            yield result


def analyse_move(
    record: GameRecord, n: int, effort: int = DEFAULT_EFFORT, rules: RuleSet | None = None, luck: bool = False,
    known: MoveAnalysis | None = None,
) -> MoveAnalysis:
    """Judge placement ``n`` (1..) of ``record`` alone: the same result as the
    ``n``-th move of :func:`analyse_record` (the replay viewer analyses move by
    move, so that its graph fills in). The record must replay (check it with
    :class:`~spoker.records.replay.Replay` first); ``n`` out of range raises
    :class:`ArgumentError`. ``known``: this placement judged before without
    its draw; with ``luck`` only the draw is judged (:func:`judge_draw`)."""
    check_effort(effort)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(record.moves):
        raise ArgumentError(f"move {n!r} is not a move of the record (1 to {len(record.moves)})")
    if known is not None and luck:
        if known.n != n:
            raise ArgumentError(f"the placement given is move {known.n}, not move {n}")
        return known if known.draw_value is not None else judge_draw(record, known, effort, rules)
    return _run_task(_Task(record, rules if rules is not None else record.rules, n, effort, luck))


def analyse_record(
    record: GameRecord,
    effort: int = DEFAULT_EFFORT,
    progress: Callable[[int, int], None] | None = None,
    rules: RuleSet | None = None,
    workers: int = 1,
    luck: bool = False,
) -> GameAnalysis:
    """Judge every placement of ``record`` (an unfinished one up to its last
    move). ``rules`` overrides the record's; ``progress(done, total)`` is
    called after each placement; ``workers`` processes share the work (the
    result is the same). A record the rules refuse raises its
    :class:`~spoker.errors.NotationError`."""
    check_effort(effort)
    check_workers(workers)
    replay = Replay(record, rules)  # refuses a record that does not replay
    tasks = [_Task(record, replay.rules, n, effort, luck) for n in range(1, replay.length + 1)]
    moves: list[MoveAnalysis] = []
    for result in _results(tasks, workers):
        moves.append(result)
        if progress is not None:
            progress(len(moves), len(tasks))
    moves.sort(key=lambda m: m.n)
    return GameAnalysis(record, replay.rules, effort, moves, challenge_swings(replay, moves))


def challenge_swings(replay: Replay, moves: Sequence[MoveAnalysis]) -> list[ChallengeSwing]:
    """Each challenge of the game with the challenger's expected result
    before, after the opening and after the answer (see :class:`ChallengeSwing`)."""
    by_n = {m.n: m for m in moves}
    out = []
    for c in replay.challenges:
        opening = by_n[c.move]
        before_move = by_n.get(c.move - 1)
        before = None if before_move is None else _for(c.challenger, before_move)
        answer = by_n.get(c.response_move) if c.response_move is not None else None
        answered = None if answer is None else _for(c.challenger, answer)
        opened = _for(c.challenger, opening)
        last = answered if answered is not None else opened
        turning = before is not None and abs(last - before) >= TURNING - TIE
        out.append(ChallengeSwing(
            c.move, c.challenger, c.challenge.rank.key, c.response_move,
            None if c.response is None else c.response.rank.key, c.points,
            before, opened, answered, turning,
        ))
    return out


def _for(player: int, move: MoveAnalysis) -> float:
    """A move's value seen by ``player``."""
    return move.value if move.player == player else -move.value


def summarise(moves: Sequence[MoveAnalysis], player: int) -> PlayerSummary:
    """``player``'s average loss, worst placement and verdict counts."""
    mine = [m for m in moves if m.player == player]
    if not mine:
        return PlayerSummary(player, 0, 0.0, None, 0, 0, 0)
    worst = max(mine, key=lambda m: (m.loss, -m.n))
    verdicts = [m.verdict for m in mine]
    return PlayerSummary(
        player, len(mine), sum(m.loss for m in mine) / len(mine),
        worst if worst.loss > TIE else None,
        verdicts.count("inaccuracy"), verdicts.count("mistake"), verdicts.count("blunder"),
    )


# -- checks and helpers --------------------------------------------------------
def check_effort(effort: object) -> None:
    if isinstance(effort, bool) or not isinstance(effort, int) or effort < 1:
        raise ArgumentError(f"effort {effort!r} must be a positive whole number of positions")


def check_workers(workers: object) -> None:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ArgumentError(f"workers {workers!r} must be a positive whole number")


def _rounded(x: float | None) -> float | None:
    """Values in JSON: 9 decimals (exact values agree with any solver to 1e-6)."""
    return None if x is None else round(x, 9) + 0.0  # + 0.0: no -0.0


__all__ = [
    "BLUNDER", "DEFAULT_EFFORT", "EXACT_LEFT", "INACCURACY", "MISTAKE", "TURNING",
    "ChallengeSwing", "DrawValue", "GameAnalysis", "MoveAnalysis", "PlacementValues",
    "PlayerSummary", "analyse_move", "analyse_record", "challenge_swings", "draw_value", "judge_draw",
    "placement_values", "summarise", "verdict",
]
