"""A PettingZoo training loop's skeleton on Fearsome Floors: one learner seat, the others the
engine's greedy bot.

    python examples/pettingzoo_loop.py --games 3 --players 3 --seed 1

Needs the ``pettingzoo`` extra (``pip install 'fearsome_rules[pettingzoo]'``). It is
PettingZoo's AEC loop: ``agent_iter``, ``last``, ``step``. The learner (``player_0``) picks
uniformly among the actions its ``action_mask`` allows, where a real agent would feed
``observation`` (34 board planes and 403 features, from its own seat) to its network; the other
seats play the engine's greedy bot through ``action_for``. The monster tiles are drawn inside
``step`` from the generator ``reset(seed=...)`` seeded. Prints each game's rewards.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

import numpy as np

import fearsome_rules as fr
from fearsome_rules.tools.adapters import observation, pettingzoo_env
from fearsome_rules.tools.adapters.returns import returns

PrintFn = Callable[[str], None]


def main(argv: Sequence[str] | None = None, say: PrintFn = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--setup", default="basic", choices=["basic", "advanced", "bsw"])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    env = pettingzoo_env.raw_env(players=args.players, setup=args.setup)
    rng = random.Random(args.seed)
    choose = np.random.default_rng(args.seed)

    def greedy(state: fr.GameState) -> fr.Action:
        if state.phase is fr.Phase.PLACEMENT:  # the engine's bots place tiles at random
            return fr.bots.random_placement(state, rng)
        return fr.bots.greedy_bot(state, rng)

    won = 0.0
    for g in range(args.games):
        env.reset(seed=args.seed + g)
        steps = 0
        for agent in env.agent_iter():
            seen, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                if agent == "player_0":
                    won += reward
                env.step(None)
                continue
            if agent == "player_0":
                assert seen is not None
                planes = observation.planes(seen["observation"])  # (34, 11, 16) for a network
                assert planes.shape == (34, 11, 16)
                action = int(choose.choice(np.flatnonzero(seen["action_mask"])))
            else:
                action = env.action_for(greedy)
            env.step(action)
            steps += 1
        rewards = returns(env.game_state)
        say(f"game {g + 1}: {steps} steps, rewards {' '.join(f'{r:+.2f}' for r in rewards)}")
    say(f"the learner (player_0) in {args.games} games: {won:+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
