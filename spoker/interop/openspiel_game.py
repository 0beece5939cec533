"""Spoker as an OpenSpiel game: ``import spoker.interop.openspiel_game``
registers ``python_spoker`` with ``pyspiel``.

>>> import pyspiel
>>> import spoker.interop.openspiel_game
>>> game = pyspiel.load_game("python_spoker(rules=touching+apex-free)")

Chance is explicit (``EXPLICIT_STOCHASTIC``): every draw is a chance node
whose outcomes are the colours still in the bag (action 0 white, 1 black,
2 red) with the bag's probabilities. A player's action is a cell (0-29, in
cell order). Rewards are terminal: +1 to the winner, -1 to the loser, 0 each
for a draw.

An action is an int or a numpy integer. Any other action is refused with
:class:`IllegalSpielActionError`, which is both spoker's
:class:`IllegalActionError` and ``pyspiel.SpielError`` (what OpenSpiel's own
games raise for an illegal action): one out of range (a negative number is not
read as an index from the end), one the rules do not allow now, any after the
end, a bool, a float, a string. ``apply_action``, ``child``,
``apply_action_with_legality_check`` and ``action_to_string`` check alike.

The one parameter, ``rules``, names the rule set as the ``Rules`` header
does, with ``+`` between items instead of a comma and ``:`` instead of ``=``
(OpenSpiel game strings hold neither in a value): ``visible`` (the default),
``touching``, ``visible+apex-free``, ``touching+lines:in-level+bag:12-9-9``,
``visible+off:three_kinds+flush_three``; or a rules file, ``level-lines.toml``
(the game's own string then names its items).

Observation tensor: :func:`spoker.interop.encoding.encode` seen by the
observing player (also available in the observer's ``dict``, one view per
part of the layout); observation string: the state string
(``GameState.to_string``, docs/formats.md).

A state is cheap to clone: OpenSpiel clones a Python state by deep-copying
its attributes, and the only one is a holder whose ``__deepcopy__`` is the
engine's ``GameState.copy()``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from shibumi import CELLS, Colour
from spoker.engine.rules import SHAPES, RuleSet
from spoker.engine.state import GameState
from spoker.errors import IllegalActionError, NotationError
from spoker.interop.encoding import LAYOUT, NUM_CELLS, OBS_SIZE, as_action, encode
from spoker.records.rules_file import is_rules_path, rules_of
from spoker.text.narrator import refused_text

GAME_NAME = "python_spoker"
_COLOURS = (Colour.WHITE, Colour.BLACK, Colour.RED)
_NOT_A_DRAW = "action {}: a draw is 0 (white), 1 (black) or 2 (red)"
_NOT_A_CELL = "action {}: a placement is a cell 0-29"

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Spoker",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "visible"},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_CELLS,
    max_chance_outcomes=3,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=NUM_CELLS,
)


class IllegalSpielActionError(IllegalActionError, pyspiel.SpielError):
    """An action ``python_spoker`` refuses: spoker's :class:`IllegalActionError`
    (a ``ValueError``) and ``pyspiel.SpielError``, as OpenSpiel's own games raise."""


def _as_action(action: object) -> int:
    """``action`` as an int (see :func:`spoker.interop.encoding.as_action`)."""
    try:
        return as_action(action)
    except IllegalActionError as err:
        raise IllegalSpielActionError(str(err)) from None


def rules_from_param(value: str) -> RuleSet:
    """The rule set a ``rules`` parameter names: items joined by ``+``, each
    ``key:value`` (``touching+tie:none+bag:12-9-9``; commas and ``=`` also
    read, as a Python caller may give them), or a rules file (``*.toml``)."""
    if not isinstance(value, str):
        return RuleSet.parse(value)  # raises NotationError, quoting the value
    if is_rules_path(value):
        return rules_of(value)
    try:
        return RuleSet.parse(_items_of(value))
    except NotationError as err:
        raise NotationError(f"rules parameter {value!r}: {err}") from None


def _items_of(value: str) -> str:
    """The items a ``rules`` parameter names, comma-separated: a piece that is
    a shape right after ``off:`` continues it (``off:three_kinds+flush_three``)."""
    items: list[str] = []
    for raw in value.replace(",", "+").split("+"):
        piece = raw.strip().replace(":", "=", 1)
        if items and items[-1].lower().startswith("off=") and piece.lower() in SHAPES:
            items[-1] += "+" + piece
        else:
            items.append(piece)
    return ",".join(items)


def rules_param(rules: RuleSet) -> str:
    """The ``rules`` parameter for a rule set: ``touching+apex-free+tie:none``
    (OpenSpiel game strings hold neither commas nor ``=`` in a value)."""
    return rules.token.replace(",", "+").replace("=", ":")


