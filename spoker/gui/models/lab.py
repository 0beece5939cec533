"""The laboratory: set up any position and ask what a ball would form there.

Arcade-free; the desktop game's Laboratory screen (``spoker.gui.views.lab``)
draws a :class:`Lab` and sends it clicks. A :class:`Lab` holds a position with
undo and redo, the colour of the ball to place and the rule set shown. The
query :func:`ask` answers "what does a ball of colour C on cell X form, under
each of the four rule sets, and why does each group count or not"; the placed
ball is taken as a normal turn's (the apex ruling applies), as in the group
test suites of notation.md. The four are rules.md's visibility and apex
rulings over the chosen rule set's other items (:func:`four_of`); the rules
panel changes one item at a time (:func:`toggle_rank`, :func:`move_rank`,
:func:`step_bag`, :func:`toggle_variant`, :func:`with_item`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from shibumi import Board, Cell, Colour, as_cell, parse_board
from shibumi.cells import CELLS
from shibumi.errors import shown
from shibumi.geometry import RESTING_ON
from spoker.engine.groups import Group, Rank, Standing, groups_at, groups_containing, standing
from spoker.engine.moves import Move
from spoker.engine.refusals import board_refusal
from spoker.engine.rules import LOWER, SHAPES, RuleSet, RulesFile
from spoker.errors import IllegalActionError, NotationError, StorageError
from spoker.plugins import is_name
from spoker.records.inputs import expect_path
from spoker.records.suite import Case, CaseResult, case_for, format_case, read_suite, run_case
from spoker.text.narrator import APEX_REASON, judged_text, reason_text, refusal_text
from spoker.text.rules_words import summary

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("visible"),
    RuleSet("touching"),
    RuleSet("visible", True),
    RuleSet("touching", True),
)
"""The four rule sets a query is answered under, in the order shown."""


def with_item(rules: RuleSet, **changes: object) -> RuleSet:
    """``rules`` with some items changed (``with_item(r, tie="none")``);
    :class:`NotationError` for a bad value, as ``RuleSet`` says it."""
    return RuleSet(**{**rules._asdict(), **changes})  # type: ignore[arg-type]


def four_of(rules: RuleSet) -> tuple[RuleSet, ...]:
    """The four rule sets the laboratory compares: visible or touching, with
    or without apex-free, each with ``rules``' other items (lines, off,
    order, tie, bag, plug-ins); :data:`RULE_SETS` when there are none."""
    if rules.is_standard:
        return RULE_SETS
    return tuple(with_item(rules, visibility=r.visibility, apex_free=r.apex_free) for r in RULE_SETS)


def toggle_rank(rules: RuleSet, key: str) -> RuleSet:
    """The rank ``key`` (``full_house``) switched on or off (``off=``)."""
    if key not in SHAPES:
        raise NotationError(f"rank {key!r}: expected one of {', '.join(SHAPES)}")
    off = tuple(k for k in rules.off if k != key) if key in rules.off else (*rules.off, key)
    return with_item(rules, off=off)


def move_rank(rules: RuleSet, key: str, step: int) -> RuleSet:
    """One of the four lower ranks moved ``step`` places up (+1: it beats
    the rank above it now) or down in ``order=``; at the end, unchanged."""
    if key not in LOWER:
        raise NotationError(f"rank {key!r}: expected one of {', '.join(LOWER)} (the straight flush stays on top)")
    order = list(rules.order)
    i = order.index(key)
    j = i + step
    if not 0 <= j < len(order):
        return rules
    order[i], order[j] = order[j], order[i]
    return with_item(rules, order=tuple(order))


def step_bag(rules: RuleSet, colour: Colour, step: int) -> RuleSet:
    """One more (``step`` +1) or one fewer (-1) ball of ``colour`` in the
    bag, which keeps 30: the one more is taken from the colour with the most
    of the others, the one fewer given to the colour with the fewest (ties:
    white, black, red in turn). Unchanged when it cannot (none to take or give)."""
    if step not in (1, -1):
        raise ValueError(f"step {step!r}: expected 1 or -1")
    bag = list(rules.bag)
    k = int(Colour.of(colour))
    others = [i for i in range(3) if i != k]
    if step > 0:
        other = max(others, key=lambda i: (bag[i], -i))
        if bag[other] == 0:
            return rules
    else:
        other = min(others, key=lambda i: (bag[i], i))
        if bag[k] == 0:
            return rules
    bag[k] += step
    bag[other] -= step
    return with_item(rules, bag=(bag[0], bag[1], bag[2]))


def toggle_variant(rules: RuleSet, name: str) -> RuleSet:
    """The plug-in variant ``name`` followed or not (it keeps its place among the others)."""
    variants = tuple(v for v in rules.variants if v != name) if name in rules.variants else (*rules.variants, name)
    return with_item(rules, variants=variants)


RULES_NAME_MAX = 40
"""The longest name a rules file is given here (a file name, a line on the title screen)."""


def rules_file_for(name: str, rules: RuleSet) -> RulesFile:
    """``rules`` as a rules file named ``name``, its summary the rule set in
    words; :class:`NotationError`, quoting it, unless ``name`` is a lower-case word."""
    if not is_name(name) or len(name) > RULES_NAME_MAX:
        raise NotationError(
            f"the name {shown(name)} is not a lower-case word such as 'fair-tie' "  # the example first: a cut line keeps it
            f"(a-z, 0-9, '-', '_', '.'; at most {RULES_NAME_MAX} characters)"
        )
    return RulesFile(name, summary(rules), rules)


def bag_refusal(board: Board, rules: RuleSet) -> str | None:
    """Why ``board`` cannot stand under ``rules``' bag (more balls of a colour
    on it than the bag holds), or None."""
    for colour, held in zip(Colour, rules.counts):
        if board.count(colour) > held:
            return (f"the board holds {board.count(colour)} {colour.word} balls and this bag only {held}: "
                    "remove some first")
    return None

NOT_TOUCHING = "in-level diagonal neighbours do not touch"


@dataclass(frozen=True)
class JudgedGroup:
    """One group through the ball and whether it counts under one rule set
    (its :class:`~spoker.engine.groups.Standing`, the one cascade)."""

    standing: Standing
    best: bool = False
    placed: bool = True
    """True: the ball was just placed (the query); False: a ball already on
    the board, judged as the position stands."""

    @property
    def group(self) -> Group:
        return self.standing.group

    @property
    def counts(self) -> bool:
        return self.standing.counts

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why it does not count; when it counts under 'touching' although it is
        not visible, what the visible rules would hold against it (the
        narrator's short words)."""
        s = self.standing
        return tuple(reason_text(r, short=True) for r in (s.against or s.hidden))

    def text(self) -> str:
        """``Flush four 1A3 1C3 1E3 1G3, level 1: does not count: ...``."""
        return judged_text(self.standing, self.best, self.placed)


