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

A plug-in that cannot be used (it does not import, even by ending the
process with ``sys.exit()`` or raising ``KeyboardInterrupt`` at import, names
the wrong kind of object, or takes a name already taken) is left out with one
line on stderr naming it and its distribution (a :class:`~spoker.notices.Notice`
of kind ``PLUGIN``), and the others work. A plug-in's mistake later (a player's
illegal answer, a variant that fails) is a :class:`~spoker.errors.PluginError`
naming it; a bug in its code is told as the plug-in's by :func:`culprit`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from spoker.errors import SpokerError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

PLAYERS = "spoker.players"
"""The entry-point group of computer players (a class: ``name``, ``choose(state)``)."""
VARIANTS = "spoker.variants"
"""The entry-point group of rule variants (a :class:`spoker.engine.rules.Variant`)."""


NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_.")
"""What a player's or variant's name is made of (docs/plugins.md): one
lower-case word, the same in ``--players``, ``--rules``, a record's headers and
a state string, and safe to print (no control character reaches a terminal)."""


def is_name(name: object) -> bool:
    """Whether ``name`` is a player's or variant's name: ``a-z 0-9 - _ .``,
    starting with a letter or digit."""
    return (
        isinstance(name, str) and name[:1].isalnum() and name.isascii()
        and NAME_CHARACTERS.issuperset(name)
    )


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
    from spoker.notices import Notice, NoticeKind, tell
    from spoker.safe_text import one_line, printable

    def clean(text: str) -> str:
        return printable(one_line(text))

    tell(Notice(
        NoticeKind.PLUGIN,
        clean(f"plug-in {point.name!r} of {origin(point)} ({point.group} = {point.value!r}) "
              f"{problem}; it is left out"),
        short=clean(f"Plug-in {point.name!r} left out: {problem}"),
    ))


def raised(err: BaseException) -> str:
    """``SystemExit: 3``: what a plug-in raised, in words."""
    text = str(err)
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


class _ImportFailed(Exception):
    """A plug-in's import ended by ``failure`` (any BaseException but a real Ctrl-C)."""

    def __init__(self, failure: BaseException) -> None:
        super().__init__(raised(failure))
        self.failure = failure


def _import(point: EntryPoint) -> object:
    """``point.load()``; whatever the plug-in's import raises is
    :class:`_ImportFailed`, even ``SystemExit`` and a ``KeyboardInterrupt``
    the module raises itself, but a Ctrl-C pressed meanwhile stays one.

    A real Ctrl-C is told apart by the signal: while importing, the SIGINT
    handler (Python's, or the program's own) is wrapped to note that the key
    was pressed. (Off the main thread no Ctrl-C arrives: any
    ``KeyboardInterrupt`` there is the plug-in's.)"""
    import signal

    pressed: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    wrapped = False
    if callable(previous):
        chained = previous

        def noting(signum: int, frame: object) -> None:
            pressed.append(signum)
            chained(signum, frame)  # type: ignore[arg-type]

        try:
            signal.signal(signal.SIGINT, noting)
            wrapped = True
        except ValueError:  # not the main thread
            pass
    try:
        return point.load()
    except KeyboardInterrupt as err:
        if pressed:
            raise
        raise _ImportFailed(err) from err
    except BaseException as err:  # SystemExit too: the plug-in's, not the command's end
        raise _ImportFailed(err) from err
    finally:
        if wrapped:
            signal.signal(signal.SIGINT, previous)


class Loaded(NamedTuple):
    """A plug-in loaded: its entry point's ``name`` and ``group``, the
    ``value`` it offers (a player class, a Variant) and itself in ``words``
    (``plug-in 'cautious' of distribution spoker-levels 1.0``)."""

    name: str
    group: str
    value: object
    words: str


LOADED: dict[str, list[Loaded]] = {}
"""The plug-ins loaded, by the top-level module their entry point names: a
bug in their code is told as the plug-in's (:func:`culprit`)."""


