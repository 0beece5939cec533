"""The window's draw rate: full while something moves or the player acts,
lower once the screen has stood still for a moment (each still frame is only
a copy, but under software OpenGL even a copy costs a few milliseconds,
sixty times a second). Updates (timers, computer moves) keep their rate.
"""

from __future__ import annotations

from typing import Any

BUSY_RATE = 1 / 60
IDLE_RATE = 1 / 20  # still enough for the glow's and the bag's slow pulses
IDLE_AFTER = 30  # still frames (half a second) before the rate drops

_INPUT_EVENTS = (
    "on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll",
    "on_key_press", "on_key_release", "on_text", "on_resize", "on_activate",
)


class DrawPacer:
    """Lowers ``window``'s draw rate after ``IDLE_AFTER`` still frames in a
    row; any input, moving frame or frame drawn without the frame cache (a
    screen that does not use it) restores it. One per window: :meth:`of`."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.still = 0
        self.idle = False
        self._reported = True  # the frame being drawn went through ``frame``
        self.events = 0  # input events seen: part of the key of screens that change only on input
        if hasattr(window, "push_handlers"):
            window.push_handlers(on_draw=self._drawing, **{name: self._wake for name in _INPUT_EVENTS})

    @classmethod
    def of(cls, window: Any) -> DrawPacer:
        """The window's pacer, made on first use."""
        pacer = getattr(window, "_spoker_pacer", None)
        if not isinstance(pacer, cls):
            pacer = cls(window)
            window._spoker_pacer = pacer
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

    def _wake(self, *args: Any) -> None:
        self.events += 1
        self.wake()  # returns None: the event goes on to the window and its view

    def _set(self, rate: float) -> None:
        setter = getattr(self.window, "set_draw_rate", None)
        if setter is not None:
            setter(max(rate, getattr(self.window, "_update_rate", 0.0)))
