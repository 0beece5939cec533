"""Every screen's texts stay in their boxes and apart, from 800x600 to
2560x1440, with ordinary names and with hostile ones (long, with control
characters), and the screens' wordings.

The screens are driven through the app and their handlers; each frame's
labels are recorded (``recording_texts``) and checked by layout_check.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arcade import key as keys
from support.layout_check import Box, layout_problems

from shibumi import Cell, Colour, parse_board
from spoker.engine import rules as rules_module
from spoker.gui.app import SpokerApp
from spoker.gui.models import autosave
from spoker.gui.models.controller import PERSON, GameController, GameSetup
from spoker.gui.models.game_files import record_of
from spoker.gui.models.puzzle_session import PuzzleSession
from spoker.gui.models.retry_session import RetrySession
from spoker.gui.models.settings import Settings
from spoker.gui.render.text import DrawnText, drawable_text, recording_texts
from spoker.gui.render.theme import scale_for
from spoker.gui.screenshot import autoplay
from spoker.gui.views.end import EndView
from spoker.gui.views.help import HelpView
from spoker.gui.views.lab import LabView
from spoker.gui.views.puzzles import PuzzlesView
from spoker.gui.views.replay import ReplayView
from spoker.gui.views.settings_view import SettingsView
from spoker.text.narrator import plural, score_line, summary_line

SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)]
LONG = "Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen-Sachsen-Coburg-und-Gotha"
HOSTILE = "Bob\x1b[31m\u202e\n\tevil\x00" + "W" * 60
NAMES = {"plain": ("Ann", "Bob"), "hostile": (LONG, HOSTILE)}
EXAMPLE2_CUT = "BBBRWWW.BBBRBBBB/.R..R..../..../."  # rules.md's worked example 2, before 1G3
LONG_VARIANT = "lines-within-one-level-only-and-no-platforms"


@pytest.fixture
def app(window: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpokerApp]:
    monkeypatch.setenv("SPOKER_HOME", str(tmp_path / "home"))
    the_app = SpokerApp(window, Settings(), threaded=False, persist=False)
    the_app.frame_cache.enabled = False  # every frame drawn, so every label is seen
    the_app.on_quit = lambda: None
    yield the_app
    the_app.resized(window.width, window.height)


def game(names: tuple[str, str], moves: int, seed: int = 9, until_over: bool = False) -> GameController:
    controller = GameController(GameSetup(names, (PERSON, PERSON), seed=seed))
    autoplay(controller, moves, until_over=until_over)
    return controller


def settle(view: Any, seconds: float = 1.5) -> None:
    for _ in range(int(seconds / 0.1)):
        view.on_update(0.1)
    scene = getattr(view, "scene", None)
    if scene is not None:
        scene.finish_animations()


def frame_texts(view: Any) -> list[DrawnText]:
    with recording_texts() as texts:
        view.on_draw()
    return list(texts.values())


def boxes_of(view: Any) -> list[Box]:
    """The boxes a text must stay in: widgets, panels, table rows."""
    out: list[Box] = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
    for name in ("panel_rect", "board_rect"):
        if hasattr(view, name):
            out.append(tuple(getattr(view, name)))  # type: ignore[arg-type]
    out.extend(getattr(view, "row_rects", []))
    out.extend(r[:4] for r in getattr(view, "ch_rects", []))
    if isinstance(view, EndView):
        out.append((view.panel_x, 0.0, view.panel_w, float(view.size[1])))
    return out


def show_screen(app: SpokerApp, screen: str, names: tuple[str, str]) -> Any:
    """The screen as a player sees it, settled."""
    view: Any
    if screen == "title":
        app.settings.name1, app.settings.name2 = names
        app.settings.seat2 = "random"  # the longest seat label: Computer: Beginner
        app.show_title()
    elif screen == "title-variant":  # a plug-in's variant: four rules in a row, hints on
        app.settings.name1, app.settings.name2 = names
        app.settings.seat1, app.settings.seat2 = "expert", "random"
        app.settings.show_hints = True
        app.settings.variants = LONG_VARIANT
        app.show_title()
    elif screen == "title-rules":  # a rules file chosen: what it changes in the toggles' room
        app.settings.name1, app.settings.name2 = names
        folder = Path(os.environ["SPOKER_HOME"]) / "rules"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "long.toml").write_text(f'name = "{LONG_VARIANT}"\nsummary = "{LONG} rules"\n'
                                          'off = ["three_kinds"]\ntie = "none"\nbag = [12, 9, 9]\n'
                                          'lines = "in-level"\n', encoding="utf-8")
        app.settings.rules_name = LONG_VARIANT
        app.show_title()
    elif screen == "settings":  # from the title, the keys used: a row outlined, a message
        app.settings.name1, app.settings.name2 = names
        app.show_title()
        app.show_settings()
        view = app.window.current_view
        assert isinstance(view, SettingsView)
        view.on_key_press(keys.DOWN, 0)
        view.on_key_press(keys.DOWN, 0)
        view.reset_board_view()
    elif screen == "settings-game":  # from a game, sound off (its volume greyed), a slow pace
        app.play(game(names, 6))
        app.settings.sound, app.settings.computer_speed, app.settings.volume = False, 0.25, 0.35
        app.show_settings()
    elif screen == "game-start":  # a full bag, no ball drawn: "10 10 10" (ran together at 800x600)
        view = app.play(game(names, 0))
        assert view.controller.state.bag() == (10, 10, 10) and view.controller.state.drawn is None
    elif screen == "game-rules":  # a rules file's game: its name in the header, what differs under it
        rules = rules_module.RuleSet.parse("touching, lines=in-level, off=three_kinds, tie=none, bag=12-9-9")
        controller = GameController(GameSetup(names, (PERSON, PERSON), rules, 9, rules_name=LONG_VARIANT))
        autoplay(controller, 12)
        view = app.play(controller)
        settle(view)
        view.act_draw()
    elif screen == "game":
        view = app.play(game(names, 18))
        settle(view)
        view.act_draw()
    elif screen == "game-flush":  # the straight flush's card over the board
        view = app.play(game(names, 14, seed=39))
        assert view.controller.state.end == "straight_flush"
        view.moment_time = 0.0
    elif screen == "game-info":  # a ball clicked: why it counts; a long message
        view = app.play(game(names, 18))
        settle(view)
        cell = next(c for c in view.controller.counted[-1].group.cells)
        view._select(cell)
        view.say(f"Not saved: cannot write /{'very-long-folder/' * 12}{names[1]}.txt", "bad", 60)
    elif screen == "end":
        app.show_end(game(names, 0, until_over=True))
    elif screen == "end-dialog":  # the save dialog, its file name too long for the field
        app.show_end(game(names, 0, until_over=True))
        view = app.window.current_view
        assert isinstance(view, EndView)
        view.ask_save()
        assert view.dialog is not None
        view.dialog.field.text = f"/home/{'deep/' * 30}{names[0]}.txt"
    elif screen == "help":
        app.play(game(names, 4))
        app.show_help()
    elif screen == "replay":
        app.replay_game(game(names, 18))
        view = app.window.current_view
        assert isinstance(view, ReplayView)
        answered = [c.response_move for c in view.replay.challenges if c.response_move is not None]
        view.goto(answered[-1])
    elif screen == "title-unfinished":  # three unfinished games offered, the names' one shown
        for i, pair in enumerate([("Cy", "Di"), ("Eve", "Computer (lookahead)"), names]):
            path = autosave.new_autosave_path()
            assert path is not None
            autosave.save(game(pair, 4 + 3 * i, seed=i + 1), path)
        app.files.read_unfinished = True
        app.show_title()
    elif screen.startswith("lab"):
        show_lab(app, screen, names)
    elif screen.startswith("puzzle"):
        show_puzzle(app, screen)
    elif screen.startswith("retry"):
        show_retry(app, screen, names)
    view = app.window.current_view
    view.on_draw()  # a first frame (the title screen makes its pyramid after it)
    settle(view)
    return view


def show_lab(app: SpokerApp, screen: str, names: tuple[str, str]) -> LabView:
    """The laboratory: empty; asked about a ball with groups that count and
    groups that do not (and why), the pointer on it; a suite opened on its
    failing case; a board string refused."""
    if screen == "lab-empty":
        return app.show_lab()
    if screen == "lab-suite":
        folder = Path(os.environ["SPOKER_HOME"]) / names[0]  # a long folder name with the long names
        folder.mkdir(parents=True, exist_ok=True)
        suite = folder / "suite.txt"
        suite.write_text("WB............../........./..../. R@1E1 => three_kinds@1\n"
                         f"{EXAMPLE2_CUT} W@1G3 touching => three_kinds@1\n", encoding="utf-8")
        view = app.show_lab(suite=str(suite))
        assert view.steps is not None and not view.steps.current.passed
        return view
    view = app.show_lab(parse_board(EXAMPLE2_CUT))
    if screen == "lab-query":
        view.choose(Colour.WHITE)
        view.query_cell = view.hover_cell = Cell("1G3")
        assert view.query is not None and len(view.query.answers[0].judged) >= 2
        assert any(not v.counts for v in view.query.answers[0].judged)
    elif screen == "lab-refusal":
        assert view.place(Cell("3C3")) is False  # its platform is not full
        assert view.paste_text(f"{names[1]} {'W' * 40}") is False
        assert view.message_kind == "bad"
    elif screen == "lab-rules":  # the rules panel open on every item changed: the longest summary
        view.toggle_rules_panel()
        long_rules = ("touching, apex-free, lines=in-level, off=full_house+straight_flush, "
                      "order=flush_four<three_kinds<flush_three<full_house, tie=none, bag=10-11-9")
        assert view.apply_rules(rules_module.RuleSet.parse(long_rules))
        view.choose(Colour.WHITE)
        view.query_cell = view.hover_cell = Cell("1G3")
    return view


def show_puzzle(app: SpokerApp, screen: str) -> PuzzlesView:
    """A puzzle near the end (solved at once): before the try; tried on a
    wrong cell, every value on the board; at the end of the line that follows."""
    from spoker.engine.state_strings import parse_state
    from spoker.gui.models.puzzle_session import load_shipped

    shipped = load_shipped()
    number = next(i + 1 for i, p in enumerate(shipped) if 30 - parse_state(p.state).move_number <= 6
                  and len(p.themes) >= 2)  # the longest notes: two themes or more
    view = app.show_puzzles(number)
    assert isinstance(view, PuzzlesView) and isinstance(view.session, PuzzleSession)
    session = view.session
    if screen != "puzzles":
        assert session.puzzle is not None
        view.place(next(c for c in session.playable() if c not in session.puzzle.answers))
        assert session.badges()
    if screen == "puzzle-line":
        while session.step_line(1):
            pass
        view.say(f"Cannot read {'/very-long-folder' * 10}/games: not a folder", "bad", 60)
    return view


def show_retry(app: SpokerApp, screen: str, names: tuple[str, str]) -> PuzzlesView:
    """Retry my mistakes over a game of these names: the first retried on its
    first choice; or every one retried, the summary."""
    from spoker.runs.analysis import analyse_record

    record = record_of(game(names, 0, until_over=True))
    analysis = analyse_record(record, 2000)
    counts = [sum(1 for m in analysis.moves if m.player == p and m.verdict in ("mistake", "blunder")) for p in (1, 2)]
    view = app.show_retry(record, analysis, 1 if counts[0] >= counts[1] else 2, None)
    assert isinstance(view, PuzzlesView) and isinstance(view.session, RetrySession) and view.session.items
    session = view.session
    while not session.finished:
        view.place(session.items[session.index].move.cell)
        if screen == "retry":
            break
        view.next()
    return view


# Hostile names at the smallest and the largest size: cutting a name to its
# box is one path at every size (the plain names check each size's layout).
NAMED_SIZES = [(size, "plain") for size in SIZES] + [(size, "hostile") for size in (SIZES[0], SIZES[-1])]


@pytest.mark.parametrize(("size", "names"), NAMED_SIZES, ids=[f"{w}x{h}-{n}" for (w, h), n in NAMED_SIZES])
@pytest.mark.parametrize("screen", ["title", "title-variant", "title-unfinished", "title-rules", "settings",
                                    "settings-game", "game-start", "game", "game-rules", "game-flush", "game-info", "end",
                                    "end-dialog", "help", "replay", "lab-empty", "lab-query", "lab-suite",
                                    "lab-refusal", "lab-rules", "retry", "retry-done"])
def test_texts_stay_in_their_boxes_and_apart(
    app: SpokerApp, screen: str, size: tuple[int, int], names: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    if screen == "title-variant":
        monkeypatch.setattr(rules_module, "VARIANTS", dict(rules_module.VARIANTS))
        rules_module.register_variant(rules_module.Variant(LONG_VARIANT, "only lines within one level count " * 3,
                                                           lambda r: r))
    app.resized(*size)
    view = show_screen(app, screen, NAMES[names])
    assert view.size == size
    dialog = getattr(view, "dialog", None)
    view.dialog = None  # a modal dialog covers the screen: checked on its own
    texts = frame_texts(view)
    assert len(texts) > 8, [t.text for t in texts]
    ball_tip = getattr(view, "_overlay_tip", None)  # the pointer on a cell: gone while it is on a control
    # ui: each control's tooltip, as the pointer on it shows it, covers no text and no control.
    assert layout_problems(texts, size, boxes_of(view), ui=view.ui,
                           pointer_texts=tuple(t for t in (getattr(ball_tip, "text", None),) if isinstance(t, str))) == []
    if dialog is not None:
        view.dialog = dialog
        with recording_texts() as shown:
            dialog.draw()
        texts = list(shown.values())
        assert len(texts) >= 4
        boxes = [dialog.rect] + [(w.left, w.bottom, w.width, w.height) for w in (dialog.field, dialog.ok, dialog.cancel)]
        assert layout_problems(texts, size, boxes) == []
    for text in texts:
        assert text.text == drawable_text(text.text)  # no control character reaches the screen


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("screen", ["puzzle-tried", "puzzle-line"])
def test_the_puzzles_texts_stay_in_their_boxes_and_apart(
    app: SpokerApp, screen: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As above; a puzzle shows no player's name, so the plain names only."""
    test_texts_stay_in_their_boxes_and_apart(app, screen, size, "plain", monkeypatch)


