"""Where the games are kept: an SQLite file or a PostgreSQL database, through SQLAlchemy Core.

:class:`Store` knows rows, not rules: it creates a game's rows, reads a game and its log, and
appends one action with a compare-and-swap on the game's ``seq`` (an ``UPDATE ... WHERE seq =
N`` that one writer wins, then the insert under the ``(game, seq)`` key). Every write is one
transaction, committed before the method returns, so that nothing the caller acknowledges can
be lost. On PostgreSQL the append is one statement (the update, the insert and the notice in
one ``WITH``), so one round trip to the database commits an action.

Reads need no transaction of their own: the log is append-only and a game's ``seq`` moves in
the same transaction as its action, so a reader that saw ``seq = N`` finds actions 1..N
whenever it asks. A game's fixed part (players, setup, seed, seats) never changes once its seats
are all taken, so a process keeps it (:data:`FIXED` games) and reads only the moving columns.

SQLite runs in WAL mode (readers do not wait for the writer) with ``synchronous=FULL`` (a
commit is on disk before it returns) and takes the write lock at the start of a write
(``BEGIN IMMEDIATE``), so that two writers queue instead of failing halfway.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final

import attrs
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, OperationalError
from sqlalchemy.pool import ConnectionPoolEntry

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.tools.server import schema
from fearsome_rules.tools.server.lru import Lru
from fearsome_rules.tools.server.schema import actions, games, seats
from fearsome_rules.tools.server.seats import PERSON
from fearsome_rules.tools.server.statements import (
    APPEND_PG,
    INSERT,
    MOVING,
    NOTIFY_PG,
    SWAP,
    WHOLE,
    append_values,
)

log = logging.getLogger("fearsome_rules.server")

BUSY_MS: Final = 30_000
"""How long an SQLite writer waits for the lock before it gives up."""
FIXED: Final = 65_536
"""Games whose fixed part a process keeps (a few hundred bytes each)."""
POOL: Final = 16
"""Database connections a process keeps open for reads (on SQLite as many more while busy; on
PostgreSQL half and as many more: :mod:`.direct` has the hot path)."""


class _Lost(Exception):
    """The compare-and-swap found another seq: roll the write back."""


class StoreError(FearsomeError):
    """A database URL this server cannot use, or a database it cannot reach."""


@attrs.frozen
class Fixed:
    """What never changes in a game once its seats are taken: kept by each process."""

    players: int
    start_player: int
    setup: str
    options: dict[str, str | bool]
    seed: str
    seed_hash: str
    kinds: tuple[str, ...]
    """Per seat: ``person`` or the name of the bot the server plays."""
    token_hashes: tuple[str | None, ...]
    created: float
    turn_seconds: float | None
    timeout_bot: str | None

    @property
    def settled(self) -> bool:
        """No seat is open any more (an open seat gets its token when someone joins)."""
        seats = zip(self.kinds, self.token_hashes, strict=True)
        return all(h is not None for kind, h in seats if kind == PERSON)


@attrs.frozen
class Game(Fixed):
    """A game's row: how it began and how far it has got."""

    id: str
    seq: int
    turn: str
    outcome: dict[str, Any] | None
    updated: float
    last_state: str | None
    """A finished game's last state JSON, as stored with its last action (none before)."""

    def timing(self) -> dict[str, Any]:
        """The game's time limit, and the deadline of the turn under way (a person's)."""
        limit = self.turn_seconds
        deadline = None
        if self.turn == "person" and limit is not None:
            deadline = self.updated + limit
        return {
            "turn_seconds": limit,
            "deadline": deadline,
            "timeout_bot": self.timeout_bot,
        }


@attrs.frozen
class Stored:
    """One action of the log: its notation and who sent it (its events are the replay's,
    :meth:`~.games.Games.shown`)."""

    seq: int
    action: str
    command: str | None
    seat: int | None


