"""The computer players by name: one entry a player, holding all any command needs.

A :class:`PlayerEntry` says how to make the player and how the commands run
it: ``simulate`` and ``study`` share a run into units of a few games by the
slowest player's ``simulate_chunk`` and ``study_chunk``, and a study passes it
``study_options``. (Which players the vectorised batch simulator can play is
that simulator's own knowledge: :data:`spoker.runs.batch.BATCH_PLAYERS`.)
The title screen, ``--help`` and the errors list the names and descriptions.
Spoker's own players are registered in :mod:`spoker.players`; others with
:func:`register_player`, or by an installed distribution as entry points of
the group ``spoker.players`` (:mod:`spoker.plugins`, docs/plugins.md), which
are loaded when a name is not known yet or the full list is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from shibumi.errors import expect, shown
from spoker.errors import ArgumentError
from spoker.players.base import Player
from spoker.plugins import PLAYERS, Plugins, is_name

DEFAULT_CHUNK = 2
"""Games a unit of work for a player of unknown cost: few, so that a slow one
still shares a run among workers and moves the progress bar."""

RESERVED = frozenset({"person"})
"""Names no computer player may take: the title screen's seat of a person."""

LABEL_LENGTH = 16
"""A level's label fits a seat button: ``Computer: Beginner``."""


@dataclass(frozen=True, eq=False)
class PlayerEntry:
    """A computer player as the commands know it.

    ``factory(seed=..., **options)`` makes one (a class or a function);
    ``description`` is its line on the title screen and in ``--help``;
    ``origin`` says where it comes from: ``spoker`` for Spoker's own (which
    stay registered), a plug-in's distribution, or nothing. ``label`` is the
    level's name on screen (``Club``: :func:`level_label`); the ``name`` stays
    what the command line takes and records write (``lookahead``)."""

    name: str
    description: str
    factory: Callable[..., Player]
    simulate_chunk: int = DEFAULT_CHUNK
    study_chunk: int = DEFAULT_CHUNK
    study_options: Mapping[str, object] = field(default_factory=dict)
    origin: str = ""
    label: str = ""

    def __post_init__(self) -> None:
        name = self.name
        if not is_name(name):  # one word: in --players, Player1Type headers, the title screen
            raise ArgumentError(
                f"player name {shown(name)}: expected a lower-case word (a-z, 0-9, '-', '_', '.') such as 'greedy'"
            )
        if name in RESERVED:
            raise ArgumentError(f"player name {name!r} is reserved (the title screen's seat of a person)")
        if not isinstance(self.description, str) or not callable(self.factory):
            raise TypeError(f"player {name!r}: expected a description (text) and a factory (a class)")
        if not self.description.isprintable():  # --help and the title screen show it as it is
            raise ArgumentError(f"player {name!r}: description {shown(self.description)} must be one printable line")
        for what in ("simulate_chunk", "study_chunk"):
            value = getattr(self, what)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise TypeError(f"player {name!r}: {what} {shown(value)} must be a whole number >= 1")
        if not isinstance(self.origin, str):
            raise TypeError(f"player {name!r}: origin {shown(self.origin)} must be text")
        label = self.label
        if not isinstance(label, str) or len(label) > LABEL_LENGTH or (label and (
            not label.isprintable() or label != " ".join(label.split()) or "(" in label or ")" in label
        )):
            raise TypeError(
                f"player {name!r}: label {shown(label)} must be a short name on one line "
                f"(at most {LABEL_LENGTH} characters, no brackets), such as 'Club'"
            )
        if not isinstance(self.study_options, Mapping) or not all(isinstance(k, str) for k in self.study_options):
            raise TypeError(f"player {name!r}: study_options must map option names to values")
        # Frozen, and its options too: an entry is shared by every command.
        object.__setattr__(self, "study_options", MappingProxyType(dict(self.study_options)))


_ENTRIES: dict[str, PlayerEntry] = {}
"""Every known player by name, in the order registered (the order listed)."""

def register_player(entry: PlayerEntry) -> PlayerEntry:
    """Make ``entry`` known by its name: every command can then play it."""
    if not isinstance(entry, PlayerEntry):
        raise TypeError(f"player {shown(entry)}: expected a PlayerEntry")
    if entry.name in _ENTRIES:
        raise ArgumentError(f"a computer player named {entry.name!r} already exists")
    _ENTRIES[entry.name] = entry
    return entry


def unregister_player(name: str) -> None:
    """Forget the player ``name`` (Spoker's own, of origin ``spoker``, stay)."""
    if not isinstance(name, str):
        raise TypeError(f"player name {shown(name)}: expected text")
    entry = _ENTRIES.get(name)
    if entry is None:
        raise ArgumentError(f"no computer player is named {name!r}")
    if entry.origin == "spoker":
        raise ArgumentError(f"{name!r} is one of Spoker's own players: it cannot be removed")
    del _ENTRIES[name]


