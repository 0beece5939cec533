"""Text on screen: :class:`Label` (a cached arcade.Text, measured and cut to
fit), :class:`TextLayer` (the labels of a screen drawn in one pyglet batch)
and the recording of the labels drawn, for the layout tests."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache

import arcade

from spoker.gui.render.theme import FONT, THEME, _UiScale

ZWSP = "\u200b"  # a break opportunity: wrapped text may break there
MAX_TEXT = 2000  # characters a label shows at most (text from files may be huge)


def drawable_text(text: str) -> str:
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
        self.shown: list[Label] = []  # the labels of the last frame drawn (what a tooltip keeps clear of)

    def draw(self) -> None:
        for label in self.labels:
            label.show(id(label) in self.used)
        self.shown = [label for label in self.labels if id(label) in self.used and label.text]
        self.used.clear()
        self.batch.draw()


@cache
def _probe(size: float, bold: bool) -> Label:
    """A label used only to measure text (``size`` already scaled)."""
    return Label("", size, bold=bold, scaled=False)


@lru_cache(maxsize=4096)
def _fitted(text: str, max_width: int, size: float, bold: bool) -> str:
    """``text`` cut with an ellipsis to fit ``max_width`` pixels at ``size``."""
    probe = _probe(size, bold)
    text = drawable_text(text)
    if probe.set(text).content_width <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if probe.set(text[:mid].rstrip() + "\u2026").content_width <= max_width:
            lo = mid
        else:
            hi = mid - 1
    out = text[:lo].rstrip() + "\u2026"
    if not lo and probe.set(out).content_width > max_width:
        return ""  # not even the ellipsis fits
    return out


class Label:
    """A cached arcade.Text: rebuilt only when its text, size or colour changes.

    Sizes are given at scale 1; the label draws them times :func:`ui_scale`
    (``scaled=False``: as given). Its text goes through :func:`drawable_text`
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
            drawable_text(text), 0, 0, tuple(colour), self._size(size), width=width, bold=bold,  # type: ignore[arg-type]
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
            text = drawable_text(text)
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
        return _fitted(text, int(max_width), self._text.font_size, bool(self._text.bold))

    def first_fitting(self, texts: Sequence[str], max_width: float) -> str:
        """The first of ``texts`` (longest first) that fits ``max_width``, else the last one cut."""
        for text in texts[:-1]:
            if self.fitted(text, max_width) == drawable_text(text):
                return drawable_text(text)
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
