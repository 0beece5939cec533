"""Text from outside (names, headers, file names, a plug-in's words) made safe
to print: control and format characters escaped, on one line when asked.

Below every layer, so that error lines, plug-in discovery and the command
line all show outside text the same way, and at once (no engine imported).
"""

from __future__ import annotations

import unicodedata

from shibumi.errors import expect


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
