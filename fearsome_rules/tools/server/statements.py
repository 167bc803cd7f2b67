"""The statements of the hot path, written once: a game's moving columns, its whole row with
its seats, and the append of an action (SQLite's two statements in one transaction,
PostgreSQL's one), for :class:`~.storage.Store` (through SQLAlchemy) and
:class:`~.direct.Direct` (psycopg's asyncio connections, in the driver's own form)."""

from __future__ import annotations

import json
import time
from typing import Any, Final

from sqlalchemy import text

CHANNEL: Final = "fearsome_rules_actions"
"""The PostgreSQL channel on which a commit announces ``"<game> <seq> <origin>"``: the origin
is the :attr:`~.storage.Store.origin` of the process that committed (before it was sent, the
notice had only the game and the seq)."""

# The hot path's statements, built once (SQLAlchemy caches their compiled form).
_MOVING_SQL = "SELECT seq, turn, outcome, updated, last_state FROM games WHERE id = {game}"
MOVING = text(_MOVING_SQL.format(game=":game"))
MOVING_PG = _MOVING_SQL.format(game="%(game)s")  # the driver's own form (direct.py)
WHOLE = text(
    "SELECT g.players, g.start_player, g.setup, g.options, g.seed, g.seed_hash, g.created, "
    "g.turn_seconds, g.timeout_bot, g.seq, g.turn, g.outcome, g.updated, g.last_state, s.kind, "
    "s.token_hash "
    "FROM games g JOIN seats s ON s.game = g.id WHERE g.id = :game ORDER BY s.seat"
)
SWAP = text(
    "UPDATE games SET seq = :next, turn = :turn, updated = :now, "
    "outcome = COALESCE(:outcome, outcome), finished = COALESCE(:finished, finished), "
    "last_state = COALESCE(:last_state, last_state) "
    "WHERE id = :game AND seq = :seq"
)
INSERT = text(
    "INSERT INTO actions (game, seq, action, command, seat, created) "
    "VALUES (:game, :next, :action, :command, :seat, :now)"
)
# In the driver's own form, the same text for SQLAlchemy's connections and for direct.py's.
APPEND_PG = (
    "WITH moved AS ("
    "UPDATE games SET seq = %(next)s, turn = %(turn)s, updated = %(now)s, "
    "outcome = COALESCE(CAST(%(outcome)s AS TEXT), outcome), "
    "finished = COALESCE(CAST(%(finished)s AS DOUBLE PRECISION), finished), "
    "last_state = COALESCE(CAST(%(last_state)s AS TEXT), last_state) "
    "WHERE id = %(game)s AND seq = %(seq)s RETURNING id), "
    "stored AS (INSERT INTO actions (game, seq, action, command, seat, created) "
    "SELECT id, %(next)s, %(action)s, %(command)s, CAST(%(seat)s AS INTEGER), %(now)s FROM moved "
    "RETURNING seq) "
    "SELECT seq FROM stored"
)
NOTIFY_PG = f"SELECT pg_notify('{CHANNEL}', %(payload)s)"
"""The notice of an append, sent after its commit as a statement of its own. PostgreSQL takes
one lock for the whole database at the commit of a transaction that notifies and holds it
through the commit's flush to disk: sent with the append, the notice made every commit of every
process wait for the one before it to be on disk (seen under load: appends waiting on the lock
while one waited for its flush). A notice alone writes nothing to disk."""


AFTER_PG = (
    "SELECT seq, action, command, seat FROM actions "
    "WHERE game = %(game)s AND seq > %(since)s ORDER BY seq LIMIT %(limit)s"
)
"""The log after a seq (:meth:`~.storage.Store.after`), in the driver's own form."""

_APPENDED: Final = ("game", "seq", "action", "command", "seat", "turn", "outcome", "last_state")


def append_values(origin: str, *args: Any) -> dict[str, Any]:
    """The append's parameters from :meth:`Store.append`'s arguments, in their order, sent by
    the process ``origin``."""
    values: dict[str, Any] = dict.fromkeys(_APPENDED) | dict(zip(_APPENDED, args, strict=False))
    now = time.time()
    outcome = values["outcome"]
    return values | {
        "next": values["seq"] + 1,
        "now": now,
        "outcome": None if outcome is None else json.dumps(outcome),
        "finished": None if outcome is None else now,
        "payload": f"{values['game']} {values['seq'] + 1} {origin}",
    }
