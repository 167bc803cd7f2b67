"""What a finished game is worth to each seat, for the adapters' rewards.

The game has one winner (END-WIN, END-MOST) or none (END-NOBODY). The winner gets 1 and every
other seat ``-1 / (players - 1)``, so the returns sum to 0 for any number of players; with no
winner, or when every seat shares the result (``no_escape_result=shared``), every seat gets 0.
"""

from __future__ import annotations

from fearsome_rules.core.endings import outcome
from fearsome_rules.core.state import GameState


def returns(state: GameState) -> list[float]:
    """Each seat's return: 0 for everyone until the game is over."""
    players = state.players
    result = outcome(state)
    if result is None or len(result.winners) != 1:
        return [0.0] * players
    loss = -1.0 / (players - 1)
    return [1.0 if seat == result.winners[0] else loss for seat in range(players)]
