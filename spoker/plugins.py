"""Plug-ins: computer players and rule variants offered by installed distributions.

A distribution names them as entry points in its ``pyproject.toml``
(docs/plugins.md)::

    [project.entry-points."spoker.players"]
    cautious = "my_spoker:CautiousPlayer"

    [project.entry-points."spoker.variants"]
    level-lines = "my_spoker:LEVEL_LINES"

They are looked up lazily, each group at most once a name: a name that is not
one of Spoker's own asks the installed distributions for that name alone
(:mod:`spoker.engine.rules`, :mod:`spoker.players.registry`), and a full list (a
``--help`` listing, the title screen, an error naming the known ones) loads
them all. Asking costs a command some 20 ms (``importlib.metadata`` reads
every installed distribution's metadata), which the light commands never pay
for a built-in name (``bench/startup.py``).

A plug-in that cannot be used (it does not import, names the wrong kind of
object, or takes a name already taken) is left out with one line on stderr
naming it and its distribution, and the others work.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from spoker.errors import SpokerError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

PLAYERS = "spoker.players"
"""The entry-point group of computer players (a class: ``name``, ``choose(state)``)."""
VARIANTS = "spoker.variants"
"""The entry-point group of rule variants (a :class:`spoker.engine.rules.Variant`)."""


def installed(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` in the installed distributions."""
    from importlib.metadata import entry_points

    return list(entry_points(group=group))


def origin(point: EntryPoint) -> str:
    """``distribution NAME VERSION``, the distribution offering ``point``."""
    dist = getattr(point, "dist", None)
    if dist is None:
        return "an unknown distribution"
    return f"distribution {dist.name} {dist.version}"


def refuse(point: EntryPoint, problem: str) -> None:
    """Say in one line on stderr that the plug-in ``point`` is left out, and why."""
    from spoker.safe_text import one_line, printable

    print(
        printable(one_line(
            f"spoker: plug-in {point.name!r} of {origin(point)} ({point.group} = {point.value!r}) "
            f"{problem}; it is left out"
        )),
        file=sys.stderr,
    )


LOADED: dict[str, str] = {}
"""The top-level module of each plug-in loaded, and the plug-in in words
(``plug-in 'cautious' of distribution spoker-levels 1.0``): a bug in its code
is told as the plug-in's (:func:`spoker.cli.main`)."""


class Plugins:
    """The plug-ins of one entry-point group, each loaded at most once.

    ``accept(name, value, origin)`` makes a loaded value known (registers
    it), or raises ``TypeError`` or a :class:`~spoker.errors.SpokerError`
    saying why it cannot be used."""

    def __init__(self, group: str, accept: Callable[[str, object, str], None]) -> None:
        self.group = group
        self._accept = accept
        self._tried: set[str] = set()
        self._all = False

    def load(self, name: str) -> None:
        """Load the plug-in ``name``, if an installed distribution offers it."""
        if self._all or name in self._tried:
            return
        self._tried.add(name)
        self._take([p for p in installed(self.group) if p.name == name])

    def load_all(self) -> None:
        """Load every plug-in of the group that is not loaded yet."""
        if self._all:
            return
        self._all = True
        by_name: dict[str, list[EntryPoint]] = {}
        for point in installed(self.group):
            if point.name not in self._tried:
                by_name.setdefault(point.name, []).append(point)
        self._tried.update(by_name)
        for points in by_name.values():
            self._take(points)

    def _take(self, points: list[EntryPoint]) -> None:
        """Load and accept the plug-in these entry points (of one name) offer."""
        if len(points) > 1:
            # Two distributions claim one name: which one a command meant is not known.
            for point in points:
                others = ", ".join(origin(p) for p in points if p is not point)
                refuse(point, f"has the name of a plug-in of {others} too: neither is loaded")
            return
        for point in points:
            try:
                value = point.load()
            except Exception as err:  # the plug-in's own import fails: its problem, not ours
                refuse(point, f"cannot be imported ({type(err).__name__}: {err})")
                continue
            try:
                self._accept(point.name, value, origin(point))
            except (TypeError, SpokerError) as err:
                refuse(point, str(err))
                continue
            LOADED[point.module.partition(".")[0]] = f"plug-in {point.name!r} of {origin(point)}"
