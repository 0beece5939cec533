"""spoker.gui.render.film: a record as an animation, and ``spoker render
RECORD --animate``, drawn under the GUI tests' one headless window."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from support.games import COMPLETE_GAME, STRAIGHT_FLUSH_GAME

from shibumi import Colour
from spoker.cli import main
from spoker.engine.events import (
    BallDrawn,
    BallPlaced,
    ChallengeOpened,
    ChallengeResolved,
    GameOver,
    StraightFlush,
)
from spoker.errors import ArgumentError
from spoker.gui.render.film import (
    challenge_moves,
    check_moves,
    export_animation,
    film_frames,
    film_layout,
    film_shots,
    record_names,
)
from spoker.gui.render.theme import THEME
from spoker.records.record import GameRecord, parse_record
from spoker.records.replay import Replay
from spoker.runs.analysis import MoveAnalysis
from spoker.text import film_text
from spoker.text.narrator import game_result, log_line

NAMES = ("Ann", "Bob")


def game(moves: str = COMPLETE_GAME) -> GameRecord:
    return parse_record("Player1: Ann\nPlayer2: Bob\n\n" + moves)


def fake_analysis(record: GameRecord, size: float = 0.8) -> list[MoveAnalysis]:
    """Placements judged by hand: each mover's value +-``size``, its luck half that."""
    replay = Replay(record)
    out = []
    for n in range(1, replay.length + 1):
        placed = next(ev for ev in replay.events_at(n) if isinstance(ev, BallPlaced))
        value = size if n % 2 else -size
        out.append(MoveAnalysis(
            n=n, player=placed.player, ball=placed.colour, cell=placed.cell, value=value, best=placed.cell,
            best_value=value, loss=0.0, exact=False, verdict=None, depth=3, draw_value=value / 2,
        ))
    return out


# -- what the frames show (no drawing) -------------------------------------------
def test_two_frames_a_move_the_draw_then_the_placement() -> None:
    replay = Replay(game())
    shots = film_shots(replay, (3, 7))
    assert len(shots) == 10
    assert [(s.n, s.placed) for s in shots[:4]] == [(3, False), (3, True), (4, False), (4, True)]
    assert len(film_shots(replay)) == 2 * replay.length


def test_the_draw_frame_says_the_narrators_words_and_shows_the_position_before() -> None:
    replay = Replay(game())
    shot = film_shots(replay, (5, 5))[0]
    drawn = next(ev for ev in replay.events_at(5) if isinstance(ev, BallDrawn))
    assert shot.caption[0][0] == log_line(drawn, NAMES) == f"{NAMES[drawn.player - 1]} draws a {drawn.colour.word} ball."
    assert shot.board == replay.state_at(4).board and shot.drawn == drawn.colour
    assert shot.score == replay.state_at(4).score and shot.player == drawn.player


def test_captions_name_the_challenge_group_and_its_outcome() -> None:
    replay = Replay(game())
    c = replay.challenges[0]
    first, last = challenge_moves(replay, 0)
    assert (first, last) == (c.move, c.response_move)
    shots = film_shots(replay, (first, last))
    opening, answer_draw, answer = shots[1], shots[2], shots[3]
    opened = next(ev for ev in replay.events_at(c.move) if isinstance(ev, ChallengeOpened))
    resolved = next(ev for ev in replay.events_at(last) if isinstance(ev, ChallengeResolved))
    assert log_line(opened, NAMES) in [t for t, _ in opening.caption]
    assert c.challenge.describe() in log_line(opened, NAMES)
    assert any(o.cells == tuple(c.challenge.cells) for o in opening.outlines)
    # The answerer's draw: the challenge still outlined, the banner's words.
    assert "Ann must answer with a better group." in [t for t, _ in answer_draw.caption]
    assert any(o.cells == tuple(c.challenge.cells) for o in answer_draw.outlines)
    assert log_line(resolved, NAMES) in [t for t, _ in answer.caption]
    assert "Bob wins the challenge" in log_line(resolved, NAMES)
    assert answer.hold > shots[0].hold


def test_a_straight_flush_and_the_result_are_told() -> None:
    record = game(STRAIGHT_FLUSH_GAME)
    replay = Replay(record)
    last = film_shots(replay, (28, 28))[-1]
    events = replay.events_at(28)
    flush = next(ev for ev in events if isinstance(ev, StraightFlush))
    assert any(isinstance(ev, GameOver) for ev in events)
    texts = [t for t, _ in last.caption]
    assert log_line(flush, NAMES) in texts
    assert game_result(replay.final_state, NAMES) in texts
    assert any(o.cells == tuple(flush.group.cells) for o in last.outlines)


