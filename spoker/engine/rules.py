"""Rule sets and rule variants (rules.md).

A :class:`RuleSet` names the variants a game follows; each :class:`Variant`
is one change to the :class:`~spoker.engine.judging.Rulings` (what counts as a
group, which are seen, the apex ruling), and every layer judges through
``RuleSet.judge``, the rulings compiled once. So a new variant is one
:func:`register_variant` call: its name then reads in ``Rules`` headers and
state strings, and the engine, the players, the batch simulator and the
explanations follow it (docs/kernel.md). An installed distribution offers
one as an entry point of the group ``spoker.variants`` (docs/plugins.md):
a name that is not known yet is looked up there before it is refused.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import NamedTuple

from shibumi.errors import shown
from spoker.engine.judging import (
    CLIMBING,
    DEFAULT_BAG,
    DEFAULT_RULINGS,
    RANK_KEYS,
    Judge,
    Rulings,
    climbs,
    judge_for,
)
from spoker.engine.settling import Tables
from spoker.engine.settling import tables as settling_tables
from spoker.errors import NotationError, PluginError
from spoker.plugins import VARIANTS as PLUGIN_GROUP
from spoker.plugins import Plugins, is_name, raised

VISIBILITIES = ("visible", "touching")


# Checked named tuples rather than dataclasses: importing ``dataclasses``
# costs a command-line start about 8 ms (bench/startup.py).
class _VariantFields(NamedTuple):
    name: str
    summary: str
    change: Callable[[Rulings], Rulings]


class Variant(_VariantFields):
    """A rule variant: its ``name`` in a ``Rules`` header, one line saying
    what it changes, and the change itself, from rulings to rulings."""

    __slots__ = ()

    def __new__(cls, name: str, summary: str, change: Callable[[Rulings], Rulings]) -> Variant:
        if not is_name(name):
            raise NotationError(
                f"variant name {shown(name)}: expected a lower-case word (a-z, 0-9, '-', '_', '.') such as 'apex-free'"
            )
        if not isinstance(summary, str) or not callable(change):
            raise TypeError(f"variant {name!r}: expected a summary (text) and a change (a function)")
        if not summary.isprintable():  # it is shown as it is: no control character reaches a terminal
            raise NotationError(f"variant {name!r}: summary {shown(summary)} must be one printable line")
        return super().__new__(cls, name, summary, change)


VARIANTS: dict[str, Variant] = {}
"""Every known variant by name: the two of rules.md and those registered."""


def register_variant(variant: Variant) -> Variant:
    """Make ``variant`` known by its name (``RuleSet.parse`` reads it)."""
    if not isinstance(variant, Variant):
        raise TypeError(f"variant {shown(variant)}: expected a Variant")
    if variant.name in VARIANTS or variant.name in VISIBILITIES:
        raise NotationError(f"a rule variant named {variant.name!r} already exists")
    VARIANTS[variant.name] = variant
    return variant


def unregister_variant(name: str) -> None:
    """Forget the registered variant ``name`` (the built-in two stay)."""
    if not isinstance(name, str):
        raise TypeError(f"variant name {shown(name)}: expected text")
    if name in _BUILT_IN:
        raise NotationError(f"{name!r} is a variant of rules.md: it cannot be removed")
    if VARIANTS.pop(name, None) is None:
        raise NotationError(f"no rule variant is named {name!r}")
    _ORIGINS.pop(name, None)


VARIANTS["touching"] = Variant(
    "touching", "every group of touching balls counts, seen or not",
    lambda r: r.but(check_visibility=False),
)
VARIANTS["apex-free"] = Variant(
    "apex-free", "the apex counts on any turn, not only for a straight flush",
    lambda r: r.but(apex_free=True),
)
_BUILT_IN = frozenset(VARIANTS)

_ORIGINS: dict[str, str] = {}
"""Where each installed variant comes from (``distribution NAME VERSION``)."""


def _whose(name: str) -> str:
    """The variant ``name`` in words, as its mistakes are told: ``plug-in
    variant 'level-lines' of distribution spoker-levels 0.1``."""
    where = _ORIGINS.get(name)
    return f"plug-in variant {name!r} of {where}" if where else f"rule variant {name!r} (registered)"


def _changed(name: str, rulings: Rulings) -> Rulings:
    """The variant ``name``'s change applied to ``rulings``. A variant of
    rules.md is Spoker's; any other's failure (it raises, it passes
    ``Rulings.but`` a wrong value, it returns no Rulings) is the variant's
    mistake: a :class:`~spoker.errors.PluginError` naming it."""
    change = VARIANTS[name].change
    if name in _BUILT_IN:
        return change(rulings)
    try:
        changed = change(rulings)
    except Exception as err:
        raise PluginError(
            f"{_whose(name)} failed to change the rulings ({raised(err)}): a mistake in the variant, "
            "not in what you gave", plugin=name,
        ) from err
    if not isinstance(changed, Rulings):
        raise PluginError(
            f"{_whose(name)} changed the rulings into {shown(changed)}, not a Rulings: a mistake in the "
            "variant, not in what you gave", plugin=name,
        )
    unprintable = next((why for _, why in changed.excluded if not why.isprintable()), None)
    if unprintable is not None:  # the explanations print it as it is
        raise PluginError(
            f"{_whose(name)} gave the reason {shown(unprintable)}, not one printable line: a mistake in the "
            "variant, not in what you gave", plugin=name,
        )
    return changed


def _accept(name: str, value: object, origin: str) -> None:
    """Register the variant an entry point named ``name`` offers."""
    if not isinstance(value, Variant):
        raise TypeError(f"is {shown(value)}, not a spoker.Variant")
    if value.name != name:
        raise NotationError(f"is the variant {value.name!r}: its entry point must be named so too")
    if VARIANTS.get(name) is not value:  # its module may have registered it itself
        register_variant(value)
    _ORIGINS[name] = origin


_PLUGINS = Plugins(PLUGIN_GROUP, _accept)


def _installed(name: str) -> bool:
    """Whether ``name`` is a variant, once the plug-in of that name (if any) is loaded."""
    if name not in VARIANTS and name and "," not in name and name == name.strip():
        _PLUGINS.load(name)
    return name in VARIANTS


def variant_names() -> tuple[str, ...]:
    """Every variant's name: ``visible``, rules.md's two, the registered and
    the installed ones (plug-ins are loaded by this call)."""
    _PLUGINS.load_all()
    return ("visible", *VARIANTS)


def _known() -> str:
    """``visible, touching or apex-free`` (and any registered or installed variant)."""
    *names, last = variant_names()
    return f"{', '.join(names)} or {last}"


SHAPES = RANK_KEYS[1:]
"""The five ranks' names, lowest first under the rules as written: what ``off=`` names."""
LOWER = SHAPES[:4]
"""The four lower ranks: what ``order=`` ranks."""
LINES = ("any", "in-level")
TIES = ("both", "none")
ITEMS = "visible, touching, apex-free, lines=, off=, order=, tie=, bag="
"""The items of a rule set (notation.md, "Rule sets"), as the refusals name them."""


