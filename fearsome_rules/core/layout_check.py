"""A layout given directly (by :func:`~fearsome_rules.core.position.position`, a position string
or a JSON state) checked against its setup (PLACE-LAYOUT): the limits of a layout after the
placement phase, the squares stones may start on, and, for a position in the placement phase,
that the placements so far can have made it."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from fearsome_rules.core import board
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.errors import SetupError
from fearsome_rules.core.layout import (
    POOL_TILES,
    STONE_TILES,
    layout_violation,
    tile_squares,
    tiles_for,
)
from fearsome_rules.core.options import RuleOptions


def check_layout(
    setup: str,
    opts: RuleOptions,
    cells: list[int],
    pools: frozenset[int],
    tele: tuple[tuple[int, int, int], ...],
    to_place: tuple[str, ...],
) -> None:
    """PLACE-LAYOUT: a layout given directly obeys the placement rules of its setup."""
    if to_place and Counter(to_place) - Counter(tiles_for(setup)):
        raise SetupError("to_place", f"{' '.join(to_place)} are not all tiles of {setup}")
    if setup == "basic":
        return
    counts = Counter(cells[sq] for sq in board.SQUARES if board.is_stone(cells[sq]))
    allowed = Counter(STONE_TILES[t] for t in tiles_for(setup) if t in STONE_TILES)
    for kind, n in counts.items():
        if n > allowed[kind]:
            raise SetupError(
                "stones", f"more {STONE_KINDS[kind]} tiles than {setup} has", "PLACE-LAYOUT"
            )
    pool_squares = sum(4 for t in tiles_for(setup) if t in ("pool_square", "pool_strip"))
    if len(pools) > pool_squares:
        raise SetupError(
            "pools", f"{setup} has two blood pools, {pool_squares} squares", "PLACE-LAYOUT"
        )
    pairs = Counter(pair for _, pair, _ in tele)
    for pair, n in pairs.items():
        if n > 2 or (n != 2 and not to_place):
            raise SetupError(
                "teleporters", f"teleporter pair {pair} needs exactly 2", "PLACE-LAYOUT"
            )
    for k, (sq, _, _) in enumerate(tele):
        others = [t for j, t in enumerate(tele) if j != k]
        if sq in pools:
            raise SetupError("teleporters", f"{board.name(sq)} is a pool square", "PLACE-EXACT")
        if cells[sq]:
            raise SetupError("teleporters", f"{board.name(sq)} holds a stone", "PLACE-EXACT")
        found = layout_violation(
            "teleporter_1", [sq], setup, opts, [0] * board.CELLS, frozenset(), others
        )
        if found is not None:
            raise SetupError("teleporters", found[1], found[0])
    for sq in sorted(pools):
        found = layout_violation(
            "pool_square", [sq], setup, opts, [0] * board.CELLS, frozenset(), ()
        )
        if found is not None:
            raise SetupError("pools", found[1], found[0])
    if setup == "bsw" and len(pools) == 8 and len(pool_parts(pools)) != 2:
        raise SetupError("pools", "the two blood pools may not touch", "BSW-POOLS")


def check_start_stones(
    setup: str, opts: RuleOptions, cells: list[int], pools: frozenset[int]
) -> None:
    """At the start of round 1 the stones still lie where they were placed: on no protected
    square and on no pool square (PLACE-CORNERS, BSW-CORNERS, PLACE-EXACT). Later in the game
    a push may have put them there."""
    if setup == "basic":
        return
    for sq in board.SQUARES:
        if board.is_stone(cells[sq]):
            kind = STONE_KINDS[cells[sq]]
            if sq in pools:
                raise SetupError(
                    "stones", f"the {kind} on {board.name(sq)} lies on a pool", "PLACE-EXACT"
                )
            found = layout_violation(kind, [sq], setup, opts, [0] * board.CELLS, frozenset(), ())
            if found is not None:
                raise SetupError("stones", found[1], found[0])


def pool_parts(pools: frozenset[int]) -> list[set[int]]:
    """The pools as groups of edge-connected squares."""
    parts: list[set[int]] = []
    left = set(pools)
    while left:
        todo = [left.pop()]
        part = set(todo)
        while todo:
            sq = todo.pop()
            for nb in board.NEIGHBOUR[sq]:
                if nb in left:
                    left.discard(nb)
                    part.add(nb)
                    todo.append(nb)
        parts.append(part)
    return parts


def check_placement_phase(
    setup: str,
    cells: list[int],
    pools: frozenset[int],
    tele: tuple[tuple[int, int, int], ...],
    to_place: tuple[str, ...],
    monster: int,
    facing: int,
) -> None:
    """PLACE-LAYOUT point 5: a position in the placement phase is one placements can have made.
    The monster still waits; the pools on the board are pool tiles that are not still to place;
    a tile on the board is no longer to place, so the two together are at most the setup's
    tiles (fewer, as in a given layout, so that one placement can be studied alone)."""
    if monster != board.EXIT or facing != board.EAST:
        raise SetupError(
            "monster",
            "before round 1 the monster waits on a1 facing east (the tiles are still placed)",
            "SET-MONSTER",
        )
    free = [t for t in POOL_TILES if t not in to_place]
    pool_tiles = next(
        (c for n in range(len(free) + 1) for c in combinations(free, n) if _covered_by(pools, c)),
        None,
    )
    if pool_tiles is None:
        raise SetupError(
            "pools",
            f"the pool squares are not pool tiles placed whole ({', '.join(free) or 'none'} "
            "not still to place)",
            "PLACE-EXACT",
        )
    together = Counter(STONE_KINDS[cells[sq]] for sq in board.SQUARES if board.is_stone(cells[sq]))
    together.update(f"teleporter_{pair}" for _, pair, _ in tele)
    together.update(pool_tiles)
    together.update(to_place)
    every = Counter(tiles_for(setup))
    for tile, n in sorted((together - every).items()):
        raise SetupError(
            "to_place",
            f"{n + every[tile]} {tile} tiles on the board and still to place, but {setup} has "
            f"{every[tile]}: a tile placed is no longer to place",
            "ADV-TILES" if setup == "advanced" else "BSW-PLACE",
        )


def _covered_by(squares: frozenset[int], tiles: tuple[str, ...]) -> bool:
    """Whether ``squares`` are exactly the squares of ``tiles``, each lying somewhere. The
    north-west square left is the anchor of some tile, so trying each tile there decides it."""
    if not tiles or not squares:
        return not tiles and not squares
    anchor = min(squares)
    for k, tile in enumerate(tiles):
        for orientation in ("H", "V") if tile == "pool_strip" else ("",):
            covered = tile_squares(tile, anchor, orientation)
            rest = tiles[:k] + tiles[k + 1 :]
            if (
                covered is not None
                and set(covered) <= squares
                and _covered_by(squares - set(covered), rest)
            ):
                return True
    return False
