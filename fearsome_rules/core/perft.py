"""Perft: counting the game tree, to check move generation against another implementation.

``perft(state, depth)`` returns, for each depth d = 1..depth, two numbers:

- **paths**: the number of distinct action sequences of length d. In the figure phase every
  distinct legal path of every figure the player to move may move is one action (so two paths
  with the same result count twice; the zero move is a path); in the monster phase every
  distinct tile that can be revealed is one action (DECK-REVEAL, DECK-FIRST); in the placement
  phase every legal placement; a finished game has none.
- **states**: the number of distinct states reached after exactly d actions.

The counts are computed layer by layer with a multiset of states, so paths that meet in one
state are counted without being listed. ``divide`` gives the same numbers per first action,
as chess programs do, to find where two implementations part.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs

from fearsome_rules.core.actions import Action
from fearsome_rules.core.errors import ArgumentError, whole_number
from fearsome_rules.core.game import apply, chance_outcomes
from fearsome_rules.core.moves import path_counts
from fearsome_rules.core.state import GameState, Phase, wrong_state
from fearsome_rules.core.turns import movers


@attrs.frozen
class PerftLine:
    """The counts at one depth."""

    depth: int
    paths: int
    states: int


def children(state: GameState) -> Iterator[tuple[Action, GameState, int]]:
    """Each distinct successor with one action leading to it and the number of distinct actions
    that lead to it from ``state``."""
    if state.phase is Phase.FIGURES:
        for _i, f in movers(state, None):
            for move, n in path_counts(state, f.name):
                yield move, apply(state, move), n
    elif state.phase is Phase.MONSTER:
        for reveal, _p in chance_outcomes(state):
            yield reveal, apply(state, reveal), 1
    elif state.phase is Phase.PLACEMENT:
        from fearsome_rules.core.placement import legal_placements

        for placement in legal_placements(state):
            yield placement, apply(state, placement), 1


def perft(state: GameState, depth: int) -> list[PerftLine]:
    """The paths and distinct states at each depth 1..``depth`` below ``state``.

    >>> import fearsome_rules as fr
    >>> for line in fr.perft(fr.new_game(3), 2):
    ...     print(line)
    PerftLine(depth=1, paths=128, states=46)
    PerftLine(depth=2, paths=14699, states=1848)
    """
    return list(perft_lines(state, depth))


def perft_lines(state: GameState, depth: int) -> Iterator[PerftLine]:
    """:func:`perft`'s lines one by one, each as soon as its depth is counted."""
    _check(state, depth, "perft")
    layer: Counter[GameState] = Counter({state: 1})
    for d in range(1, depth + 1):
        nxt: Counter[GameState] = Counter()
        for s, n in layer.items():
            for _action, child, k in children(s):
                nxt[child] += n * k
        yield PerftLine(d, sum(nxt.values()), len(nxt))
        layer = nxt


def estimate(state: GameState, depth: int) -> int:
    """A rough count of the states held at ``depth``: the first ply's distinct states to the
    power ``depth`` (positions of one phase branch alike; the placement phase's first plies
    branch by about 2,000). Cheap: one ply is counted."""
    first = sum(1 for _ in children(state))
    return int(first**depth)


def divide(state: GameState, depth: int) -> dict[str, PerftLine]:
    """Per first action (in notation; for a figure, a shortest path to each distinct result
    stands for all the paths to that result): the counts at ``depth`` below ``state``.

    The paths of the first action are multiplied in, so the values' paths sum to the
    ``perft`` paths at ``depth``; states may overlap between first actions.

    >>> import fearsome_rules as fr
    >>> counts = fr.divide(fr.new_game(3), 2)
    >>> counts["A1 p11"]
    PerftLine(depth=2, paths=108, states=42)
    >>> sum(line.paths for line in counts.values())
    14699
    """
    _check(state, depth, "divide")
    out: dict[str, PerftLine] = {}
    for action, child, k in children(state):
        if depth <= 1:
            out[str(action)] = PerftLine(depth, k, 1)
        else:
            last = perft(child, depth - 1)[-1]
            out[str(action)] = PerftLine(depth, k * last.paths, last.states)
    return out


def _check(state: object, depth: object, function: str) -> None:
    if not isinstance(state, GameState):
        raise wrong_state(function, state)
    if whole_number(depth, f"{function}(depth)") < 1:
        raise ArgumentError(f"{function}(depth)", f"{depth}: the depth is at least 1")