class _RuleSetFields(NamedTuple):
    visibility: str = "visible"
    apex_free: bool = False
    variants: tuple[str, ...] = ()
    lines: str = "any"
    off: tuple[str, ...] = ()
    order: tuple[str, ...] = LOWER
    tie: str = "both"
    bag: tuple[int, int, int] = DEFAULT_BAG


class RuleSet(_RuleSetFields):
    """Which rules a game follows (notation.md, "Rule sets").

    ``visibility``: ``"visible"`` (default: covered balls and cut contacts spoil
    a group) or ``"touching"`` (every group of touching balls counts).
    ``apex_free``: False (default: the apex on a normal turn counts only for a
    straight flush) or True (the apex counts on any turn).
    ``variants``: the names of further registered variants (:func:`register_variant`).
    ``lines``: ``"any"`` or ``"in-level"`` (a line that climbs forms nothing).
    ``off``: the ranks (by name) that form no group, in the default ranking's order.
    ``order``: the four lower ranks, lowest first.
    ``tie``: ``"both"`` (a tied challenge scores one each) or ``"none"``.
    ``bag``: (white, black, red) balls, adding up to 30.

    Every item becomes :attr:`rulings` here and nowhere else; the accessors
    the hot paths read are :attr:`judge`, :attr:`settling` (the points and
    gains of a challenge, :mod:`spoker.engine.settling`), :attr:`gain` and
    :attr:`counts` (the bag, W-B-R).
    """

    # No __slots__: the compiled rulings and judge are cached on the instance.

    def __new__(
        cls, visibility: str = "visible", apex_free: bool = False, variants: tuple[str, ...] = (),
        lines: str = "any", off: tuple[str, ...] = (), order: tuple[str, ...] = LOWER,
        tie: str = "both", bag: tuple[int, int, int] = DEFAULT_BAG,
    ) -> RuleSet:
        if not isinstance(visibility, str) or visibility not in VISIBILITIES:
            raise NotationError(f"unknown visibility {visibility!r}: expected 'visible' or 'touching'")
        if not isinstance(apex_free, bool):
            raise NotationError(f"apex_free must be True or False, not {apex_free!r}")
        if not isinstance(variants, tuple) or not all(isinstance(v, str) for v in variants):
            raise NotationError(f"variants must be a tuple of names, not {shown(variants)}")
        for name in variants:
            if name in _BUILT_IN or not _installed(name):
                raise NotationError(f"unknown rule variant {name!r}: registered variants are {_known()}")
        if len(set(variants)) != len(variants):
            raise NotationError(f"variants {variants!r} name one variant twice")
        if lines not in LINES:
            raise NotationError(f"lines {shown(lines)}: expected 'any' or 'in-level'")
        if not isinstance(off, tuple) or not all(isinstance(k, str) and k in SHAPES for k in off):
            raise NotationError(f"off {shown(off)}: expected a tuple of rank names ({', '.join(SHAPES)})")
        if len(set(off)) != len(off):
            raise NotationError(f"off {off!r} names one rank twice")
        off = tuple(sorted(off, key=SHAPES.index))
        if not isinstance(order, tuple) or sorted(map(str, order)) != sorted(LOWER):
            raise NotationError(f"order {shown(order)}: expected the four names {', '.join(LOWER)} in some order")
        if tie not in TIES:
            raise NotationError(f"tie {shown(tie)}: expected 'both' or 'none'")
        if not isinstance(bag, tuple) or len(bag) != 3 or not all(
            type(n) is int and 0 <= n <= 30 for n in bag
        ) or sum(bag) != 30:
            raise NotationError(f"bag {shown(bag)}: expected (white, black, red), whole numbers 0-30 adding up to 30")
        return super().__new__(cls, visibility, apex_free, variants, lines, off, order, tie, bag)

    def but(self, **changes: object) -> RuleSet:
        """These rules with the fields ``changes`` names changed, checked as
        any rule set is (``rules.but(visibility="touching")``): every other
        item kept."""
        return RuleSet(**{**self._asdict(), **changes})  # type: ignore[arg-type]

    @property
    def check_visibility(self) -> bool:
        return self.judge.check_visibility

    @property
    def names(self) -> tuple[str, ...]:
        """The variants this rule set follows, in the order they apply."""
        return (
            (("touching",) if self.visibility == "touching" else ())
            + (("apex-free",) if self.apex_free else ())
            + self.variants
        )

    @functools.cached_property
    def rulings(self) -> Rulings:
        """What these rules decide, in one place: the items of notation.md
        made rulings, then each variant's change (plug-ins see the items)."""
        rulings = DEFAULT_RULINGS.but(
            order=tuple(SHAPES.index(k) + 1 for k in self.order),
            off=tuple(SHAPES.index(k) + 1 for k in self.off),
            tie_scores=self.tie == "both",
            bag=self.bag,
        )
        if self.lines == "in-level":
            rulings = rulings.without(climbs, CLIMBING)
        for name in self.names:
            rulings = _changed(name, rulings)
        return rulings

    @functools.cached_property
    def judge(self) -> Judge:
        """The rulings compiled: what every layer judges with."""
        return judge_for(self.rulings)

    @functools.cached_property
    def settling(self) -> Tables:
        """The settling tables under these rules' tie (``points``, ``gain``,
        ``by_player``: :mod:`spoker.engine.settling`)."""
        return settling_tables(self.rulings.tie_scores)

    @property
    def gain(self) -> tuple[tuple[int, ...], ...]:
        """``gain[challenge][response]``: the responder's points minus the
        challenger's under these rules (:data:`spoker.engine.settling.GAIN`
        under the rules as written): what a search adds to the responder's lead."""
        return self.settling.gain

    @property
    def counts(self) -> tuple[int, int, int]:
        """(white, black, red): the balls of each colour the bag holds at the
        start (after any variant's change)."""
        return self.rulings.bag

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Parse a rule set: ``visible``, ``touching, apex-free, tie=none``...
        (notation.md, "Rule sets"): items in any order, each at most once;
        :class:`NotationError`, quoting ``text`` and naming the item, otherwise."""
        if not isinstance(text, str):
            raise NotationError(f"rules must be text, not {shown(text)}")
        return cls(**_items(text))  # type: ignore[arg-type]  # each reader gives its field's type

    def __getstate__(self) -> None:
        # The compiled judge stays behind: a process rebuilds its own (the
        # fields travel as the tuple itself).
        return None

    def items(self) -> tuple[str, ...]:
        """The canonical items: default ones left out except the first, in
        notation.md's order."""
        out = [self.visibility]
        if self.apex_free:
            out.append("apex-free")
        if self.lines != "any":
            out.append(f"lines={self.lines}")
        if self.off:
            out.append("off=" + "+".join(self.off))
        if self.order != LOWER:
            out.append("order=" + "<".join(self.order))
        if self.tie != "both":
            out.append(f"tie={self.tie}")
        if self.bag != DEFAULT_BAG:
            out.append("bag=" + "-".join(map(str, self.bag)))
        return (*out, *self.variants)

    def __str__(self) -> str:
        """The canonical form: ``touching, lines=in-level, tie=none``."""
        return ", ".join(self.items())

    @property
    def token(self) -> str:
        """The rules without spaces, for state strings and suite cases: ``touching,apex-free``."""
        return ",".join(self.items())

    @property
    def is_standard(self) -> bool:
        """Whether these are the rules as written apart from visibility and
        the apex (no item of the others, no plug-in variant)."""
        return self.items()[1 + self.apex_free:] == ()


