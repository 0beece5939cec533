"""What every computer player offers, and the helpers they share."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from shibumi import Cell
from shibumi.errors import expect, shown
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError, PluginError
from spoker.errors import PlayerError as PlayerError  # re-exported: its older home


@runtime_checkable
class Player(Protocol):
    """A computer player: given a state whose drawn ball waits, choose its cell."""

    name: str

    def choose(self, state: GameState) -> Cell:
        """A playable cell for ``state.drawn``; never changes ``state``."""
        ...


def check_can_move(state: GameState) -> None:
    """Raise :class:`IllegalActionError` unless a drawn ball waits to be placed
    (``TypeError`` if ``state`` is not a :class:`GameState`)."""
    expect(state, GameState, "state")
    if state.is_over:
        raise IllegalActionError("the game is over: there is nothing to choose")
    if state.drawn is None:
        raise IllegalActionError("no ball is drawn: draw before choosing a cell")


def who(player: object) -> str:
    """A player in words, as its mistakes are told: ``plug-in 'cautious' of
    distribution spoker-levels 1.0`` for an installed plug-in's, else
    ``player 'cautious'``."""
    from spoker.plugins import words

    return words(player) or f"player {shown(getattr(player, 'name', type(player).__name__))}"


def checked_choice(player: Player, state: GameState, name_raises: bool = False) -> Cell:
    """``player.choose(state)``, checked: every computer player's answer is
    asked through here. A cell that is not playable now, or anything that is
    not a cell (None, the text "2B2"), is the player's mistake, not the
    person's nor the game's: a :class:`~spoker.errors.PluginError` naming it.

    With ``name_raises`` an error the player raises is one too (the window,
    which shows one line, names the plug-in so); without, it stays what it is
    (the command line shows its traceback, blamed on the plug-in)."""
    expect(state, GameState, "state")
    if not callable(getattr(player, "choose", None)):
        raise TypeError(f"player {shown(player)}: expected a Player (with choose(state))")
    try:
        cell = player.choose(state)
    except Exception as err:
        if not name_raises or isinstance(err, PluginError):
            raise
        raise PluginError(f"{who(player)} failed ({type(err).__name__}: {err})", plugin=_name(player)) from err
    if not isinstance(cell, Cell):
        problem = f"answered {shown(cell)}, not a cell"
    elif not state.playable_mask >> cell & 1:
        problem = f"chose {cell}, which is not playable now"
    else:
        return cell
    raise PluginError(f"{who(player)} {problem}: a mistake in the player, not in the game", plugin=_name(player))


def _name(player: object) -> str:
    name = getattr(player, "name", None)
    return name if isinstance(name, str) else type(player).__name__


def best_cells(scored: list[tuple[int, float]], tolerance: float = 1e-9) -> list[int]:
    """The cells with the highest score, ties within ``tolerance``, in the given order."""
    top = max(v for _, v in scored)
    return [c for c, v in scored if v >= top - tolerance]


def pick_best(
    scored: list[tuple[int, float]], rng: random.Random, tolerance: float = 1e-9
) -> int:
    """The cell with the highest score, ties (within ``tolerance``) at random."""
    best = best_cells(scored, tolerance)
    return best[0] if len(best) == 1 else rng.choice(best)
