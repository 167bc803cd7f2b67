"""Where the obstacles lie: the printed basic layout, and the rules for tiles the players place
in the advanced game and BSW's ``dmaufbau`` (the tiles, their squares, the protected squares
and what a tile may not touch).

Implements BRD-LAYOUT, ADV-SETUP, ADV-TILES, PLACE-CORNERS, PLACE-EXACT, PLACE-TELEPORTERS,
PLACE-TELEPORTER-WALLS, PLACE-LAYOUT, BSW-PLACE, BSW-CORNERS and BSW-POOLS; placing a tile as
an action is in ``placement``.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core.board import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.options import RuleOptions


def basic_cells() -> tuple[int, ...]:
    """The cells of the basic layout's stones (BRD-LAYOUT)."""
    cells = [0] * board.CELLS
    for sq in board.BASIC_STONES:
        cells[sq] = STONE
    return tuple(cells)


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


def manhattan(a: int, b: int) -> int:
    return abs(a // 16 - b // 16) + abs(a % 16 - b % 16)


def protected_squares(setup: str, options: RuleOptions) -> frozenset[int]:
    """The squares no tile may cover (PLACE-CORNERS, BSW-CORNERS)."""
    # Asked once per square and tile while listing placements: worked out once per reading.
    return _protected(setup, options.protected_squares)


@functools.cache
def _protected(setup: str, reading: str) -> frozenset[int]:
    if setup == "bsw":  # within 3 spaces: orthogonal path length, the corner included
        return frozenset(
            sq
            for sq in board.SQUARES
            if min(manhattan(sq, board.EXIT), manhattan(sq, board.ENTRANCE)) <= 3
        )
    names = ["a1", "b1", "a2", "p11", "o11", "p10"]
    if reading == "with_diagonal":
        names += ["b2", "o10"]
    return frozenset(board.square(n) for n in names)


@functools.cache
def tile_squares(tile: str, anchor: int, orientation: str) -> tuple[int, ...] | None:
    """The squares a tile covers from its anchor (north-west square), or None if any square is
    off the board (PLACE-EXACT). Worked out once per tile, square and orientation: a placement
    phase asks for every one at every placement."""
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
    return tuple(rr * 16 + cc for rr, cc in cells)


@functools.cache
def neighbours(sq: int, diagonal: bool) -> tuple[int, ...]:
    """The squares beside ``sq`` on the board, diagonal ones too if asked."""
    r, c = divmod(sq, 16)
    return tuple(
        (r + dr) * 16 + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and (diagonal or not (dr and dc)) and board.on_board(r + dr, c + dc)
    )


def _beside(squares: Iterable[int], diagonal: bool) -> frozenset[int]:
    """The squares that touch one of ``squares`` (a square touches what it is beside)."""
    return frozenset(n for sq in squares for n in neighbours(sq, diagonal))


class LayoutCheck:
    """The layout rules for one layout: what a tile on given squares breaks there.

    Listing placements asks this for every square and tile kind, so what depends only on the
    layout (the protected and taken squares, where a teleporter or pool would touch another) is
    worked out once here, not once per candidate; ``layout_violation`` asks the same object.
    """

    __slots__ = ("_bsw", "_options", "_pools_near", "_protected", "_taken", "_tele", "_tele_near")

    def __init__(
        self,
        setup: str,
        options: RuleOptions,
        cells: Sequence[int],
        pools: frozenset[int],
        teleporters: Iterable[tuple[int, int, int]],
        own_pool: frozenset[int] = frozenset(),
    ) -> None:
        self._bsw = setup == "bsw"
        self._options = options
        self._protected = protected_squares(setup, options)
        self._tele = frozenset(t[0] for t in teleporters)
        self._taken = (
            frozenset(sq for sq, cell in enumerate(cells) if cell) | (pools - own_pool) | self._tele
        )
        self._tele_near = _beside(self._tele, options.teleporter_diagonal == "forbidden")
        self._pools_near = _beside(pools - own_pool, diagonal=False)

    def violation(self, tile: str, squares: Sequence[int]) -> tuple[str, str] | None:
        """The rule a tile on ``squares`` breaks, with why; None if it fits."""
        for sq in squares:
            if sq in self._protected:
                rule = "BSW-CORNERS" if self._bsw else "PLACE-CORNERS"
                return rule, f"{board.name(sq)} is kept free beside the entrance and exit"
            if sq in self._taken:
                return "PLACE-EXACT", f"{board.name(sq)} already holds a tile"
        if tile in TELEPORTER_TILES:
            sq = squares[0]
            if sq in self._tele_near:
                return "PLACE-TELEPORTERS", f"a teleporter on {board.name(sq)} would touch another"
            if (
                self._options.teleporter_walls == "forbidden"
                and any(board.WALL[sq])
                and board.WRAP[sq] in self._tele
            ):
                wall = board.name(board.WRAP[sq])
                return (
                    "PLACE-TELEPORTER-WALLS",
                    f"a teleporter stands by the same letter's wall on {wall}",
                )
        if tile in POOL_TILES and self._bsw:
            for sq in squares:
                if manhattan(sq, board.ENTRANCE) < 8:
                    return "BSW-POOLS", f"{board.name(sq)} is nearer than 8 spaces to the entrance"
                if any(board.WALL[sq]):
                    return "BSW-POOLS", f"{board.name(sq)} lies against a wall"
            if not self._pools_near.isdisjoint(squares):
                return "BSW-POOLS", "the two blood pools may not touch"
        return None


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
    return LayoutCheck(setup, options, cells, pools, teleporters, own_pool).violation(tile, squares)
