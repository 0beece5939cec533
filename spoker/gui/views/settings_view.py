"""The settings screen: hints, the tutor, takebacks, sound and its volume, the computer's
pace, colour marks, the board's view and full screen.

Reached from the title (its Settings button, F2) and from a game (F2); Done
(Esc, F2) goes back to the screen it came from. Every change is made at once
and kept in the settings file (:mod:`spoker.gui.models.settings`); the screens
read the settings when they need them, so a game goes on with the new ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from spoker.gui.models.settings import SPEEDS, TUTOR_THRESHOLDS, VOLUMES, Settings
from spoker.gui.models.sounds import PLACE
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.views.base import TITLE_TIP, BaseView
from spoker.gui.widgets.buttons import Button, Choice, Toggle
from spoker.gui.widgets.text_block import TextBlock
from spoker.gui.widgets.text_input import ENTER_KEYS
from spoker.text.value_words import given_away_words

if TYPE_CHECKING:
    from spoker.gui.host import AppHost

SETTINGS_KEY = "F2"
"""The key of the settings screen, on the title and in a game (and back)."""

PACE_WORDS = {0.25: "slowest", 0.5: "slow", 1.0: "normal", 2.0: "fast", 4.0: "faster", 8.0: "fastest"}


def pace_options(current: float) -> list[tuple[str, str]]:
    """The computer's paces, slowest first ("normal (x1)"); a pace the file
    holds between two steps is listed too, so that it shows as it is."""
    paces = sorted(set(SPEEDS) | {current})
    return [(repr(p), f"{PACE_WORDS[p]} (x{p:g})" if p in PACE_WORDS else f"x{p:g}") for p in paces]


def volume_options(current: float) -> list[tuple[str, str]]:
    """The volumes, softest first ("80%"); the file's own if between steps."""
    volumes = sorted(set(VOLUMES) | {current})
    return [(repr(v), "silent (0%)" if v == 0 else f"{round(v * 100)}%") for v in volumes]


TUTOR_OFF = "off"


TUTOR_WORDS = {
    0.10: "Warn me of any mistake",
    0.15: "Warn me of mistakes",
    0.25: "Warn me of big mistakes",
    0.40: "Warn me of blunders only",
}
"""The tutor's thresholds (TUTOR_THRESHOLDS) as a person says them: the
smallest catches what the analysis calls an inaccuracy (a loss of 0.10),
the largest only its blunders (0.40)."""


def tutor_words(threshold: float) -> str:
    """What the tutor at ``threshold`` does, in words ("Warn me of big
    mistakes"); a file's own threshold between two steps by the games it is."""
    said = TUTOR_WORDS.get(threshold)
    if said is not None:
        return said
    return f"Warn me past {given_away_words(threshold).removeprefix('about ')}"


def tutor_options(current: float) -> list[tuple[str, str]]:
    """Off, then the tutor's thresholds, smallest first, in words (see
    :func:`tutor_words`); the file's own threshold too if between two steps."""
    steps = sorted(set(TUTOR_THRESHOLDS) | {current})
    return [(TUTOR_OFF, "Off")] + [(repr(t), tutor_words(t)) for t in steps]


def tutor_tip(value: str) -> str:
    """The tutor choice's tip: what the threshold is, in games given away."""
    if value == TUTOR_OFF:
        return "Off: no warning. Click: warn me of mistakes; right-click: of blunders only"
    t = float(value)
    return (f"Asks before a placement giving away more than {t:.2f} of the expected result"
            f" ({given_away_words(t)}). Click: asks less often; right-click: more often")


def apply_fullscreen(window: arcade.Window, on: bool) -> bool:
    """Make ``window`` fill the screen (or not); False where it cannot (a
    headless window, a display that refuses), and nothing else happens."""
    if getattr(window, "headless", False):
        return False
    try:
        window.set_fullscreen(on)
    except Exception:  # pyglet's display errors differ by platform: the window stays as it was
        return False
    return True


@dataclass
class Row:
    """One setting: its name, what it does, and the control that changes it."""

    name: str
    about: str
    control: Button


