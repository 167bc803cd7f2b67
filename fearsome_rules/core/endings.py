"""How the game ends and who wins: END-WIN, END-MOST, END-NOBODY (the endings themselves,
END-ALL-GONE and STAGE-TWO-END, are decided by the transitions in ``game``)."""

from __future__ import annotations

import attrs

from fearsome_rules.core.state import GameState, Phase, escapes_to_win


@attrs.frozen
class Outcome:
    """How a finished game ended.

    ``rule`` is the ending rule (END-WIN, END-ALL-GONE or STAGE-TWO-END); ``winners`` the
    winning seats (one, none, or all under ``no_escape_result=shared``); ``escaped`` the
    figures out per seat; ``ranking`` the seats best first (most out, then first to reach it).
    """

    rule: str
    winners: tuple[int, ...]
    escaped: tuple[int, ...]
    ranking: tuple[int, ...]


def decided(players: int, escapes: tuple[int, ...]) -> bool:
    """Whether a seat has all but one of its figures out (END-WIN)."""
    need = escapes_to_win(players)
    return any(escapes.count(s) >= need for s in set(escapes))


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
    if state.phase is not Phase.OVER:
        return None
    n = state.players
    need = escapes_to_win(n)
    counts = [0] * n
    reached = [0] * n  # when (index in the escape order) each seat reached its final count
    first_to_win = -1  # END-WIN: the first seat to reach the target wins, whatever came after
    for k, seat in enumerate(state.escapes):
        counts[seat] += 1
        reached[seat] = k
        if counts[seat] == need and first_to_win < 0:
            first_to_win = seat
    ranking = tuple(
        sorted(
            range(n),
            key=lambda s: (s != first_to_win, -counts[s], reached[s] if counts[s] else 0),
        )
    )
    if counts[ranking[0]] == 0:
        winners: tuple[int, ...] = (
            tuple(range(n)) if state.options.no_escape_result == "shared" else ()
        )
    else:
        winners = (ranking[0],)
    return Outcome(state.ended_by, winners, tuple(counts), ranking)
