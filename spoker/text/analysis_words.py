"""An analysis in words: values in one unit, the graph's axis and legend, and
why a placement was a mistake, concretely.

**One unit.** A value is an expected result for one player, P(win) - P(loss);
on every screen and in ``spoker analyse``'s text it is said as the games in 10
that player wins, draws counted half (:mod:`spoker.text.value_words`): "wins
about 7 games in 10", short "7 in 10". A loss is the games it gives away
("about 1 game in 10"), a chance of a ball the same way ("about 3 in 10").

**Why.** :func:`why_words` compares the played placement with the analysis's
best one, as the engine plays them out on copies of the position: what each
ball forms (a challenge, an answer that beats, ties or loses, a straight
flush) and what each leaves the opponent for the next ball (the strongest
group the bag's colours allow, or the chance to beat a challenge just
opened), and says the first difference that matters: "missed a flush three on
level 2 at 2B2", "gave Bob a flush four on level 1 ... if a black ball comes
(about 3 in 10)", "let Ann beat it with a full house on level 2 ...". The
data comes in as plain values (a position, cells, numbers): this module knows
nothing of the analysis's search.

The replay viewer, its analysis panel, the end screen and ``spoker analyse``
take their sentences from here, so they agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from shibumi import Cell, Colour
from shibumi.errors import expect
from spoker.engine.challenges import ChallengeSummary
from spoker.engine.events import ChallengeResolved, GroupFormed, StraightFlush
from spoker.engine.groups import Group, strength
from spoker.engine.moves import Move
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.text.value_words import ALMOST, CERTAIN, loss_words, value_words

VERDICT_MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The marks of ``spoker analyse`` and the replay viewer (docs/analysis.md)."""

LEGEND = (
    ("inaccuracy", "?! inaccuracy"),
    ("mistake", "? mistake"),
    ("blunder", "?? blunder"),
    ("challenge", "challenge"),
)
"""The evaluation graph's marks, in the legend's order: (kind, words)."""

EVEN = 0.1
"""A value closer to 0 than this is "even": both players win about 5 games in 10."""

TICK = 0.6
"""The graph's scale lines: the leader wins 8 games in 10 there."""

CHANCE_STEP = 0.1
"""A chance for the opponent this much larger (a tenth) is worth telling."""


# -- the unit ------------------------------------------------------------------------
def games_in_10(value: float) -> str:
    """``value`` (P(win) - P(loss)) as the short form of the unit: ``7 in 10``
    (the games won in 10, draws counted half), as :func:`value_words` rounds it."""
    v = _value(value)
    share = (1.0 + v) / 2.0
    if v >= 1.0 - CERTAIN:
        return "10 in 10"
    if v <= -1.0 + CERTAIN:
        return "0 in 10"
    if share >= 1.0 - ALMOST:
        return "almost 10 in 10"
    if share <= ALMOST:
        return "almost 0 in 10"
    return f"{_tenths(share)} in 10"


def wins_words(value: float) -> str:
    """``wins about 7 games in 10``: :func:`value_words` without "from here"."""
    return value_words(_value(value)).removesuffix(" from here")


def chance_words(p: float) -> str:
    """A probability in the same unit: ``about 3 in 10``."""
    p = max(0.0, _value(p))  # a probability: 0..1
    if p >= 1.0 - CERTAIN:
        return "certainly"
    if p >= 1.0 - ALMOST:
        return "almost certainly"
    if p <= ALMOST:
        return "less than 1 in 20"
    return f"about {_tenths(p)} in 10"


def lead_words(value: float, names: tuple[str, str], final: bool = False) -> str:
    """Who is ahead after a move, by how much: ``Ann ahead: wins about 7
    games in 10`` or ``even: about 5 games in 10 each`` (``value``: player 1's).
    After the game's last move (``final``) the value is the result itself:
    ``Ann wins the game`` or ``the game ends in a draw``, not a chance."""
    v = _value(value)
    a, b = _names(names)
    if final:
        return "the game ends in a draw" if abs(v) < EVEN else f"{a if v > 0 else b} wins the game"
    if abs(v) < EVEN:
        return "even: about 5 games in 10 each"
    leader, lead = (a, v) if v > 0 else (b, -v)
    return f"{leader} ahead: {wins_words(lead)}"


