"""Write the files of release 0.1.0 (commit 55f7de8) that test_release_files.py reads back.

Run it with release 0.1.0 installed, outside the repository (so that this checkout's package
is not the one imported), for example after ``python3 benchmarks/bench.py --setup``:

    cd /tmp && REPO/.bench/baseline/bin/python REPO/tests/formats/release_0_1/make_files.py

It plays seeded games with the release's own bots and saves, for each, the game record, a
record started mid-game (from a position string) and the JSON of every tenth state and of the
last.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import fearsome_rules as fr
from fearsome_rules import bots

HERE = Path(__file__).resolve().parent
GAMES = [  # (name, players, setup, options)
    ("basic-4", 4, "basic", {}),
    ("basic-7-three-hits", 7, "basic", {"three_hits": "true"}),
    ("advanced-3", 3, "advanced", {"finish_round": "true", "reentry": "mandatory"}),
    ("bsw-2", 2, "bsw", {"monster_slide_figure": "eat"}),
]


def main() -> None:
    assert not hasattr(fr, "COMPILED"), "run this with release 0.1.0, not this checkout"
    for name, players, setup, changes in GAMES:
        options = fr.RuleOptions()
        for option, value in changes.items():
            options = options.with_option(option, value)
        rng = random.Random(len(name))
        state = fr.new_game(players, 0, options, setup)
        first = state
        actions: list[fr.Action] = []
        states = {}
        states_at = [state]
        while state.phase is not fr.Phase.OVER:
            if state.phase is fr.Phase.MONSTER:
                action: fr.Action = bots.draw_tile(state, rng)
            elif state.phase is fr.Phase.PLACEMENT:
                action = bots.random_placement(state, rng)
            else:
                action = bots.greedy_bot(state, rng)
            actions.append(action)
            state = fr.apply(state, action)
            states_at.append(state)
            if len(actions) % 10 == 0:
                states[len(actions)] = fr.state_to_json(state)
        states[len(actions)] = fr.state_to_json(state)
        record = fr.GameRecord.of(first, actions)
        mid = fr.GameRecord.of(states_at[len(actions) // 2], actions[len(actions) // 2 :])
        (HERE / f"{name}.mid.record.json").write_text(mid.dumps() + "\n", "utf-8")
        (HERE / f"{name}.record.json").write_text(record.dumps() + "\n", "utf-8")
        (HERE / f"{name}.states.json").write_text(
            json.dumps({str(k): v for k, v in states.items()}, indent=1) + "\n", "utf-8"
        )
        print(name, len(actions), "actions,", len(states), "states")


if __name__ == "__main__":
    main()