@dataclass(frozen=True)
class Answer:
    """The groups a ball forms under one rule set, and the best that counts."""

    rules: RuleSet
    judged: tuple[JudgedGroup, ...]

    @property
    def best(self) -> Group | None:
        return next((v.group for v in self.judged if v.best), None)

    @property
    def expect(self) -> str:
        """The answer in a suite's EXPECT syntax: ``none`` or ``RANK@LEVEL CELLS``."""
        return expect_text(self.best)


@dataclass(frozen=True)
class NearMiss:
    """Balls in an in-level diagonal that would be a group if they touched."""

    cells: tuple[Cell, ...]
    rank: Rank

    def text(self) -> str:
        return (
            f"{self.rank.title} {' '.join(str(c) for c in self.cells)}: no group, "
            f"{NOT_TOUCHING}"
        )


@dataclass(frozen=True)
class Query:
    """A ball of ``colour`` on ``cell`` of ``board`` (the board before it)."""

    board: Board
    cell: Cell
    colour: Colour
    answers: tuple[Answer, ...]
    near_misses: tuple[NearMiss, ...]

    @property
    def move(self) -> str:
        """``W@1G3``."""
        return f"{self.colour}@{self.cell}"

    @property
    def after(self) -> Board:
        return self.board.place(self.cell, self.colour)

    def answer(self, rules: RuleSet) -> Answer:
        for a in self.answers:
            if a.rules == rules:
                return a
        return answer_under(self.after, self.cell, rules)