class Axis(NamedTuple):
    """The evaluation graph's axis in words: the top (player 1 ahead), the zero
    line, the bottom (player 2 ahead), and the scale's lines and edge."""

    top: str
    middle: str
    bottom: str
    tick: str
    edge: str
    unit: str


def axis_words(names: tuple[str, str]) -> Axis:
    """The graph's axis: ``Ann ahead`` / ``even`` / ``Bob ahead``, the scale in
    games in 10 (the lines at :data:`TICK`, the edges certain)."""
    a, b = _names(names)
    return Axis(f"{a} ahead", "even", f"{b} ahead", games_in_10(TICK), "10 in 10",
                "games in 10 the leader wins (draws half)")


# -- a placement's lines -------------------------------------------------------------------
def verdict_line(verdict: str | None, loss: float, best_played: bool) -> str:
    """``?? blunder: gives away about 2 games in 10`` (``a best placement``;
    ``gives away almost nothing`` for a loss too small for a verdict)."""
    if verdict is not None and verdict not in VERDICT_MARKS:
        raise ArgumentError(f"verdict {verdict!r}: expected one of {', '.join(VERDICT_MARKS)} or None")
    if best_played:
        return "A best placement."
    mark = f"{VERDICT_MARKS[verdict]} {verdict}: " if verdict else ""
    words = f"{mark}gives away {loss_words(_loss(loss))}"
    return words[0].upper() + words[1:] if not verdict else words


def value_line(
    mover: str, cell: Cell, value: float, exact: bool, best: Cell, best_value: float, over: bool = False,
) -> str:
    """``After it Ann wins about 4 games in 10 (estimated); after 2B2 about 6 in 10.``
    With the game ``over`` after it, its result, certain: ``After it the game is
    over: a draw.`` (not "about 5 games in 10")."""
    expect(mover, str, "name")
    if over:
        v = _value(value)
        result = f"{mover} wins" if v > 0 else f"{mover} loses" if v < 0 else "a draw"
        line = f"After it the game is over: {result}"
    else:
        line = f"After it {mover} {wins_words(value)} ({'exactly' if exact else 'estimated'})"
    if Cell(best) != Cell(cell):
        line += f"; after {Cell(best)}, {games_in_10(best_value)}"
    return line + "."


def best_label(best: Cell, best_value: float) -> str:
    """``best: 2B2, wins 6 in 10``: the label over the best cell's ghost."""
    return f"best: {Cell(best)}, wins {games_in_10(best_value)}"


def group_words(group: Group, cells: bool = True) -> str:
    """``a flush three on level 2 (2B2 2D2 2F2)`` (without its cells: ``a flush three on level 2``)."""
    expect(group, Group, "group")
    where = f" ({' '.join(str(c) for c in group.cells)})" if cells else ""
    return f"a {group.rank.title.lower()} on level {group.top_level}{where}"


# -- why ------------------------------------------------------------------------------
class _Placed(NamedTuple):
    """A ball on a cell, played out by the engine on a copy of the position."""

    cell: Cell
    formed: Group | None
    outcome: str  # "wins_game", "beats", "ties", "loses" (answering); "opens", "nothing"
    after: GameState


_ANSWER_ORDER = {"loses": 0, "ties": 1, "beats": 2, "wins_game": 3}


