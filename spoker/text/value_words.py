"""A position's value in words a player understands.

Search values are expected game results for one player: +1 a win, 0 a draw,
-1 a loss, so a value ``v`` is P(win) - P(loss). Read as a number it means
little to a player; "wins about 7 games in 10 from here" means a lot. With the
value alone, a draw counts as half a win: ``(1 + v) / 2`` is the share of
games won, draws counted half (a player's score rate). Given P(win) and
P(draw), the words say both.
"""

from __future__ import annotations

import math

from spoker.errors import ArgumentError

CERTAIN = 1e-9
"""A value this close to +1 or -1 is a certain win or loss."""

ALMOST = 0.05
"""Below this share (or above one minus it), "almost every game" / "almost
never": rounding to tenths would say 10 in 10 or 0 in 10, which is not true."""

TOLERANCE = 1e-6
"""How far ``value`` may be from P(win) - P(loss) when both are given."""


def value_words(value: float, p_win: float | None = None, p_draw: float | None = None) -> str:
    """The expected result ``value`` (P(win) - P(loss), in [-1, 1]) as words,
    such as ``"wins about 7 games in 10 from here"``.

    Without ``p_win`` a draw counts as half a win. With ``p_win`` (and
    ``p_draw``, 0 if not given) the words say how often the game is won and,
    when it happens at least one game in 20, drawn; ``value`` must then agree
    with them (P(win) - P(loss), within 1e-6). :class:`ArgumentError` for
    anything out of range.
    """
    v = _checked("value", value, -1.0, 1.0)
    if p_win is None:
        if p_draw is not None:
            raise ArgumentError(f"P(draw) {p_draw!r} given without P(win)")
        return _share_words((1.0 + v) / 2.0, v)
    win = _checked("P(win)", p_win, 0.0, 1.0)
    draw = _checked("P(draw)", p_draw if p_draw is not None else 0.0, 0.0, 1.0)
    if win + draw > 1.0 + TOLERANCE:
        raise ArgumentError(f"P(win) {p_win!r} and P(draw) {p_draw!r} add up to more than 1")
    if abs(win - (1.0 - win - draw) - v) > TOLERANCE:
        raise ArgumentError(
            f"value {value!r} is not P(win) - P(loss) for P(win) {p_win!r}, P(draw) {p_draw!r}"
        )
    if draw > 1.0 - CERTAIN:
        return "draws whatever comes out of the bag"
    if draw < ALMOST:
        return _share_words(win, v)
    drawn = _tenths(draw)
    if win < ALMOST:
        never = "never wins" if win < CERTAIN else "almost never wins"
        return f"{never}, draws about {_games(drawn)} in 10 from here"
    won = _share_words(win, v).removesuffix(" from here")
    if not won.endswith(" in 10"):  # "wins almost every game": say the draws in full
        return f"{won}, draws about {_games(drawn)} in 10 from here"
    return f"{won}, draws about {drawn} from here"


def loss_words(loss: float) -> str:
    """A loss of expected result (0 to 2) as the games it gives away, such as
    ``"about 1 game in 10"``: a loss of ``x`` gives away ``x / 2`` of the
    games, draws counted half."""
    x = _checked("loss", loss, 0.0, 2.0) / 2.0
    if x < 0.005:
        return "almost nothing" if x >= CERTAIN else "nothing"
    if x < 0.095:
        n = math.floor(x * 100 + 0.5)
        return f"about {n} game{'s' if n != 1 else ''} in 100"
    if x > 1.0 - CERTAIN:
        return "every game"
    if x >= 1.0 - ALMOST:
        return "almost every game"
    n = math.floor(x * 10 + 0.5)
    return f"about {n} game{'s' if n != 1 else ''} in 10"


def given_away_words(loss: float) -> str:
    """A placement's loss of expected result (0 to 2, P(win) - P(loss)) as
    the tutor says it, such as ``"about 1 game in 13"`` for 0.15.

    The rule: the games given away are half the loss, draws counted half, as
    everywhere the words count games (:func:`value_words`' "wins about 6 games
    in 10", :func:`loss_words`, the analysis's "gives away"), so that a
    placement from "6 games in 10" to "2 games in 10" gives away "about 4
    games in 10". Under 3 games in 10 it is "about 1 game in N", N the whole
    number whose 1/N is nearest (0.10: 1 in 20, 0.15: 1 in 13, 0.25: 1 in 8,
    0.40: 1 in 5); then tenths; "almost every game" from 95 in 100; "almost
    nothing" under 1 in 200.
    """
    x = _checked("loss", loss, 0.0, 2.0) / 2.0
    if x < 0.005:
        return "almost nothing" if x >= CERTAIN else "nothing"
    if x < 0.3:
        low = math.floor(1.0 / x)
        n = min((low, low + 1), key=lambda k: (abs(1.0 / k - x), k))
        return f"about 1 game in {n}"
    if x > 1.0 - CERTAIN:
        return "every game"
    if x >= 1.0 - ALMOST:
        return "almost every game"
    return f"about {math.floor(x * 10 + 0.5)} games in 10"


def _share_words(share: float, value: float) -> str:
    """Words for the share of games won, the expected result being ``value``."""
    if value >= 1.0 - CERTAIN:
        return "wins whatever comes out of the bag"
    if value <= -1.0 + CERTAIN:
        return "loses whatever comes out of the bag"
    if share >= 1.0 - ALMOST:
        return "wins almost every game from here"
    if share <= ALMOST:
        return "almost never wins from here"
    return f"wins about {_games(_tenths(share))} in 10 from here"


def _tenths(share: float) -> str:
    """``share`` in tenths, rounded half up, kept within 1..9: between one in
    20 and nineteen in 20 the nearest tenth is never 0 or 10."""
    n = min(9, max(1, math.floor(share * 10 + 0.5)))
    return str(n)


def _games(n: str) -> str:
    return "1 game" if n == "1" else f"{n} games"


def _checked(name: str, x: float, low: float, high: float) -> float:
    """``x`` as a float, allowing rounding error just outside ``low``..``high``."""
    if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
        raise ArgumentError(f"{name} {x!r} is not a number")
    if not low - TOLERANCE <= x <= high + TOLERANCE:
        raise ArgumentError(f"{name} {x!r} is outside {low:g}..{high:g}")
    return min(high, max(low, float(x)))


__all__ = ["given_away_words", "loss_words", "value_words"]
