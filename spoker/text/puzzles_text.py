"""The words of the Puzzles screen and of "Retry my mistakes": the task, the
answer to a try, the unit of the values on the board, the line that
follows, the rating and the streak, the retry's summary.

The values are the mover's expected result, P(win) - P(loss) (notation.md,
"Puzzles"); how much a worse cell gives away is said as the analysis says
it (:func:`spoker.text.value_words.loss_words`). No arcade here.
"""

from __future__ import annotations

from collections.abc import Sequence

from shibumi import Cell, Colour
from spoker.text.narrator import COLOUR_NAMES
from spoker.text.value_words import loss_words

HEADING = "PUZZLES"
RETRY_HEADING = "RETRY MY MISTAKES"
UNIT = ("The numbers on the cells are each cell's exact value for the player to move: "
        "P(win) \u2212 P(loss) with best play by both from here (+1 a sure win, \u22121 a sure loss). "
        "The best cell is green and ringed, your try orange.")
RETRY_UNIT = ("The numbers are P(win) \u2212 P(loss) for the player to move, as the analysis "
              "found them: your first choice orange, the best green and ringed, a new choice grey.")
SOLVING = "Working out every cell's exact value\u2026"
NO_PUZZLES = "No puzzle to show here: choose another rule set or theme, or find puzzles in your games."
NO_MISTAKES = "No mistake and no blunder of this player to retry: well played."
CLOSE_RULE = "Close means within 0.10 of the best: the analysis marks no inaccuracy there."
ALL_RULES = "all rule sets"
ALL_THEMES = "all themes"
SHIPPED = "the shipped puzzles"
MINE = "from my games"


def colour_word(colour: Colour | None) -> str:
    return COLOUR_NAMES[colour] if colour is not None else "no"


def task_words(mover: int, colour: Colour, score: tuple[int, int], answers: int) -> str:
    """``Player 2 to move, 1-3. Place the white ball on the best cell.``"""
    also = " (there are two equal best cells)" if answers == 2 else (
        f" (there are {answers} equal best cells)" if answers > 2 else "")
    return (f"Player {mover} to move, score {score[0]}-{score[1]}. Place the {COLOUR_NAMES[colour]} "
            f"ball on the best cell{also}.")


def situation_words(rules: str, standard: bool, answering: str, bag: tuple[int, int, int]) -> str:
    """What else the puzzle asks with: the rule set when it is not the
    standard one, the challenge to answer (``answering``: its group in
    words, "" if none) and the balls left in the bag (white, black, red):
    ``Rules: touching, apex-free. Answer a full house on level 2. Left in the
    bag: 1 white, 2 black, 1 red.``"""
    said = [] if standard else [f"Rules: {rules}."]
    if answering:
        said.append(f"Answer {answering}.")
    left = ", ".join(f"{n} {COLOUR_NAMES[c]}" for c, n in zip(Colour, bag))
    said.append(f"Left in the bag: {left}." if sum(bag) else "The bag is empty.")
    return " ".join(said)


def value_text(value: float) -> str:
    """A value as the board shows it: ``+0.48``, ``\u22121.00``, ``0.00``."""
    text = f"{value:+.2f}"
    if text in ("+0.00", "-0.00"):
        return "0.00"
    return text.replace("-", "\u2212")


def right_words(cell: Cell, value: float, answers: Sequence[Cell]) -> str:
    others = [str(a) for a in answers if a != cell]
    also = f" ({', '.join(others)} as good)" if others else ""
    return f"Right: {cell} is the best cell, {value_text(value)}{also}."


def wrong_words(cell: Cell, value: float, best: Cell, best_value: float) -> str:
    loss = max(0.0, min(2.0, best_value - value))
    return (f"Not the best: {cell} is worth {value_text(value)}, the best {best} "
            f"{value_text(best_value)}. {cell} gives away {loss_words(loss)}.")


def wrong_short(cell: Cell, answers: Sequence[Cell]) -> str:
    """Before the values are known: which cells were right."""
    names = ", ".join(str(a) for a in answers)
    return f"Not the best: {cell}. The best: {names}."


def rating_words(rating: float, deviation: float, streak: int, best_streak: int) -> str:
    """``Rating 1523 \u00b1 70 \u00b7 streak 3, best 5`` (\u00b1 the Glicko deviation)."""
    return f"Rating {rating:.0f} \u00b1 {deviation:.0f} \u00b7 streak {streak}, best {best_streak}"


def count_words(puzzles: int, mine: bool, solved: int, tried: int) -> str:
    """``295 puzzles \u00b7 shipped \u00b7 3 of 5 solved`` (before any try: ``none tried yet``)."""
    done = f"{solved} of {tried} solved" if tried else "none tried yet"
    return f"{puzzles} puzzle{'s' if puzzles != 1 else ''} \u00b7 {'mine' if mine else 'shipped'} \u00b7 {done}"


