"""The lessons ("Learn to play"): short tasks on a real position, each
checked by the engine.

A :class:`Lesson` is a title, a paragraph in the rules' words and one or two
:class:`Step` s; a step is a position (a state string, docs/formats.md, with
its drawn ball set: the ball the learner holds) and a :class:`Goal` the
placement must meet: an outcome of :func:`spoker.engine.previews.preview`
(opens a challenge, beats the pending one, wins the game...), a rank of the
group it forms, a level. :func:`check` places the ball on a copy of the
position and reads the engine's answer, so a lesson can never disagree with
the game: a right answer is praised with the rule in one line, a wrong one is
told why in the engine's words (what the ball would form there, and which
group is held back, covered or cut or by the apex ruling, from
:func:`spoker.engine.groups.standing`), with the lesson's hint.

:class:`LessonBook` is what the Learn to play screen shows and sends clicks to
(:mod:`spoker.gui.views.lessons`): the lesson and step open, the board, the
last try and what it was told, the cell "Show me" lights. :class:`LessonProgress` keeps
which lessons are done in the data folder's ``lessons.json``, with the data
folder's rules (:mod:`spoker.gui.models.kept_file`): written atomically and
merged under a lock; a file that cannot be used is set aside with one notice,
never a crash.

The words are :mod:`spoker.text.lessons_text`'. No arcade here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from shibumi import Board, Cell, as_cell
from shibumi.geometry import PLATFORM
from spoker.engine.groups import Group, Rank, ReasonKind, Standing, groups_at, standing, strength
from spoker.engine.previews import Outcome, Preview, preview
from spoker.engine.rules import RuleSet
from spoker.engine.state import GameState
from spoker.engine.state_strings import parse_state
from spoker.gui.models.kept_file import KeptFile
from spoker.gui.models.lab import why_not_placed
from spoker.notices import Notice
from spoker.text.lessons_text import (
    LESSON_TEXTS,
    LessonText,
    StepText,
    other_words,
    refused_words,
    resting_words,
    right_words,
    touching_words,
    wrong_level_words,
    wrong_words,
)
from spoker.text.narrator import blocked_line, group_text, preview_words

FILENAME = "lessons.json"
"""The progress file's name in the data folder."""
FORMAT = "spoker-lessons-1"
WHAT = "the lessons' progress file"
"""How the notices name the file."""
MAX_BYTES = 64 * 1024  # a progress file is some 200 bytes


class Goal(NamedTuple):
    """What the placement must do (None: anything): the preview's outcome,
    the rank of the counting group it forms, the level of its cell."""

    outcome: Outcome | None = None
    rank: Rank | None = None
    level: int | None = None

    def met(self, cell: Cell, p: Preview) -> bool:
        """Whether the ball on ``cell``, whose preview is ``p``, does what is asked."""
        return (
            (self.outcome is None or p.outcome is self.outcome)
            and (self.rank is None or (p.formed is not None and p.formed.rank is self.rank))
            and (self.level is None or cell.level == self.level)
        )


class Step(NamedTuple):
    """A task: the position (a state string with its drawn ball), the goal, its words."""

    position: str
    goal: Goal
    words: StepText

    @property
    def state(self) -> GameState:
        """The position as a fresh game state (the engine reads the state string)."""
        return parse_state(self.position)


class Lesson(NamedTuple):
    """A lesson: its key (the progress file's), its words, its steps in order."""

    key: str
    words: LessonText
    steps: tuple[Step, ...]

    @property
    def title(self) -> str:
        return self.words.title


class Feedback(NamedTuple):
    """The engine's answer to a try: right or not, in words (the first line
    says what the ball did, the others why, the rule or the hint), the cell,
    the counting group formed and the groups held back (shown on the board)."""

    ok: bool
    words: tuple[str, ...]
    cell: Cell
    formed: Group | None = None
    blocked: tuple[Group, ...] = ()
    elsewhere: tuple[Group, ...] = ()
    """After a right answer: the group of the task's rank another cell would
    have made and which would not count (the trap the lesson set)."""


def _lesson(key: str, *steps: tuple[str, Goal]) -> Lesson:
    words = LESSON_TEXTS[key]
    if len(words.steps) != len(steps):
        raise ValueError(f"lesson {key!r}: {len(steps)} positions for {len(words.steps)} steps' words")
    return Lesson(key, words, tuple(Step(p, g, w) for (p, g), w in zip(steps, words.steps)))


