"""Many games and many walks at once, inside the kernel: for search and simulation.

:func:`playouts` plays whole seeded random games from a position with no Python call per
action, and :func:`walks` carries out one monster tile many times (:func:`walk_steps`: a walk
of any length); they run in compiled code in the compiled build. The playouts' random stream
is the kernel's own small seeded generator (xorshift64*), so one seed gives the same games in
the pure and the compiled build. The rules are the kernel's, the very functions
:func:`fearsome_rules.apply` calls.
"""

from __future__ import annotations

import attrs

from fearsome_rules.core import _encoding, _kernel
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.endings import Outcome, ranked
from fearsome_rules.core.errors import ArgumentError, IllegalActionError, quote, whole_number
from fearsome_rules.core.state import GameState, Phase, wrong_state


@attrs.frozen
class Playout:
    """One random game played out: how it ended, and the round it ended in."""

    outcome: Outcome
    rounds: int


def playouts(state: GameState, games: int, seed: int = 0) -> list[Playout]:
    """Play ``games`` random games on from ``state`` (any phase but tile placement): every
    player makes a move drawn uniformly from its legal moves (one per distinct result, as
    :func:`fearsome_rules.legal_moves` lists them) and every tile is drawn at random from those
    left, the first of the game never a hit tile (DECK-REVEAL, DECK-FIRST). Game ``g`` is
    seeded with ``seed + g``.

    >>> import fearsome_rules as fr
    >>> games = fr.playouts(fr.new_game(2), 3, seed=1)
    >>> [(p.outcome.rule, p.rounds) for p in games] == [
    ...     (p.outcome.rule, p.rounds) for p in fr.playouts(fr.new_game(2), 3, seed=1)
    ... ]
    True
    """
    if not isinstance(state, GameState):
        raise wrong_state("playouts", state)
    if whole_number(games, "playouts(games)") < 0:
        raise ArgumentError("playouts(games)", f"{games}: not a number of games")
    if not 0 <= whole_number(seed, "playouts(seed)") < 2**64:
        raise ArgumentError("playouts(seed)", f"{quote(seed)}: a seed is from 0 to 2**64 - 1")
    if state.phase is Phase.PLACEMENT:
        raise IllegalActionError("PLACE-ORDER", "playouts start once every tile is placed")
    players = state.players
    size = 2 + 2 * players
    out = _kernel.playouts(state.data, state.layout, state.setting.flags, games, seed)
    results: list[Playout] = []
    for g in range(games):
        row = out[g * size : (g + 1) * size]
        counts = tuple(row[2 : 2 + players])
        ranking = tuple(row[2 + players :])
        outcome = ranked(_encoding.ENDINGS[row[0]], counts, ranking, state.options)
        results.append(Playout(outcome, row[1]))
    return results


def walks(state: GameState, tile: str, times: int) -> int:
    """Carry out monster tile ``tile`` ``times`` times from ``state`` (each time from the same
    position), returning the figures hit in all of them; for measuring the walk without a
    Python call per walk. The tile need not be one the deck still holds."""
    if not isinstance(state, GameState):
        raise wrong_state("walks", state)
    if not isinstance(tile, str) or tile not in TILES:
        raise ArgumentError("walks(tile)", f"{quote(tile)}: one of {' '.join(TILES)}")
    t = TILES.index(tile)
    return _walks(state, _encoding.TILE_STEPS[t], _encoding.TILE_HITS[t], times, "walks")


def walk_steps(state: GameState, steps: int, times: int = 1) -> int:
    """Walk the monster exactly ``steps`` steps (0 to 20, with no limit of hits) ``times``
    times from ``state``, returning the figures hit in all of them: the cost of a walk by its
    length, which no tile gives (the tiles walk 5, 7, 8, 10 or 20 steps)."""
    if not isinstance(state, GameState):
        raise wrong_state("walk_steps", state)
    if not 0 <= whole_number(steps, "walk_steps(steps)") <= MAX_STEPS:
        raise ArgumentError("walk_steps(steps)", f"{quote(steps)}: from 0 to {MAX_STEPS}")
    return _walks(state, steps, 0, times, "walk_steps")


MAX_STEPS = max(_encoding.TILE_STEPS)
"""The longest walk :func:`walk_steps` takes: a hit tile's 20 steps (MON-HITS)."""


def _walks(state: GameState, steps: int, hits: int, times: int, name: str) -> int:
    if not 0 <= whole_number(times, f"{name}(times)") < 2**31:  # the kernel's C int
        raise ArgumentError(f"{name}(times)", f"{quote(times)}: from 0 to 2**31 - 1 walks")
    found: int = _kernel.walks(state.data, state.layout, state.setting.flags, steps, hits, times)
    return found
