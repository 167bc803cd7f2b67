"""Simple bots and a seeded driver: the randomness lives here, never in the rules core."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction

from fearsome_rules.actions import Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.board import RAY
from fearsome_rules.game import apply, chance_outcomes, legal_moves
from fearsome_rules.placement import legal_placements
from fearsome_rules.state import GameState, Phase

Bot = Callable[[GameState, random.Random], FigureMove]


def random_bot(state: GameState, rng: random.Random) -> FigureMove:
    """Any legal move, uniformly among the distinct results."""
    return rng.choice(legal_moves(state))


def _exposure(state: GameState, seat: int) -> int:
    """How many of a seat's figures stand in a straight, unblocked line from the monster."""
    cells = state.cells
    exposed = 0
    for ray in RAY[state.monster]:
        for sq in ray:
            v = cells[sq]
            if v:
                if v > 0 and state.figures[v - 1].owner == seat:
                    exposed += 1
                break
    return exposed


def runner_bot(state: GameState, rng: random.Random) -> FigureMove:
    """Greedy: get figures out, then closer to the exit, keeping out of the monster's lines."""
    seat = state.to_move

    def score(move: FigureMove) -> tuple[int, int, float]:
        after = apply(state, move)
        progress = 0
        for f in after.figures:
            if f.owner != seat:
                continue
            if f.where == -2:
                progress += 100
            elif f.where >= 0:
                progress += 40 - (f.where // 16 + f.where % 16)
        return (after.escaped(seat), progress - 15 * _exposure(after, seat), rng.random())

    return max(legal_moves(state), key=score)


def draw_tile(state: GameState, rng: random.Random) -> Reveal:
    """A chance outcome drawn with its exact probability (a shuffled deck's top tile)."""
    outcomes = chance_outcomes(state)
    x = Fraction(rng.randrange(1 << 30), 1 << 30)
    acc = Fraction(0)
    for reveal, p in outcomes:
        acc += p
        if x < acc:
            return reveal
    return outcomes[-1][0]


def random_placement(state: GameState, rng: random.Random) -> PlaceTile:
    """Any legal tile placement (ADV-SETUP), uniformly."""
    return rng.choice(legal_placements(state))


def play(state: GameState, bots: list[Bot], seed: int) -> Iterator[tuple[Action, GameState]]:
    """Play a game to its end, yielding each action and the state after it.

    Tiles are placed at random in a placement phase; the bots move the figures.
    """
    rng = random.Random(seed)
    while state.phase is not Phase.OVER:
        action: Action
        if state.phase is Phase.MONSTER:
            action = draw_tile(state, rng)
        elif state.phase is Phase.PLACEMENT:
            action = random_placement(state, rng)
        else:
            action = bots[state.to_move](state, rng)
        state = apply(state, action)
        yield action, state
