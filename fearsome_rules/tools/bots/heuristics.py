"""What the bots judge a move and a position by: how far a figure is from the exit, which
figures the monster sees (by the kernel's own sight), a score for each result of the move
search, and each seat's chance of winning guessed from the figures' places.

None of these is a rule: the rules are the kernel's, asked through the core's view of a board
(``Board.sight``) and the move search's results.
"""

from __future__ import annotations

import math

from fearsome_rules.core.board import COLUMNS, OUT, RAY, WAITING, is_square, is_stone
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.moves import MoveResult
from fearsome_rules.core.state import GameState, kinds_for
from fearsome_rules.core.view import Arrays, Board, arrays

WAITING_DISTANCE = 26
"""A waiting figure is one step before p11, which is 25 steps (rows + columns) from a1."""


def distance(where: int) -> int:
    """Steps from a figure's place (a square, ``WAITING`` or ``OUT``) to the exit a1 as the
    crow walks (rows + columns); a waiting figure is one step before p11, a figure out is past
    the exit."""
    if is_square(where):
        return where // COLUMNS + where % COLUMNS
    return WAITING_DISTANCE if where == WAITING else -1


def seen_figures(board: Board, monster: int, facing: int) -> list[int]:
    """The figures (as piece codes: index + 1) the monster sees from its square, ahead, to its
    left and to its right, by the kernel's own sight (MON-SIGHT-DIRS)."""
    seen = []
    for d in (facing, (facing + 3) & 3, (facing + 1) & 3):
        piece = board.sight(monster, d).piece
        if piece and not is_stone(piece):
            seen.append(piece)
    return seen


def exposure(state: GameState, seat: int) -> int:
    """How many of a seat's figures stand in a straight, unblocked line from the monster (a
    heuristic: any piece ends a line here, behind the monster too)."""
    cells = state.cells
    per = len(kinds_for(state.players))
    exposed = 0
    for ray in RAY[state.monster]:
        for sq in ray:
            v = cells[sq]
            if v:
                if not is_stone(v) and (v - 1) // per == seat:
                    exposed += 1
                break
    return exposed


class MoveJudge:
    """Scores the results of a player's move search as the greedy bot ranks them: out first,
    then fewer of the mover's figures in the monster's present lines of sight, then progress
    towards the exit (the weights keep that order)."""

    def __init__(self, state: GameState) -> None:
        self.seen = arrays(state)
        self.seat = state.to_move

    def score(self, result: MoveResult) -> int:
        """The score of a move by what it leads to."""
        at = self.seen
        after = result.board.with_figure(result.figure, result.end)
        exposed = 0
        for code in seen_figures(after, at.monster, at.facing):
            if (code - 1) // at.per_seat == self.seat:
                exposed += 1
        out = 1 if result.end == OUT else 0
        return 1000 * out - 50 * exposed + distance(result.start) - distance(result.end)


OUT_VALUE = 1.0
"""What a figure out is worth; a figure inside is worth less the farther it is from the exit."""
INSIDE_SHARE = 0.8
"""What a figure on the exit square is worth, as a share of a figure out."""
SPARE_SHARE = 0.2
"""What the figures beyond those a seat needs out to win count for: one may be eaten."""
SHARPNESS = 4.0
"""How sharply a lead in figure values turns into a chance of winning (a softmax's scale)."""


def standing(at: Arrays, seat: int) -> float:
    """A seat's progress: the values of its best figures, as many as it needs out to win
    (END-WIN), each between 0 (waiting or removed) and 1 (out), and ``SPARE_SHARE`` of the
    others' values."""
    per = at.per_seat
    values = []
    for place in at.places[seat * per : seat * per + per]:
        if place == OUT:
            values.append(OUT_VALUE)
        elif is_square(place):
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
    at = arrays(state)
    weights = [math.exp(SHARPNESS * standing(at, seat)) for seat in range(players)]
    total = math.fsum(weights)
    return [w / total for w in weights]
