"""Opening the window for a command: ``spoker play``, ``spoker lab`` and
``spoker replay FILE`` (without ``--json``).

The command line reads and checks what the person typed, then calls
:func:`run_play`, :func:`run_lab` or :func:`run_replay` (imported lazily, so
that a command that opens no window never imports arcade). Each opens the
window (:func:`make_window`), makes the :class:`~spoker.gui.app.SpokerApp` and
shows the command's first screen. ``ARCADE_HEADLESS=1`` runs without a
display; ``--screenshot`` is the command line's
(:mod:`spoker.gui.screenshot`), not this module's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import arcade

from spoker.engine.rules import RuleSet
from spoker.errors import NotationError, SpokerError
from spoker.gui.app import SpokerApp
from spoker.gui.models.controller import PERSON, GameSetup, is_rules_name
from spoker.gui.models.settings import Settings

if TYPE_CHECKING:
    from shibumi import Board
    from spoker.records.record import GameRecord

TITLE = "Spoker - Shibumi meets poker"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 480)


def make_window(visible: bool = True) -> arcade.Window:
    """The game's window; :class:`SpokerError` (one line) if it cannot open."""
    try:
        from spoker.gui.render.frame import open_window

        window = open_window(DEFAULT_SIZE[0], DEFAULT_SIZE[1], TITLE, resizable=True, visible=visible, vsync=False)
    except Exception as err:  # pyglet's NoSuchDisplayException, ContextException ...
        raise SpokerError(f"the window cannot open ({type(err).__name__}: {err}); {HEADLESS_HINT}") from None
    window.set_minimum_size(*MIN_SIZE)
    return window


def full_screen(app: SpokerApp) -> None:
    """The window fills the screen if the settings say so (the settings
    screen's Full screen; a headless window stays as it is)."""
    if app.settings.fullscreen:
        from spoker.gui.views.settings_view import apply_fullscreen

        apply_fullscreen(app.window, True)


HEADLESS_HINT = (
    "without a display, use --screenshot FILE.png for a picture, "
    "or set ARCADE_HEADLESS=1 to run with no visible window"
)


def setup_from_options(options: Any, settings: Settings) -> GameSetup:
    """The new-game setup from ``spoker play`` options (the rest from the settings)."""
    rules_text = getattr(options, "rules", None)
    # --rules FILE.toml: its items and its name (play_cmd read the file).
    rules, rules_name = (RuleSet.parse(rules_text), getattr(options, "rules_name", "") or "") if rules_text \
        else remembered_rules(settings)
    rules_name = rules_name if is_rules_name(rules_name) else ""  # too long a name: the game plays unnamed
    given = [getattr(options, f"player{i}", None) for i in (1, 2)]
    wanted = [settings.seat1, settings.seat2]
    names_known: tuple[str, ...] = ()
    if any(v is not None for v in given) or any(s != PERSON for s in wanted):
        from spoker.players import PLAYER_NAMES  # only then: the players' tables take a while

        names_known = PLAYER_NAMES
    seats = []
    names = []
    for i, default_name in ((1, settings.name1), (2, settings.name2)):
        value = given[i - 1]
        value = value.strip() if value is not None else None
        if value is None:
            names.append(default_name)
            seats.append(wanted[i - 1])
        elif value.lower() in names_known:
            from spoker.players import computer_name

            names.append(computer_name(value.lower()))
            seats.append(value.lower())
        else:
            names.append(value)
            seats.append(PERSON)
    for i in range(2):
        if seats[i] != PERSON and seats[i] not in names_known:
            # A level no longer installed: a person's seat, under no computer's name.
            seats[i] = PERSON
            if names[i].startswith("Computer ("):
                names[i] = f"Player {i + 1}"
    seed = getattr(options, "seed", None)
    # Hints are allowed unless --no-hints; whether they show is the settings' show_hints.
    hints = not getattr(options, "no_hints", False)
    return GameSetup((names[0], names[1]), (seats[0], seats[1]), rules, seed, hints, rules_name)


def remembered_rules(settings: Settings) -> tuple[RuleSet, str]:
    """The rules of a new game the settings remember, and the rules file's
    name: the file chosen on the title while one of that name is in the data
    folder's rules/, else the title's toggles (:func:`rules_of`) and ""."""
    if settings.rules_name:
        from spoker.gui.models import rules_library

        found = rules_library.named(settings.rules_name, rules_library.scan().found)
        if found is not None:
            return found.rules_file.rules, found.rules_file.name
    return rules_of(settings), ""


def rules_of(settings: Settings) -> RuleSet:
    """The rules the settings remember (a further variant no longer installed is left out)."""
    variants = tuple(v.strip() for v in settings.variants.split(",") if v.strip())
    try:
        return RuleSet(settings.visibility, settings.apex_free, variants)
    except NotationError:
        return RuleSet(settings.visibility, settings.apex_free)


def run_play(options: Any) -> int:
    """``spoker play``: the title screen, or straight into a game (``--screenshot``
    is the command line's: :func:`spoker.gui.screenshot.take_screenshot`)."""
    window = make_window()
    app = SpokerApp(window, record_path=getattr(options, "record", None))
    full_screen(app)
    start(app, options)
    arcade.run()
    return 0


def start(app: SpokerApp, options: Any) -> None:
    """The first screen for the command's options."""
    if getattr(options, "resume", False):
        app.resume()
        return
    record = getattr(options, "load_record", None)  # --load FILE, read and checked by the command line
    if record is not None:
        error = app.open_record(record, getattr(options, "load", None) or "the record", "play")
        if error:
            app.show_title(error, "bad")
        return
    explicit = any(
        getattr(options, name, None) is not None for name in ("seed", "rules", "player1", "player2")
    )
    if not explicit:
        app.show_title()
        return
    kept = len(app.unfinished_games())  # before the new game has its own file
    view = app.new_game(setup_from_options(options, app.settings))
    typos = level_typos(options)
    if typos:
        view.say(typos[0], "bad", 12)
    elif kept:
        games = "unfinished game is" if kept == 1 else f"{kept} unfinished games are"
        view.say(f"Your {games} kept: Menu (Esc) offers to continue.", "info", 8)


def level_typos(options: Any) -> list[str]:
    """A line for each --player value that looks like a misspelt computer level."""
    from spoker.players import level_typo  # the players' module takes a while to import

    out = []
    for i in (1, 2):
        value = getattr(options, f"player{i}", None)
        level = level_typo(value) if value else None
        if level:
            out.append(f"Player {i} {value!r} is a person: did you mean the computer level {level!r}?")
    return out


def run_lab(
    board: Board | None, rules: RuleSet | None, suite: str | None,
) -> int:
    """``spoker lab``: the window on the laboratory."""
    window = make_window()
    app = SpokerApp(window)
    full_screen(app)
    app.show_lab(board, rules, suite)
    arcade.run()
    return 0


def run_replay(
    record: GameRecord, rules: RuleSet | None, source: str = "", analyse: bool = False, effort: int | None = None,
) -> int:
    """``spoker replay FILE``: the record (read and checked by the command
    line, from ``source``) in the replay viewer (``analyse``: its analysis
    starts at once, at ``effort`` if given)."""
    window = make_window()
    app = SpokerApp(window)
    full_screen(app)
    if effort is not None:
        app.analyses.effort = effort
    app.open_replay(record, rules, source, analyse=analyse)
    arcade.run()
    return 0
