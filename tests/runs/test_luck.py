"""Luck and skill (spoker.runs.luck, notation.md "Luck and skill"): draw
values against the plain solver on endgames, luck averaging 0 over the bag,
and a whole game's figures adding up to the last digit."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from hypothesis import given, settings
from support.reference_solver import ReferenceSolver
from support.strategies import endgames

from spoker import GameState, RuleSet
from spoker.errors import ArgumentError
from spoker.runs.analysis import draw_value, placement_values
from spoker.runs.luck import PLACES, MoveFigures, balance, decimal, move_figures


def undrawn(state: GameState) -> GameState:
    """The same position before its ball was drawn."""
    before = GameState(state.rules)
    for move in state.history:
        before.apply_move(move)
    return before


@settings(max_examples=15, deadline=None)
@given(endgames(left=(3, 4, 5)))
def test_a_draw_value_is_the_bag_weighted_best_of_every_colour(state: GameState) -> None:
    """notation.md: the sum over the colours in the bag of (count / balls left)
    x the best value that colour would have; exact with five balls or fewer left."""
    before = undrawn(state)
    found = draw_value(before)
    solver = ReferenceSolver()
    expected = 0.0
    for colour, chance in before.chance_outcomes():
        child = before.child(colour)
        best = max(solver.placement_value(child, cell) for cell in child.legal_cells())
        assert found.by_colour[colour][1] == pytest.approx(best, abs=1e-6)
        expected += chance * best
    assert found.exact and found.value == pytest.approx(expected, abs=1e-6)
    # Luck is the drawn colour's best less the mean: its bag-weighted mean is 0.
    assert sum(p * (best - found.value) for p, best in found.by_colour.values()) == pytest.approx(0.0, abs=1e-12)


def game_figures(seed: int, effort: int) -> tuple[list[MoveFigures], int]:
    """A whole random game's move figures, judged by one evaluator, and
    player 1's result."""
    rng = random.Random(seed)
    state = GameState(RuleSet())
    moves = []
    while not state.is_over:
        n, player = state.move_number + 1, state.to_move
        before = draw_value(state, effort).value
        state.draw(rng)
        cell = rng.choice(state.legal_cells())
        found = placement_values(state, effort, played=cell)
        best, value = max(found.values.values()), found.values[cell]
        state.apply_place(cell)
        if state.is_over:  # the last placement's value is its mover's result
            value = 0.0 if state.winner is None else (1.0 if state.winner == player else -1.0)
            best = max(best, value)
        moves.append(move_figures(n, player, before, best, value))
    result = 0 if state.winner is None else (1 if state.winner == 1 else -1)
    return moves, result


def test_a_whole_game_adds_up_to_the_last_digit() -> None:
    """result - start_value = sum(s x luck) - sum(s x loss) + residual, exactly
    in the printed decimals (notation.md)."""
    moves, result = game_figures(seed=3, effort=150)
    b = balance(moves, result)
    s = {1: 1, 2: -1}
    luck = sum((s[m.player] * m.luck for m in moves), Decimal(0))
    loss = sum((s[m.player] * m.loss for m in moves), Decimal(0))
    assert Decimal(result) - b.start_value == luck - loss + b.residual
    assert b.start_value == moves[0].draw_value
    assert all(m.loss >= 0 for m in moves) and all(x == x.quantize(PLACES) for x in (b.residual, luck, loss))
    p1, p2 = b.players
    assert p1.result == result and p2.result == -result
    assert p1.luck_adjusted == result - p1.luck + p2.luck
    assert p2.luck_adjusted == -result - p2.luck + p1.luck


def test_where_the_values_are_exact_the_residual_is_zero() -> None:
    """Between two exact moves nothing is left unexplained: the next drawer's
    draw value is minus the last mover's value (zero-sum, players alternate)."""
    moves, _ = game_figures(seed=8, effort=150)
    late = [m for m in moves if m.n >= 26]  # five balls left or fewer: every value exact
    assert len(late) == 5, "the game went to its last ball"
    for a, b in zip(late, late[1:], strict=False):
        sa, sb = (1 if a.player == 1 else -1), (1 if b.player == 1 else -1)
        assert sb * b.draw_value - sa * a.value == 0, (a.n, b.n)


def test_rounding_keeps_zero_sum_values_opposite() -> None:
    for x in (0.1234567895, 0.0000000005, 0.9999999995, 1 / 3):
        assert decimal(-x) == -decimal(x)
        assert decimal(x).quantize(PLACES) == decimal(x)


