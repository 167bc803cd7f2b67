"""Who wins a finished game: END-WIN, END-MOST, END-NOBODY. The endings themselves (END-WIN,
END-ALL-GONE, STAGE-TWO-END) and the ranking are the kernel's; this module reads them."""

from __future__ import annotations

import attrs

from fearsome_rules.core import _kernel
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState, Phase, Seat, wrong_state


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``rule`` is the ending rule (END-WIN, END-ALL-GONE or STAGE-TWO-END); ``winners`` the
    winning seats (one, none, or all under ``no_escape_result=shared``); ``escaped`` the
    figures out per seat; ``ranking`` the seats best first (most out, then first to reach it).
    """

    rule: str
    winners: tuple[Seat, ...]
    escaped: tuple[int, ...]
    ranking: tuple[Seat, ...]


def outcome(state: GameState) -> Outcome | None:
    """The result of a finished game, or None while it goes on (END-WIN, END-MOST, END-NOBODY).

    >>> import fearsome_rules as fr
    >>> fr.outcome(fr.new_game(2)) is None
    True
    >>> over = fr.position(
    ...     2,
    ...     figures={"A1": "out", "A3": "out", "A4": "out"},  # A has 3 out: A wins at once
    ...     deck_left=["7", "8", "10", "1hit", "2hits"],
    ... )
    >>> fr.outcome(over)
    Outcome(rule='END-WIN', winners=(0,), escaped=(3, 0), ranking=(0, 1))
    """
    if not isinstance(state, GameState):
        raise wrong_state("outcome", state)
    if state.phase is not Phase.OVER:
        return None
    counts = tuple(_kernel.escaped(state.data, seat) for seat in range(state.players))
    return ranked(state.ended_by, counts, tuple(_kernel.ranking(state.data)), state.options)


def ranked(
    rule: str, counts: tuple[int, ...], ranking: tuple[int, ...], options: RuleOptions
) -> Outcome:
    """The outcome of a game ended by ``rule`` with these figures out per seat and this
    ranking: the seat ranked first wins if it got a figure out; if nobody did, nobody wins, or
    every seat shares the result (END-NOBODY, ``no_escape_result``)."""
    if counts[ranking[0]] == 0:
        shared = options.no_escape_result == "shared"
        winners: tuple[int, ...] = tuple(range(len(counts))) if shared else ()
    else:
        winners = (ranking[0],)
    return Outcome(rule, winners, counts, ranking)
