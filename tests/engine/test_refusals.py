"""Why a ball cannot go on a cell: one query (``GameState.refusal`` on top of
``shibumi.blocked``), one kind (:class:`spoker.errors.Refusal`) and one
wording (the narrator's ``refusal_text``), whichever path refuses it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.strategies import games

from shibumi import CELLS, Blocked, Board, Cell, Colour, PlacementError, blocked, parse_board
from shibumi.errors import CellError
from spoker.engine.moves import Move
from spoker.engine.refusals import board_refusal, placement_refusal
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError, RecordError, Refusal
from spoker.records.record import play_moves
from spoker.text.narrator import refusal_text, refused_text

TEN_WHITE = "WWWWWWWWWW....../........./..../."


def _over() -> GameState:
    state = GameState.from_board(parse_board("WW..WW........../........./..../."))
    state.apply_move("W@2B2")  # a straight flush ends the game
    return state


KINDS = [
    # (id, state, action, argument, kind, words)
    ("game over", _over, "apply_place", "1E1", Refusal.GAME_OVER, "the game is over"),
    ("not drawn", GameState, "apply_place", "1A1", Refusal.NOT_DRAWN, "draw a ball before placing"),
    ("already drawn", lambda: GameState().child("R"), "apply_draw", "W", Refusal.ALREADY_DRAWN,
     "a red ball is already drawn: place it first"),
    ("no ball left", lambda: GameState.from_board(parse_board(TEN_WHITE)), "apply_draw", "W",
     Refusal.NO_BALL_LEFT, "no white ball is left in the bag"),
    ("taken", lambda: GameState().child("W").child("1A1").child("B"), "apply_place", "1A1", Refusal.TAKEN,
     "1A1 is not playable: it already holds a ball"),
    ("unsupported", lambda: GameState().child("W"), "apply_place", "2B2", Refusal.UNSUPPORTED,
     "2B2 is not playable: its platform is not full"),
]


@pytest.mark.parametrize(("make", "action", "arg", "kind", "words"), [k[1:] for k in KINDS], ids=[k[0] for k in KINDS])
def test_each_refusal_has_its_kind_and_its_words(make, action, arg, kind, words) -> None:  # type: ignore[no-untyped-def]
    state = make()
    with pytest.raises(IllegalActionError) as err:
        getattr(state, action)(arg)
    assert err.value.refusal is kind
    assert refused_text(err.value) == words
    # The query asks the same without raising.
    asked = state.refusal(arg) if action == "apply_place" else state.refusal(None, arg)
    assert asked is kind


def test_the_pyramid_s_side_is_shibumi_s() -> None:
    board = parse_board("W.............../........./..../.")
    assert (blocked(board.occupied, Cell("1A1")), board.blocked("2B2"), board.blocked("1C1")) == (
        Blocked.TAKEN, Blocked.UNSUPPORTED, None)
    with pytest.raises(PlacementError) as err:
        board.place("2B2", "W")
    assert err.value.blocked is Blocked.UNSUPPORTED
    assert Refusal.of(Blocked.TAKEN) is Refusal.TAKEN and Refusal.of(Blocked.UNSUPPORTED) is Refusal.UNSUPPORTED


def _every_path(state: GameState, cell: Cell, colour: Colour) -> dict[str, tuple[Refusal | None, str | None]]:
    """What each path says of the move ``colour@cell`` in ``state``: its kind and words."""
    out: dict[str, tuple[Refusal | None, str | None]] = {}
    kind = state.refusal(cell, colour)
    out["query"] = (kind, None if kind is None else refusal_text(kind, cell, colour))
    try:
        state.copy().apply_move(Move(colour, cell))
        out["engine"] = (None, None)
    except IllegalActionError as err:
        out["engine"] = (err.refusal, refused_text(err))
    try:
        for _ in play_moves(state.copy(), [Move(colour, cell)]):
            pass
        out["record"] = (None, None)
    except RecordError as err:
        words = str(err).split(": ", 1)[1]  # after "move N 'W@1A1'"
        out["record"] = (kind, words if kind is not Refusal.GAME_OVER else words.split(":")[0])
    if not state.is_over and state.drawn is None:
        # A position without a game around it: the laboratory, spoker groups, suites.
        from spoker.cli.groups_cmd import read_query
        from spoker.gui.models.lab import why_not_placed
        from spoker.records.suite import place

        board: Board = state.board
        on_board = board_refusal(board, cell, colour)
        out["board"] = (on_board, why_not_placed(board, cell, colour))
        for name, call in (("groups", lambda: read_query(board.to_string(), str(Move(colour, cell)))),
                           ("suite", lambda: place(board, Move(colour, cell)))):
            try:
                call()
                out[name] = (None, None)
            except IllegalActionError as err:
                out[name] = (err.refusal, str(err).split(": ", 1)[1])
    return out


@given(games(), st.sampled_from(CELLS), st.sampled_from(list(Colour)))
def test_every_path_refuses_with_the_same_kind_and_words(state: GameState, cell: Cell, colour: Colour) -> None:
    said = _every_path(state, cell, colour)
    assert len(set(said.values())) == 1, said


def test_a_refusal_keeps_its_kind_across_processes() -> None:
    """A worker's IllegalActionError reaches its parent pickled: the kind, the
    cell and the colour with the words."""
    import pickle

    with pytest.raises(IllegalActionError) as err:
        GameState().child("W").apply_place("2B2")
    again = pickle.loads(pickle.dumps(err.value))
    assert (type(again), str(again), again.refusal, again.cell) == (
        IllegalActionError, str(err.value), Refusal.UNSUPPORTED, Cell("2B2"))


@pytest.mark.parametrize("index", [30, -1, 1 << 40], ids=["one past the last", "negative", "huge"])
def test_the_mask_query_refuses_an_index_that_is_no_cell(index: int) -> None:
    """An index outside 0..29 is the shibumi error naming it, never an
    IndexError from the tables (30: the first index past the last cell)."""
    with pytest.raises(CellError, match=f"no cell has index {index}"):
        blocked(0, index)


def test_the_position_query_names_a_board_that_is_not_one() -> None:
    with pytest.raises(TypeError, match="^board 'x': expected a Board"):
        board_refusal("x", Cell("1A1"), Colour.WHITE)  # type: ignore[arg-type]


def test_a_draw_alone_is_judged_by_the_bag_only() -> None:
    """A draw names no cell: only the bag can refuse it (rules.md: 10 balls
    of each colour, less those on the board), the pyramid is not asked."""
    assert (GameState().refusal(None, "W"), GameState().refusal()) == (None, None)
    assert (placement_refusal(0, None, 9), placement_refusal(0, None, 10)) == (None, Refusal.NO_BALL_LEFT)