def expect_text(best: Group | None) -> str:
    """A best group in EXPECT syntax (cells sorted), ``none`` for no group."""
    if best is None:
        return "none"
    return f"{best.rank.key}@{best.top_level} " + " ".join(sorted(str(c) for c in best.cells))


def why_not_placed(
    board: Board, cell: object, colour: Colour, bag: tuple[int, int, int] | None = None,
) -> str | None:
    """Why a ball of ``colour`` cannot go on ``cell`` now, or None if it can
    (the engine's refusal, the narrator's words); ``bag``: the rules' (10 each if not given)."""
    c = as_cell(cell)
    refusal = board_refusal(board, c, colour, bag)
    return None if refusal is None else refusal_text(refusal, c, colour)


def _check_placing(board: Board, cell: Cell, colour: Colour, bag: tuple[int, int, int] | None = None) -> None:
    """:class:`IllegalActionError` (its refusal, in words) unless the ball can go there."""
    refusal = board_refusal(board, cell, colour, bag)
    if refusal is not None:
        raise IllegalActionError(refusal_text(refusal, cell, colour), refusal, cell, colour)


def why_not_removed(board: Board, cell: object) -> str | None:
    """Why the ball on ``cell`` cannot be taken away now, or None if it can."""
    c = as_cell(cell)
    if c not in board:
        return f"{c} is empty: there is no ball to remove"
    above = [u for u in RESTING_ON[c] if u in board]
    if above:
        names = " and ".join(str(u) for u in above)
        verb = "rest" if len(above) > 1 else "rests"
        return f"cannot remove the ball on {c}: {names} {verb} on it (remove {'them' if len(above) > 1 else 'it'} first)"
    return None


def by_strength(groups: list[Group], rules: RuleSet) -> list[Group]:
    """``groups`` best first under ``rules``' ranking (``order=``; an
    ``off=`` rank last), then by top level and cells, as the engine compares."""
    strength = rules.judge.strength
    return sorted(groups, key=lambda g: (-strength[g.rank], -g.top_level, g.cells))


def answer_under(after: Board, cell: Cell, rules: RuleSet) -> Answer:
    """The laboratory's answer for the ball just placed on ``cell`` of ``after``
    under ``rules``: every group through it and whether it counts, as a normal turn
    (the apex ruling applies). The rules' own judge is ``rules.judge``."""
    judged: list[JudgedGroup] = []
    best_seen = False
    for g in groups_at(after, cell, rules):  # best first (by the rules' order): the first that counts is the best
        s = standing(after, g, rules, cell)
        best = s.counts and not best_seen
        best_seen = best_seen or best
        judged.append(JudgedGroup(s, best))
    return Answer(rules, tuple(judged))


def ask(
    board: Board, cell: object, colour: Colour | str | int, rule_sets: tuple[RuleSet, ...] = RULE_SETS
) -> Query:
    """What a ball of ``colour`` on ``cell`` would form, under each rule set
    (by default the four of rules.md; the bag is the first's);
    :class:`IllegalActionError` if it cannot go there now."""
    if not isinstance(rule_sets, tuple) or not rule_sets or not all(isinstance(r, RuleSet) for r in rule_sets):
        raise TypeError(f"rule_sets {rule_sets!r}: expected a tuple of RuleSet")
    c, k = as_cell(cell), Colour.of(colour)
    _check_placing(board, c, k, rule_sets[0].counts)
    after = board.place(c, k)
    answers = tuple(answer_under(after, c, rules) for rules in rule_sets)
    return Query(board, c, k, answers, near_misses(after, c))


# -- near misses: in-level diagonals ---------------------------------------------
def _diagonals() -> tuple[tuple[Cell, ...], ...]:
    """Runs of three and four cells along an in-level diagonal."""
    out = []
    for start in CELLS:
        for dx in (2, -2):
            for length in (3, 4):
                run = [start]
                for _ in range(length - 1):
                    nxt = _cell_at(run[-1].level, run[-1].x + dx, run[-1].y + 2)
                    if nxt is None:
                        break
                    run.append(nxt)
                if len(run) == length:
                    out.append(tuple(run))
    return tuple(out)