# The positions. Each was chosen so that the task has a clear answer and the
# cells around it teach something when tried (tests/gui/models/test_lessons.py
# checks every one against the engine).
LESSONS: tuple[Lesson, ...] = (
    # A platform of four whites (1A1 1C1 1A3 1C3): the red ball on 2B2; no other
    # platform is full, so level 2 has no other playable cell.
    _lesson("supported", ("WW..WW.........B/........./..../. 2 0-0 - R", Goal(level=2))),
    _lesson(
        "line",
        # R R on 1A1 1C1: 1E1 completes the row.
        ("RR..W........B../........./..../. 1 0-0 - R", Goal(rank=Rank.FLUSH_THREE)),
        # W B on 1A1 1C1: the red ball on 1E1 makes W B R.
        ("WB..RB.........W/........./..../. 2 0-0 - R", Goal(rank=Rank.THREE_KINDS)),
    ),
    # W W / B B on 1A1 1C1 1A3 1C3, the white ball on 2B2; 1E1 would make a
    # flush three, 1C5 a three of three kinds: lower groups.
    _lesson("pyramid", ("WW.RBB.......R../........./..../. 1 0-0 - W", Goal(rank=Rank.FULL_HOUSE))),
    # 1G1 makes the red column 1G1 1G3 1G5; 3E5 the red line 1C3 2D4 3E5,
    # whose 1C3 is covered by 3C3 (rules.md's worked example 4, simplified).
    _lesson("covered", ("WBB.BRWRBBWR.BBW/WW.BRW.BW/W.../. 1 3-2 - R", Goal(rank=Rank.FLUSH_THREE))),
    # 1C7 makes the white row 7 (1C7 1E7 1G7); 1G3 the white line 1C3 1E3 1G3, whose
    # contact 1C3-1E3 is cut by 2D2 and 2D4 (rules.md's worked example 2).
    _lesson("cut", ("WRR.RWW..BB...WW/.B..R..../..../. 1 1-1 - W", Goal(rank=Rank.FLUSH_THREE))),
    # Two cells open a challenge (a three of three kinds each); the others form nothing.
    _lesson("challenge", ("WBR.RW.R......B./........./..../. 2 0-0 - B", Goal(outcome=Outcome.OPENS))),
    # Player 1's flush three 1A1 1C1 1E1 waits for player 2's white ball:
    # 2F6 beats it (a full house), 1C5 ties (a flush three on level 1), 1C3
    # and 1A5 lose (a three of three kinds), the rest lose with no group.
    _lesson("answer", (
        "RRR.B.R...WW..BB/........./..../. 2 1-1 flush_three:1A1,1C1,1E1 W * visible",
        Goal(outcome=Outcome.BEATS),
    )),
    # Four reds on 1A1 1C1 1A3 1C3: the red ball on 2B2.
    _lesson("straight-flush", ("RRBWRRW.BW.....B/........./..../. 1 0-0 - R", Goal(outcome=Outcome.WINS_GAME))),
    # 29 balls: the white apex makes a flush four (1A1 2B2 3C3 4D4) and a full
    # house; on a normal turn they do not count; answering 3E5's three of
    # three kinds (1G7 2F6 3E5) they beat it.
    _lesson(
        "apex",
        ("WBWBBBRRRRWWRRRW/WBBWRRBBR/WWBB/. 2 5-4 - W", Goal(outcome=Outcome.NOTHING)),
        ("WBWBBBRRRRWWRRRW/WBBWRRBBR/WWBB/. 2 4-4 three_kinds:1G7,2F6,3E5 W * visible",
         Goal(outcome=Outcome.BEATS)),
    ),
)
"""The lessons in the order they are taught."""


# -- checking a try ---------------------------------------------------------------
def check(state: GameState, cell: Cell | str, goal: Goal, words: StepText | None = None) -> Feedback:
    """What the engine says of the drawn ball of ``state`` on ``cell``, for
    ``goal``: right or not, and why in words (``words``: the step's rule,
    said when right, and hint, said when not). ``state`` is not changed."""
    c = as_cell(cell)
    rule, hint = (words.rule, words.hint) if words is not None else ("", "")
    drawn = state.drawn
    if drawn is None or state.is_over:
        raise ValueError(f"no ball to place in the position {state.to_string()!r}")
    why = why_not_placed(state.board, c, drawn)
    if why is not None:
        return Feedback(False, _lines(refused_words(why), hint), c)
    p = preview(state, c)
    after = state.board.place(c, drawn)
    held = _held_back(after, c, p.formed, state)
    what = preview_words(p)
    if goal.level is not None and p.formed is None and c.level > 1:
        what = resting_words(c, PLATFORM[c])  # "no group" says nothing of where the ball went
    if goal.met(c, p):
        lines = [right_words(what)]
        lines.extend(blocked_line(s) for s in held[:1])  # the apex's group on a normal turn
        lines.append(rule)
        trap = _elsewhere(state, c, goal)
        if trap is not None:
            other, s, after_other = trap
            lines.append(other_words(blocked_line(s)))
            lines.extend(_touching(after_other, other, [s], state))
        return Feedback(True, _lines(*lines), c, p.formed, tuple(s.group for s in held),
                       () if trap is None else (trap[1].group,))
    if goal.level is not None and c.level != goal.level:
        lines = [wrong_level_words(c, goal.level)]
    else:
        lines = [wrong_words(c, what)]
    lines.extend(blocked_line(s) for s in held)
    lines.extend(_touching(after, c, held, state))
    lines.append(hint)
    return Feedback(False, _lines(*lines), c, p.formed, tuple(s.group for s in held))