class SettingsView(BaseView):
    """Every preference on one screen, each changed and kept at once."""

    help_name = "the settings"
    help_keys = (
        ("click, right-click", "change a setting (right-click: back a step)"),
        ("\u2191 \u2193, Tab", "choose a setting"),
        ("\u2190 \u2192, Space, Enter", "change the chosen setting"),
        (f"Esc, {SETTINGS_KEY}", "done: back to the screen before"),
    )

    def __init__(self, app: AppHost, back: arcade.View | None) -> None:
        super().__init__(app)
        self.back = back
        s = app.settings
        ui = self.ui
        self.hints = Toggle("", s.show_hints, self._set("show_hints"))
        self.takebacks = Toggle("", s.takebacks, self._set("takebacks"), labels=("Not allowed", "Allowed"))
        self.sound = Toggle("", s.sound, self._sound_changed)
        self.volume = Choice("", volume_options(s.volume), tooltip="Click: louder; right-click: softer")
        self.volume.select(repr(s.volume))
        self.volume.on_change = self._volume_changed
        self.pace = Choice("", pace_options(s.computer_speed), tooltip="Click: faster; right-click: slower")
        self.pace.select(repr(s.computer_speed))
        self.pace.on_change = self._pace_changed
        self.tutor = Choice("", tutor_options(s.tutor_threshold))
        self.tutor.select(repr(s.tutor_threshold) if s.tutor else TUTOR_OFF)
        self.tutor.tooltip = tutor_tip(self.tutor.value)
        self.tutor.on_change = self._tutor_changed
        self.marks = Toggle("", s.colour_marks, self.app.set_colour_marks)
        self.board = Button("Reset", self.reset_board_view, tooltip="The standard view: row 1 at the front")
        self.fullscreen = Toggle("", s.fullscreen, self._fullscreen_changed)
        self.rows = [
            Row("Hints", "The best cells for the drawn ball, from the first move (I in a game)", self.hints),
            Row("Tutor", "Against the computer: asks before a placement that gives much away", self.tutor),
            Row("Takebacks", "Ctrl+Z takes back a placement (in hot-seat the other person agrees)", self.takebacks),
            Row("Sound", "Short effects: a draw, a placement, a challenge and its outcome, the end", self.sound),
            Row("Volume", "Of the sound effects", self.volume),
            Row("Computer pace", "How quickly the computer draws and places (+ and - in a game)", self.pace),
            Row("Colour marks", "A ring on red balls and a cross on black ones", self.marks),
            Row("Board view", "Kept as you turn it (R); Reset: the standard view again (V in a game)",
                self.board),
            Row("Full screen", "The window fills the screen", self.fullscreen),
        ]
        for row in self.rows:
            ui.add(row.control)
        self.b_done = ui.add(Button("Done", self.go_back, "Esc", primary=True,
                                    tooltip=f"Back to the screen before (the title: {TITLE_TIP})"))
        self.selected = 0  # the row the arrow keys change
        self.keyboard = False  # the chosen row is outlined once the keys are used
        self.row_rects: list[tuple[float, float, float, float]] = []
        self.text_left = 0.0
        self.text_width = 0.0
        self._title = Label("Settings", 24, THEME.accent, bold=True, anchor_y="top")
        self._kept = Label("Every change is kept at once.", 11, THEME.muted, anchor_y="center")
        self._names = [Label(r.name, 13, THEME.text, bold=True, anchor_y="top") for r in self.rows]
        self._abouts = [TextBlock(10) for _ in self.rows]  # one each: a label shows in one place
        self._sync()
        self.attach_labels()

    # -- changing a setting ------------------------------------------------------
    def _set(self, name: str) -> Callable[[bool], None]:
        def changed(on: bool) -> None:
            setattr(self.app.settings, name, on)
            self.app.save_settings()
            self._sync()

        return changed

    def _sound_changed(self, on: bool) -> None:
        self.app.settings.sound = on
        self.app.save_settings()
        self._sync()
        self.app.play_sound(PLACE)  # heard at once, at its volume (silent when off)

    def _volume_changed(self, value: str) -> None:
        self.app.settings.volume = float(value)
        self.app.save_settings()
        self._sync()
        self.app.play_sound(PLACE)  # the new volume, heard

    def _pace_changed(self, value: str) -> None:
        self.app.settings.computer_speed = float(value)
        self.app.save_settings()

    def _tutor_changed(self, value: str) -> None:
        """Off, or on at a threshold; turned on (either way round) it starts
        at the threshold it had (0.15 the first time)."""
        s = self.app.settings
        if value == TUTOR_OFF:
            s.tutor = False
        elif not s.tutor:
            s.tutor = True
            self.tutor.select(repr(s.tutor_threshold))
        else:
            s.tutor_threshold = float(value)
        self.tutor.tooltip = tutor_tip(self.tutor.value)
        self.app.save_settings()

    def _fullscreen_changed(self, on: bool) -> None:
        self.app.settings.fullscreen = on
        self.app.save_settings()
        if not apply_fullscreen(self.window, on) and not getattr(self.window, "headless", False):
            self.say("This display cannot change to full screen: kept for the next start.", "bad", 5)

    def reset_board_view(self) -> None:
        """The pyramid back to the standard view, in the next game and in this one."""
        default = Settings().board_view
        self.app.settings.board_view = default
        self.app.scene.set_rotation(default)
        self.app.save_settings()
        self.say("The board is back to the standard view.", "info", 3)

    def _sync(self) -> None:
        """What one setting means for another: no volume without sound."""
        self.volume.enabled = self.app.settings.sound
        self.changed()

    # -- going back ------------------------------------------------------------
    def go_back(self) -> None:
        if self.back is not None:
            self.app.show(self.back)
        else:
            self.app.show_title()

    def to_title(self) -> None:
        """The title key: the title, as from the screen the settings came from."""
        back = self.back
        if isinstance(back, BaseView):
            self.app.show(back)
            back.to_title()
        else:
            self.app.show_title()

    # -- layout and drawing ------------------------------------------------------
    def layout(self, width: int, height: int) -> None:
        k = ui_scale()
        col = min(820.0 * k, width - 40.0)
        left = (width - col) / 2
        top = height - 70 * k
        bottom = 70 * k  # above Done
        row_h = min(56.0 * k, (top - bottom) / len(self.rows))
        control_w = min(230.0 * k, col * 0.34)
        control_h = min(36.0 * k, row_h - 10 * k)
        self.row_rects = []
        for i, row in enumerate(self.rows):
            y = top - (i + 1) * row_h
            self.row_rects.append((left, y, col, row_h - 4 * k))
            row.control.place(left + col - control_w - 8 * k, y + (row_h - 4 * k - control_h) / 2,
                              control_w, control_h)
        self.text_left = left + 12 * k
        self.text_width = col - control_w - 36 * k
        # Done under the rows, at their right (at the bottom of a low window);
        # at its left, a line that says changes are kept, or the last message.
        rows_bottom = top - len(self.rows) * row_h
        self.b_done.place(left + col - 160 * k, max(16 * k, rows_bottom - 62 * k), 160 * k, 44 * k)
        self.changed()

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        width, height = self.size
        k = ui_scale()
        left = self.row_rects[0][0] if self.row_rects else 20 * k
        self._title.draw_at(left, height - 18 * k)
        for i, (row, rect) in enumerate(zip(self.rows, self.row_rects)):
            x, y, w, h = rect
            active = self.keyboard and i == self.selected
            draw_box(x, y, w, h, (44, 52, 68, 255) if active else (30, 35, 45, 255),
                     THEME.text if active else THEME.panel_border, radius=8, border_width=2 if active else 1)
            name = self._names[i]
            about = self._abouts[i]
            lines = [(row.about, THEME.muted)]
            text_h = name.content_height + 2 * k + about.height(lines, self.text_width)
            text_top = y + h / 2 + min(text_h, h - 4 * k) / 2
            name.draw_at(self.text_left, text_top, name.fitted(row.name, self.text_width))
            about.draw(lines, self.text_left, text_top - name.content_height - 2 * k, self.text_width,
                       bottom_limit=y + 1)
        room = self.b_done.left - left - 16 * k
        message = bool(self.message) and self.message_time > 0
        if not message:
            self._kept.draw_at(left, self.b_done.bottom + self.b_done.height / 2,
                               self._kept.fitted("Every change is kept at once.", room))
        self.ui.draw()
        self.layer.draw()
        self.ui.draw_tooltip()
        if message:
            self.draw_message(self.b_done.bottom + 6 * k, (left, room))
        super().on_draw()

    # -- keys --------------------------------------------------------------------
    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        shift = modifiers & keys.MOD_SHIFT
        if symbol in (keys.ESCAPE, keys.F2, keys.BACKSPACE):
            self.go_back()
        elif symbol in (keys.F1, keys.H):
            self.app.show_help()
        elif symbol in (keys.DOWN, keys.UP) or symbol == keys.TAB:
            step = -1 if symbol == keys.UP or (symbol == keys.TAB and shift) else 1
            if self.keyboard:  # the first key shows the chosen row, the next ones move
                self.selected = (self.selected + step) % len(self.rows)
            self.keyboard = True
            self.changed()
        elif symbol in (keys.LEFT, keys.RIGHT, keys.SPACE, *ENTER_KEYS):
            self.keyboard = True
            self.change(self.rows[self.selected].control, -1 if symbol == keys.LEFT else 1)

    @staticmethod
    def change(control: Button, step: int) -> None:
        """Change a row's control as a click would (``step`` -1: a right-click)."""
        if not control.enabled:
            return
        if isinstance(control, Choice):
            control.step(step)
        else:
            control.action()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        for i, rect in enumerate(self.row_rects):
            rx, ry, rw, rh = rect
            if rx <= x <= rx + rw and ry <= y <= ry + rh:
                self.selected = i
                self.changed()
        if button in (arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT):
            self.ui.on_mouse_press(x, y, button)
