"""The title screen: new game (names, seats, rules, seed), continue, open a record."""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Cell, Colour, parse_board
from spoker.engine.rules import RuleSet
from spoker.errors import PluginError
from spoker.gui.models import autosave, rules_library
from spoker.gui.models.controller import PERSON, GameSetup, is_rules_name
from spoker.gui.models.story import Mark, MarkRole
from spoker.gui.render.frame import Rect, clear_colour, pixel_rect
from spoker.gui.render.shapes import draw_ball, draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.views.base import BaseView
from spoker.gui.views.common import highlights
from spoker.gui.widgets.base import Widget
from spoker.gui.widgets.buttons import Button, Choice, Toggle
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import ENTER_KEYS, TextInput
from spoker.text.rules_words import summary

if TYPE_CHECKING:
    from spoker.gui.host import AppHost
    from spoker.gui.render.scene import BoardScene

# The pyramid shown on the title screen: a game in progress, a full house lit.
SHOWCASE = parse_board("WRBRRWBRRWBWRWB./.BRWB.WB./..W./.")
SHOWCASE_GROUP = tuple(Cell.from_str(c) for c in ("2B4", "2D4", "2B6", "2D6", "3C5"))

INTRO = (
    "How to play: draw a ball from the bag and place it on the pyramid. A ball that forms a "
    "poker-like group (a line of three or four, a five-ball pyramid) challenges your opponent, "
    "who must answer with a better group using the next ball. The better group scores a point; "
    "a straight flush wins at once. Press F1 for the rules and the keys."
)

VISIBILITY_TIPS = {
    "visible": "Covered balls and cut contacts spoil a group (the standard ruling)",
    "touching": "Variant: every group of touching balls counts, covered or cut",
}
NO_VARIANT = ""
NO_VARIANT_TIP = "No further variant: the rules above as they are (click for the installed variants)"
GENTLE_LEVEL = "greedy"
"""The computer "Play the computer" seats when no level was chosen: Casual,
gentle enough for a first game, not random."""
HINTS_TIP = "Show the best cells on a person's turn, from the first move (I turns them on and off in a game)"


def seat_options() -> list[tuple[str, str]]:
    """A person, then every computer player (installed plug-ins too), by its
    level's name on screen (Beginner ... Expert)."""
    from spoker.players import level_label, player_names

    return [(PERSON, "Person")] + [(name, f"Computer: {level_label(name)}") for name in player_names()]


def seat_tip(value: str) -> str:
    """The seat's tip: what the level does, and its engine's name (the
    command line's and the records')."""
    if value == PERSON:
        return "A person plays this seat (click to choose a computer level)"
    from spoker.errors import ArgumentError
    from spoker.players import player_entry

    try:
        entry = player_entry(value)
    except ArgumentError:
        return value
    return f"{entry.description} (the '{entry.name}' player)"


def is_computer_name(name: str) -> bool:
    """Whether ``name`` is the name a computer's seat gets when no one named
    it (``Computer (Club)``, or an older ``Computer (lookahead)``): a name to
    give back when the seat becomes a person's again."""
    from spoker.players import computer_name, player_names

    return any(name in (computer_name(level), f"Computer ({level})") for level in player_names())


def variant_options() -> list[tuple[str, str]]:
    """No further variant, then every registered or installed rule variant
    beyond rules.md's two (touching and apex-free have their own buttons)."""
    from spoker.engine.rules import VISIBILITIES, variant_names

    own = set(VISIBILITIES) | {"apex-free"}
    return [(NO_VARIANT, "none")] + [(name, name) for name in variant_names() if name not in own]


def variant_tip(value: str) -> str:
    """What the variant changes (its summary), for its button's tip."""
    if value == NO_VARIANT:
        return NO_VARIANT_TIP
    from spoker.engine.rules import VARIANTS

    variant = VARIANTS.get(value)
    return f"Variant {value}: {variant.summary}" if variant is not None else value


AS_WRITTEN = ""
"""The rules chooser's first option: the rules as written, with the toggles."""
AS_WRITTEN_TIP = ("The rules as written, with the visibility and apex choices beside "
                  "(click for the rules files in the data folder's rules/)")


def rules_options(found: Sequence[rules_library.FoundRules]) -> list[tuple[str, str]]:
    """The rules chooser's options: the rules as written, then each rules
    file found, by its name (the value is its place in ``found``)."""
    return [(AS_WRITTEN, "as written")] + [(str(i), f.rules_file.name) for i, f in enumerate(found)]


