"""Plain-text views for the command line: diagrams, states, records, narration.

A diagram shows the four levels side by side on the 7x7 grid of points seen
from above (columns A-G left to right, row 7 at the top, row 1 at the bottom,
as in docs/formats.md), each cell at its real point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shibumi import APEX, LEVEL_CELLS, Board
from shibumi.cells import COLUMNS
from shibumi.errors import expect

if TYPE_CHECKING:
    from spoker.engine.groups import Group
    from spoker.engine.moves import Move
    from spoker.engine.rules import RuleSet
    from spoker.engine.state import GameState

# The engine and the narrator are imported by the views that show them,
# not here: board_diagram() is wanted by commands that start at once
# (``spoker groups``).

LEGEND = "W white, B black, R red, + empty and playable, . empty (not yet supported)"
_GAP = "   "


def board_diagram(board: Board) -> str:
    """The four levels side by side, with column letters and row numbers."""
    expect(board, Board, "board")
    playable = board.playable_mask()
    grids = []
    for level in (1, 2, 3, 4):
        grid = [[" "] * 7 for _ in range(7)]
        for cell in LEVEL_CELLS[level]:
            colour = board[cell]
            if colour is not None:
                ch = colour.char
            else:
                ch = "+" if playable >> cell & 1 else "."
            grid[cell.y][cell.x] = ch
        grids.append(grid)
    width = 2 + 13
    lines = [_GAP.join(f"Level {lv}".ljust(width) for lv in (1, 2, 3, 4)).rstrip()]
    lines.append(_GAP.join(("  " + " ".join(COLUMNS)).ljust(width) for _ in grids).rstrip())
    for y in range(6, -1, -1):
        row = [f"{y + 1} " + " ".join(grid[y]) for grid in grids]
        lines.append(_GAP.join(row).rstrip())
    return "\n".join(lines)


def bag_text(board: Board | GameState, rules: RuleSet | None = None) -> str:
    """What is left in the bag: a state's bag (its rules', less its drawn
    ball), or the bag of ``rules`` (required for a bare board) less the
    board's balls."""
    from spoker.engine.rules import RuleSet
    from spoker.engine.state import GameState
    from spoker.text.narrator import COLOUR_NAMES

    expect(board, (Board, GameState), "board")
    left: tuple[int, ...]
    if isinstance(board, GameState):
        left = board.bag()
    else:
        if rules is None:
            raise TypeError("bag_text(board): a bare board needs the rules, whose bag it is taken from")
        expect(rules, RuleSet, "rules")
        left = tuple(held - n for held, n in zip(rules.counts, board.counts(), strict=True))
    return "bag: " + ", ".join(f"{n} {name}" for n, name in zip(left, COLOUR_NAMES, strict=True))


def state_text(state: GameState) -> str:
    """A state: board string, diagram and what the game is waiting for."""
    from spoker.engine.state import GameState
    from spoker.text.narrator import open_challenge_line, result_text

    expect(state, GameState, "state")
    board = state.board
    lines = [f"Board: {board}", "", board_diagram(board), "", LEGEND, ""]
    lines.append(f"Balls placed: {len(board)}; {bag_text(state)}")
    lines.append(f"Rules: {state.rules}")
    s1, s2 = state.score
    lines.append(f"Score: {s1}-{s2}")
    challenge = open_challenge_line(state)
    if challenge is not None:
        lines.append(challenge)
    if state.is_over:
        lines.append("Game over: " + result_text(state))
    else:
        drawn = state.drawn
        wait = f"a {drawn.word} ball is drawn" if drawn is not None else "a ball is to be drawn"
        lines.append(f"Player {state.to_move} to move: {wait}")
    return "\n".join(lines)


def groups_text(
    before: Board, move: Move, groups: list[Group], best: Group | None, rules: RuleSet
) -> str:
    """Why the groups a ball forms count or not (``spoker groups`` without --json)."""
    from spoker.engine.moves import Move
    from spoker.engine.rules import RuleSet
    from spoker.text.narrator import APEX_NOTE, explain, group_text

    expect(before, Board, "board")
    expect(move, Move, "move")
    expect(rules, RuleSet, "rules")
    after = before.place(move.cell, move.colour)
    lines = [f"{move} on {before} (rules: {rules})", ""]
    if not groups:
        lines.append("The ball forms no winning group.")
    else:
        many = "group" if len(groups) == 1 else "groups"
        lines.append(f"The ball is part of {len(groups)} winning {many}:")
        for g in groups:
            first, *rest = explain(after, g, rules)
            lines.append(f"  - {first}")
            lines += [f"    {line}" for line in rest]
    lines.append("")
    if best is None:
        lines.append("Best counting group: none.")
    else:
        lines.append(f"Best counting group: {group_text(best)}.")
    if move.cell == APEX:
        lines.append(APEX_NOTE)
    lines += ["", f"After the move: {after}", "", board_diagram(after)]
    return "\n".join(lines)


__all__ = ["LEGEND", "bag_text", "board_diagram", "groups_text", "state_text"]
