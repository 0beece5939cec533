"""The game screen driven through its input handlers, as a player would.

Every test uses the session's hidden window (tests/gui/conftest.py) and calls
the view's handlers directly: on_key_press, on_mouse_motion, on_mouse_press,
on_update (time passes only when the test says so) and on_draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import arcade
import pytest
from arcade import key as keys

from shibumi import APEX, CELLS, Cell, Colour, parse_board
from spoker import GameState, RuleSet
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.settings import Settings
from spoker.gui.views.end import EndView
from spoker.gui.views.game import END_DELAY, GameView
from spoker.gui.views.help import HelpView
from spoker.gui.views.title import TitleView
from spoker.players import make_player

LEFT = arcade.MOUSE_BUTTON_LEFT


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=True)
    the_app.resized(window.width, window.height)
    quits: list[bool] = []
    the_app.on_quit = lambda: quits.append(True)
    yield the_app


def settle(view: Any, seconds: float = 1.0) -> None:
    """Let animations finish (the scene's drops, turns)."""
    steps = int(seconds / 0.1)
    for _ in range(steps):
        view.on_update(0.1)
    view.scene.finish_animations()


def visible_playable(view: GameView) -> list[tuple[Cell, float, float]]:
    """Playable cells whose centre on screen picks that very cell."""
    out = []
    for cell in view.controller.playable():
        x, y, _ = view.scene.screen_position(cell)
        if view.scene.pick(x, y) == cell:
            out.append((cell, x, y))
    return out


def click_cell(view: GameView, cell: Cell) -> None:
    x, y, _ = view.scene.screen_position(cell)
    view.on_mouse_motion(int(round(x)), int(round(y)), 0, 0)
    view.on_mouse_press(int(round(x)), int(round(y)), LEFT, 0)


def person_turn(view: GameView, rng: random.Random) -> Cell:
    """Space to draw, then a click on a random visible playable cell."""
    view.on_key_press(keys.SPACE, 0)
    assert view.controller.state.drawn is not None
    settle(view, 0.2)
    choices = visible_playable(view)
    if not choices:  # every playable cell hidden: turn the pyramid, as a player would
        for _ in range(3):
            view.on_key_press(keys.R, 0)
            settle(view, 0.5)
            choices = visible_playable(view)
            if choices:
                break
    assert choices, "no playable cell can be clicked in any rotation"
    cell, x, y = rng.choice(choices)
    before = view.controller.state.move_number
    view.on_mouse_motion(int(round(x)), int(round(y)), 0, 0)
    view.on_mouse_press(int(round(x)), int(round(y)), LEFT, 0)
    assert view.controller.state.move_number == before + 1
    assert view.controller.state.history[-1].cell == cell
    return cell


def test_whole_game_through_the_input_handlers_matches_the_engine(app: SpokerApp, window: Any) -> None:
    seed = 20240611
    view = app.new_game(GameSetup(("Ann", "Bob"), (PERSON, PERSON), RuleSet(), seed))
    assert window.current_view is view
    rng = random.Random(5)
    cells = []
    frames = 0
    while not view.controller.over:
        cells.append(person_turn(view, rng))
        if len(cells) % 6 == 0:  # draw now and then: drawing must never fail mid-game
            view.on_draw()
            frames += 1
    # The engine alone, with the same seeded draws and the same cells.
    draws = random.Random(seed)
    state = GameState(RuleSet())
    for cell in cells:
        state.draw(draws)
        state.apply_place(cell)
    assert state.is_over
    assert view.controller.state.to_string() == state.to_string()
    assert view.controller.state.history == state.history
    assert (view.controller.state.winner, view.controller.state.score, view.controller.state.end) == (state.winner, state.score, state.end)
    # The result screen follows once the last moment has shown.
    for _ in range(int(END_DELAY / 0.1) + 2):
        view.on_update(0.1)
    end = window.current_view
    assert isinstance(end, EndView)
    end.on_draw()
    assert str(state.score[0]) in end.controller.result_text() or state.winner is None


def test_computer_seats_play_paced_in_on_update_like_the_engine(app: SpokerApp) -> None:
    seed = 77
    setup = GameSetup(("Greedy", "Random"), ("greedy", "random"), RuleSet(), seed)
    view = app.new_game(setup)
    view.on_update(0.05)
    assert view.controller.state.move_number == 0 and view.controller.state.drawn is None, "the computer waits, a person can follow"
    for _ in range(20000):
        if view.controller.over:
            break
        view.on_update(0.1)
    assert view.controller.over
    players = {1: make_player("greedy", seed=seed * 2 + 1), 2: make_player("random", seed=seed * 2 + 2)}
    draws = random.Random(seed)
    state = GameState(RuleSet())
    while not state.is_over:
        state.draw(draws)
        state.apply_place(players[state.to_move].choose(state.copy()))
    assert view.controller.state.to_string() == state.to_string()
    assert view.controller.state.history == state.history


def test_a_person_cannot_act_for_the_computer(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(("Ann", "CPU"), (PERSON, "greedy"), RuleSet(), 5))
    person_turn(view, random.Random(1))
    assert view.controller.computer_to_move
    view.on_key_press(keys.SPACE, 0)  # not the person's turn: nothing happens
    assert view.controller.state.drawn is None and view.controller.state.move_number == 1
    for _ in range(60):
        view.on_update(0.1)
    assert view.controller.state.move_number == 2 and view.controller.person_to_move


def test_hover_ghost_only_on_playable_cells(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=3))
    rng = random.Random(2)
    for _ in range(9):
        person_turn(view, rng)
    settle(view)
    ghosts: list[tuple[Cell | None, Colour | None]] = []
    real = view.scene.set_ghost

    def spy(cell: Cell | None, colour: Colour | None) -> None:
        ghosts.append((cell, colour))
        real(cell, colour)

    view.scene.set_ghost = spy  # type: ignore[method-assign]
    # Before the draw: no ghost anywhere.
    for cell in CELLS:
        x, y, _ = view.scene.screen_position(cell)
        view.on_mouse_motion(int(x), int(y), 0, 0)
        assert ghosts[-1] == (None, None)
    view.on_key_press(keys.SPACE, 0)
    drawn = view.controller.state.drawn
    assert drawn is not None
    settle(view, 0.1)
    playable = set(view.controller.playable())
    seen_playable = 0
    for cell in CELLS:
        x, y, _ = view.scene.screen_position(cell)
        picked = view.scene.pick(int(x), int(y))
        view.on_mouse_motion(int(x), int(y), 0, 0)
        shown = ghosts[-1]
        if picked in playable:
            assert shown == (picked, drawn)
            seen_playable += 1
        else:
            assert shown == (None, None), f"ghost on {picked} (not playable)"
    assert seen_playable >= 1
    # Off the board: no ghost.
    view.on_mouse_motion(window.width - 5, window.height - 5, 0, 0)
    assert ghosts[-1] == (None, None)


