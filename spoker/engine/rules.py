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
from collections.abc import Callable
from typing import NamedTuple

from shibumi.errors import shown
from spoker.engine.judging import DEFAULT_RULINGS, Judge, Rulings, judge_for
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


class _RuleSetFields(NamedTuple):
    visibility: str = "visible"
    apex_free: bool = False
    variants: tuple[str, ...] = ()


class RuleSet(_RuleSetFields):
    """Which variant of the rules a game follows.

    ``visibility``: ``"visible"`` (default: covered balls and cut contacts spoil
    a group) or ``"touching"`` (every group of touching balls counts).
    ``apex_free``: False (default: the apex on a normal turn counts only for a
    straight flush) or True (the apex counts on any turn).
    ``variants``: the names of further registered variants (:func:`register_variant`).
    """

    # No __slots__: the compiled rulings and judge are cached on the instance.

    def __new__(
        cls, visibility: str = "visible", apex_free: bool = False, variants: tuple[str, ...] = ()
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
        return super().__new__(cls, visibility, apex_free, variants)

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
        """What these rules decide: the default rulings changed by each variant."""
        rulings = DEFAULT_RULINGS
        for name in self.names:
            rulings = _changed(name, rulings)
        return rulings

    @functools.cached_property
    def judge(self) -> Judge:
        """The rulings compiled: what every layer judges with."""
        return judge_for(self.rulings)

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Parse a ``Rules`` header value: ``visible``, ``touching, apex-free``..."""
        if not isinstance(text, str):
            raise NotationError(f"rules must be text, not {text!r}")
        visibility = None
        apex_free = False
        extra: list[str] = []
        names = [part.strip().lower() for part in text.split(",")]
        for name in names:
            if name in VISIBILITIES:
                if visibility is not None and visibility != name:
                    raise NotationError(f"rules {text!r} name two visibilities")
                visibility = name
            elif name == "apex-free":
                apex_free = True
            elif _installed(name):
                if name not in extra:
                    extra.append(name)
            else:
                raise NotationError(
                    f"unknown rule variant {name!r} in {text!r}: expected {_known()}"
                )
        return cls(visibility or "visible", apex_free, tuple(extra))

    def __getstate__(self) -> None:
        # The compiled judge stays behind: a process rebuilds its own (the
        # fields travel as the tuple itself).
        return None

    def __str__(self) -> str:
        return ", ".join((self.visibility, *self.names[1 if self.visibility == "touching" else 0:]))

    @property
    def token(self) -> str:
        """The rules without spaces, for state strings: ``touching,apex-free``."""
        return str(self).replace(" ", "")


DEFAULT_RULES = RuleSet()
