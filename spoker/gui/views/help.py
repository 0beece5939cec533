"""Help: the rules in short, the five groups drawn by the renderer, the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade
from arcade import key as keys

from shibumi import Board, Cell, parse_board
from spoker.gui.frame import clear_colour
from spoker.gui.views.base import BaseView
from spoker.gui.views.common import ROLE_COLOURS, TextBlock
from spoker.gui.widgets import THEME, Button, Label, draw_box

if TYPE_CHECKING:
    from spoker.gui.app import SpokerApp

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

KEYS = (
    ("Space", "draw a ball"),
    ("click, Tab + Enter", "place the ball (Tab: next cell)"),
    ("R / Shift+R, \u2190 \u2192", "rotate the pyramid"),
    ("E", "exploded view (levels apart)"),
    ("I", "hints on / off (if allowed)"),
    ("M", "colour marks on red and black balls"),
    ("S", "save the game as a record"),
    ("+ / -", "computer pace faster / slower"),
    ("H, F1, ?", "this help"),
    ("N, Esc", "menu (the game is autosaved)"),
    ("Replay: \u2190 \u2192", "step back / forward"),
    ("Replay: PgUp PgDn", "previous / next challenge"),
    ("Replay: Space, + -", "autoplay and its speed"),
    ("Replay: A, B", "analyse the game; the best cell of a move"),
    ("Ctrl+Q", "quit"),
)

_PICTURES: dict[tuple[int, int, bool], list[arcade.Texture]] = {}


def group_pictures(size: tuple[int, int], marks: bool = False) -> list[arcade.Texture]:
    """The five example groups drawn by the renderer (made once per size)."""
    key = (size[0], size[1], marks)
    if key not in _PICTURES:
        from spoker.gui.offscreen import render_board_image
        from spoker.gui.scene import Highlight

        textures = []
        for i, (_, text, cells, _) in enumerate(EXAMPLES):
            board: Board = parse_board(text)
            glow = Highlight(tuple(Cell.from_str(c) for c in cells.split()), ROLE_COLOURS["challenge"])
            image = render_board_image(board, size, rotation=0, highlights=(glow,), colour_marks=marks)
            textures.append(arcade.Texture(image, hash=f"spoker-help-{i}-{key}"))
        _PICTURES[key] = textures
    return _PICTURES[key]


class HelpView(BaseView):
    """Rules summary, group pictures and key bindings; Esc goes back."""

    def __init__(self, app: SpokerApp, back: arcade.View | None) -> None:
        super().__init__(app)
        self.back = back
        self.b_back = self.ui.add(Button("Back", self.go_back, "Esc", primary=True))
        self._title = Label("How to play Spoker", 24, THEME.accent, bold=True, anchor_y="top")
        self._captions = [Label(t[0], 13, THEME.text, bold=True, anchor_x="center", anchor_y="top") for t in EXAMPLES]
        self._ranks = [Label(f"{i + 1}", 11, THEME.muted, anchor_x="left", anchor_y="top") for i in range(5)]
        self._notes = [TextBlock(10) for _ in EXAMPLES]  # one each: a label shows in one place
        self._rules = TextBlock(12)
        self._keys_title = Label("KEYS", 12, THEME.muted, bold=True, anchor_y="top")
        self._rules_title = Label("THE RULES IN SHORT", 12, THEME.muted, bold=True, anchor_y="top")
        self._key_labels = [(Label(k, 12, THEME.accent, bold=True, anchor_y="top"), Label(v, 12, anchor_y="top")) for k, v in KEYS]
        self.picture_size = (240, 180)
        self.attach_labels()

    def layout(self, width: int, height: int) -> None:
        self.b_back.place(width - 140, height - 54, 120, 42)
        pw = int(max(80, min(300, (width - 60) / 5 - 10)))
        ph = int(max(60, min(pw * 0.8, height * 0.3)))
        # Snap to a few sizes so resizing does not render new pictures every frame.
        pw, ph = 20 * (pw // 20), 15 * (ph // 15)
        self.picture_size = (pw, ph)

    def go_back(self) -> None:
        if self.back is not None:
            self.app.show(self.back)
        else:
            self.app.show_title()

    def on_draw(self) -> None:
        clear_colour(THEME.background)
        width, height = self.size
        self._title.draw_at(24, height - 18)
        pw, ph = self.picture_size
        pictures = group_pictures((pw, ph), self.app.settings.colour_marks)
        gap = (width - 5 * pw) / 6
        top = height - 70
        for i, tex in enumerate(pictures):
            x = gap + i * (pw + gap)
            draw_box(x - 4, top - ph - 4, pw + 8, ph + 8, (20, 24, 30, 255), THEME.panel_border, radius=8)
            arcade.draw_texture_rect(tex, arcade.LBWH(x, top - ph, pw, ph))
            self._ranks[i].draw_at(x + 4, top - 4)
            cap = self._captions[i]
            cap.draw_at(x + pw / 2, top - ph - 10, cap.fitted(EXAMPLES[i][0], pw + gap - 6))
            self._notes[i].draw([(EXAMPLES[i][3], THEME.muted)], x, top - ph - 30, pw)
        notes = max(self._notes[i].height([(EXAMPLES[i][3], THEME.muted)], pw) for i in range(5))
        y = top - ph - 36 - notes - 14
        col = width * 0.55
        lines = [(t, THEME.text) for t in RULES]
        self._rules_title.draw_at(24, y)
        self._rules.draw(lines, 24, y - 22, col - 48, bottom_limit=10, gap=8)
        kx = col
        self._keys_title.draw_at(kx, y)
        ky = y - 22
        key_w = min(190.0, (width - col) * 0.42)
        for (k, v), (key_text, what) in zip(self._key_labels, KEYS):
            if ky < 24:
                break
            k.draw_at(kx, ky, k.fitted(key_text, key_w - 8))
            v.draw_at(kx + key_w, ky, v.fitted(what, width - kx - key_w - 16))
            ky -= 21
        self.ui.draw()
        self.layer.draw()
        super().on_draw()

    def on_shortcut(self, symbol: int, modifiers: int) -> None:
        if symbol in (keys.ESCAPE, keys.H, keys.F1, keys.BACKSPACE):
            self.go_back()