def test_ghost_is_drawn_where_the_pointer_is(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=8))
    view.on_key_press(keys.SPACE, 0)
    settle(view)
    cell, x, y = visible_playable(view)[0]
    view.on_mouse_motion(0, 0, 0, 0)
    view.on_draw()
    before = arcade.get_image(int(x) - 3, int(y) - 3, 6, 6).convert("RGB").getcolors(64)
    view.on_mouse_motion(int(x), int(y), 0, 0)
    view.on_draw()
    after = arcade.get_image(int(x) - 3, int(y) - 3, 6, 6).convert("RGB").getcolors(64)
    assert before != after


def test_clicking_an_unplayable_cell_places_nothing(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=9))
    view.on_key_press(keys.SPACE, 0)
    settle(view)
    # A level-2 cell above an empty platform: not playable, not pickable as a hole.
    assert view.act_place(Cell.from_str("2B2")) is False
    assert view.controller.state.move_number == 0 and view.message
    click_cell(view, Cell.from_str("1A1"))
    assert view.controller.state.move_number == 1
    click_cell(view, Cell.from_str("1A1"))  # a ball is there now, and nothing is drawn
    assert view.controller.state.move_number == 1


def _game_until(seed: int, kind: str, limit: int = 30) -> GameController:
    """A greedy-vs-greedy game (through the controller) stopped at a moment."""
    c = GameController(GameSetup(seed=seed))
    players = {1: make_player("greedy", seed=1), 2: make_player("greedy", seed=2)}
    while not c.over and c.state.move_number < limit:
        c.draw()
        c.place(players[c.state.to_move].choose(c.state.copy()))
        if c.moment.kind == kind:
            return c
    raise AssertionError(f"no {kind} in game {seed}")


