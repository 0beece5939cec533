"""One search for every caller: the compiled kernel, or the Python reference.

:func:`new_search` makes the search every caller uses (the players, the
analysis, the luck judge, hints, puzzles, the window): a
:class:`~spoker.kernel.search.KernelSearch` (numba, the same values as the
Python search, some tens of times faster) when numba imports, else the
reference :class:`~spoker.players.search.Expectimax`. ``SPOKER_KERNEL=python``
forces the Python path. :func:`kernel_path` names the path in use without
importing numba (``spoker --version`` prints it).

When the compiled search is used (one rule, :func:`_compiled_ready`): only
once the kernel is READY in this process (:func:`warm_up` finished). On the
command line the first search warms it up there and then (loads numba's
cache, or compiles, saying so once on stderr); in the window
(:func:`warm_up_in_background`) searches are Python until the background
warm-up is done, so nothing there waits for the compiler: a first compile
runs in a process of its own (``python -m spoker.kernel``), which leaves the
window's interpreter lock free, and the window then loads numba's cache; the
window's worker processes only load it (:func:`load_only`), so the compile
is said once. A compile that fails leaves the Python path, said once.
:func:`prepare_thread` writes a thread's memo once ahead of its first search.

The compiled search keeps its memos in a fixed block (:class:`Memo`, bounded:
:data:`~spoker.kernel.memo.SLOTS`); a caller that keeps work between
searches passes its own ``memo``. Docs: docs/kernel.md.
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spoker.notices import Notice, NoticeKind, tell

if TYPE_CHECKING:  # light at import: spoker --version asks kernel_path() (no numpy, no numba)
    from spoker.engine.rules import RuleSet
    from spoker.kernel.memo import Memo
    from spoker.players.search import Entry, Key, Utility

ENV = "SPOKER_KERNEL"
"""Set to ``python`` to search in Python (the reference) even with numba installed."""

_FAILED: list[str] = []  # why the compiled search failed (numba's import, or the compile), once it was tried

COMPILING = Notice(NoticeKind.INFO, "compiling the search for this machine (once; about half a minute)",
                   "compiling the search (once)")
"""Said once on stderr when the kernel must be compiled first (no cache yet):
by the process that compiles (the command line's, the window's), never by
the window's worker processes (:func:`load_only`)."""

NOT_COMPILED = "the search could not be compiled, so it runs in Python (slower)"
"""The start of what a failed compile says, once, followed by why."""

_LOCK = threading.Lock()  # one warm-up at a time; READY is set under it
_READY = threading.Event()  # the kernel is compiled or loaded in this process
_BACKGROUND = threading.Event()  # the window's warm-up is running: searches do not wait for it
_STARTING = threading.Lock()  # the window's warm-up thread is started under it
_LOAD_ONLY = threading.Event()  # the window's worker processes: never compile, load the cache when it is there


@functools.cache
def _numba_version() -> str | None:
    """numba's version if it is installed (not imported: the light commands
    ask), read once: the package metadata costs a millisecond a look."""
    if importlib.util.find_spec("numba") is None:
        return None
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return "unknown version"


def kernel_path() -> str:
    """The search in use, for people: "compiled (numba 0.68.1)", or "python (why)"
    (numba not installed, turned off, or failed: its import or the compile)."""
    if os.environ.get(ENV, "").strip().lower() == "python":
        return f"python ({ENV}=python)"
    version = _numba_version()
    if version is None:
        return "python (numba not installed)"
    if _FAILED:
        return f"python (numba {version} failed: {_FAILED[0]})"
    return f"compiled (numba {version})"


def compiled_available() -> bool:
    """Whether searches are compiled: numba installed, importable, not turned off."""
    if not kernel_path().startswith("compiled"):
        return False
    if "spoker.kernel.search" in sys.modules:
        return True
    try:
        import spoker.kernel.search  # noqa: F401  (imports numba and the compiled functions)
    except Exception as error:  # noqa: BLE001 (any failure of a compiler import: the Python path serves)
        _FAILED.append(f"{type(error).__name__}: {error}")
        return False
    return True