def _items(text: str) -> dict[str, object]:
    """The fields :class:`RuleSet` takes, read from the items of ``text``."""
    fields: dict[str, object] = {}
    seen: dict[str, str] = {}
    extra: list[str] = []
    for raw in text.split(","):
        item = raw.strip().lower()
        key, sep, value = item.partition("=")
        key = key.strip()
        value = value.strip()
        where = f"rules {text!r}:"
        if not item:
            raise NotationError(f"{where} an empty item: expected items such as {ITEMS} separated by commas")
        slot = "visibility" if not sep and key in VISIBILITIES else key
        if slot in seen:
            if slot == "visibility" and seen[slot] != item:
                raise NotationError(f"rules {text!r} name two visibilities: {seen[slot]!r} with {item!r}")
            raise NotationError(f"{where} the item {item!r} is given twice")
        seen[slot] = item
        if not sep and key in VISIBILITIES:
            fields["visibility"] = key
        elif not sep and key == "apex-free":
            fields["apex_free"] = True
        elif sep and key in _READERS:
            name, reader = _READERS[key]
            fields[name] = reader(where, item, value)
        elif not sep and _installed(key):
            extra.append(key)
        elif not sep:
            raise NotationError(f"unknown rule variant {item!r} in {text!r}: expected {_known()}")
        else:
            raise NotationError(f"{where} unknown item {item!r}: expected {ITEMS} or a variant ({_known()})")
    fields["variants"] = tuple(extra)
    return fields


