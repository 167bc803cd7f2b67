"""The bots by name, and the one call that front-ends and adapters make:
``choose(state, budget)``.

A bot is any callable ``bot(state, rng) -> FigureMove`` (:data:`Bot`): the simple bots are
functions, the search bot an instance of :class:`SearchBot`. :data:`BOTS` and
:func:`find_bot` give them by name (``search:200`` is the search bot with 200 nodes a move,
``search:0.5s`` with half a second), for ``fearsome-rules simulate --bots``, ``rate`` and any
other tool.
"""

from __future__ import annotations

import random

import attrs

from fearsome_rules.core.actions import Action, FigureMove
from fearsome_rules.core.errors import ArgumentError, ArgumentTypeError, FearsomeError, quote
from fearsome_rules.core.state import GameState, Phase, wrong_state
from fearsome_rules.tools.bots.search import Budget, search_move, search_seed
from fearsome_rules.tools.bots.simple import (
    Bot,
    greedy_bot,
    random_bot,
    random_placement,
    runner_bot,
)

DEFAULT_BUDGET = Budget(nodes=50)
"""The search bot's budget when none is given: 50 nodes, a median of 12 ms a move with 2
players and 14 ms with 4 on the compiled kernel (docs/bots.md)."""
MOST_NODES = 1_000_000
"""The largest node budget a bot's name may ask for."""


@attrs.frozen
class SearchBot:
    """The search bot (:mod:`~fearsome_rules.tools.bots.search`) with a budget per move.

    As a :data:`Bot` (``bot(state, rng)``, what ``play`` and ``simulate`` call) it seeds each
    search with a number drawn from the game's generator; :meth:`choose` seeds it from
    ``seed`` and the position alone.
    """

    budget: Budget = DEFAULT_BUDGET
    seed: int = 0

    @property
    def name(self) -> str:
        """The name :func:`find_bot` knows it by: ``search``, ``search:N`` or ``search:Xs``."""
        if self.budget == DEFAULT_BUDGET:
            return "search"
        if self.budget.seconds is None:
            return f"search:{self.budget.nodes}"
        if self.budget.nodes is None:
            return f"search:{self.budget.seconds:g}s"
        return f"search:{self.budget.nodes}/{self.budget.seconds:g}s"

    def __call__(self, state: GameState, rng: random.Random) -> FigureMove:
        return search_move(state, self.budget, rng.randrange(2**63))

    def choose(self, state: GameState, budget: Budget | None = None) -> Action:
        """This bot's action in ``state`` within ``budget`` (default: its own)."""
        return choose(state, budget or self.budget, bot=self, seed=self.seed)


BOTS: dict[str, Bot] = {
    "greedy": greedy_bot,
    "random": random_bot,
    "runner": runner_bot,
    "search": SearchBot(),
}
"""The bots by name, for the command line and simulations; :func:`find_bot` also knows the
search bot with any budget (``search:200``, ``search:0.5s``)."""

BOT_NAMES = ", ".join([*sorted(BOTS), "search:NODES", "search:SECONDSs"])
"""The names :func:`find_bot` takes, for help texts and errors."""


def find_bot(name: str) -> Bot:
    """The bot called ``name`` (any case): a name of :data:`BOTS`, or ``search:NODES`` (the
    search bot with that many nodes a move) or ``search:SECONDSs`` (that many seconds a move:
    not reproducible). Raises FearsomeError naming the bots for anything else."""
    if not isinstance(name, str):
        raise ArgumentTypeError("find_bot(name)", "a bot's name (str)", name)
    key = name.strip().lower()
    if key in BOTS:
        return BOTS[key]
    kind, colon, amount = key.partition(":")
    if kind == "search" and colon:
        return SearchBot(_budget(name, amount))
    raise FearsomeError(f"unknown bot {quote(name)}: the bots are {BOT_NAMES}")


def _budget(name: str, amount: str) -> Budget:
    try:
        if amount.endswith("s"):
            seconds = float(amount[:-1])
            if 0 < seconds <= 3600:
                return Budget(seconds=seconds)
        elif amount.isdigit() and 1 <= int(amount) <= MOST_NODES:
            return Budget(nodes=int(amount))
    except ValueError:
        pass
    raise FearsomeError(
        f"bot {quote(name)}: write search:NODES (1 to {MOST_NODES:,}) "
        "or search:SECONDSs (more than 0, at most 3600)"
    )


def choose(
    state: GameState, budget: Budget | None = None, *, bot: str | Bot = "search", seed: int = 0
) -> Action:
    """The action a bot takes in ``state``: the call for front-ends and adapters.

    In the figure phase, ``bot``'s move (a name as :func:`find_bot` takes it, or a bot):
    the search bot searches within ``budget`` (default: the bot's own, 50 nodes for
    ``search``); the simple bots ignore it. In a placement phase, a legal placement drawn
    uniformly (no bot searches the placement). The move depends on ``seed``, the position and
    the budget alone: with a node budget the same call gives the same action anywhere.
    The monster phase is chance, not a choice (draw a tile with ``bots.draw_tile`` or
    ``fr.chance_outcomes``), and a finished game has no action: both raise ArgumentError.
    """
    if not isinstance(state, GameState):
        raise wrong_state("choose", state)
    if budget is not None and not isinstance(budget, Budget):
        raise ArgumentTypeError("choose(budget)", "a Budget or None", budget)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ArgumentTypeError("choose(seed)", "a whole number (int)", seed)
    player = find_bot(bot) if isinstance(bot, str) else bot
    if not callable(player):
        raise ArgumentTypeError("choose(bot)", "a bot's name or a bot", bot)
    rng = random.Random(search_seed(seed, state))
    if state.phase is Phase.PLACEMENT:
        return random_placement(state, rng)
    if state.phase is not Phase.FIGURES:
        raise ArgumentError(
            "choose(state)",
            "the game is over"
            if state.phase is Phase.OVER
            else "the monster phase is chance, not a choice: draw a tile (bots.draw_tile)",
        )
    if isinstance(player, SearchBot):
        return search_move(state, budget or player.budget, seed)
    return player(state, rng)