def _place(state: GameState, cell: Cell) -> _Placed:
    """``state``'s drawn ball on ``cell``: what it forms and how it meets the challenge."""
    after = state.copy()
    mover = state.to_move
    events = after.apply_place(cell)
    formed = next((e.group for e in events if isinstance(e, GroupFormed)), None)
    if any(isinstance(e, StraightFlush) for e in events):
        return _Placed(cell, formed, "wins_game", after)
    resolved = next((e for e in events if isinstance(e, ChallengeResolved)), None)
    if resolved is not None and not resolved.bag_empty:
        outcome = "ties" if resolved.winner is None else "beats" if resolved.winner == mover else "loses"
        return _Placed(cell, formed, outcome, after)
    return _Placed(cell, formed, "opens" if formed is not None else "nothing", after)


class _Reply(NamedTuple):
    """The opponent's best use of the next ball: the group, the ball's colour
    and cell for it; the colours that allow as much (answering a challenge:
    that beat it) and their chance."""

    group: Group
    colour: Colour
    cell: Cell
    colours: tuple[Colour, ...]
    chance: float


def _reply(state: GameState) -> _Reply | None:
    """The strongest group the player to move can form with the next ball
    (answering a pending challenge: the best answer, and the chance that some
    answer beats it); None if no colour forms anything, or the game is over."""
    if state.is_over or not state.is_chance_node():
        return None
    pending = state.challenge is not None
    best: tuple[tuple[int, int, int], Group, Colour, Cell] | None = None
    by_colour: dict[Colour, tuple[int, int, int]] = {}
    chances: dict[Colour, float] = {}
    for colour, p in state.chance_outcomes():
        drawn = state.copy()
        drawn.apply_draw(colour)
        chances[colour] = p
        for cell in drawn.legal_cells():
            placed = _place(drawn, cell)
            if placed.formed is None:
                continue
            order = _ANSWER_ORDER.get(placed.outcome, 0) if pending else int(placed.outcome == "wins_game")
            key = (order, *strength(placed.formed, state.rules))
            if key > by_colour.get(colour, (-1, -1, -1)):
                by_colour[colour] = key
            if best is None or key > best[0]:
                best = (key, placed.formed, colour, cell)
    if best is None:
        return None
    key, group, colour, cell = best
    if pending:  # the chance to beat the challenge (or win the game), whatever the group
        allowing = tuple(c for c, k in by_colour.items() if k[0] >= _ANSWER_ORDER["beats"])
    else:
        allowing = tuple(c for c, k in by_colour.items() if k == key)
    return _Reply(group, colour, cell, allowing, float(sum(chances[c] for c in allowing)))


def _colours_text(colours: Sequence[Colour]) -> str:
    words = [Colour.of(c).word for c in colours]
    return " or ".join(words) if len(words) <= 2 else ", ".join(words[:-1]) + " or " + words[-1]


def _when(reply: _Reply, all_colours: int) -> str:
    """``if a white or black ball comes (about 7 in 10)``, ``whatever ball comes``."""
    if len(reply.colours) == all_colours:
        return "whatever ball comes"
    return f"if a {_colours_text(reply.colours)} ball comes ({chance_words(reply.chance)})"


def _offer(reply: _Reply, all_colours: int) -> str:
    """``a flush three on level 1 (1A3 1C3 1E3) if a white ball comes (about 3
    in 10)``; with several colours, which one makes the group named."""
    group = group_words(reply.group)
    if len(reply.colours) == 1:
        return f"{group} {_when(reply, all_colours)}"
    return f"{_when(reply, all_colours)}; a {Colour.of(reply.colour).word} one makes {group}"


