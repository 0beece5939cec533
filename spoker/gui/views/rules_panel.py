"""The laboratory's rules panel: every item of a rule set as a control.

Visibility, apex-free, lines, tie, each rank on or off with the four lower
ones moved up and down (``order=``), the bag's three steppers (which keep 30)
and the installed plug-in variants; under them the rule set in words
(:func:`spoker.text.rules_words.differences`, a line each) and "Save as
rules file". Visibility and apex-free take the row of the screen's rule
choice (:meth:`RulesPanel.place_top`). A
control only proposes a rule set (:mod:`spoker.gui.models.lab`'s item
changes); the screen sets it (:meth:`LabView.apply_rules`), which says in one
line why one is refused, and the panel then shows what the screen holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shibumi import Colour
from spoker.engine.groups import Rank
from spoker.engine.rules import LOWER, SHAPES, VISIBILITIES, RuleSet, variant_names
from spoker.gui.models.lab import move_rank, step_bag, toggle_rank, toggle_variant, with_item
from spoker.gui.render.text import Label
from spoker.gui.render.theme import THEME, ui_scale
from spoker.gui.widgets.base import Widget
from spoker.gui.widgets.buttons import Button, Choice, Toggle
from spoker.gui.widgets.text_block import Layered, TextBlock
from spoker.text.rules_words import STANDARD, differences

if TYPE_CHECKING:
    from spoker.gui.widgets.group import WidgetGroup

BUILT_IN_NAMES = ("visible", *VISIBILITIES, "apex-free")
"""The names ``variant_names()`` gives that are items, not plug-ins."""
RANKS_HIGH_FIRST = tuple(reversed(SHAPES))
ROW = 31
"""A row of controls' height at scale 1."""
SUMMARY_LINES = 6
"""The lines of the rule set in words the panel keeps room for, whatever the
rules (the controls above never move under the mouse; the query box keeps
the rest; more differences take smaller print, then "... and N more")."""


def plugin_variants() -> tuple[str, ...]:
    """The installed plug-in variants' names (loading them)."""
    return tuple(n for n in variant_names() if n not in BUILT_IN_NAMES)


