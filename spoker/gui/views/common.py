"""What the screens with a board share that is not a widget: the story's
marks as the scene's highlights, the cell under the pointer. (The widgets the
screens share are :mod:`spoker.gui.widgets`'; their colours
:mod:`spoker.gui.render.theme`'s.)"""

from __future__ import annotations

from collections.abc import Sequence

from shibumi import Cell
from spoker.gui.models.story import Mark
from spoker.gui.render.theme import ROLE_COLOURS, ROLE_STYLES, THEME


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