def rules_file_tip(found: rules_library.FoundRules) -> str:
    """A rules file's tip: its summary (cut to :data:`TIP_SUMMARY` characters,
    a tip is one line) and its file; what it changes is on the screen."""
    summary = found.rules_file.summary
    if len(summary) > TIP_SUMMARY:
        summary = summary[:TIP_SUMMARY - 1].rstrip() + "\u2026"
    return f"{summary} ({found.path.name})"


TIP_SUMMARY = 60


def entry_details(entry: autosave.Entry, index: int, count: int) -> str:
    """The line under an unfinished game's names: which one, how far, when."""
    s = entry.summary
    which = f"Unfinished {index + 1} of {count}" if count > 1 else "Unfinished"
    when = datetime.datetime.fromtimestamp(entry.saved).strftime("%d %b %H:%M")
    rules = f" \u00b7 {s.rules}" if s.rules else ""  # a rules file's name, as My games names it
    return f"{which} \u00b7 move {s.move_number} \u00b7 {s.score[0]}-{s.score[1]}{rules} \u00b7 {when}"


def _digits(text: str) -> bool:
    return text.isdigit() and text.isascii() and len(text) <= 12


class TitleView(BaseView):
    """New game, continue an unfinished game, open or replay a record."""

    def __init__(self, app: AppHost) -> None:
        super().__init__(app)
        s = app.settings
        # Every unfinished game, the last played first: one shows, the arrows step.
        self.entries: list[autosave.Entry] = app.unfinished_games()
        self.index = 0
        self.discard_armed: Path | None = None
        ui = self.ui
        self.b_continue = ui.add(Button("Continue", self.resume, "C", primary=True))
        self.b_prev = ui.add(Button("\u2039", lambda: self.step(-1), tooltip="The previous unfinished game (Page Up)", size=20))
        self.b_next = ui.add(Button("\u203a", lambda: self.step(1), tooltip="The next unfinished game (Page Down)", size=20))
        self.b_discard = ui.add(Button("Discard", self.discard, tooltip="Delete this unfinished game (asks first)"))
        self._show_entry()
        self.name_inputs = [
            ui.add(TextInput(s.name1, "Player 1", 24, caption="Player 1 (starts)")),
            ui.add(TextInput(s.name2, "Player 2", 24, caption="Player 2")),
        ]
        options = seat_options()
        values = [v for v, _ in options]
        self.seats = []
        # While a computer has a seat: the name its person had there ("" if
        # none), given back when the seat is a person's again; None while a
        # person has it.
        self.person_names: list[str | None] = []
        for i, seat in enumerate((s.seat1, s.seat2)):
            choice = Choice("", options, values.index(seat) if seat in values else 0)
            choice.on_change = self._seat_changed(i)
            choice.tooltip = seat_tip(choice.value)
            self.seats.append(ui.add(choice))
            field = self.name_inputs[i]
            self.person_names.append(None if choice.value == PERSON else "")
            name = " ".join(field.text.split())
            if choice.value == PERSON and is_computer_name(name):
                field.text = f"Player {i + 1}"  # a computer's name kept by an older version
            elif choice.value != PERSON and name in ("", f"Player {i + 1}"):
                from spoker.players import computer_name

                field.text = computer_name(choice.value)
        self.visibility = ui.add(Choice(
            "Visibility", [("visible", "visible"), ("touching", "touching")],
            0 if s.visibility == "visible" else 1, tooltip=VISIBILITY_TIPS[s.visibility],
        ))
        self.visibility.on_change = lambda v: setattr(self.visibility, "tooltip", VISIBILITY_TIPS[v])  # type: ignore[assignment]
        self.apex = ui.add(Toggle(
            "Apex", s.apex_free, labels=("straight flush only", "counts always"),
            tooltip="Apex ruling: on a normal turn the apex counts only for a straight flush",
        ))
        variants = variant_options()
        names = [v for v, _ in variants]
        kept = next((v for v in s.variants.split(",") if v in names[1:]), NO_VARIANT)
        self.variant = ui.add(Choice("Variant", variants, names.index(kept), tooltip=variant_tip(kept)))
        self.variant.on_change = lambda v: setattr(self.variant, "tooltip", variant_tip(v))  # type: ignore[assignment]
        self.has_variants = len(variants) > 1  # a button only when a plug-in or a program registered one
        self.variant.visible = self.has_variants
        self._add_rules_choice()
        self.seed = ui.add(TextInput("", "random", 12, allowed=_digits, caption="Seed (optional)",
                                     tooltip="The same seed gives the same draws"))
        self.hints = ui.add(Toggle("Hints", s.show_hints, self._hints_changed, tooltip=HINTS_TIP))
        self.b_settings = ui.add(Button(
            "Settings", self.app.show_settings, "F2",
            tooltip="Takebacks, sound, computer pace, colour marks, board view, full screen (F2)",
        ))
        self.b_computer = ui.add(Button(
            "Play the computer", self.play_computer, "K", primary=True,
            tooltip="You against the computer (Casual, or the level chosen above); the first time with hints (K)",
        ))
        self.b_start = ui.add(Button("Start game", self.start, "Enter", primary=True))
        self.b_help = ui.add(Button("Rules & keys", self.app.show_help, "F1"))
        self.b_quit = ui.add(Button("Quit", self.app.quit, "Ctrl+Q"))
        self.b_lab = ui.add(Button("Laboratory", self.open_lab, "L",
                                   tooltip="Set up any position and see what a ball would form, under the rules chosen"))
        self.b_learn = ui.add(Button("Learn to play", self.app.show_lessons, "T",
                                     tooltip="Short lessons on the board: the rules, one task at a time (T)"))
        self.b_puzzles = ui.add(Button("Puzzles", self.app.show_puzzles, "P",
                                       tooltip="Find the best cell: puzzles proved by exact search, a rating (P)"))
        self.record = ui.add(TextInput(s.last_record, "path/to/game.txt", 400, caption="Record file"))
        self.b_replay = ui.add(Button("Replay", lambda: self.open_record("replay"), tooltip="Watch the record in the replay viewer"))
        self.b_load = ui.add(Button("Continue it", lambda: self.open_record("play"), tooltip="Play on from the record's last move"))
        self.b_games = ui.add(Button("My games", self.app.show_my_games, "M",
                                     tooltip="Every game you finished: replay, analyse, retry, export, delete (M)"))
        self._title = Label("SPOKER", 54, THEME.accent, bold=True, anchor_x="center", anchor_y="center")
        self._subtitle = Label("Shibumi meets poker  \u00b7  a game by Giacomo Galimberti", 14, THEME.muted,
                               anchor_x="center", anchor_y="center")
        ui.backdrop = (self._title, self._subtitle)  # a long tooltip may go over them in a low window
        self._section = [Label(t, 12, THEME.muted, bold=True) for t in ("PLAYERS", "RULES", "OPEN A RECORD")]
        self._saved = Label("", 13, THEME.text, bold=True, anchor_y="top")
        self._saved_info = Label("", 10, THEME.muted, anchor_y="top")
        self._caption = Label("", 11, THEME.muted, anchor_x="center", anchor_y="bottom")
        self.time = 0.0
        self.turn_clock = 0.0
        self.scene: BoardScene | None = None
        self.show_board = False
        self.col = (0.0, 1.0)
        self.saved_y = 0.0
        self.intro_y = 0.0
        self._intro = TextBlock(12)
        self._intro_small = TextBlock(10)
        self.title_y = 0.0
        self.title_scale = 1.0
        self.caption_y = 80.0
        self.attach_labels()

    def _seat_changed(self, i: int) -> Callable[[str], None]:
        """A seat's new player: its tip, and its name field follows. A
        computer takes the seat under its own name (the person's is kept; a
        name typed for the computer stays while it changes level); when the
        seat goes back to a person, the field gets the person's name again."""
        field = self.name_inputs[i]

        def changed(value: str) -> None:
            self.seats[i].tooltip = seat_tip(value)
            self._name_start()
            name = " ".join(field.text.split())
            was_person = self.person_names[i] is None
            if value == PERSON:
                if not was_person:
                    field.text = self.person_names[i] or f"Player {i + 1}"
                    self.person_names[i] = None
                return
            from spoker.players import computer_name

            if was_person:
                self.person_names[i] = "" if is_computer_name(name) else name
                field.text = computer_name(value)
            elif not name or is_computer_name(name):
                field.text = computer_name(value)

        return changed

    # -- the rules files ---------------------------------------------------------
    def _add_rules_choice(self) -> None:
        """The rules chooser: the rules as written (the toggles), or a rules
        file of the data folder's rules/ (the file's rules replace the
        toggles, hidden meanwhile). Shown only when there is a file; a file
        that cannot be read is told once a window, not each visit."""
        found = rules_library.scan()
        self.app.tell_once(found.notices, self)
        self.rules_found = found.found
        kept = rules_library.named(self.app.settings.rules_name, found.found)
        index = 0 if kept is None else found.found.index(kept) + 1
        self.rules_choice = self.ui.add(Choice("Rules", rules_options(found.found), index))
        self.rules_choice.on_change = self._rules_changed  # type: ignore[assignment]
        self.rules_choice.visible = bool(found.found)
        self._rules_words = Label("", 10, THEME.muted, anchor_y="top", multiline=True, width=200)
        self.rules_rect = (0.0, 0.0, 0.0, 0.0)
        self._rules_changed(self.rules_choice.value, relayout=False)

    @property
    def rules_file(self) -> rules_library.FoundRules | None:
        """The rules file chosen (None: the rules as written and the toggles)."""
        value = self.rules_choice.value
        return None if value == AS_WRITTEN else self.rules_found[int(value)]

    def _rules_changed(self, value: str, relayout: bool = True) -> None:
        """A file chosen hides the toggles it replaces; its tip says what it is."""
        chosen = self.rules_file
        self.visibility.visible = self.apex.visible = chosen is None
        self.variant.visible = chosen is None and self.has_variants
        self.rules_choice.tooltip = AS_WRITTEN_TIP if chosen is None else rules_file_tip(chosen)
        if relayout:
            self.layout(*self.size)

    def _rules_row(self, left: float, y: float, col: float) -> None:
        """The rules in a row: the chooser (when there are files), the
        toggles (a further variant's button only when there is one) or, with
        a file chosen, its summary in their room; then the seed."""
        k = ui_scale()
        toggles: list[Widget] = [self.visibility, self.apex]
        toggles += [self.variant] if self.has_variants else []
        chooser: list[Widget] = [self.rules_choice] if self.rules_choice.visible else []
        row = chooser + toggles + [self.seed]
        self._row(row, left, y, col, 12 * k if len(row) > 3 else 20 * k)
        first, last = toggles[0], toggles[-1]
        self.rules_rect = (first.left, first.bottom, last.left + last.width - first.left, first.height)

    def _draw_rules_file(self) -> None:
        """What the chosen file changes, in the toggles' room: two lines at
        most, cut to fit (the chooser's tip has it whole, with the file's
        summary)."""
        chosen = self.rules_file
        if chosen is None:
            return
        x, bottom, width, height = self.rules_rect
        text = self._rules_words.fitted(summary(chosen.rules_file.rules), 1.7 * (width - 8))  # room for two lines' breaks
        self._rules_words.set(text, width=int(width - 8))
        top = bottom + height / 2 + min(height, self._rules_words.content_height) / 2
        self._rules_words.draw_at(x + 4, top, text, width=int(width - 8))

    def _hints_changed(self, on: bool) -> None:
        """Hints shown or not: the one setting the game's I key also turns."""
        self.app.settings.show_hints = on
        self.app.save_settings()

    # -- unfinished games ------------------------------------------------------
    @property
    def saved(self) -> autosave.Summary | None:
        """The unfinished game on show (None: there is none)."""
        return self.entries[self.index].summary if self.entries else None

    def _show_entry(self) -> None:
        self.index = min(self.index, max(0, len(self.entries) - 1))
        self.discard_armed = None
        self.b_discard.label = "Discard"
        several = len(self.entries) > 1
        for b in (self.b_continue, self.b_discard):
            b.visible = bool(self.entries)
        for b in (self.b_prev, self.b_next):
            b.visible = several
        self.b_continue.tooltip = self.entries[self.index].text() if self.entries else ""

    def step(self, delta: int) -> None:
        if self.entries:
            self.index = (self.index + delta) % len(self.entries)
            self._show_entry()

    def discard(self) -> None:
        """Delete the unfinished game on show: the first click asks, the second deletes."""
        if not self.entries:
            return
        entry = self.entries[self.index]
        if self.discard_armed != entry.path:
            self.discard_armed = entry.path
            self.b_discard.label = "Delete it?"
            self.say(f"Click 'Delete it?' to delete {entry.summary.text()} for good.", "bad", 6)
            return
        self.app.discard(entry.path)
        del self.entries[self.index]
        self._show_entry()
        self.layout(*self.size)
        self.say("The unfinished game is deleted.", "info", 4)

    # -- actions -------------------------------------------------------------
    def setup(self) -> GameSetup:
        """The game the screen shows. Hints are allowed (whether they show is
        the ``show_hints`` setting, turned here and by the game's I key)."""
        seats = (self.seats[0].value, self.seats[1].value)
        names = []
        for i, field in enumerate(self.name_inputs):
            name = " ".join(field.text.split()) or f"Player {i + 1}"
            if seats[i] != PERSON and name == f"Player {i + 1}":
                from spoker.players import computer_name

                name = computer_name(seats[i])
            names.append(name)
        seed = int(self.seed.text) if self.seed.text else None
        rules, name = self.chosen_rules()
        return GameSetup((names[0], names[1]), seats, rules, seed, rules_name=name)

    def chosen_rules(self) -> tuple[RuleSet, str]:
        """The rule set chosen here and its rules file's name ("": the
        toggles, or a file whose name is too long to carry)."""
        chosen = self.rules_file
        if chosen is not None:
            rules_file = chosen.rules_file
            return rules_file.rules, rules_file.name if is_rules_name(rules_file.name) else ""
        variants = (self.variant.value,) if self.has_variants and self.variant.value else ()
        return RuleSet(self.visibility.value, self.apex.on, variants), ""

    def open_lab(self) -> None:
        """The laboratory under the rules chosen here (its rules panel open on them when they have items)."""
        self.app.show_lab(None, self.chosen_rules()[0])

    def start(self) -> None:
        setup = self.setup()
        if self.playable(setup.rules):
            self.app.new_game(setup)

    def playable(self, rules: RuleSet) -> bool:
        """Whether a game can be played under ``rules``; if not (a plug-in
        variant that fails to change the rulings), says why here."""
        try:
            rules.rulings  # noqa: B018  (applies the variants: a failing one raises)
        except PluginError as error:
            self.say(str(error), "bad", 10.0)
            return False
        return True

    def _name_start(self) -> None:
        """Enter's button says what it starts: two people (the default), else the game set above."""
        self.b_start.label = "Two players" if all(seat.value == PERSON for seat in self.seats) else "Start game"

    def computer_level(self) -> str:
        """The level "Play the computer" seats: the one chosen above (player
        2's seat first), else :data:`GENTLE_LEVEL`."""
        chosen = [seat.value for seat in reversed(self.seats) if seat.value != PERSON]
        return chosen[0] if chosen else GENTLE_LEVEL

    def play_computer(self) -> None:
        """The person (player 1, who starts) against the computer, the rules
        as set; the first time, with the hints on."""
        from spoker.players import computer_name

        setup = self.setup()
        if not self.playable(setup.rules):
            return
        person = self.person_names[0] if self.seats[0].value != PERSON else setup.names[0]
        level = self.computer_level()
        s = self.app.settings
        if not s.played_computer:
            s.played_computer = s.show_hints = True
            self.hints.set(True)
            self.app.save_settings()
        self.app.new_game(GameSetup((person or "Player 1", computer_name(level)), (PERSON, level),
                                    setup.rules, setup.seed, rules_name=setup.rules_name))

    def resume(self) -> None:
        if self.entries:
            self.app.resume(self.entries[self.index].path)

    def open_record(self, mode: str) -> None:
        path = self.record.text.strip()
        if not path:
            self.say("Type the record's file name first.", "bad")
            self.record.focus(True)
            return
        error = self.app.open_record_file(path, mode)
        if error:
            self.say(error, "bad", 8)

    # -- layout and drawing -----------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        k = ui_scale()
        self.show_board = width >= 1000 and height >= 560
        col = min(680.0 * k, width * 0.56 - 40) if self.show_board else min(760.0 * k, width - 40.0)
        left = 40.0 * k if self.show_board else (width - col) / 2
        self.col = (left, col)
        scale = max(0.62, min(1.0, (height - 40) / (740 * k)))
        gap = (10 + 22 * scale) * k  # between groups; a caption and its field keep fixed room
        top = height - 140.0 * scale * k - 10
        self.title_y = height - 54 * scale * k
        self.title_scale = scale
        self.section_y = [0.0, 0.0, 0.0]
        y = top
        if self.saved is not None:
            self.b_continue.place(left + col - 150 * k, y - 46 * k, 150 * k, 40 * k)
            self.b_discard.place(left + col - 254 * k, y - 46 * k, 96 * k, 40 * k)
            self.b_prev.place(left, y - 46 * k, 34 * k, 40 * k)
            self.b_next.place(left + 38 * k, y - 46 * k, 34 * k, 40 * k)
            self.saved_y = y - 26 * k
            y -= 56 * k + gap
        self.section_y[0] = y
        y -= 58 * k
        half = (col - 20 * k) / 2
        for i in range(2):
            x = left + i * (half + 20 * k)
            # The name the wider: a computer's ("Computer (Expert)") whole; the seat's label shrinks first.
            self.name_inputs[i].place(x, y, half * 0.6, 34 * k)
            self.seats[i].place(x + half * 0.62, y, half * 0.38, 34 * k)
        y -= gap + 14 * k
        self.section_y[1] = y
        y -= 58 * k
        # The rules in a row, then hints, the other settings and the laboratory.
        self._rules_row(left, y, col)
        y -= 44 * k
        self._row([self.b_learn, self.b_puzzles, self.hints, self.b_settings, self.b_lab], left, y, col, 10 * k)
        y -= 46 * k + gap
        self._name_start()
        x, room = left, col - 3 * 14 * k
        # The two ways to play the wider (their labels whole, at their size).
        for b, share in ((self.b_computer, 0.32), (self.b_start, 0.26), (self.b_help, 0.22), (self.b_quit, 0.20)):
            b.place(x, y, room * share, 46 * k)
            x += room * share + 14 * k
        y -= gap + 14 * k
        self.section_y[2] = y
        y -= 58 * k
        self.record.place(left, y, col - 3 * 120 * k - 20 * k, 34 * k)
        self.b_games.place(left + col - 350 * k, y, 110 * k, 36 * k)
        self.b_replay.place(left + col - 230 * k, y, 110 * k, 36 * k)
        self.b_load.place(left + col - 110 * k, y, 110 * k, 36 * k)
        self.intro_y = y - 22 * k
        if self.show_board and self.scene is not None:
            bx = left + col + 30 * k
            vw, vh = width - bx - 20, height - 150 * k
            self.scene.set_viewport(bx, 90 * k, vw, vh)
            # Under the board: it fills the viewport's width, about 3/4 as tall.
            self.caption_y = 90 * k + vh / 2 - min(vw * 0.78, vh) / 2 - 28 * k

    @staticmethod
    def _row(widgets: Sequence[Widget], left: float, y: float, width: float, gap: float) -> None:
        """``widgets`` side by side across ``width``, as wide as each other
        (a text field a little lower: its caption sits above it)."""
        k = ui_scale()
        each = (width - gap * (len(widgets) - 1)) / len(widgets)
        for i, w in enumerate(widgets):
            w.place(left + i * (each + gap), y, each, (34 if isinstance(w, TextInput) else 36) * k)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.app.closed:
            return
        dt = min(delta_time, 0.25)
        self.time += dt
        # The pyramid is made after the first frame, so the window opens at once.
        if self.scene is None and self.frames >= 1 and self.show_board:
            self.scene = self.app.scene
            self.scene.set_board(SHOWCASE, animate=False)
            self.scene.set_highlights(highlights([Mark(SHOWCASE_GROUP, MarkRole.CHALLENGE)]))  # type: ignore[arg-type]
            self.scene.set_ghost(None, None)
            self.scene.set_hover(None)
            self.layout(*self.size)
        if self.scene is not None:
            self.turn_clock += dt
            if self.turn_clock > 7.0:
                self.turn_clock = 0.0
                self.scene.rotate(1)
            self.scene.update(dt)

    def on_draw(self) -> None:
        cache = self.app.frame_cache
        pulses: list[tuple[Rect, float]] = []
        glow = self.scene.glow_rect() if self.scene is not None and self.show_board else None
        if glow is not None and self.scene is not None:
            pulses.append((pixel_rect(*glow, scale=self.window.get_pixel_ratio()), self.scene.pulse()))
        cache.frame(self._frame_key(), self._draw_screen, pulses)
        super().on_draw()

    def _frame_key(self) -> Hashable | None:
        """Equal while the picture is: the screen changes on input (counted by
        the window's pacer), with its board and its widgets; None while the board turns."""
        scene = self.scene
        if scene is not None and scene.animating:
            return None
        return (
            id(self), self.size, self.app.frame_cache.pacer.events, self.ui.revision,
            None if scene is None else scene.revision, self.show_board, self.index, len(self.entries),
            self.message if self.message_time > 0 else None,
        )

    def _draw_screen(self, level: float | None = None) -> None:
        """The whole screen; the board's glow at ``level`` if given (see FrameCache)."""
        clear_colour(THEME.background)
        width, height = self.size
        left, col = self.col
        if self.scene is not None and self.show_board:
            self.scene.draw(level)
            k = ui_scale()
            room = width - left - col - 50 * k
            self._caption.draw_at(left + col + 30 * k + room / 2, max(20.0 * k, self.caption_y), self._caption.fitted(
                "A full house on level 3: five balls, two pairs and a top", room))
        k = ui_scale()
        cx = left + col / 2
        self._draw_balls(cx, self.title_y)
        self._title.draw_at(cx, self.title_y, size=round(54 * self.title_scale))
        sub_y = self._title.box().bottom - self._subtitle.content_height / 2
        self._subtitle.draw_at(cx, sub_y, self._subtitle.fitted(
            "Shibumi meets poker  \u00b7  a game by Giacomo Galimberti", min(col, width - 20)))
        for label, y in zip(self._section, self.section_y):
            label.draw_at(left, y)
        if self.saved is not None:
            y = self.b_continue.bottom
            draw_box(left - 10 * k, y - 8 * k, col + 20 * k, 56 * k, (40, 52, 40, 230), THEME.good, radius=10)
            entry = self.entries[self.index]
            several = len(self.entries) > 1
            text_left = left + (80 if several else 4) * k
            room = left + col - 266 * k - text_left
            a, b = entry.summary.names
            # The two lines centred on the box, spaced by their heights.
            names_h = self._saved.set("Ag").content_height
            info_h = self._saved_info.set("Ag").content_height
            top = y - 8 * k + 28 * k + (names_h + info_h) / 2
            self._saved.draw_at(text_left, top, self._saved.fitted(f"{a} vs {b}", room))
            self._saved_info.draw_at(text_left, top - names_h, self._saved_info.fitted(entry_details(
                entry, self.index, len(self.entries)), room))
        self._draw_rules_file()
        intro = [(INTRO, THEME.muted)]
        # In a low window the smaller print, rather than no introduction at all.
        block = self._intro if self.intro_y - self._intro.height(intro, col) >= 20 * k else self._intro_small
        block.draw(intro, left, self.intro_y, col, bottom_limit=16 * k)
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        self.draw_message(16 * ui_scale())

    def _draw_balls(self, cx: float, cy: float) -> None:
        """Three balls circling gently beside the title."""
        k = ui_scale() * self.title_scale
        # Beside the title's ends: its half width and a ball's room.
        half = self._title.set(size=round(54 * self.title_scale)).content_width / 2
        for i, colour in enumerate((Colour.WHITE, Colour.BLACK, Colour.RED)):
            a = self.time * 0.8 + i * math.tau / 3
            x = cx + half + 56 * k + 26 * k * math.cos(a)
            y = cy + 10 * k * math.sin(a)
            draw_ball(x, y, 16 * k, colour)
            draw_ball(2 * cx - x, y, 16 * k, Colour((i + 1) % 3))

    # -- keys -------------------------------------------------------------------
    def to_title(self) -> None:
        """The title key on the title: nothing (what is typed here stays)."""

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in ENTER_KEYS:
            self.start()
        elif symbol == keys.K:
            self.play_computer()
        elif symbol == keys.C and self.saved is not None:
            self.resume()
        elif symbol in (keys.PAGEUP, keys.PAGEDOWN):
            self.step(-1 if symbol == keys.PAGEUP else 1)
        elif symbol in (keys.F1, keys.H):
            self.app.show_help()
        elif symbol == keys.F2:
            self.app.show_settings()
        elif symbol == keys.L:
            self.open_lab()
        elif symbol == keys.T:
            self.app.show_lessons()
        elif symbol == keys.P:
            self.app.show_puzzles()
        elif symbol == keys.M:
            self.app.show_my_games()
        elif symbol == keys.TAB:
            self.ui.focus_next(None)
        elif symbol == keys.ESCAPE:
            self.say("Ctrl+Q quits.", "info", 3)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if button == arcade.MOUSE_BUTTON_LEFT or button == arcade.MOUSE_BUTTON_RIGHT:
            self.ui.on_mouse_press(x, y, button)
