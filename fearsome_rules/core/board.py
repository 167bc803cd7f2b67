"""The board: squares, names, directions, walls and the monster's wrap.

Implements BRD-SQUARES, BRD-CORNERS, BRD-WALLS, BRD-WRAP and BRD-LAYOUT.

Inside the engine a square is a plain ``int``: ``row * 16 + column`` with row 0 the north row
(``a1``..``l1``) and column 0 the west column (``a``). People read and write squares as names
(``a1``..``p11``); :func:`square` and :func:`name` convert between the two.

This module owns the one encoding of squares, places and pieces that the whole core uses, the
kernel's bytes included: a square is its cell index (0..175); a place (where a figure is) is a
square, :data:`WAITING`, :data:`OUT` or :data:`REMOVED`; a piece (what a cell holds) is
:data:`EMPTY`, a figure's index + 1, or a stone's code (:data:`STONE`, :data:`CRYSTAL`,
:data:`TURN_RIGHT`, :data:`TURN_ABOUT`). Every value fits a byte, because the kernel keeps the
position in bytes: what a state hands out is what the kernel stores, with nothing to translate.
The values above the squares are at the top of the byte so that a test against :data:`CELLS`
(:func:`is_square`) or :data:`FIRST_STONE` (:func:`is_stone`) tells them apart, and so that an
index with one of them fails (``NAMES[OFF]``) instead of reading the last cell as -1 did.
"""

from __future__ import annotations

from typing import Final, TypeAlias

from fearsome_rules.core.errors import NotationError, NotationTypeError, quote

Square: TypeAlias = int
"""A square, at every door of the package that takes or gives one as a value: its cell index
``row * 16 + column`` (0..175), as python-chess's ``Square`` is an ``int``. Its name (``a1``..
``p11``) is its notation, the text of actions, events and formats: :func:`name` writes it,
:func:`square` reads it, and each refuses the other spelling with a NotationTypeError."""

ROWS: Final = 11
COLUMNS: Final = 16
CELLS: Final = ROWS * COLUMNS  # size of the per-square arrays (156 squares + 20 cut-out cells)

COLUMN_LETTERS: Final = "abcdefghijklmnop"

# Directions: index into the step tables. Left of d is (d + 3) % 4, right is (d + 1) % 4.
NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
DIRECTIONS: Final = (NORTH, EAST, SOUTH, WEST)
DIRECTION_LETTERS: Final = "NESW"
_DR: Final = (-1, 0, 1, 0)
_DC: Final = (0, 1, 0, -1)

# Places and pieces: one byte each (the module's docstring). OFF is also REMOVED: a figure out of
# the game has no square, and a step off the board leads to none.
OFF: Final = 255  # "no square": the step leaves the board, a line of sight ends at the wall
WAITING: Final = 253  # beside the entrance: not entered yet, or eaten in stage 1 (SET-WAITING)
OUT: Final = 254  # escaped through the exit (FIG-EXIT); also a path's last entry ``out``
REMOVED: Final = 255  # eaten in stage 2, or inside when the game ended (STAGE-TWO, STAGE-TWO-END)
PLACE_NAMES: Final = {WAITING: "waiting", OUT: "out", REMOVED: "removed"}
"""The places that are not squares, by name (a square's name is :func:`name`)."""

EMPTY: Final = 0  # a cell holding nothing; 1..28 hold a figure (its index + 1)
FIRST_STONE: Final = 252  # the stones' codes are the top four bytes
TURN_ABOUT: Final = 252  # ADV-TURN: turns the monster 180 degrees (the two turning stones
# follow each other: the kernel tests for them with one range)
TURN_RIGHT: Final = 253  # ADV-TURN: turns the monster 90 degrees clockwise
CRYSTAL: Final = 254  # ADV-CRYSTAL: the monster sees through it
STONE: Final = 255  # a plain stone: the basic game's stones, and 3 fronts in the advanced game
STONE_KINDS: Final = {
    STONE: "stone",
    CRYSTAL: "crystal",
    TURN_RIGHT: "turn_right",
    TURN_ABOUT: "turn_about",
}
"""Each stone's code by its kind's name (the state's JSON and position strings use the names)."""


def is_square(place: int) -> bool:
    """Whether a place (``Figure.where``, a path entry) is a square of the board, rather than
    ``WAITING``, ``OUT`` or ``REMOVED``."""
    return place < CELLS


def is_stone(piece: int) -> bool:
    """Whether a piece (an entry of ``GameState.cells``) is a stone of any kind."""
    return piece >= FIRST_STONE


def on_board(row: int, column: int) -> bool:
    """Whether (row, column) is one of the 156 squares (BRD-SQUARES)."""
    return 0 <= row < ROWS and 0 <= column < COLUMNS and column - row <= 11 and row - column <= 6


SQUARES: Final[tuple[int, ...]] = tuple(
    r * COLUMNS + c for r in range(ROWS) for c in range(COLUMNS) if on_board(r, c)
)
ON_BOARD: Final[tuple[bool, ...]] = tuple(on_board(i // COLUMNS, i % COLUMNS) for i in range(CELLS))

EXIT: Final = 0  # a1 (BRD-CORNERS)
ENTRANCE: Final = 10 * COLUMNS + 15  # p11 (BRD-CORNERS)
CORNERS: Final = frozenset((EXIT, ENTRANCE))


def _step(sq: int, d: int) -> int:
    r, c = divmod(sq, COLUMNS)
    r2, c2 = r + _DR[d], c + _DC[d]
    return r2 * COLUMNS + c2 if on_board(r2, c2) else OFF


# NEIGHBOUR[sq][d]: the square one step from sq towards d, or OFF.
NEIGHBOUR: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (_step(i, 0), _step(i, 1), _step(i, 2), _step(i, 3)) if ON_BOARD[i] else (OFF, OFF, OFF, OFF)
    for i in range(CELLS)
)


def _ray(sq: int, d: int) -> tuple[int, ...]:
    out: list[int] = []
    nxt = NEIGHBOUR[sq][d]
    while nxt != OFF:
        out.append(nxt)
        nxt = NEIGHBOUR[nxt][d]
    return tuple(out)


# RAY[sq][d]: the squares from sq towards d up to the wall, nearest first (sight, MON-SIGHT-BLOCK).
RAY: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_ray(i, d) for d in DIRECTIONS) if ON_BOARD[i] else ((), (), (), ()) for i in range(CELLS)
)


