"""The words of the lessons ("Learn to play"): each lesson's title and
paragraph, and for each of its steps the task, the rule said when it is done
and the hint said after a wrong try.

The paragraphs quote or paraphrase the game's published rules (Galimberti's
text, ../seeds/spoker.txt) and never contradict the project's rulings
(rules.md: visibility, the apex); the positions and the checks that go with
these words are :mod:`spoker.gui.models.lessons`'. What a ball does on a cell
and why a group does not count are the engine's, said by the narrator
(:func:`spoker.text.narrator.preview_words`, :func:`~spoker.text.narrator.blocked_line`):
this module adds the lesson's own sentences around them.

No arcade here.
"""

from __future__ import annotations

from typing import NamedTuple

from shibumi import Cell
from spoker.text.narrator import APEX_SHORT


class StepText(NamedTuple):
    """One task of a lesson: what to do, the rule it shows (said when it is
    done) and what to look for (said after a wrong try)."""

    task: str
    rule: str
    hint: str


class LessonText(NamedTuple):
    """A lesson's title, its paragraph (2-4 short sentences) and its steps' words."""

    title: str
    sentences: tuple[str, ...]
    steps: tuple[StepText, ...]


SUPPORTED = LessonText(
    "Where a ball can go",
    (
        "The board starts empty. Players take turns taking a ball at random and placing it "
        "either in an empty hole of the board or on a 2x2 platform of balls.",
        "A ball on level 2 or higher needs its platform full: all four balls under it.",
        "Balls belong to no one: either player may use any colour.",
    ),
    (StepText(
        "Place the red ball on level 2.",
        "A ball goes in an empty hole of the board, or on a full platform of four balls.",
        "Look for four balls in a square: the ball goes on top of them.",
    ),),
)

LINE_OF_THREE = LessonText(
    "A line of three",
    (
        "A ball that forms a winning group challenges the opponent. The smallest groups are "
        "straight lines of three touching balls, side by side or one on top of the other.",
        "Flush three: three balls of the same colour. Three of three kinds: one of each "
        "colour, in any order.",
        "Balls touch in a row or a column, never along a diagonal of one level.",
    ),
    (
        StepText(
            "Make a flush three: a line of three red balls.",
            "Flush three: a straight line of three touching balls of the same colour.",
            "Two red balls already touch in a row: add the third in line with them.",
        ),
        StepText(
            "Now make a three of three kinds with the red ball.",
            "Three of three kinds: a straight line of three touching balls of three colours.",
            "Find a white and a black ball side by side: the red one goes in line with them.",
        ),
    ),
)

PYRAMID = LessonText(
    "A pyramid: the full house",
    (
        "A five-ball pyramid is a ball on its full platform of four.",
        "Full house: a platform of two touching balls of one colour and two touching balls of "
        "another colour, topped by a ball of one of those two colours.",
        "Groups from low to high: three of three kinds, flush three, full house, flush four "
        "(a line of four of one colour), straight flush.",
    ),
    (StepText(
        "Make a full house with the white ball.",
        "Full house: a platform of two touching pairs of two colours, topped by one of them.",
        "Find the platform of two white and two black balls, and put the ball on top.",
    ),),
)

COVERED = LessonText(
    "A covered ball spoils a group",
    (
        "Only a visible group counts. A ball is covered when the cell straight above it, two "
        "levels up, holds a ball.",
        "A group with a covered ball does not count, even if its colours are right.",
        "Groups may climb the levels: a line can run from level 1 up to level 3.",
    ),
    (StepText(
        "The red ball can finish two lines of three reds, but only one of them counts: "
        "place the ball there.",
        "A group counts only if none of its balls is covered (a ball two levels straight above it).",
        "Check each red line: is one of its balls under a ball two levels up?",
    ),),
)

CUT = LessonText(
    "A cut contact spoils a line",
    (
        "The contact of two balls side by side on one level is cut when the two cells above "
        "that rest on both of them hold balls.",
        "A line with a cut contact does not count.",
        "The 'touching' variant, a rule you may choose, lets covered and cut groups count too.",
    ),
    (StepText(
        "The white ball can finish two lines of three whites, but only one counts under the "
        "standard rules: place the ball there.",
        "A line counts only if no contact between two of its balls on one level is cut.",
        "Look at the balls resting on the pair of whites in row 3.",
    ),),
)

CHALLENGE = LessonText(
    "Open a challenge",
    (
        "When a player, with the ball just placed, has formed a visible winning group, he "
        "shows it and challenges the opponent.",
        "The opponent then takes a ball at random and places it, trying to make a group of "
        "higher ranking.",
        "A challenge is not optional: every group a normal turn forms opens one (a straight "
        "flush wins instead). If the ball forms several groups, only the highest counts.",
    ),
    (StepText(
        "Place the black ball so that it forms a group and challenges your opponent.",
        "A group formed on a normal turn challenges the opponent, who answers with the next ball.",
        "Any winning group will do: look for two balls in a line that the black ball completes.",
    ),),
)

