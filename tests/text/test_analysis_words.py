"""An analysis in words (spoker.text.analysis_words): one unit for values,
the graph's axis and legend, the end screen's points, and why a placement
was a mistake, worked out by the engine on real positions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shibumi import Cell, Colour
from spoker.engine.challenges import ChallengeSummary
from spoker.engine.groups import Group, Rank
from spoker.engine.moves import Move
from spoker.engine.state import GameState
from spoker.errors import ArgumentError
from spoker.records.record import load_record
from spoker.records.replay import Replay
from spoker.text.analysis_words import (
    LEGEND,
    VERDICT_MARKS,
    axis_words,
    best_label,
    challenge_story,
    chance_words,
    games_in_10,
    group_words,
    lead_words,
    points_words,
    position_caption,
    short_name,
    value_line,
    verdict_line,
    why_words,
    wins_words,
)
from spoker.text.value_words import value_words

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
NAMES = ("Ann", "Bob")


def position(moves: str) -> GameState:
    state = GameState()
    for move in moves.split():
        state.apply_move(move)
    return state


# -- one unit ---------------------------------------------------------------------
@given(st.floats(-1.0, 1.0))
def test_the_short_unit_is_the_long_ones_number(value: float) -> None:
    long, short = value_words(value), games_in_10(value)
    found = re.search(r"about (\d+) games? in 10", long)
    if found:
        assert short == f"{found.group(1)} in 10"
    else:  # certain, or almost
        assert short in ("10 in 10", "0 in 10", "almost 10 in 10", "almost 0 in 10")
    assert wins_words(value) == long.removesuffix(" from here")


@pytest.mark.parametrize(("value", "words"), [
    (1.0, "10 in 10"), (-1.0, "0 in 10"), (0.4, "7 in 10"), (0.0, "5 in 10"), (0.95, "almost 10 in 10"),
])
def test_games_in_10(value: float, words: str) -> None:
    assert games_in_10(value) == words


def test_chances_and_leads_in_the_same_unit() -> None:
    assert chance_words(0.3) == "about 3 in 10"
    assert chance_words(1.0) == "certainly" and chance_words(0.01) == "less than 1 in 20"
    assert lead_words(0.4, NAMES) == "Ann ahead: wins about 7 games in 10"
    assert lead_words(-0.4, NAMES) == "Bob ahead: wins about 7 games in 10"
    assert lead_words(0.05, NAMES) == "even: about 5 games in 10 each"
    # After the last move the value is the result, not a chance:
    assert lead_words(0.0, NAMES, final=True) == "the game ends in a draw"
    assert lead_words(-1.0, NAMES, final=True) == "Bob wins the game"
    assert lead_words(1.0, NAMES, final=True) == "Ann wins the game"
    axis = axis_words(NAMES)
    assert (axis.top, axis.middle, axis.bottom, axis.tick, axis.edge) == (
        "Ann ahead", "even", "Bob ahead", "8 in 10", "10 in 10")
    with pytest.raises(TypeError):
        lead_words(float("nan"), NAMES)
    with pytest.raises(TypeError):
        axis_words(("Ann",))  # type: ignore[arg-type]


def test_the_legend_names_every_mark() -> None:
    kinds = [kind for kind, _ in LEGEND]
    assert kinds == [*VERDICT_MARKS, "challenge"]
    for kind, words in LEGEND[:3]:
        assert words == f"{VERDICT_MARKS[kind]} {kind}"


def test_a_placements_lines() -> None:
    assert verdict_line("blunder", 0.45, False) == "?? blunder: gives away about 2 games in 10"
    assert verdict_line(None, 0.01, False) == "Gives away about 1 game in 100"
    assert verdict_line(None, 0.0, True) == "A best placement."
    assert verdict_line("mistake", 0.25, False) == "? mistake: gives away about 1 game in 10"
    assert value_line("Ann", Cell("1A1"), 0.4, False, Cell("2B2"), 0.8) == (
        "After it Ann wins about 7 games in 10 (estimated); after 2B2, 9 in 10.")
    assert value_line("Ann", Cell("1A1"), 1.0, True, Cell("1A1"), 1.0) == (
        "After it Ann wins whatever comes out of the bag (exactly).")
    assert best_label(Cell("2D2"), 0.6) == "best: 2D2, wins 8 in 10"
    # The game over after it: a certain result is said as certain, not "about 5 games in 10".
    assert value_line("Ann", Cell("1A1"), 0.0, True, Cell("1A1"), 0.0, over=True) == (
        "After it the game is over: a draw.")
    assert value_line("Ann", Cell("1A1"), -1.0, True, Cell("2B2"), 0.0, over=True) == (
        "After it the game is over: Ann loses; after 2B2, 5 in 10.")
    assert value_line("Ann", Cell("1A1"), 1.0, True, Cell("1A1"), 1.0, over=True) == (
        "After it the game is over: Ann wins.")


# -- why ----------------------------------------------------------------------------
def test_a_lost_answer_says_which_cell_would_have_won() -> None:
    state = position("W@1A1 W@1C1 W@1E1")  # Ann's flush three; Bob draws a white
    assert why_words(state, Colour.WHITE, Cell("1A3"), Cell("1G1"), NAMES, -1.0, 0.0) == (
        "Lost the challenge; 1G1 would have answered with a flush four on level 1 (1A1 1C1 1E1 1G1) and won it.")


def test_a_tie_where_a_win_was_not_there_is_a_tie_missed() -> None:
    state = position("W@1A1 B@1A7 W@1C1 B@1C7 W@1E1")
    assert why_words(state, Colour.BLACK, Cell("1G1"), Cell("1E7"), NAMES, -0.5, 0.0) == (
        "Lost the challenge; 1E7 would have answered with a flush three on level 1 (1A7 1C7 1E7) and tied it.")


def test_a_group_missed_names_it_and_its_cell() -> None:
    state = position("W@1A1 B@1G7 W@1C1 B@1G5")
    assert why_words(state, Colour.WHITE, Cell("1A7"), Cell("1E1"), NAMES, -0.1, 0.3) == (
        "Formed nothing: missed a flush three on level 1 (1A1 1C1 1E1) at 1E1.")


def test_a_straight_flush_missed_wins_at_once() -> None:
    state = position("W@1A1 B@1G7 W@1C1 B@1G5 W@1A3 R@1E7 W@1C3 R@1A7")
    assert why_words(state, Colour.WHITE, Cell("1E5"), Cell("2B2"), NAMES, 0.0, 1.0) == (
        "Missed a straight flush on level 2 (1A1 1C1 1A3 1C3 2B2) at 2B2: it wins the game at once.")


def test_a_platform_given_is_the_group_it_gives() -> None:
    # Bob's black ball completes the platform under 2B2: Ann's next black or red ball tops a full house.
    state = position("R@1A1 B@1C1 R@1A3")
    assert why_words(state, Colour.BLACK, Cell("1C3"), Cell("1G7"), NAMES, -0.5, 0.0) == (
        "Gave Ann a full house on level 2 (1A1 1C1 1A3 1C3 2B2) if a black or red ball comes (about 6 in 10).")


@pytest.fixture(scope="module")
def sample() -> Replay:
    return Replay(load_record(SAMPLE))


@pytest.mark.parametrize(("n", "best", "words"), [
    (5, "1C1", "Gave Bob a flush three on level 1 (1A3 1C3 1E3) if a white ball comes (about 3 in 10)."),
    (13, "1G3", "Left Bob a flush four on level 1 (1A3 1C3 1E3 1G3) if a white ball comes (about 4 in 10); "
                "1G3 would have prevented it."),
    (23, "2D2", "Challenged with a three of three kinds on level 1 and let Bob beat it with a three of three "
                "kinds on level 2 (2B2 2B4 2B6) if a white ball comes (about 7 in 10); Bob beat it on move 24."),
    (8, "1G5", "Challenged with a three of three kinds on level 1 and let Ann beat it whatever ball comes; a black "
               "one makes a flush four on level 1 (1A5 1C5 1E5 1G5); Ann beat it on move 9."),
    (22, "1A1", "No group decides it at once: 1A1 keeps better chances for later (Bob wins about 1 game in 10 "
                "after it, almost 0 in 10 after B@1C1)."),
])
def test_the_sample_games_mistakes_in_words(sample: Replay, n: int, best: str, words: str) -> None:
    move = sample.record.moves[n - 1]
    after = sample.record.moves[n] if n < sample.length else None
    values = {22: (-0.916, -0.8)}.get(n, (0.0, 0.1))
    assert why_words(sample.state_at(n - 1), move.colour, move.cell, Cell(best), NAMES, *values, after) == words


def test_the_record_going_elsewhere_is_not_said(sample: Replay) -> None:
    move = sample.record.moves[22]
    other = Move(Colour.WHITE, Cell("1G1"))  # not the answer Bob made
    words = why_words(sample.state_at(22), move.colour, move.cell, Cell("2D2"), NAMES, 0.0, 0.1, other)
    assert "beat it on move" not in words
    bad = why_words(sample.state_at(22), move.colour, move.cell, Cell("2D2"), NAMES, 0.0, 0.1,
                    Move(Colour.WHITE, Cell("4D4")))  # not even playable: nothing said of it
    assert bad == words


def test_a_best_placement_needs_no_why(sample: Replay) -> None:
    move = sample.record.moves[0]
    assert why_words(sample.state_at(0), move.colour, move.cell, move.cell, NAMES, 0.0, 0.0) == (
        "R@1E1 was a best placement.")


def test_why_leaves_the_position_as_it_was(sample: Replay) -> None:
    state = sample.state_at(22)
    before = state.to_string()
    move = sample.record.moves[22]
    why_words(state, move.colour, move.cell, Cell("2D2"), NAMES, 0.0, 0.1, sample.record.moves[23])
    assert state.to_string() == before


def test_every_placement_of_the_sample_has_words(sample: Replay) -> None:
    """Any cell against any other: a sentence, never an error."""
    for n in range(1, sample.length + 1):
        state = sample.state_at(n - 1)
        move = sample.record.moves[n - 1]
        drawn = state.copy()
        drawn.apply_draw(move.colour)
        for cell in drawn.legal_cells()[:4]:
            words = why_words(state, move.colour, move.cell, cell, NAMES, 0.0, 0.1)
            assert words.endswith(".") and "None" not in words


# -- the end screen ------------------------------------------------------------------
FLUSH3 = Group(Rank.FLUSH_THREE, (Cell("1A1"), Cell("1C1"), Cell("1E1")), 1)
FLUSH4 = Group(Rank.FLUSH_FOUR, (Cell("1A1"), Cell("1C1"), Cell("1E1"), Cell("1G1")), 1)


def test_points_say_whose_they_are() -> None:
    assert points_words((1, 0), NAMES) == "Ann 1"
    assert points_words((0, 1), NAMES) == "Bob 1"
    assert points_words((1, 1), NAMES) == "1 each"
    assert points_words((0, 0), NAMES) == "none"
    assert points_words(None, NAMES) == "-"
    assert short_name("Computer (Expert)") == "Computer" and short_name("Ann") == "Ann"
    assert short_name(" ") == " "


def test_a_challenge_told_whole() -> None:
    answered = ChallengeSummary(3, 1, FLUSH3, None, (1, 0), 4, 1)
    assert challenge_story(answered, NAMES) == (
        "Move 3: Ann challenged with a flush three on level 1 (1A1 1C1 1E1). "
        "Move 4: Bob answered with no group: Ann scores 1.")
    beaten = ChallengeSummary(3, 1, FLUSH3, FLUSH4, (0, 1), 4, 2)
    assert challenge_story(beaten, NAMES).endswith(
        "Bob answered with a flush four on level 1 (1A1 1C1 1E1 1G1): Bob scores 1.")
    tie = ChallengeSummary(3, 1, FLUSH3, FLUSH3, (1, 1), 4, None)
    assert challenge_story(tie, NAMES).endswith("a tie, both score: 1 each.")
    open_one = ChallengeSummary(3, 1, FLUSH3)
    assert challenge_story(open_one, NAMES).endswith("Bob has not answered.")
    assert position_caption(answered, 30).startswith("The pyramid at move 4 of 30, when it was answered.")
    assert position_caption(open_one, 30).startswith("The pyramid at move 3 of 30, when it was opened.")
    assert group_words(FLUSH3, cells=False) == "a flush three on level 1"


def test_words_refuse_what_they_do_not_know() -> None:


    with pytest.raises(ArgumentError):
        verdict_line("disaster", 0.5, False)
    with pytest.raises(ArgumentError):
        points_words((1,), NAMES)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        why_words("W@1A1", Colour.WHITE, Cell("1A1"), Cell("1C1"), NAMES, 0.0, 0.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        games_in_10(True)


@pytest.mark.parametrize(
    ("luck", "mark", "why"),
    [(0.15, "lucky draw +0.15", "the threshold itself is lucky"), (0.149, "", "just under: an ordinary draw"),
     (-0.2, "unlucky draw -0.20", "minus the threshold or less"), (None, "", "a draw not judged says nothing")],
)
def test_a_draw_is_marked_lucky_or_unlucky_from_its_threshold(luck: float | None, mark: str, why: str) -> None:
    from spoker.text.analysis_words import luck_mark

    assert luck_mark(luck) == mark, why


def test_the_luck_summary_says_who_won_whom_the_draws_favoured_and_who_played_better() -> None:
    from spoker.text.analysis_words import luck_summary

    text = luck_summary(("Ann", "Bob"), (6, 5), 1, (0.9, 0.3), (0.35, 0.72))
    assert text == ("Ann won 6-5. The draws favoured Ann by 0.60; Ann's placements lost 0.35, Bob's 0.72: "
                    "luck-adjusted, Ann played better by 0.37 (in expected result: +1 a win, -1 a loss).")
    assert luck_summary(("Ann", "Bob"), (5, 7), -1, (0.1, 0.5), (0.2, 0.1)).startswith(
        "Bob won 7-5. The draws favoured Bob by 0.40;")
    assert "Bob played better by 0.10" in luck_summary(("Ann", "Bob"), (5, 7), -1, (0.1, 0.5), (0.2, 0.1))
    assert luck_summary(("Ann", "Bob"), (4, 4), 0, (0.2, 0.2), (0.3, 0.3)) == (
        "A draw, 4-4. The draws favoured neither player; Ann's placements lost 0.30, Bob's 0.30: "
        "luck-adjusted, they played as well as each other (in expected result: +1 a win, -1 a loss).")
    assert luck_summary(("Ann", "Bob"), (2, 1), None, (0.0, 0.0), (0.0, 0.0)).startswith("Unfinished at 2-1.")