def test_a_challenge_is_named_highlighted_and_the_responder_told(app: SpokerApp) -> None:
    c = _game_until(4, "challenge")
    view = app.play(c)
    group = c.state.challenge.group  # type: ignore[union-attr]
    assert c.moment.title.endswith(group.describe())
    assert any("must answer" in line for line in c.moment.lines)
    assert "Response to " + group.describe() == c.status().phase
    highlights = view.shown_highlights  # what the scene was told to draw
    assert any(set(h.cells) == set(group.cells) and h.style == "glow" for h in highlights)
    view.on_draw()
    # The responder answers: both groups shown with the settlement and the points.
    view.on_key_press(keys.SPACE, 0)
    settle(view, 0.2)
    cell = visible_playable(view)[0][0]
    click_cell(view, cell)
    m = view.controller.moment
    assert m.kind in ("settled", "straight_flush")
    if m.kind == "settled":
        roles = {mark.role for mark in m.marks}
        assert "challenge" in roles
        assert any(line.startswith("Points:") for line in m.lines)
        entry = view.controller.challenges[-1]
        assert entry.points is not None and sum(entry.points) >= 1
    view.on_draw()


def test_blocked_group_shows_the_visibility_reason(app: SpokerApp) -> None:
    # rules.md worked example 2: the flush four through 1G3 is cut by 2D2 and 2D4.
    board = parse_board("BBBRWWW.BBBRBBBB/.R..R..../..../.")
    state = GameState.from_board(board)
    c = GameController(GameSetup(seed=1), state)
    c.state.apply_draw("W")
    c.place(Cell.from_str("1G3"))
    text = " ".join(c.moment.lines)
    assert "Flush four, level 1 would count" in text
    assert "cut by the balls on 2D2 and 2D4" in text
    assert any(m.role == "blocked" for m in c.moment.marks)
    view = app.play(c)
    assert any(h.style == "dashed" for h in view.shown_highlights)
    view.on_draw()


def test_apex_tells_why_it_does_not_count(app: SpokerApp) -> None:
    c = GameController(GameSetup(seed=1))
    assert c.apex_note(APEX) is not None and "straight flush" in c.apex_note(APEX)  # type: ignore[operator]
    assert c.apex_note(Cell.from_str("1A1")) is None
    free = GameController(GameSetup(rules=RuleSet("visible", apex_free=True), seed=1))
    assert free.apex_note(APEX) is None


def test_clicking_a_ball_of_a_counted_group_explains_it(app: SpokerApp) -> None:
    c = _game_until(4, "challenge")
    view = app.play(c)
    settle(view)
    group = c.state.challenge.group  # type: ignore[union-attr]
    target = None
    for cell in group.cells:
        x, y, _ = view.scene.screen_position(cell)
        if view.scene.pick(x, y) == cell:
            target = (cell, x, y)
            break
    assert target is not None
    cell, x, y = target
    view.on_mouse_press(int(x), int(y), LEFT, 0)
    assert view.selected == cell
    assert any(group.describe() in line for line in view.info)
    assert any("visible" in line for line in view.info)
    view.on_draw()
    view.on_key_press(keys.ESCAPE, 0)
    assert view.selected is None and not view.info


