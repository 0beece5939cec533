"""Rule sets by name: the variants a command line's --rules accepts, the
``Rules`` header, and registering a variant or installing one as a plug-in."""

from __future__ import annotations

import pytest

from spoker import plugins as plugins_module
from spoker.engine import rules as rules_module
from spoker.engine.rules import (
    RuleSet,
    Variant,
    register_variant,
    unregister_variant,
    variant_names,
)
from spoker.errors import RulesError
from spoker.plugins import VARIANTS as PLUGIN_GROUP
from spoker.plugins import Plugins


def test_every_variant_name_visible_first() -> None:
    """variant_names: ``visible`` (the default ruling) first, then rules.md's
    variants and the registered ones, each once."""
    names = variant_names()
    assert names[0] == "visible" and "touching" in names and "apex-free" in names
    assert len(set(names)) == len(names)


# -- registering a variant (docs/kernel.md) -------------------------------------------
@pytest.fixture
def variants(monkeypatch: pytest.MonkeyPatch) -> dict[str, Variant]:
    """rules.md's two variants alone, restored after the test."""
    known = {name: v for name, v in rules_module.VARIANTS.items() if name in rules_module._BUILT_IN}
    monkeypatch.setattr(rules_module, "VARIANTS", known)
    return known


LEVEL_LINES = Variant("level-lines", "only lines within one level count", lambda r: r)


def test_registering_what_is_not_a_variant_quotes_it(variants: dict[str, Variant]) -> None:
    with pytest.raises(TypeError, match=r"variant 'level-lines': expected a Variant"):
        register_variant("level-lines")  # type: ignore[arg-type]  # the name alone
    assert "level-lines" not in variants


def test_unregistering_needs_a_registered_name_and_quotes_a_wrong_one(variants: dict[str, Variant]) -> None:
    with pytest.raises(TypeError, match=r"variant name 7: expected text"):
        unregister_variant(7)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"no rule variant is named 'level-lines'"):
        unregister_variant("level-lines")
    register_variant(LEVEL_LINES)
    unregister_variant("level-lines")
    assert "level-lines" not in variants


# -- the Rules header (docs/formats.md) -----------------------------------------------
def test_rules_must_be_text_quoting_what_was_given() -> None:
    with pytest.raises(RulesError, match=r"rules must be text, not \['touching'\]"):
        RuleSet.parse(["touching"])  # type: ignore[arg-type]


def test_rules_name_one_visibility_at_most() -> None:
    """``visible`` and ``touching`` exclude each other; an item given twice
    is refused (notation.md, "Rule sets")."""
    with pytest.raises(RulesError, match=r"rules 'visible, Touching' name two visibilities"):
        RuleSet.parse("visible, Touching")
    with pytest.raises(RulesError, match=r"rules 'touching, touching': the item 'touching' is given twice"):
        RuleSet.parse("touching, touching")


def test_an_unknown_variant_is_refused_naming_the_known_ones(
    variants: dict[str, Variant], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/formats.md: ``unknown rule variant 'sideways' in 'sideways':
    expected visible, touching or apex-free``, and any installed one too."""
    _Installed(monkeypatch, {})
    with pytest.raises(RulesError) as refused:
        RuleSet.parse("sideways")
    assert str(refused.value) == "unknown rule variant 'sideways' in 'sideways': expected visible, touching or apex-free"
    _Installed(monkeypatch, {"level-lines": LEVEL_LINES})  # installed since
    with pytest.raises(RulesError, match=r"registered variants are visible, touching, apex-free or level-lines$"):
        RuleSet(variants=("sideways",))


# -- a variant an installed distribution offers (docs/plugins.md) ---------------------
class _Point:
    """An entry point of the group ``spoker.variants``, offering ``value``."""

    group = PLUGIN_GROUP
    dist = None

    def __init__(self, name: str, value: object) -> None:
        self.name, self._value = name, value
        self.value = self.module = f"plugin_{name.replace('-', '_')}"

    def load(self) -> object:
        return self._value


class _Installed:
    """The installed distributions, as the plug-ins see them: ``asks`` counts
    how often their metadata was read (some 20 ms each)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, points: dict[str, object]) -> None:
        self.points = [_Point(name, value) for name, value in points.items()]
        self.asks = 0
        monkeypatch.setattr(plugins_module, "installed", self._installed)
        monkeypatch.setattr(plugins_module, "LOADED", {})
        monkeypatch.setattr(rules_module, "_PLUGINS", Plugins(PLUGIN_GROUP, rules_module._accept))

    def _installed(self, group: str) -> list[_Point]:
        assert group == PLUGIN_GROUP
        self.asks += 1
        return list(self.points)


def test_a_name_not_known_yet_is_looked_up_among_the_installed_variants(
    variants: dict[str, Variant], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    installed = _Installed(monkeypatch, {"level-lines": LEVEL_LINES})
    assert RuleSet.parse("touching, level-lines") == RuleSet("touching", False, ("level-lines",))
    assert variants["level-lines"] is LEVEL_LINES and installed.asks == 1
    assert RuleSet(variants=("level-lines",)).variants == ("level-lines",) and installed.asks == 1
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", ["touching", "apex-free", "flat-lines", "", "level-lines,apex-free", " level-lines"])
def test_only_a_name_a_variant_could_have_and_not_known_asks_the_installed_distributions(
    name: str, variants: dict[str, Variant], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A known name never asks (docs/plugins.md: the light commands given
    Spoker's own names never look), nor one that cannot be a variant's name
    (empty, two names, spaces around)."""
    register_variant(Variant("flat-lines", "no line counts", lambda r: r))
    installed = _Installed(monkeypatch, {"level-lines": LEVEL_LINES})
    assert rules_module._installed(name) is (name in variants)
    assert installed.asks == 0 and "level-lines" not in variants


def test_an_installed_variant_is_registered_under_its_entry_points_name(variants: dict[str, Variant]) -> None:
    rules_module._accept("level-lines", LEVEL_LINES, "distribution spoker-levels 0.1")
    assert variants["level-lines"] is LEVEL_LINES


def test_an_installed_variant_its_module_registered_itself_is_taken_as_it_is(variants: dict[str, Variant]) -> None:
    register_variant(LEVEL_LINES)
    rules_module._accept("level-lines", LEVEL_LINES, "distribution spoker-levels 0.1")
    assert variants["level-lines"] is LEVEL_LINES


def test_an_installed_variant_is_refused_when_it_is_not_a_variant_or_named_otherwise(
    variants: dict[str, Variant],
) -> None:
    """docs/plugins.md: a plug-in whose entry point names the wrong kind of
    object, or whose name differs from its object's, is left out, saying why."""
    with pytest.raises(TypeError, match=r"^is 'level-lines', not a spoker.Variant$"):
        rules_module._accept("level-lines", "level-lines", "distribution spoker-levels 0.1")
    with pytest.raises(RulesError, match=r"^is the variant 'level-lines': its entry point must be named so too$"):
        rules_module._accept("flat-lines", LEVEL_LINES, "distribution spoker-levels 0.1")
    with pytest.raises(RulesError, match=r"'touching' already exists"):
        rules_module._accept("touching", Variant("touching", "", lambda r: r), "distribution spoker-levels 0.1")
    assert set(variants) == {"touching", "apex-free"}
