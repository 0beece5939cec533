"""``--workers`` and ``--cluster``, shared by ``spoker simulate`` and ``spoker tournament``."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from concurrent.futures import Executor

from spoker.cli import cap_workers_told, positive_int

CLUSTER_HELP = """\
--cluster runs the games on a Dask cluster (pip install 'spoker[cluster]'):
'dask' starts a local one (--workers processes, default one a CPU),
tcp://HOST:PORT joins a running Dask scheduler, whose workers must have the
same spoker installed. The result is the same as a local run's for the same
--seed (docs/interop.md, "A cluster for big studies")."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers K`` and ``--cluster ADDRESS`` to a subcommand."""
    parser.add_argument(
        "--workers", type=positive_int, default=None, metavar="K",
        help="processes (default 1, or one a CPU with --cluster dask; at most the number of CPUs)",
    )
    parser.add_argument(
        "--cluster", default=None, metavar="ADDRESS",
        help="play on a Dask cluster: 'dask' (a local one) or tcp://HOST:PORT (a scheduler)",
    )


@contextlib.contextmanager
def executor_for(command: str, args: argparse.Namespace) -> Iterator[tuple[int, Executor | None]]:
    """``(workers, executor)`` for a run: the capped ``--workers`` and no
    executor (a local run), or the ``--cluster``'s executor, closed on leaving."""
    workers = None if args.workers is None else cap_workers_told(command, args.workers)
    if args.cluster is None:
        yield workers or 1, None
        return
    from spoker.runs.cluster import cluster_executor, parse_address

    parse_address(args.cluster)  # a bad address is told before anything starts
    with cluster_executor(args.cluster, workers) as executor:
        yield executor.slots, executor
