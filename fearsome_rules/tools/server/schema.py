"""The server's tables, and the list of migrations that builds them in any database it opens.

A game is a row of ``games`` (how it began, its secret seed, how far it has got) and an
append-only log in ``actions``, keyed by ``(game, seq)``: that primary key is what makes two
servers unable to store two actions as the same number. ``seats`` holds the SHA-256 of each
person's token, never the token.

The schema is versioned: ``fr_schema`` holds the number of migrations applied, and
:func:`migrate` applies the missing ones in one transaction (under a lock, so that servers that
start together migrate once). A migration is appended to :data:`MIGRATIONS`, never edited, so
that a database written by any earlier version opens and is brought up to date. The SQL is the
part of the standard that SQLite and PostgreSQL share.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Final

from sqlalchemy import (
    Column,
    Connection,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    text,
)

from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.state import GameState
from fearsome_rules.formats.event_json import outcome_to_json
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import options_from_doc, state_to_json


class SchemaError(FearsomeError):
    """A database this server cannot use: written by a newer version, or not its tables."""


metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("players", Integer, nullable=False),
    Column("start_player", Integer, nullable=False),
    Column("setup", String(16), nullable=False),
    Column("options", Text, nullable=False),  # the record's options object, as JSON
    Column("seed", String(64), nullable=False),  # secret until the game ends
    Column("seed_hash", String(64), nullable=False),
    Column("seq", Integer, nullable=False),  # how many actions the log holds
    Column("turn", String(8), nullable=False),  # who acts next: person, server or over
    Column("updated", Float, nullable=False),
    Column("outcome", Text),  # JSON, once the game is over (migration 2)
    Column("finished", Float),  # when it ended (migration 2)
    # Migration 3 (online play, :mod:`.online`):
    Column("listed", Integer, nullable=False, server_default="0"),  # shown in the lobby
    Column("turn_seconds", Float),  # the time limit of a person's turn; none: no limit
    Column("timeout_bot", String(40)),  # the bot that plays a seat whose time ran out
    Column("claimed_seq", Integer),  # the seq whose deadline a process claimed, and when
    Column("claimed_at", Float),
    # Migration 4: a finished game's last state, so that reading it replays nothing.
    Column("last_state", Text),  # the state JSON, written in the commit of the game's last action
)

seats = Table(
    "seats",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(40), nullable=False),  # person, or the bot the server plays
    Column("token_hash", String(64)),  # SHA-256 of a person's token, hex; none for a bot
)

actions = Table(
    "actions",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", Text, nullable=False),  # the engine's notation
    Column("command", String(128)),  # the client's id for the command; none for the server's
    Column("seat", Integer),  # the seat whose token posted it; none for the server's
    Column("created", Float, nullable=False),
)

webhooks = Table(
    "webhooks",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("url", String(500), nullable=False),  # where the seat is told "your turn"
)

notices = Table(
    "notices",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),  # one notice per turn: the key makes it once
    Column("seat", Integer, nullable=False),
    Column("url", String(500), nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_try", Float),  # none once delivered or given up
    Column("sent", Float),  # when a receiver answered 2xx
)


def _v1(conn: Connection) -> None:
    """The first schema: games, their seats and the log."""
    for statement in (
        """CREATE TABLE games (
            id VARCHAR(32) NOT NULL PRIMARY KEY,
            created DOUBLE PRECISION NOT NULL,
            players INTEGER NOT NULL,
            start_player INTEGER NOT NULL,
            setup VARCHAR(16) NOT NULL,
            options TEXT NOT NULL,
            seed VARCHAR(64) NOT NULL,
            seed_hash VARCHAR(64) NOT NULL,
            seq INTEGER NOT NULL,
            turn VARCHAR(8) NOT NULL,
            updated DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE seats (
            game VARCHAR(32) NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            kind VARCHAR(40) NOT NULL,
            token_hash VARCHAR(64),
            PRIMARY KEY (game, seat))""",
        """CREATE TABLE actions (
            game VARCHAR(32) NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            events TEXT NOT NULL,
            command VARCHAR(128),
            seat INTEGER,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, seq),
            CONSTRAINT actions_command UNIQUE (game, command))""",
        # The games the server owes an action (a tile, a bot's move), found after a restart.
        "CREATE INDEX games_turn ON games (turn, updated)",
    ):
        conn.execute(text(statement))


def _v2(conn: Connection) -> None:
    """The outcome of a finished game and when it ended, stored (for lists of games without a
    replay each); filled in for the games already over."""
    conn.execute(text("ALTER TABLE games ADD COLUMN outcome TEXT"))
    conn.execute(text("ALTER TABLE games ADD COLUMN finished DOUBLE PRECISION"))
    conn.execute(text("CREATE INDEX games_finished ON games (finished)"))
    for game, updated, state in _finished(conn):
        conn.execute(
            text("UPDATE games SET outcome = :o, finished = :f WHERE id = :g"),
            {"o": json.dumps(outcome_to_json(state)), "f": updated, "g": game},
        )


def _finished(conn: Connection) -> Iterator[tuple[str, float, GameState]]:
    """Each finished game's id, when it was last updated, and its last state (replayed)."""
    over = conn.execute(
        text(
            "SELECT id, players, start_player, setup, options, updated FROM games "
            "WHERE turn = 'over'"
        )
    ).all()
    for game, players, start, setup, options, updated in over:
        log = conn.execute(
            text("SELECT action FROM actions WHERE game = :g ORDER BY seq"), {"g": game}
        ).scalars()
        opts = options_from_doc(json.loads(options), "game options")
        yield game, updated, GameRecord(players, start, setup, opts, "", tuple(log)).replay()


