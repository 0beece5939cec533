"""Plain-text views for the command line: diagrams, states, records, narration.

A diagram shows the four levels side by side on the 7x7 grid of points seen
from above (columns A-G left to right, row 7 at the top, row 1 at the bottom,
as in docs/formats.md), each cell at its real point.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from shibumi import APEX, LEVEL_CELLS, Board
from shibumi.cells import COLUMNS
from shibumi.errors import expect

if TYPE_CHECKING:
    from spoker.engine.groups import Group
    from spoker.engine.moves import Move
    from spoker.engine.rules import RuleSet
    from spoker.engine.state import GameState
    from spoker.records.replay import Replay

# The engine, the narrator and the replays are imported by the views that
# show them, not here: printable() and board_diagram() are wanted by
# commands that start at once (``spoker groups``, every error line).

LEGEND = "W white, B black, R red, + empty and playable, . empty (not yet supported)"
_GAP = "   "


def one_line(text: str) -> str:
    """``text`` on one printable line: its line feeds become spaces, every
    other control or format character an escape (:func:`printable`), so a
    file name holding ``\\x1e`` is shown as such, not as a line break."""
    expect(text, str, "text")
    return printable(" ".join(text.replace("\r\n", "\n").split("\n")))


def printable(text: str) -> str:
    """``text`` with every control or format character (escape sequences,
    carriage returns, bidirectional overrides, line separators) written as a
    Python escape, so it cannot move the cursor, recolour or rewrite the
    terminal. Ordinary letters of any script are kept."""
    expect(text, str, "text")
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    if ch == " " or unicodedata.category(ch) == "Zs":
        return ch  # spaces of any width are harmless
    return ch.encode("unicode_escape").decode("ascii")


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


def bag_text(board: Board | GameState) -> str:
    """What is left in the bag: a state's bag leaves out its drawn ball."""
    from spoker.engine.state import GameState
    from spoker.text.narrator import COLOUR_NAMES

    expect(board, (Board, GameState), "board")
    left = board.bag() if isinstance(board, GameState) else tuple(10 - n for n in board.counts())
    return "bag: " + ", ".join(f"{n} {name}" for n, name in zip(left, COLOUR_NAMES, strict=True))


def player_names(headers: dict[str, str]) -> tuple[str, str]:
    """The names a record gives its players (``Player1``, ``Player2``),
    printable; ``player 1`` and ``player 2`` when unnamed, and the seat added
    when both have the same name."""
    expect(headers, dict, "headers")
    names = [" ".join(printable(headers.get(f"Player{i}", "")).split())[:60] for i in (1, 2)]
    if names[0] and names[0] == names[1]:
        return (f"{names[0]} (player 1)", f"{names[1]} (player 2)")
    return (names[0] or "player 1", names[1] or "player 2")


def state_text(state: GameState) -> str:
    """A state: board string, diagram and what the game is waiting for."""
    from spoker.engine.state import GameState
    from spoker.text.narrator import colour_name, open_challenge_line, result_text

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
        wait = f"a {colour_name(drawn)} ball is drawn" if drawn is not None else "a ball is to be drawn"
        lines.append(f"Player {state.to_move} to move: {wait}")
    return "\n".join(lines)


def record_text(replay: Replay) -> str:
    """A record's headers, final position, score and challenges."""
    from spoker.records.replay import Replay
    from spoker.text.narrator import challenge_line, named_result

    expect(replay, Replay, "replay")
    final = replay.final_state
    lines = _headers(replay)
    lines.append(f"Moves: {replay.length}")
    lines += ["", f"Final position: {final.board}", "", board_diagram(final.board), "", LEGEND, ""]
    s1, s2 = final.score
    lines.append(f"Score: {s1}-{s2}")
    names = player_names(replay.record.headers)
    lines.append("Result: " + (named_result(final, names) if final.is_over else "unfinished"))
    lines.append("")
    if replay.challenges:
        lines.append(f"Challenges ({len(replay.challenges)}):")
        lines += ["  " + challenge_line(c, names) for c in replay.challenges]
    else:
        lines.append("Challenges: none")
    return "\n".join(lines)


def _headers(replay: Replay) -> list[str]:
    """The record's headers, Rules first (as replayed: --rules may override)."""
    lines = [f"Rules: {replay.rules}"]
    # Result comes at the end, from the replay itself.
    lines += [
        f"{k}: {printable(v)}" for k, v in replay.record.headers.items() if k not in ("Rules", "Result")
    ]
    return lines


def narrate(replay: Replay) -> str:
    """The game move by move, as sentences, then the final position."""
    from spoker.records.replay import Replay
    from spoker.text.narrator import move_lines, named_result

    expect(replay, Replay, "replay")
    lines = _headers(replay)
    lines.append("")
    names = player_names(replay.record.headers)
    for n in range(1, replay.length + 1):
        lines += move_lines(n, replay.events_at(n), names, replay.state_at(n).score)
    final = replay.final_state
    lines += ["", board_diagram(final.board), ""]
    s1, s2 = final.score
    lines.append(f"Score: {s1}-{s2}")
    lines.append("Result: " + (named_result(final, names) if final.is_over else "unfinished"))
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


__all__ = [
    "LEGEND", "bag_text", "board_diagram", "groups_text", "narrate", "one_line", "player_names",
    "printable", "record_text", "state_text",
]