def words(value: object) -> str | None:
    """The loaded plug-in offering ``value`` (a player class or an instance
    of one, a Variant) in words, or None if no plug-in offers it."""
    for loaded in (entry for entries in LOADED.values() for entry in entries):
        if loaded.value is value or (isinstance(loaded.value, type) and type(value) is loaded.value):
            return loaded.words
    return None


def culprit(err: BaseException) -> str | None:
    """The installed plug-in whose code raised ``err``, in words, or None.

    The innermost frame of its traceback that is a plug-in's or spoker's own
    decides: spoker's is a bug of spoker's. A plug-in's is told by the frame
    where spoker called into that plug-in's module: the plug-in whose player
    (``self``) or variant change runs there; when that frame says nothing
    (a helper function shared in the module), every plug-in of the module is
    named."""
    if not isinstance(err, BaseException):
        raise TypeError(f"err {err!r}: expected an exception")
    if not LOADED:
        return None
    remote = getattr(err.__cause__, "tb", None)  # a worker process's error: its traceback as text
    if isinstance(remote, str):
        return _remote_culprit(remote)
    found: str | None = None
    entered: object = None  # the frame where control last entered a plug-in's module
    inside = ""
    frame = err.__traceback__
    while frame is not None:
        top = str(frame.tb_frame.f_globals.get("__name__", "")).partition(".")[0]
        if top in ("spoker", "shibumi"):
            found, inside = None, ""
        elif top in LOADED:
            if top != inside:
                entered, inside = frame.tb_frame, top
            found = _named(LOADED[top], entered)
        frame = frame.tb_next
    return found


def _remote_culprit(text: str) -> str | None:
    """:func:`culprit` of a traceback a worker process sent as text
    (``concurrent.futures``): its files tell the modules, not the instances,
    so a module of several plug-ins names them all."""
    import re

    files: dict[str, str] = {}
    for top in LOADED:
        module = sys.modules.get(top)
        path = getattr(module, "__file__", None)
        if isinstance(path, str):  # a package: any file under its folder is its
            files[path.removesuffix("__init__.py") if path.endswith("__init__.py") else path] = top
    found: str | None = None
    for path in re.findall(r'^  File "([^"]+)", line \d+, in ', text, re.M):
        owner = next((t for f, t in files.items() if path == f or (f.endswith("/") and path.startswith(f))), None)
        if owner is not None:
            entries = LOADED[owner]
            found = entries[0].words if len(entries) == 1 else _all_of(entries, owner)
        elif "/spoker/" in path or "/shibumi/" in path:
            found = None
    return found


def _all_of(candidates: list[Loaded], module: str) -> str:
    names = " or ".join(repr(c.name) for c in candidates)
    return f"one of the plug-ins {names} of module {module}"


def _named(candidates: list[Loaded], frame: Any) -> str:
    """The plug-in among ``candidates`` (of one module) running in ``frame``."""
    if len(candidates) == 1:
        return candidates[0].words
    code = frame.f_code
    this = frame.f_locals.get("self")
    for loaded in candidates:
        value = loaded.value
        change = getattr(value, "change", None)
        if getattr(change, "__code__", None) is code:
            return loaded.words
        if isinstance(value, type) and this is not None and type(this) is value:
            return loaded.words
    return _all_of(candidates, str(frame.f_globals.get("__name__", "?")))


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
                value = _import(point)
            except _ImportFailed as err:  # the plug-in's own import fails: its problem, not ours
                refuse(point, f"cannot be imported ({err})")
                continue
            try:
                self._accept(point.name, value, origin(point))
            except (TypeError, SpokerError) as err:
                refuse(point, str(err))
                continue
            LOADED.setdefault(point.module.partition(".")[0], []).append(
                Loaded(point.name, point.group, value, f"plug-in {point.name!r} of {origin(point)}")
            )
