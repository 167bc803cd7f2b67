"""OpenSpiel's MCTS plays Fearsome Floors against the engine's greedy bot.

    python examples/openspiel_mcts.py --games 2 --simulations 20 --seed 1

Needs the ``openspiel`` extra (``pip install 'fearsome_rules[openspiel]'``). Importing
``fearsome_rules.tools.adapters.openspiel_game`` registers the game with OpenSpiel as
``fearsome_floors``; from there on it is OpenSpiel's own API: ``pyspiel.load_game``, its bots,
``pyspiel.evaluate_bots`` (which draws the monster tiles at the chance nodes). Seat A is
OpenSpiel's ``MCTSBot`` (random rollouts); the other seats are the engine's greedy bot, which
``PolicyBot`` turns into an OpenSpiel bot. Prints each game's returns and MCTS's total.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import fearsome_rules as fr
from fearsome_rules.tools.adapters import openspiel_game

PrintFn = Callable[[str], None]


def main(argv: Sequence[str] | None = None, say: PrintFn = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--setup", default="basic", choices=["basic", "advanced", "bsw"])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = pyspiel.load_game("fearsome_floors", {"players": args.players, "setup": args.setup})
    rng = random.Random(args.seed)
    numbers = np.random.RandomState(args.seed)

    def greedy(state: fr.GameState) -> fr.Action:
        if state.phase is fr.Phase.PLACEMENT:  # the engine's bots place tiles at random
            return fr.bots.random_placement(state, rng)
        return fr.bots.greedy_bot(state, rng)

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers)
    searcher = mcts.MCTSBot(
        game, uct_c=2, max_simulations=args.simulations, evaluator=evaluator, random_state=numbers
    )
    players = [searcher] + [openspiel_game.PolicyBot(p, greedy) for p in range(1, args.players)]
    total = 0.0
    for g in range(args.games):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), players, args.seed + g)
        total += returns[0]
        say(f"game {g + 1}: returns {' '.join(f'{r:+.2f}' for r in returns)}")
    say(f"MCTS (seat A) in {args.games} games: {total:+.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
