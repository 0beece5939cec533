"""A layout checker for the screens' texts: every text inside the window and
inside the smallest box (button, row, panel) its centre lies in, and no two
texts overlapping. The texts come from ``spoker.gui.render.text.recording_texts``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spoker.gui.render.text import DrawnText

Box = tuple[float, float, float, float]  # left, bottom, width, height

TOLERANCE = 1.0  # pixels: rounding to whole pixels may move a box by one


def _edges(box: Box) -> tuple[float, float, float, float]:
    left, bottom, width, height = box
    return left, bottom, left + width, bottom + height


def _contains(box: Box, x: float, y: float) -> bool:
    x0, y0, x1, y1 = _edges(box)
    return x0 <= x <= x1 and y0 <= y <= y1


def _inside(text: DrawnText, box: Box) -> bool:
    x0, y0, x1, y1 = _edges(box)
    t = TOLERANCE
    return text.left >= x0 - t and text.right <= x1 + t and text.bottom >= y0 - t and text.top <= y1 + t


def _overlap(a: DrawnText, b: DrawnText) -> bool:
    t = TOLERANCE
    return (
        min(a.right, b.right) - max(a.left, b.left) > t
        and min(a.top, b.top) - max(a.bottom, b.bottom) > t
    )


def layout_problems(texts: Sequence[DrawnText], window: tuple[int, int], boxes: Iterable[Box] = ()) -> list[str]:
    """What is wrong with the texts of one frame (empty: the layout holds)."""
    screen: Box = (0.0, 0.0, float(window[0]), float(window[1]))
    by_size = sorted(boxes, key=lambda b: b[2] * b[3])
    problems: list[str] = []
    for text in texts:
        if not text.text.strip("\u200b "):
            continue
        if not _inside(text, screen):
            problems.append(f"{text.text!r} {_show(text)} leaves the window {window}")
            continue
        cx, cy = (text.left + text.right) / 2, (text.bottom + text.top) / 2
        home = next((b for b in by_size if _contains(b, cx, cy)), None)
        if home is not None and not _inside(text, home):
            problems.append(f"{text.text!r} {_show(text)} leaves its box {tuple(round(v) for v in home)}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.text.strip() and b.text.strip() and _overlap(a, b):
                problems.append(f"{a.text!r} {_show(a)} overlaps {b.text!r} {_show(b)}")
    return problems


def _show(text: DrawnText) -> str:
    return f"[{text.left:.0f}..{text.right:.0f} x {text.bottom:.0f}..{text.top:.0f}]"
