"""Many games and many walks at once, inside the kernel: for search and simulation.

:func:`playouts` plays whole seeded random games from a position with no Python call per
action, and :func:`walks` carries out one monster tile many times; both run in compiled code
in the compiled build. Their random stream is the kernel's own small seeded generator
(xorshift64*), so one seed gives the same games in the pure and the compiled build. The rules
are the kernel's, the very functions :func:`fearsome_rules.apply` calls.
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
    if whole_number(times, "walks(times)") < 0:
        raise ArgumentError("walks(times)", f"{times}: not a number of walks")
    hits: int = _kernel.walks(
        state.data, state.layout, state.setting.flags, TILES.index(tile), times
    )
    return hits