def test_keyboard_only_turn_with_tab_and_enter(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=12))
    view.on_key_press(keys.SPACE, 0)
    view.on_key_press(keys.TAB, 0)
    assert view.placing.cursor in view.controller.playable()
    view.on_key_press(keys.TAB, keys.MOD_SHIFT)
    target = view.placing.cursor
    view.on_key_press(keys.ENTER, 0)
    assert view.controller.state.history[-1].cell == target


def test_view_keys_rotate_explode_help_and_back(app: SpokerApp, window: Any) -> None:
    view = app.new_game(GameSetup(seed=2))
    r0 = view.scene.rotation
    view.on_key_press(keys.R, 0)
    assert view.scene.rotation == (r0 - 1) % 4
    view.on_key_press(keys.R, keys.MOD_SHIFT)
    assert view.scene.rotation == r0
    view.on_key_press(keys.E, 0)
    assert view.scene.exploded
    view.b_explode.on_mouse_press(*view.b_explode.center, LEFT)
    assert not view.scene.exploded
    view.on_key_press(keys.H, 0)
    helpv = window.current_view
    assert isinstance(helpv, HelpView)
    helpv.on_draw()
    helpv.on_key_press(keys.ESCAPE, 0)
    assert window.current_view is view
    view.on_key_press(keys.ESCAPE, 0)
    assert isinstance(window.current_view, TitleView)


def test_layout_adapts_to_resizes(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=2))
    for w, h in ((640, 480), (1920, 1080), (900, 1200), (1280, 800)):
        view.on_resize(w, h)
        assert view.panel_rect[0] + view.panel_rect[2] == pytest.approx(w)
        assert view.board_rect[2] > 0 and view.board_rect[3] > 0
        shown = [b for b in view.toolbar if b.visible]
        assert view.b_draw in shown and view.b_menu in shown
        for b in shown:
            assert 0 <= b.left and b.left + b.width <= view.panel_rect[0] + 1
        view.on_draw()


def test_title_screen_starts_the_game_it_shows(app: SpokerApp, window: Any) -> None:
    app.show_title()
    title = window.current_view
    assert isinstance(title, TitleView)
    title.on_draw()
    name = title.name_inputs[0]
    title.on_mouse_press(*map(int, name.center), LEFT, 0)
    for _ in range(len(name.text)):
        title.on_key_press(keys.BACKSPACE, 0)
    title.on_text("Zoë")
    title.on_key_press(keys.H, 0)  # typed into the field: no shortcut
    assert isinstance(window.current_view, TitleView)
    assert name.text == "Zoë"
    title.on_mouse_press(*map(int, title.seats[1].center), LEFT, 0)
    assert title.seats[1].value == "random"
    seed = title.seed
    title.on_mouse_press(*map(int, seed.center), LEFT, 0)
    title.on_text("4x2")  # digits only
    assert seed.text == "42"
    title.on_mouse_press(*map(int, title.visibility.center), LEFT, 0)
    title.on_key_press(keys.ENTER, 0)  # leaves the seed field
    title.on_key_press(keys.ENTER, 0)  # starts
    game = window.current_view
    assert isinstance(game, GameView)
    assert game.controller.setup.names == ("Zoë", "Computer (Beginner)")
    assert game.controller.setup.seats == (PERSON, "random")
    assert game.controller.setup.seed == 42
    assert game.controller.rules == RuleSet("touching")
    assert app.settings.name1 == "Zoë"


def start_from_title(app: SpokerApp, title: TitleView | None = None) -> GameView:
    """Enter on the title screen (a new one, unless given): the game it shows."""
    if title is None:
        app.show_title()
        title = app.window.current_view
    assert isinstance(title, TitleView)
    title.on_key_press(keys.ENTER, 0)
    game = app.window.current_view
    assert isinstance(game, GameView)
    return game


