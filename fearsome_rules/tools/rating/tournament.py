"""A round-robin tournament between bots: every table of ``players`` different bots from the
list, each in every rotation of its seats, ``games`` seeded games a seating, played through the
simulate tool's executors (so its numbers do not depend on the workers).

A game's result is the engine's ranking (``fr.outcome(state).ranking``: the winner first, then
most figures out, ties to the first to reach the count), except that seats with no figure out
share the last place: the ranking orders them by seat only.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from concurrent.futures import Executor

import attrs

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import new_game
from fearsome_rules.core.layout import SETUPS
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools.bots import find_bot
from fearsome_rules.tools.simulate import GameRecord, Job, Progress, game_seed, run_jobs


@attrs.frozen
class TableGame:
    """One game of a tournament: who sat where, and how they placed."""

    seating: tuple[str, ...]
    """The bot of each seat, seat A (who starts) first."""
    seed: int
    places: tuple[int, ...]
    """Each seat's place, 1 the best; seats with no figure out share the last place."""
    winners: tuple[int, ...]
    """The winning seats (``fr.outcome``): one, or none when nobody got out."""


def places(record: GameRecord) -> tuple[int, ...]:
    """Each seat's place in a game from its ranking; every seat with no figure out shares the
    place after the last seat with one (1 for all when nobody got out)."""
    out = [0] * len(record.ranking)
    place = 1
    for seat in record.ranking:
        if record.escaped[seat] == 0:
            continue
        out[seat] = place
        place += 1
    return tuple(p or place for p in out)


def seatings(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of ``players`` different bots (in the order of ``bots``), each in every
    rotation of its seats, so that every bot sits in every seat equally often."""
    out = []
    for table in itertools.combinations(bots, players):
        for turn in range(players):
            out.append(table[turn:] + table[:turn])
    return out


@attrs.frozen
class Tournament:
    """The games of a round robin, in schedule order: game ``g`` of every seating, then game
    ``g + 1`` (the order the ratings take them in)."""

    players: int
    bots: tuple[str, ...]
    games_per_seating: int
    seed: int
    games: tuple[TableGame, ...]


def check_bots(bots: Sequence[str], players: int) -> tuple[str, ...]:
    """The bots' names as given, each known (``find_bot``), none twice, at least ``players``."""
    names = tuple(b.strip().lower() for b in bots)
    for name in names:
        find_bot(name)
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise FearsomeError(f"a bot is given twice: {', '.join(twice)}")
    if len(names) < players:
        raise FearsomeError(
            f"{len(names)} bots for {players}-player tables: give at least {players}"
        )
    return names


def play_tournament(
    bots: Sequence[str],
    players: int,
    games: int,
    seed: int = 0,
    options: RuleOptions | None = None,
    setup: str = "basic",
    executor: Executor | None = None,
    progress: Progress | None = None,
    *,
    workers: int | None = None,
    chunksize: int | None = None,
) -> Tournament:
    """Play ``games`` games of every seating of ``bots`` at ``players``-player tables.

    The games of seating ``k`` are a simulation seeded ``game_seed(seed, k)`` (game ``i`` of it
    seeded ``game_seed(game_seed(seed, k), i)``); ``executor``, ``workers`` and ``chunksize``
    are those of :func:`~fearsome_rules.tools.simulate.simulate`."""
    opts = RuleOptions() if options is None else options
    names = check_bots(bots, players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise FearsomeError(f"games: {quote(games)}: at least one game a seating")
    if setup not in SETUPS:
        raise FearsomeError(f"setup: {quote(setup)}: one of {', '.join(SETUPS)}")
    new_game(players, 0, opts, setup)  # checks players and options before any work
    tables = seatings(names, players)
    jobs = [
        (Job(players, game_seed(seed, k), table, opts, setup), games)
        for k, table in enumerate(tables)
    ]
    records = run_jobs(jobs, executor, progress, workers, chunksize)
    played = [
        TableGame(table, record.seed, places(record), record.winners)
        for g in range(games)
        for table, rows in zip(tables, records, strict=True)
        for record in rows[g : g + 1]
    ]
    return Tournament(players, names, games, seed, tuple(played))
