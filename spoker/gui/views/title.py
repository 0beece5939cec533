"""The title screen: new game (names, seats, rules, seed), continue, open a record."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Colour
from spoker.gui import autosave
from spoker.gui.controller import PERSON, GameSetup
from spoker.gui.views.base import BaseView
from spoker.gui.widgets import THEME, Button, Choice, Label, TextInput, Toggle, draw_ball, draw_box
from spoker.rules import RuleSet

if TYPE_CHECKING:
    from spoker.gui.app import SpokerApp

VISIBILITY_TIPS = {
    "visible": "Covered balls and cut contacts spoil a group (the standard ruling)",
    "touching": "Variant: every group of touching balls counts, covered or cut",
}


def seat_options() -> list[tuple[str, str]]:
    from spoker.players import PLAYER_NAMES

    return [(PERSON, "Person")] + [(name, f"Computer: {name}") for name in PLAYER_NAMES]


def seat_tip(value: str) -> str:
    if value == PERSON:
        return "A person plays this seat (click to choose a computer level)"
    from spoker.players import PLAYER_DESCRIPTIONS

    return PLAYER_DESCRIPTIONS.get(value, value)


def _digits(text: str) -> bool:
    return text.isdigit() and text.isascii() and len(text) <= 12


class TitleView(BaseView):
    """New game, continue the autosaved game, open or replay a record."""

    def __init__(self, app: SpokerApp) -> None:
        super().__init__(app)
        s = app.settings
        self.saved = autosave.peek() if app.persist else None
        ui = self.ui
        self.b_continue = ui.add(Button(
            "Continue", self.resume, "C", primary=True,
            tooltip=self.saved.text() if self.saved else "",
        ))
        self.b_continue.visible = self.saved is not None
        self.name_inputs = [
            ui.add(TextInput(s.name1, "Player 1", 24, caption="Player 1 (starts)")),
            ui.add(TextInput(s.name2, "Player 2", 24, caption="Player 2")),
        ]
        options = seat_options()
        values = [v for v, _ in options]
        self.seats = []
        for seat in (s.seat1, s.seat2):
            choice = Choice("", options, values.index(seat) if seat in values else 0)
            choice.on_change = self._seat_changed(choice)
            choice.tooltip = seat_tip(choice.value)
            self.seats.append(ui.add(choice))
        self.visibility = ui.add(Choice(
            "Visibility", [("visible", "visible"), ("touching", "touching")],
            0 if s.visibility == "visible" else 1, tooltip=VISIBILITY_TIPS[s.visibility],
        ))
        self.visibility.on_change = lambda v: setattr(self.visibility, "tooltip", VISIBILITY_TIPS[v])  # type: ignore[assignment]
        self.apex = ui.add(Toggle(
            "Apex", s.apex_free, labels=("straight flush only", "counts always"),
            tooltip="Apex ruling: on a normal turn the apex counts only for a straight flush",
        ))
        self.seed = ui.add(TextInput("", "random", 12, allowed=_digits, caption="Seed (optional)",
                                     tooltip="The same seed gives the same draws"))
        self.hints = ui.add(Toggle("Hints", s.hints, tooltip="Allow the hint key (I) in this game"))
        self.marks = ui.add(Toggle("Colour marks", s.colour_marks, self.app.set_colour_marks,
                                   tooltip="A dot on red balls and a bar on black ones"))
        self.b_start = ui.add(Button("Start game", self.start, "Enter", primary=True))
        self.b_help = ui.add(Button("Rules & keys", self.app.show_help, "F1"))
        self.b_quit = ui.add(Button("Quit", self.app.quit, "Ctrl+Q"))
        self.record = ui.add(TextInput(s.last_record, "path/to/game.txt", 400, caption="Record file"))
        self.b_replay = ui.add(Button("Replay", lambda: self.open_record("replay"), tooltip="Watch the record in the replay viewer"))
        self.b_load = ui.add(Button("Continue it", lambda: self.open_record("play"), tooltip="Play on from the record's last move"))
        self._title = Label("SPOKER", 54, THEME.accent, bold=True, anchor_x="center", anchor_y="center")
        self._subtitle = Label("Shibumi meets poker  \u00b7  a game by Giacomo Galimberti", 14, THEME.muted,
                               anchor_x="center", anchor_y="center")
        self._section = [Label(t, 12, THEME.muted, bold=True) for t in ("PLAYERS", "RULES", "OPEN A RECORD")]
        self._saved = Label("", 12, THEME.text, anchor_y="center")
        self.time = 0.0
        self.attach_labels()

    def _seat_changed(self, choice: Choice) -> object:
        def changed(value: str) -> None:
            choice.tooltip = seat_tip(value)

        return changed

    # -- actions -------------------------------------------------------------
    def setup(self) -> GameSetup:
        seats = (self.seats[0].value, self.seats[1].value)
        names = []
        for i, field in enumerate(self.name_inputs):
            name = " ".join(field.text.split()) or f"Player {i + 1}"
            if seats[i] != PERSON and name == f"Player {i + 1}":
                name = f"Computer ({seats[i]})"
            names.append(name)
        seed = int(self.seed.text) if self.seed.text else None
        rules = RuleSet(self.visibility.value, self.apex.on)
        return GameSetup((names[0], names[1]), seats, rules, seed, self.hints.on)

    def start(self) -> None:
        self.app.new_game(self.setup())

    def resume(self) -> None:
        if self.saved is not None:
            self.app.resume()

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
        col = min(760.0, width - 40.0)
        left = (width - col) / 2
        top = height - 150.0
        scale = max(0.6, min(1.0, (height - 40) / 760))
        row = 64 * scale
        half = (col - 20) / 2
        self.section_y = [top + 6, 0.0, 0.0]
        y = top - 52 * scale
        for i in range(2):
            x = left + i * (half + 20)
            self.name_inputs[i].place(x, y, half * 0.56, 34)
            self.seats[i].place(x + half * 0.58, y, half * 0.42, 34)
        y -= row
        self.section_y[1] = y + 20 * scale
        y -= 32 * scale
        third = (col - 40) / 3
        self.visibility.place(left, y, third, 36)
        self.apex.place(left + third + 20, y, third, 36)
        self.seed.place(left + 2 * (third + 20), y, third, 34)
        y -= row * 0.75
        self.hints.place(left, y, third, 36)
        self.marks.place(left + third + 20, y, third, 36)
        y -= row * 1.05
        self.b_start.place(left, y, third, 46)
        self.b_help.place(left + third + 20, y, third, 46)
        self.b_quit.place(left + 2 * (third + 20), y, third, 46)
        y -= row * 0.95
        self.section_y[2] = y + 12 * scale
        y -= 34 * scale
        self.record.place(left, y, col - 2 * 120 - 20, 34)
        self.b_replay.place(left + col - 230, y, 110, 36)
        self.b_load.place(left + col - 110, y, 110, 36)
        self.b_continue.place(left + col - 250, top + 44 * scale + 10, 250, 40)
        self.col = (left, col)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self.time += min(delta_time, 0.25)

    def on_draw(self) -> None:
        self.clear(color=THEME.background)
        width, height = self.size
        left, col = self.col
        self._draw_balls(width, height)
        self._title.draw_at(width / 2, height - 58)
        self._subtitle.draw_at(width / 2, height - 100)
        for label, y in zip(self._section, self.section_y):
            label.draw_at(left, y)
        if self.saved is not None:
            y = self.b_continue.bottom
            draw_box(left - 10, y - 8, col + 20, 56, (40, 52, 40, 230), THEME.good, radius=10)
            self._saved.draw_at(left + 4, y + 20, f"Unfinished game: {self.saved.text()}")
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        self.draw_message(16)
        super().on_draw()

    def _draw_balls(self, width: int, height: int) -> None:
        """Three balls circling gently beside the title."""
        cx, cy = width / 2, height - 58
        for i, colour in enumerate((Colour.WHITE, Colour.BLACK, Colour.RED)):
            a = self.time * 0.8 + i * math.tau / 3
            x = cx + 230 + 26 * math.cos(a)
            y = cy + 10 * math.sin(a)
            draw_ball(x, y, 16, colour)
            draw_ball(width - x, y, 16, Colour((i + 1) % 3))

    # -- keys -------------------------------------------------------------------
    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.ENTER, keys.RETURN, keys.NUM_ENTER):
            self.start()
        elif symbol == keys.C and self.saved is not None:
            self.resume()
        elif symbol in (keys.F1, keys.H):
            self.app.show_help()
        elif symbol == keys.TAB:
            self.ui.focus_next(None)
        elif symbol == keys.ESCAPE:
            self.say("Ctrl+Q quits.", "info", 3)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if button == arcade.MOUSE_BUTTON_LEFT or button == arcade.MOUSE_BUTTON_RIGHT:
            self.ui.on_mouse_press(x, y, button)
