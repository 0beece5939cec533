"""``spoker play --screenshot FILE``: one frame of a screen, drawn headless.

The game is played by computer players for ``--autoplay N`` moves from the
seed (a person's seat is played by ``greedy`` here), the chosen screen is
shown, its animations run for a while as in the window, and the frame is
saved. The pictures of docs/ are made this way, by the game's own code.

``--load FILE`` and ``--resume`` start from that game instead of a new one;
``--record FILE`` gets the record of the game pictured. The autosaves and the
preferences are read (the title screen lists the unfinished games) but never
written, moved or deleted.
"""

from __future__ import annotations

import io
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import arcade
from PIL import Image

from shibumi import Board, BoardStringError, Cell, Colour, parse_board
from spoker.errors import ArgumentError, StorageError
from spoker.gui.app import SpokerApp
from spoker.gui.launch import setup_from_options
from spoker.gui.models import autosave
from spoker.gui.models.controller import GameController, GameSetup
from spoker.gui.models.game_files import continued_record_notices, record_of, setup_from_record
from spoker.gui.models.settings import Settings
from spoker.gui.render.frame import open_window
from spoker.gui.views.game import GameView
from spoker.gui.views.lab import LabView
from spoker.gui.views.replay import ReplayView
from spoker.records.files import write_bytes_atomic

if TYPE_CHECKING:
    from spoker.engine.rules import RuleSet
    from spoker.records.record import GameRecord

SETTLE_SECONDS = 1.2  # animations run this long before the picture is taken
FRAME = 1 / 60


def parse_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not (sep and w.isdigit() and h.isdigit() and 200 <= int(w) <= 4096 and 200 <= int(h) <= 4096):
        raise ArgumentError(f"size {text!r} is not WxH with sides 200..4096, such as 1280x800")
    return int(w), int(h)


def autoplay(controller: GameController, moves: int, until_over: bool = False) -> None:
    """Play moves with the seats' computer players (greedy for a person's seat)."""
    from spoker.players import checked_choice, make_player

    stand_ins = {
        seat: make_player("greedy", seed=controller.seed + seat)
        for seat in (1, 2) if not controller.setup.is_computer(seat)
    }
    played = 0
    while not controller.over and (played < moves or until_over):
        controller.draw()
        seat = controller.state.to_move
        player = stand_ins.get(seat) or controller.player(seat)
        controller.place(checked_choice(player, controller.state.copy()))
        played += 1


def point_at_a_cell(view: GameView) -> None:
    """A person's turn as it looks: the ball drawn, the pointer on a playable
    cell showing the ghost (the front-most cell that can be seen whole)."""
    view.act_draw()
    spots = sorted(((view.scene.screen_position(c), c) for c in view.controller.playable()), key=lambda p: p[0][1])
    for (x, y, _), cell in spots:
        if view.scene.pick(x, y) == cell:
            view.on_mouse_motion(int(x), int(y), 0, 0)
            return


LAB_EXAMPLE = ("BBBRWWW.BBBRBBBB/.R..R..../..../.", "1G3", Colour.WHITE)
"""rules.md's worked example 2: a flush four whose cut contact spoils it."""


def show_lab(app: SpokerApp, controller: GameController) -> LabView:
    """The laboratory on the game's position (the worked example on an empty
    board), asked about the ball that forms the most there."""
    rules = controller.rules
    board = controller.state.board
    cell: Cell | None
    if len(board):
        cell, colour = _richest_query(board, rules)
    elif (example := _example_board(rules)) is not None:
        board = example
        cell, colour = Cell(LAB_EXAMPLE[1]), LAB_EXAMPLE[2]
    else:  # a bag with fewer balls of a colour than the example holds: the empty board
        cell, colour = None, Colour.WHITE
    view = app.show_lab(board, rules)
    if cell is not None:
        view.choose(colour)
        view.query_cell = cell
    return view


def _example_board(rules: RuleSet) -> Board | None:
    """The worked example's board under ``rules``' bag (None: it holds more
    balls of a colour than that bag)."""
    try:
        return parse_board(LAB_EXAMPLE[0], rules.counts)
    except BoardStringError:
        return None


def _richest_query(board: Board, rules: RuleSet) -> tuple[Cell | None, Colour]:
    from spoker.errors import IllegalActionError
    from spoker.gui.models.lab import ask, four_of

    best: tuple[tuple[int, int], Cell | None, Colour] = ((-1, -1), None, Colour.WHITE)
    for cell in board.playable():
        for colour in Colour:
            try:
                query = ask(board, cell, colour, four_of(rules))
            except IllegalActionError:
                continue
            judged = query.answers[0].judged
            top = max((int(v.group.rank) for v in judged), default=0)
            score = (top, len(judged) + len(query.near_misses))
            if score > best[0]:
                best = (score, cell, colour)
    return best[1], best[2]


