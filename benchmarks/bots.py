"""Time per move of the search bot at a few node budgets, and of the greedy bot, over positions
of seeded games.

    python3 benchmarks/bots.py                 # 2 and 4 players, 10, 50 and 200 nodes
    python3 benchmarks/bots.py --positions 20  # fewer positions, a rough look

The positions are every figure-phase position of seeded greedy games (the first ``--positions``
of them, spread over the games); each bot chooses in each, and the table gives the median and
the 90th percentile of its time per move. These are measurements, never tests. docs/bots.md
has the last table.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import fearsome_rules as fr
from fearsome_rules.tools.bots import Budget, choose, draw_tile, greedy_bot


def positions(players: int, count: int) -> list[fr.GameState]:
    """Every ``k``-th figure-phase position of seeded greedy games, ``count`` in all."""
    found: list[fr.GameState] = []
    game = 0
    while len(found) < count * 5:
        rng = random.Random(game)
        state = fr.new_game(players)
        while state.phase is not fr.Phase.OVER:
            if state.phase is fr.Phase.MONSTER:
                state = fr.apply(state, draw_tile(state, rng))
                continue
            found.append(state)
            state = fr.apply(state, greedy_bot(state, rng))
        game += 1
    return found[:: len(found) // count][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=100, help="positions (default 100)")
    parser.add_argument("--nodes", default="10,50,200", help="node budgets (default 10,50,200)")
    args = parser.parse_args()
    budgets = [int(n) for n in args.nodes.split(",")]
    print(
        f"{'compiled' if fr.COMPILED else 'pure'} kernel, Python {platform.python_version()}; "
        f"{args.positions} positions of greedy games per player count\n"
    )
    print("| players | bot | median ms a move | 90th percentile |")
    print("|---|---|---|---|")
    for players in (2, 4):
        states = positions(players, args.positions)
        for bot, budget in [("greedy", None), *[(f"search:{n}", n) for n in budgets]]:
            times = []
            for k, state in enumerate(states):
                t = time.perf_counter()
                if budget is None:
                    choose(state, bot="greedy", seed=k)
                else:
                    choose(state, Budget(nodes=budget), seed=k)
                times.append(1000 * (time.perf_counter() - t))
            p90 = statistics.quantiles(times, n=10)[-1]
            print(f"| {players} | {bot} | {statistics.median(times):.1f} | {p90:.1f} |", flush=True)


if __name__ == "__main__":
    main()
