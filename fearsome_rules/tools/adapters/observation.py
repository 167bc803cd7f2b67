"""The observation every adapter shares: the position as board planes and a feature vector,
seen from one seat, all values from 0 to 1, for a neural net.

``observe(state, seat, out)`` fills one flat ``float32`` array of :data:`SIZE` values: first
:data:`PLANES` planes of the 11 x 16 board grid (``planes(obs)`` is that part as a
``(34, 11, 16)`` view; row 0 is the row of a1, column 0 the column a; the 20 cells of the
grid that are not squares are 0 in every plane but ``square``), then the :data:`FEATURES`.

Seats are **relative**: ``seat_0`` and ``r0`` are the observer, ``r1`` the next seat clockwise,
and so on, so one network can play any seat. The observation holds the whole position (it is
a perfect-information game): the board, every figure on it or off it with its face and
whether it moved, the monster and its facing, the tiles left in the deck and to place, whose
turn, round, stage and the order of escapes (END-MOST's tie-break). It reads the state's
public properties only; numpy is needed (both frameworks bring it).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import numpy as np
import numpy.typing as npt

from fearsome_rules.core import board, deck
from fearsome_rules.core.layout import TILE_ORDER
from fearsome_rules.core.state import (
    CRYSTAL,
    OUT,
    REMOVED,
    STONE,
    TURN_ABOUT,
    TURN_RIGHT,
    WAITING,
    GameState,
    Phase,
)
from fearsome_rules.tools.adapters.action_encoding import KINDS, STEPS

Array = npt.NDArray[np.float32]

SEATS: Final = 7
STONE_PLANES: Final = {STONE: 1, CRYSTAL: 2, TURN_RIGHT: 3, TURN_ABOUT: 4}
PLANES: Final[tuple[str, ...]] = (
    "square",
    "stone",
    "crystal",
    "turn_right",
    "turn_about",
    "pool",
    "teleporter_1",
    "teleporter_2",
    *(f"arrow_{d}" for d in STEPS),
    *(f"monster_{d}" for d in STEPS),
    *(f"seat_{r}" for r in range(SEATS)),
    *(f"kind_{k}" for k in KINDS),
    *(f"face_{v}" for v in range(1, 7)),
    "moved",
)
"""The planes, in order. A figure on a square sets its seat's plane, its kind's, its face's
and ``moved`` there; a teleporter sets its pair's plane and its arrow's."""
_P: Final = {name: k for k, name in enumerate(PLANES)}
CELLS: Final = board.ROWS * board.COLUMNS

FIGURE_FIELDS: Final = (
    "exists",
    "waiting",
    "board",
    "out",
    "removed",
    "moved",
    *(f"face_{v}" for v in range(1, 7)),
)
SEAT_FIELDS: Final = ("seat", "to_move", "start", "last_escape")
FEATURES: Final[tuple[str, ...]] = (
    *(f"r{r}.k{k}.{field}" for r in range(SEATS) for k in KINDS for field in FIGURE_FIELDS),
    *(f"r{r}.{field}" for r in range(SEATS) for field in SEAT_FIELDS),
    *(f"phase.{p.value}" for p in Phase),
    "stage_1",
    "stage_2",
    "round",
    *(f"reveals_{n}" for n in range(8)),
    *(f"deck.{t}" for t in deck.TILES),
    *(f"to_place.{t}" for t in TILE_ORDER),
    "setup.basic",
    "setup.advanced",
    "setup.bsw",
    *(f"players_{n}" for n in range(2, 8)),
)
"""The features after the planes, by name: ``rR.kK.*`` the figure of kind K of relative seat R
(``exists`` is 0 for a kind the seat does not have and for an empty seat; a figure on the
board is in the planes too); ``rR.last_escape`` when the seat's last figure got out (its rank
among all escapes / 28, 0 if none); ``round`` / 14; counts as fractions of the most there can
be (2 tiles of a kind in the deck, 11 tiles of a kind to place)."""
_F: Final = {name: k for k, name in enumerate(FEATURES)}
PLANE_VALUES: Final = len(PLANES) * CELLS
SIZE: Final = PLANE_VALUES + len(FEATURES)
"""How many values an observation has: 34 planes of 176 and 403 features (6,387)."""

_SQUARE_PLANE: Final = np.array([1.0 if on else 0.0 for on in board.ON_BOARD], np.float32)
_FIGURE_BASE: Final = _F[f"r0.k{KINDS[0]}.exists"]
_SEAT_BASE: Final = _F["r0.seat"]
_PLACES: Final = {WAITING: "waiting", OUT: "out", REMOVED: "removed"}


def new_observation() -> Array:
    """An array of :data:`SIZE` zeros to fill with :func:`observe`."""
    return np.zeros(SIZE, np.float32)


def planes(observation: Array) -> Array:
    """The board planes of an observation, as a ``(34, 11, 16)`` view."""
    return observation[:PLANE_VALUES].reshape(len(PLANES), board.ROWS, board.COLUMNS)


def features(observation: Array) -> Array:
    """The features of an observation (a view), named by :data:`FEATURES`."""
    return observation[PLANE_VALUES:]


def observe(state: GameState, seat: int, out: Array) -> Array:
    """Fill ``out`` (:data:`SIZE` float32 values) with ``state`` seen from ``seat``."""
    out.fill(0.0)
    grid = out[:PLANE_VALUES].reshape(len(PLANES), CELLS)
    feats = out[PLANE_VALUES:]
    players = state.players
    grid[_P["square"]] = _SQUARE_PLANE
    for sq, v in enumerate(state.cells):
        if v < 0:
            grid[STONE_PLANES[v], sq] = 1.0
    for sq in state.pools:
        grid[_P["pool"], sq] = 1.0
    for sq, pair, direction in state.teleporters:
        grid[_P[f"teleporter_{pair}"], sq] = 1.0
        grid[_P[f"arrow_{STEPS[direction]}"], sq] = 1.0
    grid[_P[f"monster_{STEPS[state.facing]}"], state.monster] = 1.0
    for f in state.figures:
        r = (f.owner - seat) % players
        slot = KINDS.index(f.kind)
        at = _FIGURE_BASE + (r * len(KINDS) + slot) * len(FIGURE_FIELDS)
        feats[at] = 1.0
        feats[at + FIGURE_FIELDS.index(_PLACES.get(f.where, "board"))] = 1.0
        feats[at + 5] = 1.0 if f.moved else 0.0
        feats[at + 5 + f.face] = 1.0
        if f.where >= 0:
            sq = f.where
            grid[_P[f"seat_{r}"], sq] = 1.0
            grid[_P[f"kind_{f.kind}"], sq] = 1.0
            grid[_P[f"face_{f.face}"], sq] = 1.0
            grid[_P["moved"], sq] = 1.0 if f.moved else 0.0
    last = {s: k + 1 for k, s in enumerate(state.escapes)}
    for s in range(players):
        at = _SEAT_BASE + ((s - seat) % players) * len(SEAT_FIELDS)
        feats[at] = 1.0
        feats[at + 1] = 1.0 if s == state.to_move else 0.0
        feats[at + 2] = 1.0 if s == state.start_player else 0.0
        feats[at + 3] = last.get(s, 0) / 28
    feats[_F[f"phase.{state.phase.value}"]] = 1.0
    feats[_F[f"stage_{state.stage}"]] = 1.0
    feats[_F["round"]] = state.round / 14
    feats[_F[f"reveals_{state.reveals}"]] = 1.0
    for tile, n in Counter(state.deck).items():
        feats[_F[f"deck.{tile}"]] = n / 2
    for tile, n in Counter(state.to_place).items():
        feats[_F[f"to_place.{tile}"]] = n / 11
    feats[_F[f"setup.{state.setup}"]] = 1.0
    feats[_F[f"players_{players}"]] = 1.0
    return out