def point_at_query(view: LabView) -> None:
    """The pointer on the lab's query cell, when the cell can be seen there."""
    cell = view.query_cell
    if cell is None:
        return
    x, y, _ = view.scene.screen_position(cell)
    if view.scene.pick(x, y) == cell:
        view.on_mouse_motion(int(x), int(y), 0, 0)


RETRY_EFFORT = 2000
"""The analysis's effort for ``--show retry`` (a fraction of a second a record)."""


def show_puzzle(app: SpokerApp, number: int | None, seed: int | None) -> None:
    """The Puzzles screen: the next puzzle (seeded), or shipped puzzle
    ``number`` tried on a wrong cell, every cell's value shown."""
    from spoker.gui.models.puzzle_session import PuzzleSession
    from spoker.gui.views.puzzles import PuzzlesView

    view = app.show_puzzles(number, seed)
    assert isinstance(view, PuzzlesView)
    session = view.session
    if number is not None and isinstance(session, PuzzleSession) and session.puzzle is not None:
        answers = session.puzzle.answers
        wrong = [c for c in session.playable() if c not in answers]
        view.place(wrong[0] if wrong else session.playable()[0])


def check_show(show: str) -> None:
    """:class:`ArgumentError` unless ``--show`` names a screen there is: the
    parser knows the screens and the lessons, not how many puzzles are
    shipped, so ``puzzle:N`` is checked here, before any window opens."""
    if not show.startswith("puzzle:"):
        return
    from spoker.gui.models.puzzle_session import load_shipped

    count = len(load_shipped(notices=[]))  # a file that cannot be read: the screen tells it
    if not 1 <= int(show.partition(":")[2]) <= count:
        raise ArgumentError(f"--show {show}: there are {count} shipped puzzles (puzzle:1 to puzzle:{count})")


def show_retry(app: SpokerApp, controller: GameController) -> None:
    """Retry my mistakes over the game played (analysed at :data:`RETRY_EFFORT`):
    the player with more mistakes and blunders, the first one retried on another
    cell that is not the best."""
    from spoker.gui.views.puzzles import PuzzlesView
    from spoker.runs.analysis import analyse_record

    record = record_of(controller)
    analysis = analyse_record(record, RETRY_EFFORT)
    counts = [sum(1 for m in analysis.moves if m.player == p and m.verdict in ("mistake", "blunder")) for p in (1, 2)]
    view = app.show_retry(record, analysis, 1 if counts[0] >= counts[1] else 2, None)
    assert isinstance(view, PuzzlesView)
    session = view.session
    item = getattr(session, "item", None)
    if item is not None:
        cells = [c for c in session.playable() if c != item.move.best]
        others = [c for c in cells if c != item.move.cell]
        if others or cells:
            view.place((others or cells)[0])


def take_screenshot(options: Any) -> int:
    """Draw the screen ``options.show`` after ``options.autoplay`` moves; save it."""
    path = options.screenshot
    width, height = parse_size(getattr(options, "size", "1280x800") or "1280x800")
    check_show(getattr(options, "show", "game") or "game")
    settings = Settings()
    settings.plan_view = bool(getattr(options, "plan", None))  # --plan: the board's levels flat
    setup = setup_from_options(options, settings)
    if setup.seed is None:
        setup = replace(setup, seed=1)
    window = open_window(width, height, "spoker screenshot", visible=False)
    # --record FILE is the game's record file, as in the window: play_cmd has
    # refused an existing FILE unless it is the --load record, which is extended.
    app = SpokerApp(window, settings, threaded=False, persist=False, record_path=options_record(options))
    app.files.read_unfinished = autosave.unfinished_dir() is not None  # shown, never changed
    if getattr(options, "analyse", None) and getattr(options, "effort", None):
        # Before any screen opens: the replay viewer makes its analysis when it opens.
        app.analyses.effort = int(options.effort)
    show = getattr(options, "show", "game") or "game"
    controller = starting_game(app, options, setup)
    autoplay(controller, int(getattr(options, "autoplay", 0) or 0), until_over=show in ("end", "retry"))
    if show == "title":
        settings.rules_name = setup.rules_name  # --rules FILE.toml: its name chosen, if rules/ holds it
        app.show_title()
    elif show == "settings":  # as reached from the title screen
        app.show_title()
        app.show_settings()
    elif show in ("lab", "lab-rules"):  # lab-rules: its rules panel open
        lab = show_lab(app, controller)
        if show == "lab-rules" and not lab.rules_panel.open:
            lab.toggle_rules_panel()
    elif show == "lessons" or show.startswith("lesson:"):  # Learn to play: the list, or lesson N
        app.show_lessons(int(show.partition(":")[2]) if ":" in show else None)
    elif show == "puzzles" or show.startswith("puzzle:"):  # the next puzzle; shipped puzzle N, tried
        show_puzzle(app, int(show.partition(":")[2]) if ":" in show else None, setup.seed)
    elif show == "retry":
        show_retry(app, controller)
    elif show == "my-games":  # the games kept in the data folder, read only
        app.show_my_games()
    elif show == "help":
        app.play(controller)
        app.show_help()
    elif show == "replay":
        app.replay_game(controller)
        view = window.current_view
        assert isinstance(view, ReplayView)
        answered = [c.response_move for c in view.replay.challenges if c.response_move is not None]
        view.goto(answered[-1] if answered else view.replay.length)  # the last settled challenge
        analyse_first(app, view, options)
    elif show == "end" or controller.over and show != "game":
        app.show_end(controller)
        analyse_first(app, window.current_view, options)
    else:
        app.play(controller)
    view = window.current_view
    assert view is not None
    view.on_draw()  # a first frame, as the window would draw (some screens wait for it)
    if isinstance(view, (GameView, ReplayView)):
        view.moment_time = 0.0  # the last move's moment as it shows right after the move
    for _ in range(int(SETTLE_SECONDS / FRAME)):
        view.on_update(FRAME)
    app.scene.finish_animations()
    if isinstance(view, GameView) and controller.person_to_move:
        point_at_a_cell(view)
    if isinstance(view, LabView):
        point_at_query(view)
    view.on_draw()
    save_picture(path, arcade.get_image(0, 0, width, height))
    window.close()
    job = getattr(view, "analysis", None) if getattr(options, "analyse", None) else None
    analysed = ", analysed" if getattr(job, "result", None) is not None else ""
    print(f"{path}: {show} screen after {controller.state.move_number} moves{analysed}, {width}x{height}")
    target = app.files.write_record_file(controller)
    if target is not None:
        print(f"{target}: the record of the game pictured")
    return 0


