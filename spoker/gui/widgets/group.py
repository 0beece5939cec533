"""The widgets of a screen: drawn together, events routed, the focus tracked."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TypeVar

from arcade import key as keys

from spoker.gui.render.shapes import draw_box
from spoker.gui.render.text import Label, TextLayer, breakable, drawable_text
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget, window_height, window_width
from spoker.gui.widgets.panel import Panel
from spoker.gui.widgets.text_input import TextInput

W = TypeVar("W", bound="Widget")
Box = tuple[float, float, float, float]
"""left, bottom, width, height (window units)."""

TIP_WIDTH = 360.0
"""A tooltip's widest line at scale 1 (about 48 characters of its 11-point
text, never more than the window): a longer tip wraps."""
TIP_NARROWER = (0.7, 0.5)
"""The narrower wrappings tried, as shares of the widest, where the wider
ones cover something wherever they go."""


def _shared(a: Box, b: Box) -> float:
    """The area two boxes share."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


class TipText:
    """A tooltip's words, wrapped to a width: measured once per text and
    width (the layout is the costly part), drawn by one label."""

    SIZE = 11

    def __init__(self) -> None:
        self._label = Label("", self.SIZE, THEME.text, anchor_y="top", multiline=True, width=200)
        self._measure = Label("", self.SIZE, anchor_y="top", multiline=True, width=200)
        self._sizes: dict[tuple[str, int, float], tuple[float, float]] = {}

    def measure(self, text: str, wrap: int) -> tuple[float, float]:
        """The width and height of ``text`` wrapped at ``wrap`` pixels."""
        key = (text, wrap, ui_scale())
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 512:
                self._sizes.clear()
            m = self._measure.set(text, width=wrap)
            size = self._sizes[key] = (m.content_width, m.content_height)
        return size

    def wrappings(self, tooltip: str, room_w: float, room_h: float) -> list[tuple[str, int, float, float]]:
        """The ways to show ``tooltip`` in a window leaving ``room_w`` x
        ``room_h`` for its words, best first: (text, wrap width, width,
        height) wrapped at :data:`TIP_WIDTH`, then narrower, then as wide as
        the window. Cut with an ellipsis only where the whole window cannot
        hold it."""
        text = breakable(drawable_text(tooltip))
        widest = max(1, int(min(TIP_WIDTH * ui_scale(), room_w)))
        out: list[tuple[str, int, float, float]] = []
        for wrap in (widest, *(int(widest * share) for share in TIP_NARROWER), int(room_w)):
            w, h = self.measure(text, max(1, wrap))
            if h <= room_h and all((w, h) != (o[2], o[3]) for o in out):
                out.append((text, max(1, wrap), w, h))
        if not out:
            wrap = max(1, int(room_w))
            text = self._cut(text, wrap, room_h)
            out.append((text, wrap, *self.measure(text, wrap)))
        return out

    def _cut(self, text: str, wrap: int, room_h: float) -> str:
        """The longest start of ``text`` that, with an ellipsis, is no taller than ``room_h``."""
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.measure(text[:mid].rstrip() + "\u2026", wrap)[1] <= room_h:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + "\u2026"

    def draw(self, text: str, wrap: int, left: float, top: float) -> None:
        self._label.draw_at(left, top, text, width=wrap)


Placed = tuple[Box, str, int]
"""A tooltip's box, its words as shown and their wrap width."""


