"""The monster tiles and the chance of each reveal (SET-DECK, DECK-REVEAL, DECK-FIRST).

What a tile makes the monster do, a stage's tiles and which tiles a reveal may show are the
kernel's (its tables and ``revealable``); this module names the tiles and works out chances.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from fearsome_rules.core import _encoding, _kernel

TILES: Final = ("5", "7", "8", "10", "1hit", "2hits", "3hits")
"""Every tile name, in the deck's canonical order."""

HIT_CAP: Final = _encoding.TILE_STEPS[_encoding.FIRST_HIT_TILE]
"""A hit tile never makes the monster take more than 20 steps (MON-HITS)."""

_ORDER: Final = {t: i for i, t in enumerate(TILES)}


def full_deck(three_hits: bool = False) -> tuple[str, ...]:
    """The 8 tiles of a stage: 5 7 7 8 8 10 1hit 2hits, or 3hits for 5 (VAR-THREE-HITS)."""
    counts = _kernel.stage_tiles(three_hits)
    return tuple(t for k, t in enumerate(TILES) for _ in range(counts[k]))


def sort_tiles(tiles: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Tiles in canonical order (a deck is a multiset)."""
    return tuple(sorted(tiles, key=_ORDER.__getitem__))


def is_hit_tile(tile: str) -> bool:
    return _ORDER[tile] >= _encoding.FIRST_HIT_TILE


def hits_of(tile: str) -> int:
    """How many figures a hit tile wants (0 for a numbered tile)."""
    return _encoding.TILE_HITS[_ORDER[tile]]


def steps_of(tile: str) -> int:
    """The most steps a tile allows: its number, or the cap of 20 for a hit tile (MON-TILE)."""
    return _encoding.TILE_STEPS[_ORDER[tile]]


def outcomes(deck: tuple[str, ...], first_of_game: bool) -> list[tuple[str, Fraction]]:
    """Each distinct tile of ``deck`` that can be revealed with its exact probability
    (DECK-REVEAL); at the first reveal of a game only the tiles the kernel allows
    (DECK-FIRST)."""
    counts = [0] * len(TILES)
    for t in deck:
        counts[_ORDER[t]] += 1
    return chances(counts, _kernel.revealable_kinds(first_of_game))


def chances(counts: Sequence[int], kinds: int) -> list[tuple[str, Fraction]]:
    """Each tile among the first ``kinds`` kinds with a count, and its probability: a uniform
    draw of one tile among them (DECK-REVEAL)."""
    total = sum(counts[:kinds])
    return [(TILES[k], Fraction(n, total)) for k, n in enumerate(counts[:kinds]) if n]
