"""The player to move and their figures: turn order, which figures may still move this round,
and where a figure starts its move.

The rules (RND-ORDER, RND-PASS, RND-ONCE, RND-FIRST, RND-PHASES and FIG-WAITING's
``reentry=mandatory`` reading) are the kernel's; this module asks them of a state and words
the refusals.
"""

from __future__ import annotations

from typing import Final

from fearsome_rules.core import _encoding, _kernel
from fearsome_rules.core.actions import FigureMove
from fearsome_rules.core.errors import IllegalActionError, IllegalMoveError, RuleError
from fearsome_rules.core.options import kernel_flags
from fearsome_rules.core.state import (
    FIGURE_NAMES,
    SEAT_LETTERS,
    Figure,
    GameState,
    Phase,
    figure_index,
)

FIGURE_INDEX: Final = {
    players: {name: i for i, name in enumerate(names)} for players, names in FIGURE_NAMES.items()
}
"""Per player count, each figure's index by its name."""


def turn_error(state: GameState, move: FigureMove) -> tuple[int, RuleError | None]:
    """The figure's index and the rule a move of it breaks before its path is looked at:
    the phase, whose turn it is, whether the figure still moves this round (RND-PHASES,
    RND-ORDER, RND-ONCE, RND-FIRST); None if it may move."""
    data = state.data
    if data[_encoding.PHASE] != _encoding.FIGURES_PHASE:
        return -1, IllegalActionError(
            "RND-PHASES", f"it is the {state.phase.value} phase, not the figure phase"
        )
    i = FIGURE_INDEX[data[_encoding.PLAYERS]].get(move.figure, -1)
    if i < 0:
        try:
            i = figure_index(state, move.figure)
        except ValueError as e:
            return -1, IllegalMoveError("SET-FIGURES", str(e))
    packed = _kernel.turn_error(data, i, bool(move.path))
    if not packed:
        return i, None
    f = state.figures[i]
    rule = _encoding.RULES[packed & 255]
    if rule == "RND-ORDER":
        message = (
            f"{f.name} belongs to {SEAT_LETTERS[f.owner]}, but "
            f"{SEAT_LETTERS[state.to_move]} is to move"
        )
    elif rule == "RND-ONCE" and packed >> 8 == 1:
        message = f"{f.name} is {f.place()} and no longer moves"
    elif rule == "RND-ONCE":
        message = f"{f.name} has already moved this round"
    else:
        message = "in round 1 a player brings at most two figures onto the board"
    return i, IllegalMoveError(rule, message)


def movers(state: GameState, figure: str | None) -> list[tuple[int, Figure]]:
    """The figures of the player to move that may still move, or just the named one."""
    if state.phase is not Phase.FIGURES:
        return []
    wanted = None if figure is None else figure_index(state, figure)
    return [
        (i, f)
        for i, f in enumerate(state.figures)
        if f.owner == state.to_move and not f.moved and f.active and wanted in (None, i)
    ]


def lifted(state: GameState, i: int) -> tuple[int, bytes]:
    """Where figure ``i`` starts its move (a square, or the kernel's AT_WAITING) and the cells
    it moves over, which do not hold it: it may pass back over its own square."""
    return _kernel.start_of_move(state.data, i), _kernel.lifted(state.data, i)


def entry_limited(state: GameState, i: int) -> bool:
    """RND-FIRST: figure ``i`` waits, and its owner has brought two figures onto the board in
    round 1, so it may only make the zero move."""
    return bool(_kernel.entry_limited(state.data, i))


def must_enter(state: GameState, i: int) -> bool:
    """FIG-WAITING under ``reentry=mandatory``: from round 2 a waiting figure that can enter
    must."""
    return bool(_kernel.must_enter(state.data, i, kernel_flags(state.options)))
