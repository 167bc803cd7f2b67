"""The player to move and their figures: turn order, which figures may still move this round,
and where a figure starts its move.

Implements RND-ORDER, RND-PASS, RND-ONCE, RND-FIRST, RND-PHASES and FIG-WAITING's
``reentry=mandatory`` reading.
"""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core.actions import FigureMove
from fearsome_rules.core.errors import IllegalActionError, IllegalMoveError, RuleError
from fearsome_rules.core.figures import WAITING_POS
from fearsome_rules.core.state import (
    SEAT_LETTERS,
    WAITING,
    Figure,
    GameState,
    Phase,
    figure_index,
)


def _has_unmoved(figures: tuple[Figure, ...], seat: int) -> bool:
    return any(f.owner == seat and not f.moved and f.active for f in figures)


def next_to_move(figures: tuple[Figure, ...], players: int, after: int) -> int:
    """The next seat clockwise after ``after`` with a figure still to move, or -1 (RND-PASS)."""
    for k in range(1, players + 1):
        seat = (after + k) % players
        if _has_unmoved(figures, seat):
            return seat
    return -1


def entered_this_round(state: GameState, seat: int) -> int:
    """How many of a seat's figures came onto the board this round (for RND-FIRST)."""
    return sum(1 for f in state.figures if f.owner == seat and f.moved and f.where != WAITING)


def entry_limited(state: GameState, f: Figure) -> bool:
    """RND-FIRST: in round 1 a player brings at most two figures onto the board, so a waiting
    figure whose owner has brought two may only make the zero move."""
    return f.where == WAITING and state.round == 1 and entered_this_round(state, f.owner) >= 2


def turn_error(state: GameState, move: FigureMove) -> tuple[int, RuleError | None]:
    """The figure's index and the rule a move of it breaks before its path is looked at:
    the phase, whose turn it is, whether the figure still moves this round (RND-PHASES,
    RND-ORDER, RND-ONCE, RND-FIRST); None if it may move."""
    if state.phase is not Phase.FIGURES:
        return -1, IllegalActionError(
            "RND-PHASES", f"it is the {state.phase.value} phase, not the figure phase"
        )
    try:
        i = figure_index(state, move.figure)
    except ValueError as e:
        return -1, IllegalMoveError("SET-FIGURES", str(e))
    f = state.figures[i]
    if f.owner != state.to_move:
        return i, IllegalMoveError(
            "RND-ORDER",
            f"{f.name} belongs to {SEAT_LETTERS[f.owner]}, but "
            f"{SEAT_LETTERS[state.to_move]} is to move",
        )
    if not f.active:
        return i, IllegalMoveError("RND-ONCE", f"{f.name} is {f.place()} and no longer moves")
    if f.moved:
        return i, IllegalMoveError("RND-ONCE", f"{f.name} has already moved this round")
    if move.path and entry_limited(state, f):
        return i, IllegalMoveError(
            "RND-FIRST", "in round 1 a player brings at most two figures onto the board"
        )
    return i, None


def lifted(state: GameState, f: Figure) -> tuple[int, Sequence[int]]:
    """Where a figure starts its move (a square, or WAITING_POS) and the cells it moves over,
    which do not hold it: it may pass back over its own square."""
    if f.where < 0:
        return WAITING_POS, state.cells
    base = list(state.cells)
    base[f.where] = 0
    return f.where, base


def must_enter(state: GameState, f: Figure) -> bool:
    """FIG-WAITING under ``reentry=mandatory``: from round 2 a waiting figure that can enter
    must."""
    return f.where == WAITING and state.options.reentry == "mandatory" and state.round > 1


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