def _lines(*lines: str) -> tuple[str, ...]:
    return tuple(line for line in lines if line)


def _held_back(after: Board, cell: Cell, formed: Group | None, state: GameState) -> list[Standing]:
    """The groups through the ball that would beat what counted but are held
    back (as the game screen's story tells them), the strongest two."""
    rules = state.rules
    better = [g for g in groups_at(after, cell, rules) if formed is None or strength(g, rules) > strength(formed, rules)]
    held = (standing(after, g, rules, cell, state.is_response) for g in better[:2])
    return [s for s in held if not s.counts]


def _touching_rules(rules: RuleSet) -> RuleSet:
    return rules.but(visibility="touching")


def _touching(after: Board, cell: Cell, held: Iterable[Standing], state: GameState) -> list[str]:
    """For a group held back by visibility (covered, cut): that the 'touching'
    variant would count it, when its judge says so."""
    if state.rules.visibility == "touching":
        return []
    rules = _touching_rules(state.rules)
    for s in held:
        if s.kind in (ReasonKind.COVERED, ReasonKind.CUT) and standing(
                after, s.group, rules, cell, state.is_response).counts:
            return [touching_words(group_text(s.group))]
    return []


def _elsewhere(state: GameState, cell: Cell, goal: Goal) -> tuple[Cell, Standing, Board] | None:
    """After a right answer for a rank: another cell where the ball would
    make a group of that rank which does not count (the trap the lesson
    set), the group's standing, and the board with the ball there."""
    if goal.rank is None or state.drawn is None:
        return None
    for other in state.legal_cells():
        if other == cell:
            continue
        after = state.board.place(other, state.drawn)
        for s in _held_back(after, other, preview(state, other).formed, state):
            if s.group.rank is goal.rank:
                return other, s, after
    return None


def answers(step: Step) -> list[Cell]:
    """Every cell where the step's ball meets its goal (the engine decides)."""
    state = step.state
    return [c for c in state.legal_cells() if step.goal.met(c, preview(state, c))]


# -- progress ---------------------------------------------------------------------
class LessonProgress:
    """Which lessons are done, kept in ``path`` (None: for this session only),
    a :class:`~spoker.gui.models.kept_file.KeptFile`: read at once, a damaged
    file set aside with one notice (the progress starts afresh), each change
    merged with what another window kept meanwhile (the union of the lessons
    done), a failed write told once."""

    def __init__(self, path: Path | None) -> None:
        self.file = KeptFile(path, WHAT, progress_from, progress_text, set, limit=MAX_BYTES)
        self.done: set[str] = self.file.read()

    @property
    def path(self) -> Path | None:
        return self.file.path

    def is_done(self, key: str) -> bool:
        return key in self.done

    def mark_done(self, key: str) -> None:
        """Lesson ``key`` is done: kept at once, with the lessons another
        window marked done meanwhile (a failure is one notice, never an exception)."""
        if key in self.done:
            return
        self.done.add(key)
        self.done = set(self.file.keep(self.done, lambda disk, mine: disk | mine))

    def reset(self) -> None:
        """Every lesson to do again (in every window's file: replaced, not merged)."""
        self.done = set()
        self.file.keep(self.done)

    @property
    def notices(self) -> list[Notice]:
        """The notices not yet told, left to tell."""
        return self.file.notices

    def take_notices(self) -> list[Notice]:
        """The notices not yet told (each is told once)."""
        return self.file.take_notices()


def progress_text(done: Iterable[str]) -> str:
    """The progress file's text: the keys of the lessons done, sorted."""
    return json.dumps({"format": FORMAT, "done": sorted(done)}) + "\n"


def progress_from(data: object) -> tuple[set[str], str]:
    """The lessons done in a progress file's JSON, and what was wrong with it
    ("" if nothing). Keys of lessons this version does not have are kept (a
    newer version's), not damage."""
    if not isinstance(data, dict):
        return set(), f"not an object but {_kind(data)}"
    if data.get("format") != FORMAT:
        return set(), f"format {str(data.get('format'))[:40]!r}, expected {FORMAT!r}"
    done = data.get("done")
    if not isinstance(done, list) or not all(isinstance(k, str) and 0 < len(k) <= 40 for k in done):
        return set(), "'done' is not a list of lesson names"
    return set(done), ""