def _v3(conn: Connection) -> None:
    """Playing online over days (:mod:`.online`): a game listed in the lobby, its time limit
    per turn and the bot that plays a seat whose time ran out, the deadline's claim (the seq
    it was claimed for and when, so that it fires once with several processes), the seats'
    webhooks and the "your turn" notices owed to them."""
    for statement in (
        "ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN turn_seconds DOUBLE PRECISION",
        "ALTER TABLE games ADD COLUMN timeout_bot VARCHAR(40)",
        "ALTER TABLE games ADD COLUMN claimed_seq INTEGER",
        "ALTER TABLE games ADD COLUMN claimed_at DOUBLE PRECISION",
        "CREATE INDEX games_listed ON games (listed, created)",
        """CREATE TABLE webhooks (
            game VARCHAR(32) NOT NULL REFERENCES games (id),
            seat INTEGER NOT NULL,
            url VARCHAR(500) NOT NULL,
            PRIMARY KEY (game, seat))""",
        """CREATE TABLE notices (
            game VARCHAR(32) NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            url VARCHAR(500) NOT NULL,
            attempts INTEGER NOT NULL,
            next_try DOUBLE PRECISION,
            sent DOUBLE PRECISION,
            PRIMARY KEY (game, seq))""",
        "CREATE INDEX notices_due ON notices (next_try)",
    ):
        conn.execute(text(statement))


def _v4(conn: Connection) -> None:
    """Store less: the log's actions without their events (the replay's output: the server
    derives them again, :meth:`~.games.Games.shown`), and a finished game's last state, so that
    reading a finished game replays nothing; filled in for the games already over (a replay
    each, about 13 ms a game of 4)."""
    conn.execute(text("ALTER TABLE actions DROP COLUMN events"))
    conn.execute(text("ALTER TABLE games ADD COLUMN last_state TEXT"))
    for game, _, state in _finished(conn):
        conn.execute(
            text("UPDATE games SET last_state = :s WHERE id = :g"),
            {"s": json.dumps(state_to_json(state)), "g": game},
        )


MIGRATIONS: Final[tuple[Callable[[Connection], None], ...]] = (_v1, _v2, _v3, _v4)
"""The schema's history, oldest first: never edit one, append a new one."""
LATEST: Final = len(MIGRATIONS)


def version(conn: Connection) -> int:
    """How many migrations the database has had (0 for an empty database)."""
    conn.execute(text("CREATE TABLE IF NOT EXISTS fr_schema (version INTEGER NOT NULL)"))
    found = conn.execute(text("SELECT version FROM fr_schema")).scalars().all()
    if not found:
        conn.execute(text("INSERT INTO fr_schema (version) VALUES (0)"))
        return 0
    return int(found[0])


def migrate(conn: Connection, upto: int = LATEST) -> int:
    """Bring the database to version ``upto`` inside the caller's transaction (which holds the
    lock); the version it had."""
    if conn.dialect.name == "postgresql":  # servers starting together migrate one at a time
        conn.execute(text("SELECT pg_advisory_xact_lock(7301930)"))
    had = version(conn)
    if had > LATEST:
        raise SchemaError(
            f"the database has schema version {had}, written by a newer fearsome-rules; "
            f"this one knows versions up to {LATEST}: upgrade it"
        )
    for step in MIGRATIONS[had:upto]:
        step(conn)
    if upto > had:
        conn.execute(text("UPDATE fr_schema SET version = :v"), {"v": upto})
    return had
