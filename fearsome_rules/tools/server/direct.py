"""The hot path of a PostgreSQL server on its event loop: a game's moving columns and the
append of an action, sent by psycopg's own asyncio connections (:class:`Direct`), the same
statements as :class:`~.storage.Store` sends through SQLAlchemy on the work threads."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Final

from sqlalchemy.engine import make_url

from fearsome_rules.tools.server.statements import (
    AFTER_PG,
    APPEND_PG,
    MOVING_PG,
    NOTIFY_PG,
    append_values,
)
from fearsome_rules.tools.server.storage import Game, Store, Stored, row_of, unheard

DIRECT: Final = 12
"""PostgreSQL connections a process keeps for :class:`Direct`, the hot path on the event loop
(with the pools of transactions and of reads, 12 and 16, and the feed's connection, two
processes use at most 82 of PostgreSQL's 100)."""


class Direct:
    """PostgreSQL's two statements of a hot request, a game's moving columns and the append,
    sent by psycopg's asyncio connections on the event loop itself: no hand-off to a thread and
    back, no SQLAlchemy layers (measured under load: the hand-offs were a third of the server's
    time). psycopg prepares a statement on a connection after its fifth use. At most
    :data:`DIRECT` connections; one that failed is closed, never used again."""

    def __init__(self, store: Store) -> None:
        self.store = store
        url = make_url(store.url).set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.idle: list[Any] = []
        self.slots: asyncio.Semaphore | None = None

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        import psycopg
        from psycopg.rows import namedtuple_row

        if self.slots is None:
            self.slots = asyncio.Semaphore(DIRECT)
        async with self.slots:
            conn = self.idle.pop() if self.idle else None
            if conn is None:
                conn = await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True, row_factory=namedtuple_row
                )
            try:
                yield conn
            finally:
                if conn.broken or conn.closed:
                    await conn.close()
                else:
                    self.idle.append(conn)

    async def close(self) -> None:
        while self.idle:
            await self.idle.pop().close()

    async def game(self, game: str) -> Game | None:
        """The game's row, as :meth:`Store.game` reads it, for a game whose fixed part this
        process keeps; None for any other (the caller then asks :meth:`Store.game`)."""
        fixed = self.store.known(game)
        if fixed is None:
            return None
        async with self.connection() as conn:
            row = await (await conn.execute(MOVING_PG, {"game": game})).fetchone()
        return None if row is None else row_of(game, fixed, row)

    async def after(self, game: str, since: int, limit: int) -> list[Stored]:
        """:meth:`Store.after`: the actions after number ``since``, in order, at most ``limit``."""
        async with self.connection() as conn:
            values = {"game": game, "since": since, "limit": limit}
            rows = await (await conn.execute(AFTER_PG, values)).fetchall()
        return [Stored(r.seq, r.action, r.command, r.seat) for r in rows]

    async def append(self, *args: Any) -> bool:
        """:meth:`Store.append`, committed by one statement on the event loop, then its notice
        (:data:`~.statements.NOTIFY_PG`)."""
        import psycopg

        values = append_values(self.store.origin, *args)
        async with self.connection() as conn:
            try:
                found = await (await conn.execute(APPEND_PG, values)).fetchone()
            except psycopg.errors.IntegrityError:
                return False  # the (game, seq) key or the command id: another writer's
            if found is None:
                return False
            try:
                await conn.execute(NOTIFY_PG, values)
            except psycopg.Error as e:
                unheard(e)
        return True