def _kind(data: object) -> str:
    return "null" if data is None else type(data).__name__


# -- the screen's model -------------------------------------------------------------
class LessonBook:
    """The Learn to play screen's state: the list of lessons, or a lesson
    open at a step, its board and the last try. The view draws it and sends
    it the learner's clicks and keys."""

    def __init__(self, progress: LessonProgress | None = None, lessons: tuple[Lesson, ...] = LESSONS) -> None:
        self.progress = progress if progress is not None else LessonProgress(None)
        self.lessons = lessons
        self.index: int | None = None  # the lesson open (None: the list)
        self.chosen = self.first_to_do()  # the lesson chosen in the list: Enter and the button open it
        self.step_index = 0
        self.state: GameState | None = None  # the position shown (after a right answer: with the ball)
        self.feedback: Feedback | None = None  # the last try's
        self.shown: Cell | None = None  # the cell "Show me" lit
        self.tries = 0

    # -- where we are ---------------------------------------------------------
    @property
    def lesson(self) -> Lesson | None:
        return None if self.index is None else self.lessons[self.index]

    @property
    def step(self) -> Step | None:
        lesson = self.lesson
        return None if lesson is None else lesson.steps[self.step_index]

    @property
    def solved(self) -> bool:
        """The step's task is done: Next goes on."""
        return self.feedback is not None and self.feedback.ok

    @property
    def board(self) -> Board:
        return self.state.board if self.state is not None else Board.empty()

    def done_count(self) -> int:
        return sum(self.progress.is_done(lesson.key) for lesson in self.lessons)

    def first_to_do(self) -> int:
        """The first lesson not done yet (the first if all are)."""
        return next((i for i, lesson in enumerate(self.lessons) if not self.progress.is_done(lesson.key)), 0)

    def playable(self) -> tuple[Cell, ...]:
        """The cells the ball may go to now (none once the step is solved)."""
        if self.state is None or self.solved:
            return ()
        return self.state.legal_cells()

    # -- moving through the lessons -----------------------------------------------
    def open(self, index: int) -> None:
        """Lesson ``index`` (0-based), at its first step."""
        if not 0 <= index < len(self.lessons):
            raise IndexError(f"lesson {index + 1}: there are {len(self.lessons)} lessons")
        self.index = self.chosen = index
        self._start_step(0)

    def _start_step(self, step: int) -> None:
        lesson = self.lesson
        assert lesson is not None
        self.step_index = step
        self.state = lesson.steps[step].state
        self.feedback = None
        self.shown = None
        self.tries = 0

    def close(self) -> None:
        """Back to the list."""
        self.index = None
        self.state = None
        self.feedback = None
        self.shown = None

    def place(self, cell: Cell | str) -> Feedback:
        """The learner puts the ball on ``cell``: the engine's feedback. A right
        answer places it (the board shows it); a wrong one leaves the position
        as it was, to try again."""
        step, state = self.step, self.state
        if step is None or state is None:
            raise ValueError("no lesson is open")
        if self.solved:
            assert self.feedback is not None
            return self.feedback
        feedback = check(state, cell, step.goal, step.words)
        self.feedback = feedback
        self.tries += 1
        self.shown = None
        if feedback.ok:
            state.apply_place(feedback.cell)
            lesson = self.lesson
            assert lesson is not None
            if self.step_index == len(lesson.steps) - 1:
                self.progress.mark_done(lesson.key)
        return feedback

    def show_me(self) -> Cell | None:
        """A right cell to light (the first in cell order), None once solved."""
        step = self.step
        if step is None or self.solved:
            return None
        self.shown = answers(step)[0]
        return self.shown

    @property
    def is_last_step(self) -> bool:
        lesson = self.lesson
        return lesson is not None and self.step_index == len(lesson.steps) - 1

    def next(self) -> bool:
        """After a right answer: the next step, else the next lesson; after the
        last lesson, the list. False (nothing happens) before the step is solved."""
        lesson = self.lesson
        if lesson is None or self.index is None or not self.solved:
            return False
        if self.step_index + 1 < len(lesson.steps):
            self._start_step(self.step_index + 1)
        elif self.index + 1 < len(self.lessons):
            self.open(self.index + 1)
        else:
            self.chosen = self.index
            self.close()
        return True

    def choose(self, delta: int) -> None:
        """The list's chosen lesson moves up or down (wrapping)."""
        self.chosen = (self.chosen + delta) % len(self.lessons)


def progress_path(folder: Path | None) -> Path | None:
    """Where the progress is kept in a data folder (None: nowhere)."""
    return None if folder is None else folder / FILENAME


__all__ = [
    "FILENAME", "LESSONS", "Goal", "Lesson", "LessonBook", "LessonProgress", "Step", "Feedback", "answers", "check",
    "progress_from", "progress_path", "progress_text",
]