class RulesPanel(Layered):
    """The controls of a rule set, in the screen's widget group; ``apply``
    is asked to set each rule set they propose."""

    def __init__(self, ui: WidgetGroup, apply: Callable[[RuleSet], object], save: Callable[[], object]) -> None:
        self.apply = apply
        self.rules = RuleSet()
        self.visibility = ui.add(Choice(
            "", [("visible", "Visible"), ("touching", "Touching")], 0,
            on_change=lambda v: self._propose(with_item(self.rules, visibility=v)),
            tooltip="Visible: covered balls and cut contacts spoil a group; touching: every group counts",
        ))
        self.apex = ui.add(Toggle(
            "Apex-free", False, lambda on: self._propose(with_item(self.rules, apex_free=on)),
            tooltip="On: the apex counts on any turn, not only for a straight flush",
        ))
        self.lines = ui.add(Choice(
            "Lines", [("any", "any"), ("in-level", "in-level")], 0,
            on_change=lambda v: self._propose(with_item(self.rules, lines=v)),
            tooltip="in-level: a line that climbs from one level to another forms nothing",
        ))
        self.tie = ui.add(Choice(
            "Tie", [("both", "both score"), ("none", "none")], 0,
            on_change=lambda v: self._propose(with_item(self.rules, tie=v)),
            tooltip="A tied challenge: one point each, or nothing",
        ))
        self.ranks: dict[str, Toggle] = {}
        self.ups: dict[str, Button] = {}
        self.downs: dict[str, Button] = {}
        for key in RANKS_HIGH_FIRST:
            title = Rank.from_key(key).title
            self.ranks[key] = ui.add(Toggle(
                title, True, lambda _on, key=key: self._propose(toggle_rank(self.rules, key)),  # type: ignore[misc]
                tooltip=f"Off: a {title.lower()} forms no group (off=)", labels=("off", "on"),
            ))
            if key in LOWER:
                self.ups[key] = ui.add(Button("\u25b2", lambda key=key: self._propose(move_rank(self.rules, key, 1)),  # type: ignore[misc]
                                              tooltip=f"{title}: one place higher (order=)"))
                self.downs[key] = ui.add(Button("\u25bc", lambda key=key: self._propose(move_rank(self.rules, key, -1)),  # type: ignore[misc]
                                                tooltip=f"{title}: one place lower (order=)"))
        self.more: list[Button] = []
        self.fewer: list[Button] = []
        for colour in Colour:
            word = colour.word
            self.fewer.append(ui.add(Button("\u2212", lambda c=colour: self._propose(step_bag(self.rules, c, -1)),  # type: ignore[misc]
                                            tooltip=f"One {word} ball fewer (the fewest other colour gets it)")))
            self.more.append(ui.add(Button("+", lambda c=colour: self._propose(step_bag(self.rules, c, 1)),  # type: ignore[misc]
                                           tooltip=f"One {word} ball more (from the colour with the most)")))
        self.variants: dict[str, Toggle] = {}
        for name in plugin_variants():
            self.variants[name] = ui.add(Toggle(
                name, False, lambda _on, name=name: self._propose(toggle_variant(self.rules, name)),  # type: ignore[misc]
                tooltip=f"The plug-in variant {name}", labels=("off", "on"),
            ))
        self.b_save = ui.add(Button("Save as rules file", save,
                                    tooltip="Keep this rule set in the data folder's rules/ (the title screen offers it)"))
        self.b_standard = ui.add(Button("As written", lambda: self._propose(RuleSet()),
                                        tooltip="The rules as written (rules.md)"))
        self._heading = Label("RULE SET: EVERY ITEM", 11, THEME.muted, bold=True, anchor_y="top")
        self._bag = [Label("", 10.5, anchor_x="center", anchor_y="center") for _ in Colour]
        self._summary = TextBlock(11)
        self._summary_small = TextBlock(9.5)
        self.rect = (0.0, 0.0, 0.0, 0.0)
        self._rows: list[float] = []  # the ranks' rows' bottoms, the highest rank's first
        self.summary_block = self._summary
        self.summary_shown: list[tuple[str, tuple[int, int, int, int]]] = []
        self.summary_rect = (0.0, 0.0, 0.0, 0.0)
        self.open = False
        self.show(False)

    # -- what it shows -----------------------------------------------------------
    @property
    def widgets(self) -> list[Widget]:
        return [
            self.visibility, self.apex, self.lines, self.tie, *self.ranks.values(), *self.ups.values(),
            *self.downs.values(), *self.more, *self.fewer, *self.variants.values(), self.b_save, self.b_standard,
        ]

    def show(self, open_: bool) -> None:
        self.open = open_
        for w in self.widgets:
            w.visible = open_

    def _propose(self, rules: RuleSet) -> None:
        self.apply(rules)

    def sync(self, rules: RuleSet) -> None:
        """Show ``rules`` (the screen's): each control's state, the ranks in their order."""
        self.rules = rules
        self.visibility.select(rules.visibility)
        self.apex.set(rules.apex_free)
        self.lines.select(rules.lines)
        self.tie.select(rules.tie)
        for key, toggle in self.ranks.items():
            toggle.set(key not in rules.off)
        for key in LOWER:
            place = rules.order.index(key)
            self.ups[key].enabled = place < len(LOWER) - 1
            self.downs[key].enabled = place > 0
        for i in range(3):
            self.more[i].enabled = any(n for j, n in enumerate(rules.bag) if j != i)
            self.fewer[i].enabled = rules.bag[i] > 0
        for name, toggle in self.variants.items():
            toggle.set(name in rules.variants)
        self.b_standard.enabled = rules != RuleSet()
        self._place_ranks()

    def summary_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The rule set in words: what differs from the rules as written, a line each."""
        found = differences(self.rules)
        if not found:
            return [(STANDARD, THEME.muted)]
        return [("\u2022 " + phrase[:1].upper() + phrase[1:], THEME.text) for phrase in found]

    # -- layout ------------------------------------------------------------------------
    def layout(self, x: float, bottom: float, w: float, most_top: float) -> float:
        """Lay the panel out from ``bottom`` up, ``w`` wide at ``x``, its
        summary in words in :data:`SUMMARY_LINES` lines' room (less when
        ``most_top`` leaves less); its top. The room does not depend on the
        rules, so a control clicked does not move the others."""
        s = ui_scale()
        gap, row = 6 * s, ROW * s
        half = (w - gap) / 2
        self.b_save.place(x, bottom, half, 34 * s)
        self.b_standard.place(x + half + gap, bottom, half, 34 * s)
        y = bottom + 36 * s + 8 * s
        rows = 2 + len(RANKS_HIGH_FIRST) + (len(self.variants) + 1) // 2
        fixed = rows * row + 6 * s + 4 * s + self._heading.set(self._heading.text).content_height
        kept = self._summary.height([("Ag", THEME.text)] * SUMMARY_LINES, w)
        room = min(kept, max(0.0, most_top - y - fixed))
        lines = self.summary_lines()
        self.summary_block = self._summary
        if self._summary.height(lines, w) > room:  # smaller print rather than fewer lines
            self.summary_block = self._summary_small
        self.summary_shown = _fitting(self.summary_block, lines, w, room)
        self.summary_rect = (x, y, w, room)  # the words from its top
        y += room + 6 * s
        names = list(self.variants)
        for i in reversed(range(0, len(names), 2)):  # two a row, in name order from the top
            for j, name in enumerate(names[i:i + 2]):
                self.variants[name].place(x + j * (half + gap), y + 2 * s, half, row - 4 * s)
            y += row
        third = (w - 2 * gap) / 3
        step_w = min(30 * s, third * 0.27)  # the count between keeps the rest
        for i in range(3):
            left = x + i * (third + gap)
            self.fewer[i].place(left, y + 2 * s, step_w, row - 4 * s)
            self.more[i].place(left + third - step_w, y + 2 * s, step_w, row - 4 * s)
        self.bag_y = y + row / 2
        self.bag_x = [x + i * (third + gap) + third / 2 for i in range(3)]
        y += row
        self.rank_x, self.rank_w = x, w
        self._rows = [y + i * row for i in reversed(range(len(RANKS_HIGH_FIRST)))]
        y += len(RANKS_HIGH_FIRST) * row
        self.lines.place(x, y + 2 * s, half, row - 4 * s)
        self.tie.place(x + half + gap, y + 2 * s, half, row - 4 * s)
        y += row
        self.heading_y = y + 4 * s + self._heading.content_height
        self.rect = (x, bottom, w, self.heading_y - bottom)
        self._place_ranks()
        return self.heading_y

    def place_top(self, x: float, y: float, w: float, h: float) -> None:
        """Visibility and apex-free side by side (where the rule choice was)."""
        half = (w - 6 * ui_scale()) / 2
        self.visibility.place(x, y, half, h)
        self.apex.place(x + w - half, y, half, h)

    def _place_ranks(self) -> None:
        """The ranks in rows, highest first: the straight flush, then ``order=`` reversed."""
        if not self._rows:
            return
        s = ui_scale()
        row = ROW * s
        arrow = 30 * s
        ranked = ("straight_flush", *reversed(self.rules.order))
        x, w = self.rank_x, self.rank_w
        for key, y in zip(ranked, self._rows):
            self.ranks[key].place(x, y + 2 * s, w - 2 * (arrow + 4 * s), row - 4 * s)
            if key in LOWER:
                self.ups[key].place(x + w - 2 * arrow - 4 * s, y + 2 * s, arrow, row - 4 * s)
                self.downs[key].place(x + w - arrow, y + 2 * s, arrow, row - 4 * s)

    def draw(self) -> list[tuple[float, float, float, float]]:
        """The heading, the bag's counts and the summary (the widgets draw
        themselves); the boxes of its texts."""
        if not self.open:
            return []
        x, _, w, _ = self.rect
        self._heading.draw_at(x, self.heading_y, self._heading.first_fitting(
            ("RULE SET: EVERY ITEM", "RULE SET"), w))
        for i, (label, colour) in enumerate(zip(self._bag, Colour)):
            label.draw_at(self.bag_x[i], self.bag_y, f"{colour} {self.rules.bag[i]}")
        sx, sy, sw, sh = self.summary_rect
        self.summary_block.draw(self.summary_shown, sx, sy + sh, sw, bottom_limit=sy - 1)
        return [self.summary_rect]


def _fitting(
    block: TextBlock, lines: list[tuple[str, tuple[int, int, int, int]]], width: float, room: float,
) -> list[tuple[str, tuple[int, int, int, int]]]:
    """``lines`` if they fit ``room``; else the first ones and "... N more"
    (the controls above show every item all the same)."""
    if block.height(lines, width) <= room:
        return lines
    for keep in range(len(lines) - 1, -1, -1):
        shown = [*lines[:keep], (f"\u2026 and {len(lines) - keep} more", THEME.muted)]
        if block.height(shown, width) <= room or keep == 0:
            return shown
    return lines  # pragma: no cover - the loop returns at keep 0


__all__ = ["RulesPanel", "plugin_variants"]