def _cell_at(level: int, x: int, y: int) -> Cell | None:
    try:
        return Cell.at(level, x, y)
    except ValueError:
        return None


DIAGONALS = _diagonals()


def near_misses(after: Board, cell: Cell) -> tuple[NearMiss, ...]:
    """In-level diagonal runs through ``cell`` whose colours would make a line
    group: a player may take them for one, but their balls do not touch."""
    out = []
    for run in DIAGONALS:
        if cell not in run or any(c not in after for c in run):
            continue
        colours = {after[c] for c in run}
        if len(colours) == 1:
            out.append(NearMiss(run, Rank.FLUSH_FOUR if len(run) == 4 else Rank.FLUSH_THREE))
        elif len(run) == 3 and len(colours) == 3:
            out.append(NearMiss(run, Rank.THREE_KINDS))
    out.sort(key=lambda m: (-m.rank, m.cells))
    return tuple(out)


# -- a placed ball: which groups through it count now ----------------------------
def judged_groups(board: Board, cell: object, rules: RuleSet) -> tuple[JudgedGroup, ...]:
    """Every complete group holding the ball on ``cell`` and whether it is a
    group that would count now under ``rules`` (visibility; the apex ruling is
    about the turn a ball is placed on, so it is not judged here)."""
    return tuple(
        JudgedGroup(standing(board, g, rules), placed=False) for g in by_strength(groups_containing(board, cell), rules)
    )


# -- the position with undo and redo -------------------------------------------
@dataclass
class Lab:
    """A position being set up, the ball to place and the rule set shown."""

    board: Board = field(default_factory=Board)
    colour: Colour = Colour.WHITE
    rules: RuleSet = RULE_SETS[0]
    undo_stack: list[Board] = field(default_factory=list)
    redo_stack: list[Board] = field(default_factory=list)

    def _change(self, board: Board) -> None:
        if board == self.board:
            return
        self.undo_stack.append(self.board)
        self.redo_stack.clear()
        self.board = board

    def place(self, cell: object, colour: Colour | str | int | None = None) -> Cell:
        """Put a ball (the chosen colour by default) on a playable cell."""
        c = as_cell(cell)
        k = self.colour if colour is None else Colour.of(colour)
        _check_placing(self.board, c, k, self.rules.counts)
        self._change(self.board.place(c, k))
        return c

    def remove(self, cell: object) -> Cell:
        """Take a ball away; refused, with why, while another rests on it."""
        c = as_cell(cell)
        why = why_not_removed(self.board, c)
        if why is not None:  # the laboratory's own action, not the rules': no refusal kind
            raise IllegalActionError(why, cell=c)
        self._change(self.board.remove(c))
        return c

    def clear(self) -> None:
        self._change(Board())

    def set_board(self, board: Board) -> None:
        """Replace the position (undoable): a pasted board, a suite's case;
        no colour may have more balls than the rules' bag holds."""
        board.validate(self.rules.counts)
        self._change(board)

    def paste(self, text: str) -> Board:
        """Set the position from a board string; its own error if it is not one."""
        try:
            board = parse_board(text.strip(), self.rules.counts)
        except ValueError as err:
            raise NotationError(f"not a board string: {err}") from None
        self.set_board(board)
        return board

    def copy(self) -> str:
        return self.board.to_string()

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.board)
        self.board = self.undo_stack.pop()
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.board)
        self.board = self.redo_stack.pop()
        return True

    def ask(self, cell: object, colour: Colour | str | int | None = None) -> Query:
        """The query for a ball (the chosen colour by default) on ``cell``,
        under the four rule sets of :attr:`rule_sets`."""
        return ask(self.board, cell, self.colour if colour is None else colour, self.rule_sets)

    @property
    def rule_sets(self) -> tuple[RuleSet, ...]:
        """The four rule sets compared: the chosen one is among them."""
        return four_of(self.rules)

    def set_rules(self, rules: RuleSet) -> RuleSet:
        """Judge by ``rules`` from now on. Refused (:class:`SpokerError`, one
        line) when a plug-in variant cannot change the rulings or the board
        holds more balls of a colour than their bag: the rules stay as they were."""
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules {rules!r}: expected a RuleSet")
        _ = rules.judge  # a plug-in's mistake is found here (PluginError), not in a frame
        why = bag_refusal(self.board, rules)
        if why is not None:
            raise NotationError(why)
        self.rules = rules
        return rules

    def ball(self, cell: object) -> tuple[JudgedGroup, ...]:
        """The groups through a ball on the board, judged under the chosen rules."""
        return judged_groups(self.board, cell, self.rules)