def analyse_first(app: SpokerApp, view: Any, options: Any) -> None:
    """``--analyse``: the game's analysis (luck and skill included) run to its
    end now, in this thread (the screenshot's app is not threaded), so the
    picture shows its figures, at the ``--effort`` set when the app was made."""
    if getattr(options, "analyse", None):
        view.start_analysis()


def options_record(options: Any) -> str | None:
    """The --record FILE of the options, if any."""
    return getattr(options, "record", None) or None


def replay_screenshot(
    path: str, record: GameRecord, rules: RuleSet | None, source: str, size: tuple[int, int],
    analyse: bool = False, effort: int | None = None, at: int | None = None, best: bool = False,
) -> int:
    """``spoker replay FILE --screenshot PNG``: the replay viewer at move ``at``
    (default the last), with the game's analysis (computed first, in this
    thread) when ``analyse``, and the best cell's ghost when ``best``."""
    width, height = size
    window = open_window(width, height, "spoker screenshot", visible=False)
    app = SpokerApp(window, Settings(), threaded=False, persist=False)
    if effort is not None:
        app.analyses.effort = effort
    app.open_replay(record, rules, source, analyse=analyse)
    view = window.current_view
    assert isinstance(view, ReplayView)
    view.goto(view.replay.length if at is None else at)
    if best:
        view.toggle_best()
    view.on_draw()
    view.moment_time = 0.0  # the move's moment as it shows right after the move
    for _ in range(int(SETTLE_SECONDS / FRAME)):
        view.on_update(FRAME)
    app.scene.finish_animations()
    view.on_draw()
    save_picture(path, arcade.get_image(0, 0, width, height))
    window.close()
    analysed = ", analysed" if view.analysis.result is not None else ""
    print(f"{path}: replay of {source} at move {view.position} of {view.replay.length}{analysed}, {width}x{height}")
    return 0


def save_picture(path: str, image: Image.Image) -> None:
    """The frame as a PNG (or as the file name's kind), written atomically."""
    picture = io.BytesIO()
    kind = Image.registered_extensions().get(os.path.splitext(path)[1].lower(), "PNG")
    image.convert("RGB").save(picture, format=kind, optimize=True)
    write_bytes_atomic(path, picture.getvalue())  # never half a picture


def starting_game(app: SpokerApp, options: Any, setup: GameSetup) -> GameController:
    """The game to picture: the --load record's, the last unfinished one
    (--resume), or a new one."""
    record = getattr(options, "load_record", None)
    if record is not None:
        # Told as the window tells them: on stderr and on the game screen.
        app.files.note(continued_record_notices(record))
        return GameController(setup_from_record(record.headers, record.rules), record.play())
    if getattr(options, "resume", False):
        entries = app.unfinished_games()
        if not entries:
            raise StorageError("--resume: there is no unfinished game")
        return autosave.load(entries[0].path)
    return GameController(setup)
