"""The pure build's walk against a tight pure-Python walk of the same position (issue 33's
yardstick: the public ``apply`` of a reveal at least 0.5x of it).

    python3 benchmarks/pure_walk.py              # pure build: medians of 101 runs, the ratio
    python3 benchmarks/pure_walk.py --compiled   # the compiled build against the same yardstick

The tight walk is the one the speed notes describe: a flat ``list[int]`` board indexed by
square, precomputed neighbour, re-entry and ray tables, one Python int as the sight bitboard
(one bit a square, kept up to date at every write), nothing allocated per step. It knows only
what the rulebook's 8-step walk (bench.py's ``card8_position``) needs under the default options
(no turning stones, no teleporters) and is a yardstick, never a second engine: before timing,
it must reach the engine's end position on that walk (asserted). The two are timed in turn,
round after round, so that the machine's drift falls on both alike. A measurement, never a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

if "--compiled" not in sys.argv:  # before the engine is imported: which kernel it loads
    os.environ["FEARSOME_RULES_PURE"] = "1"

from bench import card8_position, timed

import fearsome_rules as fr
from fearsome_rules.core import board

OFF = board.OFF
NB: list[int] = [board.NEIGHBOUR[sq][d] for sq in range(board.CELLS) for d in range(4)]
"""NB[sq * 4 + d]: the square towards d, or OFF."""
WRAP: list[int] = list(board.WRAP)
BIT: list[int] = [1 << sq for sq in range(board.CELLS)]
RAY: list[int] = [
    sum(BIT[t] for t in board.RAY[sq][d]) for sq in range(board.CELLS) for d in range(4)
]
"""RAY[sq * 4 + d]: the bits of the squares from sq towards d up to the wall."""
LOOKS = tuple((d, (d + 3) & 3, (d + 1) & 3) for d in range(4))
"""LOOKS[facing]: ahead, left and right."""
SHIFT = (4, 0, 4, 0)  # a distance along a column is the index difference over 16
STONE = board.STONE  # a stone's cell code; a figure's is its index + 1, 0 is empty
WAITING = board.WAITING  # where a figure eaten in stage 1 goes


class TightWalk:
    """The rulebook walk's rules, written for speed under CPython and nothing else."""

    def __init__(self, state: fr.GameState) -> None:
        self.start = [STONE if board.is_stone(v) else v for v in state.cells]
        self.pool = list(state.pool)
        self.where = [f.where for f in state.figures]
        self.monster, self.facing = state.monster, state.facing
        self.start_occ = sum(BIT[sq] for sq, v in enumerate(self.start) if v)
        self.occ = 0
        self.pushed = 0
        self.cells: list[int] = []
        self.places: list[int] = []

    def run(self, steps: int) -> None:
        """Walk ``steps`` steps from the start position (MON-STEP: a look before each move and
        one after the last)."""
        self.cells = self.start[:]
        self.places = self.where[:]
        self.occ = self.start_occ
        pos, facing = self.monster, self.facing
        for _ in range(steps):
            facing = self.look(pos, facing)
            pos, facing = self.move(pos, facing)
        self.monster, self.facing = pos, self.look(pos, facing)

    def look(self, pos: int, facing: int) -> int:
        """The strictly nearest figure ahead, left or right turns the monster; else it keeps
        its facing (MON-CHOOSE)."""
        cells, occ = self.cells, self.occ
        best, best_d, tie = 99, facing, False
        for d in LOOKS[facing]:
            seen = occ & RAY[pos * 4 + d]
            if seen:
                t = (seen & -seen).bit_length() - 1 if d == 1 or d == 2 else seen.bit_length() - 1
                if cells[t] != STONE:
                    dist = abs(t - pos) >> SHIFT[d]
                    if dist < best:
                        best, best_d, tie = dist, d, False
                    elif dist == best:
                        tie = True
        return facing if tie else best_d

    def move(self, pos: int, facing: int) -> tuple[int, int]:
        """One step: through a wall, onto a piece (eat or push), across a pool."""
        cells, pool = self.cells, self.pool
        self.pushed = 0
        target = NB[pos * 4 + facing]
        if target == OFF:
            target = WRAP[pos]
            if cells[target]:
                self.enter(target, facing, pos, True, False)
        elif cells[target]:
            self.enter(target, facing, pos, False, False)
        pos = target
        while pool[pos]:
            nxt = NB[pos * 4 + facing]
            wrapped = nxt == OFF
            if wrapped:
                nxt = WRAP[pos]
            if cells[nxt]:
                self.enter(nxt, facing, pos, wrapped, True)
            pos = nxt
        return pos, facing

    def enter(self, sq: int, d: int, monster: int, via_wall: bool, sliding: bool) -> None:
        cells = self.cells
        v = cells[sq]
        if v != STONE:
            bit = 1 << v
            if not self.pushed & bit and (via_wall or not (sliding and self.pool[sq])):
                cells[sq] = 0
                self.occ ^= BIT[sq]
                self.places[v - 1] = WAITING
                return
            self.pushed |= bit
        cells, pool, places = self.cells, self.pool, self.places
        last = sq
        nxt = NB[sq * 4 + d]
        while nxt != OFF and cells[nxt]:
            last, nxt = nxt, NB[nxt * 4 + d]
        back = (d + 2) & 3
        s = last
        occ = self.occ
        while True:
            piece = cells[s]
            cells[s] = 0
            occ ^= BIT[s]
            dest = NB[s * 4 + d]
            if dest == OFF:
                if piece != STONE:
                    places[piece - 1] = WAITING
            else:
                while pool[dest]:  # a pushed piece slides on over the pool
                    beyond = NB[dest * 4 + d]
                    if beyond == OFF or beyond == monster or cells[beyond]:  # noqa: SIM109
                        break
                    dest = beyond
                if piece == STONE and (dest == board.EXIT or dest == board.ENTRANCE):
                    pass  # a stone pushed onto a corner is removed
                else:
                    cells[dest] = piece
                    occ |= BIT[dest]
                    if piece != STONE:
                        places[piece - 1] = dest
            if s == sq:
                break
            s = NB[s * 4 + back]
        self.occ = occ