def _compiled_ready() -> bool:
    """Whether this search is the compiled one: the one place of the rule
    (module doc). Not when turned off or unavailable; when READY, yes; in the
    window before then, no (the Python search serves); else warm up now."""
    if os.environ.get(ENV, "").strip().lower() == "python":
        return False
    if _READY.is_set():
        return True
    if _BACKGROUND.is_set():
        return False
    warm_up()
    return _READY.is_set()


def new_search(
    rules: RuleSet,
    utility: Utility | None = None,
    *,
    limit: int | None = None,
    deadline: float | None = None,
    quiescence: bool = False,
    clock: Callable[[], float] = time.thread_time,
    memo: Memo | None = None,
) -> Any:
    """The search every caller uses (see the module doc): compiled when it
    can be, for :class:`Utility` and :class:`~spoker.players.search.WinUtility`;
    otherwise :class:`Expectimax` (``memo`` then unused: it keeps its own dicts)."""
    expectimax, known = _python_search()
    if _compiled_ready() and (utility is None or type(utility) in known):  # the utilities the kernel knows
        return _kernel_search()(
            rules, utility, limit=limit, deadline=deadline, quiescence=quiescence, clock=clock, memo=memo
        )
    return expectimax(rules, utility, limit=limit, deadline=deadline, quiescence=quiescence, clock=clock)


@functools.cache
def _python_search() -> tuple[type, tuple[type, ...]]:
    """The Python search and the utilities the kernel knows, imported once
    (an import statement costs microseconds on every search; lookahead makes one a move)."""
    from spoker.players.search import Expectimax, Utility, WinUtility

    return Expectimax, (Utility, WinUtility)


@functools.cache
def _kernel_search() -> type:
    """:class:`~spoker.kernel.search.KernelSearch`, imported once (when the kernel is ready)."""
    from spoker.kernel.search import KernelSearch

    return KernelSearch


class Kept:
    """Work kept between the searches of one move, one analysis or one game,
    whichever search serves: the compiled search's :class:`Memo` (made on
    first use unless given), or the Python search's tables."""

    def __init__(self, memo: Memo | None = None) -> None:
        self._memo = memo
        self.table: dict[Key, Entry] = {}
        self.leaf_table: dict[Key, float] = {}

    @classmethod
    def fresh(cls) -> Kept:
        """Kept work that starts empty, in this thread's memo (no allocation)."""
        from spoker.kernel.memo import thread_memo

        memo = thread_memo()
        memo.clear()
        return cls(memo)

    @property
    def memo(self) -> Memo:
        if self._memo is None:
            from spoker.kernel.memo import Memo

            self._memo = Memo()
        return self._memo

    def attach(self, search: Any) -> None:
        """Give ``search`` (either kind) this kept work."""
        from spoker.players.search import Expectimax

        if isinstance(search, Expectimax):
            search.table = self.table
            search.leaf_table = self.leaf_table
        else:
            search.memo = self.memo


