"""The players' panel beside the board: each seat's colour (the board's), who plays it, its
figures out (the score), waiting and removed, whose turn it is, the tiles left in the deck, the
stage and round, and at the end the winners and the rule that ended the game. Every figure is
read from the state and the result is the engine's :func:`~fearsome_rules.core.endings.outcome`:
the panel counts, it decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fearsome_rules.core.board import OUT, REMOVED, WAITING
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase
from fearsome_rules.tools.render import SEAT_COLOURS


def panel(state: GameState, kinds: Sequence[str]) -> dict[str, Any]:
    """The panel of ``state``, ``kinds`` saying who plays each seat (a person, a bot's name)."""
    mover = state.to_move if state.phase in (Phase.FIGURES, Phase.PLACEMENT) else -1
    seats = []
    for seat in range(state.players):
        mine = [f for f in state.figures if f.owner == seat]
        seats.append(
            {
                "seat": SEAT_LETTERS[seat],
                "colour": SEAT_COLOURS[seat],
                "player": kinds[seat] if seat < len(kinds) else "",
                "out": sum(f.where == OUT for f in mine),
                "waiting": sum(f.where == WAITING for f in mine),
                "removed": sum(f.where == REMOVED for f in mine),
                "on_board": sum(f.on_board for f in mine),
                "figures": len(mine),
                "to_move": seat == mover,
            }
        )
    result = outcome(state)
    return {
        "seats": seats,
        "phase": state.phase.value,
        "stage": state.stage,
        "round": state.round,
        "deck": len(state.deck),
        "outcome": None
        if result is None
        else {"rule": result.rule, "winners": [SEAT_LETTERS[s] for s in result.winners]},
    }
