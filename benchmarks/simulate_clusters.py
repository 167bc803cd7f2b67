"""Throughput of ``simulate`` on 1 and 2 local workers: in this process, a process pool and a
local Dask cluster (and a local Ray instance where Ray is installed), and the overhead each adds
per game.

    python3 benchmarks/simulate_clusters.py                  # 400 greedy 4-player games a run
    python3 benchmarks/simulate_clusters.py --games 100 --rounds 1     # a rough look

Every run plays the same seeded games (they give the same summary everywhere: checked here);
the contenders take turns, round after round, so that a drift in the machine's load falls on
all alike, and the table gives the median of the rounds. The cluster is started before its
runs and its start is not timed: it is paid once per simulation, not per game (printed apart).
The overhead per game is the median time per game on one worker of an executor less the median
in this process, with the default chunks (at most 25 games a task) and with one game a task
(``--chunksize 1``: the cost of a task). These are measurements, never tests.
docs/simulate.md has the last table.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import platform
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from pathlib import Path

import fearsome_rules as fr
from fearsome_rules.tools.simulate import (
    Summary,
    cores,
    dask_cluster,
    process_pool,
    ray_cluster,
    simulate,
)

PLAYERS = 4
SEED = 1


@contextlib.contextmanager
def in_process(workers: int) -> Iterator[Executor | None]:
    yield None


@contextlib.contextmanager
def processes(workers: int) -> Iterator[Executor | None]:
    with process_pool(workers) as pool:
        yield pool


@contextlib.contextmanager
def dask(workers: int) -> Iterator[Executor | None]:
    with dask_cluster(None, workers) as cluster:
        yield cluster.executor


@contextlib.contextmanager
def ray(workers: int) -> Iterator[Executor | None]:
    with ray_cluster(None, workers) as cluster:
        yield cluster.executor


Start = Callable[[int], contextlib.AbstractContextManager[Executor | None]]


def contenders() -> list[tuple[str, int, Start]]:
    out: list[tuple[str, int, Start]] = [
        ("this process", 1, in_process),
        ("process pool", 1, processes),
        ("process pool", 2, processes),
    ]
    if importlib.util.find_spec("distributed"):
        out += [("Dask LocalCluster", 1, dask), ("Dask LocalCluster", 2, dask)]
    if importlib.util.find_spec("ray"):
        out += [("Ray, local", 1, ray), ("Ray, local", 2, ray)]
    return out


def run(
    start: Start, workers: int, games: int, chunksizes: list[int | None]
) -> tuple[float, list[tuple[float, Summary]]]:
    """Start the executor (timed apart), then play the games once per chunk size."""
    began = time.perf_counter()
    with start(workers) as executor:
        started = time.perf_counter() - began
        timed = []
        for chunksize in chunksizes:
            t = time.perf_counter()
            summary = simulate(
                games,
                PLAYERS,
                SEED,
                "greedy",
                executor=executor,
                workers=workers,
                chunksize=chunksize,
            )
            timed.append((time.perf_counter() - t, summary))
    return started, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games a run (default 400)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--json", type=Path, help="also write the raw runs as JSON")
    args = parser.parse_args()
    runs: dict[str, dict[str, list[float]]] = {}
    reference: Summary | None = None
    names = contenders()
    simulate(8, PLAYERS, SEED, "greedy", workers=1)  # warm up this process (imports, buffers)
    for r in range(args.rounds):
        for k in range(len(names)):
            name, workers, start = names[(k + r) % len(names)]
            chunks: list[int | None] = [None] if workers > 1 or start is in_process else [None, 1]
            started, timed = run(start, workers, args.games, chunks)
            key = f"{name}|{workers}"
            entry = runs.setdefault(key, {"start": [], "default": [], "one": []})
            entry["start"].append(started)
            for (seconds, summary), chunk in zip(timed, chunks, strict=True):
                entry["default" if chunk is None else "one"].append(seconds)
                reference = reference or summary
                assert summary == reference, f"{key}: another summary"
            print(f"round {r + 1}: {name}, {workers} worker(s): {timed[0][0]:.2f} s", flush=True)
    base = statistics.median(runs["this process|1"]["default"]) / args.games
    print(
        f"\n{args.games} greedy {PLAYERS}-player games a run, median of {args.rounds} rounds; "
        f"{'compiled' if fr.COMPILED else 'pure'} kernel, Python {platform.python_version()}, "
        f"{cores()} cores\n"
    )
    print("| executor | workers | games/s | ms a game | overhead a game | a task | start |")
    print("|---|---|---|---|---|---|---|")
    for key, entry in runs.items():
        name, count = key.split("|")
        per_game = statistics.median(entry["default"]) / args.games
        overhead = per_game - base if count == "1" and name != "this process" else None
        task = statistics.median(entry["one"]) / args.games - base if entry["one"] else None
        print(
            f"| {name} | {count} | {1 / per_game:,.1f} | {1000 * per_game:.1f} "
            f"| {'-' if overhead is None else f'{1000 * overhead:+.2f} ms'} "
            f"| {'-' if task is None else f'{1000 * task:+.2f} ms'} "
            f"| {statistics.median(entry['start']):.2f} s |"
        )
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2) + "\n")


if __name__ == "__main__":
    main()
