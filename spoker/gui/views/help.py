"""Help: the rules in short, the five groups drawn by the renderer, the keys."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Board, Cell, parse_board
from spoker.gui.render.frame import clear_colour
from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import ROLE_COLOURS, THEME, ui_scale
from spoker.gui.views.base import TITLE_KEY, TITLE_TIP, BaseView
from spoker.gui.widgets.buttons import Button
from spoker.gui.widgets.text_block import TextBlock

if TYPE_CHECKING:
    from spoker.gui.host import AppHost

# One example board per rank, lowest first, with the group's cells.
EXAMPLES: tuple[tuple[str, str, str, str], ...] = (
    ("Three of three kinds", "WBR............./........./..../.", "1A1 1C1 1E1",
     "a line of 3 touching balls, one of each colour"),
    ("Flush three", "RRR............./........./..../.", "1A1 1C1 1E1",
     "a line of 3 of one colour"),
    ("Full house", "WW..BB........../W......../..../.", "1A1 1C1 1A3 1C3 2B2",
     "a ball on a platform of two pairs of two colours, topped by one of them"),
    ("Flush four", "BBBB............/........./..../.", "1A1 1C1 1E1 1G1",
     "a line of 4 of one colour"),
    ("Straight flush", "RR..RR........../R......../..../.", "1A1 1C1 1A3 1C3 2B2",
     "a ball on a platform of its own colour: wins the game at once"),
)

RULES = (
    "Each turn: draw a ball from the bag (10 white, 10 black, 10 red) and place it in a hole "
    "of the board or on a full 2x2 platform of balls. Balls belong to nobody.",
    "A ball that forms a winning group challenges the opponent, whose next ball must form a "
    "better one: higher rank, or the same rank reaching a higher level. The winner scores 1; "
    "a tie scores 1 each; no group in answer: the challenger scores 1. A response never challenges.",
    "Only visible groups count: no ball of the group may be covered (a ball two levels straight "
    "above it), and no contact of a line may be cut (both balls resting on the two). With the "
    "'touching' variant every group of touching balls counts.",
    "Only the best group of the ball just placed counts. A straight flush wins the game at once. "
    "The apex is the 30th ball: on a normal turn it counts only for a straight flush.",
    "When the pyramid is complete, the higher score wins; equal scores are a draw.",
    "Click a ball to see which group it counted in and why; a group that would count but is "
    "covered or cut is drawn dashed, with the reason.",
)

GAME_KEYS = (
    ("Space", "draw a ball"),
    ("click, Tab + Enter", "place the ball (Tab: next cell)"),
    ("Ctrl+Z", "take back your last placement"),
    ("R / Shift+R, \u2190 \u2192", "rotate the pyramid"),
    ("E", "exploded view (levels apart)"),
    ("L", "the plan: the levels flat, side by side"),
    ("I", "hints on / off (if allowed)"),
    ("M", "colour marks on red and black balls"),
    ("S", "save the game as a record"),
    ("+ / -", "computer pace faster / slower"),
    ("H, F1, ?", "this help"),
    ("Tutor: R, Esc / Enter", "rethink / play it"),
    ("F2", "settings: hints, the tutor, takebacks, sound, pace, view"),
    ("N, Esc", "menu (the game is autosaved)"),
    ("Replay: \u2190 \u2192", "step back / forward"),
    ("Replay: PgUp PgDn", "previous / next challenge"),
    ("Replay: Space, + -", "autoplay and its speed"),
    ("Replay: A, B", "analyse the game; the best cell of a move"),
    ("Replay: T, X", "retry my mistakes; export an animation"),
)
"""The game's keys (and the replay viewer's): the help of a screen that
names none of its own (``BaseView.help_keys``)."""

EVERY_SCREEN_KEYS = (
    (TITLE_KEY, "the title screen from any screen (a game is kept)"),
    ("Ctrl+Q", "quit"),
)


def keys_for(view: object) -> tuple[tuple[str, str], ...]:
    """The keys the help lists for the screen it was opened from: that
    screen's own (the laboratory's...), else the game's; then the keys of
    every screen."""
    own = view.help_keys if isinstance(view, BaseView) else ()
    return (own or GAME_KEYS) + EVERY_SCREEN_KEYS


def group_pictures(size: tuple[int, int], marks: bool = False) -> list[arcade.Texture]:
    """The five example groups drawn by the renderer (made once per size)."""
    return _group_pictures(size[0], size[1], marks)


@cache
def _group_pictures(width: int, height: int, marks: bool) -> list[arcade.Texture]:
    from spoker.gui.render.offscreen import render_board_image
    from spoker.gui.render.scene import Highlight

    textures = []
    for i, (_, text, cells, _) in enumerate(EXAMPLES):
        board: Board = parse_board(text)
        glow = Highlight(tuple(Cell.from_str(c) for c in cells.split()), ROLE_COLOURS["challenge"])
        image = render_board_image(board, (width, height), rotation=0, highlights=(glow,), colour_marks=marks)
        textures.append(arcade.Texture(image, hash=f"spoker-help-{i}-{(width, height, marks)}"))
    return textures


class HelpView(BaseView):
    """Rules summary, group pictures and key bindings; Esc goes back."""

    def __init__(self, app: AppHost, back: arcade.View | None) -> None:
        super().__init__(app)
        self.back = back
        self.keys = keys_for(back)
        name = back.help_name if isinstance(back, BaseView) else ""
        self.keys_heading = f"KEYS IN {name.upper()}" if name else "KEYS"
        self.b_back = self.ui.add(Button("Back", self.go_back, "Esc", primary=True,
                                         tooltip=f"Back to the screen before (the title: {TITLE_TIP})"))
        self._title = Label("How to play Spoker", 24, THEME.accent, bold=True, anchor_y="top")
        self._captions = [Label(t[0], 13, THEME.text, bold=True, anchor_x="center", anchor_y="top") for t in EXAMPLES]
        self._ranks = [Label(f"{i + 1}", 11, THEME.muted, anchor_x="left", anchor_y="top") for i in range(5)]
        self._notes = [TextBlock(10) for _ in EXAMPLES]  # one each: a label shows in one place
        self._rules = TextBlock(12)
        self._keys_title = Label(self.keys_heading, 12, THEME.muted, bold=True, anchor_y="top")
        self._rules_title = Label("THE RULES IN SHORT", 12, THEME.muted, bold=True, anchor_y="top")
        self._key_labels = [Label(k, 12, THEME.accent, bold=True, anchor_y="top") for k, _ in self.keys]
        self._key_notes = [TextBlock(12) for _ in self.keys]
        self._more = Label("", 11, THEME.muted, anchor_x="right", anchor_y="bottom")
        self.scroll = 0  # paragraphs of rules (and pairs of keys) scrolled away
        self.can_scroll = False
        self.picture_size = (240, 180)
        self.attach_labels()

    def layout(self, width: int, height: int) -> None:
        k = ui_scale()
        self.b_back.place(width - 140 * k, height - 54 * k, 120 * k, 42 * k)
        pw = int(max(80, min(300 * k, (width - 60) / 5 - 10)))
        ph = int(max(60, min(pw * 0.8, height * 0.3)))
        # Snap to a few sizes so resizing does not render new pictures every frame.
        pw, ph = 20 * (pw // 20), 15 * (ph // 15)
        self.picture_size = (pw, ph)

    def go_back(self) -> None:
        if self.back is not None:
            self.app.show(self.back)
        else:
            self.app.show_title()

    def to_title(self) -> None:
        """Ctrl+M: the title screen, as from the screen the help was opened
        from (the same title, if it was the title)."""
        back = self.back
        if isinstance(back, BaseView):
            self.app.show(back)
            back.to_title()
        else:
            self.app.show_title()

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        width, height = self.size
        k = ui_scale()
        self._title.draw_at(24 * k, height - 18 * k, self._title.fitted("How to play Spoker", self.b_back.left - 40 * k))
        pw, ph = self.picture_size
        pictures = group_pictures((pw, ph), self.app.settings.colour_marks)
        gap = (width - 5 * pw) / 6
        top = height - 70 * k
        for i, tex in enumerate(pictures):
            x = gap + i * (pw + gap)
            draw_box(x - 4, top - ph - 4, pw + 8, ph + 8, (20, 24, 30, 255), THEME.panel_border, radius=8)
            arcade.draw_texture_rect(tex, arcade.LBWH(x, top - ph, pw, ph))
            self._ranks[i].draw_at(x + 4 * k, top - 4 * k)
            cap = self._captions[i]
            cap.draw_at(x + pw / 2, top - ph - 10 * k, cap.fitted(EXAMPLES[i][0], pw + gap - 6))
            self._notes[i].draw([(EXAMPLES[i][3], THEME.muted)], x, top - ph - 12 * k - cap.content_height, pw)
        notes = max(self._notes[i].height([(EXAMPLES[i][3], THEME.muted)], pw) for i in range(5))
        y = top - ph - 16 * k - self._captions[0].content_height - notes - 14 * k
        col = width * 0.55
        self._rules_title.draw_at(24 * k, y)
        self._keys_title.draw_at(col, y)
        top = y - 22 * k
        rules = [(t, THEME.text) for t in RULES[self.scroll:]]
        below = self._rules.draw(rules, 24 * k, top, col - 48 * k, bottom_limit=30 * k, gap=8 * k)
        cut = below > top - self._rules.height(rules, col - 48 * k, gap=8 * k) + 0.5
        cut = self._draw_keys(col, top, width) or cut
        more = "more: scroll, or Down" if cut else ("back up: scroll, or Up" if self.scroll else "")
        self.can_scroll = cut
        if more:
            self._more.draw_at(width - 16 * k, 8 * k, more)
        self.ui.draw()
        self.layer.draw()
        super().on_draw()

    def _draw_keys(self, left: float, top: float, width: float) -> bool:
        """The keys from ``self.scroll * 2`` on, each description wrapped in
        its column; True if some did not fit."""
        k = ui_scale()
        key_w = min(max(self._key_labels[0].set(t).content_width for t, _ in self.keys) + 12 * k,
                    (width - left) * 0.42)
        what_w = width - left - key_w - 16 * k
        y = top
        shown = 0
        rows = list(zip(self._key_labels, self._key_notes, self.keys))[self.scroll * 2:]
        for key_label, note, (key_text, what) in rows:
            h = max(key_label.content_height, note.height([(what, THEME.text)], what_w))
            if y - h < 30 * k:
                break
            key_label.draw_at(left, y, key_label.fitted(key_text, key_w - 8 * k))
            note.draw([(what, THEME.text)], left + key_w, y, what_w)
            y -= h + 3 * k
            shown += 1
        return shown < len(rows)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.scroll_by(-1 if scroll_y > 0 else 1)

    def scroll_by(self, step: int) -> None:
        if step > 0 and not self.can_scroll:
            return
        most = max(len(RULES) - 1, (len(self.keys) + 1) // 2 - 1)  # the rules' paragraphs, the keys' pairs
        self.scroll = max(0, min(most, self.scroll + step))

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.ESCAPE, keys.H, keys.F1, keys.BACKSPACE) or (
                symbol == keys.SLASH and modifiers & keys.MOD_SHIFT):
            self.go_back()
        elif symbol in (keys.DOWN, keys.PAGEDOWN):
            self.scroll_by(1)
        elif symbol in (keys.UP, keys.PAGEUP):
            self.scroll_by(-1)
