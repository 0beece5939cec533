"""What the screens with a board share that is not a widget: the story's
marks as the scene's highlights, the cell under the pointer. (The widgets the
screens share are :mod:`spoker.gui.widgets`'; their colours
:mod:`spoker.gui.render.theme`'s.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shibumi import Cell
from spoker.gui.models.story import Mark
from spoker.gui.render.theme import ROLE_COLOURS, ROLE_STYLES, THEME

if TYPE_CHECKING:
    from spoker.gui.views.base import BaseView

PLAN_KEY = "L"
PLAN_TIP = "The levels flat, side by side, or the pyramid again"


def highlights(marks: Sequence[Mark]) -> list[object]:
    """Scene highlights for the controller's marks (same cells: the first wins)."""
    from spoker.gui.render.scene import Highlight

    out: list[object] = []
    for m in marks:
        out.append(Highlight(tuple(m.cells), ROLE_COLOURS.get(m.role, THEME.accent), ROLE_STYLES.get(m.role, "glow")))
    return out


def board_cell_at(view: object, x: float, y: float) -> Cell | None:
    """The cell under the pointer on a view's board (``board_rect``,
    ``scene``), or None off the board or over one of its widgets (``ui``)."""
    left, bottom, w, h = view.board_rect  # type: ignore[attr-defined]
    if not (left <= x <= left + w and bottom <= y <= bottom + h):
        return None
    for widget in view.ui.widgets:  # type: ignore[attr-defined]
        if widget.visible and widget.contains(x, y):
            return None
    return view.scene.pick(x, y)  # type: ignore[attr-defined]


def toggle_plan(view: BaseView) -> None:
    """L, or the Plan button: the board as a plan (the four levels flat, side
    by side) or as the pyramid again, on every screen, kept in the settings."""
    app = view.app
    on = not app.settings.plan_view
    app.settings.plan_view = on
    app.save_settings()
    app.scene.set_flat(on)
    view.changed()
    view.say("The plan: the levels side by side (L: the pyramid)." if on else "The pyramid (L: the plan).", "info", 3)