# -- group test suites ----------------------------------------------------------
def case_of(query: Query, rules: RuleSet) -> Case:
    """The query and its answer under ``rules`` as a suite case (the suite's
    own answer, which the lab's agrees with: tests/gui/models/test_lab_model.py)."""
    return case_for(str(query.board), query.move, rules)


def append_case(path: str | Path, query: Query, rules: RuleSet) -> tuple[str, Path]:
    """Append the query's case line to a suite file (made if missing, with its
    folder); what the file held stays as it was. Returns the line and path."""
    expect_path(path)
    line = format_case(case_of(query, rules))
    target = Path(os.path.expanduser(str(path)))
    if target.is_dir():
        raise StorageError(f"{target} is a folder: name a suite file in it", str(target))
    if target.exists() and not target.is_file():  # a FIFO would hold the window, a device eat the case
        raise StorageError(f"{target} is not a regular file: name a suite file", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    from spoker.records.files import append_whole  # the file-safety tools' home

    append_whole(target, line.encode("utf-8") + b"\n")
    return line, target




@dataclass(frozen=True)
class Step:
    """One case of an opened suite, run."""

    case: Case
    result: CaseResult

    @property
    def passed(self) -> bool:
        return self.result.passed

    def position(self) -> tuple[Board | None, Cell | None, Colour | None, RuleSet]:
        """The case's board, cell, colour and rules; None where it cannot be
        read (a case expecting ``error`` may hold a bad board or move)."""
        try:
            board = parse_board(self.case.board, self.case.rules.counts)
        except ValueError:
            return None, None, None, self.case.rules
        try:
            move = Move.from_str(self.case.move, board)
        except ValueError:
            return board, None, None, self.case.rules
        return board, move.cell, move.colour, self.case.rules

    def title(self, steps: SuiteSteps) -> str:
        where = f"line {self.case.line}" if self.case.line is not None else "?"
        outcome = "passes" if self.passed else "FAILS"
        return f"Case {steps.index + 1}/{len(steps.steps)}, {where}: {outcome} ({steps.failed} failing)"

    def detail(self) -> str:
        return f"Expected {self.result.expected}; got {self.result.got}"


@dataclass
class SuiteSteps:
    """An opened suite: its cases run, failing ones first, and the one shown."""

    path: str
    steps: list[Step]
    index: int = 0

    @classmethod
    def open(cls, path: str | Path) -> SuiteSteps:
        """Read and run a suite; NotationError or OSError if it cannot be read."""
        cases = read_suite(os.path.expanduser(str(path)), regular=True)
        steps = [Step(c, run_case(c)) for c in cases]
        steps.sort(key=lambda s: s.passed)  # stable: file order within each kind
        return cls(str(path), steps)

    @property
    def cases(self) -> list[Case]:
        return [s.case for s in self.steps]

    @property
    def failed(self) -> int:
        return sum(not s.passed for s in self.steps)

    @property
    def current(self) -> Step:
        return self.steps[self.index]

    def step(self, delta: int) -> Step:
        """Move to another case (wrapping round)."""
        if self.steps:
            self.index = (self.index + delta) % len(self.steps)
        return self.current


__all__ = [
    "APEX_REASON", "DIAGONALS", "NOT_TOUCHING", "RULE_SETS", "Answer", "Lab",
    "NearMiss", "Query", "Step", "SuiteSteps", "JudgedGroup", "answer_under", "append_case", "ask",
    "bag_refusal", "by_strength", "four_of", "judged_groups", "case_of", "expect_text", "move_rank",
    "near_misses", "rules_file_for", "step_bag", "toggle_rank", "toggle_variant", "why_not_placed", "why_not_removed",
    "with_item",
]