def _cached() -> bool:
    """Whether numba's cache holds the kernel already (its index file is there)."""
    from spoker.kernel import compiled

    cache = getattr(compiled.run, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    return index is None or os.path.exists(index)  # a numba without the attribute: assume cached, say nothing


def _fail(why: str) -> str:
    """The compiled search failed here: the Python path serves from now on
    (:func:`kernel_path` names why), said once on stderr. The path in use."""
    if not _FAILED:
        tell(Notice(NoticeKind.INFO, f"{NOT_COMPILED}: {why}", NOT_COMPILED))
    _FAILED.append(why)
    return kernel_path()


COMPILE_ASIDE = (sys.executable, "-m", "spoker.kernel")
"""The command that compiles the kernel in a process of its own (the window's
first compile): it fills numba's cache and exits 0, else 1 saying why."""


def _compile_aside() -> str | None:
    """Compile the kernel by :data:`COMPILE_ASIDE`, waiting for it (the wait
    leaves the interpreter lock free, so this process's other threads run:
    numba's compiler would hold it for half a minute). None, or why it failed.
    The child finds numba's cache where this process does: the same files, the
    same environment (``NUMBA_CACHE_DIR``, the user's cache folder when the
    package's is read-only), and this spoker first on its path. A window
    closed meanwhile leaves the child to finish: its cache serves the next start."""
    import subprocess

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "PYTHONPATH": root if not path else os.pathsep.join((root, path))}
    try:
        done = subprocess.run(COMPILE_ASIDE, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", check=False)
    except OSError as error:  # no interpreter to start (a frozen program)
        return f"{type(error).__name__}: {error}"
    if done.returncode == 0:
        return None
    lines = (done.stderr.strip() or done.stdout.strip()).splitlines()
    return lines[-1] if lines else f"the compile exited with status {done.returncode}"


def warm_up(*, aside: bool = False) -> str:
    """Make the kernel READY in this process: compile it (saying so on stderr
    when there is no cache yet; ``aside``: in a process of its own,
    :func:`_compile_aside`, then load it here) or load it from numba's cache,
    by one small search. In a process that only loads (:func:`load_only`) a
    missing cache leaves the Python path, quietly, until a later search finds
    it. A compile that fails leaves the Python path for good, said once.
    Returns the path in use. Safe from any thread, at any time: the second
    caller waits for the first, later callers return at once."""
    with _LOCK:
        if _READY.is_set() or not compiled_available():
            return kernel_path()
        if not _cached():
            if _LOAD_ONLY.is_set():
                return kernel_path()  # the window's compile is still going (or never came): Python meanwhile
            tell(COMPILING)
            if aside:
                why = _compile_aside()
                if why is None and not _cached():
                    why = "the compile left nothing in numba's cache"
                if why is not None:
                    return _fail(why)
        from spoker.engine.state import GameState
        from spoker.kernel.memo import Memo
        from spoker.kernel.search import KernelSearch
        from spoker.players.bitboard import root_args

        state = GameState()
        state.apply_draw(0)
        try:
            search = KernelSearch(state.rules, memo=Memo((2, 2, 2)))
            search.analyse(*root_args(state), 1)
            search.place(0, 0, 0, 0, state.playable_mask, 0, 0, 0, 0, 0, 2)
        except Exception as error:  # noqa: BLE001 (a compiler that fails: the Python path serves, and says why)
            return _fail(f"{type(error).__name__}: {error}")
        _READY.set()
    return kernel_path()


def _warm_up_aside() -> None:
    """The window's warm-up thread: compile aside (if need be), then load here."""
    try:
        warm_up(aside=True)
    finally:
        _BACKGROUND.clear()  # done, ready or not: a later search looks again (and finds READY, or the Python path)


def warm_up_in_background() -> None:
    """The window's start: from now on this process's searches are Python
    until a daemon thread, started here, has warmed the kernel up (a first
    compile in a process of its own, so that the window's frames never wait
    for the compiler's interpreter lock); returns at once."""
    with _STARTING:  # one warm-up thread, however often the window starts
        if _READY.is_set() or _BACKGROUND.is_set():
            return
        _BACKGROUND.set()
    threading.Thread(target=_warm_up_aside, name="spoker-kernel-warm-up", daemon=True).start()


def load_only() -> None:
    """This process never compiles the kernel (the window's worker processes:
    the window compiles, once, and says so): it loads numba's cache now if it
    is there, else its searches are Python until a later one finds it."""
    _LOAD_ONLY.set()
    warm_up()


def prepare_thread() -> None:
    """Ready this thread for its first compiled search: its memo made and
    every page written once (:func:`~spoker.kernel.memo.touch_thread_memo`;
    44 MiB, resident from now on), so that search pays no page faults (6 to
    90 ms). Nothing on the Python path, which has no such memo. The window
    runs it in its worker thread at start, where the tutor searches."""
    if kernel_path().startswith("compiled"):
        from spoker.kernel.memo import touch_thread_memo

        touch_thread_memo()


def ready() -> bool:
    """Whether the compiled kernel is READY in this process."""
    return _READY.is_set()


__all__ = [
    "COMPILING", "ENV", "NOT_COMPILED", "Kept", "compiled_available", "kernel_path", "load_only", "new_search",
    "prepare_thread", "ready", "warm_up", "warm_up_in_background",
]
