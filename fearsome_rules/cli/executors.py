"""What the commands that play many games (``simulate``, ``rate``) read the same way: the
setup, what runs the games (``--workers``, ``--executor``, ``--scheduler``, ``--chunksize``),
``--json`` and ``--progress``."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from concurrent.futures import Executor

import attrs

from fearsome_rules.cli.options import MAX_WORKERS, WORKERS, check_output, whole_number
from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.layout import SETUPS
from fearsome_rules.tools.simulate import EXECUTORS, ProgressBar, cluster, cores, process_pool

CHUNK = whole_number(1, 100_000, "1 to 100,000 games per task")


def add_run_arguments(p: argparse.ArgumentParser, json_help: str) -> None:
    """``--setup``, ``--workers``, ``--executor``, ``--scheduler``, ``--chunksize``, ``--json``
    and ``--progress``."""
    p.add_argument(
        "--setup",
        default="basic",
        metavar="{basic,advanced,bsw}",
        help="the layout (tiles of the advanced and BSW setups are placed at random)",
    )
    p.add_argument(
        "--workers",
        type=WORKERS,
        metavar="W",
        help=f"processes, 1 to {MAX_WORKERS} (default: every core; 1 plays in this process), "
        "or the workers of a local Dask cluster or Ray instance",
    )
    p.add_argument(
        "--executor",
        choices=EXECUTORS,
        default=None,
        help="what plays the games: a process pool on this machine (default), a Dask cluster "
        "(a local one, or the one at --scheduler) or Ray (a local instance, or --scheduler)",
    )
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a running cluster: a Dask scheduler (tcp://host:8786; implies --executor dask) "
        "or, with --executor ray, a Ray address (auto, ray://host:10001)",
    )
    p.add_argument(
        "--chunksize",
        type=CHUNK,
        metavar="N",
        help="games per task (default: about four tasks per worker, at most 25 games each)",
    )
    p.add_argument("--json", metavar="FILE", help=json_help)
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr (default: when stderr is a terminal)",
    )


def check_run(args: argparse.Namespace) -> None:
    """Refuse a setup that does not exist and a JSON file that cannot be written, before any
    game is played."""
    check_output(args.json, "--json")
    if args.setup not in SETUPS:
        raise FearsomeError(f"--setup {quote(args.setup)}: one of {', '.join(SETUPS)}")


def progress_bar(args: argparse.Namespace, total: int) -> ProgressBar | None:
    """A progress bar of ``total`` games, if ``--progress`` asks for one (by default when
    stderr is a terminal)."""
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    return ProgressBar(total) if show else None


@attrs.frozen
class Running:
    """The executor the games go to (None: this process), its workers, and for the report
    where they run."""

    executor: Executor | None
    workers: int
    where: str
    kind: str

    def report(self) -> str:
        """``2 workers`` or ``2 workers, a local Dask cluster``."""
        plural = "s" if self.workers > 1 else ""
        where = f", {self.where}" if self.where else ""
        return f"{self.workers} worker{plural}{where}"


@contextlib.contextmanager
def running(args: argparse.Namespace) -> Iterator[Running]:
    """The executor the arguments ask for, started (a process pool, a local Dask cluster or
    Ray instance, or a connection to a running cluster) and shut down on exit."""
    kind = args.executor or ("dask" if args.scheduler else "processes")
    if args.scheduler and args.workers:
        raise FearsomeError("--workers: a running cluster (--scheduler) has its own workers")
    with cluster(kind, args.scheduler, args.workers) as started:
        if started is not None:
            yield Running(started.executor, started.workers, started.where, kind)
            return
        workers = args.workers or cores()
        if workers == 1:
            yield Running(None, 1, "", kind)
            return
        pool = process_pool(workers)
        try:
            yield Running(pool, workers, "", kind)
        finally:
            pool.shutdown(cancel_futures=True)