def test_the_placed_ball_is_outlined_when_it_forms_nothing() -> None:
    replay = Replay(game())
    shot = film_shots(replay, (1, 1))[1]
    assert [o.cells for o in shot.outlines] == [(replay.record.moves[0].cell,)]


def test_challenge_moves_cover_each_challenge_from_its_draw_to_its_answer() -> None:
    replay = Replay(game())
    assert len(replay.challenges) == 7
    for i, c in enumerate(replay.challenges):
        assert challenge_moves(replay, i) == (c.move, c.response_move or c.move)
    for bad in (-1, 7):
        with pytest.raises(ArgumentError, match=str(bad)):
            challenge_moves(replay, bad)
    with pytest.raises(TypeError):
        challenge_moves(replay, "1")  # type: ignore[arg-type]


@pytest.mark.parametrize("moves", [(0, 3), (4, 3), (1, 31), (-2, 5)])
def test_a_range_outside_the_record_is_refused(moves: tuple[int, int]) -> None:
    with pytest.raises(ArgumentError, match=f"{moves[0]}-{moves[1]}"):
        check_moves(moves, 30)
    with pytest.raises(ArgumentError):
        film_frames(game(), moves=moves)


def test_bad_sizes_analyses_and_names_are_refused_before_drawing() -> None:
    record = game()
    with pytest.raises(ArgumentError, match="100x100"):
        film_frames(record, size=(100, 100))
    with pytest.raises(TypeError):
        film_frames(record, size="640x400")  # type: ignore[arg-type]
    other = fake_analysis(game(STRAIGHT_FLUSH_GAME))
    with pytest.raises(ArgumentError, match="another game"):
        film_frames(record, analysis=other)
    with pytest.raises(TypeError):
        film_frames(record, analysis=[1, 2])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        film_shots(Replay(record), names=("Ann",))  # type: ignore[arg-type]


def test_names_come_from_the_headers_on_one_line() -> None:
    assert record_names(game()) == NAMES
    assert record_names(parse_record("W@1A1")) == ("Player 1", "Player 2")
    assert record_names(parse_record("Player1: A\x1bB\n\nW@1A1"))[0] == "A\\x1bB"


def test_film_words() -> None:
    assert film_text.move_counter(12, 30) == "Move 12 of 30"
    assert film_text.seat_score("Ann", 2) == "Ann: 2"
    assert film_text.seat_score("Player 1", 0) == "Player 1: 0"  # not "Player 1 0", read as "Player 10"
    assert film_text.scale_label(0.5) == "\u00b10.5"
    assert "P(win) \u2212 P(loss)" in film_text.BARS_LEGEND
    for bad in ((0, 30), (31, 30)):
        with pytest.raises(ValueError):
            film_text.move_counter(*bad)
    with pytest.raises(ValueError):
        film_text.scale_label(0)


# -- drawn frames ---------------------------------------------------------------
def _near(pixel: tuple[int, ...], colour: tuple[int, ...], tolerance: int = 40) -> bool:
    return sum(abs(a - b) for a, b in zip(pixel[:3], colour[:3])) <= tolerance


def _count(image: Image.Image, box: tuple[int, int, int, int], colours: Sequence[tuple[int, ...]]) -> int:
    region = image.crop(box).convert("RGB")
    counts: list[tuple[int, Any]] = region.getcolors(region.width * region.height) or []
    return sum(n for n, c in counts if any(_near(tuple(c), colour) for colour in colours))


def test_frames_are_pictures_of_the_size_asked(window: Any) -> None:
    frames = list(film_frames(game(), moves=(20, 21), size=(480, 300)))
    assert len(frames) == 4
    assert all(f.size == (480, 300) and f.mode == "RGB" for f in frames)
    assert [f.info["hold"] for f in frames][0] == 1
    # The draw frame shows the ball drawn in the caption: a disc of its colour.
    replay = Replay(game())
    drawn = next(ev for ev in replay.events_at(20) if isinstance(ev, BallDrawn)).colour
    from spoker.gui.render.palette import BALL_RGB

    caption = film_layout((480, 300), bars=False).caption
    assert _count(frames[0], caption, [BALL_RGB[drawn]]) > 100
    assert _count(frames[1], caption, [BALL_RGB[Colour(drawn)]]) < _count(frames[0], caption, [BALL_RGB[drawn]])