def test_hints_on_on_the_title_show_hints_from_the_first_move(app: SpokerApp) -> None:
    """A bug fixed: "Hints: On" on the title showed no hint until I was pressed."""
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    assert not title.hints.on  # off unless chosen
    title.on_mouse_press(*map(int, title.hints.center), LEFT, 0)
    assert title.hints.on and title.hints.label == "Hints: On"
    title.seed.text = "5"
    title.on_key_press(keys.ENTER, 0)
    game = app.window.current_view
    assert isinstance(game, GameView)
    game.on_key_press(keys.SPACE, 0)  # the first draw: no I pressed
    game.on_update(0.1)
    assert game.hints and all(hint[0] in game.controller.playable() for hint in game.hints)  # (cell, ...)
    # I turns them off in the game, and the title shows that choice next time.
    game.on_key_press(keys.I, 0)
    assert not app.settings.show_hints and not game.hints
    app.show_title()
    again = app.window.current_view
    assert isinstance(again, TitleView) and not again.hints.on and again.hints.label == "Hints: Off"
    from spoker.gui.models.settings import load_settings

    assert load_settings().show_hints is False  # kept in the settings file
    again.on_mouse_press(*map(int, again.hints.center), LEFT, 0)
    assert load_settings().show_hints is True


def test_a_seat_given_back_to_a_person_gets_the_persons_name_again(app: SpokerApp) -> None:
    """A bug fixed: a seat given back to a person still said "Computer (expert), draw a ball"."""
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    name, seat = title.name_inputs[1], title.seats[1]
    name.text = "Gina"
    seat.select("expert")
    seat.step(0)  # as a click would tell the screen (the same option)
    assert seat.value == "expert" and name.text == "Computer (Expert)"
    seat.select(PERSON)
    seat.step(0)
    assert name.text == "Gina"
    # A computer's seat from the last session, its name kept: Player 2 when a person sits down.
    app.settings.name2, app.settings.seat2 = "Computer (expert)", "expert"
    game = start_from_title(app)
    assert game.controller.setup.names[1] == "Computer (expert)"
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    while title.seats[1].value != PERSON:
        title.on_mouse_press(*map(int, title.seats[1].center), LEFT, 0)
    assert title.name_inputs[1].text == "Player 2"
    game = start_from_title(app, title)
    assert game.controller.setup.names == ("Player 1", "Player 2") and game.controller.setup.seats == (PERSON, PERSON)
    game.on_key_press(keys.SPACE, 0)
    game.controller.place(game.controller.playable()[0])
    assert game.controller.prompt().startswith("Player 2, draw a ball")
    # A file an older version left: a person's seat under a computer's name.
    app.settings.name2, app.settings.seat2 = "Computer (expert)", PERSON
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.name_inputs[1].text == "Player 2"


def test_a_name_typed_for_a_computer_stays_while_its_level_changes(app: SpokerApp) -> None:
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView)
    name, seat = title.name_inputs[0], title.seats[0]
    name.text = "Ann"
    seat.next()  # Beginner
    assert name.text == "Computer (Beginner)"
    seat.next()  # Casual: the computer's name follows its level
    assert name.text == "Computer (Casual)"
    name.text = "Hal"
    seat.next()  # Club: a name the person typed for it stays
    assert name.text == "Hal"
    seat.select(PERSON)
    seat.step(0)
    assert name.text == "Ann"


