"""Small self-made widgets: buttons, choices, toggles, text fields, panels.

arcade.gui cannot be imported headless (arcade 3.3.3), so the screens use
these: plain shapes and cached :class:`arcade.Text` objects. A widget has a
rectangle in window pixels (left, bottom, width, height) set by its view's
``layout``; a :class:`WidgetGroup` dispatches mouse, key and text events.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

import arcade
from arcade import key as keys

from shibumi import Colour

FONT = ("DejaVu Sans", "Arial", "calibri")
MONO = ("DejaVu Sans Mono", "Courier New")

RGBA = tuple[int, int, int, int]
W = TypeVar("W", bound="Widget")


@dataclass(frozen=True)
class Theme:
    background: RGBA = (24, 28, 36, 255)
    panel: RGBA = (36, 42, 54, 240)
    panel_border: RGBA = (70, 80, 100, 255)
    text: RGBA = (232, 234, 240, 255)
    muted: RGBA = (150, 158, 175, 255)
    accent: RGBA = (255, 196, 64, 255)
    button: RGBA = (58, 68, 88, 255)
    button_hover: RGBA = (80, 94, 122, 255)
    button_primary: RGBA = (46, 120, 200, 255)
    button_primary_hover: RGBA = (70, 146, 230, 255)
    button_disabled: RGBA = (44, 48, 58, 255)
    field: RGBA = (20, 24, 30, 255)
    focus: RGBA = (90, 170, 255, 255)
    good: RGBA = (96, 210, 120, 255)
    bad: RGBA = (240, 96, 86, 255)
    player1: RGBA = (90, 170, 255, 255)
    player2: RGBA = (255, 140, 70, 255)


THEME = Theme()

BALL_RGB: dict[Colour, tuple[int, int, int]] = {
    Colour.WHITE: (236, 232, 222),
    Colour.BLACK: (34, 34, 40),
    Colour.RED: (206, 40, 44),
}


BASE_SIZE = (1280, 800)  # the window the screens are designed for: scale 1
MAX_SCALE = 2.0
ZWSP = "\u200b"  # a break opportunity: wrapped text may break there
MAX_TEXT = 2000  # characters a label shows at most (text from files may be huge)


class _UiScale:
    value = 1.0


def ui_scale() -> float:
    """The factor of every size on screen (fonts, boxes, margins): 1 up to
    1280x800, growing with the window up to 2 (set by :func:`set_ui_scale`)."""
    return _UiScale.value


def scale_for(width: float, height: float) -> float:
    """The scale of a window of this size: the smaller of its two ratios to
    1280x800, never below 1, in steps of 0.05 (few font sizes to cache)."""
    s = min(width / BASE_SIZE[0], height / BASE_SIZE[1])
    return max(1.0, min(MAX_SCALE, math.floor(s * 20 + 1e-9) / 20))


def set_ui_scale(width: float, height: float) -> float:
    _UiScale.value = scale_for(width, height)
    return _UiScale.value


def screen_text(text: str) -> str:
    """``text`` safe to draw: control and other invisible characters (from a
    record's names, a file name) shown as escapes, tabs and line breaks as
    spaces, and no more than MAX_TEXT characters."""
    if len(text) > MAX_TEXT:
        text = text[: MAX_TEXT - 1] + "\u2026"
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable() or ch == ZWSP:
            out.append(ch)
        elif ch in "\t\n\r\v\f":
            out.append(" ")
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


def breakable(text: str, longest: int = 16) -> str:
    """``text`` with break opportunities inside words longer than ``longest``
    characters, so that wrapped text never runs out of its box."""
    if all(len(w) <= longest for w in text.split(" ")):
        return text
    return " ".join(w if len(w) <= longest else ZWSP.join(w) for w in text.split(" "))


@dataclass(frozen=True)
class DrawnText:
    """A label as drawn in a frame: its text and box (window pixels)."""

    text: str
    left: float
    bottom: float
    right: float
    top: float
    multiline: bool = False


class _Recorder:
    texts: dict[int, DrawnText] | None = None


@contextmanager
def recording_texts() -> Iterator[dict[int, DrawnText]]:
    """Collect the boxes of the labels drawn meanwhile, by label (the last
    place each was drawn at): for the layout tests."""
    texts: dict[int, DrawnText] = {}
    previous = _Recorder.texts
    _Recorder.texts = texts
    try:
        yield texts
    finally:
        _Recorder.texts = previous


def player_colour(player: int) -> RGBA:
    return THEME.player1 if player == 1 else THEME.player2


def rounded_points(left: float, bottom: float, width: float, height: float, radius: float) -> list[tuple[float, float]]:
    """Outline of a rounded rectangle, counter-clockwise."""
    r = max(0.0, min(radius, width / 2, height / 2))
    corners = (
        (left + width - r, bottom + r, -90),
        (left + width - r, bottom + height - r, 0),
        (left + r, bottom + height - r, 90),
        (left + r, bottom + r, 180),
    )
    pts: list[tuple[float, float]] = []
    for cx, cy, start in corners:
        for step in range(5):
            a = math.radians(start + step * 22.5)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


_FANS: dict[tuple[object, ...], list[tuple[float, float]]] = {}


def _cached(key: tuple[object, ...], make: Callable[[], list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """Triangles of a shape, made once: screens redraw the same boxes every frame."""
    tris = _FANS.get(key)
    if tris is None:
        if len(_FANS) > 4000:
            _FANS.clear()
        tris = _FANS[key] = make()
    return tris


def _fan(left: float, bottom: float, width: float, height: float, radius: float) -> list[tuple[float, float]]:
    outline = rounded_points(left, bottom, width, height, radius)
    cx, cy = left + width / 2, bottom + height / 2
    tris: list[tuple[float, float]] = []
    for i, p in enumerate(outline):
        tris.extend(((cx, cy), p, outline[(i + 1) % len(outline)]))
    return tris


def _ring(left: float, bottom: float, width: float, height: float, radius: float, bw: float) -> list[tuple[float, float]]:
    """The border as triangles between the outline and the same outline moved in."""
    outer = rounded_points(left, bottom, width, height, radius)
    inner = rounded_points(left + bw, bottom + bw, width - 2 * bw, height - 2 * bw, max(0.0, radius - bw))
    tris: list[tuple[float, float]] = []
    n = len(outer)
    for i in range(n):
        j = (i + 1) % n
        tris.extend((outer[i], outer[j], inner[j], outer[i], inner[j], inner[i]))
    return tris


def _fill_triangles(points: list[tuple[float, float]], colour: Sequence[int]) -> None:
    # arcade's draw_polygon_filled ear-clips and draw_polygon_outline thickens
    # every segment in Python each frame; cached triangles cost one draw call.
    try:
        from arcade.draw.helpers import _generic_draw_line_strip
        from pyglet import gl
    except ImportError:  # pragma: no cover - a later arcade moved it
        for i in range(0, len(points), 3):
            arcade.draw_triangle_filled(*points[i], *points[i + 1], *points[i + 2], tuple(colour))  # type: ignore[arg-type]
        return
    _generic_draw_line_strip(points, tuple(colour), gl.GL_TRIANGLES)  # type: ignore[arg-type]


def draw_box(
    left: float, bottom: float, width: float, height: float,
    fill: Sequence[int] | None, border: Sequence[int] | None = None, radius: float = 8, border_width: float = 1.5,
) -> None:
    """A rounded rectangle, filled, with an optional border (drawn inside it)."""
    if width <= 0 or height <= 0:
        return
    if fill is not None:
        _fill_triangles(_cached(("f", left, bottom, width, height, radius),
                                lambda: _fan(left, bottom, width, height, radius)), fill)
    if border is not None and width > 2 * border_width and height > 2 * border_width:
        bw = round(border_width * 2) / 2  # pulsing borders reuse a few ring sizes
        _fill_triangles(_cached(("r", left, bottom, width, height, radius, bw),
                                lambda: _ring(left, bottom, width, height, radius, bw)), border)


def draw_ball(x: float, y: float, r: float, colour: Colour, alpha: int = 255, mark: bool = False) -> None:
    """A shaded ball icon (panel, help): base, shade and a specular spot."""
    base = BALL_RGB[colour]
    arcade.draw_circle_filled(x + r * 0.08, y - r * 0.12, r * 1.02, (0, 0, 0, alpha // 3))
    arcade.draw_circle_filled(x, y, r, (*base, alpha))
    lighter = tuple(min(255, c + 40) for c in base)
    arcade.draw_circle_filled(x - r * 0.18, y + r * 0.18, r * 0.62, (*lighter, alpha // 2))  # type: ignore[arg-type]
    arcade.draw_circle_filled(x - r * 0.35, y + r * 0.38, r * 0.22, (255, 255, 255, alpha * 3 // 4))
    edge = (90, 90, 96, alpha) if colour == Colour.WHITE else (0, 0, 0, alpha // 2)
    arcade.draw_circle_outline(x, y, r, edge, max(1.0, r * 0.06))
    # The same marks as the balls on the pyramid (textures._paint_mark).
    if mark and colour == Colour.RED:
        arcade.draw_circle_outline(x, y, r * 0.3, (255, 226, 214, alpha), max(1.0, r * 0.12))
    elif mark and colour == Colour.BLACK:
        a, b, w = r * 0.12, r * 0.4, max(1.0, r * 0.1)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            arcade.draw_line(x + dx * a, y + dy * a, x + dx * b, y + dy * b, (205, 205, 215, alpha), w)


class TextLayer:
    """Labels drawn together in one pyglet batch, after the shapes of a frame.

    Drawing each label on its own costs a dozen GL calls; a screen with fifty
    labels spent half its frame there. A label attached to a layer is only
    positioned by ``draw_at``; ``draw()`` shows the labels used this frame.
    Overlays (tooltips, dialogs) keep their own labels, drawn at once.
    """

    def __init__(self) -> None:
        import pyglet

        self.batch = pyglet.graphics.Batch()
        self.labels: list[Label] = []
        self.used: set[int] = set()

    def draw(self) -> None:
        for label in self.labels:
            label.show(id(label) in self.used)
        self.used.clear()
        self.batch.draw()


_FITTED: dict[tuple[str, int, float], str] = {}
_PROBES: dict[tuple[float, bool], Label] = {}


def _probe(size: float, bold: bool) -> Label:
    """A label used only to measure text (``size`` already scaled)."""
    key = (size, bold)
    if key not in _PROBES:
        _PROBES[key] = Label("", size, bold=bold, scaled=False)
    return _PROBES[key]


class Label:
    """A cached arcade.Text: rebuilt only when its text, size or colour changes.

    Sizes are given at scale 1; the label draws them times :func:`ui_scale`
    (``scaled=False``: as given). Its text goes through :func:`screen_text`
    and it is drawn at whole pixels (a glyph on a half pixel loses a row)."""

    def __init__(
        self, text: str = "", size: float = 13, colour: Sequence[int] = THEME.text, bold: bool = False,
        anchor_x: str = "left", anchor_y: str = "baseline", width: int | None = None,
        multiline: bool = False, font: tuple[str, ...] = FONT, layer: TextLayer | None = None,
        scaled: bool = True,
    ) -> None:
        self.base_size = size
        self.scaled = scaled
        self._text = arcade.Text(
            screen_text(text), 0, 0, tuple(colour), self._size(size), width=width, bold=bold,  # type: ignore[arg-type]
            anchor_x=anchor_x, anchor_y=anchor_y, multiline=multiline, font_name=font,
        )
        self.layer: TextLayer | None = None
        self._shown = True
        if layer is not None:
            self.attach(layer)

    def attach(self, layer: TextLayer) -> None:
        """Draw this label with ``layer`` from now on."""
        if self.layer is layer:
            return
        self.layer = layer
        self._text.batch = layer.batch
        layer.labels.append(self)
        self.show(False)

    def show(self, on: bool) -> None:
        if self._shown != on:
            self._shown = on
            self._text.visible = on

    @property
    def text(self) -> str:
        return self._text.text

    def _size(self, size: float) -> float:
        return round(size * _UiScale.value * 2) / 2 if self.scaled else size

    def set(
        self, text: str | None = None, colour: Sequence[int] | None = None,
        size: float | None = None, width: int | None = None,
    ) -> Label:
        """Change what is shown (cheap when nothing changes); measures need no draw."""
        t = self._text
        if text is not None:
            text = screen_text(text)
            if t.text != text:
                t.text = text
        if colour is not None and tuple(t.color) != tuple(colour):
            t.color = tuple(colour)  # type: ignore[assignment]
        if size is not None:
            self.base_size = size
        want = self._size(self.base_size)
        if t.font_size != want:
            t.font_size = want
        if width is not None and t.width != width:
            t.width = width
        return self

    def draw_at(
        self, x: float, y: float, text: str | None = None, colour: Sequence[int] | None = None,
        size: float | None = None, width: int | None = None,
    ) -> None:
        self.set(text, colour, size, width)
        t = self._text
        x, y = round(x), round(y)
        if t.x != x or t.y != y:
            t.position = (x, y)
        if _Recorder.texts is not None and t.text:
            _Recorder.texts[id(self)] = self.box()
        if self.layer is not None:
            self.layer.used.add(id(self))
        else:
            t.draw()

    def box(self) -> DrawnText:
        """The text's box where it was last placed."""
        lab = self._text.label
        left, bottom = float(lab.left), float(lab.bottom)
        return DrawnText(self._text.text, left, bottom, left + self.content_width,
                         bottom + self.content_height, bool(self._text.multiline))

    def fitted(self, text: str, max_width: float) -> str:
        """``text``, cut with an ellipsis so that it fits ``max_width`` pixels
        at this label's size (cached per text and width)."""
        self.set(size=self.base_size)  # the current scale's size
        key = (text, int(max_width), self._text.font_size)
        hit = _FITTED.get(key)
        if hit is not None:
            return hit
        probe = _probe(self._text.font_size, bool(self._text.bold))
        text = screen_text(text)
        out = text
        if probe.set(text).content_width > max_width:
            lo, hi = 0, len(text)
            while lo < hi:  # the longest prefix that fits with its ellipsis
                mid = (lo + hi + 1) // 2
                if probe.set(text[:mid].rstrip() + "\u2026").content_width <= max_width:
                    lo = mid
                else:
                    hi = mid - 1
            out = text[:lo].rstrip() + "\u2026"
            if not lo and probe.set(out).content_width > max_width:
                out = ""  # not even the ellipsis fits
        if len(_FITTED) > 4000:
            _FITTED.clear()
        _FITTED[key] = out
        return out

    def first_fitting(self, texts: Sequence[str], max_width: float) -> str:
        """The first of ``texts`` (longest first) that fits ``max_width``, else the last one cut."""
        for text in texts[:-1]:
            if self.fitted(text, max_width) == screen_text(text):
                return screen_text(text)
        return self.fitted(texts[-1], max_width)

    @property
    def content_width(self) -> float:
        self.set()  # at the current scale
        return float(self._text.content_width)

    @property
    def content_height(self) -> float:
        self.set()
        return float(self._text.content_height)


def attach_all(obj: object, layer: TextLayer) -> None:
    """Attach every label an object holds (directly, in lists, or in parts
    with ``attach_layer``) to ``layer``; names starting ``_overlay`` or
    ``_measure`` stay drawn at once (overlays) or are only measured."""
    for name, value in vars(obj).items():
        if name.startswith(("_overlay", "_measure")):
            continue
        _attach_value(value, layer)


def _attach_value(value: object, layer: TextLayer) -> None:
    if isinstance(value, Label):
        value.attach(layer)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _attach_value(v, layer)
    elif hasattr(value, "attach_layer"):
        value.attach_layer(layer)


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


class Button(Widget):
    """A clickable box with a label and an optional shortcut shown under it."""

    def __init__(
        self, label: str, action: Callable[[], object], shortcut: str = "", primary: bool = False,
        tooltip: str = "", size: float = 13,
    ) -> None:
        super().__init__(tooltip)
        self.label = label
        self.action = action
        self.shortcut = shortcut
        self.primary = primary
        self.active = False  # drawn as pressed (toggled on)
        self.size = size
        self._label = Label(label, size, anchor_x="center", anchor_y="bottom", bold=primary)
        self._key = Label(shortcut, 9, THEME.muted, anchor_x="right", anchor_y="bottom")
        self._fitted: tuple[tuple[str, float, float] | None, float] = (None, size)

    def look(self) -> tuple[object, ...]:
        return (*super().look(), self.label, self.shortcut, self.primary, self.active, self.size)

    def fill(self) -> RGBA:
        if not self.enabled:
            return THEME.button_disabled
        if self.primary:
            return THEME.button_primary_hover if self.hover else THEME.button_primary
        if self.active:
            return (60, 110, 80, 255) if not self.hover else (76, 136, 100, 255)
        return THEME.button_hover if self.hover else THEME.button

    def draw(self) -> None:
        if not self.visible:
            return
        border = THEME.accent if self.active else THEME.panel_border
        draw_box(self.left, self.bottom, self.width, self.height, self.fill(), border, radius=7)
        colour = THEME.text if self.enabled else THEME.muted
        cx, cy = self.center
        size = self._fit()
        label = self._label.set(size=size)
        label.set(label.fitted(self.label, self.width - 10), colour)  # cut if even the smallest size is too wide
        key_h = self._key.set(self.shortcut).content_height
        label_h = label.content_height
        # The key hint sits in the bottom right corner, the label above it:
        # only when the button is tall and wide enough for both.
        with_key = (
            bool(self.shortcut) and self.height >= key_h + label_h + 4
            and self.width >= self._key.content_width + 12
        )
        y = cy - label_h / 2
        if with_key:
            y = min(max(y, self.bottom + 2 + key_h), self.bottom + self.height - 2 - label_h)
        label.draw_at(cx, y)
        if with_key:
            self._key.draw_at(self.left + self.width - 5, self.bottom + 2)

    def labels(self) -> list[Label]:
        return [self._label, self._key]

    def _fit(self) -> float:
        """The label's font size: shrunk rather than overflow a narrow button."""
        key = (self.label, self.width, ui_scale())
        if self._fitted[0] != key:
            size = self.size
            while size > 8 and self._label.set(self.label, size=size).content_width > self.width - 10:
                size -= 1
            self._fitted = (key, size)
        return self._fitted[1]

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if self.enabled and self.contains(x, y):
            self.action()
            return True
        return False


class Choice(Button):
    """A button that cycles through options (left click: next, right click: back)."""

    def __init__(
        self, caption: str, options: Sequence[tuple[str, str]], index: int = 0,
        on_change: Callable[[str], object] | None = None, tooltip: str = "",
    ) -> None:
        self.caption = caption
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.on_change = on_change
        super().__init__(self._text(), self.next, tooltip=tooltip)

    def _text(self) -> str:
        label = self.options[self.index][1]
        return f"{self.caption}: {label}" if self.caption else label

    @property
    def value(self) -> str:
        return self.options[self.index][0]

    def select(self, value: str) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                self.label = self._text()
                return

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        self.label = self._text()
        if self.on_change is not None:
            self.on_change(self.value)

    def next(self) -> None:
        self.step(1)

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        if self.enabled and self.contains(x, y):
            self.step(-1 if button == arcade.MOUSE_BUTTON_RIGHT else 1)
            return True
        return False


class Toggle(Choice):
    """An on/off choice."""

    def __init__(
        self, caption: str, on: bool, on_change: Callable[[bool], object] | None = None,
        tooltip: str = "", labels: tuple[str, str] = ("Off", "On"),
    ) -> None:
        self._on_toggle = on_change
        super().__init__(
            caption, [("off", labels[0]), ("on", labels[1])], int(on), self._changed, tooltip
        )
        self.active = on

    @property
    def on(self) -> bool:
        return self.index == 1

    def set(self, on: bool) -> None:
        self.index = int(on)
        self.label = self._text()
        self.active = on

    def _changed(self, value: str) -> None:
        self.active = self.on
        if self._on_toggle is not None:
            self._on_toggle(self.on)


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace, Enter submits."""

    def __init__(
        self, text: str = "", placeholder: str = "", max_length: int = 40,
        allowed: Callable[[str], bool] | None = None, on_submit: Callable[[str], object] | None = None,
        caption: str = "", tooltip: str = "",
    ) -> None:
        super().__init__(tooltip)
        self.text = text
        self.placeholder = placeholder
        self.max_length = max_length
        self.allowed = allowed
        self.on_submit = on_submit
        self.caption = caption
        self.focused = False
        self.cursor = len(text)
        self._blink = 0.0
        self._label = Label("", 14, anchor_y="center")
        self._caption = Label(caption, 10, THEME.muted, anchor_y="bottom")
        self._measure = Label("", 14, anchor_y="center")
        self._shown: tuple[object, tuple[str, str]] = (None, ("", ""))

    def labels(self) -> list[Label]:
        return [self._label, self._caption]

    def draw(self) -> None:
        if not self.visible:
            return
        border = THEME.focus if self.focused else THEME.panel_border
        draw_box(self.left, self.bottom, self.width, self.height, THEME.field, border, radius=5,
                 border_width=2 if self.focused else 1.5)
        s = ui_scale()
        if self.caption:
            self._caption.draw_at(self.left + 2, self.bottom + self.height + 3 * s,
                                  self._caption.fitted(self.caption, self.width - 4))
        cy = self.bottom + self.height / 2
        colour = THEME.text if self.text else THEME.muted
        if self.text:
            shown, caret = self._window(self.width - 16)
        else:
            shown, caret = self._label.fitted("" if self.focused else self.placeholder, self.width - 16), ""
        self._label.draw_at(self.left + 8, cy, shown, colour)
        if self.focused and int(self._blink * 2) % 2 == 0:
            x = self.left + 8 + self._measure.set(caret).content_width + 1
            arcade.draw_line(x, cy - 9 * s, x, cy + 9 * s, THEME.text, 1.5)

    def _window(self, room: float) -> tuple[str, str]:
        """The part of the text that fits ``room`` pixels around the caret
        (an ellipsis where it is cut), and that part up to the caret."""
        key = (self.text, self.cursor, int(room), ui_scale())
        if self._shown[0] == key:
            return self._shown[1]
        text = screen_text(self.text)
        cursor = len(screen_text(self.text[: self.cursor]))
        measure = self._measure
        if measure.set(text).content_width <= room:
            out = (text, text[:cursor])
        else:
            lo, hi = 0, cursor  # the first character kept: the text up to the caret must fit
            while lo < hi:
                mid = (lo + hi) // 2
                if measure.set("\u2026" + text[mid:cursor]).content_width > room:
                    lo = mid + 1
                else:
                    hi = mid
            head = "\u2026" if lo else ""
            out = (self._label.fitted(head + text[lo:], room), head + text[lo:cursor])
        self._shown = (key, out)
        return out

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 10.0

    def look(self) -> tuple[object, ...]:
        caret = self.focused and int(self._blink * 2) % 2 == 0
        return (*super().look(), self.text, self.placeholder, self.caption, self.focused, self.cursor, caret)

    def focus(self, on: bool = True) -> None:
        self.focused = on
        self.cursor = len(self.text)
        self._blink = 0.0

    def on_mouse_press(self, x: float, y: float, button: int) -> bool:
        inside = self.contains(x, y)
        self.focus(inside)
        return inside

    def on_text(self, text: str) -> bool:
        if not self.focused:
            return False
        for ch in text:
            if not ch.isprintable() or ch in "\r\n\t":
                continue
            if len(self.text) >= self.max_length:
                break
            candidate = self.text[: self.cursor] + ch + self.text[self.cursor :]
            if self.allowed is not None and not self.allowed(candidate):
                continue
            self.text = candidate
            self.cursor += 1
        self._blink = 0.0
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if not self.focused:
            return False
        if symbol == keys.BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
        elif symbol == keys.DELETE:
            self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
        elif symbol == keys.LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif symbol == keys.RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
        elif symbol == keys.HOME:
            self.cursor = 0
        elif symbol == keys.END:
            self.cursor = len(self.text)
        elif symbol in (keys.ENTER, keys.RETURN, keys.NUM_ENTER):
            self.focus(False)
            if self.on_submit is not None:
                self.on_submit(self.text)
        elif symbol == keys.ESCAPE:
            self.focus(False)
        elif symbol == keys.TAB:
            return False  # the group moves the focus
        # Printable keys arrive through on_text; swallow them here so that
        # typing a name never triggers a shortcut.
        self._blink = 0.0
        return True


class Panel(Widget):
    """A background box with an optional title."""

    def __init__(self, title: str = "", fill: Sequence[int] = THEME.panel) -> None:
        super().__init__()
        self.title = title
        self.fill = tuple(fill)
        self._title = Label(title, 12, THEME.muted, bold=True, anchor_y="top")

    def labels(self) -> list[Label]:
        return [self._title]

    def look(self) -> tuple[object, ...]:
        return (*super().look(), self.title, self.fill)

    def draw(self) -> None:
        if not self.visible:
            return
        draw_box(self.left, self.bottom, self.width, self.height, self.fill, THEME.panel_border, radius=10)
        if self.title:
            s = ui_scale()
            self._title.draw_at(self.left + 12 * s, self.bottom + self.height - 8 * s,
                                self._title.fitted(self.title.upper(), self.width - 24 * s))


class WidgetGroup:
    """The widgets of a screen: draws them and routes events, tracks focus."""

    def __init__(self, layer: TextLayer | None = None) -> None:
        self.widgets: list[Widget] = []
        self.layer = layer
        self._overlay_tip = Label("", 11, THEME.text, anchor_y="center")
        self.mouse = (-1.0, -1.0)

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        if self.layer is not None:
            for label in widget.labels():
                label.attach(self.layer)
        return widget

    def draw(self) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw()

    def draw_tooltip(self) -> None:
        x, y = self.mouse
        for w in self.widgets:
            if w.visible and w.tooltip and w.contains(x, y):
                s = ui_scale()
                width = _window_width()
                tip = self._overlay_tip
                text = tip.fitted(w.tooltip, width - 8 - 14 * s)
                tw = tip.set(text).content_width + 14 * s
                th = tip.content_height + 8 * s
                left = min(max(4.0, x - tw / 2), max(4.0, width - tw - 4))
                bottom = w.bottom + w.height + 6 * s
                if bottom + th > _window_height():  # no room above: below the widget
                    bottom = w.bottom - th - 6 * s
                draw_box(left, bottom, tw, th, (10, 12, 16, 235), THEME.accent, radius=5)
                tip.draw_at(left + 7 * s, bottom + th / 2)
                return

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

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


def _window_width() -> float:
    try:
        return float(arcade.get_window().width)
    except Exception:
        return 1280.0


def _window_height() -> float:
    try:
        return float(arcade.get_window().height)
    except Exception:
        return 800.0
