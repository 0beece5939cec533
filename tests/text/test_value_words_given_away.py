"""The tutor's words for what a placement gives away
(:func:`spoker.text.value_words.given_away_words`): a loss of d in
P(win) - P(loss) is d of a game, said as the nearest "1 game in N" up to half
a game, then in tenths, then in halves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.text.value_words import ValueWordsError, given_away_words

TABLE = [
    (0.0, "nothing"),
    (0.004, "almost nothing"),
    (0.01, "about 1 game in 100"),
    (0.05, "about 1 game in 20"),
    (0.10, "about 1 game in 10"),
    (0.12, "about 1 game in 8"),
    (0.15, "about 1 game in 7"),  # the issue's own example, at the default threshold
    (0.20, "about 1 game in 5"),
    (0.25, "about 1 game in 4"),
    (0.30, "about 1 game in 3"),
    (0.40, "about 1 game in 3"),  # 1/3 is nearer 0.40 than 1/2 is
    (0.45, "about 1 game in 2"),
    (0.50, "about 1 game in 2"),
    (0.60, "about 6 games in 10"),
    (0.90, "about 9 games in 10"),
    (1.00, "about a whole game"),
    (1.50, "about a game and a half"),
    (2.00, "about two games"),  # a sure win become a sure loss
]


@pytest.mark.parametrize(("loss", "words"), TABLE)
def test_the_wording_table(loss: float, words: str) -> None:
    assert given_away_words(loss) == words


@given(st.floats(0.005, 0.55))
def test_one_game_in_n_is_the_nearest_such_fraction(loss: float) -> None:
    n = int(given_away_words(loss).removeprefix("about 1 game in "))
    assert all(abs(1 / n - loss) <= abs(1 / k - loss) + 1e-12 for k in range(1, 400))


@given(st.floats(0.0, 2.0), st.floats(0.0, 2.0))
def test_a_larger_loss_never_reads_as_less(a: float, b: float) -> None:
    order = [w for _, w in TABLE]

    def rank(loss: float) -> float:
        words = given_away_words(loss)
        if words.startswith("about 1 game in "):
            return 1 / int(words.removeprefix("about 1 game in "))
        if words.endswith(" games in 10"):
            return int(words.split()[1]) / 10
        return {"nothing": 0.0, "almost nothing": 0.001}.get(words, 1.0 + order.index(words))

    low, high = sorted((a, b))
    assert rank(low) <= rank(high)


@pytest.mark.parametrize("bad", [-0.1, 2.5, float("nan"), True, "0.15", None])
def test_a_loss_out_of_range_is_refused_quoting_it(bad: object) -> None:
    with pytest.raises(ValueWordsError, match="loss"):
        given_away_words(bad)  # type: ignore[arg-type]
