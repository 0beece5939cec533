"""Screens of the window as the tests open them (GUI tests only: imports arcade)."""

from __future__ import annotations

from spoker.gui.app import SpokerApp
from spoker.gui.views.title import TitleView


def title(app: SpokerApp, size: tuple[int, int] = (1280, 800)) -> TitleView:
    """The title screen at ``size``, laid out as the window shows it."""
    app.resized(*size)
    app.show_title()
    view = app.window.current_view
    assert isinstance(view, TitleView)
    view.on_resize(*size)
    return view
