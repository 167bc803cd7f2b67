"""Speed of the hot paths, on the basic layout. Run by hand: ``python benchmarks/bench.py``.

Targets (one core, CPython 3.11): an 8-step monster walk >= 25,000/s; figure moves applied with
legality checked >= 20,000/s; all legal moves of a 6-point figure mid-game <= 2 ms; random
4-player games >= 10/s. These are measurements, not tests: nothing here fails a build.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import fearsome_rules as fr
from fearsome_rules import bots


def _rate(fn: Callable[[], object], n: int) -> float:
    """Best of 5 runs of ``n`` calls, in calls per second."""
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, time.perf_counter() - t)
    return n / best


def walk_position() -> fr.GameState:
    """A mid-game monster phase: eight figures around the monster's row, the basic stones."""
    names = [f"{s}{k}" for s in "ABCD" for k in (1, 3, 4, 5)]
    placed = {
        "A5": "f6",
        "B4": "k6",
        "C3": "d2",
        "D1": "h9",
        "A4": "l2",
        "B3": "c7",
        "C5": "l4",
        "D4": "k11",
    }
    return fr.position(
        4,
        figures=placed,
        moved=names,
        monster="a6",
        facing="E",
        round=3,
        deck_left=["7", "7", "8", "10", "1hit", "2hits"],
    )


def move_pairs(count: int, seed: int) -> list[tuple[fr.GameState, fr.FigureMove]]:
    """(state, legal figure move) pairs drawn from seeded random 4-player games."""
    rng = random.Random(seed)
    pairs: list[tuple[fr.GameState, fr.FigureMove]] = []
    while len(pairs) < count:
        state = fr.new_game(4, rng.randrange(4))
        while state.phase is not fr.Phase.OVER and len(pairs) < count:
            if state.phase is fr.Phase.MONSTER:
                state = fr.apply(state, bots.draw_tile(state, rng))
                continue
            move = bots.random_bot(state, rng)
            pairs.append((state, move))
            state = fr.apply(state, move)
    return pairs


def six_point_position() -> fr.GameState:
    """Mid-game: A1 shows 6 on h7, with figures and stones around it."""
    names = [f"{s}{k}" for s in "ABCD" for k in (1, 3, 4, 5)]
    placed = {
        "A1": "h7",
        "B4": "j7",
        "C3": "h3",
        "D1": "e6",
        "A4": "k9",
        "B3": "f8",
        "C5": "l5",
        "D4": "g4",
        "A5": "j10",
        "B5": "c5",
    }
    moved = [n for n in names if n not in ("A1", "A3")]
    return fr.position(
        4,
        figures=placed,
        faces={"A1": 6},
        moved=moved,
        monster="m2",
        facing="W",
        round=3,
        deck_left=["7", "7", "8", "10", "1hit", "2hits"],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()

    s = walk_position()
    reveal = fr.Reveal("8")
    rate = _rate(lambda: fr.apply(s, reveal), 5000)
    print(f"monster walk (8 steps, full transition): {rate:,.0f} walks/s   (target >= 25,000)")

    pairs = move_pairs(5000, 1)
    t_best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for st, mv in pairs:
            fr.apply(st, mv)
        t_best = min(t_best, time.perf_counter() - t)
    print(
        f"figure moves applied, legality checked: {len(pairs) / t_best:,.0f} moves/s   "
        "(target >= 20,000)"
    )

    s6 = six_point_position()
    moves = fr.legal_moves(s6, "A1")
    per = 1000 / _rate(lambda: fr.legal_moves(s6, "A1"), 200)
    print(
        f"legal moves of a 6-point figure mid-game: {len(moves)} moves in {per:.3f} ms   "
        "(target <= 2 ms)"
    )

    sixes = [
        (st, f.name)
        for st, _ in pairs
        for f in st.figures
        if f.owner == st.to_move and f.face == 6 and not f.moved and f.where >= 0
    ][:300]
    times = []
    for st, name in sixes:
        t = time.perf_counter()
        fr.legal_moves(st, name)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    print(
        f"  ... over {len(times)} 6-point figures from random games: median "
        f"{times[len(times) // 2]:.3f} ms, p99 {times[int(len(times) * 0.99)]:.3f} ms, "
        f"max {times[-1]:.3f} ms (a rare max of 10+ ms is a garbage-collector pause)"
    )

    t = time.perf_counter()
    actions = 0
    for seed in range(args.games):
        for _ in bots.play(fr.new_game(4, seed % 4), [bots.random_bot] * 4, seed):
            actions += 1
    dt = time.perf_counter() - t
    print(
        f"random 4-player games: {args.games / dt:,.1f} games/s ({actions / args.games:.0f} "
        "actions per game)   (target >= 10)"
    )


if __name__ == "__main__":
    main()