def database_url(url: str) -> str:
    """``url`` with the driver this package uses: ``postgresql://`` means psycopg 3."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(
            f"{quote(url)} is not a database URL: write sqlite:///FILE or "
            "postgresql://USER@HOST/DATABASE"
        ) from None
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.drivername not in ("sqlite", "postgresql+psycopg"):
        raise StoreError(
            f"database {parsed.drivername!r}: this server keeps its games in SQLite "
            "(sqlite:///FILE) or PostgreSQL (postgresql://...)"
        )
    if parsed.drivername == "sqlite" and parsed.database in (None, "", ":memory:"):
        raise StoreError("an SQLite database is a file here: write sqlite:///FILE")
    return parsed.render_as_string(hide_password=False)


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": BUSY_MS / 1000},
        pool_size=POOL,
        max_overflow=POOL,
    )

    @event.listens_for(engine, "connect")
    def _connect(dbapi: Any, _record: ConnectionPoolEntry) -> None:
        # pysqlite's own transactions begin late and never IMMEDIATE: take them over.
        dbapi.isolation_level = None
        cursor = dbapi.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        # A write takes the lock at once; a read of one statement needs no BEGIN at all.
        options = conn.get_execution_options()
        if options.get("write", False):
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif options.get("snapshot", False):
            conn.exec_driver_sql("BEGIN")

    return engine


class Store:
    """The games of one database."""

    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        self.dialect = make_url(self.url).get_backend_name()
        self.fixed: Lru[str, Fixed] = Lru(FIXED)
        self.origin = secrets.token_hex(8)
        """This store's name in its commits' notices (PostgreSQL): its own need no wake-up."""
        self.own: Connection | None = None
        self.own_thread: int | None = None
        self.reader: Engine
        if self.dialect == "sqlite":
            self.engine = _sqlite_engine(self.url)
            self.reader = self.engine
        else:
            # Two pools: transactions (creating a game, the online claims) and statements that
            # stand alone (the reads, the append), whose connections stay in autocommit
            # instead of being switched, a round trip, at each use. No ping before each use
            # (a round trip too): a connection the database dropped fails one request, and
            # SQLAlchemy then replaces the whole pool.
            self.engine = create_engine(self.url, pool_size=POOL // 4, max_overflow=POOL // 2)
            self.reader = create_engine(
                self.url,
                pool_size=POOL // 2,  # the hot path has direct.py's own
                max_overflow=POOL // 2,
                isolation_level="AUTOCOMMIT",
            )
        try:
            with self.writing() as conn:
                schema.migrate(conn)
        except OperationalError as e:
            raise StoreError(f"cannot open the database: {_first_line(e)}") from None

    def close(self) -> None:
        if self.own is not None:
            self.own.close()
        self.engine.dispose()
        self.reader.dispose()

    @property
    def inline(self) -> bool:
        """Reads may run on the event loop's thread: SQLite's are calls into the file that never
        wait for a writer (WAL), cheaper than handing them to another thread; PostgreSQL's wait
        for a round trip."""
        return self.dialect == "sqlite"

    def read_here(self) -> None:
        """Give the calling thread (the event loop's) a connection of its own for its reads, so
        that it never waits for the pool."""
        self.own_thread = threading.get_ident()

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction, committed when the block ends (rolled back on an error)."""
        with self.engine.connect().execution_options(write=True) as conn, conn.begin():
            yield conn

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """One read transaction: a consistent snapshot of the database."""
        with self.engine.connect().execution_options(snapshot=True) as conn, conn.begin():
            yield conn

    @contextmanager
    def quick(self) -> Iterator[Connection]:
        """A connection whose statements each stand alone (no BEGIN, no COMMIT round trips):
        for reads that need no snapshot across statements."""
        if threading.get_ident() == self.own_thread:
            if self.own is None:
                self.own = self.reader.connect()
            try:
                yield self.own
            finally:
                self.own.rollback()  # ends nothing in SQLite: each read stood alone
            return
        with self.reader.connect() as conn:
            yield conn

    def healthy(self) -> bool:
        try:
            with self.reading() as conn:
                conn.execute(text("SELECT 1"))
        except OperationalError:
            return False
        return True

    # --- games -------------------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: int,
        start_player: int,
        setup: str,
        options: dict[str, str | bool],
        seed: str,
        seed_hash: str,
        turn: str,
        kinds: Sequence[str],
        token_hashes: Sequence[str | None],
        online: dict[str, Any] | None = None,
    ) -> None:
        now = time.time()
        with self.writing() as conn:
            conn.execute(
                insert(games).values(
                    id=game,
                    created=now,
                    players=players,
                    start_player=start_player,
                    setup=setup,
                    options=json.dumps(options),
                    seed=seed,
                    seed_hash=seed_hash,
                    seq=0,
                    turn=turn,
                    updated=now,
                    **(online or {}),
                )
            )
            conn.execute(
                insert(seats),
                [
                    {"game": game, "seat": k, "kind": kind, "token_hash": h}
                    for k, (kind, h) in enumerate(zip(kinds, token_hashes, strict=True))
                ],
            )
        fixed = Fixed(
            players=players,
            start_player=start_player,
            setup=setup,
            options=json.loads(json.dumps(options)),  # as a read gives it back
            seed=seed,
            seed_hash=seed_hash,
            kinds=tuple(kinds),
            token_hashes=tuple(token_hashes),
            created=now,
            turn_seconds=(online or {}).get("turn_seconds"),
            timeout_bot=(online or {}).get("timeout_bot"),
        )
        self._keep(game, fixed)  # committed: the game's first reads need no join

    def game(self, game: str, conn: Connection | None = None) -> Game | None:
        """The game's row and seats, or None for an unknown game: one query for a game whose
        fixed part this process knows."""
        if conn is None:
            with self.quick() as c:
                return self.game(game, c)
        fixed = self.known(game)
        if fixed is None:
            return self._first_read(game, conn)
        row = conn.execute(MOVING, {"game": game}).one_or_none()
        if row is None:
            return None
        return row_of(game, fixed, row)

    def known(self, game: str) -> Fixed | None:
        """The game's fixed part, if this process keeps it."""
        return self.fixed.get(game)

    def _first_read(self, game: str, conn: Connection) -> Game | None:
        rows = conn.execute(WHOLE, {"game": game}).all()
        if not rows:
            return None
        row = rows[0]
        fixed = Fixed(
            players=row.players,
            start_player=row.start_player,
            setup=row.setup,
            options=json.loads(row.options),
            seed=row.seed,
            seed_hash=row.seed_hash,
            kinds=tuple(r.kind for r in rows),
            token_hashes=tuple(r.token_hash for r in rows),
            created=row.created,
            turn_seconds=row.turn_seconds,
            timeout_bot=row.timeout_bot,
        )
        self._keep(game, fixed)
        return row_of(game, fixed, row)

    def _keep(self, game: str, fixed: Fixed) -> None:
        if fixed.settled:
            self.fixed.put(game, fixed)

    def log(
        self, game: str, conn: Connection, upto: int | None = None, since: int = 0
    ) -> list[str]:
        """The game's actions in notation, in order (after ``since``, up to ``upto``)."""
        query = select(actions.c.action).where(actions.c.game == game, actions.c.seq > since)
        if upto is not None:
            query = query.where(actions.c.seq <= upto)
        return list(conn.execute(query.order_by(actions.c.seq)).scalars())

    def after(self, game: str, since: int, limit: int | None = None) -> list[Stored]:
        """The actions after number ``since``, in order."""
        with self.quick() as conn:
            return self.after_in(conn, game, since, limit)

    def after_in(
        self, conn: Connection, game: str, since: int, limit: int | None = None
    ) -> list[Stored]:
        query = (
            select(actions.c.seq, actions.c.action, actions.c.command, actions.c.seat)
            .where(actions.c.game == game, actions.c.seq > since)
            .order_by(actions.c.seq)
        )
        if limit is not None:
            query = query.limit(limit)
        return [Stored(*row) for row in conn.execute(query)]

    def command(self, game: str, command: str) -> Stored | None:
        """The action stored for the client's command id, if any."""
        with self.quick() as conn:
            row = conn.execute(
                select(
                    actions.c.seq,
                    actions.c.action,
                    actions.c.command,
                    actions.c.seat,
                ).where(actions.c.game == game, actions.c.command == command)
            ).one_or_none()
        return None if row is None else Stored(*row)

    def append(
        self,
        game: str,
        seq: int,
        action: str,
        command: str | None,
        seat: int | None,
        turn: str,
        outcome: dict[str, Any] | None,
        last_state: str | None = None,
    ) -> bool:
        """Store ``action`` as number ``seq + 1`` if the log still holds ``seq`` actions, and
        commit; False (nothing stored) if another writer got there first. ``last_state``, the
        state JSON after the game's last action, is stored in the same commit."""
        values = append_values(
            self.origin, game, seq, action, command, seat, turn, outcome, last_state
        )
        try:
            if self.dialect == "postgresql":
                # One statement, so one round trip, committed on its own; then, if a row was
                # stored, its notice, on its own too (NOTIFY_PG says why).
                with self.reader.connect() as conn:
                    if conn.exec_driver_sql(APPEND_PG, values).first() is None:
                        return False
                    try:
                        conn.exec_driver_sql(NOTIFY_PG, values)
                    except DBAPIError as e:
                        unheard(e)
                    return True
            with self.writing() as conn:
                if conn.execute(SWAP, values).rowcount != 1:
                    raise _Lost
                conn.execute(INSERT, values)
        except (_Lost, IntegrityError):
            return False  # the seq, the (game, seq) key or the command id: another writer's
        return True

    def owed(self, idle: float) -> list[str]:
        """The games where the server is to act (a tile, a bot) and nothing happened for
        ``idle`` seconds: left so by a server that stopped."""
        with self.reading() as conn:
            return list(
                conn.execute(
                    select(games.c.id).where(
                        games.c.turn == "server", games.c.updated < time.time() - idle
                    )
                ).scalars()
            )

    def count(self) -> int:
        with self.reading() as conn:
            return int(conn.execute(select(func.count()).select_from(games)).scalar_one())


def unheard(e: Exception) -> None:
    """An action committed whose notice failed: the other processes' feeds find it when they
    next read the log (another action of the game, or their poll)."""
    log.warning("an action's notice was not sent (%s); the feeds read it later", _first_line(e))


def row_of(game: str, fixed: Fixed, row: Any) -> Game:
    return Game(
        **attrs.asdict(fixed, recurse=False),
        id=game,
        seq=row.seq,
        turn=row.turn,
        outcome=json.loads(row.outcome) if row.outcome else None,
        updated=row.updated,
        last_state=row.last_state,
    )


def _first_line(e: BaseException) -> str:
    lines = str(getattr(e, "orig", None) or e).strip().splitlines()
    return quote(lines[0] if lines else type(e).__name__, 200).strip("'\"")
