"""The command line's text views of a whole record: its summary (``spoker
show RECORD``) and its narration move by move (``spoker replay --text``),
made of the narrator's sentences and the text views' diagrams."""

from __future__ import annotations

from shibumi.errors import expect
from spoker.records.replay import Replay
from spoker.safe_text import printable
from spoker.text.narrator import challenge_line, move_lines, named_result
from spoker.text.textview import LEGEND, board_diagram


def seat_names(headers: dict[str, str]) -> tuple[str, str]:
    """The names a record gives its players (``Player1``, ``Player2``),
    printable; ``player 1`` and ``player 2`` when unnamed, and the seat added
    when both have the same name."""
    expect(headers, dict, "headers")
    names = [" ".join(printable(headers.get(f"Player{i}", "")).split())[:60] for i in (1, 2)]
    if names[0] and names[0] == names[1]:
        return (f"{names[0]} (player 1)", f"{names[1]} (player 2)")
    return (names[0] or "player 1", names[1] or "player 2")


def record_text(replay: Replay) -> str:
    """A record's headers, final position, score and challenges."""

    expect(replay, Replay, "replay")
    final = replay.final_state
    lines = _headers(replay)
    lines.append(f"Moves: {replay.length}")
    lines += ["", f"Final position: {final.board}", "", board_diagram(final.board), "", LEGEND, ""]
    s1, s2 = final.score
    lines.append(f"Score: {s1}-{s2}")
    names = seat_names(replay.record.headers)
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

    expect(replay, Replay, "replay")
    lines = _headers(replay)
    lines.append("")
    names = seat_names(replay.record.headers)
    for n in range(1, replay.length + 1):
        lines += move_lines(n, replay.events_at(n), names, replay.state_at(n).score)
    final = replay.final_state
    lines += ["", board_diagram(final.board), ""]
    s1, s2 = final.score
    lines.append(f"Score: {s1}-{s2}")
    lines.append("Result: " + (named_result(final, names) if final.is_over else "unfinished"))
    return "\n".join(lines)
