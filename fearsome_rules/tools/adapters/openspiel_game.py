"""Fearsome Floors as an OpenSpiel game: ``pyspiel.load_game("fearsome_floors")``.

Importing this module registers the game with ``pyspiel`` (the ``openspiel`` extra:
``pip install 'fearsome_rules[openspiel]'``). Parameters: ``players`` (2 to 7, default 2),
``setup`` (``basic``, ``advanced`` or ``bsw``), ``start_player`` (the seat that starts, or
places first) and ``options`` (rule options as ``name:value`` pairs joined by ``+``, e.g.
``"three_hits:true+finish_round:true"``: OpenSpiel's game strings keep ``=`` and ``,`` for
themselves)::

    game = pyspiel.load_game("fearsome_floors", {"players": 4, "setup": "advanced"})

Player ``i`` is seat ``i`` (A is 0). Figure moves and placements are the numbers of
:mod:`fearsome_rules.tools.adapters.action_encoding`; the monster's tiles are chance nodes whose
outcomes (the tile's index in ``fr.deck.TILES``) carry ``fr.chance_outcomes``' exact
probabilities. Returns come at the end from ``fr.outcome``: the winner gets 1 and every other
seat ``-1 / (players - 1)``; with no winner (or ``no_escape_result=shared``) everyone gets 0,
so the game is zero-sum for any number of players.

The game has perfect information, and its position is Markov (it holds everything the rest of
the game depends on), so the observation and the information-state tensors are the position
seen from the player's seat (:mod:`fearsome_rules.tools.adapters.observation`); the
observation string is the board diagram, the information-state string the game's actions so
far in notation (perfect recall).
"""

from __future__ import annotations

from typing import Any, Final

import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from fearsome_rules.core import deck
from fearsome_rules.core.errors import SetupError, quote
from fearsome_rules.core.game import apply, new_game
from fearsome_rules.core.layout import tiles_for
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState, Phase, kinds_for
from fearsome_rules.formats.diagram import diagram
from fearsome_rules.tools.adapters import action_encoding as codes
from fearsome_rules.tools.adapters import observation as obs
from fearsome_rules.tools.adapters.returns import returns

SHORT_NAME: Final = "fearsome_floors"
DEFAULTS: Final[dict[str, Any]] = {"players": 2, "setup": "basic", "start_player": 0, "options": ""}

GAME_TYPE: Final = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Fearsome Floors (fearsome_rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=7,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def rule_options(text: str) -> RuleOptions:
    """Rule options from ``name:value`` pairs joined by ``+`` (SetupError naming a bad one)."""
    opts = RuleOptions()
    for pair in filter(None, (p.strip() for p in text.split("+"))):
        name, colon, value = pair.partition(":")
        if not colon:
            raise SetupError("options", f"{quote(pair)}: write name:value, joined by +")
        opts = opts.with_option(name.strip(), value.strip())
    return opts


def max_game_length(players: int, setup: str) -> int:
    """The most actions a game can have, chance outcomes included: every tile placed, then at
    most 14 rounds of one move per figure and one tile (END-BOUND)."""
    return len(tiles_for(setup)) + 14 * (players * len(kinds_for(players)) + 1)


class FearsomeFloorsGame(pyspiel.Game):  # type: ignore[misc]
    """The game with its parameters; its states wrap ``fr.GameState``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        players = int(given["players"])
        self.start = new_game(
            players, int(given["start_player"]), rule_options(str(given["options"])), given["setup"]
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=codes.NUM_ACTIONS,
            max_chance_outcomes=codes.NUM_CHANCE_OUTCOMES,
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(players, self.start.setup),
        )
        super().__init__(GAME_TYPE, info, given)

    def new_initial_state(self) -> FearsomeFloorsState:
        return FearsomeFloorsState(self, Now(self.start, ()))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return PositionObserver(history=False)
        if iig_obs_type.public_info:
            return PositionObserver(history=True)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)  # nothing is private


class Now:
    """A state's position, the actions so far in notation, and its legal actions once asked:
    immutable, so OpenSpiel's clones (a deep copy of the state's attributes) share it."""

    def __init__(self, game_state: GameState, history: tuple[str, ...]) -> None:
        self.game_state = game_state
        self.history = history
        self.legal: codes.LegalActions | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> Now:
        return self

    def legal_actions(self) -> codes.LegalActions:
        if self.legal is None:
            self.legal = codes.LegalActions(self.game_state)
        return self.legal


class FearsomeFloorsState(pyspiel.State):  # type: ignore[misc]
    """A position of the game, as OpenSpiel sees it."""

    def __init__(self, game: FearsomeFloorsGame, now: Now) -> None:
        super().__init__(game)
        self.now = now

    @property
    def game_state(self) -> GameState:
        """The engine's state (``fr.GameState``)."""
        return self.now.game_state

    def current_player(self) -> int:
        phase = self.now.game_state.phase
        if phase is Phase.OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if phase is Phase.MONSTER:
            return int(pyspiel.PlayerId.CHANCE)
        return self.now.game_state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self.now.legal_actions().numbers

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(n, float(p)) for n, p in codes.chance(self.now.game_state)]

    def _apply_action(self, action: int) -> None:
        state = self.now.game_state
        done = (
            codes.reveal_of(action)
            if state.phase is Phase.MONSTER
            else self.now.legal_actions().action(action)
        )
        self.now = Now(apply(state, done), (*self.now.history, str(done)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"reveal {deck.TILES[action]}"
        legal = self.now.legal_actions()
        if player == self.current_player() and action in legal:
            return str(legal.action(action))
        return codes.describe(action)

    def is_terminal(self) -> bool:
        return self.now.game_state.phase is Phase.OVER

    def returns(self) -> list[float]:
        return returns(self.now.game_state)

    def __str__(self) -> str:
        return diagram(self.now.game_state)


class PolicyBot(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel bot that plays ``player``'s seat by a :data:`~.action_encoding.Policy`:
    any function from the engine's state to its action (``fr.bots.greedy_bot`` with its
    generator bound, a search bot). It plays this game only."""

    def __init__(self, player: int, policy: codes.Policy) -> None:
        pyspiel.Bot.__init__(self)
        self.player = player
        self.policy = policy

    def step(self, state: FearsomeFloorsState) -> int:
        return state.now.legal_actions().number(self.policy(state.game_state))

    def restart_at(self, state: FearsomeFloorsState) -> None:
        pass

    def player_id(self) -> int:
        return self.player

    def provides_policy(self) -> bool:
        return False


class PositionObserver:
    """OpenSpiel's observer: the position's tensor (planes and features, seen from the
    player's seat), and as text the board (or, with ``history``, the actions so far)."""

    def __init__(self, history: bool) -> None:
        self.history = history
        self.tensor = obs.new_observation()
        self.dict = {"planes": obs.planes(self.tensor), "features": obs.features(self.tensor)}

    def set_from(self, state: FearsomeFloorsState, player: int) -> None:
        obs.observe(state.now.game_state, player, self.tensor)

    def string_from(self, state: FearsomeFloorsState, player: int) -> str:
        if self.history:
            return "; ".join(state.now.history)
        return diagram(state.now.game_state)


pyspiel.register_game(GAME_TYPE, FearsomeFloorsGame)
