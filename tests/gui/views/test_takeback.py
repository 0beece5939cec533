"""Takeback: Ctrl+Z and the Undo button take back the last
placement, the person's own against a computer, the last one in hot-seat
once the other person allows it. The draws stay as they were: taking back
never lets anybody draw a different ball.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from arcade import key as keys
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi import Colour
from spoker import GameState, RuleSet
from spoker.errors import IllegalActionError, StorageError
from spoker.gui.app import SpokerApp
from spoker.gui.models import autosave
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.game_files import record_of
from spoker.gui.models.settings import Settings
from spoker.gui.views.confirm_dialog import ConfirmDialog
from spoker.gui.views.game import GameView
from spoker.records.record import format_record, parse_record

CTRL = keys.MOD_CTRL


def play_one(c: GameController, rng: random.Random) -> None:
    """Draw if needed, then place on a random legal cell."""
    if c.state.drawn is None:
        c.draw()
    c.place(rng.choice(c.state.legal_cells()))


def draw_colours(c: GameController) -> list[Colour]:
    """Every ball drawn so far, in order: the placed ones, then the drawn one."""
    out = [m.colour for m in c.state.history]
    return out + ([c.state.drawn] if c.state.drawn is not None else [])


# -- the model ------------------------------------------------------------------
def test_against_the_computer_a_takeback_goes_back_to_the_person_s_own_last_placement() -> None:
    c = GameController(GameSetup(("Ann", "Comp"), (PERSON, "greedy"), RuleSet(), seed=5))
    rng = random.Random(1)
    for _ in range(6):  # Ann, Comp, Ann, Comp, Ann, Comp: six placements
        play_one(c, rng)
    before = c.state.copy()
    history = list(c.state.history)
    movers = c.movers()
    ann_last = max(i for i, p in enumerate(movers) if p == 1)
    c.draw()  # Ann has drawn her next ball, not placed it
    drawn = c.state.drawn
    taken = c.take_back()
    assert taken == history[ann_last]
    assert c.state.history == history[:ann_last], "everything from Ann's last placement on is undone"
    assert c.state.drawn == history[ann_last].colour, "Ann has the same ball to place again"
    assert c.state.to_move == 1
    assert c.redraws == [m.colour for m in history[ann_last + 1:]] + [drawn]
    assert c.takebacks == 1
    assert before.history == history  # nothing else was touched
    assert c.log[-1].text == (f"Ann took back {history[ann_last].cell} (and the placement after it): "
                              f"the same {history[ann_last].colour.word} ball to place again.")


def test_in_hot_seat_a_takeback_undoes_only_the_last_placement_whoever_made_it() -> None:
    c = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=9))
    rng = random.Random(2)
    for _ in range(5):
        play_one(c, rng)
    last = c.state.history[-1]
    mover = c.movers()[-1]
    assert c.takeback_asker == mover
    c.take_back()
    assert len(c.state.history) == 4
    assert c.state.drawn == last.colour and c.state.to_move == mover


def test_nothing_to_take_back_before_the_first_placement_or_between_two_computers() -> None:
    c = GameController(GameSetup(("Ann", "Comp"), (PERSON, "greedy"), RuleSet(), seed=3))
    assert c.takeback_point() is None
    c.draw()
    with pytest.raises(IllegalActionError, match="no placement to take back"):
        c.take_back()
    machines = GameController(GameSetup(("A", "B"), ("greedy", "random"), RuleSet(), seed=3))
    machines.draw()
    machines.place(machines.state.legal_cells()[0])
    assert machines.takeback_asker is None and machines.takeback_point() is None


def test_a_computer_s_first_placement_cannot_be_taken_back_by_the_person() -> None:
    c = GameController(GameSetup(("Comp", "Ann"), ("greedy", PERSON), RuleSet(), seed=4))
    c.draw()
    c.place(c.computer_choice())
    assert c.movers() == [1]
    assert c.takeback_point() is None, "Ann has placed nothing yet"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), choices=st.lists(st.integers(0, 99), min_size=1, max_size=80),
       hot_seat=st.booleans())
def test_whatever_is_taken_back_every_draw_gives_the_ball_it_gave_the_first_time(
    seed: int, choices: list[int], hot_seat: bool
) -> None:
    """The k-th ball drawn is the same however often the game went back past it,
    and the finished sequence is the generator's: the same as a game without
    takebacks draws with the same seed."""
    seats = (PERSON, PERSON) if hot_seat else (PERSON, "random")
    c = GameController(GameSetup(("Ann", "Bob"), seats, RuleSet(), seed=seed))
    first: dict[int, Colour] = {}
    for pick in choices:
        if c.over:
            break
        if pick < 25 and c.takeback_point() is not None:
            c.take_back()
        elif c.state.drawn is None:
            c.draw()
        else:
            cells = c.state.legal_cells()
            c.place(cells[pick % len(cells)])
        for k, colour in enumerate(draw_colours(c)):
            assert first.setdefault(k, colour) == colour, f"draw {k + 1} changed after a takeback"
    plain = GameState(RuleSet())
    draws = random.Random(seed)
    for k, colour in enumerate(draw_colours(c) + c.redraws):
        plain.draw(draws)
        assert plain.drawn == colour, f"draw {k + 1} is not the generator's"
        plain.apply_place(plain.legal_cells()[0])
        if plain.is_over:
            break


def test_the_record_says_how_many_takebacks_and_holds_the_game_as_finally_played() -> None:
    c = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=11))
    rng = random.Random(3)
    for _ in range(4):
        play_one(c, rng)
    c.take_back()
    play_one(c, rng)
    c.take_back()
    play_one(c, rng)
    from spoker.records.record import GameRecord

    record = GameRecord.from_state(c.state, c.headers())
    record.comments = c.record_comments()
    text = format_record(record)
    assert "# 2 takebacks: the moves are the game as finally played" in text
    again = parse_record(text)
    assert again.moves == c.state.history
    assert again == record, "a comment is no part of the game"


def test_the_autosave_keeps_the_balls_to_draw_again_and_the_count(tmp_path: Any) -> None:
    c = GameController(GameSetup(("Ann", "Comp"), (PERSON, "greedy"), RuleSet(), seed=21))
    rng = random.Random(4)
    for _ in range(6):
        play_one(c, rng)
    c.take_back()
    path = autosave.save(c, tmp_path / "game.json")
    back = autosave.load(path)
    assert back.redraws == c.redraws and back.redraws
    assert back.takebacks == 1
    assert back.state.to_string() == c.state.to_string()


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("redraws", "RRRRRRRRRRRR", "more red balls than the bag holds"),
        ("redraws", "X", "not a colour"),
        ("redraws", 7, "not text"),
        ("takebacks", -1, "a negative count"),
        ("takebacks", True, "a truth value is no count"),
    ],
)
def test_a_damaged_takeback_field_makes_the_autosave_damaged_not_a_crash(
    tmp_path: Any, field: str, value: object, why: str
) -> None:
    import json

    c = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=2))
    play_one(c, random.Random(0))
    path = autosave.save(c, tmp_path / "game.json")
    data = json.loads(path.read_text())
    data[field] = value
    path.write_text(json.dumps(data))
    with pytest.raises(StorageError, match="damaged"):
        autosave.load(path)


def test_an_autosave_of_an_earlier_version_without_the_fields_still_loads(tmp_path: Any) -> None:
    import json

    c = GameController(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=2))
    play_one(c, random.Random(0))
    path = autosave.save(c, tmp_path / "game.json")
    data = json.loads(path.read_text())
    del data["redraws"], data["takebacks"]
    path.write_text(json.dumps(data))
    back = autosave.load(path)
    assert back.redraws == [] and back.takebacks == 0


# -- the screen -------------------------------------------------------------------
@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    the_app.on_quit = lambda: None
    yield the_app


def person_places(view: GameView, rng: random.Random) -> None:
    if view.controller.state.drawn is None:
        view.on_key_press(keys.SPACE, 0)
    assert view.act_place(rng.choice(view.controller.state.legal_cells()))


def computer_plays(view: GameView) -> None:
    for _ in range(400):
        if view.controller.person_to_move:
            return
        view.on_update(0.1)
    raise AssertionError("the computer did not play")


def test_ctrl_z_against_the_computer_takes_back_at_once_and_the_computer_waits(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "Comp"), (PERSON, "greedy"), RuleSet(), seed=8))
    rng = random.Random(5)
    person_places(view, rng)
    computer_plays(view)
    person_places(view, rng)
    mine = view.controller.state.history[-1]
    view.on_draw()
    assert view.b_undo.enabled
    view.on_key_press(keys.Z, CTRL)
    assert view.dialog is None, "no question against a computer"
    assert len(view.controller.state.history) == 2 and view.controller.state.drawn == mine.colour
    assert view.controller.person_to_move
    assert "Taken back" in view.message
    saved = autosave.load(app.files.autosave_file(view.controller))
    assert saved.state.to_string() == view.controller.state.to_string(), "the autosave follows the takeback"


def test_in_hot_seat_the_other_person_allows_or_refuses(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=8))
    rng = random.Random(6)
    person_places(view, rng)
    person_places(view, rng)
    view.on_key_press(keys.Z, CTRL)
    assert isinstance(view.dialog, ConfirmDialog)
    assert view.dialog.title == f"Take back {view.controller.state.history[-1].cell}?"
    assert view.dialog.detail.startswith("Ann: let Bob take back")
    view.on_key_press(keys.N, 0)
    view.on_update(0.01)
    assert view.dialog is None and len(view.controller.state.history) == 2, "refused: nothing changes"
    view.b_undo.action()
    assert isinstance(view.dialog, ConfirmDialog)
    view.on_key_press(keys.Y, 0)
    view.on_update(0.01)
    assert len(view.controller.state.history) == 1 and view.controller.state.to_move == 2
    assert "# 1 takeback: " in format_record(record_of(view.controller)), "a saved record says so"


def test_takebacks_off_in_the_settings_refuses_with_a_reason(app: SpokerApp) -> None:
    app.settings.takebacks = False  # type: ignore[attr-defined]
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=8))
    person_places(view, random.Random(1))
    view.on_draw()
    assert not view.b_undo.enabled
    view.on_key_press(keys.Z, CTRL)
    assert view.dialog is None and len(view.controller.state.history) == 1
    assert "off" in view.message


def test_a_plain_z_is_no_takeback(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed=8))
    person_places(view, random.Random(1))
    view.on_key_press(keys.Z, 0)
    assert view.dialog is None and len(view.controller.state.history) == 1
