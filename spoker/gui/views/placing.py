"""Placing a ball on the board, as the game, the lessons and the puzzles
do it: the pointer's cell (hover), the keyboard's (Tab walks the playable
cells, Enter places), the ghost ball where it would go, the tip by the
pointer, a click that places.

The screen keeps one :class:`Placing`, says which cells are playable and
what placing does; the choices of which cell is meant are made here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from arcade import key as keys

from shibumi import Board, Cell, Colour
from spoker.gui.render.text import Label
from spoker.gui.widgets.ball_tip import draw_ball_tip
from spoker.gui.widgets.text_input import ENTER_KEYS
from spoker.text.narrator import COLOUR_NAMES

GO_KEYS = (*ENTER_KEYS, keys.SPACE)
"""Enter or Space: place the ball on the keyboard's cell, or go on (the
lessons and puzzles; in a game Space draws, so Enter alone places)."""
HOW_TO_PLACE = "Click a cell to place the ball, or Tab to a cell and Enter."


class Sayer(Protocol):
    """A screen's message line (:class:`spoker.gui.views.base.BaseView`)."""

    message: str
    message_time: float

    def say(self, text: str, kind: str = ..., seconds: float = ...) -> None: ...

    def changed(self) -> None: ...


def step_through(cells: Sequence[Cell], current: Cell | None, step: int) -> Cell | None:
    """The cell ``step`` (1 or -1) after ``current`` in ``cells``, round the
    end (from none: the first, or the last going back); None if no cells."""
    if not cells:
        return None
    if current in cells:
        return cells[(cells.index(current) + step) % len(cells)]  # type: ignore[arg-type]
    return cells[0 if step > 0 else -1]


class Placing:
    """Which cell the person means: ``hover`` (the pointer's) and ``cursor``
    (the keyboard's, Tab). The pointer over a cell takes over from the
    keyboard; the keyboard's cell, once chosen, from the pointer."""

    def __init__(self) -> None:
        self.hover: Cell | None = None
        self.cursor: Cell | None = None
        self._overlay_tip = Label("", 11, anchor_y="center")  # drawn at once, over the board
        self._told: tuple[Sayer, str] | None = None  # the screen and the Tab tip said on it

    def reset(self) -> None:
        """A new position (the ball placed, a step, a puzzle): no keyboard
        cell, and the tip about placing on it goes."""
        self.cursor = None
        self._forget_tip()

    def point(self, cell: Cell | None) -> bool:
        """The pointer is over ``cell`` (None: off the board): True if that changed."""
        if cell is not None:
            self.cursor = None
            self._forget_tip()
        if cell == self.hover:
            return False
        self.hover = cell
        return True

    def step(self, playable: Sequence[Cell], step: int) -> Cell | None:
        """Tab (``step`` 1) or Shift+Tab (-1): the keyboard's cell walks
        through ``playable``; None (and no cell) when nothing is playable."""
        self.cursor = step_through(playable, self.cursor, step)
        if self.cursor is not None:
            self.hover = None
        return self.cursor

    @staticmethod
    def stepped(cell: Cell) -> str:
        """What Tab says of the cell it chose."""
        return f"{cell}: Enter places the ball, Tab moves on."

    def tell(self, screen: Sayer, cell: Cell) -> None:
        """Say on ``screen`` what Tab chose (:meth:`stepped`), until the
        keyboard's cell goes (the ball placed, the pointer taking over)."""
        text = self.stepped(cell)
        screen.say(text, "info", 3)
        self._told = (screen, text)

    def _forget_tip(self) -> None:
        if self._told is None:
            return
        screen, text = self._told
        self._told = None
        if screen.message == text and screen.message_time > 0:
            screen.message_time = 0.0
            screen.changed()

    def chosen(self, playable: Sequence[Cell]) -> Cell | None:
        """The keyboard's cell if a ball can go there (what Enter places)."""
        return self.cursor if self.cursor is not None and self.cursor in playable else None

    def ghost(self, playable: Sequence[Cell]) -> Cell | None:
        """Where the ghost ball stands: the keyboard's cell, else the
        pointer's, if a ball can go there."""
        for cell in (self.cursor, self.hover):
            if cell is not None and cell in playable:
                return cell
        return None

    def show(self, scene: object, ghost: Cell | None, drawn: Colour | None, ring: bool = True) -> None:
        """The scene's ghost ball on ``ghost`` (of colour ``drawn``; none
        without a ball drawn) and, if ``ring``, the pointer's ring."""
        shown = ghost if drawn is not None else None
        scene.set_ghost(shown, drawn if shown is not None else None)  # type: ignore[attr-defined]
        scene.set_hover(self.hover if ring else None)  # type: ignore[attr-defined]

    def tip(self, board: Board, playable: Sequence[Cell]) -> str | None:
        """The tip's words for the pointer's cell (None: no tip): its ball,
        or that a click places the ball there."""
        cell = self.hover
        if cell is None:
            return None
        colour = board[cell]
        if colour is not None:
            return self.ball_words(cell, colour)
        if cell in playable:
            return f"{cell}: click to place the ball here"
        return None

    @staticmethod
    def ball_words(cell: Cell, colour: Colour) -> str:
        """The tip's words for a ball on the board."""
        return f"{cell}: a {COLOUR_NAMES[colour]} ball"

    def draw_tip(self, text: str | None, scene: object, right: float, height: float) -> None:
        """The tip over the pointer's ball, kept left of ``right``."""
        if text and self.hover is not None:
            draw_ball_tip(self._overlay_tip, text, scene, self.hover, right, height)


__all__ = ["GO_KEYS", "HOW_TO_PLACE", "Placing", "step_through"]
