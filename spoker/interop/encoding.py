"""One observation of a Spoker state as a flat numpy vector, shared by the
PettingZoo, OpenSpiel and Gymnasium interfaces.

The vector is seen from one player's side (the *observer*, 1 or 2): scores
and the pending challenge are "mine" and "the opponent's", so a network can
play either seat. Every entry is in [0, 1]; ``float32``; :data:`OBS_SIZE`
entries, laid out as follows (slices in :data:`LAYOUT`):

====================  =====  ===========================================
slice                 size   content
====================  =====  ===========================================
``white``             30     1 where a white ball lies, one entry a cell
``black``             30     the same for black
``red``               30     the same for red
``playable``          30     1 where a cell is empty and supported
``challenge_cells``   30     1 on the cells of the pending challenge's group
``drawn``             3      the ball drawn and waiting (W, B, R one-hot;
                             all 0 before the draw or once the game is over)
``bag``               3      balls of each colour (W, B, R) left in the bag,
                             each divided by the balls of that colour the
                             rule set's bag holds (``RuleSet.counts``: 10
                             as written; 0 for a colour it holds none of)
``challenge_rank``    4      rank of the pending challenge, one-hot
                             (three_kinds, flush_three, full_house, flush_four)
``challenge_level``   4      top level (1-4) of the pending challenge's group
``challenge_mine``    1      1 when the observer opened the pending challenge
``score``             2      observer's score / 15, opponent's score / 15
``to_move``           1      1 when the observer draws and places next
====================  =====  ===========================================

Cells are in cell order (``shibumi.CELLS``: level 1 row by row from 1A1,
then levels 2, 3 and the apex), the order of the action ids. A score cannot
exceed 15 (``spoker.engine.state.MAX_SCORE``), so the scaled scores stay in [0, 1].
The bag is scaled by the rule set's own counts, not by a fixed 10 (a bag of
``bag=20-10-0`` would start at 2.0) nor by 30 (the rules as written would then
read a third of what they always have): the share of each colour left stays in
[0, 1] under every bag, and an observation under the rules as written is
what it was before rule sets had a bag.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from shibumi import Cell
from shibumi.errors import shown
from spoker.engine.state import MAX_SCORE, GameState
from spoker.errors import IllegalActionError

NUM_CELLS = 30
"""Actions: one a cell, in cell order."""

LAYOUT: dict[str, slice] = {}
_start = 0
for _name, _size in (
    ("white", 30), ("black", 30), ("red", 30), ("playable", 30), ("challenge_cells", 30),
    ("drawn", 3), ("bag", 3), ("challenge_rank", 4), ("challenge_level", 4),
    ("challenge_mine", 1), ("score", 2), ("to_move", 1),
):
    LAYOUT[_name] = slice(_start, _start + _size)
    _start += _size
OBS_SIZE = _start
"""Entries in an observation (168)."""

_PLANES = 5 * NUM_CELLS
_SCALARS = OBS_SIZE - _PLANES
_DRAWN = LAYOUT["drawn"].start - _PLANES
_RANK = LAYOUT["challenge_rank"].start - _PLANES
_LEVEL = LAYOUT["challenge_level"].start - _PLANES
_MINE = LAYOUT["challenge_mine"].start - _PLANES
_SCORE = LAYOUT["score"].start - _PLANES
_TO_MOVE = LAYOUT["to_move"].start - _PLANES


@lru_cache(maxsize=4096)
def _mask_of(cells: tuple[Cell, ...]) -> int:
    return sum(1 << c for c in cells)


def encode(state: GameState, observer: int, out: np.ndarray | None = None) -> np.ndarray:
    """``state`` seen by player ``observer`` (1 or 2), as described in the module doc.

    Fills and returns ``out`` when given (a float32 vector of :data:`OBS_SIZE`)."""
    if observer not in (1, 2):
        raise ValueError(f"observer {observer!r}: expected player 1 or 2")
    if out is None:
        out = np.empty(OBS_SIZE, np.float32)
    w, b, r = state.masks
    challenge = state.challenge
    group_mask = 0 if challenge is None else _mask_of(challenge.group.cells)
    # The five cell planes in one go: each mask's bits, lowest bit (cell 0) first.
    words = np.array((w, b, r, state.playable_mask, group_mask), dtype="<u4")
    bits = np.unpackbits(words.view(np.uint8), bitorder="little").reshape(5, 32)
    out[:_PLANES].reshape(5, NUM_CELLS)[:] = bits[:, :NUM_CELLS]

    scalars = [0.0] * _SCALARS
    drawn = state.drawn
    if drawn is not None:
        scalars[_DRAWN + drawn] = 1.0
    w_left, b_left, r_left = state.bag()
    w_held, b_held, r_held = state.rules.counts  # a colour the bag never holds stays 0
    scalars[_DRAWN + 3] = w_left / w_held if w_held else 0.0
    scalars[_DRAWN + 4] = b_left / b_held if b_held else 0.0
    scalars[_DRAWN + 5] = r_left / r_held if r_held else 0.0
    if challenge is not None:
        group = challenge.group
        scalars[_RANK + int(group.rank) - 1] = 1.0
        scalars[_LEVEL + group.top_level - 1] = 1.0
        scalars[_MINE] = float(challenge.challenger == observer)
    s = state.scores
    scalars[_SCORE] = s[observer - 1] / MAX_SCORE
    scalars[_SCORE + 1] = s[2 - observer] / MAX_SCORE
    if state.end is None:
        scalars[_TO_MOVE] = float(state.to_move == observer)
    out[_PLANES:] = scalars
    return out


@lru_cache(maxsize=1 << 16)
def _action_mask(playable: int) -> np.ndarray:
    """The action mask of a playable mask, kept: a game meets few of them, and
    a copy is cheaper than unpacking the bits again (callers copy it)."""
    bits = np.unpackbits(np.array([playable], dtype="<u4").view(np.uint8), bitorder="little")
    return bits[:NUM_CELLS].view(np.int8)


def action_mask(state: GameState) -> np.ndarray:
    """An int8 vector of 30: 1 on the playable cells (all 0 once the game is over)."""
    return _action_mask(state.playable_mask).copy()


def as_action(action: object) -> int:
    """``action`` as a plain ``int``: a Python int or a numpy integer (a scalar
    or a 0-d array), the values ``Discrete.contains`` takes; anything else (a
    bool, a float, a string, bytes, None, a longer array) raises
    :class:`IllegalActionError` naming it, rather than being read through
    ``int()`` (``1.5`` as cell 1, ``"3"`` as cell 3). The range is not checked."""
    if action.__class__ is int:
        return action  # type: ignore[return-value]
    if isinstance(action, np.integer):  # np.bool_ is not one
        return int(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return int(action)  # a Cell, an IntEnum
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    kind = (
        f"a {action.dtype} array of shape {action.shape}"
        if isinstance(action, np.ndarray)
        else type(action).__name__
    )
    raise IllegalActionError(f"action {shown(action)}: expected an int (or a numpy integer), not {kind}")


__all__ = ["LAYOUT", "NUM_CELLS", "OBS_SIZE", "action_mask", "as_action", "encode"]