def wrap_square(sq: int) -> int:
    """The square where the monster re-enters after leaving ``sq`` through a wall (BRD-WRAP).

    The two copies of each wall letter are images under a half turn about the board's centre,
    so whichever wall of ``sq`` it crosses, the monster comes back on (10 - row, 15 - column).
    """
    r, c = divmod(sq, COLUMNS)
    return (ROWS - 1 - r) * COLUMNS + (COLUMNS - 1 - c)


WRAP: Final[tuple[int, ...]] = tuple(wrap_square(i) if ON_BOARD[i] else OFF for i in range(CELLS))


def _wall_letter(sq: int, d: int) -> str:
    r, c = divmod(sq, COLUMNS)
    if d == NORTH and r == 0:
        return "ABCDEFGHIJKL"[c]
    if d == SOUTH and r == ROWS - 1:
        return "ABCDEFGHIJKL"[COLUMNS - 1 - c]
    if d == EAST and c == COLUMNS - 1:
        return "*" if r == ROWS - 1 else "UVWXYZ"[r - 4]
    if d == WEST and c == 0:
        return "*" if r == 0 else "ZYXWVU"[r - 1]
    # The north-east staircase: M east of l1, then N/O around m2, P/Q around n3, R/S around o4,
    # T north of p5; the south-west staircase is its half-turn image.
    if r <= 4 and c >= 11:
        k = 2 * (c - 11) + (0 if d == EAST else -1)
        return "MNOPQRST"[k]
    c2 = COLUMNS - 1 - c
    k = 2 * (c2 - 11) + (0 if d == WEST else -1)
    return "MNOPQRST"[k]


# WALL[sq][d]: the letter of the wall crossed when stepping from sq towards d, or "" if no wall.
WALL: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(_wall_letter(i, d) if ON_BOARD[i] and NEIGHBOUR[i][d] == OFF else "" for d in DIRECTIONS)
    for i in range(CELLS)
)

_NAMES: Final[dict[int, str]] = {
    sq: f"{COLUMN_LETTERS[sq % COLUMNS]}{sq // COLUMNS + 1}" for sq in SQUARES
}
_BY_NAME: Final[dict[str, int]] = {v: k for k, v in _NAMES.items()}


NAMES: Final[tuple[str, ...]] = tuple(_NAMES.get(i, "") for i in range(CELLS))
"""NAMES[sq]: the name of square index sq ("" for the cut-out cells)."""
NAME_SET: Final = frozenset(_NAMES.values())


def name(sq: Square) -> str:
    """The name (``a1``..``p11``) of square ``sq`` (BRD-SQUARES)."""
    if isinstance(sq, (str, bool)):  # a name, or True for b1, would pass unseen
        raise NotationTypeError("board.name(sq)", "a square (int)", sq)
    try:
        return _NAMES[sq]
    except KeyError:
        raise NotationError(f"{quote(sq)} is not a square of the board") from None


def square(text: str) -> Square:
    """The square named ``text``, such as ``"c3"`` (BRD-SQUARES); raises NotationError."""
    if not isinstance(text, str):
        raise NotationTypeError("board.square(text)", "a square name such as 'c3'", text)
    sq = _BY_NAME.get(text.strip().lower())
    if sq is None:
        raise NotationError(
            f"{quote(text)} is not a square: squares are a1..p11 (column a-p west to east, "
            "row 1-11 north to south) within the board's shape"
        )
    return sq


def direction(text: str) -> int:
    """The direction index of ``N``, ``E``, ``S`` or ``W`` (case-insensitive)."""
    t = text.strip().upper() if isinstance(text, str) else ""
    if len(t) != 1 or t not in DIRECTION_LETTERS:
        raise NotationError(f"{quote(text)} is not a direction: use N, E, S or W")
    return DIRECTION_LETTERS.index(t)


def step_direction(a: int, b: int) -> int:
    """The direction from ``a`` to its orthogonal neighbour ``b``, or OFF if not neighbours."""
    n = NEIGHBOUR[a]
    for d in DIRECTIONS:
        if n[d] == b:
            return d
    return OFF


# BRD-LAYOUT: the basic game's stones and blood pools.
BASIC_STONES: Final = frozenset(
    square(s) for s in ("c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10")
)
BASIC_POOLS: Final = frozenset(square(s) for s in ("i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"))


def line(a: int, b: int) -> list[int]:
    """The squares from ``a`` to ``b`` along a row or column, both included ([] if neither)."""
    ra, ca = divmod(a, COLUMNS)
    rb, cb = divmod(b, COLUMNS)
    if ra == rb:
        step = 1 if cb >= ca else -1
        return [ra * COLUMNS + c for c in range(ca, cb + step, step)]
    if ca == cb:
        step = 1 if rb >= ra else -1
        return [r * COLUMNS + ca for r in range(ra, rb + step, step)]
    return []