@pytest.mark.parametrize(
    ("moves", "result", "why"),
    [([], 1, "no moves"), ([move_figures(2, 2, 0, 0, 0)], 1, "not from the first move"),
     ([move_figures(1, 1, 0, 0, 0)], 2, "a result is +1, 0 or -1")],
)
def test_balance_refuses_what_is_no_game(moves: list[MoveFigures], result: int, why: str) -> None:
    with pytest.raises(ArgumentError):
        balance(moves, result)


def test_a_draw_value_needs_a_position_waiting_for_its_draw() -> None:
    state = GameState()
    state.apply_draw("W")
    with pytest.raises(ArgumentError, match="waiting for its draw"):
        draw_value(state)


def test_the_analysis_judges_each_draw_when_asked_and_one_move_alone_agrees() -> None:
    from spoker.records.record import GameRecord
    from spoker.runs.analysis import analyse_move, analyse_record

    state = GameState(RuleSet())
    for move in ("W@1A1", "B@1C1", "W@1E1", "R@1G1", "W@1A3"):
        state.apply_move(move)
    record = GameRecord.from_state(state, {"Player1": "Ann"})
    whole = analyse_record(record, effort=150, luck=True)
    assert all(m.draw_value is not None for m in whole.moves)
    assert analyse_move(record, 3, effort=150, luck=True) == whole.moves[2]
    m = whole.moves[0]
    assert m.luck == m.best_value - m.draw_value  # type: ignore[operator]
    balance_ = whole.balance()
    assert balance_ is not None and balance_.players[0].result is None, "unfinished: no result"
    assert whole.names() == ("Ann", "Player 2")
    plain = analyse_record(record, effort=150)
    assert plain.balance() is None and "luck" not in plain.moves[0].to_json()
    with pytest.raises(ArgumentError, match="not judged"):
        plain.moves[0].figures()
    assert "start_value" not in plain.to_json() and "start_value" in whole.to_json()


# -- the analysis's luck figures, rule by rule (notation.md, "Luck and skill") ------
APEX_GAME = (
    "R@1E5 B@1A5 W@1E1 B@1G3 R@1C1 B@1C3 R@1E7 W@1G1 B@1A1 R@1C7 W@1C5 R@1A7 W@2B6 B@1E3 W@1G5 "
    "W@2F4 W@2F2 R@1A3 W@1G7 W@2F6 B@2D2 R@2B4 R@2B2 B@2D4 B@3C3 R@3E3 B@2D6 W@3C5 B@3E5 R@4D4"
)
"""A whole game player 1 wins 5-4 under the apex ruling, drawn 5-5 under apex-free."""


def test_a_finished_record_s_result_names_and_sums_follow_the_record() -> None:
    from spoker.records.record import parse_record
    from spoker.runs.analysis import analyse_record

    record = parse_record("Player1: Ann\nPlayer2: Bob\n\n" + APEX_GAME)
    analysis = analyse_record(record, effort=1, luck=True)
    assert analysis.result() == 1 and analysis.names() == ("Ann", "Bob")
    b = analysis.balance()
    assert b is not None
    assert [p.player for p in b.players] == [1, 2] and [p.result for p in b.players] == [1, -1]
    figures = [m.figures() for m in analysis.moves]
    assert [f.player for f in figures] == [m.player for m in analysis.moves] == [1, 2] * 15
    for p in b.players:
        mine = [f for f in figures if f.player == p.player]
        assert p.luck == sum(f.luck for f in mine) and p.loss == sum(f.loss for f in mine)
        assert isinstance(p.luck, Decimal) and isinstance(p.loss, Decimal)
    assert all(m.exact is True for m in analysis.moves[-5:]), "the last five: value and draw exact"
    players = analysis.to_json()["players"]
    assert isinstance(players, list)
    assert [p["name"] for p in players] == ["Ann", "Bob"]
    assert [p["result"] for p in players] == [1, -1]
    drawn = analyse_record(record, effort=1, rules=RuleSet.parse("visible,apex-free"), luck=True)
    assert drawn.result() == 0, "the analysis's rules decide the result: apex-free draws it"


def test_a_record_player_2_wins_and_one_without_names() -> None:
    from spoker.records.record import parse_record
    from spoker.runs.analysis import analyse_record

    rng = random.Random(0)
    while True:  # a random game player 2 wins (the first of the generator's)
        state = GameState(RuleSet())
        while not state.is_over:
            state.draw(rng)
            state.apply_place(rng.choice(state.legal_cells()))
        if state.winner == 2:
            break
    record = parse_record("Player2: Bob\n\n" + " ".join(str(m) for m in state.history))
    analysis = analyse_record(record, effort=1, luck=True)
    assert analysis.result() == -1 and analysis.names() == ("Player 1", "Bob")
    assert analyse_record(parse_record("W@1A1"), 1).names() == ("Player 1", "Player 2"), "no names: the defaults"
    unfinished = analyse_record(parse_record(" ".join(str(m) for m in state.history[:-1])), effort=1, luck=True)
    assert unfinished.result() is None


