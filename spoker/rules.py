"""Rule variants (rules.md): visibility and the apex ruling."""

from __future__ import annotations

from dataclasses import dataclass

from spoker.errors import RulesError

VISIBILITIES = ("visible", "touching")


@dataclass(frozen=True)
class RuleSet:
    """Which variant of the rules a game follows.

    ``visibility``: ``"visible"`` (default: covered balls and cut contacts spoil
    a group) or ``"touching"`` (every group of touching balls counts).
    ``apex_free``: False (default: the apex on a normal turn counts only for a
    straight flush) or True (the apex counts on any turn).
    """

    visibility: str = "visible"
    apex_free: bool = False

    def __post_init__(self) -> None:
        if self.visibility not in VISIBILITIES:
            raise RulesError(
                f"unknown visibility {self.visibility!r}: expected 'visible' or 'touching'"
            )
        if not isinstance(self.apex_free, bool):
            raise RulesError(f"apex_free must be True or False, not {self.apex_free!r}")

    @property
    def check_visibility(self) -> bool:
        return self.visibility == "visible"

    @classmethod
    def parse(cls, text: str) -> RuleSet:
        """Parse a ``Rules`` header value: ``visible``, ``touching, apex-free``..."""
        if not isinstance(text, str):
            raise RulesError(f"rules must be text, not {text!r}")
        visibility = None
        apex_free = False
        names = [part.strip().lower() for part in text.split(",")]
        for name in names:
            if name in VISIBILITIES:
                if visibility is not None and visibility != name:
                    raise RulesError(f"rules {text!r} name two visibilities")
                visibility = name
            elif name == "apex-free":
                apex_free = True
            else:
                raise RulesError(
                    f"unknown rule variant {name!r} in {text!r}: "
                    "expected visible, touching or apex-free"
                )
        return cls(visibility or "visible", apex_free)

    def __str__(self) -> str:
        return self.visibility + (", apex-free" if self.apex_free else "")

    @property
    def token(self) -> str:
        """The rules without spaces, for state strings: ``touching,apex-free``."""
        return str(self).replace(" ", "")


DEFAULT_RULES = RuleSet()
