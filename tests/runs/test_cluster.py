"""Runs on a Dask cluster (``--cluster``) give the local run's result.

One local Dask cluster (two worker processes, loopback only) serves the
module; the command line's ``--cluster dask`` starts its own once. They
need the extra ``cluster`` (scripts/test.sh installs it): Dask is imported
directly, so a missing one fails loudly instead of skipping.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path

import distributed
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.terminal import on_a_terminal

import spoker
from spoker.cli import main
from spoker.engine.rules import RuleSet
from spoker.errors import ArgumentError, WorkerError
from spoker.runs import cluster, parallel
from spoker.runs.cluster import (
    CONNECT_TIMEOUT,
    NO_DASHBOARD,
    DaskExecutor,
    cluster_executor,
    parse_address,
)
from spoker.runs.simulate import simulate
from spoker.runs.study import run_study
from spoker.runs.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local Dask scheduler with two worker processes,
    which import this checkout's spoker (PYTHONPATH), as a remote one would
    import the installed package."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        scheduler_port=0, silence_logs=logging.ERROR, env={"PYTHONPATH": path}, **NO_DASHBOARD,
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def executor(scheduler: str) -> Iterator[DaskExecutor]:
    with cluster_executor(scheduler) as ex:
        yield ex


def test_workers_import_this_checkouts_spoker(executor: DaskExecutor) -> None:
    def where() -> str:
        import spoker

        return spoker.__file__ or ""

    files = executor.client.run(where)
    assert len(files) == 2
    assert set(files.values()) == {spoker.__file__}
    assert executor.slots == 2
    executor.check()  # a running client: nothing to tell


def test_random_batch_run_equals_local(executor: DaskExecutor) -> None:
    # Two batch blocks (32768 games, then 232), seats swapped.
    args = (("random", "greedy"), 33000, 7, RuleSet.parse("touching"))
    assert simulate(*args, swap=True, executor=executor) == simulate(*args, swap=True)


def test_scalar_run_equals_local(executor: DaskExecutor) -> None:
    args = (("lookahead", "greedy"), 10, 3)
    assert simulate(*args, swap=True, executor=executor) == simulate(*args, swap=True)
    run = simulate(("random", "greedy"), 30, 5, engine="scalar", executor=executor)
    assert run == simulate(("random", "greedy"), 30, 5, engine="scalar")


def test_luck_adjusted_run_equals_local(executor: DaskExecutor) -> None:
    args = (("greedy", "random"), 12, 9)
    local = simulate(*args, swap=True, luck_adjusted=True, judge="ply1")
    assert simulate(*args, swap=True, luck_adjusted=True, judge="ply1", executor=executor) == local
    assert len(local.luck_games) == 12


def test_tournament_equals_local(executor: DaskExecutor) -> None:
    players = ["random", "greedy", "lookahead"]
    local = run_tournament(players, 8, seed=11)
    on_cluster = run_tournament(players, 8, seed=11, executor=executor)
    assert on_cluster.to_json() == local.to_json()


def test_study_equals_local(executor: DaskExecutor) -> None:
    rules = [RuleSet.parse("visible"), RuleSet.parse("touching, apex-free")]
    for players, games in ((("greedy", "random"), 300), (("lookahead", "random"), 6)):
        local = run_study(players, games, 4, rules)
        assert run_study(players, games, 4, rules, executor=executor).to_json() == local.to_json()


def test_cli_study_joins_a_scheduler(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["study", "--players", "greedy,greedy", "--games", "50", "--seed", "3", "--rules", "visible", "--json"]
    assert main(argv) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--cluster", scheduler]) == 0
    assert capsys.readouterr().out == local


def test_cli_joins_a_scheduler(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "40", "--players", "greedy,random", "--seed", "2", "--swap", "--json"]
    assert main(argv) == 0
    local = capsys.readouterr().out
    assert main([*argv, "--cluster", scheduler]) == 0
    out = capsys.readouterr()
    assert out.out == local
    assert out.err == ""


def test_cli_tournament_on_a_local_dask_cluster(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "random", "greedy", "lookahead", "--games", "6", "--seed", "5", "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)

    seen: dict[str, object] = {}
    real = cluster.cluster_executor

    @contextlib.contextmanager
    def spy(address: str, workers: int | None = None) -> Iterator[DaskExecutor]:
        with real(address, workers) as ex:
            seen["slots"] = ex.slots
            seen["trim"] = set(ex.client.run(lambda: os.environ.get("MALLOC_TRIM_THRESHOLD_")).values())
            yield ex
        seen["status"] = ex.client.status

    monkeypatch.setattr(cluster, "cluster_executor", spy)
    assert main([*argv, "--cluster", "dask", "--workers", "2"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out) == local
    assert out.err == ""
    # Two worker processes, without Dask's malloc setting that slows numpy;
    # the cluster closed after the run.
    assert seen == {"slots": 2, "trim": {None}, "status": "closed"}


def test_ctrl_c_cancels_and_closes_the_client(scheduler: str) -> None:
    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), cluster_executor(scheduler) as ex:
        simulate(("lookahead", "lookahead"), 200, 1, executor=ex, progress=interrupt)
    assert ex.client.status == "closed"


def _group(pgid: int) -> set[int]:
    """The live processes of a process group (Linux /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.add(int(entry))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_closes_the_local_cluster_without_tracebacks(tmp_path: Path) -> None:
    # Ctrl-C on a terminal reaches the whole process group, Dask's workers
    # included. (SIGTERM, to the command alone, takes the same way out: as
    # in spoker.runs.parallel it is turned into KeyboardInterrupt.)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    argv = ["simulate", "--players", "lookahead,lookahead", "--games", "100000", "--cluster", "dask",
            "--workers", "2", "--out", str(tmp_path / "out.json")]
    with on_a_terminal(argv, tmp_path, env, new_session=True) as term:
        term.wait_started()
        assert len(_group(term.proc.pid)) >= 3  # the command and two workers at least
        os.killpg(term.proc.pid, signal.SIGINT)
        code = term.finish(20)
        proc, text = term.proc, term.text
    assert code == 130 and "Traceback" not in text and "interrupted" in text, text
    assert list(tmp_path.iterdir()) == []
    deadline = time.monotonic() + 5
    while _group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _group(proc.pid)  # the workers are gone too