def why_words(
    before: GameState, ball: Colour, played: Cell, best: Cell, names: tuple[str, str],
    value: float, best_value: float, next_move: Move | None = None,
) -> str:
    """Why ``best`` was better than ``played`` for ``ball`` in the position
    ``before`` (no ball drawn yet), concretely: the first difference the engine
    finds between the two placements (see the module doc), said of the played
    one ("Gave Bob a flush four on level 1 ..."); ``value`` and
    ``best_value`` are the analysis's values of the two for the mover (said
    when nothing decides at once); ``next_move``, the record's next move, says
    whether the opponent took what was given."""
    expect(before, GameState, "position")
    names = _names(names)
    played, best = Cell(played), Cell(best)
    if played == best:
        return f"{Move(Colour.of(ball), played)} was a best placement."
    state = before.copy()
    state.apply_draw(Colour.of(ball))
    mover = state.to_move
    opponent = names[2 - mover]
    move = Move(Colour.of(ball), played)
    mine, other = _place(state, played), _place(state, best)
    answering = state.challenge is not None

    # 1. What the ball itself does.
    if other.outcome == "wins_game" and mine.outcome != "wins_game":
        assert other.formed is not None
        return f"Missed {group_words(other.formed)} at {best}: it wins the game at once."
    if answering and _ANSWER_ORDER[other.outcome] > _ANSWER_ORDER[mine.outcome]:
        did = {"loses": "Lost the challenge", "ties": "Only tied the challenge"}[mine.outcome]
        would = {"beats": "won it", "ties": "tied it"}[other.outcome]
        assert other.formed is not None
        return f"{did}; {best} would have answered with {group_words(other.formed)} and {would}."
    if not answering and other.formed is not None and (
        mine.formed is None or strength(other.formed, state.rules) > strength(mine.formed, state.rules)
    ):
        if mine.formed is None:
            return f"Formed nothing: missed {group_words(other.formed)} at {best}."
        return (f"Challenged with {group_words(mine.formed, cells=False)}; {best} would have "
                f"challenged with {group_words(other.formed)}.")

    # 2. What it leaves the opponent for the next ball.
    colours = sum(1 for n in mine.after.bag() if n)
    given = _reply(mine.after)
    kept = _reply(other.after)
    if given is not None:
        if mine.after.challenge is not None:  # the ball opened a challenge: can it be beaten?
            safer = kept.chance if kept is not None and other.after.challenge is not None else 0.0
            if given.colours and given.chance >= safer + CHANCE_STEP and mine.formed is not None:
                offer = _offer(given, colours)
                beat = f"beat it with {offer}" if len(given.colours) == 1 else f"beat it {offer}"
                line = f"Challenged with {group_words(mine.formed, cells=False)} and let {opponent} {beat}"
                return line + _taken(mine.after, given, next_move, opponent, "beat it") + "."
        elif other.after.challenge is None and (kept is None or strength(given.group, state.rules) > strength(kept.group, state.rules)):
            # Every colour named gives a group as strong: the one named is the best colour's.
            offer = f"{group_words(given.group)} {_when(given, colours)}"
            if played in given.group.cells or not before.playable_mask >> given.cell & 1:
                line = f"Gave {opponent} {offer}"
            else:
                line = f"Left {opponent} {offer}; {best} would have prevented it"
            return line + _taken(mine.after, given, next_move, opponent, "made it") + "."

    # 3. Nothing decides at once: the better chances come later.
    who = names[mover - 1]
    return (f"No group decides it at once: {best} keeps better chances for later "
            f"({who} {wins_words(best_value)} after it, {games_in_10(value)} after {move}).")


def _taken(after: GameState, reply: _Reply, next_move: Move | None, opponent: str, verb: str) -> str:
    """``; Bob made it on move 24`` when the record's next move formed that
    group (``verb`` "beat it": when it beat the challenge, with any group)."""
    if next_move is None or after.is_over:
        return ""
    state = after.copy()
    player = state.to_move
    try:
        events = state.apply_move(next_move)
    except ValueError:  # not a move of this position: say nothing of it
        return ""
    if verb == "beat it":
        resolved = next((e for e in events if isinstance(e, ChallengeResolved)), None)
        won = any(isinstance(e, StraightFlush) for e in events)
        done = won or (resolved is not None and resolved.winner == player)
    else:
        formed = next((e.group for e in events if isinstance(e, GroupFormed)), None)
        done = formed is not None and formed.cells == reply.group.cells and formed.rank == reply.group.rank
    return f"; {opponent} {verb} on move {state.move_number}" if done else ""