def test_the_game_panel_and_toolbar_grow_with_the_window(app: SpokerApp) -> None:
    widths = []
    for size in ((1280, 800), (1920, 1080), (2560, 1440)):
        app.resized(*size)
        view = app.play(game(NAMES["plain"], 6))
        widths.append((view.panel_rect[2], view.b_draw.width, view.b_draw.height))
    assert widths[0] < widths[1] < widths[2]
    assert scale_for(1280, 800) == scale_for(800, 600) == 1.0
    assert scale_for(2560, 1440) == 1.8


def test_the_game_panel_shows_the_whole_phase_at_800x600(app: SpokerApp) -> None:
    app.resized(800, 600)
    controller = game(NAMES["plain"], 18)
    assert controller.state.challenge is not None
    view = app.play(controller)
    settle(view)
    texts = " ".join(t.text for t in frame_texts(view)).replace("\u200b", "")
    assert "Response to Full" in texts and "house, level 2" in texts
    assert "\u2026" not in controller.status().phase


def test_the_current_challenge_row_of_the_replay_is_whole(app: SpokerApp) -> None:
    for size in SIZES:
        app.resized(*size)
        app.replay_game(game(NAMES["plain"], 18))
        view = app.window.current_view
        assert isinstance(view, ReplayView)
        view.goto(17)  # the answer to the challenge of move 16
        settle(view)
        rows = [t.text for t in frame_texts(view) if t.text.startswith("16. Bob:")]
        assert len(rows) == 1 and "\u2026" not in rows[0] and rows[0].endswith("1-0"), rows


