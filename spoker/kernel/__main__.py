"""``python -m spoker.kernel``: compile the search kernel in this process,
filling numba's cache, and exit: 0 once it is ready, else 1 with why on the
last line of stderr. The window runs it aside for its first compile
(:data:`spoker.kernel.COMPILE_ASIDE`), so that its own interpreter lock stays
free; then the window only loads the cache."""

from __future__ import annotations

import sys

from spoker.kernel import _FAILED, ready, warm_up


def main() -> int:
    path = warm_up()
    if ready():
        return 0
    print(_FAILED[0] if _FAILED else path, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
