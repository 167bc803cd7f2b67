"""One seeded game of a simulation: the bots of the seats, the game's seed, the game played
to its end, and the small :class:`GameRecord` it comes to.

:class:`Job` is what every game of a simulation shares.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action
from fearsome_rules.core.board import OUT, REMOVED
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import apply, apply_traced, new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState, Phase
from fearsome_rules.tools.bots import Bot, draw_tile, find_bot, random_placement

BotSpec = str | Bot
"""A bot by name (``greedy``, ``random``, ``runner``, ``search``, ``search:200``: see
``bots.find_bot``) or a bot. Bots must be picklable (functions defined at module level, or
instances such as ``bots.SearchBot``) to run in other processes."""

Watch = Callable[[GameState, Action], None]
"""Called with each state of a game and the action about to be carried out in it."""

INSIDE_AT_THE_END = ev.How.INSIDE_AT_END  # figures removed by STAGE-TWO-END


@attrs.frozen
class GameRecord:
    """What one game came to. Per-seat tuples are indexed by seat (0 = A, the start player)."""

    seed: int
    winners: tuple[int, ...]
    """The winning seats: one, none, or all when ``no_escape_result=shared`` and nobody got out."""
    ended_by: str
    """END-WIN, END-ALL-GONE or STAGE-TWO-END."""
    rounds: int
    reveals: int
    """Monster tiles revealed over the whole game."""
    stage: int
    """The stage the game ended in (1 or 2)."""
    eaten_stage1: tuple[int, ...]
    """Figures eaten (or pushed off the board) by the monster in stage 1, per seat; they went
    back to the entrance."""
    eaten_stage2: tuple[int, ...]
    """Figures eaten by the monster in stage 2, per seat; they left the game."""
    inside_at_end: tuple[int, ...]
    """Figures still on the board when stage 2 ran out of tiles (STAGE-TWO-END), per seat."""
    escaped: tuple[int, ...]
    """Figures out through the exit, per seat."""
    in_play: tuple[int, ...]
    """Figures still in play (on the board or waiting) when the game ended, per seat."""
    ranking: tuple[int, ...] = ()
    """The seats best first, as ``fr.outcome`` ranks them (END-WIN, END-MOST)."""


def bot_name(bot: BotSpec) -> str:
    """A bot's name, for the summary: the name it was given as, its ``name`` (a search bot's
    ``search:200``), or its function's ``__name__``."""
    if isinstance(bot, str):
        return bot
    return str(getattr(bot, "name", None) or getattr(bot, "__name__", repr(bot)))


def resolve_bots(bots: BotSpec | Sequence[BotSpec], players: int) -> tuple[Bot, ...]:
    """One bot per seat: a single bot (or a list of one) plays every seat; otherwise give
    exactly one per seat. Raises FearsomeError for an unknown name or a wrong count."""
    specs: list[BotSpec] = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise FearsomeError(
            f"{len(specs)} bots for {players} players: give one bot for every seat, or one for all"
        )
    out: list[Bot] = []
    for spec in specs:
        if isinstance(spec, str):
            out.append(find_bot(spec))
        else:
            out.append(spec)
    return tuple(out)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: a hash of the pair, so
    games are independent of each other and of how they are spread over workers."""
    digest = hashlib.blake2b(f"fearsome-simulate/{seed}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def play_game(
    players: int,
    seed: int,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    options: RuleOptions | None = None,
    setup: str = "basic",
    watch: Watch | None = None,
) -> GameRecord:
    """Play one game to its end and record it. Seat A starts; tiles are drawn, and tiles
    placed in a placement phase, with ``random.Random(seed)``; the same game as
    ``bots.play(new_game(players, 0, options, setup), bots, seed)``. ``watch(state, action)``
    is called before each action is carried out (it must not draw from the game's
    generator)."""
    seat_bots = resolve_bots(bots, players)
    state = new_game(players, 0, options, setup)
    rng = random.Random(seed)
    eaten = [[0] * players, [0] * players]
    inside = [0] * players
    owner = {f.name: f.owner for f in state.figures}
    reveals = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.MONSTER:
            stage = state.stage
            tile = draw_tile(state, rng)
            if watch is not None:
                watch(state, tile)
            state, events = apply_traced(state, tile)
            reveals += 1
            for e in events:
                if isinstance(e, ev.FigureEaten):
                    if e.how == INSIDE_AT_THE_END:
                        inside[owner[e.figure]] += 1
                    else:
                        eaten[stage - 1][owner[e.figure]] += 1
        else:
            placing = state.phase is Phase.PLACEMENT
            action = (
                random_placement(state, rng) if placing else seat_bots[state.to_move](state, rng)
            )
            if watch is not None:
                watch(state, action)
            state = apply(state, action)
    result = outcome(state)
    assert result is not None
    escaped = [0] * players
    in_play = [0] * players
    for f in state.figures:
        if f.where == OUT:
            escaped[f.owner] += 1
        elif f.where != REMOVED:
            in_play[f.owner] += 1
    return GameRecord(
        seed=seed,
        winners=result.winners,
        ended_by=result.rule,
        rounds=state.round,
        reveals=reveals,
        stage=state.stage,
        eaten_stage1=tuple(eaten[0]),
        eaten_stage2=tuple(eaten[1]),
        inside_at_end=tuple(inside),
        escaped=tuple(escaped),
        in_play=tuple(in_play),
        ranking=result.ranking,
    )


@attrs.frozen
class Job:
    """What every game of a simulation shares; sent to the workers with each chunk."""

    players: int
    seed: int
    bots: tuple[BotSpec, ...]
    options: RuleOptions
    setup: str