def test_help_scrolls_to_what_does_not_fit(app: SpokerApp) -> None:
    app.resized(800, 600)
    app.show_help()
    view = app.window.current_view
    assert isinstance(view, HelpView)
    first = {t.text for t in frame_texts(view)}
    assert view.can_scroll and "quit" not in first
    for _ in range(8):
        view.on_key_press(keys.DOWN, 0)
        frame_texts(view)
    assert "quit" in {t.text for t in frame_texts(view)}
    assert not view.can_scroll
    view.on_mouse_scroll(10, 10, 0, 1)
    assert view.scroll > 0


def test_toolbar_keys_sit_below_their_labels(app: SpokerApp) -> None:
    app.resized(1280, 800)
    view = app.play(game(NAMES["plain"], 2))
    texts = frame_texts(view)
    for button in view.toolbar:
        inside = [t for t in texts if button.left <= (t.left + t.right) / 2 <= button.left + button.width
                  and button.bottom <= (t.bottom + t.top) / 2 <= button.bottom + button.height]
        label = next(t for t in inside if t.text == button.label)
        key = next(t for t in inside if t.text == button.shortcut)
        assert key.top <= label.bottom + 1 and key.right <= button.left + button.width


# -- wordings ----------------------------------------------------------------------


def test_end_screen_wordings() -> None:
    assert plural(0, "challenge") == "no challenge"
    assert plural(1, "challenge") == "1 challenge"
    assert plural(10, "challenge") == "10 challenges"
    assert score_line(("Player 1", "Player 2"), (6, 6)) == "Player 1 6,  Player 2 6"
    assert summary_line("complete", 1, 30) == "The pyramid is complete: 1 challenge, 30 balls."
    assert summary_line("straight_flush", 0, 12).startswith("A straight flush ended the game: no challenge")


