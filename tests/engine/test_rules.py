"""Rule sets by name: the variants a command line's --rules accepts."""

from __future__ import annotations

from spoker.engine.rules import variant_names


def test_every_variant_name_visible_first() -> None:
    """variant_names: ``visible`` (the default ruling) first, then rules.md's
    variants and the registered ones, each once."""
    names = variant_names()
    assert names[0] == "visible" and "touching" in names and "apex-free" in names
    assert len(set(names)) == len(names)
