"""What the bots judge a move and a position by: how far a figure is from the exit, which
figures the monster sees (by the kernel's own sight), a score for each result of the move
search, and each seat's chance of winning guessed from the figures' places.

None of these is a rule: the rules are the kernel's, asked through ``line_of_sight`` and the
move search's results.
"""

from __future__ import annotations

import math

from fearsome_rules.core import encoding, kernel
from fearsome_rules.core.board import COLUMNS, RAY
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.state import GameState

WAITING_DISTANCE = 26
"""A waiting figure is one step before p11, which is 25 steps (rows + columns) from a1."""


def distance(where: int) -> int:
    """Steps from a figure's place (a square or the kernel's AT_WAITING/AT_OUT) to the exit
    a1 as the crow walks (rows + columns); a waiting figure is one step before p11, a figure
    out is past the exit."""
    if where < encoding.N_CELLS:
        return where // COLUMNS + where % COLUMNS
    return WAITING_DISTANCE if where == encoding.AT_WAITING else -1


def seen_figures(cells: bytes, monster: int, facing: int, mover: int, end: int) -> list[int]:
    """The figures (as cell codes) the monster sees from its square, ahead, to its left and
    to its right, by the kernel's own sight (MON-SIGHT-DIRS). ``cells`` lacks the moving
    figure, whose code ``mover`` is on ``end``."""
    board_after = bytearray(cells)
    if end < encoding.N_CELLS:
        board_after[end] = mover
    seen = []
    for d in (facing, (facing + 3) & 3, (facing + 1) & 3):
        sq = kernel.line_of_sight(board_after, monster, d) & 255
        if sq != encoding.NONE and 0 < board_after[sq] < encoding.FIRST_STONE:
            seen.append(board_after[sq])
    return seen


def exposure(data: bytes, seat: int) -> int:
    """How many of a seat's figures stand in a straight, unblocked line from the monster (a
    heuristic: any piece ends a line here, behind the monster too)."""
    per = data[encoding.FIGURES] // data[encoding.PLAYERS]
    exposed = 0
    for ray in RAY[data[encoding.MONSTER]]:
        for sq in ray:
            v = data[sq]
            if v:
                if v < encoding.FIRST_STONE and (v - 1) // per == seat:
                    exposed += 1
                break
    return exposed


class MoveJudge:
    """Scores the results of a player's move search as the greedy bot ranks them: out first,
    then fewer of the mover's figures in the monster's present lines of sight, then progress
    towards the exit (the weights keep that order)."""

    def __init__(self, state: GameState) -> None:
        data = state.data
        self.per = data[encoding.FIGURES] // data[encoding.PLAYERS]
        self.seat = state.to_move
        self.monster = data[encoding.MONSTER]
        self.facing = data[encoding.FACING]
        self.data = data

    def score(self, i: int, start: int, end: int, cells: bytes) -> int:
        """The score of figure ``i`` moving from ``start`` to ``end``, leaving ``cells``."""
        exposed = 0
        for code in seen_figures(cells, self.monster, self.facing, i + 1, end):
            if (code - 1) // self.per == self.seat:
                exposed += 1
        out = 1 if end == encoding.AT_OUT else 0
        return 1000 * out - 50 * exposed + distance(start) - distance(end)


OUT_VALUE = 1.0
"""What a figure out is worth; a figure inside is worth less the farther it is from the exit."""
INSIDE_SHARE = 0.8
"""What a figure on the exit square is worth, as a share of a figure out."""
SPARE_SHARE = 0.2
"""What the figures beyond those a seat needs out to win count for: one may be eaten."""
SHARPNESS = 4.0
"""How sharply a lead in figure values turns into a chance of winning (a softmax's scale)."""


def standing(data: bytes, seat: int) -> float:
    """A seat's progress: the values of its best figures, as many as it needs out to win
    (END-WIN), each between 0 (waiting or removed) and 1 (out), and ``SPARE_SHARE`` of the
    others' values."""
    per = data[encoding.FIGURES] // data[encoding.PLAYERS]
    values = []
    for i in range(seat * per, seat * per + per):
        place = data[encoding.PLACES + i]
        if place == encoding.AT_OUT:
            values.append(OUT_VALUE)
        elif place < encoding.N_CELLS:
            values.append(INSIDE_SHARE * (1 - distance(place) / WAITING_DISTANCE))
        else:
            values.append(0.0)
    values.sort(reverse=True)
    return math.fsum(values[: per - 1]) + SPARE_SHARE * math.fsum(values[per - 1 :])


def win_chances(state: GameState) -> list[float]:
    """Each seat's chance of winning: the outcome of a finished game (1 to its winner, shares
    when all share, 0 to all when nobody wins), or else a softmax of the seats' standings."""
    players = state.players
    result = outcome(state)
    if result is not None:
        chances = [0.0] * players
        for seat in result.winners:
            chances[seat] = 1 / len(result.winners)
        return chances
    data = state.data
    weights = [math.exp(SHARPNESS * standing(data, seat)) for seat in range(players)]
    total = math.fsum(weights)
    return [w / total for w in weights]
