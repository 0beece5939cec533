"""The base of every widget (a rectangle, visibility, hover, a tooltip) and
the window's size, read where a widget needs it (a tooltip kept on screen)."""

from __future__ import annotations

import arcade

from spoker.gui.render.text import Label


class Widget:
    """Base: a rectangle, visibility, enabled state and a tooltip."""

    def __init__(self, tooltip: str = "") -> None:
        self.left = 0.0
        self.bottom = 0.0
        self.width = 0.0
        self.height = 0.0
        self.visible = True
        self.enabled = True
        self.hover = False
        self.tooltip = tooltip

    def place(self, left: float, bottom: float, width: float, height: float) -> Widget:
        self.left, self.bottom, self.width, self.height = left, bottom, width, height
        return self

    def contains(self, x: float, y: float) -> bool:
        return (
            self.visible
            and self.left <= x <= self.left + self.width
            and self.bottom <= y <= self.bottom + self.height
        )

    @property
    def center(self) -> tuple[float, float]:
        return (self.left + self.width / 2, self.bottom + self.height / 2)

    def draw(self) -> None:  # pragma: no cover - overridden
        pass

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.hover = self.contains(x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return False

    def on_text(self, text: str) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def labels(self) -> list[Label]:
        """The labels a text layer may draw (not the ones only measured)."""
        return []

    def look(self) -> tuple[object, ...]:
        """What the widget's picture depends on (equal: the same picture)."""
        return (type(self), self.left, self.bottom, self.width, self.height, self.enabled, self.hover)


def window_width() -> float:
    """The window's width (1280 when no window is open)."""
    try:
        return float(arcade.get_window().width)
    except Exception:
        return 1280.0


def window_height() -> float:
    """The window's height (800 when no window is open)."""
    try:
        return float(arcade.get_window().height)
    except Exception:
        return 800.0
