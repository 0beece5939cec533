"""The test house: Hypothesis profiles and the ``gui`` and ``slow`` markers.

Hypothesis profiles (``python3 -m pytest --hypothesis-profile NAME``):

- ``default``: what the whole suite runs, within about five minutes;
- ``ci``: the same examples on every run (``derandomize``), so that a red run
  can be repeated and a green one is not luck; chosen when ``CI`` is set;
- ``thorough``: ten times the examples, for studying the rules (slow);
- ``dev``: a tenth of them, for a quick loop while editing;
- ``mutation``: a tenth of them, the same on every run, for the mutation run
  (``scripts/mutation.py``, docs/testing.md): a mutant's fate is repeatable.

Every property test runs ``max_examples`` of the loaded profile, except a few
expensive ones that run a share of it (``tests/support/example_counts.py``).

Markers (registered in pyproject.toml, ``--strict-markers``): every test under
``tests/gui/`` is marked ``gui``, the tests named in ``SLOW`` are marked
``slow``; ``-m "not slow and not gui"`` is the quick loop.

The research code's tests (``tests/bench/``, of ``bench/``) are marked
``research`` and left out unless ``--research`` is given
(``python3 -m pytest --research tests/bench``, docs/testing.md); those named
in ``PRODUCT_GUARDS`` hold the product itself and always run.

The search: every test searches in Python (``SPOKER_KERNEL=python``, set here
before spoker is imported, so subprocesses inherit it) except those that ask
for the ``compiled_kernel`` fixture (tests/kernel, the command line's own
default, and the few tests that search long to test something else: the
expert's game through ``spoker simulate``, the luck judge's lookahead run).
The kernel compiles once a session, beside the other tests: under
pytest-xdist the controlling process starts the compile in a subprocess at
session start and goes on; a worker waits for it only when it reaches a
compiled test first (docs/kernel.md).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ["SPOKER_KERNEL"] = "python"  # before any import of spoker (spoker.kernel.ENV)

try:
    import fcntl
except ImportError:  # Windows: each process compiles or loads the kernel itself
    fcntl = None  # type: ignore[assignment]

COMPILE_LOCK = "SPOKER_TEST_COMPILE_LOCK"
"""The lock file the session's compile holds until it is done (its path, for the workers)."""

DEFAULT_EXAMPLES = 150
"""Examples of a property test under the default profile."""

# No deadline: the suite runs on shared machines, where one slow example is
# load, not a bug. Data generation that is slow for the same reason is no
# failure either (too_slow).
_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

