"""Placing the floor tiles before round 1: the advanced game and BSW's ``dmaufbau``.

Implements ADV-SETUP, ADV-TILES, PLACE-ORDER, PLACE-CORNERS, PLACE-EXACT, PLACE-TELEPORTERS,
PLACE-TELEPORTER-WALLS, PLACE-LAYOUT, BSW-PLACE, BSW-CORNERS and BSW-POOLS.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import PlaceTile
from fearsome_rules.core.errors import IllegalActionError, RuleError
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT, GameState, Phase

SETUPS: Final = ("basic", "advanced", "bsw")

STONE_TILES: Final = {
    "stone": STONE,
    "crystal": CRYSTAL,
    "turn_right": TURN_RIGHT,
    "turn_about": TURN_ABOUT,
}
POOL_TILES: Final = ("pool_square", "pool_strip")
TELEPORTER_TILES: Final = {"teleporter_1": 1, "teleporter_2": 2}
TILE_ORDER: Final = (*STONE_TILES, *POOL_TILES, *TELEPORTER_TILES)

# ADV-TILES: the 17 floor tiles, fronts up; BSW-PLACE: the basic game's 11 stones and 2 pools.
ADVANCED_TILES: Final = (
    ("stone",) * 3
    + ("crystal",) * 2
    + ("turn_right",) * 4
    + ("turn_about",) * 2
    + POOL_TILES
    + ("teleporter_1",) * 2
    + ("teleporter_2",) * 2
)
BSW_TILES: Final = ("stone",) * 11 + POOL_TILES


def tiles_for(setup: str) -> tuple[str, ...]:
    """The tiles the players place in a setup (none for ``basic``)."""
    return {"basic": (), "advanced": ADVANCED_TILES, "bsw": BSW_TILES}[setup]


def sort_tiles(tiles: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=TILE_ORDER.index))


def _manhattan(a: int, b: int) -> int:
    return abs(a // 16 - b // 16) + abs(a % 16 - b % 16)


def protected_squares(setup: str, options: RuleOptions) -> frozenset[int]:
    """The squares no tile may cover (PLACE-CORNERS, BSW-CORNERS)."""
    if setup == "bsw":  # within 3 spaces: orthogonal path length, the corner included
        return frozenset(
            sq
            for sq in board.SQUARES
            if min(_manhattan(sq, board.EXIT), _manhattan(sq, board.ENTRANCE)) <= 3
        )
    names = ["a1", "b1", "a2", "p11", "o11", "p10"]
    if options.protected_squares == "with_diagonal":
        names += ["b2", "o10"]
    return frozenset(board.square(n) for n in names)


def tile_squares(tile: str, anchor: int, orientation: str) -> list[int] | None:
    """The squares a tile covers from its anchor (north-west square), or None if any square is
    off the board (PLACE-EXACT)."""
    r, c = divmod(anchor, 16)
    if tile == "pool_square":
        cells = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
    elif tile == "pool_strip":
        cells = (
            [(r, c + k) for k in range(4)] if orientation == "H" else [(r + k, c) for k in range(4)]
        )
    else:
        cells = [(r, c)]
    if not all(board.on_board(rr, cc) for rr, cc in cells):
        return None
    return [rr * 16 + cc for rr, cc in cells]


def _touches(squares: Sequence[int], others: Iterable[int], diagonal: bool) -> bool:
    other = set(others)
    for sq in squares:
        r, c = divmod(sq, 16)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and (diagonal or not (dr and dc)):
                    rr, cc = r + dr, c + dc
                    if board.on_board(rr, cc) and rr * 16 + cc in other:
                        return True
    return False


def layout_violation(
    tile: str,
    squares: Sequence[int],
    setup: str,
    options: RuleOptions,
    cells: Sequence[int],
    pools: frozenset[int],
    teleporters: Iterable[tuple[int, int, int]],
    own_pool: frozenset[int] = frozenset(),
) -> tuple[str, str] | None:
    """The rule a tile on ``squares`` breaks in the given layout, with why; None if it fits.

    ``own_pool`` is the rest of the pool being checked when a whole layout is validated.
    """
    tele_squares = {t[0] for t in teleporters}
    for sq in squares:
        if sq in protected_squares(setup, options):
            rule = "BSW-CORNERS" if setup == "bsw" else "PLACE-CORNERS"
            return rule, f"{board.name(sq)} is kept free beside the entrance and exit"
        if cells[sq] or (sq in pools and sq not in own_pool) or sq in tele_squares:
            return "PLACE-EXACT", f"{board.name(sq)} already holds a tile"
    if tile in TELEPORTER_TILES:
        sq = squares[0]
        if _touches(squares, tele_squares, options.teleporter_diagonal == "forbidden"):
            return "PLACE-TELEPORTERS", f"a teleporter on {board.name(sq)} would touch another"
        if (
            options.teleporter_walls == "forbidden"
            and any(board.WALL[sq])
            and board.WRAP[sq] in tele_squares
        ):
            return (
                "PLACE-TELEPORTER-WALLS",
                f"a teleporter stands by the same letter's wall on {board.name(board.WRAP[sq])}",
            )
    if tile in POOL_TILES and setup == "bsw":
        for sq in squares:
            if _manhattan(sq, board.ENTRANCE) < 8:
                return "BSW-POOLS", f"{board.name(sq)} is nearer than 8 spaces to the entrance"
            if any(board.WALL[sq]):
                return "BSW-POOLS", f"{board.name(sq)} lies against a wall"
        if _touches(squares, pools - own_pool, diagonal=False):
            return "BSW-POOLS", "the two blood pools may not touch"
    return None


def _place_check(state: GameState, action: PlaceTile) -> tuple[RuleError | None, list[int]]:
    if state.phase is not Phase.PLACEMENT:
        return IllegalActionError("PLACE-ORDER", "tiles are placed only before round 1"), []
    if action.tile not in state.to_place:
        left = " ".join(dict.fromkeys(state.to_place))
        return IllegalActionError("ADV-TILES", f"no {action.tile} is left to place ({left})"), []
    anchor = board.square(action.square)
    squares = tile_squares(action.tile, anchor, action.orientation)
    if squares is None:
        return IllegalActionError("PLACE-EXACT", f"{action} does not lie wholly on the board"), []
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
        return IllegalActionError(found[0], f"{action}: {found[1]}"), []
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
    n = state.players
    if left:
        return state.replace(
            cells=tuple(cells),
            pools=pools,
            teleporters=teleporters,
            to_place=tuple(left),
            to_move=(state.to_move + 1) % n,
        )
    # The last tile: in the advanced game the next player takes the start player tile; under
    # BSW the start player, who placed first, keeps it (PLACE-ORDER, BSW-PLACE).
    start = (state.to_move + 1) % n if state.setup == "advanced" else state.start_player
    if trace is not None:
        trace.append(ev.RoundStarted(1, "ABCDEFG"[start]))
    return state.replace(
        cells=tuple(cells),
        pools=pools,
        teleporters=teleporters,
        to_place=(),
        phase=Phase.FIGURES,
        to_move=start,
        start_player=start,
    )


def legal_placements(state: GameState) -> list[PlaceTile]:
    """Every legal placement of every tile kind left, in a stable order."""
    if state.phase is not Phase.PLACEMENT:
        return []
    out: list[PlaceTile] = []
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
                if squares is None or layout_violation(
                    tile,
                    squares,
                    state.setup,
                    state.options,
                    state.cells,
                    state.pools,
                    state.teleporters,
                ):
                    continue
                out.append(PlaceTile(tile, board.NAMES[sq], arrow, orientation))
    return out
