"""Build the perft suites: positions, and the counts per depth from the engine *and* the naive
implementation. The file is written only if the two agree on every number.

    python tests/core/perft/make_suites.py      # writes tests/core/perft/suites.json

Each suite: a name, what it is for, a position string, and per depth [paths, states] (see
``fearsome_rules.core.perft``), plus a per-first-action breakdown ("divide") at the last depth.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # tests/: the naive implementation

from naive import game as ngame  # noqa: E402
from naive_adapter import to_naive  # noqa: E402

import fearsome_rules as fr  # noqa: E402
from fearsome_rules.tools.bots import draw_tile, runner_bot  # noqa: E402


def _played(players: int, seed: int, setup: str, until: object) -> fr.GameState:
    """A seeded game played by runner bots until ``until(state)`` holds."""
    rng = random.Random(seed)
    state = fr.new_game(players, 0, setup=setup)
    while not until(state):  # type: ignore[operator]
        if state.phase is fr.Phase.MONSTER:
            state = fr.apply(state, draw_tile(state, rng))
        elif state.phase is fr.Phase.PLACEMENT:
            state = fr.apply(state, rng.choice(list(fr.legal_placements(state))))
        else:
            state = fr.apply(state, runner_bot(state, rng))
    return state


def suites() -> list[tuple[str, str, fr.GameState, int]]:
    crowded = fr.position(
        4,
        figures={
            "A5": "h8",
            "A4": "h10",
            "B5": "d9",
            "B4": "i9",
            "C5": "e10",
            "C1": "h3",
            "D5": "k4",
            "D4": "i2",
            "A3": "j5",
            "B3": "k3",
        },
        faces={"A5": 5, "A4": 4, "B5": 5, "C5": 5, "D5": 5, "D4": 4},
        moved=["B3", "C1"],
        stones=["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"],
        monster="l2",
        facing="W",
        start_player=1,
        round=4,
        deck_left=["5", "7", "8", "8", "10"],
    )
    stones_round_pools = fr.position(
        3,
        figures={"A5": "j2", "A4": "k3", "B5": "d8", "B4": "h11", "C5": "c9", "C4": "k4"},
        stones=["i2", "h3", "k5", "j5", "d9", "i9", "g10", "h8", "f8", "e11", "n6"],
        monster="m9",
        facing="N",
        round=6,
        deck_left=["7", "8", "10"],
    )
    return [
        ("start-2", "the 2-player start (SET-*, RND-FIRST)", fr.new_game(2), 3),
        ("start-4", "the 4-player start", fr.new_game(4), 3),
        ("start-5", "the 5-player start: three figures each (SET-FIGURES)", fr.new_game(5), 3),
        ("start-7", "the 7-player start", fr.new_game(7), 3),
        (
            "stage-change",
            "the monster phase of round 7: the 7th tile of stage 1, then stage 2 (STAGE-ONE)",
            _played(4, 7, "basic", lambda s: s.phase is fr.Phase.MONSTER and s.reveals == 6),
            3,
        ),
        (
            "stage-two",
            "a stage-2 figure phase (STAGE-TWO: eaten figures are removed)",
            _played(3, 11, "basic", lambda s: s.stage == 2 and s.phase is fr.Phase.FIGURES),
            2,
        ),
        ("crowded-pools", "figures crowding both pools, stones beside them (POOL-*)", crowded, 2),
        (
            "stones-round-pools",
            "stones on and around the pools' exits, figures next to them (POOL-*, PUSH-*)",
            stones_round_pools,
            2,
        ),
        (
            "advanced-mid",
            "an advanced-game figure phase in round 3 (ADV-*)",
            _played(4, 3, "advanced", lambda s: s.round == 3 and s.phase is fr.Phase.FIGURES),
            2,
        ),
        (
            "advanced-monster",
            "an advanced-game monster phase (ADV-TURN*, ADV-TELEPORT*, ADV-CRYSTAL)",
            _played(5, 9, "advanced", lambda s: s.round == 4 and s.phase is fr.Phase.MONSTER),
            3,
        ),
    ]


def main() -> None:
    out = []
    for name, about, state, depth in suites():
        t0 = time.perf_counter()
        engine = [[line.paths, line.states] for line in fr.perft(state, depth)]
        t1 = time.perf_counter()
        naive = [list(x) for x in ngame.perft(to_naive(state), depth)]
        t2 = time.perf_counter()
        if engine != naive:
            sys.exit(f"{name}: engine {engine} but naive {naive}: not published")
        div_e = {k: [v.paths, v.states] for k, v in fr.divide(state, depth).items()}
        print(f"{name}: {engine}  engine {t1 - t0:.1f} s, naive {t2 - t1:.1f} s", flush=True)
        out.append(
            {
                "name": name,
                "about": about,
                "position": fr.position_string(state),
                "perft": engine,
                "divide": div_e,
            }
        )
    (HERE / "suites.json").write_text(json.dumps(out, indent=1) + "\n", "utf-8")


if __name__ == "__main__":
    main()