def test_the_computer_is_named_once_while_it_plays() -> None:
    c = GameController(GameSetup(("Computer (Club)", "Ann"), ("lookahead", PERSON), seed=1))
    assert c.prompt() == "Computer (Club) is playing..."
    c = GameController(GameSetup(("Computer (lookahead)", "Ann"), ("lookahead", PERSON), seed=1))
    assert c.prompt() == "Computer (lookahead) is playing..."  # an older game's name
    c = GameController(GameSetup(("Hal", "Ann"), ("expert", PERSON), seed=1))
    assert c.prompt() == "Hal (computer: Expert) is playing..."


def test_the_welcome_line_has_one_pair_of_brackets() -> None:
    c = GameController(GameSetup(("Ann", "Computer (lookahead)"), (PERSON, "lookahead"), seed=1))
    assert c.log[0].text == "New game: Ann against Computer (lookahead), rules: visible. Ann starts."


def test_the_placing_prompt_names_what_the_player_sees() -> None:
    c = GameController(GameSetup(("Ann", "Bob"), seed=3))
    c.draw()
    prompt = c.prompt()
    assert "lit cell" not in prompt and "ghost" in prompt and prompt.startswith("Ann, place the ")


def test_labels_sit_on_whole_pixels(window: Any) -> None:
    """A glyph on a half pixel lost its top row ("Ihree", "Hush" on the end screen)."""
    from spoker.gui.render.text import Label

    label = Label("Three Flush", 12, anchor_y="center")
    for y in (618.5, 593.5, 518.5, 300.25):
        label.draw_at(100.5, y)
        assert label._text.x == round(100.5) and label._text.y == round(y)