ANSWER = LessonText(
    "Answer a challenge",
    (
        "Your opponent's flush three of red balls challenges you: your white ball answers it.",
        "The higher ranking group wins the challenge and scores one point; equal groups score "
        "one point each; no group in answer loses.",
        "Between two groups of the same ranking, the one with a ball on a higher level wins.",
        "An answer never opens a new challenge: after it, turns simply alternate.",
    ),
    (StepText(
        "Beat the flush three with the white ball.",
        "The higher group wins the challenge and scores 1; a tie scores 1 each; no group loses.",
        "A tie is not enough: find a group that ranks higher than a flush three.",
    ),),
)

STRAIGHT_FLUSH = LessonText(
    "The straight flush",
    (
        "Straight flush: a five-ball pyramid of one colour, the highest group of all.",
        "Whoever forms a straight flush wins the game at once, whatever the score.",
        "Otherwise the game ends when the 30-ball pyramid is complete: the higher score wins.",
    ),
    (StepText(
        "Win the game at once with the red ball.",
        "A straight flush, a pyramid of five balls of one colour, wins the game at once.",
        "Find four red balls in a square.",
    ),),
)

APEX = LessonText(
    "The apex",
    (
        "The apex, the top of the pyramid, is always the 30th ball: it needs all 29 others.",
        "The apex ball can be used only to answer a challenge, or to form a straight flush.",
        APEX_SHORT[:1].upper() + APEX_SHORT[1:] + "; any other group it makes does not count.",
    ),
    (
        StepText(
            "Only the apex is left and no challenge is pending: place the white ball there.",
            "The 30th ball ends the game: then the higher score wins, and equal scores are a draw.",
            "The apex is the only cell left.",
        ),
        StepText(
            "Now the 29th ball has challenged you: answer it with the white ball on the apex.",
            "As the answer to a challenge the apex counts like any other ball.",
            "The apex is the only cell left.",
        ),
    ),
)

LESSON_TEXTS: dict[str, LessonText] = {
    "supported": SUPPORTED,
    "line": LINE_OF_THREE,
    "pyramid": PYRAMID,
    "covered": COVERED,
    "cut": CUT,
    "challenge": CHALLENGE,
    "answer": ANSWER,
    "straight-flush": STRAIGHT_FLUSH,
    "apex": APEX,
}
"""The lessons' words by the lesson's key, in the order they are taught."""

# -- what the screen says about a try ---------------------------------------------
HEADING = "LEARN TO PLAY"
INTRO = (
    "Short lessons on a real board: each gives you a ball and a task, and the game's own "
    "rules judge your move. After them you can play a game."
)
ALL_DONE = "Every lesson is done: you know the rules. Start a game from the title screen."
LEGEND = "Gold: the challenge; cyan: your answer."
SHOW_ME = "A right cell is lit: click it, or press Enter."


def right_words(what: str) -> str:
    """The praise for a right answer: what the ball did (the engine's words)."""
    return f"Right: {what}."


def resting_words(cell: Cell, platform: tuple[Cell, ...]) -> str:
    """What a ball on a higher level does: it rests on its full platform."""
    return f"the ball on {cell} rests on its platform, {' '.join(str(c) for c in platform)}"


def wrong_level_words(cell: Cell, level: int) -> str:
    """A try on another level than the task's."""
    where = "a hole of the board" if cell.level == 1 else f"on level {cell.level}"
    return f"Not quite: {cell} is {where}, and the task is level {level}."


def wrong_words(cell: Cell, what: str) -> str:
    """A wrong try: the cell and what the ball would do there (the engine's words)."""
    return f"Not quite: {cell} gives {what}."


def _clause(text: str) -> str:
    """A sentence as a clause: its first letter small (a cell name, ``1C3``, as written)."""
    text = text.rstrip(".")
    return text if text[:1].isdigit() else text[:1].lower() + text[1:]


def refused_words(why: str) -> str:
    """A try on a cell the ball cannot go to (the engine's or the laboratory's reason)."""
    return f"Not there: {_clause(why)}."


def other_words(line: str) -> str:
    """After a right answer, the group elsewhere that would not have counted
    (the narrator's :func:`~spoker.text.narrator.blocked_line`)."""
    return f"Elsewhere, {_clause(line)}."


def touching_words(group: str) -> str:
    """What the 'touching' variant would have made of the same ball."""
    return f"Under the 'touching' variant it would count: {group}."


def step_heading(step: int, steps: int) -> str:
    """``Step 2 of 2`` (nothing for a lesson of one step)."""
    return f"Step {step} of {steps}" if steps > 1 else ""


def done_words(done: int, total: int) -> str:
    """The list's count of lessons done."""
    return f"{done} of {total} lessons done"


__all__ = [
    "ALL_DONE", "HEADING", "INTRO", "LEGEND", "LESSON_TEXTS", "SHOW_ME", "LessonText", "StepText",
    "done_words", "other_words", "refused_words", "resting_words", "right_words", "step_heading",
    "touching_words", "wrong_level_words", "wrong_words",
]