def _read_lines(where: str, item: str, value: str) -> str:
    if value not in LINES:
        raise NotationError(f"{where} {item!r}: lines= takes 'any' or 'in-level'")
    return value


def _read_off(where: str, item: str, value: str) -> tuple[str, ...]:
    names = tuple(v.strip() for v in value.split("+"))
    for name in names:
        if name not in SHAPES:
            raise NotationError(f"{where} {item!r}: {name!r} is not a rank (expected {', '.join(SHAPES)})")
    if len(set(names)) != len(names):
        raise NotationError(f"{where} {item!r} names a rank twice")
    return names


def _read_order(where: str, item: str, value: str) -> tuple[str, ...]:
    names = tuple(v.strip() for v in value.split("<"))
    if sorted(names) != sorted(LOWER):
        raise NotationError(
            f"{where} {item!r}: order= takes the four ranks {', '.join(LOWER)}, each once, "
            "lowest first, separated by '<'"
        )
    return names


def _read_tie(where: str, item: str, value: str) -> str:
    if value not in TIES:
        raise NotationError(f"{where} {item!r}: tie= takes 'both' or 'none'")
    return value


def _read_bag(where: str, item: str, value: str) -> tuple[int, int, int]:
    parts = value.split("-")
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise NotationError(f"{where} {item!r}: bag= takes W-B-R, three whole numbers from 0 to 30")
    bag = (int(parts[0]), int(parts[1]), int(parts[2]))
    if max(bag) > 30 or sum(bag) != 30:
        raise NotationError(f"{where} {item!r}: the bag holds 30 balls, not {sum(bag)}")
    return bag