class SpokerGame(pyspiel.Game):
    """The game ``python_spoker``; ``params["rules"]`` as in the module doc."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = rules_from_param(params.get("rules", "visible"))
        params["rules"] = rules_param(self.rules)
        super().__init__(_GAME_TYPE, _GAME_INFO, params)

    def new_initial_state(self, state: Any = None) -> SpokerState:
        """The start of a game. States are not rebuilt from OpenSpiel's state
        structs: serialization replays the actions, and a position is best
        given to the engine as a state string
        (``spoker.engine.state_strings.parse_state``)."""
        if state is not None:
            raise ValueError(
                f"python_spoker starts every state from the empty pyramid, not from {state!r}"
            )
        return SpokerState(self)

    def max_chance_nodes_in_history(self) -> int:
        return NUM_CELLS  # one draw a ball

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict | None = None
    ) -> Any:
        """The encoder for the default (public, memoryless) observation; else
        OpenSpiel's observer of a perfect-information game's history."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return SpokerObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class _Engine:
    """Holds the engine's state; deep-copied with ``GameState.copy()``, which
    is all a clone needs (moves and challenges are immutable)."""

    __slots__ = ("game",)

    def __init__(self, game: GameState) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.copy())


@lru_cache(maxsize=1 << 16)
def _actions(mask: int) -> list[int]:
    """Legal cells as plain ints, for a playable mask (shared: not to be changed)."""
    return [c for c in range(NUM_CELLS) if mask >> c & 1]


class SpokerState(pyspiel.State):
    """A ``python_spoker`` state; ``engine`` is the :class:`GameState` behind it."""

    def __init__(self, game: SpokerGame) -> None:
        super().__init__(game)
        self._engine = _Engine(GameState(game.rules))

    @property
    def engine(self) -> GameState:
        return self._engine.game

    def current_player(self) -> int:
        g = self._engine.game
        if g.end is not None:
            return pyspiel.PlayerId.TERMINAL
        if g.drawn is None:
            return pyspiel.PlayerId.CHANCE
        return g.to_move - 1

    def _legal_actions(self, player: int) -> list[int]:
        return _actions(self._engine.game.playable_mask)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(int(k), p) for k, p in self._engine.game.chance_outcomes()]

    # The checks are made in Python before pyspiel sees the action: pybind
    # reads True as 1, and the C++ side refuses -1 with a message of its own.
    def apply_action(self, action: Any) -> None:
        super().apply_action(self._checked(action))

    def apply_action_with_legality_check(self, action: Any) -> None:
        super().apply_action_with_legality_check(self._checked(action))

    def child(self, action: Any) -> SpokerState:
        return super().child(self._checked(action))  # type: ignore[no-any-return]

    def action_to_string(self, *args: Any) -> str:
        """``action_to_string(action)`` or ``action_to_string(player, action)``."""
        if len(args) == 1:
            return self._action_to_string(self.current_player(), _as_action(args[0]))
        if len(args) != 2:
            raise TypeError(f"action_to_string takes (action) or (player, action), not {args!r}")
        return self._action_to_string(args[0], _as_action(args[1]))

    def _checked(self, action: Any) -> int:
        """``action`` as an int in the range of this node's actions (the rules
        may still refuse it); else :class:`IllegalSpielActionError`."""
        action = _as_action(action)
        g = self._engine.game
        if g.end is not None:
            raise IllegalSpielActionError(f"action {action}: the game is over")
        if g.drawn is None:
            if not 0 <= action < len(_COLOURS):
                raise IllegalSpielActionError(_NOT_A_DRAW.format(action))
        elif not 0 <= action < NUM_CELLS:
            raise IllegalSpielActionError(_NOT_A_CELL.format(action))
        return action

    def _apply_action(self, action: int) -> None:
        # Checked here too: C++ (child, the C++ algorithms) calls this directly.
        action = self._checked(action)
        g = self._engine.game
        try:
            if g.drawn is None:
                g.apply_draw(_COLOURS[action])
            else:
                g.apply_place(CELLS[action])
        except IllegalActionError as err:  # OpenSpiel's error, the rules' refusal in words and kind
            raise IllegalSpielActionError(
                f"action {action}: {refused_text(err)}", err.refusal, err.cell, err.colour
            ) from None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(_COLOURS):
                raise IllegalSpielActionError(_NOT_A_DRAW.format(action))
            return f"draw {_COLOURS[action].char}"
        if not 0 <= action < NUM_CELLS:
            raise IllegalSpielActionError(_NOT_A_CELL.format(action))
        return str(CELLS[action])

    def is_terminal(self) -> bool:
        return self._engine.game.end is not None

    def returns(self) -> list[float]:
        g = self._engine.game
        if g.end is None or g.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if g.winner == 1 else [-1.0, 1.0]

    def __str__(self) -> str:
        return self._engine.game.to_string()


class SpokerObserver:
    """OpenSpiel's PyObserver for ``python_spoker``: see the module doc."""

    def __init__(self, params: dict | None) -> None:
        if params:
            raise ValueError(f"python_spoker observations take no parameters, not {params!r}")
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {name: self.tensor[part] for name, part in LAYOUT.items()}

    def set_from(self, state: SpokerState, player: int) -> None:
        encode(state.engine, player + 1, out=self.tensor)

    def string_from(self, state: SpokerState, player: int) -> str:
        return state.engine.to_string()


pyspiel.register_game(_GAME_TYPE, SpokerGame)

__all__ = ["GAME_NAME", "IllegalSpielActionError", "SpokerGame", "SpokerObserver", "SpokerState", "rules_from_param", "rules_param"]
