"""The banner over the board: a challenge's result stays up until a
person draws the next ball, even when a computer's quiet placement comes
between; a pending challenge stays up while it is answered."""

from __future__ import annotations

from shibumi import Colour
from spoker import RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup
from spoker.gui.views.game import GameView


def play(view: GameView, *moves: str) -> None:
    """Each move drawn and placed as the screen does it for either seat (the
    draws forced through the balls to draw again)."""
    for move in moves:
        colour, cell = move.split("@")
        view.controller.redraws = [Colour.from_char(colour)]
        view._draw()
        view._place(view.controller.state.board.resolve(cell))


def test_a_result_stays_through_the_computer_s_quiet_turn_until_the_person_draws(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Comp", "Ann"), ("greedy", PERSON), RuleSet(), seed=1))
    play(view, "W@1A1", "B@1A5", "W@1C1", "B@1G7", "W@1E1")
    assert view.banner.kind == "challenge"
    view.controller.redraws = [Colour.RED]
    view._draw()  # Ann draws to answer: the challenge she must beat stays up
    assert view.banner.kind == "challenge"
    view._place(view.controller.state.board.resolve("1G5"))
    assert view.banner.kind == "settled", "Ann's answer formed nothing: Comp wins the challenge"
    play(view, "R@1G3")  # the computer draws and places quietly
    assert view.controller.moment.kind == "none", "the placement made no moment of its own"
    assert view.banner.kind == "settled", "the result is still up for Ann to read"
    view.controller.redraws = [Colour.BLACK]
    view._draw()  # Ann draws her next ball: she has seen it
    assert view.banner.kind == "none"


def test_in_hot_seat_the_next_person_s_draw_takes_the_result_down(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=1))
    play(view, "W@1A1", "B@1A5", "W@1C1", "B@1G7", "W@1E1", "R@1G5")
    assert view.banner.kind == "settled"
    view.controller.redraws = [Colour.BLACK]
    view._draw()
    assert view.banner.kind == "none"
