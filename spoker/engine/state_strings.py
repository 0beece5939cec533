"""Reading state strings (docs/formats.md, "State strings").

:func:`parse_state` turns ``BOARD TOMOVE S1-S2 CHALLENGE DRAWN RESULT RULES``
into a :class:`~spoker.engine.state.GameState`, refusing anything a game
cannot reach. The writer is :meth:`GameState.to_string`: a state's string is
its identity (``==`` and ``hash`` compare it), so it stays with the state;
reading checks a stranger's text, a job of its own.
"""

from __future__ import annotations

from shibumi import Board, Colour, ShibumiError, as_cell, parse_board
from shibumi.geometry import RESTING_ON
from spoker.engine.events import End
from spoker.engine.groups import Rank, group_of
from spoker.engine.judging import STRAIGHT_FLUSH, pattern_of, rank_of, visible
from spoker.engine.rules import RuleSet
from spoker.engine.state import MAX_SCORE, Challenge, GameState, straight_flush_top
from spoker.errors import NotationError


def parse_state(text: str) -> GameState:
    """Parse a state string; missing trailing fields take their defaults.

    Raises :class:`NotationError`, quoting ``text``, for anything a game
    cannot reach: a wrong player to move, an impossible score, a challenge
    that the last ball cannot have opened, a result the board contradicts."""
    if not isinstance(text, str):
        raise NotationError(f"a state string must be text, not {text!r}")
    fields = text.split()
    if not 1 <= len(fields) <= 7:
        raise NotationError(
            f"state string {text!r} has {len(fields)} field(s): expected "
            "BOARD [TOMOVE [S1-S2 [CHALLENGE [DRAWN [RESULT [RULES]]]]]]"
        )
    fields += ["", "0-0", "-", "-", "*", "visible"][len(fields) - 1 :]
    board_text, to_move, score, challenge_text, drawn_text, result, rules_text = fields
    try:
        rules = RuleSet.parse(rules_text)
        board = parse_board(board_text, rules.counts)
    except ShibumiError as err:
        raise NotationError(f"state string {text!r}: {err}") from None
    bad = f"state string {text!r}:"
    player = 1 + (len(board) & 1)  # player 1 places the odd-numbered balls
    if to_move and to_move != str(player):
        raise NotationError(
            f"{bad} player {to_move!r} to move, but with {len(board)} ball(s) placed "
            f"it is player {player}'s turn"
        )
    scores = _parse_score(bad, score)
    challenge = None
    if challenge_text != "-":
        challenge = _parse_challenge(bad, challenge_text, board, rules)
    drawn = None if drawn_text == "-" else _parse_drawn(bad, drawn_text, result, board, rules)
    winner, end = _parse_result(bad, result, board, challenge, scores, rules)
    state = GameState._with_board(
        board, rules, scores=scores, challenge=challenge, drawn=drawn, winner=winner, end=end
    )
    _check_score_reachable(bad, score, board, state)
    if state.challenge is None and state.end is None:
        _check_last_ball(bad, board, state)
    return state


