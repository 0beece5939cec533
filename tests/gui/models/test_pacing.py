"""spoker.gui.models.pacing: the draw rate drops on a still screen and comes back
at once on input, on a moving frame, or on a screen without the frame cache."""

from __future__ import annotations

from typing import Any

from spoker.gui.models.pacing import BUSY_RATE, IDLE_AFTER, IDLE_RATE, DrawPacer


class FakeWindow:
    """Records the draw rates asked for and the handlers pushed."""

    def __init__(self) -> None:
        self.rates: list[float] = []
        self.handlers: dict[str, Any] = {}
        self._update_rate = 1 / 60

    def push_handlers(self, **handlers: Any) -> None:
        self.handlers.update(handlers)

    def set_draw_rate(self, rate: float) -> None:
        self.rates.append(rate)


def test_still_frames_lower_the_rate_and_input_restores_it() -> None:
    window = FakeWindow()
    pacer = DrawPacer.of(window)
    assert DrawPacer.of(window) is pacer  # one per window
    for _ in range(IDLE_AFTER - 1):
        window.handlers["on_draw"]()
        pacer.frame(still=True)
    assert window.rates == []
    window.handlers["on_draw"]()
    pacer.frame(still=True)
    assert window.rates == [IDLE_RATE]
    assert window.handlers["on_mouse_motion"](5, 5, 1, 1) is None  # the view still gets the event
    assert window.rates == [IDLE_RATE, BUSY_RATE]


def test_a_moving_frame_or_another_screen_restores_the_rate() -> None:
    window = FakeWindow()
    pacer = DrawPacer.of(window)
    for _ in range(IDLE_AFTER):
        window.handlers["on_draw"]()
        pacer.frame(still=True)
    window.handlers["on_draw"]()
    pacer.frame(still=False)
    assert window.rates == [IDLE_RATE, BUSY_RATE]
    for _ in range(IDLE_AFTER):
        window.handlers["on_draw"]()
        pacer.frame(still=True)
    window.handlers["on_draw"]()  # a screen drawing without the cache: no report
    window.handlers["on_draw"]()
    assert window.rates == [IDLE_RATE, BUSY_RATE, IDLE_RATE, BUSY_RATE]