def test_levels_have_friendly_names_on_screen_and_engine_names_in_records(app: SpokerApp) -> None:
    from spoker.gui.views.title import seat_options, seat_tip
    from spoker.players import computer_name, level_label
    from spoker.records.record import GameRecord, format_record

    labels = dict(seat_options())
    assert [labels[n] for n in ("random", "greedy", "lookahead", "expert")] == [
        "Computer: Beginner", "Computer: Casual", "Computer: Club", "Computer: Expert"]
    assert "'lookahead' player" in seat_tip("lookahead")
    assert level_label("lookahead") == "Club" and computer_name("greedy") == "Computer (Casual)"
    assert level_label("gone-plugin") == "gone-plugin"  # a level no player has any more: its name
    app.settings.seat1 = "lookahead"
    game = start_from_title(app)
    c = game.controller
    assert c.setup.names[0] == "Computer (Club)" and c.setup.seats[0] == "lookahead"
    assert c.prompt() == "Computer (Club) is playing..."
    assert game._seat_text(1) == "computer"
    headers = c.headers()
    assert headers["Player1"] == "Computer (Club)" and headers["Player1Type"] == "lookahead"
    record = GameRecord.from_state(c.state, headers)
    assert "Player1Type: lookahead" in format_record(record)
    named = GameController(GameSetup(("Hal", "Ann"), ("lookahead", PERSON), seed=1))
    assert named.prompt() == "Hal (computer: Club) is playing..."


def test_a_plugin_player_without_a_label_shows_its_engine_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.gui.views.title import seat_options
    from spoker.players import PlayerEntry, level_label, registry

    monkeypatch.setattr(registry, "_ENTRIES", dict(registry._ENTRIES))
    registry.register_player(PlayerEntry("careful", "Plays the first playable cell.", lambda seed=None: None))
    registry.register_player(PlayerEntry("bold", "Plays the last.", lambda seed=None: None, label="Daredevil"))
    options = dict(seat_options())
    assert options["careful"] == "Computer: careful" and level_label("careful") == "careful"
    assert options["bold"] == "Computer: Daredevil"
    for bad in ("Far too long a label", "Two\nlines", "Club (4)", "  spaced"):
        with pytest.raises(TypeError, match="label"):
            PlayerEntry("odd", "Odd.", lambda seed=None: None, label=bad)


def test_the_title_lists_every_registered_rule_variant(app: SpokerApp, monkeypatch: pytest.MonkeyPatch) -> None:
    from spoker.engine import rules as rules_module
    from spoker.engine.rules import Variant, register_variant
    from spoker.gui.views.title import NO_VARIANT_TIP

    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and not title.variant.visible  # none beyond rules.md's: no button
    monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
    register_variant(Variant("flat-lines", "no line counts", lambda r: r.without(lambda p: p.kind in (3, 4), "flat")))
    register_variant(Variant("level-lines", "only lines within one level count", lambda r: r))
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.variant.visible
    assert [v for v, _ in title.variant.options] == ["", "flat-lines", "level-lines"]
    assert title.variant.tooltip == NO_VARIANT_TIP
    title.on_mouse_press(*map(int, title.variant.center), LEFT, 0)
    assert title.variant.label == "Variant: flat-lines"
    assert title.variant.tooltip == "Variant flat-lines: no line counts"
    title.on_mouse_press(*map(int, title.visibility.center), LEFT, 0)  # touching, with it
    game = start_from_title(app, title)
    assert game.controller.rules == RuleSet("touching", False, ("flat-lines",))
    assert app.settings.variants == "flat-lines"
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.variant.value == "flat-lines"  # remembered
    from spoker.gui.launch import rules_of

    assert rules_of(app.settings) == RuleSet("touching", False, ("flat-lines",))
    rules_module.unregister_variant("flat-lines")  # uninstalled since: the rules without it
    assert rules_of(app.settings) == RuleSet("touching")
    app.show_title()
    title = app.window.current_view
    assert isinstance(title, TitleView) and title.variant.value == ""