def test_balance_accepts_each_result_and_sums_a_player_without_moves_to_decimal_zero() -> None:
    one = [move_figures(1, 1, 0.25, 0.5, 0.5)]
    for result in (1, 0, -1, None):
        b = balance(one, result)
        assert b.players[0].result == result
    b = balance(one, -1)
    assert b.residual == Decimal(0) and isinstance(b.residual, Decimal)
    p2 = b.players[1]
    assert (p2.luck, p2.loss) == (Decimal(0), Decimal(0)) and isinstance(p2.luck, Decimal) and isinstance(p2.loss, Decimal)
    assert b.players[0].luck == Decimal("0.25") and b.players[0].luck_adjusted == Decimal("-1.25")


@pytest.mark.parametrize(
    ("moves", "result", "message"),
    [([], 1, "a game without moves has no luck to measure"),
     ([move_figures(2, 2, 0, 0, 0)], 1, "the moves must be the game's, in order, from the first"),
     ([move_figures(1, 1, 0, 0, 0)], 2, "result 2 must be +1, 0, -1 or None"),
     ([move_figures(1, 1, 0, 0, 0)], True, "result True must be +1, 0, -1 or None")],
)
def test_balance_says_what_is_wrong(moves: list[MoveFigures], result: object, message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        balance(moves, result)  # type: ignore[arg-type]
    assert str(caught.value) == message


def test_a_draw_s_exactness_is_every_colour_s_and_a_known_colour_is_not_searched_again() -> None:
    state = GameState(RuleSet())
    for move in APEX_GAME.split()[:26]:  # four balls left: every colour's value exact
        state.apply_move(move)
    (first, _), *rest = state.chance_outcomes()
    plain = draw_value(state, 1)
    told = draw_value(state, 1, known={first: (0.5, False)})
    assert plain.exact and not told.exact, "one colour not exact: the draw value is not"
    assert told.by_colour[first] == (plain.by_colour[first][0], 0.5), "the known value is taken as given"
    with pytest.raises(ArgumentError) as caught:
        draw_value(state.child(first), 1)
    assert str(caught.value) == "a draw value needs a position waiting for its draw"


def test_zero_prints_without_a_sign() -> None:
    assert not decimal(-0.0).is_signed() and not decimal(-1e-12).is_signed()


def test_the_json_of_a_judged_record_holds_notation_s_luck_fields() -> None:
    """notation.md: each move's draw_value and luck; after the moves
    start_value and residual; each player's name, luck, loss, result and
    luck_adjusted: the figures of the balance, as floats."""
    from spoker.records.record import parse_record
    from spoker.runs.analysis import analyse_record

    analysis = analyse_record(parse_record("Player1: Ann\nPlayer2: Bob\n\n" + APEX_GAME), effort=1, luck=True)
    obj = analysis.to_json("g.txt")
    b = analysis.balance()
    assert b is not None
    assert obj["start_value"] == float(b.start_value) and obj["residual"] == float(b.residual)
    players = obj["players"]
    assert isinstance(players, list)
    for p, f in zip(players, b.players, strict=True):
        assert {k: p[k] for k in ("name", "luck", "loss", "result", "luck_adjusted")} == {
            "name": ("Ann", "Bob")[f.player - 1], "luck": float(f.luck), "loss": float(f.loss),
            "result": f.result, "luck_adjusted": float(f.luck_adjusted) if f.luck_adjusted is not None else None}
    moves = obj["moves"]
    assert isinstance(moves, list)
    for m, a in zip(moves, analysis.moves, strict=True):
        mf = a.figures()
        assert (m["draw_value"], m["luck"], m["loss"]) == (float(mf.draw_value), float(mf.luck), float(mf.loss))
    unfinished = analyse_record(parse_record(" ".join(APEX_GAME.split()[:5])), effort=1, luck=True).to_json()
    open_players = unfinished["players"]
    assert isinstance(open_players, list)
    assert [p["luck_adjusted"] for p in open_players] == [None, None]
    with pytest.raises(ArgumentError) as caught:
        analyse_record(parse_record("W@1A1"), effort=1).moves[0].figures()
    assert str(caught.value) == "move 1: its draw was not judged"
