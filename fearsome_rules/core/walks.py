"""A monster walk of any length, outside a game's bookkeeping: for positions that are not games.

A tile (``Reveal``) is a walk and the tile's end: the deck, the stage, the round, the ending.
:func:`walk_traced` is the walk alone, of any number of steps or until any number of hits
(MON-STEP, MON-HITS), carried out by the same kernel walk as a tile, with its events. The rules
lab (:mod:`fearsome_rules.tools.lab`), ``explain`` and ``render`` use it to study a position.
"""

from __future__ import annotations

from typing import Final

import attrs

from fearsome_rules.core import _kernel
from fearsome_rules.core import events as ev
from fearsome_rules.core import trace as traces
from fearsome_rules.core._encoding import MAX_TURNS as _MAX_TURNS
from fearsome_rules.core._encoding import TILE_HITS, TILE_STEPS
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.errors import ArgumentError, ArgumentTypeError, quote, whole_number
from fearsome_rules.core.state import GameState, wrong_state

MAX_STEPS: Final = 1_000
"""The longest walk asked for (a tile walks at most 20 steps: HIT_CAP)."""
MAX_TURNS: Final = _MAX_TURNS
"""The most turns the monster makes at turning stones in one step (ADV-TURN-CHAIN)."""


@attrs.frozen
class Walk:
    """A walk of ``steps`` steps, ending early once ``hits`` figures are hit if ``hits`` is not
    0 (a hit tile is ``Walk(20, n)``: MON-HITS)."""

    steps: int
    hits: int = 0

    def __attrs_post_init__(self) -> None:
        if not 0 <= whole_number(self.steps, "Walk(steps)") <= MAX_STEPS:
            raise ArgumentError("Walk(steps)", f"{self.steps}: 0 to {MAX_STEPS:,} steps")
        if not 0 <= whole_number(self.hits, "Walk(hits)") <= 35:
            raise ArgumentError("Walk(hits)", f"{self.hits}: 0 to 35 hits")

    @classmethod
    def of_tile(cls, tile: str) -> Walk:
        """The walk of a monster tile (``8``: 8 steps; ``2hits``: until 2 hits, at most 20)."""
        if not isinstance(tile, str):
            raise ArgumentTypeError("Walk.of_tile(tile)", "a tile name such as '8'", tile)
        if tile not in TILES:
            raise ArgumentError("Walk.of_tile(tile)", f"{quote(tile)}: one of {' '.join(TILES)}")
        k = TILES.index(tile)
        return cls(TILE_STEPS[k], TILE_HITS[k])

    def __str__(self) -> str:
        if self.hits:
            hits = "1 hit" if self.hits == 1 else f"{self.hits} hits"
            return f"walk until {hits} (at most {self.steps} steps)"
        return f"walk {self.steps} step" + ("" if self.steps == 1 else "s")


def walk_traced(state: GameState, walk: Walk) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The position after the monster walks ``walk`` from ``state``'s square and facing, and
    the walk's events: each look, turn, step, push, slide, wrap, teleport and eat, as a tile's
    walk has them, then the final look. Nothing else changes: no tile is drawn and no round,
    stage or game ends, so the result is a position to look at, not a game to play on."""
    if not isinstance(state, GameState):
        raise wrong_state("walk_traced", state)
    if not isinstance(walk, Walk):
        raise ArgumentTypeError("walk_traced(walk)", "a Walk", walk)
    data = bytearray(state.data)
    records: list[int] = []
    _kernel.Walk(data, state.layout, state.setting.flags, records).run(walk.steps, walk.hits)
    after = GameState(bytes(data), state.setting)
    return after, traces.events(state, records, after, _never_ends)


def _never_ends(_state: GameState) -> ev.GameEnded:
    raise AssertionError("a walk alone ends no game")  # pragma: no cover - the kernel's walk
