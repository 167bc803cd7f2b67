"""Simple bots (random, runner, greedy) and a seeded driver: the randomness lives here, never
in the rules core."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.core.board import COLUMNS, OUT, is_square
from fearsome_rules.core.game import apply, chance_outcomes, legal_moves
from fearsome_rules.core.moves import MoveResult, MoveSearch
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import GameState, Phase
from fearsome_rules.core.view import arrays
from fearsome_rules.tools.bots.heuristics import distance, exposure, seen_figures

Bot = Callable[[GameState, random.Random], FigureMove]


def random_order(rng: random.Random) -> Callable[[Action], bytes]:
    """A random order of actions, from a single draw from ``rng``: an action's key is a keyed
    hash of its notation, so where it falls does not depend on which other actions are offered.

    The greedy and runner bots break ties, and random tile placements are drawn, with the
    smallest key.
    One draw a choice, however many actions there are, and the same pick whenever it is still
    offered: a game played again under another reading (``fearsome-rules readings``) stays the
    same game until the reading changes a move that is actually played, instead of drifting
    apart because a list of moves nobody chose grew or shrank.
    """
    keyed = hashlib.blake2b(key=rng.getrandbits(64).to_bytes(8, "little"), digest_size=8)

    def key(action: Action) -> bytes:
        h = keyed.copy()  # the key's block hashed once, not once per action
        h.update(str(action).encode())
        return h.digest()

    return key


def best(
    moves: Sequence[FigureMove], scores: Sequence[tuple[int, ...]], rng: random.Random
) -> FigureMove:
    """The move with the highest score, ties broken in a :func:`random_order`."""
    top = max(scores)
    tied = [m for m, sc in zip(moves, scores, strict=True) if sc == top]
    key = random_order(rng)  # drawn even for a single best move: one draw a choice
    return tied[0] if len(tied) == 1 else min(tied, key=key)


def random_bot(state: GameState, rng: random.Random) -> FigureMove:
    """Any legal move, uniformly among the distinct results, from one 64-bit draw, naming only
    the move drawn. (Not the first in a :func:`random_order`: naming and hashing every move made
    random games five times slower. So a random move, unlike a tie, is not kept when the list
    of moves changes.)"""
    found = MoveSearch(state)
    return found.move(rng.getrandbits(64) % len(found))


def runner_bot(state: GameState, rng: random.Random) -> FigureMove:
    """Greedy: get figures out, then closer to the exit, keeping out of the monster's lines."""
    seat = state.to_move

    def score(move: FigureMove) -> tuple[int, int]:
        after = apply(state, move)
        at = arrays(after)
        progress = 0
        for place in at.places[seat * at.per_seat : (seat + 1) * at.per_seat]:
            if place == OUT:
                progress += 100
            elif is_square(place):
                progress += 40 - (place // COLUMNS + place % COLUMNS)
        return (after.escaped(seat), progress - 15 * exposure(after, seat))

    moves = legal_moves(state)
    return best(moves, [score(m) for m in moves], rng)


def greedy_bot(state: GameState, rng: random.Random) -> FigureMove:
    """Greedy and careful: escape when it can; otherwise keep its figures out of the monster's
    current lines of sight (ahead, left and right of where it stands and faces); then make the
    most progress towards the exit a1. Ties are broken at random with ``rng``.

    The monster walks only after everyone has moved, so what it would see now is what it will
    chase first. Each move is judged from the move search's own result (where the figure ends,
    which stones it pushed), without building the state after it.
    """
    seat = state.to_move
    found = MoveSearch(state)
    per = len(state.figures) // state.players

    def score(result: MoveResult) -> tuple[int, int, int]:
        after = result.board.with_figure(result.figure, result.end)
        seen = seen_figures(after, state.monster, state.facing)
        exposed = sum(1 for v in seen if (v - 1) // per == seat)
        gain = distance(result.start) - distance(result.end)
        return (int(result.end == OUT), -exposed, gain)

    return best(found.moves(), [score(r) for r in found.results()], rng)


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
    """Any legal tile placement (ADV-SETUP), uniformly (the first in a :func:`random_order`)."""
    return min(legal_placements(state), key=random_order(rng))


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