# -- the end screen -------------------------------------------------------------------
def short_name(name: str) -> str:
    """A name for a narrow table cell: up to its first space or bracket
    (``Computer (Expert)`` -> ``Computer``), the whole name if that leaves nothing."""
    expect(name, str, "name")
    head = name.strip().split(" ")[0].split("(")[0]
    return head or name


def points_words(points: tuple[int, int] | None, names: tuple[str, str]) -> str:
    """A challenge's points with whose they are, as the score line says them:
    ``Ann 1``, ``1 each``, ``none`` (a straight flush cancelled it), ``-``
    (still open)."""
    a, b = _names(names)
    if points is None:
        return "-"
    if not (isinstance(points, tuple) and len(points) == 2 and all(_whole(p) and p >= 0 for p in points)):
        raise ArgumentError(f"points {points!r}: expected two whole numbers")
    p1, p2 = points
    if p1 and p2:
        return f"{p1} each" if p1 == p2 else f"{a} {p1}, {b} {p2}"
    if p1:
        return f"{a} {p1}"
    if p2:
        return f"{b} {p2}"
    return "none"


def challenge_story(c: ChallengeSummary, names: tuple[str, str]) -> str:
    """One challenge whole: who opened it with what, the answer, whose points."""
    expect(c, ChallengeSummary, "challenge summary")
    names = _names(names)
    who, other = names[c.challenger - 1], names[2 - c.challenger]
    head = f"Move {c.move}: {who} challenged with {group_words(c.challenge)}."
    if c.points is None:
        return head + f" {other} has not answered."
    if c.bag_empty:
        return head + f" The bag was empty: no answer could come; {points_words(c.points, names)}."
    if c.cancelled and c.response is not None:
        return (head + f" Move {c.response_move}: {other} answered with {group_words(c.response)}, "
                "which wins the game at once: the challenge scores nothing.")
    answer = "no group" if c.response is None else group_words(c.response)
    if c.winner is None:
        result = f"a tie, both score: {points_words(c.points, names)}"
    else:
        result = f"{names[c.winner - 1]} scores {c.points[c.winner - 1]}"
    return head + f" Move {c.response_move}: {other} answered with {answer}: {result}."


def position_caption(c: ChallengeSummary, total: int) -> str:
    """The end screen's line over a challenge's position: which move it is and how back."""
    expect(c, ChallengeSummary, "challenge summary")
    expect(total, int, "moves")
    at = c.response_move if c.response_move is not None else c.move
    when = "when it was answered" if c.response_move is not None else "when it was opened"
    return (f"The pyramid at move {at} of {total}, {when}. "
            "Esc, or Final position: the end of the game.")


# -- checks -----------------------------------------------------------------------
LUCKY = 0.15
"""A draw is lucky when the colour drawn is worth this much or more to the
drawer against an average draw (in P(win) - P(loss)), unlucky at minus it."""


def luck_mark(luck: float | None) -> str:
    """``lucky draw`` / ``unlucky draw`` for a draw's luck, "" for an ordinary one."""
    if luck is None:
        return ""
    if luck >= LUCKY - 1e-9:
        return f"lucky draw {luck:+.2f}"
    if luck <= -LUCKY + 1e-9:
        return f"unlucky draw {luck:+.2f}"
    return ""


LUCK_UNIT = "in games: +1 a win, -1 a loss (P(win) - P(loss)); 0.20 is 1 game in 10"
"""The unit of luck and skill, as the screens say it: a draw's luck and a
placement's loss are both differences of expected result."""

LUCK_LEGEND = (("luck", "luck: the draws"), ("skill", "skill: the placements"))
"""The luck-and-skill bars' two parts, in the legend's order: (kind, words)."""