def test_the_command_lines_setup_names_levels_and_allows_hints() -> None:
    import argparse

    from spoker.gui.launch import setup_from_options

    def options(**given: Any) -> argparse.Namespace:
        return argparse.Namespace(**{"seed": None, "rules": None, "player1": None, "player2": None,
                                     "no_hints": False, **given})

    setup = setup_from_options(options(player1="Ann", player2="lookahead"), Settings())
    assert setup.names == ("Ann", "Computer (Club)") and setup.seats == (PERSON, "lookahead")
    assert setup.hints  # allowed; whether they show is the settings' show_hints
    assert not setup_from_options(options(no_hints=True), Settings(show_hints=True)).hints
    # A level the settings remember that is no longer installed: a person, not under its name.
    gone = Settings(name2="Computer (Cautious)", seat2="cautious")
    setup = setup_from_options(options(), gone)
    assert setup.seats == (PERSON, PERSON) and setup.names == ("Player 1", "Player 2")


def test_hint_key_shows_the_best_cells(app: SpokerApp) -> None:
    view = app.new_game(GameSetup(seed=5))
    view.on_key_press(keys.I, 0)
    assert app.settings.show_hints
    view.on_key_press(keys.SPACE, 0)
    view.on_update(0.1)
    assert view.hints and all(hint[0] in view.controller.playable() for hint in view.hints)  # (cell, ...)
    assert any(h.style == "dashed" for h in view.shown_highlights)
    view.on_draw()
    off = app.new_game(GameSetup(seed=5, hints=False))
    app.settings.show_hints = True
    off.on_key_press(keys.SPACE, 0)
    off.on_update(0.1)
    assert not off.hints
    off.on_key_press(keys.I, 0)
    assert "off" in off.message


def test_save_dialog_writes_a_record_that_replays(app: SpokerApp, tmp_path: Any) -> None:
    from spoker.records.record import load_record

    view = app.new_game(GameSetup(("Ann", "Bob"), seed=6))
    rng = random.Random(3)
    for _ in range(7):
        person_turn(view, rng)
    view.on_key_press(keys.S, 0)
    assert view.dialog is not None
    field = view.dialog.field
    view.on_key_press(keys.A, keys.MOD_CTRL)  # all of it: the dialog chooses the name part only
    for _ in range(len(field.text)):
        view.on_key_press(keys.BACKSPACE, 0)
    target = tmp_path / "saved" / "game.txt"
    view.on_text(str(target))
    view.on_key_press(keys.ENTER, 0)
    view.on_update(0.01)
    assert view.dialog is None
    record = load_record(target)
    assert record.moves == view.controller.state.history
    assert record.headers["Player1"] == "Ann"
    assert view.controller.state.drawn is None
    assert record.play().to_string() == view.controller.state.to_string()


def test_computer_thinks_in_a_worker_thread_with_the_same_result(window: Any, tmp_path: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    app = SpokerApp(window, Settings(computer_speed=8.0), threaded=True, persist=False)
    app.resized(window.width, window.height)
    seed = 31
    view = app.new_game(GameSetup(("G", "R"), ("greedy", "random"), RuleSet(), seed))
    for _ in range(5000):
        if view.controller.over:
            break
        view.on_update(0.1)
        job = view.turns.choice
        if job is not None:
            job.future.result(timeout=60)  # wait for the worker, no sleep
    assert view.controller.over
    players = {1: make_player("greedy", seed=seed * 2 + 1), 2: make_player("random", seed=seed * 2 + 2)}
    draws = random.Random(seed)
    state = GameState(RuleSet())
    while not state.is_over:
        state.draw(draws)
        state.apply_place(players[state.to_move].choose(state.copy()))
    assert view.controller.state.to_string() == state.to_string()


def test_the_prompt_explains_a_forced_apex() -> None:
    board = parse_board("WBRWBRWBRWBRWBRW/BRWBRWBRW/BRWB/.")
    c = GameController(GameSetup(seed=1), GameState.from_board(board))
    c.state.apply_draw(c.state.chance_outcomes()[0][0])
    assert c.playable() == (APEX,)
    assert "apex" in c.prompt() and "straight flush" in c.prompt()
