"""A layout checker for the screens' texts: every text inside the window and
inside the smallest box (button, row, panel) its centre lies in, no two texts
overlapping, and a gap between neighbours on one line. The texts come from
``spoker.gui.render.text.recording_texts``.

The gap rule: two texts on the same line (their boxes share most of their
height) closer than :data:`MIN_GAP` pixels (times the window's scale) read as
one word, as the bag's counts did at 800x600 ("101010"). A text drawn as
several pieces on purpose (a word in another colour inside a line, a name
and its "'s") is told apart by how it is drawn and what meets at the seam:
each piece starts where the one before ends, on the same baseline, at the same
size (the boxes abut within :data:`TOLERANCE`), and a space or a punctuation
mark is on one side of the seam. Two numbers or words that merely happen to
touch ("10" and "10") have a letter or digit on both sides: they run together.
A near miss (apart, but by less than the gap) is never a join.

:func:`tooltip_problems` checks the tooltips the same way: each control's,
placed as it would be with the pointer on the control, covers no text of the
frame and no control.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from spoker.gui.render.text import DrawnText
from spoker.gui.render.theme import scale_for
from spoker.gui.widgets.panel import Panel

Box = tuple[float, float, float, float]  # left, bottom, width, height

TOLERANCE = 1.0  # pixels: rounding to whole pixels may move a box by one
MIN_GAP = 4.0  # pixels at scale 1 between two texts on one line (about a thin space at 11 pt)
SAME_LINE = 0.5  # two texts are on one line when their boxes share this much of the lower one's height


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


def same_line(a: DrawnText, b: DrawnText) -> bool:
    """Whether two texts sit side by side on one line (not one above the other)."""
    shared = min(a.top, b.top) - max(a.bottom, b.bottom)
    return shared >= SAME_LINE * min(a.top - a.bottom, b.top - b.bottom)


def gap_between(a: DrawnText, b: DrawnText) -> float:
    """The horizontal room between two texts' boxes (negative: they overlap)."""
    return max(b.left - a.right, a.left - b.right)


def joined(a: DrawnText, b: DrawnText) -> bool:
    """Whether ``a`` and ``b`` are pieces of one text drawn on purpose: they
    abut, on the same baseline, at the same height (one font size), and the
    seam is not between two letters or digits (that would read as one word)."""
    t = TOLERANCE
    if not (
        abs(gap_between(a, b)) <= t
        and abs(a.bottom - b.bottom) <= t
        and abs((a.top - a.bottom) - (b.top - b.bottom)) <= t
    ):
        return False
    first, second = (a, b) if a.left <= b.left else (b, a)
    before, after = first.text.rstrip("\u200b")[-1:], second.text.lstrip("\u200b")[:1]
    return not (before.isalnum() and after.isalnum())


def too_close(a: DrawnText, b: DrawnText, min_gap: float) -> bool:
    """Whether two texts on one line are nearer than ``min_gap`` without
    being a join (an overlap is told as such, not as this)."""
    if _overlap(a, b) or not same_line(a, b) or joined(a, b):
        return False
    return gap_between(a, b) < min_gap


def layout_problems(
    texts: Sequence[DrawnText], window: tuple[int, int], boxes: Iterable[Box] = (),
    min_gap: float | None = None, ui: Any = None, avoid: Sequence[Box] = (), pointer_texts: Sequence[str] = (),
) -> list[str]:
    """What is wrong with the texts of one frame (empty: the layout holds).
    ``min_gap`` is the room wanted between texts on one line (default
    :data:`MIN_GAP` times the window's scale). Given the screen's widgets
    (``ui``), their tooltips too (:func:`tooltip_problems`, ``avoid`` and
    ``pointer_texts`` its)."""
    gap = MIN_GAP * scale_for(*window) if min_gap is None else min_gap
    screen: Box = (0.0, 0.0, float(window[0]), float(window[1]))
    by_size = sorted(boxes, key=lambda b: b[2] * b[3])
    problems: list[str] = []
    shown = [t for t in texts if t.text.strip("\u200b ")]
    for text in shown:
        if not _inside(text, screen):
            problems.append(f"{text.text!r} {_show(text)} leaves the window {window}")
            continue
        cx, cy = (text.left + text.right) / 2, (text.bottom + text.top) / 2
        home = next((b for b in by_size if _contains(b, cx, cy)), None)
        if home is not None and not _inside(text, home):
            problems.append(f"{text.text!r} {_show(text)} leaves its box {tuple(round(v) for v in home)}")
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if _overlap(a, b):
                problems.append(f"{a.text!r} {_show(a)} overlaps {b.text!r} {_show(b)}")
            elif too_close(a, b, gap):
                problems.append(
                    f"{a.text!r} {_show(a)} and {b.text!r} {_show(b)} run together: "
                    f"{gap_between(a, b):.1f} px apart, less than {gap:.1f}"
                )
    if ui is not None:
        problems += tooltip_problems(ui, shown, avoid, pointer_texts)
    return problems


def tooltip_problems(
    ui: Any, texts: Sequence[DrawnText], avoid: Sequence[Box] = (), pointer_texts: Sequence[str] = (),
) -> list[str]:
    """What the tooltips of a screen's widgets (``ui``: its WidgetGroup, just
    drawn, ``texts`` recorded then) would cover: for each visible control with
    a tooltip, the tooltip placed as the pointer on its middle would place it
    (``avoid``: what the screen asks it to keep clear of, its message) must
    cover no text and no control (its own included). ``pointer_texts`` are
    texts shown only while the pointer is on the board (a ball's tip): gone
    while it is on a control."""
    problems: list[str] = []
    controls = [w for w in ui.widgets if w.visible and not isinstance(w, Panel)]
    tooltips = [w.tooltip for w in ui.widgets if w.tooltip]
    for widget in ui.widgets:
        if not (widget.visible and widget.tooltip):
            continue
        box = ui.tooltip_box(widget, widget.left + widget.width / 2, avoid)
        tip = DrawnText(widget.tooltip, box[0], box[1], box[0] + box[2], box[1] + box[3])
        name = f"the tooltip {widget.tooltip[:40]!r} {_show(tip)}"
        # The control's own words (a field's caption) are its own, as the placing
        # counts them (WidgetGroup._obstacles): the tip speaks for the control.
        own = {label.text for label in widget.labels()}
        backdrop = {label.text for label in getattr(ui, "backdrop", ())}  # may be covered (WidgetGroup.backdrop)
        for text in texts:
            if text.text in own or text.text in backdrop:
                continue
            words = text.text.replace("\u200b", "").strip()  # a tooltip's long words get break opportunities
            if len(words) > 3 and any(t.startswith(words.rstrip("\u2026")) for t in tooltips):
                continue  # a tooltip drawn (the pointer on its control): gone while it is on this one
            if words and text.text not in pointer_texts and _overlap(tip, text):
                problems.append(f"{name} covers {text.text!r} {_show(text)}")
        for other in controls:
            edge = DrawnText("", other.left, other.bottom, other.left + other.width, other.bottom + other.height)
            if _overlap(tip, edge):
                problems.append(f"{name} covers the control {_label(other)!r} {_show(edge)}")
    return problems


def _label(widget: Any) -> str:
    return str(getattr(widget, "label", "") or getattr(widget, "tooltip", "") or type(widget).__name__)


def _show(text: DrawnText) -> str:
    return f"[{text.left:.0f}..{text.right:.0f} x {text.bottom:.0f}..{text.top:.0f}]"
