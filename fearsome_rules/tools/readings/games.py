"""Seeded games watched for readings: the simulate tool's game, with every action asked
:func:`~fearsome_rules.tools.readings.detect.readings_that_matter` before it is carried out.

A game here is the very game ``simulate`` plays with the same seed (:func:`play_game` with a
watcher that draws nothing from the game's generator), so the same seeds give the same games,
watched or not, and the games of a reading's paired run differ from them only where the
reading matters.
"""

from __future__ import annotations

from typing import Final

import attrs

from fearsome_rules.core.actions import Action
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.readings.detect import PER_ACTION, readings_that_matter
from fearsome_rules.tools.simulate.game import GameRecord, Job, game_seed, play_game

ACTION_HOWS: Final = frozenset({"result", "refusal", "outcome"})
"""Ways a reading changes the action played (as opposed to the choices offered)."""


@attrs.frozen
class Tally:
    """What one game showed of each option: per option name, the actions at which it
    mattered, those at which it changed the action played, and the first round it mattered."""

    mattered: dict[str, int]
    changed: dict[str, int]
    first_round: dict[str, int]
    actions: int


class Watcher:
    """Counts, action by action, the readings that matter."""

    def __init__(self) -> None:
        self.mattered = dict.fromkeys(PER_ACTION, 0)
        self.changed = dict.fromkeys(PER_ACTION, 0)
        self.first_round: dict[str, int] = {}
        self.actions = 0

    def __call__(self, state: GameState, action: Action) -> None:
        self.actions += 1
        seen: set[str] = set()
        for m in readings_that_matter(state, action):
            if m.option not in seen:
                seen.add(m.option)
                self.mattered[m.option] += 1
                self.first_round.setdefault(m.option, state.round)
            if m.how in ACTION_HOWS:
                self.changed[m.option] += 1

    def tally(self) -> Tally:
        return Tally(dict(self.mattered), dict(self.changed), dict(self.first_round), self.actions)


def play_watched(job: Job, index: int) -> tuple[GameRecord, Tally]:
    """Game ``index`` of ``job`` (seeded as ``simulate`` seeds it), and what it showed."""
    watcher = Watcher()
    record = play_game(
        job.players, game_seed(job.seed, index), job.bots, job.options, job.setup, watch=watcher
    )
    return record, watcher.tally()


def watched_chunk(job: Job, start: int, stop: int) -> list[tuple[GameRecord, Tally]]:
    """Games ``start`` to ``stop - 1`` of ``job``, watched (runs in a worker)."""
    return [play_watched(job, i) for i in range(start, stop)]


@attrs.frozen
class Replay:
    """Some games of a simulation played again under another reading: ``job`` (the same
    players, seed and bots, the other options) and the numbers of the games."""

    job: Job
    games: tuple[int, ...]


def replayed_chunk(replay: Replay, start: int, stop: int) -> list[GameRecord]:
    """Games ``replay.games[start:stop]`` of the replay's job (runs in a worker)."""
    job = replay.job
    return [
        play_game(job.players, game_seed(job.seed, i), job.bots, job.options, job.setup)
        for i in replay.games[start:stop]
    ]
