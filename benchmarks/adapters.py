"""Speed of the adapters: steps a second through OpenSpiel and PettingZoo, against the engine's
own public API, each figure the median of several runs (run by hand; nothing here is a test).

    python3 benchmarks/adapters.py                  # 5 rounds of 2 s runs, 4 players (a minute)
    python3 benchmarks/adapters.py --rounds 3 --seconds 1 --players 2

Needs both extras (``pip install -e '.[openspiel,pettingzoo]'``). A step is one action of the
game, chance outcomes (the monster tiles) included; every measure plays whole random games in
a loop (uniformly among the legal actions, tiles by their probabilities), so that the mix of
positions is the same for all. The measures run in turn, round after round, so that a drift in
the machine's speed falls on all alike. docs/adapters.md has the last table.

- ``engine``: ``fr.legal_actions``, one drawn, ``fr.apply`` (the public API, no numbering);
- ``encoding``: the same with ``LegalActions`` (every legal result numbered) and its inverse;
- ``openspiel``: ``state.legal_actions()``, ``state.chance_outcomes()``, ``apply_action``;
- ``openspiel+obs``: the same, and the observation of the player to move each step (numpy, by
  ``open_spiel.python.observation.make_observation``);
- ``pettingzoo``: the AEC loop, ``env.last()`` (observation and action mask) and ``env.step``
  (the tiles it draws inside count as steps);
- ``pettingzoo-noobs``: the same with ``env.last(observe=False)`` and the mask from the env.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import platform
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import fearsome_rules as fr
from fearsome_rules.tools.adapters import openspiel_game, pettingzoo_env
from fearsome_rules.tools.adapters.action_encoding import LegalActions

Runner = Callable[[float], int]
"""Plays for about the given seconds; returns how many steps it made."""


def engine(players: int, with_numbers: bool) -> Runner:
    rng = random.Random(1)

    def run(seconds: float) -> int:
        steps, end = 0, time.perf_counter() + seconds
        state = fr.new_game(players)
        while time.perf_counter() < end:
            if state.phase is fr.Phase.OVER:
                state = fr.new_game(players)
            if state.phase is fr.Phase.MONSTER:
                action: fr.Action = fr.bots.draw_tile(state, rng)
            elif with_numbers:
                legal = LegalActions(state)
                action = legal.action(rng.choice(legal.numbers))
            else:
                action = rng.choice(fr.legal_actions(state))
            state = fr.apply(state, action)
            steps += 1
        return steps

    return run


def openspiel(players: int, observe: bool) -> Runner:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": players})
    rng = np.random.default_rng(1)
    observation = make_observation(game)  # a numpy tensor filled in place

    def run(seconds: float) -> int:
        steps, end = 0, time.perf_counter() + seconds
        state = game.new_initial_state()
        while time.perf_counter() < end:
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=chances)))
            else:
                if observe:
                    observation.set_from(state, state.current_player())
                state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps

    return run


def pettingzoo(players: int, observe: bool) -> Runner:
    env = pettingzoo_env.raw_env(players=players)
    rng = np.random.default_rng(1)

    def run(seconds: float) -> int:
        steps, end = 0, time.perf_counter() + seconds
        seed = 0
        env.reset(seed=seed)
        while time.perf_counter() < end:
            if not env.agents:
                seed += 1
                env.reset(seed=seed)
            seen, _, terminated, _, _ = env.last(observe)
            if terminated:
                env.step(None)
                continue
            agent = env.agent_selection
            legal = env.legal.numbers if seen is None else np.flatnonzero(seen["action_mask"])
            env.step(int(rng.choice(legal)))
            steps += 1 + len(env.infos[agent]["tiles"])  # and the tiles drawn inside the step
        return steps

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    measures: dict[str, Runner] = {
        "engine": engine(args.players, with_numbers=False),
        "encoding": engine(args.players, with_numbers=True),
        "openspiel": openspiel(args.players, observe=False),
        "openspiel+obs": openspiel(args.players, observe=True),
        "pettingzoo": pettingzoo(args.players, observe=True),
        "pettingzoo-noobs": pettingzoo(args.players, observe=False),
    }
    rates: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.rounds):
        for name, run in measures.items():
            start = time.perf_counter()
            steps = run(args.seconds)
            rates[name].append(steps / (time.perf_counter() - start))
    versions = ", ".join(
        f"{p} {importlib.metadata.version(p)}" for p in ("open_spiel", "pettingzoo", "gymnasium")
    )
    build = "compiled" if fr.COMPILED else "pure"
    print(
        f"{args.players} players, {build} build, Python {platform.python_version()}, {versions}; "
        f"{args.rounds} rounds of {args.seconds} s runs, medians"
    )
    print("| measure | steps/s (median) | slowest run | fastest run |")
    print("|---|---|---|---|")
    for name, values in rates.items():
        median, low, high = statistics.median(values), min(values), max(values)
        print(f"| {name} | {median:,.0f} | {low:,.0f} | {high:,.0f} |")


if __name__ == "__main__":
    main()
