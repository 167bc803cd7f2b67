"""The board for the naive implementation, written from spec/board.md alone (BRD-SQUARES,
BRD-CORNERS, BRD-WRAP) and spec/README.md (directions). Names in, names out; no speed tricks."""

from __future__ import annotations

COLUMNS = "abcdefghijklmnop"
EXIT = "a1"
ENTRANCE = "p11"
DIRECTIONS = ("N", "E", "S", "W")
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
LEFT = {"N": "W", "E": "N", "S": "E", "W": "S"}
RIGHT = {"N": "E", "E": "S", "S": "W", "W": "N"}
BEHIND = {"N": "S", "E": "W", "S": "N", "W": "E"}


def on_board(r: int, c: int) -> bool:
    """BRD-SQUARES point 3."""
    return 0 <= r <= 10 and 0 <= c <= 15 and c - r <= 11 and r - c <= 6


def name(r: int, c: int) -> str:
    return COLUMNS[c] + str(r + 1)


def pair(square: str) -> tuple[int, int]:
    return int(square[1:]) - 1, COLUMNS.index(square[0])


SQUARES = tuple(name(r, c) for r in range(11) for c in range(16) if on_board(r, c))


def neighbour(square: str, direction: str) -> str | None:
    """The adjacent square in that direction, or None where that side is an outer wall."""
    r, c = pair(square)
    dr, dc = STEP[direction]
    if on_board(r + dr, c + dc):
        return name(r + dr, c + dc)
    return None


def wrap(square: str) -> str:
    """BRD-WRAP: leaving the board through any wall of (r, c) re-enters on (10 - r, 15 - c)."""
    r, c = pair(square)
    return name(10 - r, 15 - c)


def direction_between(a: str, b: str) -> str | None:
    """The direction of a step from a to an adjacent b, or None if they are not adjacent."""
    for d in DIRECTIONS:
        if neighbour(a, d) == b:
            return d
    return None


assert len(SQUARES) == 156
