"""The end screen: a challenge clicked shows the pyramid as it was then (its
groups where later balls cannot hide them) with a clear way back; the table
says whose points are whose; every text cut short can be read whole; the
texts stay in their boxes with the challenge's caption shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
import pytest
from arcade import key as keys
from support.layout_check import Box, layout_problems

from shibumi import Board, visibility
from spoker.engine.state import GameState
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.replay_model import challenge_position
from spoker.gui.render.text import DrawnText, recording_texts
from spoker.gui.views.end import EndView
from spoker.gui.views.title import TitleView
from spoker.records.record import GameRecord, load_record
from spoker.text.analysis_words import challenge_story, points_words

LEFT = arcade.MOUSE_BUTTON_LEFT
ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "assets" / "records" / "sample-game.txt"
SIZES = [(800, 600), (1280, 800), (1920, 1080), (2560, 1440)]
LONG = "Maximilian-Alexander-Ferdinand-von-Habsburg-Lothringen-Sachsen-Coburg-und-Gotha"
NAMES = {"plain": ("Ann", "Computer (Expert)"), "long": (LONG, "Bob " + "W" * 50)}


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return load_record(SAMPLE)


@pytest.fixture
def app(app: SpokerApp, window: Any) -> Any:
    """The shared app (conftest), every frame drawn; the window's size again afterwards."""
    app.frame_cache.enabled = False
    yield app
    app.resized(window.width, window.height)


def end_view(app: SpokerApp, record: GameRecord, names: tuple[str, str] = NAMES["plain"],
             size: tuple[int, int] | None = None) -> EndView:
    if size is not None:
        app.resized(*size)
    app.show_end(GameController(GameSetup(names, seed=4), record.play()))
    view = app.window.current_view
    assert isinstance(view, EndView)
    view.on_draw()
    return view


def board_after(record: GameRecord, n: int) -> Board:
    state = GameState(record.rules)
    for move in record.moves[:n]:
        state.apply_move(move)
    return state.board


def click_row(view: EndView, index: int) -> None:
    row = list(getattr(view, "row_indices", range(len(view.row_rects)))).index(index)
    left, bottom, w, h = view.row_rects[row]
    view.on_mouse_press(int(left + w / 2), int(bottom + h / 2), LEFT, 0)


def test_a_challenge_clicked_shows_the_pyramid_of_that_challenge(app: SpokerApp, record: GameRecord) -> None:
    view = end_view(app, record)
    final = view.scene.board
    assert final == view.controller.state.board
    # A challenge whose group the later balls cover on the final pyramid.
    hidden = [i for i, ch in enumerate(view.controller.challenges) if not visibility(final, ch.challenge.cells).visible]
    assert hidden, "the sample game has a challenge covered at the end"
    i = hidden[0]
    ch = view.controller.challenges[i]
    click_row(view, i)
    assert view.selected == i
    at = ch.response_move if ch.response_move is not None else ch.move
    shown = view.scene.board
    assert shown == board_after(record, at) != final
    assert visibility(shown, ch.challenge.cells).visible  # nothing hides it here
    lit = [set(h.cells) for h in view.shown_highlights]  # type: ignore[attr-defined]
    assert set(ch.challenge.cells) in lit
    if ch.response is not None:
        assert set(ch.response.cells) in lit
    # The caption says which challenge and which position, and how back.
    view.on_draw()
    caption = " ".join(view.caption_lines())
    assert challenge_story(ch, view.controller.setup.names) in caption and f"at move {at} of 30" in caption
    assert view.b_final.visible and "Esc" in caption
    # The way back: the button, Esc (the end screen stays), and a second click on the row.
    view.b_final.action()
    assert view.selected is None and view.scene.board == final and not view.b_final.visible
    click_row(view, i)
    view.on_key_press(keys.ESCAPE, 0)
    assert isinstance(app.window.current_view, EndView) and view.scene.board == final
    view.on_draw()
    click_row(view, i)
    view.on_draw()
    click_row(view, i)
    assert view.selected is None and view.scene.board == final
    view.on_key_press(keys.ESCAPE, 0)  # nothing selected: Esc leaves the end screen as before
    assert isinstance(app.window.current_view, TitleView)


def test_every_challenge_has_its_own_position(record: GameRecord) -> None:
    state = record.play()
    from spoker.engine.challenges import challenge_summaries
    from spoker.records.replay import Replay

    replay = Replay(record)
    summaries = challenge_summaries([replay.events_at(n) for n in range(replay.length + 1)])
    assert summaries == replay.challenges
    for ch in summaries:
        pos = challenge_position(state.history, state.rules, ch)
        assert pos.move == (ch.response_move or ch.move)
        assert pos.board == replay.state_at(pos.move).board
        assert all(c in pos.board for m in pos.marks for c in m.cells)