def most_points(balls: int, challenge_pending: bool) -> int:
    """The most points one player can have scored with ``balls`` placed: a
    challenge needs a group (three balls at least) and its answer the next
    ball, so the first is resolved by ball 4, the next by ball 6, ...; a
    pending challenge's ball resolves nothing yet."""
    usable = balls - (1 if challenge_pending else 0)
    return max(0, (usable - 2) // 2)


def _check_score_reachable(bad: str, score: str, board: Board, state: GameState) -> None:
    """Each player scores at most one point a resolved challenge."""
    n = len(board)
    most = most_points(n, state.challenge is not None)
    # apex-free: the 30th ball's challenge finds the bag empty and its
    # challenger (player 2, who places the even balls) scores one more.
    bag_empty_point = state.rules.judge.apex_floor < STRAIGHT_FLUSH and state.end == End.COMPLETE
    bonus = (0, 1) if bag_empty_point else (0, 0)
    for player in (0, 1):
        if state.scores[player] > most + bonus[player]:
            raise NotationError(
                f"{bad} score {score!r}: with {n} ball(s) placed"
                + (" and a challenge pending" if state.challenge is not None else "")
                + f", player {player + 1} can have scored at most {most + bonus[player]}"
            )


def _check_last_ball(bad: str, board: Board, state: GameState) -> None:
    """No challenge is pending in a game in progress: the last ball placed
    formed no counting group, or it answered a challenge (which scores)."""
    n = len(board)
    if not n:
        return
    masks, occ = board.masks, board.occupied
    judge = state.rules.judge
    for c in board.removable():  # the balls that can have come last
        colour = board[c]
        assert colour is not None
        if not judge.placed_code(masks, occ, c, colour, responding=False):
            return
    if n >= 4 and sum(state.scores) > 0:
        return  # the last ball can have answered a challenge
    raise NotationError(
        f"{bad} no challenge is pending, yet every ball that can have been placed "
        "last forms a counting group, so it opened a challenge"
        + (" (or answered one, which would have scored)" if n >= 4 else "")
    )


def _parse_score(bad: str, score: str) -> list[int]:
    s1, sep, s2 = score.partition("-")
    if not (sep and s1.isascii() and s2.isascii() and s1.isdigit() and s2.isdigit()):
        raise NotationError(f"{bad} score {score!r} is not N-N")
    if len(s1) > 2 or len(s2) > 2 or int(s1) > MAX_SCORE or int(s2) > MAX_SCORE:
        raise NotationError(f"{bad} score {score!r}: no player can score more than {MAX_SCORE}")
    return [int(s1), int(s2)]


def _parse_drawn(bad: str, drawn: str, result: str, board: Board, rules: RuleSet) -> Colour:
    """The ball drawn and waiting: one still in the bag, in a game in progress."""
    try:
        k = Colour.from_char(drawn)
    except ShibumiError:
        raise NotationError(f"{bad} drawn ball {drawn!r} is not W, B, R or '-'") from None
    if result != "*":
        raise NotationError(f"{bad} a ball is drawn but the game is over")
    if board.count(k) >= rules.counts[k]:
        raise NotationError(f"{bad} drawn {drawn!r} but no such ball is left in the bag")
    return k


def _parse_result(
    bad: str, result: str, board: Board, challenge: Challenge | None, scores: list[int], rules: RuleSet
) -> tuple[int | None, End | None]:
    """The winner and the end of the game, checked against the board."""
    if result not in ("*", "1", "2", "="):
        raise NotationError(f"{bad} result {result!r} is not '*', '1', '2' or '='")
    top = straight_flush_top(board.masks, rules)
    if result == "*":
        if top is not None:
            raise NotationError(
                f"{bad} the straight flush topped on {top} has ended the game, "
                "so it cannot be in progress"
            )
        if board.is_full():
            raise NotationError(f"{bad} the pyramid is full, so the game cannot be in progress")
        return None, None
    winner = None if result == "=" else int(result)
    if challenge is not None:
        raise NotationError(f"{bad} the game is over but a challenge is pending")
    if top is not None:
        former = 2 - (len(board) & 1)
        if board.occupied & sum(1 << u for u in RESTING_ON[top]):
            raise NotationError(
                f"{bad} the straight flush topped on {top} ended the game, "
                "yet balls were placed on it"
            )
        if winner != former:
            raise NotationError(
                f"{bad} result {result!r}: the straight flush topped on {top} "
                f"was made by player {former}, who wins"
            )
        return winner, End.STRAIGHT_FLUSH
    if not board.is_full():
        raise NotationError(
            f"{bad} result {result!r}, but the pyramid is not full and holds no straight flush"
        )
    s1, s2 = scores
    expect = 1 if s1 > s2 else 2 if s2 > s1 else None
    if expect != winner:
        raise NotationError(f"{bad} result {result!r} does not match the score {s1}-{s2}")
    return winner, End.COMPLETE


def _parse_challenge(bad: str, text: str, board: Board, rules: RuleSet) -> Challenge:
    """A pending challenge: a group of the named rank that the last ball
    placed (one with nothing resting on it) formed as its best counting group."""
    rank_text, sep, cells_text = text.partition(":")
    try:
        rank = Rank.from_key(rank_text)
        cells = tuple(sorted(as_cell(c) for c in cells_text.split(","))) if sep else ()
    except ValueError:
        raise NotationError(f"{bad} challenge {text!r} is not RANK:CELL,CELL,...") from None
    if rank == Rank.STRAIGHT_FLUSH:
        raise NotationError(f"{bad} a straight flush ends the game: it opens no challenge")
    occ, masks = board.occupied, board.masks
    judge = rules.judge
    try:
        p = pattern_of(cells, rank)
    except ValueError:
        p = None
    if p is not None and occ & p.mask == p.mask:
        # The ball that opened it: nothing rests on it, and a pyramid's is its top.
        for c in p.cells[-1:] if p.kind == 5 else p.cells:
            if occ & sum(1 << u for u in RESTING_ON[c]):
                continue
            colour = board[c]
            assert colour is not None
            if rank_of(p, masks, colour) != rank:
                continue
            if not (judge.counts_shape(p) and judge.why_not_a_group(p, rank) is None and judge.counts_seen(p, occ)):
                continue
            if not judge.apex_counts(c, rank, responding=False):
                continue
            best_rank, best_level, _ = judge.best_code(masks, occ, c, colour)
            if (best_rank, best_level) != (int(rank), p.top_level):
                continue
            group = group_of(p.pid, int(rank), visible(p, occ))
            # The challenger placed the last ball: the other player answers.
            return Challenge(2 - (len(board) & 1), group, len(board))
    raise NotationError(
        f"{bad} challenge {text!r} is not a {rank_text} that the last ball placed can have opened"
    )


__all__ = ["most_points", "parse_state"]
