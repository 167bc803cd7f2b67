"""Bots: the simple ones (random, runner, greedy), the search bot, the bots by name, and the
seeded driver.

:func:`choose` is the call for front-ends and adapters: a bot's action in a position, within a
:class:`Budget` (nodes or seconds). The modules: :mod:`~fearsome_rules.tools.bots.simple` (the
simple bots, the tile draw, ``play``), :mod:`~fearsome_rules.tools.bots.heuristics` (what the
bots judge moves and positions by), :mod:`~fearsome_rules.tools.bots.search` (the search:
Monte Carlo tree search with chance nodes) and :mod:`~fearsome_rules.tools.bots.registry`
(``BOTS``, ``find_bot``, ``SearchBot``, ``choose``).
"""

from __future__ import annotations

from fearsome_rules.tools.bots.registry import (
    BOT_NAMES,
    BOTS,
    DEFAULT_BUDGET,
    SearchBot,
    choose,
    find_bot,
)
from fearsome_rules.tools.bots.search import Budget, search_move
from fearsome_rules.tools.bots.simple import (
    Bot,
    draw_tile,
    greedy_bot,
    play,
    random_bot,
    random_placement,
    runner_bot,
)

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "DEFAULT_BUDGET",
    "Bot",
    "Budget",
    "SearchBot",
    "choose",
    "draw_tile",
    "find_bot",
    "greedy_bot",
    "play",
    "random_bot",
    "random_placement",
    "runner_bot",
    "search_move",
]