def test_the_analysis_draws_bars_coloured_by_player_under_the_board(window: Any) -> None:
    record = game()
    size = (640, 400)
    with_bars = list(film_frames(record, moves=(10, 11), size=size, analysis=fake_analysis(record)))
    plain = list(film_frames(record, moves=(11, 11), size=size))
    bars = film_layout(size, bars=True).bars
    assert bars is not None and film_layout(size, bars=False).bars is None
    players = [THEME.player1, THEME.player2]
    last = with_bars[-1]
    assert _count(last, bars, [THEME.player1]) > 20 and _count(last, bars, [THEME.player2]) > 20
    assert _count(plain[-1], bars, players) < _count(last, bars, players) / 4
    # Bars grow with the film: the first frame shows less of them than the last.
    assert _count(with_bars[0], bars, players) < _count(last, bars, players)


@pytest.mark.parametrize("suffix", [".gif", ".png", ".webp"])
def test_export_writes_every_kind_with_the_frames_the_moves_ask(window: Any, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"film{suffix}"
    calls: list[tuple[int, int]] = []
    info = export_animation(game(), path, moves=(21, 21), size=(400, 250), fps=4,
                            progress=lambda done, total: calls.append((done, total)))
    assert info.frames == 2 and info.bytes == path.stat().st_size
    assert calls == [(1, 2), (2, 2)]
    with Image.open(path) as im:
        assert (im.n_frames, im.size) == (2, (400, 250))
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_export_leaves_the_windows_context_as_it_was(window: Any, tmp_path: Path) -> None:
    ctx = window.ctx
    before = (ctx.active_framebuffer, tuple(ctx.viewport), window.get_size())
    export_animation(game(), tmp_path / "a.gif", moves=(1, 1))
    assert (ctx.active_framebuffer, tuple(ctx.viewport), window.get_size()) == before
    assert ctx.active_framebuffer is ctx.screen


def test_an_export_that_fails_midway_leaves_no_file_and_no_temporary(window: Any, tmp_path: Path) -> None:
    def stop(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export_animation(game(), tmp_path / "a.webp", moves=(5, 6), progress=stop)
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ArgumentError):  # checked before the first frame
        export_animation(game(), tmp_path / "a.gif", moves=(29, 31))
    with pytest.raises(ValueError, match="a.jpg"):
        export_animation(game(), tmp_path / "a.jpg")
    assert list(tmp_path.iterdir()) == []


def test_render_animate_writes_the_frames_of_the_moves_with_analysis_bars(window: Any, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("Player1: Ann\nPlayer2: Bob\n\n" + COMPLETE_GAME + "\n")
    out = tmp_path / "ch.gif"
    code = main(["render", str(record), "--animate", str(out), "--moves", "20-21", "--fps", "1",
                 "--analyse", "--effort", "50"])
    assert code == 0
    with Image.open(out) as im:
        assert (im.n_frames, im.size) == (4, (640, 400))
        im.seek(3)
        last = im.convert("RGB")
    bars = film_layout((640, 400), bars=True).bars
    assert bars is not None
    assert _count(last, bars, [THEME.player1, THEME.player2]) > 0


def test_a_long_caption_gets_a_taller_box_up_to_two_fifths_of_the_height() -> None:
    def height(lines: int) -> int:
        top, bottom = film_layout((640, 400), False, lines).caption[1::2]
        return bottom - top

    assert height(1) == height(3) == 66
    assert height(3) < height(4) < height(5)
    assert height(40) == 160
    board = film_layout((640, 400), True, 5).board
    assert board[3] - board[1] > 100  # the board keeps room


def test_the_view_turns_with_the_rotation(window: Any) -> None:
    record = game()
    plain = next(film_frames(record, moves=(30, 30), size=(320, 200)))
    turned = next(film_frames(record, moves=(30, 30), size=(320, 200), rotation=1))
    layout = film_layout((320, 200), bars=False)
    assert plain.crop(layout.board).tobytes() != turned.crop(layout.board).tobytes()
    assert plain.crop(layout.header).tobytes() == turned.crop(layout.header).tobytes()  # the header stays


def test_a_settled_challenge_is_drawn_solid_as_the_game_draws_it() -> None:
    """The winner's and the loser's groups both solid (dashed means covered or
    cut, as the help says): the caption says who won."""
    replay = Replay(game())
    assert replay.challenges
    for i, c in enumerate(replay.challenges):
        _, last = challenge_moves(replay, i)
        answer = film_shots(replay, (last, last))[-1]
        groups = {tuple(c.challenge.cells)} | ({tuple(c.response.cells)} if c.response is not None else set())
        styles = {o.style for o in answer.outlines if o.cells in groups}
        assert styles == {"glow"}, (i, styles)
