"""Speed of the engine: the release before the kernel (the baseline), the pure build and the
compiled build, measured in one sitting, interleaved, each figure the median of several runs.

    python3 benchmarks/bench.py --setup      # once: install the baseline in .bench/baseline
    python3 benchmarks/bench.py              # measure and print the table (a few minutes)
    python3 benchmarks/bench.py --quick      # fewer runs, a rough table in under a minute

The baseline is commit 55f7de8 (the release before the Cython kernel), installed in its own
virtual environment; the pure build is this checkout with ``FEARSOME_RULES_PURE=1``; the
compiled build is this checkout as installed (``pip install -e .``). Every figure is taken in
a fresh process (``--worker``), the contenders in turn, round after round, so that a drift in
the machine's speed falls on all three alike; the table gives medians and the ratio of each
build's median to the baseline's. These are measurements, never tests: nothing here fails a
build. docs/performance.md has the method, the machine and the last table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE_COMMIT = "55f7de8"
BASELINE_ENV = ROOT / ".bench" / "baseline"
CONTENDERS = ("baseline", "pure", "compiled")

# --- the positions, built through the public API that every contender has ----------------------


def card8_position() -> Any:
    """The rulebook's basic monster example with the tile 8 (conformance case
    rulebook-monster-example-card-8): a pool slide, chain pushes, a figure pushed off the board
    and three figures eaten in 8 steps."""
    import fearsome_rules as fr

    everyone = [f"{s}{k}" for s in "ABCD" for k in (1, 3, 4, 5)]
    return fr.position(
        4,
        round=2,
        deck_left=["7", "7", "8", "8", "10", "1hit", "2hits"],
        moved=everyone,
        monster="f4",
        facing="W",
        stones=["c3", "m4", "h5", "i6", "n6", "g7", "e8", "c6", "o9", "f10", "i10"],
        pools=["i3", "j3", "i4", "j4", "e3", "e4", "e5", "e6"],
        figures={
            "A1": "f9",
            "B1": "g4",
            "C1": "d6",
            "D1": "d3",
            "A3": "d9",
            "B3": "b6",
            "C3": "a5",
            "D3": "e7",
        },
    )


def six_point_position() -> Any:
    """Mid-game and crowded: A1 shows 6 on h7, with figures and stones around it (743
    distinct results)."""
    import fearsome_rules as fr

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


def move_pairs(count: int, seed: int) -> list[tuple[Any, Any]]:
    """(state, legal figure move) pairs drawn from seeded random 4-player games."""
    import fearsome_rules as fr
    from fearsome_rules import bots

    rng = random.Random(seed)
    pairs: list[tuple[Any, Any]] = []
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


def deep_size(obj: object, seen: set[int] | None = None) -> int:
    """The bytes of an object and of everything it holds that is not a shared singleton."""
    seen = set() if seen is None else seen
    if id(obj) in seen or obj is None or isinstance(obj, (bool, type)):
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(deep_size(x, seen) for x in obj)
    for name in getattr(type(obj), "__slots__", ()):
        if hasattr(obj, name):
            size += deep_size(getattr(obj, name), seen)
    if hasattr(obj, "__dict__"):
        size += deep_size(vars(obj), seen)
    return size


# --- one measure, in a worker process -----------------------------------------------------------


def timed(fn: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``fn``, running it for about ``seconds``."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        took = time.perf_counter() - start
        if took > seconds:
            return n / took
        n *= 2 if took < seconds / 8 else max(2, int(seconds / max(took, 1e-9)))


def measure(name: str, seconds: float) -> dict[str, float]:
    """One measure in this process: a rate, or (for a list of positions) median and p99."""
    import fearsome_rules as fr
    from fearsome_rules import bots

    compiled = getattr(fr, "COMPILED", None)
    if name == "walk8":
        state, tile = card8_position(), fr.Reveal("8")
        return {"rate": timed(lambda: fr.apply(state, tile), seconds)}
    if name == "walk8_batch":
        from fearsome_rules.core.batch import walks

        state = card8_position()
        return {"rate": 1000 * timed(lambda: walks(state, "8", 1000), seconds)}
    if name == "moves":
        pairs = move_pairs(3000, 1)
        rate = timed(lambda: [fr.apply(s, m) for s, m in pairs], seconds)
        return {"rate": rate * len(pairs)}
    if name == "legal6":
        state = six_point_position()
        return {"rate": timed(lambda: fr.legal_moves(state, "A1"), seconds)}
    if name == "legal6_search":
        from fearsome_rules.core.moves import MoveSearch

        state = six_point_position()
        assert len(MoveSearch(state, "A1")) == len(fr.legal_moves(state, "A1"))
        return {"rate": timed(lambda: MoveSearch(state, "A1"), seconds)}
    if name in ("legal300", "legal300_search"):
        pairs = move_pairs(6000, 1)
        sixes = [
            (st, f.name)
            for st, _ in pairs
            for f in st.figures
            if f.owner == st.to_move and f.face == 6 and not f.moved and f.on_board
        ][:300]
        times = []
        find: Callable[[Any, str], object] = fr.legal_moves
        if name == "legal300_search":
            from fearsome_rules.core.moves import MoveSearch

            find = MoveSearch
        for _ in range(5):
            for st, figure in sixes:
                start = time.perf_counter()
                find(st, figure)
                times.append(time.perf_counter() - start)
        times.sort()
        return {
            "median": times[len(times) // 2],
            "p99": times[int(len(times) * 0.99)],
            "positions": len(sixes),
        }
    if name.startswith("games"):
        players = int(name[5:] or 4)

        def game(seed: list[int] = [0]) -> None:  # noqa: B006 (a counter across calls)
            seed[0] += 1
            for _ in bots.play(fr.new_game(players, 0), [bots.random_bot] * players, seed[0]):
                pass

        return {"rate": timed(game, seconds)}
    if name.startswith("playouts"):
        players = int(name[8:] or 4)
        state = fr.new_game(players, 0)
        return {"rate": 50 * timed(lambda: fr.playouts(state, 50, 1), seconds)}
    if name.startswith("steps"):
        return {"rate": timed(walk_of(int(name[5:])), seconds)}
    if name == "state_bytes":
        state = card8_position()
        own = deep_size(state)
        shared = deep_size(state.options) if compiled is None else deep_size(state.setting)
        return {"bytes": own, "without_shared": own - shared}
    raise SystemExit(f"unknown measure {name!r}")


def walk_of(steps: int) -> Callable[[], object]:
    """A walk of exactly ``steps`` steps from the card-8 position, one Python call per walk
    through each version's own walk (no tile has 1 to 20 steps, so this is below ``apply``):
    the baseline's ``monster.Walk``, the kernel's through ``batch.walk_steps``."""
    import fearsome_rules as fr

    state = card8_position()
    if getattr(fr, "COMPILED", None) is None:  # the baseline's monster.Walk
        from fearsome_rules import monster  # type: ignore[attr-defined]

        def old() -> object:
            walk = monster.Walk(list(state.cells), state.pool, state.options, None, "waiting", None)
            return walk.run(state.monster, state.facing, steps, 0)

        return old
    from fearsome_rules.core.batch import walk_steps

    def new() -> object:
        return walk_steps(state, steps, 1)

    return new


# --- the sitting --------------------------------------------------------------------------------

MEASURES = {
    "walk8": "8-step rulebook walk, apply(state, Reveal)",
    "walk8_batch": "the same walk, batch API (kernel form, 1,000 per call)",
    "moves": "figure moves applied, legality checked",
    "legal6": "all legal moves of a 6-point figure, crowded (743)",
    "legal300": "the same over 300 real positions",
    "legal6_search": "all legal moves of the 6-point figure found, MoveSearch (none named)",
    "legal300_search": "the same over 300 real positions, MoveSearch",
    "games4": "random 4-player games, public API",
    "playouts4": "random 4-player playouts, batch API",
    "state_bytes": "bytes of one state",
}
NEW_ONLY = ("walk8_batch", "playouts", "legal6_search", "legal300_search")


def python_of(contender: str) -> tuple[str, dict[str, str]]:
    env = dict(os.environ)
    env.pop("FEARSOME_RULES_PURE", None)
    if contender == "baseline":
        return str(BASELINE_ENV / "bin" / "python"), env
    if contender == "pure":
        env["FEARSOME_RULES_PURE"] = "1"
    return sys.executable, env


def run_worker(contender: str, name: str, seconds: float) -> dict[str, float]:
    python, env = python_of(contender)
    out = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", name, "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(ROOT / "benchmarks"),
        check=False,
    )
    if out.returncode:
        raise SystemExit(f"{contender} {name}: {out.stderr.strip().splitlines()[-1:]}")
    result: dict[str, float] = json.loads(out.stdout)
    return result


def setup_baseline() -> None:
    """Install commit 55f7de8 in .bench/baseline (a git archive, in its own venv)."""
    source = ROOT / ".bench" / "baseline-src"
    source.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", BASELINE_COMMIT], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive.stdout, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(BASELINE_ENV)], check=True)
    pip = [str(BASELINE_ENV / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, str(source)], check=True)
    print(f"baseline {BASELINE_COMMIT} installed in {BASELINE_ENV}")


def sitting(names: list[str], rounds: int, seconds: float) -> dict[str, dict[str, list[float]]]:
    """Every measure, ``rounds`` times, the contenders in turn (starting with a different one
    each round)."""
    results: dict[str, dict[str, list[float]]] = {}
    for r in range(rounds):
        for name in names:
            order = CONTENDERS[r % 3 :] + CONTENDERS[: r % 3]
            for contender in order:
                if contender == "baseline" and name.startswith(NEW_ONLY):
                    continue
                got = run_worker(contender, name, seconds)
                for key, value in got.items():
                    results.setdefault(f"{name}:{key}", {}).setdefault(contender, []).append(value)
        print(f"round {r + 1} of {rounds} done", file=sys.stderr)
    return results


def table(results: dict[str, dict[str, list[float]]]) -> str:
    def fmt(key: str, value: float) -> str:
        if key.endswith((":median", ":p99")):
            return f"{value * 1000:.3f} ms"
        if key.endswith(":bytes") or key.endswith(":without_shared"):
            return f"{value:,.0f} B"
        if key.endswith(":positions"):
            return f"{value:.0f}"
        return f"{value:,.0f}/s"

    lines = [
        "| measure | baseline | pure | compiled | pure / baseline | compiled / baseline |",
        "|---|---|---|---|---|---|",
    ]
    for key, by in results.items():
        name, what = key.split(":")
        if what == "positions":
            continue
        med = {c: statistics.median(v) for c, v in by.items()}
        label = MEASURES.get(name, name) + ("" if what == "rate" else f" ({what})")
        cells = [fmt(key, med[c]) if c in med else "-" for c in CONTENDERS]
        ratios = []
        for c in ("pure", "compiled"):
            if "baseline" in med and c in med and med["baseline"]:
                r = med[c] / med["baseline"]
                if what in ("median", "p99", "bytes", "without_shared"):
                    r = 1 / r  # smaller is better: the ratio says how many times smaller
                ratios.append(f"{r:.2f}x")
            else:
                ratios.append("-")
        lines.append(f"| {label} | " + " | ".join(cells + ratios) + " |")
    walk, batch = results.get("walk8:rate"), results.get("walk8_batch:rate")
    if walk and batch:  # the public walk against the walk itself (issue 31's target: 0.5)
        per = [
            f"{statistics.median(walk[c]) / statistics.median(batch[c]):.2f}"
            if c in walk and c in batch
            else "-"
            for c in CONTENDERS
        ]
        lines.append("| apply / batch per walk (target 0.5) | " + " | ".join(per) + " | - | - |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--setup", action="store_true", help="install the baseline and stop")
    parser.add_argument("--quick", action="store_true", help="1 round of short runs")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each measure (5)")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one run (0.5)")
    parser.add_argument("--only", nargs="*", help="these measures only")
    parser.add_argument("--scaling", action="store_true", help="also walk length and players")
    parser.add_argument("--json", metavar="FILE", help="also write the raw results")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(measure(args.worker, args.seconds)))
        return
    if args.setup:
        setup_baseline()
        return
    if not (BASELINE_ENV / "bin" / "python").exists():
        raise SystemExit("no baseline: run python3 benchmarks/bench.py --setup first")
    names = args.only or list(MEASURES)
    if args.scaling:
        names += [f"steps{n}" for n in (1, 2, 5, 10, 15, 20)]
        names += [f"games{p}" for p in range(2, 8)] + [f"playouts{p}" for p in range(2, 8)]
    rounds, seconds = (1, 0.2) if args.quick else (args.rounds, args.seconds)
    started = time.time()
    results = sitting(names, rounds, seconds)
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; {rounds} rounds of {seconds} s runs, medians; "
        f"{time.time() - started:.0f} s in all"
    )
    print(table(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