def rating_change(before: float, after: float) -> str:
    delta = after - before
    sign = "+" if delta >= 0 else "\u2212"
    return f"Rating {after:.0f} ({sign}{abs(delta):.0f})"


def line_step_words(
    index: int, total: int, cell: Cell | None, colour: Colour | None, mover: int | None, drawer: int | None,
) -> str:
    """What step ``index`` of the line that follows shows: who placed where,
    then who draws which colour (named: the drawer is not always the other)."""
    if index == 0:
        return f"The line that follows: {total} step{'s' if total != 1 else ''} (\u2190 \u2192 or the buttons)."
    where = f"player {mover} places on {cell}" if cell is not None and mover is not None else ""
    drawn = f"; player {drawer} draws {COLOUR_NAMES[colour]} (the likeliest)" \
        if colour is not None and drawer is not None else ""
    return f"Step {index} of {total}: {where}{drawn}."


def line_end_words(over: bool, score: tuple[int, int]) -> str:
    return f"The game ends {score[0]}-{score[1]}." if over else ""


def themes_words(themes: Sequence[str]) -> str:
    return "Themes: " + ", ".join(t.replace("-", " ") for t in themes) if themes else ""


def difficulty_words(difficulty: int | None) -> str:
    names = {0: "easy", 1: "medium", 2: "hard"}
    return f"Difficulty: {names[difficulty]}" if difficulty in names else ""


def scan_words(done: int, total: int, found: int) -> str:
    return f"Searching your games\u2026 position {done} of {total}, {found} puzzle{'s' if found != 1 else ''} found"


def scan_done_words(records: int, found: int) -> str:
    return (f"{found} puzzle{'s' if found != 1 else ''} from {records} record{'s' if records != 1 else ''} "
            f"of your games.")


def scan_stopped_words(found: int) -> str:
    return f"Search stopped: {found} puzzle{'s' if found != 1 else ''} kept from the records searched whole."


# -- retry --------------------------------------------------------------------------------
def retry_task(index: int, total: int, move: int, verdict: str, colour: Colour) -> str:
    return (f"Mistake {index} of {total}: move {move}, a {verdict}. Place the {COLOUR_NAMES[colour]} "
            f"ball again.")


def retry_result(kind: str, cell: Cell, value: float, first: Cell, first_value: float,
                 best: Cell, best_value: float) -> list[str]:
    """What a retry came to: ``best``, ``close`` or ``again`` (still a worse cell)."""
    head = {
        "best": f"Now the best: {cell}, {value_text(value)}.",
        "close": f"Close: {cell}, {value_text(value)}, within 0.10 of the best.",
        "again": f"Still not the best: {cell}, {value_text(value)}; it gives away "
                 f"{loss_words(max(0.0, min(2.0, best_value - value)))}.",
    }[kind]
    return [head, f"Your first choice {first}: {value_text(first_value)}. The best {best}: {value_text(best_value)}."]


def retry_summary(best: int, close: int, again: int) -> str:
    total = best + close + again
    return (f"Done: {total} retried, {best} now the best, {close} close, {again} still not "
            f"({CLOSE_RULE.lower()[:-1]}).")


def search_status(error: str, waiting: bool) -> list[tuple[str, str]]:
    """The panel's last line about the search: its failure, or that it runs (with its kind)."""
    if error:
        return [(error[:1].upper() + error[1:], "bad")]
    return [(SOLVING, "muted")] if waiting else []


def tried_words(cell: Cell) -> str:
    """A try waiting for the values that judge it."""
    return f"You placed on {cell}: it is judged by the exact values, coming."


def set_aside_words(stored: Sequence[Cell], best: Sequence[Cell]) -> str:
    """A puzzle whose stored answers the exact values contradict (one line)."""
    said = ", ".join(str(c) for c in stored)
    found = ", ".join(str(c) for c in best)
    return f"Set aside: this puzzle's answer {said} is not the best ({found}); the try is not rated."


__all__ = [
    "ALL_RULES", "ALL_THEMES", "CLOSE_RULE", "HEADING", "MINE", "NO_MISTAKES", "NO_PUZZLES", "RETRY_HEADING",
    "RETRY_UNIT", "SHIPPED", "SOLVING", "UNIT", "colour_word", "count_words", "difficulty_words", "line_end_words",
    "line_step_words", "rating_change", "rating_words", "retry_result", "retry_summary",
    "retry_task", "right_words", "scan_done_words", "situation_words", "search_status", "set_aside_words", "tried_words", "scan_stopped_words", "scan_words", "task_words", "themes_words", "value_text",
    "wrong_short", "wrong_words",
]