def check_same_end(state: fr.GameState, tight: TightWalk) -> None:
    """The yardstick must walk the engine's walk: the same cells, monster and places after."""
    after = fr.apply(state, fr.Reveal("8"))
    tight.run(8)
    engine_cells = [STONE if board.is_stone(v) else v for v in after.cells]
    assert tight.cells == engine_cells, "the tight walk ends on other cells than the engine"
    assert (tight.monster, tight.facing) == (after.monster, after.facing), "another monster end"
    assert tight.places == [f.where for f in after.figures], "other figure places"
    tight.monster, tight.facing = state.monster, state.facing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compiled", action="store_true", help="time the compiled build")
    parser.add_argument("--rounds", type=int, default=101, help="runs of each (101)")
    parser.add_argument("--seconds", type=float, default=0.05, help="length of one run (0.05)")
    args = parser.parse_args()
    if args.compiled != fr.COMPILED:
        raise SystemExit(f"asked for the {'compiled' if args.compiled else 'pure'} build")
    state, tile = card8_position(), fr.Reveal("8")
    tight = TightWalk(state)
    check_same_end(state, tight)
    contenders: dict[str, Callable[[], object]] = {
        "tight": lambda: tight.run(8),
        "apply": lambda: fr.apply(state, tile),
    }
    # Short runs in turn, many rounds: on a loaded machine a load swing then falls on both.
    calls = {name: max(1, int(timed(fn, 0.2) * args.seconds)) for name, fn in contenders.items()}
    rates: dict[str, list[float]] = {name: [] for name in contenders}
    for r in range(args.rounds):
        for name in sorted(contenders, reverse=r % 2 == 1):
            fn, n = contenders[name], calls[name]
            start = time.perf_counter()
            for _ in range(n):
                fn()
            rates[name].append(n / (time.perf_counter() - start))
    tight_rate = statistics.median(rates["tight"])
    apply_rate = statistics.median(rates["apply"])
    build = "compiled" if fr.COMPILED else "pure"
    print(
        f"Python {platform.python_version()}, {build} build; {args.rounds} rounds of "
        f"{args.seconds} s runs, interleaved, medians"
    )
    print(f"tight pure-Python walk:  {tight_rate:10,.0f} walks/s")
    print(f"apply(state, Reveal 8): {apply_rate:10,.0f} walks/s")
    print(f"ratio apply / tight:     {apply_rate / tight_rate:10.2f}x (issue 33's target: 0.5x)")


if __name__ == "__main__":
    main()