class WidgetGroup:
    """The widgets of a screen: draws them and routes events, tracks focus."""

    def __init__(self, layer: TextLayer | None = None, screen: Callable[[], tuple[int, int]] | None = None) -> None:
        self.widgets: list[Widget] = []
        self.layer = layer
        self.screen = screen or (lambda: (int(window_width()), int(window_height())))
        """The screen's size: where tooltips must stay (the window's, by default)."""
        self._overlay_tip = TipText()
        self._placed_last: tuple[Hashable, Placed] | None = None
        self.mouse = (-1.0, -1.0)
        self._revision = 0
        self._shown: tuple[object, ...] | None = None
        self.keep_clear: tuple[Box, ...] = ()  # the screen's message, last drawn: tooltips keep clear of it
        self.backdrop: tuple[Label, ...] = ()
        """Labels a tooltip may cover where nothing else is free: a screen's
        ornament (the title's name), words no one reads while at a control."""

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        if self.layer is not None:
            for label in widget.labels():
                label.attach(self.layer)
        return widget

    def draw(self, within: tuple[float, float, float, float] | None = None) -> None:
        """Draw the visible widgets; only those reaching into ``within``
        (left, bottom, right, top, window units) if given: the screen is being
        drawn again inside that rectangle only (their labels stay shown)."""
        for w in self.widgets:
            if not w.visible:
                continue
            if within is not None and (
                w.left >= within[2] or w.left + w.width <= within[0]
                or w.bottom >= within[3] or w.bottom + w.height <= within[1]
            ):
                if self.layer is not None:
                    self.layer.used.update(id(label) for label in w.labels())
                continue
            w.draw()

    def draw_tooltip(self, avoid: Sequence[Box] = ()) -> None:
        """The tooltip of the widget under the mouse, where it covers no text
        of the frame and no other control (see :meth:`tooltip_box`)."""
        w = self.tooltip_widget()
        if w is None:
            return
        (left, bottom, tw, th), text, wrap = self._placed(w, self.mouse[0], avoid)
        s = ui_scale()
        draw_box(left, bottom, tw, th, (10, 12, 16, 235), THEME.accent, radius=5)
        self._overlay_tip.draw(text, wrap, left + 7 * s, bottom + th - 4 * s)

    def tooltip_widget(self) -> Widget | None:
        """The visible widget with a tooltip under the mouse, if any."""
        x, y = self.mouse
        return next((w for w in self.widgets if w.visible and w.tooltip and w.contains(x, y)), None)

    def tooltip_box(self, widget: Widget, x: float, avoid: Sequence[Box] = ()) -> Box:
        """Where ``widget``'s tooltip goes with the mouse at ``x`` (left,
        bottom, width, height): wrapped at :data:`TIP_WIDTH`, above the
        widget, else below, left or right of it, the first place that covers
        none of the texts the text layer drew last frame, no other visible
        control and nothing of ``avoid`` (a screen's message); else the same
        wrapped narrower, else as wide as the window; else flush with the
        window's edges, else above what stands over it. Where all cover
        something: the first that covers only the :attr:`backdrop`, else the
        one covering least."""
        return self._placed(widget, x, avoid)[0]

    def _placed(self, widget: Widget, x: float, avoid: Sequence[Box]) -> Placed:
        """The tooltip's box and words (see :meth:`tooltip_box`), kept while
        nothing it depends on changes (it is drawn every frame)."""
        s = ui_scale()
        width, height = self.screen()
        own: Box = (widget.left, widget.bottom, widget.width, widget.height)
        obstacles, backdrop = self._obstacles(widget, avoid)
        key = (widget.tooltip, own, x, width, height, s, tuple(obstacles), tuple(backdrop))
        if self._placed_last is not None and self._placed_last[0] == key:
            return self._placed_last[1]
        pad_x, pad_y = 7 * s, 4 * s
        ways = self._overlay_tip.wrappings(widget.tooltip, width - 8 - 2 * pad_x, height - 8 - 2 * pad_y)
        best: tuple[tuple[float, float, float], Placed] | None = None
        # By the widget at any of the widths before farther away.
        for reach in range(3):
            for text, wrap, w, h in ways:
                for box in _places(widget, x, (w + 2 * pad_x, h + 2 * pad_y), obstacles, (width, height), reach):
                    # Covering the widget pointed at is worst (its words hide); the
                    # backdrop, least (the first place covering only it, if none is free).
                    cost = (_shared(box, own), sum(_shared(box, o) for o in obstacles),
                            float(any(_shared(box, o) for o in backdrop)))
                    if best is None or cost < best[0]:
                        best = (cost, (box, text, wrap))
                    if not any(cost):
                        self._placed_last = (key, best[1])
                        return best[1]
        assert best is not None  # wrappings() gives one way at least, _places() a place
        self._placed_last = (key, best[1])
        return best[1]

    def _obstacles(self, widget: Widget, avoid: Sequence[Box]) -> tuple[list[Box], list[Box]]:
        """What a tooltip must not cover (the other controls, the texts
        drawn, ``avoid``), and the :attr:`backdrop` it may cover."""
        out: list[Box] = [(o.left, o.bottom, o.width, o.height) for o in self.widgets
                          if o is not widget and o.visible and not isinstance(o, Panel)]
        backdrop: list[Box] = []
        own = {id(label) for label in widget.labels()}
        behind = {id(label) for label in self.backdrop}
        if self.layer is not None:
            for label in self.layer.shown:
                if id(label) not in own:
                    b = label.box()
                    (backdrop if id(label) in behind else out).append(
                        (b.left, b.bottom, b.right - b.left, b.top - b.bottom))
        out.extend(self.keep_clear)
        out.extend(avoid)
        return out, backdrop

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    @property
    def revision(self) -> int:
        """A counter that moves whenever the widgets' picture does (see :meth:`state`)."""
        shown = self.state()
        if shown != self._shown:
            self._shown = shown
            self._revision += 1
        return self._revision

    def state(self) -> tuple[object, ...]:
        """What the widgets show (places, looks, the tooltip's place): equal
        while their picture would be the same."""
        shown: list[object] = []
        for w in self.widgets:
            if not w.visible:
                shown.append(None)
                continue
            shown.append(w.look())
        x, y = self.mouse
        tip = next((i for i, w in enumerate(self.widgets) if w.visible and w.tooltip and w.contains(x, y)), None)
        return (tuple(shown), tip, x if tip is not None else None)

    @property
    def focused(self) -> TextInput | None:
        for w in self.widgets:
            if isinstance(w, TextInput) and w.focused and w.visible:
                return w
        return None

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.mouse = (x, y)
        for w in self.widgets:
            w.on_mouse_motion(x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        handled = False
        for w in self.widgets:
            if isinstance(w, TextInput):
                handled = w.on_mouse_press(x, y, button) or handled
        if handled:
            return True
        for w in reversed(self.widgets):
            if w.visible and not isinstance(w, (TextInput, Panel)) and w.on_mouse_press(x, y, button):
                return True
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        field = self.focused
        if field is not None:
            if symbol == keys.TAB:
                self.focus_next(field, -1 if modifiers & keys.MOD_SHIFT else 1)
                return True
            return field.on_key_press(symbol, modifiers)
        return False

    def on_text(self, text: str) -> bool:
        field = self.focused
        return field.on_text(text) if field is not None else False

    def focus_next(self, current: TextInput | None, step: int = 1) -> None:
        fields = [w for w in self.widgets if isinstance(w, TextInput) and w.visible]
        if not fields:
            return
        i = fields.index(current) if current in fields else -1
        for f in fields:
            f.focus(False)
        fields[(i + step) % len(fields)].focus(True)


def _places(
    widget: Widget, x: float, size: tuple[float, float], obstacles: Sequence[Box], screen: tuple[int, int],
    reach: int,
) -> Iterator[Box]:
    """The places tried for a tooltip of ``size`` with the mouse at ``x``, in
    order, each kept inside ``screen``. ``reach`` 0: above the widget, else
    below (centred on the pointer, then flush with either edge of the
    widget), else beside it; 1: above or below, flush with either edge of
    the window; 2: above what stands over it (a row of controls over a
    toolbar, the rows of a list)."""
    tw, th = size
    width, height = screen
    gap = 6 * ui_scale()
    above, below = widget.bottom + widget.height + gap, widget.bottom - th - gap

    def fit(px: float, py: float) -> Box:
        return min(max(4.0, px), max(4.0, width - tw - 4)), min(max(4.0, py), max(4.0, height - th - 4)), tw, th

    xs = (x - tw / 2, widget.left, widget.left + widget.width - tw)
    if reach == 0:
        for py in (above, below):
            for px in xs:
                yield fit(px, py)
        middle = widget.bottom + (widget.height - th) / 2
        yield fit(widget.left - tw - gap, middle)
        yield fit(widget.left + widget.width + gap, middle)
    elif reach == 1:
        for py in (above, below):
            for px in (4.0, width - tw - 4):
                yield fit(px, py)
    else:
        for px in (*xs, 4.0, width - tw - 4):
            box = fit(px, above)
            while box[1] + th < height - 4:  # raised past what it covers (each step a gap at least)
                hit = [o for o in obstacles if _shared(box, o) > 0]
                if not hit:
                    break
                box = fit(px, max(o[1] + o[3] for o in hit) + gap)
            yield box