def _accept(name: str, value: object, origin: str) -> None:
    """Register the player class an entry point named ``name`` offers."""
    if not isinstance(value, type) or not callable(getattr(value, "choose", None)):
        raise TypeError(f"is {shown(value)}, not a player class (with choose(state))")
    own = getattr(value, "name", None)
    if own != name:
        raise ArgumentError(f"is a class whose name is {shown(own)}: its entry point must be named so too")
    described = getattr(value, "description", None)
    if not isinstance(described, str):
        doc = (value.__doc__ or "").strip()
        described = doc.splitlines()[0] if doc else f"A computer player of {origin}."
    label = getattr(value, "label", "")  # its level's name on screen, if it gives one
    entry = PlayerEntry(name, described, value, origin=origin, label=label if isinstance(label, str) else "")
    _check_options(entry, {})  # its constructor takes a seed (and needs nothing more)
    register_player(entry)


_PLUGINS = Plugins(PLAYERS, _accept)


def player_entries() -> tuple[PlayerEntry, ...]:
    """Every computer player, Spoker's own first (installed plug-ins are loaded)."""
    _PLUGINS.load_all()
    return tuple(_ENTRIES.values())


def level_label(name: str) -> str:
    """The on-screen name of the computer level ``name``: its entry's label
    (``Beginner``, ``Casual``, ``Club``, ``Expert``), else its name (a plug-in
    without a label; a name no player has any more, as an old record's)."""
    expect(name, str, "level")
    try:
        entry = player_entry(name)
    except ArgumentError:
        return name
    return entry.label or entry.name


def computer_name(name: str) -> str:
    """The name a computer's seat goes by when no one named it: ``Computer (Club)``."""
    return f"Computer ({level_label(name)})"


def names_level(who: str, name: str) -> bool:
    """Whether the player's name ``who`` already says its level ``name``
    (``Computer (Club)`` for ``lookahead``; an older ``Computer (lookahead)``)."""
    expect(who, str, "name")
    expect(name, str, "level")
    lowered = who.lower()
    return name.lower() in lowered or level_label(name).lower() in lowered


def player_names() -> tuple[str, ...]:
    """The names of every computer player (``random``, ``greedy``, ...)."""
    return tuple(e.name for e in player_entries())


def player_entry(name: str) -> PlayerEntry:
    """The entry of the player ``name`` (any case, spaces around it ignored);
    :class:`ArgumentError` if no player, registered or installed, has it."""
    if not isinstance(name, str):
        raise TypeError(f"player {shown(name)}: expected a player's name")
    key = name.strip().lower()
    if key not in _ENTRIES and key:
        _PLUGINS.load(key)
    entry = _ENTRIES.get(key)
    if entry is None:
        raise ArgumentError(f"unknown player {name!r}: expected one of {', '.join(player_names())}")
    return entry


def level_typo(name: str) -> str | None:
    """The computer level a --player value seems to misspell (``exprt``:
    ``expert``), or None: a level itself, or a name no level resembles.
    The command line warns with it and the window says it."""
    import difflib

    expect(name, str, "name")
    word = name.strip().lower()
    if not word:
        return None
    try:
        player_entry(word)  # a level itself (the installed plug-ins are not all loaded for it)
        return None
    except ArgumentError:
        pass
    close = difflib.get_close_matches(word, player_names(), n=1, cutoff=0.75)
    return close[0] if close else None


_SIGNATURES: dict[Callable[..., Player], Any] = {}
"""Each factory's ``inspect.Signature`` (None where it has none to read)."""


def _check_options(entry: PlayerEntry, options: dict[str, object]) -> None:
    """:class:`ArgumentError` unless the factory takes ``seed`` and ``options``
    (read from its signature, so that a TypeError raised inside a constructor
    stays the bug it is)."""
    factory = entry.factory
    if factory not in _SIGNATURES:
        import inspect

        try:
            _SIGNATURES[factory] = inspect.signature(factory)
        except (TypeError, ValueError):  # a builtin, say: the call itself will tell
            _SIGNATURES[factory] = None
    signature = _SIGNATURES[factory]
    if signature is None:
        return
    try:
        signature.bind(seed=None, **options)
    except TypeError as err:
        takes = [
            p.name for p in signature.parameters.values()
            if p.name != "seed" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        ]
        unknown = [k for k in options if k not in takes]
        if unknown:
            raise ArgumentError(
                f"player {entry.name!r} does not take {', '.join(repr(k) for k in unknown)}: "
                f"its options are {', '.join(takes) or 'none'}"
            ) from None
        raise ArgumentError(f"player {entry.name!r} cannot be made from a seed and {options!r}: {err}") from None


def make_player(name: str, seed: int | None = None, **options: object) -> Player:
    """A new player by name (see :func:`player_names`), seeded for repeatable play.

    ``options`` are the player's own (``expert``: ``effort`` nodes a move,
    ``time_limit`` seconds); an unknown name or option raises :class:`ArgumentError`
    (an error inside the player's constructor is its own)."""
    entry = player_entry(name)
    _check_options(entry, options)
    player: Player = entry.factory(seed=seed, **options)
    return player