def draw_line(n: int, drawer: str, ball: Colour, luck: float) -> str:
    """``Move 12: Bob drew red, worth +0.31 to Bob against an average draw
    (a lucky draw).``: a draw's luck in words (:data:`LUCKY` marks it)."""
    expect(drawer, str, "name")
    worth = _signed(luck)
    mark = luck_mark(luck).split(" ")[0]
    tail = f" ({'an' if mark.startswith('u') else 'a'} {mark} draw)" if mark else ""
    return (f"Move {n}: {drawer} drew {Colour.of(ball).word}, worth {worth} "
            f"to {drawer} against an average draw{tail}.")


def edge_words(name: str, luck: float, skill: float) -> str:
    """``Ann: +0.61 from the draws, -0.24 from the placements``: one player's
    bars in words (what the draws and the placements gave them over the other)."""
    expect(name, str, "name")
    return f"{name}: {_signed(luck)} from the draws, {_signed(skill)} from the placements"


def _signed(x: float) -> str:
    """``+0.31``, ``-0.05``, ``0.00``: a figure of luck or skill, two places, no minus zero."""
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise TypeError(f"figure {x!r} is not a number")
    text = f"{x:+.2f}"
    return "0.00" if text in ("+0.00", "-0.00") else text


def luck_summary(
    names: tuple[str, str], score: tuple[int, int], result: int | None,
    luck: tuple[float, float], loss: tuple[float, float], unit: bool = True,
) -> str:
    """A game's luck and skill in a player's words: who won, whom the draws
    favoured and by how much, what each player's placements gave away, and
    who played better once the luck is taken out (values in P(win) - P(loss):
    +1 a win, -1 a loss; ``unit`` False leaves that out, for a screen that
    says it under the figures: :data:`LUCK_UNIT`)."""
    a, b = names
    if result is None:
        head = f"Unfinished at {score[0]}-{score[1]}."
    elif result == 0:
        head = f"A draw, {score[0]}-{score[1]}."
    else:
        winner = a if result == 1 else b
        head = f"{winner} won {max(score)}-{min(score)}."
    favour = luck[0] - luck[1]
    if abs(favour) < 0.005:
        draws = "The draws favoured neither player"
    else:
        draws = f"The draws favoured {a if favour > 0 else b} by {abs(favour):.2f}"
    better = loss[1] - loss[0]  # what the other gave away more
    if abs(better) < 0.005:
        skill = "luck-adjusted, they played as well as each other"
    else:
        skill = f"luck-adjusted, {a if better > 0 else b} played better by {abs(better):.2f}"
    tail = " (in expected result: +1 a win, -1 a loss)" if unit else ""
    return f"{head} {draws}; {a}'s placements lost {loss[0]:.2f}, {b}'s {loss[1]:.2f}: {skill}{tail}."


def _tenths(share: float) -> int:
    """``share`` in tenths, as value_words rounds it (half up, within 1..9)."""
    return min(9, max(1, math.floor(share * 10 + 0.5)))


def _value(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise TypeError(f"value {value!r} is not a number")
    return min(1.0, max(-1.0, float(value)))


def _loss(loss: object) -> float:
    if isinstance(loss, bool) or not isinstance(loss, int | float) or not math.isfinite(loss):
        raise TypeError(f"loss {loss!r} is not a number")
    return min(2.0, max(0.0, float(loss)))


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _names(names: object) -> tuple[str, str]:
    if not (isinstance(names, tuple) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        raise TypeError(f"names {names!r}: expected two strings")
    return (names[0], names[1])


__all__ = [
    "EVEN", "LEGEND", "LUCKY", "LUCK_LEGEND", "LUCK_UNIT", "TICK", "VERDICT_MARKS", "Axis",
    "axis_words", "best_label", "challenge_story", "chance_words", "draw_line", "edge_words", "games_in_10",
    "group_words", "lead_words", "luck_mark", "luck_summary", "points_words",
    "position_caption", "short_name", "value_line", "verdict_line", "why_words", "wins_words",
]
