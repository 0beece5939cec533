"""What the command line reads and writes, bounded and checked early.

- standard input and batch lines are read up to :data:`MAX_INPUT_BYTES`
  (16 MB) and refused beyond, with one line, never a ``MemoryError``;
- a closed standard input is one line, not a traceback;
- output files are checked before a long run starts, not after it;
- text from outside (names, headers, file names) is made printable before it
  reaches the terminal: control characters are shown as escapes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import IO

from spoker.cli import CliError
from spoker.records.inputs import MAX_INPUT_BYTES, size_in_words
from spoker.safe_text import printable

_LIMIT = size_in_words(MAX_INPUT_BYTES)
_CHUNK = 1 << 16


def stdin_bytes() -> IO[bytes]:
    """Standard input as bytes; :class:`CliError` if it is closed."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise CliError("standard input is closed")
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        return buffer  # type: ignore[no-any-return]
    import io

    return io.BytesIO(read_limited(stream, "standard input").encode("utf-8", "surrogateescape"))


def read_limited(stream: IO[str], what: str) -> str:
    """All of a text stream, refused beyond the input limit."""
    data = stream.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise CliError(f"{what} is larger than {_LIMIT}: not a Spoker input")
    return data


def read_stdin() -> bytes:
    """All of standard input (a record), refused beyond :data:`MAX_INPUT_BYTES`
    or at the first chunk holding a NUL byte (binary data: ``< /dev/zero``):
    :func:`spoker.records.files.read_bounded`, the one bounded reader."""
    from spoker.errors import SpokerError
    from spoker.records.files import read_bounded

    try:
        return read_bounded(stdin_bytes(), what="a record", text=True)
    except SpokerError as err:
        raise CliError(f"standard input: {err}") from None
    except ValueError:  # "I/O operation on closed file"
        raise CliError("standard input is closed") from None


def lines_limited(stream: IO[bytes], what: str = "a batch of queries") -> Iterator[bytes | None]:
    """The lines of a stream (with their line ends), one at a time, read a
    chunk at a time; a line longer than :data:`MAX_INPUT_BYTES` is skipped and
    given as None. A NUL byte is binary data, not ``what``: NotationError naming
    its offset, as soon as the chunk holding it is read (so ``/dev/zero``, or
    a stream turning binary in a long line, is refused at once, not skipped)."""
    from spoker.records.inputs import check_text

    offset = 0  # bytes of the lines before this one
    while True:
        parts: list[bytes] = []
        size = 0
        too_long = False
        while True:
            try:
                piece = stream.readline(_CHUNK)
            except ValueError:
                raise CliError("standard input is closed") from None
            if not piece:
                break
            check_text(piece, offset + size, what)
            size += len(piece)
            ended = piece.endswith(b"\n")
            if not too_long:
                parts.append(piece)
                if size - ended > MAX_INPUT_BYTES:
                    too_long, parts = True, []
                    yield None  # answered at once, even if the line never ends
            if ended:
                break
        if not size:
            return
        offset += size
        if not too_long:
            yield b"".join(parts)


def stdin_once(paths: list[str]) -> None:
    """Refuse ``-`` named twice: the second would read an empty standard
    input, which is an empty record, not the game the user meant."""
    if paths.count("-") > 1:
        raise CliError("'-' (standard input) is given more than once: it can be read only once")


LINE_TOO_LONG = f"the line is longer than {_LIMIT}"


def check_output(path: str, option: str, suffix: str | None = None) -> None:
    """Refuse an output file that cannot be written, before any work is done:
    a folder, a missing or read-only folder, a read-only file, a wrong suffix."""
    shown = printable(repr(path))
    if not path:
        raise CliError(f"{option} {shown}: the file name is empty")
    if suffix is not None and not path.lower().endswith(suffix):
        raise CliError(f"{option} {shown}: the file is written as {suffix[1:].upper()}, name it FILE{suffix}")
    if os.path.isdir(path) or path.endswith(("/", os.sep)):
        raise CliError(f"{option} {shown}: is a folder, not a file")
    folder = os.path.dirname(os.path.realpath(path))  # a link's target's folder: the one written in
    if not os.path.isdir(folder):
        raise CliError(f"{option} {shown}: the folder {printable(repr(folder))} does not exist")
    if os.path.exists(path):
        if not os.access(path, os.W_OK):
            raise CliError(f"{option} {shown}: the file is read-only")
    elif not os.access(folder, os.W_OK | os.X_OK):
        raise CliError(f"{option} {shown}: cannot write in the folder {printable(repr(folder))}")
