"""The PettingZoo environment passes PettingZoo's own tests for AEC environments: the API
test, the seed test and the render test (the ``pettingzoo`` extra; skipped without it).

The others of ``pettingzoo.test`` do not apply: ``parallel_api_test``, ``parallel_seed_test``,
``max_cycles_test`` and ``state_test`` are for parallel environments (a turn-based game is not
one: ``is_parallelizable`` is False); ``bombardment_test`` takes ``step``'s return value as
the next observation, where the AEC API has ``step`` return None, and compares observations as
arrays, where a masked environment's is a dict; ``performance_benchmark`` only prints a speed
(benchmarks/adapters.py measures ours); ``manual_control_test`` is for pygame front-ends.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")

import numpy as np
from pettingzoo.test.api_test import api_test
from pettingzoo.test.render_test import render_test
from pettingzoo.test.seed_test import seed_test

import fearsome_rules as fr
from fearsome_rules.tools import bots
from fearsome_rules.tools.adapters import pettingzoo_env
from fearsome_rules.tools.adapters.returns import returns

DICT_OBSERVATION = {
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}
"""What api_test says of every environment whose observation is the dict of an observation and
an action mask, PettingZoo's own convention, unless the environment is one of its own."""


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2},
        {"players": 3, "setup": "advanced", "start_player": 1},
        {"players": 7, "setup": "bsw", "options": fr.RuleOptions(three_hits=True)},
    ],
    ids=["2-basic", "3-advanced", "7-bsw"],
)
def test_pettingzoos_api_test_passes(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(pettingzoo_env.env(**kwargs), num_cycles=200)
    assert {str(w.message) for w in said} <= DICT_OBSERVATION


def test_pettingzoos_seed_test_passes() -> None:
    """Two environments reset with one seed and given the same actions play the same game,
    tiles drawn inside ``step`` included."""
    seed_test(lambda: pettingzoo_env.env(players=4), num_cycles=100)
    seed_test(lambda: pettingzoo_env.env(players=3, setup="advanced"), num_cycles=60)


def test_pettingzoos_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        return pettingzoo_env.env(players=3, render_mode=render_mode)

    render_test(make)
    assert "round 1, stage 1" in capsys.readouterr().out  # human: the board, printed


def play(env: pettingzoo_env.raw_env, rng: random.Random) -> tuple[list[str], dict[str, float]]:
    """A whole game, every seat played by the engine's greedy bot: the tiles drawn (as
    ``player_0`` is told of them) and each agent's reward once it is over."""
    tiles: list[str] = []
    rewards: dict[str, float] = {}

    def greedy(state: fr.GameState) -> fr.Action:
        return bots.greedy_bot(state, rng)

    for agent in env.agent_iter():
        observation, reward, terminated, _, info = env.last()
        assert observation is not None
        if agent == "player_0":
            tiles += info["tiles"]
        if terminated:
            rewards[agent] = reward
            env.step(None)
            continue
        assert reward == 0.0  # rewards only at the end
        action = env.action_for(greedy)
        assert observation["action_mask"][action] == 1
        env.step(action)
    return tiles, rewards


def test_a_whole_game_rewards_at_the_end() -> None:
    env = pettingzoo_env.raw_env(players=3)
    env.reset(seed=5)
    tiles, rewards = play(env, random.Random(0))
    over = env.game_state
    assert over.phase is fr.Phase.OVER and not env.agents
    assert [rewards[a] for a in env.possible_agents] == returns(over)
    assert abs(sum(rewards.values())) < 1e-9
    assert len(tiles) == 7 * (over.stage - 1) + over.reveals  # every tile carried out


def test_the_seed_decides_the_tiles() -> None:
    games = []
    for seed in (1, 1, 2):
        env = pettingzoo_env.raw_env(players=2)
        env.reset(seed=seed)
        games.append(play(env, random.Random(9))[0])
    assert games[0] == games[1] != games[2]
    # DECK-FIRST, from the draws themselves: a game's first tile is never a hit tile
    first: Counter[str] = Counter()
    for seed in range(60):
        env = pettingzoo_env.raw_env(players=2)
        env.reset(seed=seed)
        while not env.infos[env.agent_selection]["tiles"]:
            env.step(env.legal.numbers[0])
        first[env.infos[env.agent_selection]["tiles"][0]] += 1
    assert set(first) <= {"5", "7", "8", "10"} and len(first) > 1


def test_only_the_agent_to_move_has_actions_and_illegal_ones_are_refused() -> None:
    env = pettingzoo_env.env(players=2)
    env.reset(seed=0)
    assert env.agent_selection == "player_0"
    mover = env.observe("player_0")
    waiter = env.observe("player_1")
    assert mover is not None and waiter is not None
    assert mover["action_mask"].sum() == len(fr.legal_moves(fr.new_game(2))) > 0
    assert waiter["action_mask"].sum() == 0
    assert not np.array_equal(mover["observation"], waiter["observation"])  # its own seat
    with pytest.raises(fr.ArgumentError, match="is not one of the"):
        env.step(2)
    with pytest.raises(fr.ArgumentTypeError):
        env.step("A5 p11")  # type: ignore[arg-type]
    with pytest.raises(fr.SetupError, match="render_mode"):
        pettingzoo_env.raw_env(render_mode="rgb_array")
