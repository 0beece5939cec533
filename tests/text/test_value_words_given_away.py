"""The tutor's words for what a placement gives away
(:func:`spoker.text.value_words.given_away_words`): half the loss in
P(win) - P(loss) is the share of games given away, draws counted half (as
"wins about 6 games in 10" counts them), said as the nearest "1 game in N"
under 3 games in 10, then in tenths."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spoker.errors import ArgumentError
from spoker.text.value_words import given_away_words

TABLE = [
    (0.0, "nothing"),
    (0.009, "almost nothing"),
    (0.01, "about 1 game in 200"),
    (0.10, "about 1 game in 20"),
    (0.15, "about 1 game in 13"),  # the default threshold: 0.075 of the games, 1/13 the nearest
    (0.20, "about 1 game in 10"),
    (0.25, "about 1 game in 8"),
    (0.30, "about 1 game in 7"),
    (0.40, "about 1 game in 5"),
    (0.50, "about 1 game in 4"),
    (0.60, "about 3 games in 10"),
    (0.80, "about 4 games in 10"),  # from "wins about 6 games in 10" to "about 2 in 10"
    (1.00, "about 5 games in 10"),
    (1.85, "about 9 games in 10"),
    (1.90, "almost every game"),
    (2.00, "every game"),  # a sure win become a sure loss
]


@pytest.mark.parametrize(("loss", "words"), TABLE)
def test_the_wording_table(loss: float, words: str) -> None:
    assert given_away_words(loss) == words


@given(st.floats(0.01, 0.59))
def test_one_game_in_n_is_the_nearest_such_fraction_of_half_the_loss(loss: float) -> None:
    n = int(given_away_words(loss).removeprefix("about 1 game in "))
    share = loss / 2
    assert all(abs(1 / n - share) <= abs(1 / k - share) + 1e-12 for k in range(1, 400))


@given(st.floats(0.0, 2.0), st.floats(0.0, 2.0))
def test_a_larger_loss_never_reads_as_less(a: float, b: float) -> None:
    def rank(loss: float) -> float:
        words = given_away_words(loss)
        if words.startswith("about 1 game in "):
            return 1 / int(words.removeprefix("about 1 game in "))
        if words.endswith(" games in 10"):
            return int(words.split()[1]) / 10
        return {"nothing": 0.0, "almost nothing": 0.001, "almost every game": 0.96, "every game": 1.0}[words]

    low, high = sorted((a, b))
    assert rank(low) <= rank(high)


@pytest.mark.parametrize("bad", [-0.1, 2.5, float("nan"), True, "0.15", None])
def test_a_loss_out_of_range_is_refused_quoting_it(bad: object) -> None:
    with pytest.raises(ArgumentError, match="loss"):
        given_away_words(bad)  # type: ignore[arg-type]
