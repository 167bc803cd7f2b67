"""Placing the floor tiles before round 1, one action per tile: the advanced game and BSW's
``dmaufbau``.

A placement's tile goes onto the layout here; whose turn it is to place, and who starts round 1
after the last tile (PLACE-ORDER, BSW-PLACE), is the kernel's; what a placement may not do is
in ``layout`` (ADV-TILES, PLACE-*, BSW-*).
"""

from __future__ import annotations

import functools

from fearsome_rules.core import _kernel, board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import PlaceTile
from fearsome_rules.core.errors import IllegalActionError, RuleError
from fearsome_rules.core.layout import (
    POOL_TILES,
    STONE_TILES,
    TELEPORTER_TILES,
    LayoutCheck,
    layout_violation,
    tile_squares,
    tiles_for,
)
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase, wrong_state


def _place_check(state: GameState, action: PlaceTile) -> tuple[RuleError | None, tuple[int, ...]]:
    if state.phase is not Phase.PLACEMENT:
        return IllegalActionError("PLACE-ORDER", "tiles are placed only before round 1"), ()
    if action.tile not in state.to_place:
        left = " ".join(dict.fromkeys(state.to_place))
        return IllegalActionError("ADV-TILES", f"no {action.tile} is left to place ({left})"), ()
    anchor = board.square(action.square)
    squares = tile_squares(action.tile, anchor, action.orientation)
    if squares is None:
        return IllegalActionError("PLACE-EXACT", f"{action} does not lie wholly on the board"), ()
    found = layout_violation(
        action.tile,
        squares,
        state.setup,
        state.options,
        state.cells,
        state.pools,
        state.teleporters,
    )
    if found is not None:
        return IllegalActionError(found[0], f"{action}: {found[1]}"), ()
    return None, squares


def place(
    state: GameState, action: PlaceTile, trace: list[ev.Event] | None
) -> GameState | RuleError:
    """The state after one tile is placed (PLACE-ORDER), or the rule it breaks."""
    err, squares = _place_check(state, action)
    if err is not None:
        return err
    cells = list(state.cells)
    pools = state.pools
    teleporters = state.teleporters
    if action.tile in STONE_TILES:
        cells[squares[0]] = STONE_TILES[action.tile]
    elif action.tile in POOL_TILES:
        pools = pools | frozenset(squares)
    else:
        entry = (squares[0], TELEPORTER_TILES[action.tile], board.direction(action.arrow))
        teleporters = tuple(sorted((*teleporters, entry)))
    left = list(state.to_place)
    left.remove(action.tile)
    if trace is not None:
        trace.append(
            ev.TilePlaced(action.tile, tuple(board.name(s) for s in squares), action.arrow)
        )
    laid = state.replace(
        cells=tuple(cells), pools=pools, teleporters=teleporters, to_place=tuple(left)
    )
    # Whose turn comes next, and after the last tile who starts round 1, is the kernel's
    # (PLACE-ORDER, BSW-PLACE).
    data = bytearray(laid.data)
    placed = len(tiles_for(state.setup)) - len(left)
    _kernel.placement_turn(data, placed, len(left), state.setup == "advanced")
    after = laid.with_data(bytes(data))
    if trace is not None and not left:
        trace.append(ev.RoundStarted(1, SEAT_LETTERS[after.start_player]))
    return after


def legal_placements(state: GameState) -> list[PlaceTile]:
    """Every legal placement of every tile kind left, in a stable order."""
    if not isinstance(state, GameState):
        raise wrong_state("legal_placements", state)
    if state.phase is not Phase.PLACEMENT:
        return []
    out: list[PlaceTile] = []
    check = LayoutCheck(state.setup, state.options, state.cells, state.pools, state.teleporters)
    for tile in dict.fromkeys(state.to_place):
        if tile in TELEPORTER_TILES:
            variants = [("N", ""), ("E", ""), ("S", ""), ("W", "")]
        elif tile == "pool_strip":
            variants = [("", "H"), ("", "V")]
        else:
            variants = [("", "")]
        for sq in board.SQUARES:
            for arrow, orientation in variants:
                squares = tile_squares(tile, sq, orientation)
                if squares is None or check.violation(tile, squares):
                    continue
                out.append(_placement(tile, board.NAMES[sq], arrow, orientation))
    return out


@functools.cache
def _placement(tile: str, square: str, arrow: str, orientation: str) -> PlaceTile:
    # Placements are immutable: one object per placement serves every listing.
    return PlaceTile.unchecked(tile, square, arrow, orientation)