_READERS = {
    "lines": ("lines", _read_lines), "off": ("off", _read_off), "order": ("order", _read_order),
    "tie": ("tie", _read_tie), "bag": ("bag", _read_bag),
}
"""Each ``key=value`` item: the :class:`RuleSet` field it sets and its reader."""


class RulesFile(NamedTuple):
    """A rules file read (notation.md, "Rules files"): its name, its summary
    and the rule set it names."""

    name: str
    summary: str
    rules: RuleSet


_FILE_KEYS = ("name", "summary", "visibility", "apex_free", "lines", "off", "order", "tie", "bag", "variants")


def rules_from_table(table: Mapping[str, object], source: str) -> RulesFile:
    """The rule set a rules file's table (TOML, read) names; ``source`` (the
    file) starts every refusal, which names the key and the reason."""
    if not isinstance(table, Mapping) or not isinstance(source, str):
        raise TypeError(f"rules_from_table({shown(table)}, {shown(source)}): expected a table read from TOML and a file name")

    def bad(key: str, why: str) -> NotationError:
        return NotationError(f"rules file {source}: key {key!r}: {why}")

    for key in table:
        if not isinstance(key, str) or key not in _FILE_KEYS:
            raise bad(str(key), f"unknown key (expected {', '.join(_FILE_KEYS)})")
    for key in ("name", "summary"):
        if key not in table:
            raise bad(key, "missing: a rules file gives its name and a one-line summary")
    name, summary = table["name"], table["summary"]
    if not isinstance(name, str) or not is_name(name):
        raise bad("name", f"{shown(name)} is not a lower-case word (a-z, 0-9, '-', '_', '.')")
    if not isinstance(summary, str) or not summary.isprintable() or not summary.strip():
        raise bad("summary", f"{shown(summary)} is not one printable line")

    def text(key: str, allowed: tuple[str, ...]) -> str | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or value not in allowed:
            raise bad(key, f"{shown(value)}: expected one of {', '.join(map(repr, allowed))}")
        return value

    def names(key: str) -> tuple[str, ...] | None:
        value = table.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad(key, f"{shown(value)}: expected a list of names")
        return tuple(value)

    fields: dict[str, object] = {}
    visibility = text("visibility", VISIBILITIES)
    if visibility is not None:
        fields["visibility"] = visibility
    if "apex_free" in table:
        if not isinstance(table["apex_free"], bool):
            raise bad("apex_free", f"{shown(table['apex_free'])}: expected true or false")
        fields["apex_free"] = table["apex_free"]
    for key, allowed in (("lines", LINES), ("tie", TIES)):
        value = text(key, allowed)
        if value is not None:
            fields[key] = value
    off = names("off")
    if off is not None:
        unknown = [k for k in off if k not in SHAPES]
        if unknown or len(set(off)) != len(off):
            raise bad("off", f"{shown(list(off))}: expected rank names, each once ({', '.join(SHAPES)})")
        fields["off"] = off
    order = names("order")
    if order is not None:
        if sorted(order) != sorted(LOWER):
            raise bad("order", f"{shown(list(order))}: expected the four ranks {', '.join(LOWER)}, each once, lowest first")
        fields["order"] = order
    if "bag" in table:
        bag = table["bag"]
        if not (isinstance(bag, list) and len(bag) == 3 and all(type(n) is int and 0 <= n <= 30 for n in bag)):
            raise bad("bag", f"{shown(bag)}: expected [white, black, red], whole numbers from 0 to 30")
        if sum(bag) != 30:
            raise bad("bag", f"{shown(bag)}: the bag holds 30 balls, not {sum(bag)}")
        fields["bag"] = (bag[0], bag[1], bag[2])
    variants = names("variants")
    if variants is not None:
        for v in variants:
            if v in VISIBILITIES or v in _BUILT_IN or not _installed(v):
                raise bad("variants", f"{v!r} is not a plug-in variant (known: {_known()})")
        if len(set(variants)) != len(variants):
            raise bad("variants", f"{shown(list(variants))} names a variant twice")
        fields["variants"] = variants
    return RulesFile(name, summary, RuleSet(**fields))  # type: ignore[arg-type]


DEFAULT_RULES = RuleSet()
