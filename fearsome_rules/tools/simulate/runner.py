"""Running many games of a simulation: in chunks through any
:class:`concurrent.futures.Executor` (a process pool on every core by default), with a progress
bar for the terminal."""

from __future__ import annotations

import math
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
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
from fearsome_rules.tools.simulate.summary import Summary, Totals

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
    totals = Totals(job)
    for _k, _start, records in stream_chunks(
        [(job, games)], _play_chunk, executor, progress, workers, chunksize
    ):
        for record in records:
            totals.add(record)
    return totals.summary()


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

IN_FLIGHT = 4
"""Chunks handed to each worker at a time: enough to keep it busy, few enough that what waits
(and what is kept of it) does not grow with the number of games."""


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
    parts: list[dict[int, list[R]]] = [{} for _ in jobs]
    for k, start, results in stream_chunks(jobs, play, executor, progress, workers, chunksize):
        parts[k][start] = results
    return [[r for _start, rs in sorted(part.items()) for r in rs] for part in parts]


def stream_chunks(
    jobs: Sequence[tuple[J, int]],
    play: Callable[[J, int, int], list[R]],
    executor: Executor | None = None,
    progress: Progress | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
) -> Iterator[tuple[int, int, list[R]]]:
    """Each chunk's results as it finishes: (the job's index, its first game, what its games
    came to). At most :data:`IN_FLIGHT` chunks per worker are handed out at a time, so that
    memory does not grow with the number of games; the caller sums up as results come."""
    n_workers = workers or cores()
    total = sum(games for _job, games in jobs)
    size = chunksize or default_chunksize(total, n_workers)
    chunks = (
        (k, job, a, min(a + size, games))
        for k, (job, games) in enumerate(jobs)
        for a in range(0, games, size)
    )
    done = 0
    if executor is None and n_workers == 1:
        for k, job, a, b in chunks:
            yield k, a, play(job, a, b)
            done += b - a
            if progress is not None:
                progress(done, total)
        return
    if executor is None:
        with process_pool(n_workers) as pool:
            try:
                yield from _stream(pool, play, chunks, n_workers, total, progress)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
        return
    yield from _stream(executor, play, chunks, n_workers, total, progress)


def _stream(
    executor: Executor,
    play: Callable[[J, int, int], list[R]],
    chunks: Iterator[tuple[int, J, int, int]],
    workers: int,
    total: int,
    progress: Progress | None,
) -> Iterator[tuple[int, int, list[R]]]:
    pending: dict[Future[list[R]], tuple[int, int]] = {}
    done = 0

    def hand_out() -> None:
        while len(pending) < IN_FLIGHT * workers:
            chunk = next(chunks, None)
            if chunk is None:
                return
            k, job, a, b = chunk
            pending[executor.submit(play, job, a, b)] = (k, a)

    try:
        hand_out()
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                k, a = pending.pop(fut)
                results = fut.result()
                done += len(results)
                if progress is not None:
                    progress(done, total)
                yield k, a, results
            hand_out()
    except BaseException:
        for fut in pending:
            fut.cancel()
        raise


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what is left."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers ignore Ctrl-C (the caller stops them)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)


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
