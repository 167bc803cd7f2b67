"""The monster tiles and the chance of each reveal (SET-DECK, DECK-REVEAL, DECK-FIRST)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Final

TILES: Final = ("5", "7", "8", "10", "1hit", "2hits", "3hits")
"""Every tile name, in the deck's canonical order."""

HIT_CAP: Final = 20
"""A hit tile never makes the monster take more than 20 steps (MON-HITS)."""

_ORDER: Final = {t: i for i, t in enumerate(TILES)}


def full_deck(three_hits: bool = False) -> tuple[str, ...]:
    """The 8 tiles of a stage: 5 7 7 8 8 10 1hit 2hits, or 3hits for 5 (VAR-THREE-HITS)."""
    return sort_tiles(("3hits" if three_hits else "5", "7", "7", "8", "8", "10", "1hit", "2hits"))


def sort_tiles(tiles: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """Tiles in canonical order (a deck is a multiset)."""
    return tuple(sorted(tiles, key=_ORDER.__getitem__))


def is_hit_tile(tile: str) -> bool:
    return tile.endswith(("hit", "hits"))


def hits_of(tile: str) -> int:
    """How many figures a hit tile wants (0 for a numbered tile)."""
    return int(tile[0]) if is_hit_tile(tile) else 0


def steps_of(tile: str) -> int:
    """The most steps a tile allows: its number, or the cap of 20 for a hit tile (MON-TILE)."""
    return HIT_CAP if is_hit_tile(tile) else int(tile)


def outcomes(deck: tuple[str, ...], first_of_game: bool) -> list[tuple[str, Fraction]]:
    """Each distinct tile that can be revealed with its exact probability (DECK-REVEAL).

    The first reveal of a game draws until a numbered tile comes up and shuffles the rest back,
    which is the same as drawing uniformly among the numbered tiles (DECK-FIRST).
    """
    pool = [t for t in deck if not is_hit_tile(t)] if first_of_game else list(deck)
    counts = Counter(pool)
    total = len(pool)
    return [(t, Fraction(counts[t], total)) for t in sort_tiles(list(counts))]