def test_up_and_down_keep_the_selected_challenge_in_the_table(app: SpokerApp, record: GameRecord) -> None:
    view = end_view(app, record, size=(800, 600))
    n = len(view.controller.challenges)
    assert len(view.row_rects) < n  # not every row fits at 800x600
    for step in range(n + 2):
        view.on_key_press(keys.DOWN, 0)
        view.on_draw()
        assert view.selected == step % n
        assert view.selected in view.row_indices
        ch = view.controller.challenges[view.selected]
        assert view.scene.board == board_after(record, ch.response_move or ch.move)


def test_the_points_say_whose_they_are(app: SpokerApp, record: GameRecord) -> None:
    view = end_view(app, record, size=(1280, 800))
    names = view.controller.setup.names
    shown = [view._rows[i][3].text for i in view.row_indices]
    assert shown == [points_words(view.controller.challenges[i].points, ("Ann", "Computer")) for i in view.row_indices] or \
        shown == [points_words(view.controller.challenges[i].points, names) for i in view.row_indices]
    assert any(t.startswith("Ann ") for t in shown) and any(t.startswith("Computer") for t in shown)
    assert all(t in ("1 each", "none", "-") or t.startswith(("Ann ", "Computer")) for t in shown)


def _centre(t: DrawnText) -> tuple[int, int]:
    return int((t.left + t.right) / 2), int((t.bottom + t.top) / 2)


@pytest.mark.parametrize("names", list(NAMES), ids=list(NAMES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_text_cut_short_can_be_read_whole(app: SpokerApp, record: GameRecord, size: tuple[int, int],
                                            names: str) -> None:
    view = end_view(app, record, NAMES[names], size=size)
    with recording_texts() as texts:
        view.on_draw()
    for t in texts.values():
        if "\u2026" not in t.text:
            continue
        view.on_mouse_motion(*_centre(t), 0, 0)
        tip = getattr(view, "tip_text", lambda: "")()
        assert tip, f"{t.text!r} is cut and has no tip"
        with recording_texts() as shown:  # the tip box draws the text whole, last
            view.on_draw()
        drawn = " ".join(" ".join(s.text for s in shown.values()).replace("\u200b", "").split())
        assert " ".join(tip.split()) in drawn
    # A row's tip is its challenge whole.
    left, bottom, w, h = view.row_rects[0]
    view.on_mouse_motion(int(left + w / 2), int(bottom + h / 2), 0, 0)
    assert view.tip_text().startswith(challenge_story(view.controller.challenges[view.row_indices[0]], view.controller.setup.names))


def boxes(view: EndView) -> list[Box]:
    out: list[Box] = [(w.left, w.bottom, w.width, w.height) for w in view.ui.widgets if w.visible]
    out.extend(view.row_rects)
    out.append((view.panel_x, 0.0, view.panel_w, float(view.size[1])))
    return out


@pytest.mark.parametrize("names", list(NAMES), ids=list(NAMES))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_challenges_position_and_caption_fit(app: SpokerApp, record: GameRecord, size: tuple[int, int],
                                                  names: str) -> None:
    view = end_view(app, record, NAMES[names], size)
    view.select(len(view.controller.challenges) - 1)
    with recording_texts() as recorded:
        view.on_draw()
    texts = list(recorded.values())
    assert len(texts) > 8
    assert layout_problems(texts, size, boxes(view), ui=view.ui) == []
    caption = [t for t in texts if t.text.replace("\u200b", "").startswith("Move ")]
    assert caption and all(t.right <= view.panel_x for t in caption)  # over the board, not the panel


@pytest.mark.parametrize("size", SIZES[:3], ids=[f"{w}x{h}" for w, h in SIZES[:3]])
def test_a_message_and_a_tooltip_cover_neither_the_table_nor_each_other(
    app: SpokerApp, record: GameRecord, size: tuple[int, int],
) -> None:
    """"Analysing the game first" with the pointer on Retry, and "Saved
    ...gif": the message keeps off the table, the tooltip off the message."""
    from spoker.gui.views.game_actions import ANALYSING, RETRY_TIP

    view = end_view(app, record, size=size)
    for message in (ANALYSING, "Saved sample-game-moves-12-14.gif (40 frames, 311 KB)."):
        view.say(message, "info", 5)
        view.ui.mouse = view.b_retry.center
        view.on_draw()  # the message's place is known from a frame on
        with recording_texts() as recorded:
            view.on_draw()
        texts = list(recorded.values())
        said = next(t for t in texts if t.text.startswith(message[:12]))
        assert said.right <= view.panel_x  # beside the panel, not over its table
        screen = [t for t in texts if t.text != RETRY_TIP]
        assert len(screen) == len(texts) - 1  # the tooltip was drawn
        assert layout_problems(screen, size, boxes(view), ui=view.ui) == []  # it and every other: clear


def test_the_viewer_opened_from_the_end_screen_says_close_goes_back_there(app: SpokerApp, record: GameRecord) -> None:
    from spoker.gui.views.replay import ReplayView

    view = end_view(app, record)
    app.replay_game(view.controller)
    replay = app.window.current_view
    assert isinstance(replay, ReplayView) and replay.b_exit.tooltip == "Back to the end screen"
    replay.close()
    assert isinstance(app.window.current_view, EndView)