def test_workers_with_another_spoker_are_refused(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(spoker, "__version__", "0.0.0-other")
    with pytest.raises(WorkerError, match="install the same spoker on every worker"):
        with cluster_executor(scheduler):
            pass


DOC = ROOT / "docs" / "interop.md"
CLUSTER_PART = DOC.read_text(encoding="utf-8").split("\n## A cluster for big studies")[1]
EXAMPLES = re.findall(r"```python\n(.*?)```", CLUSTER_PART, re.S)


def test_the_dask_example_runs(scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    # The page's ten lines, on this module's cluster rather than a new one
    # ("dask" is the same code path as the command line's, tested above).
    code = EXAMPLES[0]
    assert len(code.strip().splitlines()) <= 10 and 'cluster_executor("dask", workers=2)' in code
    code = code.replace('cluster_executor("dask", workers=2)', f"cluster_executor({scheduler!r})")
    exec(compile(code, str(DOC), "exec"), {"__name__": "__main__"})
    out = capsys.readouterr().out
    assert "'by_player'" in out and "score rate" in out.lower()


class _FakeRay(types.ModuleType):
    """The few names of Ray the example uses: a task runs when its future is
    asked for (Ray is not installed for the tests; checked by hand with Ray
    2.60.0, docs/interop.md)."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.submitted = 0

    def init(self, **kwargs: object) -> None:
        pass

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 3.0}

    def remote(self, fn: Callable[..., object]) -> object:
        fake = self

        class Task:
            def remote(self, *args: object, **kwargs: object) -> object:
                fake.submitted += 1

                class Ref:
                    def future(self) -> Future[object]:
                        done: Future[object] = Future()
                        done.set_result(fn(*args, **kwargs))
                        return done

                return Ref()

        return Task()


def test_the_ray_example_runs_on_a_stand_in(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    code = EXAMPLES[1]
    study = 'simulate(("expert", "lookahead"), 1000, seed=1'
    assert study in code
    # A small match instead of the big one, to compare with a local run.
    code = code.replace(study, 'simulate(("lookahead", "greedy"), 12, seed=1')
    scope: dict[str, object] = {"__name__": "__main__"}
    exec(compile(code, str(DOC), "exec"), scope)
    assert scope["tally"] == simulate(("lookahead", "greedy"), 12, seed=1, swap=True)
    assert fake.submitted == 3  # 4 games a unit
    assert parallel.slots(scope["RayExecutor"](), 1) == 3  # type: ignore[operator]
    assert "by_player" in capsys.readouterr().out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_unreachable_scheduler_is_one_line_at_once(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused, not waited for: with an hour's connect timeout, an answer at all
    # (within the guard) is an answer at once.
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 3600.0)
    address = f"tcp://127.0.0.1:{_free_port()}"
    argv = (
        ["simulate", "--games", "5", "--players", "random,greedy"]
        if command == "simulate"
        else ["tournament", "random", "greedy", "--games", "5"]
    )
    with _deadline(60):
        assert main([*argv, "--cluster", address]) == 2
    err = capsys.readouterr().err
    assert err == f"spoker {command}: error: no Dask scheduler answers at {address} (Connection refused)\n"


@pytest.mark.parametrize(
    "address", ["ray", "tcp://", "tcp://127.0.0.1", "tcp://127.0.0.1:0", "tcp://h:70000",
                "http://127.0.0.1:8786", "tcp://127.0.0.1:8786/x", "tcp://u@h:1", "tcp://h:x"],
)
def test_bad_address_is_one_line(address: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "5", "--players", "random,greedy", "--cluster", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and repr(address) in err
    assert err.startswith("spoker simulate: error: cluster address ")


def test_workers_are_refused_with_a_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "5", "--players", "random,greedy", "--workers", "2"]
    assert main([*argv, "--cluster", "tcp://127.0.0.1:8786"]) == 2
    assert "--workers sets the size of a local cluster" in capsys.readouterr().err


def test_without_dask_the_error_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    assert main(["simulate", "--games", "5", "--players", "random,greedy", "--cluster", "dask"]) == 2
    assert capsys.readouterr().err == (
        "spoker simulate: error: --cluster needs Dask's distributed package: "
        "pip install 'spoker[cluster]'\n"
    )


@pytest.mark.parametrize("command", ["simulate", "tournament", "study"])
def test_help_shows_cluster_with_an_example(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert "--cluster ADDRESS" in text
    assert f"spoker {command} " in text and "--cluster dask" in text
    assert "tcp://HOST:PORT" in text


def test_addresses_parse() -> None:
    assert parse_address("dask").local
    assert parse_address(" DASK ").local
    remote = parse_address("tcp://10.0.0.5:8786")
    assert (remote.host, remote.port, remote.url) == ("10.0.0.5", 8786, "tcp://10.0.0.5:8786")
    assert parse_address("tcp://[::1]:8786").url == "tcp://[::1]:8786"


@given(st.one_of(st.text(max_size=30), st.text(max_size=20).map(lambda t: "tcp://" + t)))
def test_any_address_parses_or_is_refused_quoting_it(text: str) -> None:
    try:
        address = parse_address(text)
    except ArgumentError as err:
        assert repr(text) in str(err)
    else:
        assert address.local or (address.host and 0 < address.port < 65536)


# -- servers that are no scheduler, schedulers that die ---------------------------


@contextlib.contextmanager
def _server(mode: str) -> Iterator[str]:
    """A loopback server that accepts every connection, then stays silent
    (``silent``), sends back what it gets (``echo``) or sends bytes that are
    no Dask message (``garbage``); its tcp:// address."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.05)
    stop = threading.Event()
    conns: list[socket.socket] = []
    threads: list[threading.Thread] = []

    def serve(conn: socket.socket) -> None:
        conn.settimeout(0.05)
        if mode == "garbage":  # seeded: the frame length it claims is absurd, always
            with contextlib.suppress(OSError):
                conn.sendall(random.Random(0).randbytes(4096))
        while not stop.is_set():
            try:
                data = conn.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not data:
                return
            if mode == "echo":
                with contextlib.suppress(OSError):
                    conn.sendall(data)

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            conns.append(conn)
            threads.append(threading.Thread(target=serve, args=(conn,), daemon=True))
            threads[-1].start()

    acceptor = threading.Thread(target=accept, daemon=True)
    acceptor.start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        acceptor.join(5)
        for thread in threads:
            thread.join(5)
        for conn in conns:
            conn.close()
        listener.close()


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Fail, rather than hang, if the block takes more than ``seconds``
    (the block runs in this, the main, thread: a signal interrupts its waits)."""

    def expired(signum: int, frame: object) -> None:
        raise AssertionError(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


CLUSTER_RUNS = {
    "simulate": ["simulate", "--games", "5", "--players", "random,greedy"],
    "study": ["study", "--players", "greedy,greedy", "--games", "5", "--rules", "visible"],
    "tournament": ["tournament", "random", "greedy", "--games", "5"],
}


@pytest.mark.parametrize("command", ["simulate", "study"])
def test_a_silent_server_is_one_line_within_the_timeout(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # It accepts the connection and never answers: Dask bounds its connect,
    # not the handshake. (The timeout is cut to 1 s here; the command's own
    # is CONNECT_TIMEOUT, checked below.)
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)
    with _server("silent") as address, _deadline(60):
        assert main([*CLUSTER_RUNS[command], "--cluster", address]) == 2
    assert capsys.readouterr().err == (
        f"spoker {command}: error: no Dask scheduler answers at {address} "
        f"(connected, but no answer in 1 s)\n"
    )


def test_the_connect_timeout_is_the_documented_one() -> None:
    assert CONNECT_TIMEOUT == 10
    assert "a silent host is given 10 s" in CLUSTER_PART.replace("\n", " ")


@pytest.mark.parametrize("mode", ["echo", "garbage"])
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_a_server_that_is_no_scheduler_is_one_line(
    mode: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with _server(mode) as address, _deadline(CONNECT_TIMEOUT + 5):
        assert main([*CLUSTER_RUNS[command], "--cluster", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(
        f"spoker {command}: error: the server at {address} does not answer as a Dask scheduler"
    ), err


@contextlib.contextmanager
def _dask_scheduler(folder: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Dask scheduler and one worker started by Dask's own commands, as on
    a cluster of one's own: the scheduler's address and process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    file = folder / "scheduler.json"
    common = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env,
              "cwd": folder, "start_new_session": True}
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--scheduler-file", str(file)], **common,  # type: ignore[call-overload]
    )
    worker = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", "--scheduler-file", str(file),
         "--nthreads", "1", "--no-nanny", "--no-dashboard"], **common,  # type: ignore[call-overload]
    )
    try:
        address = ""
        deadline = time.monotonic() + 30
        while not address and time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError, KeyError):
                address = json.loads(file.read_text())["address"]
            time.sleep(0.05)
        assert address, "the scheduler did not start"
        with distributed.Client(address, timeout=10) as client:
            client.wait_for_workers(1, timeout=30)
        yield address, scheduler
    finally:
        for proc in (scheduler, worker):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["sigkill", "sigterm"])
def test_a_scheduler_killed_mid_run_is_one_line(sig: int, tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    with _dask_scheduler(tmp_path) as (address, scheduler):
        argv = ["simulate", "--players", "lookahead,lookahead", "--games", "100000",
                "--cluster", address, "--out", str(run / "out.json")]
        with on_a_terminal(argv, run, dict(os.environ, PYTHONPATH=str(ROOT))) as term:
            term.wait_started()
            os.kill(scheduler.pid, sig)
            code = term.finish(20)  # the 100,000 games would take minutes
            proc, text = term.proc, term.text
    lines = [line for line in re.split(r"[\r\n]", text) if line.strip() and not line.startswith("[")]
    assert code == 2 and "Traceback" not in text, (code, text)
    assert len(lines) == 1, text
    assert lines[0].startswith(f"spoker simulate: error: lost the Dask scheduler at {address} during the run")
    assert lines[0].endswith("run again")
    assert proc.stdout is not None and proc.stdout.read() == b""
    assert list(run.iterdir()) == []


class _Client:
    """The few parts of a Dask client an executor uses, in a given state."""

    def __init__(self, status: str) -> None:
        self.status = status

    def get_executor(self, pure: bool) -> object:
        class Closed:
            def shutdown(self, wait: bool) -> None:
                raise distributed.client.ClosedClientError("Client is closed.")

        return Closed()


def test_a_client_that_lost_its_scheduler_is_one_error() -> None:
    address = "tcp://127.0.0.1:8786"
    ex = DaskExecutor(_Client("closed"), address)
    with pytest.raises(WorkerError, match=f"lost the Dask scheduler at {address} during the run"):
        ex.check()
    ex.shutdown(wait=False, cancel_futures=True)  # nothing left to cancel: no ClosedClientError
    assert "lost the local Dask cluster" in str(DaskExecutor(_Client("connecting")).lost())


def test_workers_dying_on_a_unit_are_one_error_and_a_units_own_error_is_its_own() -> None:
    """A stand-in client, running: a live cluster for this test alone cost a
    whole LocalCluster's start when pytest-xdist gave it to another worker."""
    address = "tcp://127.0.0.1:8786"
    executor = DaskExecutor(_Client("running"), address)
    err = distributed.KilledWorker("unit", address, 3)  # type: ignore[arg-type]
    lost = cluster._lost(distributed, executor, err)
    assert isinstance(lost, WorkerError)
    assert str(lost).startswith(f"workers of the Dask scheduler at {address} died")
    assert cluster._lost(distributed, executor, ZeroDivisionError("a unit's own")) is None
    executor.check()  # a running client: nothing to tell