def test_drawable_text_escapes_what_cannot_be_seen() -> None:
    assert drawable_text("Ann") == "Ann"
    assert drawable_text("a\x1b[31m") == "a\\x1b[31m"
    assert drawable_text("a\u202eb\nc\td") == "a\\u202eb c d"
    assert len(drawable_text("x" * 10_000)) <= 2000
    assert drawable_text(drawable_text("\x00\x07")) == drawable_text("\x00\x07")


def test_colour_marks_wording_matches_the_drawing(app: SpokerApp) -> None:
    from pathlib import Path

    from spoker.gui.render import textures

    drawn = textures._paint_mark.__doc__ or ""
    assert "ring on red" in drawn and "cross on black" in drawn
    settings = SettingsView(app, None)
    assert "ring on red balls and a cross on black ones" in next(r.about for r in settings.rows if r.control is settings.marks)
    guide = (Path(__file__).parents[3] / "docs" / "gui.md").read_text(encoding="utf-8")
    assert "ring on red balls and a cross on black ones" in " ".join(guide.split())


def test_the_readme_caption_names_the_ghost_of_its_picture(app: SpokerApp) -> None:
    """docs/images/screenshot-game.png is made by ``spoker play --screenshot
    --seed 9 --autoplay 18`` (docs/gui.md): its ghost is where the captions say."""
    from pathlib import Path

    from spoker.gui.screenshot import point_at_a_cell

    app.resized(1280, 800)
    view = app.play(game(NAMES["plain"], 18))
    settle(view)
    point_at_a_cell(view)
    assert view.placing.hover is not None and view.controller.is_playable(view.placing.hover)
    root = Path(__file__).parents[3]
    for doc in ("README.md", "docs/gui.md"):
        text = (root / doc).read_text(encoding="utf-8")
        assert f"ghost on {view.placing.hover}]" in text, doc


def test_a_long_text_field_shows_the_caret_end(window: Any) -> None:
    from spoker.gui.widgets.text_input import TextInput

    field = TextInput("/home/" + "deep/" * 60 + "game.txt", max_length=400)
    field.place(10, 10, 300, 34)
    field.focus(True)
    field.cursor, field.anchor = len(field.text), None  # the caret at the end, nothing selected
    shown, head, first = field._view(284)
    assert shown.startswith("\u2026") and shown.endswith("game.txt") and head == "\u2026" and first > 0
    assert field.x_of(field.cursor, 284) <= 284
    field.on_text_motion(keys.MOTION_BEGINNING_OF_LINE)
    shown, head, first = field._view(284)
    assert shown.startswith("/home/deep/") and shown.endswith("\u2026") and (head, first) == ("", 0)
    with recording_texts() as texts:
        field.draw()
    (drawn,) = [t for t in texts.values() if t.text == shown]
    assert 10 <= drawn.left and drawn.right <= 310
