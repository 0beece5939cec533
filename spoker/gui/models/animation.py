"""Timing of the board's animations: eased tweens for the view (rotation,
exploded view) and the fall and bounce of a dropped ball. No arcade here."""

from __future__ import annotations

import math

from spoker.gui.models import projection as pj

ROTATE_SECONDS = 0.28
EXPLODE_SECONDS = 0.35
FALL_SECONDS = 0.26
BOUNCE_SECONDS = 0.10
BOUNCE_HEIGHT = 0.22
DROP_SECONDS = FALL_SECONDS + BOUNCE_SECONDS
PULSE_HZ = 1.1


def ease_in_out(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


class Tween:
    """A value moving from ``start`` to ``end`` over ``seconds``, eased."""

    def __init__(self, value: float, seconds: float) -> None:
        self.start = value
        self.end = value
        self.elapsed = seconds
        self.seconds = seconds

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * ease_in_out(self.elapsed / self.seconds)

    @property
    def running(self) -> bool:
        return self.elapsed < self.seconds

    def to(self, end: float) -> None:
        self.start = self.value
        self.end = end
        self.elapsed = 0.0 if end != self.start else self.seconds

    def step(self, dt: float) -> bool:
        """Advance; True if the value changed."""
        if not self.running:
            return False
        self.elapsed = min(self.elapsed + dt, self.seconds)
        return True

    def finish(self) -> None:
        self.elapsed = self.seconds


def drop_lift(t: float) -> float:
    """Height above its place of a ball ``t`` seconds after it was dropped."""
    if t < FALL_SECONDS:
        f = t / FALL_SECONDS
        return pj.DROP_HEIGHT * (1 - f * f)
    if t < FALL_SECONDS + BOUNCE_SECONDS:
        return BOUNCE_HEIGHT * math.sin(math.pi * (t - FALL_SECONDS) / BOUNCE_SECONDS)
    return 0.0


def glow_wave(time: float) -> float:
    """The glow's pulse at ``time`` seconds, 0..1."""
    return 0.5 + 0.5 * math.sin(2 * math.pi * PULSE_HZ * time)