settings.register_profile("default", max_examples=DEFAULT_EXAMPLES, **_COMMON)
settings.register_profile(
    "ci", max_examples=DEFAULT_EXAMPLES, derandomize=True, print_blob=True, **_COMMON
)
settings.register_profile("thorough", max_examples=DEFAULT_EXAMPLES * 10, **_COMMON)
settings.register_profile("dev", max_examples=DEFAULT_EXAMPLES // 10, **_COMMON)
settings.register_profile(
    "mutation", max_examples=DEFAULT_EXAMPLES // 10, derandomize=True, **_COMMON
)
# --hypothesis-profile NAME, read later by Hypothesis' own plugin, wins.
settings.load_profile("ci" if os.environ.get("CI") else "default")

GUI_TESTS = Path(__file__).resolve().parent / "gui"

SLOW = (
    "gui/test_monkey.py::test_monkey",
    "gui/render/test_frame_cache.py::test_still_screens_are_copied_and_match_direct_drawing",
    "gui/render/test_frame_cache.py::test_replay_viewer_frames_match_and_follow_each_step",
    "gui/render/test_frame_cache.py::test_a_change_shows_in_the_very_next_frame",
    "gui/views/test_replay_viewer.py::test_the_commands_open_a_window_and_draw_a_frame",
    "gui/views/test_replay_analysis.py::test_the_command_draws_the_analysed_viewer",
    "interop/test_interop_docs.py::test_example_runs",
    "cli/test_analyse_cli.py::test_subprocess_huge_file_and_workers",
    "runs/test_analysis.py::test_exact_further_at_the_default_effort",
    "runs/test_analysis.py::test_exact_values_agree_with_a_plain_solver",
    "cli/test_cli.py::test_subprocess_exit_codes_and_stderr",
    "cli/test_cli.py::test_subprocess_replay_json_and_batch",
    "cli/test_cli_edges.py::test_ctrl_c_stops_the_run_and_its_workers_at_once",
    "runs/test_cluster.py::test_ctrl_c_closes_the_local_cluster_without_tracebacks",
    "runs/test_cluster.py::test_cli_tournament_on_a_local_dask_cluster",
    "runs/test_cluster.py::test_the_dask_example_runs",
    "runs/test_cluster.py::test_random_batch_run_equals_local",
    "gui/models/test_lab_model.py::test_screenshot_of_the_lab",
    "cli/test_play_cmd.py::test_screenshot_honours_load_record_and_resume",
    "cli/test_play_cmd.py::test_without_home_the_game_starts_with_autosave_off",
    "runs/test_simulate.py::test_cli_every_player_name_is_accepted",
    "runs/test_tournament.py::test_round_robin",
)
"""The slowest tests (``--durations=30``), by file under tests/ and name
(every parametrization); a name no longer in its file stops the run."""


RESEARCH_TESTS = Path(__file__).resolve().parent / "bench"

PRODUCT_GUARDS = (
    "bench/test_leaves.py::test_the_product_imports_nothing_from_bench_and_ships_no_weights",
    "bench/test_leaves.py::test_a_research_search_with_nothing_on_values_as_the_products",
    "bench/test_startup.py::test_the_product_reads_no_environment_hook",
    "bench/test_startup.py::test_the_laboratory_closes_after_its_first_frame_when_told",
)
"""The tests under tests/bench/ that guard the product (no research code or
weights in it, its search seam, the environment it reads, its hidden
first-frame option): in every run, research or not."""


LONG_ID = 100
"""Characters of a text or bytes parameter beyond which its test id is cut."""


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A long text or bytes parameter's id is its start and its length: the
    whole of a 16 MB input made a 16 MB test id (and 34 MB of output)."""
    if not isinstance(val, (str, bytes)) or len(val) <= LONG_ID:
        return None  # pytest's own id
    head = val[:40]
    start = head.decode("ascii", "backslashreplace") if isinstance(head, bytes) else head.encode(
        "unicode_escape").decode("ascii")
    return f"{start}...{len(val)}{'B' if isinstance(val, bytes) else 'ch'}"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--research", action="store_true",
        help="also run the research code's tests (tests/bench/, marked research)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = Path(__file__).resolve().parent
    modules: dict[str, object] = {}
    for item in items:
        path = Path(item.path).resolve()
        if GUI_TESTS in path.parents:
            item.add_marker(pytest.mark.gui)
        if root not in path.parents:
            continue
        file = path.relative_to(root).as_posix()
        modules[file] = getattr(item, "module", None)
        name = f"{file}::{getattr(item, 'originalname', item.name)}"
        if name in SLOW:
            item.add_marker(pytest.mark.slow)
        if RESEARCH_TESTS in path.parents and name not in PRODUCT_GUARDS:
            item.add_marker(pytest.mark.research)
    # A renamed slow test would silently join the quick loop, a renamed product
    # guard leave the default run: say so instead.
    # A moved test file would too: a name's file must exist under tests/.
    lost = [
        name for name in (*SLOW, *PRODUCT_GUARDS)
        if not (root / name.split("::")[0]).is_file()
        or modules.get(name.split("::")[0]) is not None
        and not hasattr(modules[name.split("::")[0]], name.split("::")[1])
    ]
    if lost:
        raise pytest.UsageError(f"tests/conftest.py: SLOW or PRODUCT_GUARDS names tests that are gone: {lost}")
    if not config.getoption("research"):
        research = [item for item in items if item.get_closest_marker("research")]
        if research:
            config.hook.pytest_deselected(items=research)
            items[:] = [item for item in items if not item.get_closest_marker("research")]


_COMPILE = pytest.StashKey[tuple[subprocess.Popen[bytes], str]]()


WARM_UP = """
import sys, time
start = time.time()
from spoker.kernel import warm_up
path = warm_up()
print(f"ready {time.time() - start:.1f} s after the session's start: {path}", file=sys.stderr)
"""


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist, the controlling process starts the kernel's compile
    (or cache load) in a subprocess before its workers start, and does not wait:
    the subprocess holds a lock on a file (inherited, so held from its start to
    its end) that ``compiled_kernel`` waits on."""
    if fcntl is None or not session.config.pluginmanager.has_plugin("dsession"):
        return
    if importlib.util.find_spec("numba") is None:
        return
    folder = tempfile.mkdtemp(prefix="spoker-kernel-")
    lock = os.path.join(folder, "compile.lock")
    fd = os.open(lock, os.O_CREAT | os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    env = {k: v for k, v in os.environ.items() if k != "SPOKER_KERNEL"}
    with open(os.path.join(folder, "compile.log"), "w") as log:
        process = subprocess.Popen([sys.executable, "-c", WARM_UP], env=env, pass_fds=(fd,),
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    os.close(fd)  # the subprocess's copy keeps the lock
    os.environ[COMPILE_LOCK] = lock
    session.config.stash[_COMPILE] = (process, folder)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The session's compile ended (waited for: a session can be shorter) and its folder gone."""
    started = session.config.stash.get(_COMPILE, None)
    if started is not None:
        process, folder = started
        process.wait()
        log = Path(folder, "compile.log").read_text(errors="replace").strip().splitlines()
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None and log:  # when the kernel was ready, against the session's start
            reporter.write_line(f"\nsearch kernel: {log[-1]} (exit {process.returncode})")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def compiled_kernel() -> Iterator[None]:
    """The compiled kernel READY in this process (skipped without numba):
    after the session's compile (waited for, if it is still going), loaded
    from numba's cache; without pytest-xdist, compiled here."""
    if importlib.util.find_spec("numba") is None:
        pytest.skip("numba is not installed: the compiled search is not in use")
    lock = os.environ.get(COMPILE_LOCK)
    if lock and fcntl is not None and os.path.exists(lock):
        fd = os.open(lock, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)  # returns once the compile's subprocess has ended
        finally:
            os.close(fd)
    from spoker.kernel import warm_up

    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("SPOKER_KERNEL")
        path = warm_up()
    if not path.startswith("compiled"):
        pytest.skip(f"the compiled search is not in use: {path}")
    yield


@pytest.fixture
def quick_search(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """This test's searches compiled, as a user's are, where numba is
    installed (else in Python), the commands it starts too: for a test that
    holds the product's own path (the shipped puzzles). tests/kernel holds
    the two searches' values equal; tests/gui/conftest.py turns the window's
    searches compiled for every GUI test."""
    if importlib.util.find_spec("numba") is None:
        return
    request.getfixturevalue("compiled_kernel")
    monkeypatch.delenv("SPOKER_KERNEL", raising=False)
