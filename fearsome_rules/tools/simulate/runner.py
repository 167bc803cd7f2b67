"""Running many games of a simulation: in chunks through any
:class:`concurrent.futures.Executor` (a process pool on every core by default), with a progress
bar for the terminal."""

from __future__ import annotations

import math
import os
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import TextIO, TypeVar

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import new_game
from fearsome_rules.core.layout import SETUPS
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools.simulate.game import (
    BotSpec,
    GameRecord,
    Job,
    game_seed,
    play_game,
    resolve_bots,
)
from fearsome_rules.tools.simulate.summary import Summary

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games)`` while a simulation runs."""


def _play_chunk(job: Job, start: int, stop: int) -> list[GameRecord]:
    """Games ``start`` to ``stop - 1`` of a simulation (runs in a worker)."""
    return [
        play_game(job.players, game_seed(job.seed, i), job.bots, job.options, job.setup)
        for i in range(start, stop)
    ]


def cores() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def default_chunksize(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker, at most 25 games (a few seconds) each,
    so the per-task overhead is small and the progress bar still moves."""
    return max(1, min(25, math.ceil(games / (4 * max(1, workers)))))


def simulate(
    games: int,
    players: int,
    seed: int = 0,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    options: RuleOptions | None = None,
    setup: str = "basic",
    executor: Executor | None = None,
    progress: Progress | None = None,
    *,
    workers: int | None = None,
    chunksize: int | None = None,
) -> Summary:
    """Play ``games`` seeded games and sum them up.

    Game ``i`` is played with seed ``game_seed(seed, i)``, so the same arguments give the same
    summary whatever runs the games. ``executor`` is any :class:`concurrent.futures.Executor`
    (a process pool, Dask's ``Client.get_executor()``, ...); the games go to it in chunks of
    ``chunksize``. Without one, a :class:`ProcessPoolExecutor` with ``workers`` processes
    (default: every core) is started and shut down; ``workers=1`` plays in this process.
    ``progress(done, games)`` is called as chunks finish.
    """
    opts = RuleOptions() if options is None else options
    if not isinstance(games, int) or games < 1:
        raise FearsomeError(f"games: {quote(games)}: play at least one game")
    if setup not in SETUPS:
        raise FearsomeError(f"setup: {quote(setup)}: one of {', '.join(SETUPS)}")
    new_game(players, 0, opts, setup)  # checks players and options before any work
    specs: list[BotSpec] = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    resolve_bots(specs, players)
    job = Job(players, seed, tuple(specs), opts, setup)
    if workers is not None and workers < 1:
        raise FearsomeError(f"workers: {quote(workers)}: at least 1")
    if chunksize is not None and chunksize < 1:
        raise FearsomeError(f"chunksize: {quote(chunksize)}: at least 1")
    return Summary.of(job, run_jobs([(job, games)], executor, progress, workers, chunksize)[0])


def run_jobs(
    jobs: Sequence[tuple[Job, int]],
    executor: Executor | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
) -> list[list[GameRecord]]:
    """Play ``games`` games of each ``(job, games)``, all through one executor, and return
    each job's records in game order (game ``i`` of a job seeded ``game_seed(job.seed, i)``).
    Without an ``executor``, a process pool of ``workers`` (default: every core) is started
    and shut down, or with ``workers=1`` the games are played in this process.
    ``progress(done, total)`` counts the games of all jobs."""
    return run_chunks(jobs, _play_chunk, executor, progress, workers, chunksize)


R = TypeVar("R")
J = TypeVar("J")


def run_chunks(
    jobs: Sequence[tuple[J, int]],
    play: Callable[[J, int, int], list[R]],
    executor: Executor | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
) -> list[list[R]]:
    """:func:`run_jobs` with other jobs and another way of playing a chunk of games:
    ``play(job, start, stop)`` returns what games ``start`` to ``stop - 1`` of the job came to
    (a module-level function and a picklable job, so that other processes can run them)."""
    n_workers = workers or cores()
    total = sum(games for _job, games in jobs)
    size = chunksize or default_chunksize(total, n_workers)
    chunks = [
        (k, job, a, min(a + size, games))
        for k, (job, games) in enumerate(jobs)
        for a in range(0, games, size)
    ]
    records: list[list[R]] = [[] for _ in jobs]
    if executor is None and n_workers == 1:
        done = 0
        for k, job, a, b in chunks:
            records[k].extend(play(job, a, b))
            done += b - a
            if progress is not None:
                progress(done, total)
        return records
    if executor is None:
        with process_pool(n_workers) as pool:
            try:
                return _run(pool, play, chunks, records, total, progress)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return _run(executor, play, chunks, records, total, progress)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what is left."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers ignore Ctrl-C (the caller stops them)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)


def _run(
    executor: Executor,
    play: Callable[[J, int, int], list[R]],
    chunks: list[tuple[int, J, int, int]],
    records: list[list[R]],
    total: int,
    progress: Progress | None,
) -> list[list[R]]:
    futures: list[Future[list[R]]] = [executor.submit(play, job, a, b) for _k, job, a, b in chunks]
    try:
        done = 0
        for fut in as_completed(futures):
            done += len(fut.result())
            if progress is not None:
                progress(done, total)
    except BaseException:
        for fut in futures:
            fut.cancel()
        raise
    for (k, _job, _a, _b), fut in zip(chunks, futures, strict=True):  # in game order
        records[k].extend(fut.result())
    return records


class ProgressBar:
    """A one-line progress bar on a terminal stream: ``[#####.....] 50% 500/1000 games ...``."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        elapsed = now - self.start
        eta = f", {elapsed / frac - elapsed:.0f} s left" if 0 < frac < 1 else ""
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {frac:4.0%} "
            f"{done}/{self.total} games, {elapsed:.0f} s{eta}   "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
