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
turn, round, stage and the order of escapes (END-MOST's tie-break). It reads the figures as
the core's arrays (``core/view.py``: no Figure objects built), as the bots do, and the rest
from the state's properties; numpy is needed (both frameworks bring it).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import numpy as np
import numpy.typing as npt

from fearsome_rules.core import board, deck
from fearsome_rules.core.board import (
    CRYSTAL,
    OUT,
    REMOVED,
    STONE,
    TURN_ABOUT,
    TURN_RIGHT,
    WAITING,
    is_square,
)
from fearsome_rules.core.layout import TILE_ORDER
from fearsome_rules.core.state import GameState, Phase, kinds_for
from fearsome_rules.core.view import arrays
from fearsome_rules.tools.adapters.action_encoding import KINDS, STEPS

Array = npt.NDArray[np.float32]

SEATS: Final = 7
STONE_PLANES: Final = {STONE: 1, CRYSTAL: 2, TURN_RIGHT: 3, TURN_ABOUT: 4}
"""The plane of each kind of stone, by its code in ``GameState.cells``."""
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
_FIGURE_AT: Final = PLANE_VALUES + _FIGURE_BASE
_SLOTS: Final = {
    n: [(KINDS.index(k), _P[f"kind_{k}"] * CELLS) for k in kinds_for(n)] for n in range(2, 8)
}
"""Per player count, each figure of a seat (by its index there): its slot, its kind's plane."""
_SEAT_PLANE: Final = [_P[f"seat_{r}"] * CELLS for r in range(SEATS)]
_FACE_PLANE: Final = [0, *(_P[f"face_{v}"] * CELLS for v in range(1, 7))]
_MOVED_PLANE: Final = _P["moved"] * CELLS
_PLACE_FIELD: Final = {
    WAITING: FIGURE_FIELDS.index("waiting"),
    OUT: FIGURE_FIELDS.index("out"),
    REMOVED: FIGURE_FIELDS.index("removed"),
}
"""A figure's place off the board -> its field; on a square: ``board``."""


def new_observation() -> Array:
    """An array of :data:`SIZE` zeros to fill with :func:`observe`."""
    return np.zeros(SIZE, np.float32)


def planes(observation: Array) -> Array:
    """The board planes of an observation, as a ``(34, 11, 16)`` view."""
    return observation[:PLANE_VALUES].reshape(len(PLANES), board.ROWS, board.COLUMNS)


def features(observation: Array) -> Array:
    """The features of an observation (a view), named by :data:`FEATURES`."""
    return observation[PLANE_VALUES:]


def observe(state: GameState, seat: int, out: Array | None = None) -> Array:
    """``state`` seen from ``seat``: ``out`` (:data:`SIZE` float32 values) filled, or a new
    array."""
    if out is None:
        out = new_observation()
    else:
        out.fill(0.0)
    out[:CELLS] = _SQUARE_PLANE
    cells = np.array(state.cells, np.uint8)
    for code, plane in STONE_PLANES.items():
        out[plane * CELLS : (plane + 1) * CELLS][cells == code] = 1.0
    # The rest is a few dozen values: their indices are gathered, then set at once.
    ones = [_P["pool"] * CELLS + sq for sq in state.pools]
    for sq, pair, direction in state.teleporters:
        ones += [
            _P[f"teleporter_{pair}"] * CELLS + sq,
            _P[f"arrow_{STEPS[direction]}"] * CELLS + sq,
        ]
    ones.append(_P[f"monster_{STEPS[state.facing]}"] * CELLS + state.monster)
    figures = arrays(state)
    players = figures.players
    per = figures.per_seat
    slots = _SLOTS[players]
    for i, place in enumerate(figures.places):
        r = (i // per - seat) % players
        slot, kind_plane = slots[i % per]
        face = figures.faces[i]
        moved = figures.moved[i]
        at = _FIGURE_AT + (r * len(KINDS) + slot) * len(FIGURE_FIELDS)
        ones += [at, at + _PLACE_FIELD.get(place, 2), at + 5 + face]
        if moved:
            ones.append(at + 5)
        if is_square(place):
            ones += [_SEAT_PLANE[r] + place, kind_plane + place, _FACE_PLANE[face] + place]
            if moved:
                ones.append(_MOVED_PLANE + place)
    for s in range(players):
        at = PLANE_VALUES + _SEAT_BASE + ((s - seat) % players) * len(SEAT_FIELDS)
        ones.append(at)
        if s == state.to_move:
            ones.append(at + 1)
        if s == state.start_player:
            ones.append(at + 2)
    for name in (
        f"phase.{state.phase.value}",
        f"stage_{state.stage}",
        f"reveals_{state.reveals}",
        f"setup.{state.setup}",
        f"players_{players}",
    ):
        ones.append(PLANE_VALUES + _F[name])
    out[ones] = 1.0
    feats = out[PLANE_VALUES:]
    for k, s in enumerate(state.escapes):  # the last escape of each seat wins
        feats[_SEAT_BASE + ((s - seat) % players) * len(SEAT_FIELDS) + 3] = (k + 1) / 28
    feats[_F["round"]] = state.round / 14
    deck_at = _F[f"deck.{deck.TILES[0]}"]
    feats[deck_at : deck_at + len(deck.TILES)] = figures.deck
    feats[deck_at : deck_at + len(deck.TILES)] /= 2
    for tile, n in Counter(state.to_place).items():
        feats[_F[f"to_place.{tile}"]] = n / 11
    return out
