"""The window's draw rate: full while something moves or the player acts,
lower once the screen has stood still for a moment (each still frame is only
a copy, but under software OpenGL even a copy costs a few milliseconds,
sixty times a second). Updates (timers, computer moves) keep their rate.

No window library here: the pacer works on any :class:`PacedWindow` (an
arcade window is one), so the rule that the front end's models need no
window holds with the window typed.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Protocol

BUSY_RATE = 1 / 60
IDLE_RATE = 1 / 20  # still enough for the glow's and the bag's slow pulses
IDLE_AFTER = 30  # still frames (half a second) before the rate drops

_INPUT_EVENTS = (
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll",
    "on_key_press", "on_key_release", "on_text", "on_resize", "on_activate",
)


class PacedWindow(Protocol):
    """What the pacer needs of a window (pyglet's and arcade's names)."""

    def push_handlers(self, **handlers: Callable[..., None]) -> None:
        """Call each handler on its event first (returning None lets the event go on)."""

    def set_draw_rate(self, rate: float) -> None:
        """Draw at most once per ``rate`` seconds."""


_PACERS: weakref.WeakKeyDictionary[PacedWindow, DrawPacer] = weakref.WeakKeyDictionary()
"""Each window's pacer (:meth:`DrawPacer.of`); it goes with its window."""


class DrawPacer:
    """Lowers ``window``'s draw rate after ``IDLE_AFTER`` still frames in a
    row; any input, moving frame or frame drawn without the frame cache (a
    screen that does not use it) restores it. One per window: :meth:`of`."""

    def __init__(self, window: PacedWindow) -> None:
        self.window = window
        self.still = 0
        self.idle = False
        self._reported = True  # the frame being drawn went through ``frame``
        self.events = 0  # input events seen: part of the key of screens that change only on input
        window.push_handlers(on_draw=self._drawing, **{name: self._wake for name in _INPUT_EVENTS})

    @classmethod
    def of(cls, window: PacedWindow) -> DrawPacer:
        """The window's pacer, made on first use."""
        pacer = _PACERS.get(window)
        if pacer is None:
            pacer = _PACERS[window] = cls(window)
        return pacer

    def frame(self, still: bool) -> None:
        """Called once per frame drawn through the cache: ``still`` if it was a copy."""
        self._reported = True
        if not still:
            self.wake()
            return
        self.still += 1
        if self.still >= IDLE_AFTER and not self.idle:
            self.idle = True
            self._set(IDLE_RATE)

    def wake(self) -> None:
        self.still = 0
        if self.idle:
            self.idle = False
            self._set(BUSY_RATE)

    def _drawing(self) -> None:
        """Before each frame: the last one did not report (another screen)? Full rate."""
        if not self._reported:
            self.wake()
        self._reported = False

    def _wake(self, *args: object) -> None:
        self.events += 1
        self.wake()  # returns None: the event goes on to the window and its view

    def _set(self, rate: float) -> None:
        # Never draw more often than the window updates (pyglet's own, unnamed in its API).
        update_rate = getattr(self.window, "_update_rate", 0.0)
        self.window.set_draw_rate(max(rate, update_rate))
