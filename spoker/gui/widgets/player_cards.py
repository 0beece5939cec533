"""The two players' cards of the side panel: name, seat, score, whose turn."""

from __future__ import annotations

from collections.abc import Sequence

import arcade

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, player_colour, ui_scale
from spoker.gui.widgets.text_block import Layered


class PlayerCards(Layered):
    """The two players: name, seat, score; the one to move stands out."""

    def __init__(self) -> None:
        self._names = [Label("", 15, bold=True, anchor_y="center") for _ in range(2)]
        self._seats = [Label("", 10, THEME.muted, anchor_y="center") for _ in range(2)]
        self._scores = [Label("", 26, bold=True, anchor_x="right", anchor_y="center") for _ in range(2)]
        self._turn = [Label("", 10, THEME.accent, anchor_y="center", bold=True) for _ in range(2)]

    def draw(
        self, left: float, top: float, width: float, names: Sequence[str], seats: Sequence[str],
        scores: Sequence[int], to_move: int | None, turn_text: str = "TO MOVE", card_h: float = 58,
    ) -> float:
        s = ui_scale()
        card_h *= s
        y = top
        for i in range(2):
            player = i + 1
            active = to_move == player
            colour = player_colour(player)
            fill = (48, 58, 78, 255) if active else (30, 35, 45, 255)
            bottom = y - card_h
            draw_box(left, bottom, width, card_h, fill, colour if active else THEME.panel_border,
                     radius=8, border_width=3 if active else 1.5)
            arcade.draw_lrbt_rectangle_filled(left + 3 * s, left + 9 * s, bottom + 8 * s, y - 8 * s, colour)
            score = self._scores[i].set(str(scores[i]))
            text_x = left + 18 * s
            room = left + width - 14 * s - score.content_width - 8 * s - text_x  # left of the score
            name = self._names[i]
            seat = self._seats[i]
            # The name over the small line (seat, turn), the pair centred.
            mid = bottom + card_h / 2
            small = bool(seats[i]) or (active and bool(turn_text))
            small_h = seat.set(seats[i] or "TO MOVE").content_height if small else 0.0
            name_h = name.set(name.fitted(names[i], room)).content_height
            small_y = mid - name_h / 2
            name.draw_at(text_x, mid + small_h / 2, name.fitted(names[i], room))
            turn_x = text_x
            if seats[i]:
                seat.draw_at(text_x, small_y, seat.fitted(seats[i], room))
                turn_x = text_x + seat.content_width + 10 * s
            if active and turn_text:
                turn = self._turn[i]
                turn.draw_at(turn_x, small_y, turn.fitted(turn_text, text_x + room - turn_x))
            score.draw_at(left + width - 14 * s, bottom + card_h / 2)
            y = bottom - 6 * s
        return y
