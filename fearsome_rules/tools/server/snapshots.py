"""What a server process keeps of the games it served last: their latest states (so that a
request replays only the actions stored since) and their actions as the API shows them, with
their events (which the log no longer stores). Both are exact for good once made: the log of a
game is append-only, so the state after its first ``seq`` actions, and action ``seq`` itself,
never change.
"""

from __future__ import annotations

import json
from typing import Any, Final

import attrs

from fearsome_rules.core.state import GameState
from fearsome_rules.tools.server.lru import Lru

SNAPSHOTS: Final = 4_096
"""Games whose latest state a process keeps."""
TRACED: Final = 1_024
"""Games whose actions a process keeps as the API shows them, with their events (about 47 KB
of JSON a finished game of 4)."""


@attrs.define
class Snapshot:
    """A game's state after its first ``seq`` actions, with its JSON text (encoded once) and
    the mover's legal actions once asked for: the log never changes, so neither do they. A
    finished game read from its stored last state has only its JSON (``state`` None) until
    something replays it (:meth:`Games.state`)."""

    seq: int
    state: GameState | None
    text: str | None = None
    legal: list[str] | None = None


@attrs.frozen
class Shown:
    """An action as the API shows it, ``{"seq", "action", "events"}``, as JSON text: encoded
    once per (game, seq), exact for good since the log is append-only."""

    seq: int
    text: str
    ends: bool
    """Its events end the game."""

    @classmethod
    def of(cls, seq: int, notation: str, events: list[dict[str, Any]]) -> Shown:
        text = json.dumps({"seq": seq, "action": notation, "events": events})
        return cls(seq, text, any(e["type"] == "GameEnded" for e in events))

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.text)
        return found


@attrs.frozen
class Committed:
    """An action just committed by this process: its game, its number, who acts next, and the
    action as the API shows it (so that the live feeds need not read it back)."""

    game: str
    seq: int
    turn: str
    action: Shown


class Traces:
    """The actions of the games this process used last (:data:`TRACED` of them) as the API
    shows them, keyed by game and seq: the events are the replay's output and are no longer
    stored, so each is derived once here (or kept from its commit on this process)."""

    def __init__(self, size: int = TRACED) -> None:
        self.games: Lru[str, dict[int, Shown]] = Lru(size)

    def get(self, game: str, seqs: list[int]) -> dict[int, Shown]:
        known = self.games.get(game)
        return {} if known is None else {s: known[s] for s in seqs if s in known}

    def put(self, game: str, shown: list[Shown]) -> None:
        def add(known: dict[int, Shown] | None) -> dict[int, Shown]:
            return (known or {}) | {one.seq: one for one in shown}

        self.games.update(game, add)


class Snapshots:
    """The latest state of the games this process used last (:data:`SNAPSHOTS` of them), so
    that a request replays only the actions stored since (measured: a GET of a 4-player game
    cost about 5 ms of replay, state JSON and legal actions, most of each request)."""

    def __init__(self, size: int = SNAPSHOTS) -> None:
        self.games: Lru[str, Snapshot] = Lru(size)

    def get(self, game: str) -> Snapshot | None:
        return self.games.get(game)

    def put(self, game: str, snap: Snapshot) -> None:
        """Keep ``snap`` unless a later one of the game is kept already."""
        self.games.update(game, lambda old: snap if old is None or old.seq < snap.seq else old)
