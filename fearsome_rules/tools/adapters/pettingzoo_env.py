"""Fearsome Floors as a PettingZoo AEC environment (the ``pettingzoo`` extra:
``pip install 'fearsome_rules[pettingzoo]'``).

``env(players=4, setup="basic")`` is the environment with PettingZoo's order-enforcing
wrapper; ``raw_env`` the class itself. Agents are ``player_0`` .. ``player_{n-1}``, one per
seat (A is ``player_0``). Each agent's observation is a dict: ``observation``, the position
seen from its seat (:mod:`fearsome_rules.tools.adapters.observation`: 34 board planes and 403
features in one float32 vector), and ``action_mask``, 1 at each legal action number of
:mod:`fearsome_rules.tools.adapters.action_encoding` for the agent to move (all 0 for the
others). The action space is ``Discrete(29644)``: figure moves, and tile placements in the
advanced and BSW setups.

Chance is inside ``step``: when every figure has moved, the monster tiles are drawn at once,
with their exact probabilities (``fr.chance_outcomes``), from the environment's own generator,
a ``random.Random`` seeded by ``reset(seed=...)`` (a reset without a seed goes on drawing from
the same generator; the first one seeds it from the system). The same seed and the same
actions give the same game. ``infos[agent]["events"]`` says nothing of the draw; the tiles
drawn since the agent's last turn are in ``infos[agent]["tiles"]``.

Rewards come once, when the game ends: the winner gets 1 and every other seat
``-1 / (players - 1)``; with no winner every seat gets 0 (:mod:`.returns`). An action that is
not legal raises ``fr.ArgumentError``.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from fearsome_rules.core.errors import SetupError
from fearsome_rules.core.game import apply, new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState, Phase
from fearsome_rules.formats.diagram import diagram
from fearsome_rules.tools.adapters import action_encoding as codes
from fearsome_rules.tools.adapters import observation as obs
from fearsome_rules.tools.adapters.returns import returns
from fearsome_rules.tools.bots import draw_tile

NAME: Final = "fearsome_floors_v0"
RENDER_MODES: Final = ("ansi", "human")
Observation = dict[str, Any]
ActionNumber = int | np.integer[Any]
"""What an agent passes to ``step``: an int, or one of numpy's (a space's sample is one)."""


class raw_env(AECEnv[str, Observation, ActionNumber]):
    """The AEC environment of one game of Fearsome Floors; see the module's docstring."""

    # AECEnv declares ``metadata`` as an attribute: PettingZoo reads it from the class.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "name": NAME,
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        setup: str = "basic",
        start_player: int = 0,
        options: RuleOptions | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # untyped_calls_exclude misses super()
        if render_mode not in (None, *RENDER_MODES):
            raise SetupError("render_mode", f"{render_mode!r}: one of ansi, human, or None")
        self.start: GameState = new_game(players, start_player, options, setup)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(0.0, 1.0, (obs.SIZE,), np.float32),
                    "action_mask": gymnasium.spaces.Box(0, 1, (codes.NUM_ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(codes.NUM_ACTIONS) for agent in self.possible_agents
        }
        self.rng: random.Random | None = None
        self.game_state = self.start
        self.legal = codes.LegalActions(self.start)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self.rng is None:
            self.rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {"tiles": []} for agent in self.agents}
        self._now(self.start)

    def _now(self, state: GameState) -> None:
        """Carry out the chance nodes from ``state`` on, then hand the turn on."""
        assert self.rng is not None
        tiles = []
        while state.phase is Phase.MONSTER:
            reveal = draw_tile(state, self.rng)
            tiles.append(reveal.tile)
            state = apply(state, reveal)
        self.game_state = state
        self.legal = codes.LegalActions(state)
        for agent in self.agents:
            self.infos[agent]["tiles"] = [*self.infos[agent]["tiles"], *tiles]
        if state.phase is Phase.OVER:
            self.rewards = dict(zip(self.agents, returns(state), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.to_move]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(codes.NUM_ACTIONS, np.int8)
        if agent == self.agent_selection and self.game_state.phase is not Phase.OVER:
            mask[self.legal.numbers] = 1
        return {
            "observation": obs.observe(self.game_state, seat),
            "action_mask": mask,
        }

    def step(self, action: ActionNumber | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # type: ignore[arg-type]  # None, as it wants
            return
        move = self.legal.action(action)  # type: ignore[arg-type]  # None: ArgumentTypeError
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent]["tiles"] = []
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._now(apply(self.game_state, move))
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def action_for(self, policy: codes.Policy) -> int:
        """The number of the action ``policy`` chooses for the agent to move: any function from
        the engine's state to its action (an engine bot, a search)."""
        return self.legal.number(policy(self.game_state))

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: ansi or human")
            return None
        text = diagram(self.game_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> AECEnv[str, Observation, ActionNumber]:
    """The environment, wrapped as PettingZoo's own environments are (order enforced)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
