"""Every sentence about a game, in one place: the story of its events.

The engine returns events (:mod:`spoker.engine.events`, plain data); this module
turns them into words for every reader: the one-line descriptions
(:func:`describe`, also ``spoker.describe``), the comments of a record file, the move-by-move text of ``spoker replay --text``
and ``spoker show``, and the game screen's log and *moments* (the banner of a
challenge, its settlement, a straight flush, a group that does not count): the
game screen and the replay viewer tell a game with one
``spoker.gui.models.story.Story``, which chooses what to show and takes every
word of it from here (:func:`log_line`, :func:`banner`). Why a group does not count is
decided once (:func:`spoker.engine.groups.standing`) and said here: the
explanations, the laboratory's lines and the game screen's warnings.

No arcade here: the text views, the records and the GUI all use it.
docs/narrator.md says how to add a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from shibumi import Board, Cell, Colour
from shibumi.errors import expect
from shibumi.visibility import visibility
from spoker.engine.challenges import ChallengeSummary
from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    End,
    Event,
    GameOver,
    GroupFormed,
    StraightFlush,
)
from spoker.engine.groups import Group, Rank, Reason, ReasonKind, Standing, standing
from spoker.engine.moves import Move
from spoker.engine.previews import Outcome, Preview
from spoker.engine.rules import DEFAULT_RULES, RuleSet
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError, Refusal
from spoker.text.rules_words import excluded_words

# -- words -------------------------------------------------------------------
COLOUR_NAMES: tuple[str, str, str] = (Colour.WHITE.word, Colour.BLACK.word, Colour.RED.word)
"""Colour names by colour number: the one spelling (shibumi's ``Colour.word``)."""

APEX_SHORT = "on a normal turn the apex counts only for a straight flush (apex ruling)"
APEX_RULING = (
    "The apex is the 30th ball. On a normal turn it counts only for a straight "
    "flush (apex ruling); as a response it counts like any other ball."
)
APEX_ANSWER = "The apex answers this challenge: it counts like any other ball."
APEX_NOTE = (
    "Note: on a normal turn the apex counts only for a straight flush; "
    "as a challenge response it counts like any other ball."
)
APEX_REASON = "apex ruling: a normal turn on 4D4 counts only with a straight flush"
"""The apex ruling as the laboratory's short reason."""
DEFAULT_NAMES = ("player 1", "player 2")


def group_text(group: Group) -> str:
    """``flush three, level 1 (1A1 1C1 1E1)``: cells in cell order, as in explain()."""
    expect(group, Group, "group")
    d = group.describe()
    return f"{d[0].lower()}{d[1:]} ({' '.join(str(c) for c in group.cells)})"


def cells_text(group: Group) -> str:
    """``1A1 1C1 1E1``: a group's cells in cell order."""
    expect(group, Group, "group")
    return " ".join(str(c) for c in group.cells)


def _check_names(names: object) -> tuple[str, str]:
    # Without a generator: the game screen's story asks it for every event it tells.
    if not (isinstance(names, tuple) and len(names) == 2 and isinstance(names[0], str) and isinstance(names[1], str)):
        raise TypeError(f"names {names!r}: expected two strings")
    return (names[0], names[1])


def capital(name: str) -> str:
    """``player 1`` starts a sentence as ``Player 1``; a name stays as written."""
    expect(name, str, "name")
    return "P" + name[1:] if name.startswith("player ") else name


# -- why a group does not count ---------------------------------------------------
# spoker.engine.groups.standing decides (one cascade: a variant's exclusion, the apex
# ruling, visibility); every sentence and title about it is said here.
BLOCKED_TITLES = {
    ReasonKind.EXCLUDED: "Excluded by the rules: it does not count",
    ReasonKind.APEX: "Apex ruling: it does not count",
    ReasonKind.COVERED: "Not visible: it does not count",
    ReasonKind.CUT: "Not visible: it does not count",
}
"""The game screen's title for a group that would count but does not, by
what holds it back."""


def reason_text(reason: Reason, short: bool = False) -> str:
    """One reason a group does not count, in words; ``short`` is the
    laboratory's form (``1C3 is covered by 3C3``; an item's exclusion in
    words, not its notation)."""
    expect(reason, Reason, "reason")
    kind, cells = reason.kind, reason.cells
    if kind == ReasonKind.COVERED:
        ball, by = cells
        return f"{ball} is covered by {by}" if short else f"{ball} is covered by the ball on {by}"
    if kind == ReasonKind.CUT:
        a, b, x, y = cells
        if short:
            return f"contact {a}-{b} is cut by {x} and {y}"
        return f"the contact {a}-{b} is cut by the balls on {x} and {y}"
    if kind == ReasonKind.APEX:
        return APEX_REASON if short else APEX_SHORT
    return excluded_words(reason.why) if short else reason.why  # the long form quotes the items, as typed


def reasons_text(reasons: Sequence[Reason], short: bool = False) -> str:
    """Several reasons in one clause, joined by semicolons."""
    return "; ".join(reason_text(r, short) for r in reasons)


def standing_line(s: Standing) -> str:
    """Whether a group counts and why (not), as :func:`explain` says it."""
    expect(s, Standing, "standing")
    if s.kind == ReasonKind.EXCLUDED:
        return f"It does not count under the {s.rules} rules: {reasons_text(s.against)}."
    if not s.counts:
        return f"It does not count: {reasons_text(s.against)}."
    if s.hidden:
        return f"It counts under the 'touching' rules although {reasons_text(s.hidden)}."
    return "It is visible: no ball of it is covered and no contact is cut."


def blocked_line(s: Standing) -> str:
    """A group that would beat what counted but does not, for the game's log."""
    expect(s, Standing, "standing")
    g = s.group.describe()
    if s.kind == ReasonKind.EXCLUDED:
        return f"{g} does not count under the {s.rules} rules: {reasons_text(s.against)}."
    if s.kind == ReasonKind.APEX:
        return f"{g} does not count: {reasons_text(s.against)}."
    return f"{g} would count, but {reasons_text(s.against)}."


def judged_text(s: Standing, best: bool = False, placed: bool = True) -> str:
    """The laboratory's line for a group: ``Flush four 1A3 1C3 1E3 1G3, level
    1: does not count: ...``; ``placed`` False is a ball already on the board
    (``counts now``), ``best`` the best group of a query."""
    expect(s, Standing, "standing")
    g = s.group
    head = f"{g.rank.title} {cells_text(g)}, level {g.top_level}"
    if not s.counts:
        return f"{head}: does not count{'' if placed else ' now'}: {reasons_text(s.against, short=True)}"
    if not placed:
        status = "counts now"
    else:
        status = "counts, the best" if best else "counts, below the best"
    return f"{head}: {status}" + (f" (touching rules, although {reasons_text(s.hidden, short=True)})" if s.hidden else "")


def explain(
    board: Board, group: Group, rules: RuleSet = DEFAULT_RULES, placed: Cell | None = None,
    responding: bool = False,
) -> list[str]:
    """Plain sentences: what the group is and why it does or does not count
    (:func:`spoker.engine.groups.standing`; ``placed`` and ``responding``: the turn's
    ball, for the apex ruling; None: the position as it stands)."""
    s = standing(board, group, rules, placed, responding)
    colours = "".join(str(board[c]) for c in group.cells)
    return [f"{group.describe()}: {cells_text(group)} ({colours})", standing_line(s)]


# -- one event, one sentence ---------------------------------------------------
def describe(event: Event, names: tuple[str, str] | None = None) -> str:
    """One sentence for a log or a status line; ``names`` of players 1 and 2
    replace "player 1" and "player 2"."""
    if names is not None:
        _check_names(names)

    def who(player: int | None, capital: bool = False) -> str:
        if names is not None and player in (1, 2):
            return names[player - 1]
        return f"{'P' if capital else 'p'}layer {player}"

    if isinstance(event, BallDrawn):
        return f"{who(event.player, True)} draws a {event.colour.word} ball."
    if isinstance(event, BallPlaced):
        what = "answers with" if event.response else "places"
        return f"{who(event.player, True)} {what} {event.colour.char}@{event.cell} (move {event.move_number})."
    if isinstance(event, GroupFormed):
        return f"{who(event.player, True)} forms a {event.group.describe()}."
    if isinstance(event, ChallengeOpened):
        return f"{who(event.challenger, True)} challenges with a {event.group.describe()}."
    if isinstance(event, ChallengeResolved):
        if event.bag_empty:
            return f"The bag is empty: {who(event.challenger)} wins the challenge and scores 1."
        if event.response is None:
            return f"No group in answer: {who(event.challenger)} wins the challenge and scores 1."
        if event.winner is None:
            return f"{event.response.describe()} ties {event.challenge.describe()}: both players score 1."
        loser = event.challenge if event.winner != event.challenger else event.response
        winning = event.response if event.winner != event.challenger else event.challenge
        return f"{winning.describe()} beats {loser.describe()}: {who(event.winner)} wins the challenge and scores 1."
    if isinstance(event, StraightFlush):
        return f"Straight flush! {who(event.player, True)} wins the game at once."
    if isinstance(event, GameOver):
        s1, s2 = event.score
        if event.winner is None:
            return f"Game over: a draw, {s1}-{s2}."
        return f"Game over: {who(event.winner)} wins, {s1}-{s2}."
    raise TypeError(f"not an event: {event!r}")


# -- the end of a game ---------------------------------------------------------
def result_text(state: GameState) -> str:
    """The ``Result`` header of a finished game: ``player 1 wins 5-3`` ..."""
    expect(state, GameState, "state")
    s1, s2 = state.score
    if state.end == End.STRAIGHT_FLUSH:
        return f"player {state.winner} wins by a straight flush ({s1}-{s2})"
    if state.winner is None:
        return f"draw {s1}-{s2}"
    return f"player {state.winner} wins {s1}-{s2}"


def named_result(state: GameState, names: tuple[str, str]) -> str:
    """:func:`result_text` with the players' names."""
    expect(state, GameState, "state")
    names = _check_names(names)
    text = result_text(state)
    if state.winner is None or names == DEFAULT_NAMES:
        return text
    return text.replace(f"player {state.winner}", names[state.winner - 1], 1)


def game_result(state: GameState, names: tuple[str, str]) -> str:
    """The end of a game as the screen says it (empty while it goes on)."""
    expect(state, GameState, "state")
    names = _check_names(names)
    if not state.is_over:
        return ""
    s1, s2 = state.score
    if state.end == End.STRAIGHT_FLUSH:
        assert state.winner is not None
        return f"{names[state.winner - 1]} wins with a straight flush ({s1}-{s2})."
    if state.winner is None:
        return f"A draw, {s1}-{s2}."
    return f"{names[state.winner - 1]} wins {max(s1, s2)}-{min(s1, s2)}."


# -- records and text views ----------------------------------------------------
def record_note(events: Sequence[Event], state: GameState) -> str:
    """A record's comment for a move: the challenge it opens or answers,
    points, score (``state``: after the move)."""
    expect(state, GameState, "state")
    notes = []
    for ev in events:
        if isinstance(ev, ChallengeOpened):
            notes.append(f"challenge by player {ev.challenger}: {_note_group(ev.group)}")
        elif isinstance(ev, ChallengeResolved):
            s1, s2 = state.score
            notes.append(f"{_note_resolution(ev)}, score {s1}-{s2}")
        elif isinstance(ev, StraightFlush):
            text = f"straight flush ({cells_text(ev.group)}): player {ev.player} wins the game"
            if ev.cancelled_challenge is not None:
                text += ", the challenge it answers scores nothing"
            notes.append(text)
        elif isinstance(ev, GameOver) and ev.end == End.COMPLETE:
            notes.append("game over: " + result_text(state))
    return "; ".join(notes)


def _note_resolution(ev: ChallengeResolved) -> str:
    if ev.bag_empty:
        return f"the bag is empty: player {ev.challenger} wins the challenge"
    if ev.response is None:
        return f"answer: no group: player {ev.challenger} wins the challenge"
    if ev.winner is None:
        return f"answer: {_note_group(ev.response)}: a tie, both players score 1"
    return f"answer: {_note_group(ev.response)}: player {ev.winner} wins the challenge"


def _note_group(group: Group) -> str:
    d = group.describe()
    return f"{d[0].lower()}{d[1:]} ({cells_text(group)})"


def move_lines(n: int, events: Sequence[Event], names: tuple[str, str], score: tuple[int, int]) -> list[str]:
    """Move ``n`` told for ``spoker replay --text``: the move, then what it
    caused, indented (``score``: after the move)."""
    expect(n, int, "move number")
    names = _check_names(names)
    placed = next((ev for ev in events if isinstance(ev, BallPlaced)), None)
    if placed is None:
        raise TypeError(f"events of move {n}: no ball placed")
    verb = "answers with" if placed.response else "places"
    lines = [f"{n}. {capital(names[placed.player - 1])} {verb} {Move(placed.colour, placed.cell)}."]
    for ev in events:
        if isinstance(ev, ChallengeOpened):
            lines.append(f"      {capital(names[ev.challenger - 1])} challenges with a {group_text(ev.group)}.")
        elif isinstance(ev, ChallengeResolved):
            lines.append(f"      {describe(ev, names)} Score {score[0]}-{score[1]}.")
        elif not isinstance(ev, BallDrawn | BallPlaced | GroupFormed):
            lines.append(f"      {capital(describe(ev, names))}")
    return lines


def challenge_line(c: ChallengeSummary, names: tuple[str, str] = DEFAULT_NAMES) -> str:
    """One challenge of a game and its outcome; ``names`` of the players."""
    expect(c, ChallengeSummary, "challenge summary")
    expect(names, tuple, "names")
    head = f"move {c.move}, {names[c.challenger - 1]}: {group_text(c.challenge)}"
    if c.points is None:
        return head + "; not answered yet"
    p1, p2 = c.points
    if c.response_move is None:
        return head + f"; the bag is empty, points {p1}-{p2}"
    answer = group_text(c.response) if c.response is not None else "no group"
    if c.response is not None and c.points == (0, 0):
        return head + f"; answered on move {c.response_move} by a {answer}: it scores nothing"
    return head + f"; answered on move {c.response_move} by {answer}: points {p1}-{p2}"


def open_challenge_line(state: GameState) -> str | None:
    """The challenge a state waits an answer to, for ``spoker show`` (None: none)."""
    expect(state, GameState, "state")
    ch = state.challenge
    if ch is None:
        return None
    return (
        f"Challenge: player {ch.challenger} challenged with a {group_text(ch.group)}; "
        f"player {3 - ch.challenger} must answer"
    )


# -- the end screen and the replay viewer's tables ------------------------------
SHORT_RANKS = {
    Rank.THREE_KINDS: "Three kinds",
    Rank.FLUSH_THREE: "Flush three",
    Rank.FULL_HOUSE: "Full house",
    Rank.FLUSH_FOUR: "Flush four",
    Rank.STRAIGHT_FLUSH: "Straight flush",
}


TINY_RANKS = {
    Rank.THREE_KINDS: "3 kinds",
    Rank.FLUSH_THREE: "Flush 3",
    Rank.FULL_HOUSE: "Full h.",
    Rank.FLUSH_FOUR: "Flush 4",
    Rank.STRAIGHT_FLUSH: "Str. fl.",
}


def short(group: Group, tiny: bool = False) -> str:
    """``Flush three L2`` (``Flush 3 L2`` if tiny): a group in a table cell."""
    expect(group, Group, "group")
    return f"{(TINY_RANKS if tiny else SHORT_RANKS)[group.rank]} L{group.top_level}"


def challenge_row(c: ChallengeSummary, names: tuple[str, str], tiny: bool = False) -> tuple[str, str, str, str]:
    """(move and challenger, challenge, answer, points) of one challenge."""
    expect(c, ChallengeSummary, "challenge summary")
    names = _check_names(names)
    if c.cancelled:
        answer = "str. flush" if tiny else "straight flush"
    elif c.bag_empty:
        answer = "bag empty"
    elif c.points is None:
        answer = "not answered"
    elif c.response is None:
        answer = "no group"
    else:
        answer = short(c.response, tiny)
    points = "-" if c.points is None else f"{c.points[0]}-{c.points[1]}"
    return (f"{c.move}. {names[c.challenger - 1]}", short(c.challenge, tiny), answer, points)


def plural(n: int, word: str) -> str:
    """``no challenge``, ``1 challenge``, ``3 challenges``."""
    expect(n, int, "count")
    expect(word, str, "word")
    return f"no {word}" if n == 0 else f"1 {word}" if n == 1 else f"{n} {word}s"


def score_line(names: tuple[str, str], score: tuple[int, int]) -> str:
    """``Ann 5, Bob 7``: each score next to its player's name."""
    names = _check_names(names)
    if not (isinstance(score, tuple) and len(score) == 2):
        raise TypeError(f"score {score!r}: expected two numbers")
    return f"{names[0]} {score[0]},  {names[1]} {score[1]}"


def summary_line(end: str | None, challenges: int, balls: int) -> str:
    """How a finished game ended, its challenges and balls (the end screen)."""
    expect(balls, int, "balls")
    how = "A straight flush ended the game" if end == End.STRAIGHT_FLUSH else "The pyramid is complete"
    return f"{how}: {plural(challenges, 'challenge')}, {balls} balls."


# -- the game screen -------------------------------------------------------------
def welcome(names: tuple[str, str], rules: RuleSet) -> str:
    """The first line of a game's log."""
    a, b = _check_names(names)
    expect(rules, RuleSet, "rules")
    return f"New game: {a} against {b}, rules: {rules}. {a} starts."


def last_move_line(history: Sequence[Move], names: tuple[str, str]) -> str:
    """``12. Ann: R@2B2``: the last move of a game, for the side panel."""
    names = _check_names(names)
    if not history:
        return "none yet"
    n = len(history)
    return f"{n}. {names[0 if n % 2 else 1]}: {history[-1]}"


class CountedGroup(Protocol):
    """A counting group formed during a game, as the game screen keeps it
    (``spoker.gui.models.story.Counted`` is one): the move and player that
    formed it, the group, the board it was formed on and its ``role``
    (challenge, response or flush)."""

    @property
    def move(self) -> int: ...
    @property
    def player(self) -> int: ...
    @property
    def group(self) -> Group: ...
    @property
    def board(self) -> Board: ...
    @property
    def role(self) -> str: ...


_COUNTED_FIELDS = (("move", int), ("player", int), ("group", Group), ("board", Board), ("role", str))


def phase_line(state: GameState) -> str:
    """The game screen's heading of the turn: a normal turn, the response to a
    challenge (naming its group), or the end."""
    expect(state, GameState, "state")
    if state.is_over:
        return GAME_OVER
    if state.challenge is not None:
        return f"Response to {state.challenge.group.describe()}"
    return "Normal turn"


def resumed_line(move_number: int) -> str:
    """The log's note on a game taken up again from its save."""
    return f"Resumed after move {move_number}."


def takeback_line(name: str, move: Move, undone: int) -> str:
    """The log's note on a takeback: whose placement, how many went with it."""
    later = undone - 1
    also = "" if not later else " (and the placement after it)" if later == 1 else f" (and the {later} placements after it)"
    return f"{name} took back {move.cell}{also}: the same {move.colour.word} ball to place again."


def takeback_comment(count: int) -> str:
    """A saved record's first comment when the game had takebacks."""
    times = "1 takeback" if count == 1 else f"{count} takebacks"
    return f"{times}: the moves are the game as finally played"


def refusal_text(refusal: Refusal, cell: Cell | None = None, colour: Colour | None = None) -> str:
    """Why the rules refuse a draw or placement, in words: every front end
    says a :class:`~spoker.errors.Refusal` with these (``colour`` is the
    ball asked for, or for ``ALREADY_DRAWN`` the ball that waits)."""
    expect(refusal, Refusal, "refusal")
    if refusal is Refusal.GAME_OVER:
        return "the game is over"
    if refusal is Refusal.NOT_DRAWN:
        return "draw a ball before placing"
    if refusal is Refusal.ALREADY_DRAWN:
        ball = "a ball" if colour is None else f"a {colour.word} ball"
        return f"{ball} is already drawn: place it first"
    if refusal is Refusal.NO_BALL_LEFT:
        ball = "ball" if colour is None else f"{colour.word} ball"
        return f"no {ball} is left in the bag"
    where = "the cell" if cell is None else str(cell)
    if refusal is Refusal.TAKEN:
        return f"{where} is not playable: it already holds a ball"
    return f"{where} is not playable: its platform is not full"


def refused_text(err: IllegalActionError) -> str:
    """An :class:`~spoker.errors.IllegalActionError` in words: its refusal's,
    or its own message for an action that is no draw or placement."""
    expect(err, IllegalActionError, "error")
    if err.refusal is None:
        return str(err)
    return refusal_text(err.refusal, err.cell, err.colour)


def empty_cell_lines(cell: Cell, playable: bool) -> list[str]:
    """What a click on an empty cell says: playable (click to place) or empty."""
    if playable:
        return [f"{cell} is playable: click to place the ball here."]
    return [f"{cell} is empty."]


HINT_HEADING = "Hint: best cells for this ball"


def hint_lines(hints: Sequence[tuple[Cell, str]]) -> list[str]:
    """The game screen's hint: a heading, then each cell, numbered as on the
    board, with what the ball does there and its chances in words."""
    return [HINT_HEADING] + [f"{i}. {hint_item(cell, words)}" for i, (cell, words) in enumerate(hints, 1)]


def hint_item(cell: Cell, words: str) -> str:
    """One cell of a hint: ``3A1: a full house, level 2: ...; wins about 6 games in 10``."""
    return f"{cell}: {words}"


def tutor_question(given_away: str) -> str:
    """The tutor's question before a placement that gives away too much
    (``given_away``: :func:`spoker.text.value_words.given_away_words`)."""
    return f"This gives away {given_away}: rethink, or play it?"


def tutor_lines(cell: Cell, words: str, best: Cell, best_words: str) -> list[str]:
    """Under the tutor's question: the better cell as the hints say it, then
    the one chosen, in the same words."""
    return [f"Better: {hint_item(best, best_words)}", f"Yours: {hint_item(cell, words)}"]


TUTOR_NO_TIME = "The tutor had no time to judge this placement: played."
"""Said when a click comes before the tutor's values and they are not ready in time."""


def _lower(group: Group) -> str:
    text = group.describe()
    return text[0].lower() + text[1:]


def preview_words(p: Preview) -> str:
    """What the drawn ball does on a cell (:func:`spoker.engine.previews.preview`):
    ``a full house, level 2: beats the flush three, level 1``."""
    formed = f"a {_lower(p.formed)}" if p.formed is not None else "no group"
    if p.outcome is Outcome.WINS_GAME:
        return f"{formed}: wins the game at once"
    if p.outcome is Outcome.OPENS:
        return f"{formed}: opens a challenge"
    if p.outcome is Outcome.SCORES:
        return f"{formed}: scores at once (the bag is empty)"
    if p.outcome is Outcome.TIES:
        return f"{formed}: ties the challenge"
    if p.outcome is Outcome.BEATS:
        assert p.answered is not None
        return f"{formed}: beats the {_lower(p.answered)}"
    if p.outcome is Outcome.LOSES:
        if p.formed is None:
            return "no group: loses the challenge"
        assert p.answered is not None
        return f"{formed}: loses to the {_lower(p.answered)}"
    return formed


def ball_story(state: GameState, cell: Cell, counted: Sequence[CountedGroup], names: tuple[str, str]) -> list[str]:
    """Why the ball on ``cell`` counts (or not): for a click on a placed ball."""
    expect(state, GameState, "state")
    names = _check_names(names)
    colour = state.board[cell]
    if colour is None:
        return empty_cell_lines(cell, False)
    n = next((i + 1 for i, m in enumerate(state.history) if m.cell == cell), 0)
    who = names[0 if n % 2 else 1] if n else "?"
    lines = [f"{colour.word.capitalize()} ball on {cell}, move {n} by {who}."]
    mine = [c for c in _check_counted(counted) if cell in c.group.cells]
    for c in mine[-2:]:
        lines.append(f"Counted on move {c.move} ({c.role}, {names[c.player - 1]}):")
        lines.extend(explain(c.board, c.group, state.rules))
    if not mine:
        lines.append("It belongs to no group that counted.")
    covered = visibility(state.board, (cell,))
    if not covered.visible:
        lines.append("Now " + "; ".join(covered.reasons()) + ".")
    return lines


def _check_counted(counted: object) -> Sequence[CountedGroup]:
    if not isinstance(counted, list | tuple):
        raise TypeError(f"counted groups {counted!r:.60}: expected a list or tuple")
    for c in counted:
        if not all(isinstance(getattr(c, name, None), kind) for name, kind in _COUNTED_FIELDS):
            raise TypeError(f"counted group {c!r:.60}: expected a move, player, group, board and role")
    return counted


# -- the game screen's log and banners -------------------------------------------
# spoker.gui.models.story.Story chooses what the screen shows (a line's kind, a
# banner, its highlights); every word of it is said here.
GAME_OVER = "Game over"
"""The title of the banner at the end of a game (its line: :func:`game_result`)."""


def log_line(event: Event, names: tuple[str, str]) -> str:
    """An event as a line of the game screen's log (a game over is said by
    :func:`game_result`)."""
    names = _check_names(names)
    if isinstance(event, BallDrawn):
        return f"{names[event.player - 1]} draws a {event.colour.word} ball."
    if isinstance(event, BallPlaced):
        verb = "answers with" if event.response else "places"
        return f"{event.move_number}. {names[event.player - 1]} {verb} {event.colour.char}@{event.cell}."
    if isinstance(event, GroupFormed):
        return f"{names[event.player - 1]} forms {event.group.describe()}."
    if isinstance(event, ChallengeOpened):
        return f"{_challenges(event, names)}. {_must_answer(event, names)}"
    if isinstance(event, ChallengeResolved):
        return _settled(event, names)
    if isinstance(event, StraightFlush):
        return f"Straight flush by {names[event.player - 1]}: the game ends at once."
    raise TypeError(f"not an event the game log tells: {event!r:.60}")


def banner(event: Event, names: tuple[str, str]) -> tuple[str, tuple[str, ...]]:
    """The title and lines of the banner an event raises on the game screen: a
    challenge, its settlement, a straight flush."""
    names = _check_names(names)
    if isinstance(event, ChallengeOpened):
        return _challenges(event, names), (cells_text(event.group), _must_answer(event, names))
    if isinstance(event, ChallengeResolved):
        return _settled_title(event, names), _settled_lines(event, names)
    if isinstance(event, StraightFlush):
        lines = [f"{names[event.player - 1]} wins the game at once, whatever the score."]
        if event.cancelled_challenge is not None:
            lines.append(f"The open challenge ({event.cancelled_challenge.describe()}) scores nothing.")
        return f"STRAIGHT FLUSH! {names[event.player - 1]} wins", tuple(lines)
    raise TypeError(f"not an event with a banner: {event!r:.60}")


def _challenges(e: ChallengeOpened, names: tuple[str, str]) -> str:
    return f"{names[e.challenger - 1]} challenges: {e.group.describe()}"


def _must_answer(e: ChallengeOpened, names: tuple[str, str]) -> str:
    return f"{names[2 - e.challenger]} must answer with a better group."


def _settled(e: ChallengeResolved, names: tuple[str, str]) -> str:
    challenger = names[e.challenger - 1]
    if e.bag_empty:
        return f"The bag is empty: {challenger} scores 1."
    if e.response is None:
        return f"No group in answer: {challenger} wins the challenge, +1."
    if e.winner is None:
        both = "both score 1" if any(e.points) else "a tie scores nothing here (tie=none)"
        return f"{e.response.describe()} ties {e.challenge.describe()}: {both}."
    if e.winner == e.challenger:
        return f"{e.challenge.describe()} beats {e.response.describe()}: {names[e.winner - 1]} +1."
    return f"{e.response.describe()} beats {e.challenge.describe()}: {names[e.winner - 1]} +1."


def _settled_title(e: ChallengeResolved, names: tuple[str, str]) -> str:
    if e.winner is None:
        return "A tie: both players score 1" if any(e.points) else "A tie: nobody scores (tie=none)"
    if e.winner == e.challenger:
        return f"{names[e.winner - 1]} wins the challenge: +1"
    return f"{names[e.winner - 1]} answers better and scores 1"


def _settled_lines(e: ChallengeResolved, names: tuple[str, str]) -> tuple[str, ...]:
    challenger, responder = names[e.challenger - 1], names[2 - e.challenger]
    if e.bag_empty:
        response = "Response: none, the bag is empty"
    else:
        answer = "nothing" if e.response is None else e.response.describe()
        response = f"Response: {answer} ({responder})"
    p1, p2 = e.points
    return (
        f"Challenge: {e.challenge.describe()} ({challenger})",
        response,
        why_settled(e),
        f"Points: {names[0]} +{p1}, {names[1]} +{p2}",
    )


def why_settled(e: ChallengeResolved) -> str:
    """The comparison rule that decided a challenge, in words (rules.md, challenges)."""
    expect(e, ChallengeResolved, "event")
    if e.bag_empty:
        return "the bag is empty, so the challenger scores"
    if e.response is None:
        return "the response formed no counting group"
    a, b = e.challenge, e.response
    if a.rank != b.rank:
        won, lost = (a, b) if e.winner == e.challenger else (b, a)
        if won.rank < lost.rank:  # the rule set's order= ranks them otherwise than rules.md
            return f"{won.rank.title.lower()} ranks above {lost.rank.title.lower()} here"
        return "the higher rank wins"
    if a.top_level != b.top_level:
        return "same rank: the group reaching the higher level wins"
    return "same rank, same top level: a tie" + ("" if any(e.points) else ", which scores nothing here (tie=none)")


__all__ = [
    "APEX_ANSWER", "APEX_NOTE", "APEX_REASON", "APEX_RULING", "APEX_SHORT", "BLOCKED_TITLES", "COLOUR_NAMES",
    "GAME_OVER", "SHORT_RANKS", "TINY_RANKS", "CountedGroup", "ball_story", "banner", "blocked_line", "capital",
    "cells_text", "challenge_line", "challenge_row", "describe", "explain", "game_result",
    "group_text", "last_move_line", "log_line", "move_lines", "named_result", "open_challenge_line", "plural",
    "reason_text", "reasons_text", "record_note", "refusal_text", "refused_text", "result_text", "score_line", "short", "standing_line",
    "summary_line", "judged_text", "welcome", "why_settled",
]
