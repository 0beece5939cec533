"""A rule set in words: what differs from the rules as written, one phrase
an item (the game screen's line, the laboratory's summary, the title's
choice). The one place these phrases are written."""

from __future__ import annotations

from spoker.engine.groups import Rank
from spoker.engine.judging import CLIMBING, DEFAULT_BAG, STRAIGHT_FLUSH, off_sentence
from spoker.engine.rules import LOWER, RuleSet

STANDARD = "The rules as written"
"""What the rule set of rules.md is called on screen."""


def _rank(key: str) -> str:
    return Rank.from_key(key).title.lower()


def _order(order: tuple[str, ...]) -> str:
    """The ranks that moved, in words: "full house ranks above flush four"
    when one pair swapped, else the whole order, highest first."""
    moved = [(a, b) for i, a in enumerate(order) for b in order[i + 1:] if LOWER.index(a) > LOWER.index(b)]
    if len(moved) == 1:
        low, high = moved[0]
        return f"{_rank(high)} ranks above {_rank(low)}"
    return "ranks, highest first: " + " > ".join(_rank(k) for k in reversed(order))


def differences(rules: RuleSet) -> tuple[str, ...]:
    """One short phrase for each way ``rules`` differs from the rules as
    written, in notation.md's order of items; () for the rules as written."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"differences({rules!r}): expected a RuleSet")
    out: list[str] = []
    if rules.visibility == "touching":
        out.append("every touching group counts, covered or cut")
    if rules.apex_free:
        out.append("the apex counts on any turn")
    if rules.lines == "in-level":
        out.append("a line that climbs does not count")
    if rules.off:
        out.append(" and ".join(_rank(k) for k in rules.off) + " form" + ("s" if len(rules.off) == 1 else "")
                   + " no group")
    if rules.order != LOWER:
        out.append(_order(rules.order))
    if rules.tie == "none":
        out.append("a tie scores nothing")
    if rules.bag != DEFAULT_BAG:
        white, black, red = rules.bag
        out.append(f"the bag holds {white} white, {black} black, {red} red")
    out.extend(f"variant {name}" for name in rules.variants)
    return tuple(out)


def _excluded() -> dict[str, str]:
    """The engine's sentences for the items that take a group away (they
    quote the notation: ``off=three_kinds``), each in a player's words."""
    words = {off_sentence(rank): f"{Rank(rank).title.lower()} is off here"
             for rank in range(1, STRAIGHT_FLUSH + 1)}
    words[CLIMBING] = "a line that climbs does not count here"
    return words


EXCLUDED = _excluded()


def excluded_words(why: str) -> str:
    """Why the rules take a group away, as the laboratory says it: an item's
    sentence in words ("three of three kinds is off here"); a plug-in
    variant's own sentence as it wrote it. Sentences the judge joined with
    "; " (a shape both off and climbing) are each said so."""
    return "; ".join(EXCLUDED.get(part, part) for part in why.split("; "))


def heading(rules: RuleSet) -> str:
    """The rule set named in a few words for a heading: "the visible rules",
    "the touching rules, apex-free", then "and 3 changed items" when other
    items differ (their words are :func:`differences`)."""
    base = f"the {rules.visibility} rules" + (", apex-free" if rules.apex_free else "")
    others = len(differences(rules)) - (rules.visibility == "touching") - rules.apex_free
    if not others:
        return base
    return f"{base} and {others} changed item{'s' if others > 1 else ''}"


def summary(rules: RuleSet) -> str:
    """What ``rules`` change, as a person writes it ("A tie scores nothing;
    ..."): a rules file's summary, the title's words beside its chooser;
    "The rules as written" when nothing does."""
    words = "; ".join(differences(rules)) or STANDARD
    return words[:1].upper() + words[1:]


def named(rules: RuleSet, rules_name: str = "") -> str:
    """The rules a game is played under, as the lists of games name them:
    its rules file's name, else its items; "" for the rules as written."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"named({rules!r}): expected a RuleSet")
    return rules_name or ("" if rules == RuleSet() else str(rules))


def one_line(rules: RuleSet) -> str:
    """The rule set in one line: "The rules as written", or what differs
    ("Rules: a tie scores nothing; the bag holds 12 white, 9 black, 9 red")."""
    found = differences(rules)
    return STANDARD if not found else "Rules: " + "; ".join(found)


__all__ = ["EXCLUDED", "STANDARD", "differences", "excluded_words", "heading", "named", "one_line", "summary"]
